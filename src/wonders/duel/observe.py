"""Duel's observation and action indices read from the state directly (compiled): the fast
path of ``wonders.envs.duel.DuelCodec``, whose view-based encoder is the specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games): the public fields, the face-up places of the structure, and the Great Library's
tokens only for the seat choosing among them.
"""

from __future__ import annotations

from typing import Any, Final, cast

from wonders.core.obsbuf import Observer, Pile, Run
from wonders.duel.actions import Action
from wonders.duel.state import DuelState

PENDING: Final = ("token", "library", "destroy", "discard_build", "start")
SYMBOLS: Final = ("globe", "law", "mortar", "plumb", "quill", "sundial", "wheel")
CARD_KINDS: Final = ("build", "sell", "destroy", "discard_build")
PLACES: Final = 20


class PlayerPart:
    """A player's part of both seats' observations, in three runs, each kept with the
    inputs it was written from (compared by value: the state changes its lists in place):
    its coins and points (``numbers``), its cards (``cards``), and its wonders, built
    wonders, tokens and science symbols (``rest``): most steps change only the first."""

    def __init__(self, cards: dict[str, int], wonders: int, tokens: int) -> None:
        self.numbers = Run(2)
        self.coins = -1
        self.points = -1
        self.cards = Pile(cards)
        self.rest = Run(2 * wonders + tokens + len(SYMBOLS))
        self.wonders: list[str] = []
        self.built: dict[str, str] = {}
        self.tokens: list[str] = []
        self.science: dict[str, int] | None = None


