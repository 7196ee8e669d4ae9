"""Duel's observation and action indices read from the state directly (compiled): the fast
path of ``wonders.envs.duel.DuelCodec``, whose view-based encoder is the specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games): the public fields, the face-up places of the structure, and the Great Library's
tokens only for the seat choosing among them.
"""

from __future__ import annotations

from wonders.core.obsbuf import Entries, Packed
from wonders.duel.actions import Action
from wonders.duel.state import DuelState

PHASES = ("draft", "play")
PENDING = ("token", "library", "destroy", "discard_build", "start")
SYMBOLS = ("globe", "law", "mortar", "plumb", "quill", "sundial", "wheel")
CARD_KINDS = ("build", "sell", "destroy", "discard_build")
PLACES = 20


class DuelObserver:
    """Offsets and vocabularies come from the codec (one layout, defined there)."""

    def __init__(
        self,
        size: int,
        cards: dict[str, int],
        wonders: dict[str, int],
        tokens: dict[str, int],
        offsets: dict[str, int],
        players: list[int],
    ) -> None:
        self.size = size
        self.entries = Entries(size)
        self.cards = cards
        self.wonders = wonders
        self.tokens = tokens
        self.o_phase = offsets["phase"]
        self.o_age = offsets["age"]
        self.o_mine = offsets["my_turn"]
        self.o_pending = offsets["pending"]
        self.o_library = offsets["library"]
        self.o_military = offsets["military"]
        self.o_mtokens = offsets["military_tokens"]
        self.o_structure = offsets["structure"]
        self.o_taken = offsets["structure_taken"]
        self.o_face_up = offsets["structure_face_up"]
        self.o_accessible = offsets["structure_accessible"]
        self.o_discard = offsets["discard"]
        self.o_board = offsets["board_tokens"]
        self.o_offer = offsets["offer"]
        self.o_gone = offsets["gone_wonders"]
        self.o_players = players
        self.pick_base = offsets["pick_wonder"]
        self.token_base = offsets["token"]
        self.start_base = offsets["start"]
        self.card_base = offsets["cards"]
        self.per_card = len(CARD_KINDS) + len(wonders)
        # each action value's index (actions are immutable values, a bounded set); the
        # start actions' depend on the seat, so they are not kept
        self._memo: dict[Action, int] = {}

    def observe(self, state: DuelState, seat: int) -> Packed:
        """``seat``'s observation (``core.obsbuf``: packed entries)."""
        buf = self.entries
        buf.start()
        phase = state.phase
        if phase == "draft":
            buf.add(self.o_phase)
        elif phase == "play":
            buf.add(self.o_phase + 1)
        buf.put(self.o_age, state.age)
        if seat in state.to_move():
            buf.put(self.o_mine, 1)
        if state.pending:
            kind = str(state.pending[0][0])
            owner = int(state.pending[0][1])
            if kind in PENDING:
                buf.add(self.o_pending + PENDING.index(kind))
            if kind == "library" and owner == seat:
                buf.count(self.o_library, self.tokens, list(state.pending[0][2]))
        toward = state.military.position * (1 if seat == 0 else -1)
        if toward > 0:
            buf.put(self.o_military, toward)
        elif toward < 0:
            buf.put(self.o_military + 1, -toward)
        for owner, value in state.military.tokens:
            side = 0 if owner != seat else 2
            buf.put(self.o_mtokens + side + (0 if value < 5 else 1), 1)
        for p in (0, 1):
            self._player(state, p, self.o_players[0 if p == seat else 1], buf)
        structure = state.structure
        if structure is not None and phase != "draft":
            nc = len(self.cards)
            open_places = structure.open_places()
            cards = structure.cards
            face_up = structure.face_up
            for k in range(min(PLACES, len(cards))):
                card = cards[k]
                if card is None:
                    buf.add(self.o_taken + k)
                if face_up[k]:
                    buf.add(self.o_face_up + k)
                    if card is not None:
                        c = self.cards.get(card, -1)
                        if c >= 0:
                            buf.add(self.o_structure + k * nc + c)
                if k in open_places:
                    buf.add(self.o_accessible + k)
        buf.count(self.o_discard, self.cards, state.discard)
        buf.count(self.o_board, self.tokens, state.board_tokens)
        buf.count(self.o_offer, self.wonders, state.offer)
        buf.count(self.o_gone, self.wonders, state.gone_wonders)
        return buf.pack()

    def _player(self, state: DuelState, p: int, base: int, buf: Entries) -> None:
        city = state.cities[p]
        nc, nw = len(self.cards), len(self.wonders)
        buf.put(base, city.coins)
        buf.put(base + 1, state.points(p))
        b = base + 2
        buf.count(b, self.cards, city.cards)
        b += nc
        buf.count(b, self.wonders, city.wonders)
        buf.count(b + nw, self.wonders, list(city.built))
        b += 2 * nw
        buf.count(b, self.tokens, city.tokens)
        b += len(self.tokens)
        for symbol, n in city.science.items():
            if symbol in SYMBOLS:
                buf.put(b + SYMBOLS.index(symbol), n)

    def indices(self, actions: list[Action], seat: int) -> list[int]:
        """Each action's index (-1 if the encoding cannot express it)."""
        memo = self._memo
        out: list[int] = []
        for a in actions:
            i = memo.get(a)
            if i is None:
                i = self._index(a, seat)
                if a.kind != "start":
                    memo[a] = i
            out.append(i)
        return out

    def _index(self, a: Action, seat: int) -> int:
        kind = a.kind
        if kind == "pick_wonder":
            w = self.wonders.get(a.wonder, -1)
            return -1 if w < 0 else self.pick_base + w
        if kind == "token":
            t = self.tokens.get(a.token, -1)
            return -1 if t < 0 else self.token_base + t
        if kind == "start":
            return self.start_base + (0 if a.seat == seat else 1)
        c = self.cards.get(a.card, -1)
        if c < 0:
            return -1
        base = self.card_base + c * self.per_card
        if kind == "wonder":
            w = self.wonders.get(a.wonder, -1)
            return -1 if w < 0 else base + len(CARD_KINDS) + w
        if kind in CARD_KINDS:
            return base + CARD_KINDS.index(kind)
        return -1
