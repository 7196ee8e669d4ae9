"""Duel's observation and action indices read from the state directly (compiled): the fast
path of ``wonders.envs.duel.DuelCodec``, whose view-based encoder is the specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games): the public fields, the face-up places of the structure, and the Great Library's
tokens only for the seat choosing among them.
"""

from __future__ import annotations

from wonders.core.obsbuf import Dense, Observer
from wonders.duel.actions import Action
from wonders.duel.state import DuelState

PHASES = ("draft", "play")
PENDING = ("token", "library", "destroy", "discard_build", "start")
SYMBOLS = ("globe", "law", "mortar", "plumb", "quill", "sundial", "wheel")
CARD_KINDS = ("build", "sell", "destroy", "discard_build")
PLACES = 20


class DuelObserver(Observer):
    """Offsets and vocabularies come from the codec (one layout, defined there)."""

    def __init__(
        self,
        size: int,
        num_actions: int,
        cards: dict[str, int],
        wonders: dict[str, int],
        tokens: dict[str, int],
        offsets: dict[str, int],
        players: list[int],
    ) -> None:
        super().__init__(num_actions)
        self.dense = [Dense(size) for _ in range(len(players))]
        # each player's part (the same in both seats' observations, one after the other)
        part = players[1] - players[0]
        self.parts = [Dense(part), Dense(part)]
        # each seat's structure as its buffer shows it: the places' cards and face-up flags
        self._places: list[list[str | None]] = [[], []]
        self._face_up: list[list[bool]] = [[], []]
        self.places = list(range(PLACES))
        self.symbols = {symbol: k for k, symbol in enumerate(SYMBOLS)}
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

    def observe(self, state: DuelState, seat: int) -> bytearray:
        """``seat``'s observation (``core.obsbuf.Dense``: the seat's float32 buffer, kept
        and written again; the caller copies it)."""
        buf = self.dense[seat]
        phase = state.phase
        buf.one(self.o_phase, 0 if phase == "draft" else 1 if phase == "play" else -1)
        buf.put(self.o_age, state.age)
        buf.put(self.o_mine, 1 if seat in state.to_move() else 0)
        pending = -1
        library: list[str] = []
        if state.pending:
            kind = str(state.pending[0][0])
            if kind in PENDING:
                pending = PENDING.index(kind)
            if kind == "library" and int(state.pending[0][1]) == seat:
                library = list(state.pending[0][2])
        buf.one(self.o_pending, pending)
        buf.count(self.o_library, self.tokens, library)
        toward = state.military.position * (1 if seat == 0 else -1)
        buf.put(self.o_military, toward if toward > 0 else 0)
        buf.put(self.o_military + 1, -toward if toward < 0 else 0)
        tokens = [0, 0, 0, 0]
        for owner, value in state.military.tokens:
            tokens[(0 if owner != seat else 2) + (0 if value < 5 else 1)] = 1
        for k in range(4):
            buf.put(self.o_mtokens + k, tokens[k])
        for p in (0, 1):
            buf.paste(self.o_players[0 if p == seat else 1], self._player(state, p))
        structure = state.structure
        if structure is not None and phase != "draft":
            self._structure(seat, structure.cards, structure.face_up, buf)
            buf.tally(self.o_accessible, self.places, structure.open_places())
        else:
            self._structure(seat, [], [], buf)
            buf.tally(self.o_accessible, self.places, [])
        buf.count(self.o_discard, self.cards, state.discard)
        buf.count(self.o_board, self.tokens, state.board_tokens)
        buf.count(self.o_offer, self.wonders, state.offer)
        buf.count(self.o_gone, self.wonders, state.gone_wonders)
        return bytearray(buf.buf)

    def _structure(
        self, seat: int, cards: list[str | None], face_up: list[bool], buf: Dense
    ) -> None:
        """The structure's places: taken, face up, and the card of a face-up place, written
        where a place changed since the seat's last observation (``[]``: no structure)."""
        old_cards, old_up = self._places[seat], self._face_up[seat]
        if old_cards == cards and old_up == face_up:
            return
        nc = len(self.cards)
        shown = min(PLACES, len(cards))
        known = len(old_cards)
        for k in range(max(shown, known)):
            taken = False
            up = False
            c = -1
            if k < shown:
                card = cards[k]
                up = face_up[k]
                if k < known and old_cards[k] == card and old_up[k] == up:
                    continue
                if card is None:
                    taken = True
                elif up:
                    c = self.cards.get(card, -1)
            buf.put(self.o_taken + k, 1 if taken else 0)
            buf.put(self.o_face_up + k, 1 if up else 0)
            buf.one(self.o_structure + k * nc, c)
        self._places[seat] = cards[:shown]
        self._face_up[seat] = face_up[:shown]

    def _player(self, state: DuelState, p: int) -> Dense:
        """``p``'s part of both seats' observations, written in ``p``'s own buffer."""
        part = self.parts[p]
        city = state.cities[p]
        nc, nw = len(self.cards), len(self.wonders)
        part.put(0, city.coins)
        part.put(1, state.points(p))
        b = 2
        part.count(b, self.cards, city.cards)
        b += nc
        part.count(b, self.wonders, city.wonders)
        part.count(b + nw, self.wonders, list(city.built))
        b += 2 * nw
        part.count(b, self.tokens, city.tokens)
        b += len(self.tokens)
        part.table(b, self.symbols, city.science)
        return part

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