class DuelObserver(Observer):
    """Offsets and vocabularies come from the codec (one layout, defined there).

    An observation is joined from runs (``core.obsbuf.Run``, each changed in place where
    its inputs changed): the seat's own fields, written at every call; each player's part;
    the structure's places (the card if face up, taken, face up, accessible), one run for
    both seats where only the places that changed are written (a take changes one to
    three of its 20 places of 73 cards); and the piles (discard, board tokens, offer, the
    Great Library's tokens to its chooser, wonders out)."""

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
        nc, nw, nt = len(cards), len(wonders), len(tokens)
        # the layout the runs are joined in (the codec's order)
        part = 2 + nc + 2 * nw + nt + len(SYMBOLS)
        o = offsets
        assert o["phase"] == 0 and o["my_turn"] == 3 and o["military_tokens"] == 11
        assert players == [15, 15 + part] and o["structure"] == 15 + 2 * part
        assert o["structure_accessible"] + PLACES == o["discard"]
        assert o["board_tokens"] == o["discard"] + nc and o["offer"] == o["board_tokens"] + nt
        assert o["library"] == o["offer"] + nw and o["gone_wonders"] == o["library"] + nt
        assert size == o["gone_wonders"] + nw
        self.cards = cards
        self.wonders = wonders
        self.tokens = tokens
        self.symbols = {symbol: k for k, symbol in enumerate(SYMBOLS)}
        self.o_structure = offsets["structure"]
        self.o_taken = offsets["structure_taken"] - self.o_structure
        self.o_face_up = offsets["structure_face_up"] - self.o_structure
        self.o_accessible = offsets["structure_accessible"] - self.o_structure
        self.o_discard = offsets["discard"]
        self.parts = [PlayerPart(cards, nw, nt), PlayerPart(cards, nw, nt)]
        self.header = Run(players[0])  # the seat's own fields
        self.discard = Pile(cards)
        self.board = Pile(tokens)
        self.offer = Pile(wonders)
        self.library = Pile(tokens)
        self.gone = Pile(wonders)
        # the structure as the sheet shows it: each place's card (None: taken; "": no
        # structure) and face, and the accessible places
        self.sheet = Run(self.o_discard - self.o_structure)
        self.seen: list[str | None] = [""] * PLACES
        self.seen_up = [False] * PLACES
        self.accessible: list[int] = []
        self.pick_base = offsets["pick_wonder"]
        self.token_base = offsets["token"]
        self.start_base = offsets["start"]
        self.card_base = offsets["cards"]
        self.per_card = len(CARD_KINDS) + len(wonders)
        # each action value's index, per seat (a bounded set; by value: hashing Duel's
        # actions costs less than boxing their ids)
        self.memo: list[dict[Action, Any]] = [{}, {}]  # an index: its int object

    def observe(self, state: DuelState, seat: int) -> bytearray:
        """``seat``'s observation: its float32 bytes, a new bytearray."""
        head = self.header
        phase = state.phase
        head.one_hot(0, 2, 0 if phase == "draft" else 1 if phase == "play" else -1)
        head.set(2, state.age)
        head.flag(3, state._mover() == seat)  # to_move() without its list
        pending = -1
        library: list[str] = []
        if state.pending:
            first = state.pending[0]
            kind = str(first[0])
            if kind in PENDING:
                pending = PENDING.index(kind)
            if kind == "library" and int(first[1]) == seat:
                library = list(first[2])
        head.one_hot(4, len(PENDING), pending)
        toward = state.military.position * (1 if seat == 0 else -1)
        head.set(9, toward if toward > 0 else 0)
        head.set(10, -toward if toward < 0 else 0)
        head.clear(11, 4)  # the opponent's tokens at 3 and 6 spaces, the seat's at 3 and 6
        for owner, value in state.military.tokens:
            head.flag(11 + (0 if owner != seat else 2) + (0 if value < 5 else 1), True)
        runs: list[Any] = [head.out]
        self._part(state, seat, runs)
        self._part(state, 1 - seat, runs)
        structure = state.structure
        if structure is not None and phase != "draft":
            self._structure(structure.cards, structure.face_up, structure.open_places())
        else:
            self._structure([], [], [])
        runs.append(self.sheet.out)
        runs.append(self.discard.of(state.discard))
        runs.append(self.board.of(state.board_tokens))
        runs.append(self.offer.of(state.offer))
        runs.append(self.library.of(library))
        runs.append(self.gone.of(state.gone_wonders))
        return self.join(runs)

    def _part(self, state: DuelState, p: int, runs: list[Any]) -> None:
        """``p``'s part's runs, added to ``runs`` (each changed where its inputs
        changed)."""
        part = self.parts[p]
        city = state.cities[p]
        points = state.points(p)
        if part.coins != city.coins or part.points != points:
            part.numbers.set(0, city.coins)
            part.numbers.set(1, points)
            part.coins = city.coins
            part.points = points
        runs.append(part.numbers.out)
        runs.append(part.cards.of(city.cards))
        rest = part.rest
        nw = len(self.wonders)
        if part.wonders != city.wonders:
            rest.recount(0, self.wonders, part.wonders, city.wonders)
            part.wonders = list(city.wonders)
        if part.built != city.built:
            rest.recount(nw, self.wonders, list(part.built), list(city.built))
            part.built = dict(city.built)
        if part.tokens != city.tokens:
            rest.recount(2 * nw, self.tokens, part.tokens, city.tokens)
            part.tokens = list(city.tokens)
        if part.science != city.science:
            science = [0] * len(SYMBOLS)
            for symbol, n in city.science.items():
                k = self.symbols.get(symbol, -1)
                if k >= 0:
                    science[k] = n
            rest.values(2 * nw + len(self.tokens), science)
            part.science = dict(city.science)
        runs.append(rest.out)

    def _structure(self, cards: list[str | None], face_up: list[bool], open_: list[int]) -> None:
        """The sheet shows these places (``[]``: no structure): only the places whose card
        or face changed since the sheet last showed them are written.

        A take changes the place taken (accessible before) and the places it uncovers
        (accessible now): those are looked at first, and the others only if the places
        still differ from what the sheet shows (another Age, another game's state)."""
        if len(cards) == PLACES:
            for k in self.accessible:
                self._place(k, cards[k], face_up[k])
            for k in open_:
                self._place(k, cards[k], face_up[k])
            if cards != self.seen or face_up != self.seen_up:
                for k in range(PLACES):
                    self._place(k, cards[k], face_up[k])
        else:
            shown = min(PLACES, len(cards))
            for k in range(PLACES):
                if k < shown:
                    self._place(k, cards[k], face_up[k])
                else:
                    self._place(k, "", False)  # no place: no structure
        if open_ != self.accessible:
            sheet = self.sheet
            for k in self.accessible:
                sheet.flag(self.o_accessible + k, False)
            for k in open_:
                if k < PLACES:
                    sheet.flag(self.o_accessible + k, True)
            self.accessible = list(open_)

    def _place(self, k: int, held: str | None, up: bool) -> None:
        """Place ``k`` shows ``held`` (None: taken; "": no structure), face up or not."""
        before = self.seen[k]
        was_up = self.seen_up[k]
        if held is before and up == was_up:
            return
        sheet = self.sheet
        if (held is None) != (before is None):
            sheet.flag(self.o_taken + k, held is None)
        if up != was_up:
            sheet.flag(self.o_face_up + k, up)
        old = self._shown(before, was_up)
        new = self._shown(held, up)
        if old != new:
            nc = len(self.cards)
            if old >= 0:
                sheet.flag(k * nc + old, False)
            if new >= 0:
                sheet.flag(k * nc + new, True)
        self.seen[k] = held
        self.seen_up[k] = up

    def _shown(self, card: str | None, up: bool) -> int:
        """The card a place shows (its index; -1: none)."""
        if card is None or not up:
            return -1
        return self.cards.get(card, -1)

    def find(self, a: Any, seat: int) -> object:
        """``a``'s index for ``seat``, as the memo's int object (computed once; typed as
        ``Observer.find`` is, so the call needs no glue)."""
        memo = self.memo[seat]
        found: object = memo.get(a)
        if found is None:
            found = memo[a] = self._index(a, seat)
        return found

    def indices(self, actions: list[Action], seat: int) -> list[int]:
        """Each action's index (-1 if the encoding cannot express it)."""
        return [cast(int, self.find(a, seat)) for a in actions]

    def _index(self, a: Action, seat: int) -> int:
        """``a``'s index for ``seat`` (computed once per action value and seat: ``memo``)."""
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
