"""Architects' observation and action indices read from the state directly (compiled): the
fast path of ``wonders.envs.architects.ArchitectsCodec``, whose view-based encoder is the
specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games): the public fields, the central deck's top card only for a seat that knows it, and
the cards Halicarnassus looks at only for the seat looking.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from librt.vecs import vec
from mypy_extensions import i64

from wonders.architects.actions import Action
from wonders.architects.cards import ArchitectsWonder
from wonders.architects.state import ArchitectsState
from wonders.core.obsbuf import ActionIndex, Observer, Run, inverse, unknown

PENDING: Final = ("main", "extra", "any", "search", "pick", "babylon")
STAGES: Final = 5
STAGE_AT: Final = [-1, *range(STAGES)]  # stage number (1-5) -> its entry


class Part:
    """What a player's part of every seat's observation (its wonder, stages built and
    buildable, cards by kind, shields, victory tokens, progress tokens and the cat) was
    written from: the state's rows, by identity, and numbers (and the cards' counts by
    the engine's kind: ``counts``)."""

    def __init__(self, kinds: int) -> None:
        self.wonder: ArchitectsWonder | None = None
        self.have: list[int] | None = None
        self.counts: vec[i64] = unknown(kinds)
        self.built: list[int] | None = None
        self.progress: list[str] = []
        self.victory = -1
        self.cat = False


class Twice:
    """Every player's part of one kind (their cities, their decks), in seat order and
    then again (``run``): any seat's order, from that seat round the table, is one slice
    of it (``views``: a memoryview per seat, made once; the run never moves)."""

    def __init__(self, n: int, size: int) -> None:
        self.n = n
        self.size = size
        self.run = Run(2 * n * size)
        whole = memoryview(self.run.bits)
        self.views: list[object] = [whole[s * size : (s + n) * size] for s in range(n)]

    def copy(self, p: int) -> None:
        """Player ``p``'s part, written at its first place, is copied to its second."""
        self.run.copy(p * self.size, (p + self.n) * self.size, self.size)


class ArchitectsObserver(Observer):
    """Offsets, vocabularies and action indices come from the codec (one layout, there).
    ``index_of`` computes an action's index the first time it is seen (-1: none).

    An observation is joined from runs (``core.obsbuf``): the seat's own fields, written at
    every call, then each player's part and each deck's, the same in every seat's
    observation (in the seat's order), each kept and changed in place only where its
    inputs changed. The state's rows (cards, stages, tokens, decks) are never changed in
    place (``ArchitectsState``), so they are compared by identity."""

    def __init__(
        self,
        size: int,
        num_actions: int,
        wonders: dict[str, int],
        kinds: dict[str, int],
        tokens: dict[str, int],
        offsets: dict[str, int],
        players: list[int],
        decks: list[int],
        index_of: Callable[[Action], int],
    ) -> None:
        n = len(players)
        super().__init__(num_actions)
        nk, nw, nt = len(kinds), len(wonders), len(tokens)
        # the layout: the seat's own fields, the public ones, the seat's search, the
        # players' parts, the decks'
        part = decks[0] - players[-1]
        assert players == [players[0] + k * part for k in range(n)]
        assert decks[-1] + 1 + nk == size
        assert offsets["turn"] == 0 and offsets["central_top"] + nk == offsets["token_stack"]
        assert offsets["discard"] + nk == offsets["searching"]
        assert players[0] == offsets["searching"] + nk
        assert part == nw + 2 * STAGES + nk + 2 + nt + 1
        self.pending = {name: k for k, name in enumerate(PENDING)}
        self.wonders = wonders
        self.kinds = kinds
        self.tokens = tokens
        self.index = ActionIndex(index_of)
        self._names: tuple[str, ...] = ()
        self._kind: list[int] = []  # the engine's kind number -> the codec's kind index
        self._source: vec[i64] = vec[i64]()  # the codec's kind index -> the engine's kind
        self._red = 0  # the engine's red kinds, as bits (``1 << kind``)
        # everything before the players' parts (``head``): the seat's own fields, written
        # at every call; the public ones (stack, face-up tokens, discard), changed when
        # they change (compared by value: the state changes them in place); the cards
        # the seat looks at, written when there are some
        self.head = Run(players[0])
        self.o_top = offsets["central_top"]
        self.o_public = offsets["token_stack"]
        self.o_search = offsets["searching"]
        self._stack = -1
        self._face_up: list[str] = []
        self._pile: list[int] = []  # the discard pile by the engine's kind, as written
        self._discard: vec[i64] = unknown(0)  # the same, for ``gather``
        self._searched = False  # whether the search entries are not all 0
        # each player's part and each deck's; the offsets in a part
        self.n = n
        self.part_size = part
        self.o_built = nw
        self.o_next = nw + STAGES
        self.o_have = nw + 2 * STAGES
        self.o_shields = self.o_have + nk
        self.o_tokens = self.o_shields + 2
        self.o_cat = self.o_tokens + nt
        self.parts: list[Part] = []  # each player's, made with the card kinds
        self.cities = Twice(n, part)
        self.decks: list[list[int] | None] = [None] * n  # each deck's row, as written
        self.deck_parts = Twice(n, 1 + nk)  # each deck's size and top card

    def _kinds(self, state: ArchitectsState) -> list[int]:
        names = state.f.names
        if names is not self._names:
            self._names = names
            self._kind = [self.kinds.get(name, -1) for name in names]
            self._source = vec[i64](inverse(self._kind, len(self.kinds)))
            red = 0
            for k in state.f.red_kinds:
                red |= 1 << k
            self._red = red
            # written with the old kinds: written again from nothing
            self._stack = -1
            self._pile = []
            self._discard = unknown(len(names))
            self.parts = [Part(len(names)) for _ in range(self.n)]
            self.cities = Twice(self.n, self.part_size)
            self.decks = [None] * self.n
            self.deck_parts = Twice(self.n, 1 + len(self.kinds))
        return self._kind

    def observe(self, state: ArchitectsState, seat: int) -> bytearray:
        """``seat``'s observation: its float32 bytes, a new bytearray."""
        kind = self._kinds(state)
        nk = len(self.kinds)
        n = state.n
        head = self.head
        mine = not state.over and state.current == seat
        head.set(0, state.turn)
        head.flag(1, mine)
        pending = self.pending
        head.clear(2, len(PENDING))
        if state.current == seat:
            for name in state.queue:
                k = pending.get(name, -1)
                if k >= 0:
                    head.add_one(2 + k)
        at = 2 + len(PENDING)
        head.set(at, state.conflict)
        head.set(at + 1, state.conflict_total)
        central = state.central
        head.set(at + 2, len(central))
        top = -1
        if central and state.knows_top >> seat & 1:
            top = kind[central[-1]]
        head.one_hot(self.o_top, nk, top)
        self._public(state)
        if state.held and seat == state.current:
            head.tally(self.o_search, nk, kind, state.held)
            self._searched = True
        elif self._searched:
            head.clear(self.o_search, nk)
            self._searched = False
        parts, have, built, progress = self.parts, state.have, state.built, state.progress
        victory, wonders = state.victory, state.wonders
        cat_seat = state.cat
        cat = -1 if cat_seat is None else cat_seat
        for p in range(n):
            part = parts[p]
            if not (
                part.have is have[p]
                and part.built is built[p]
                and part.progress is progress[p]
                and part.victory == victory[p]
                and part.cat == (cat == p)
                and part.wonder is wonders[p]
            ):
                self._player(state, p, part, cat == p)
        decks, rows, size = self.decks, state.decks, 1 + nk
        for p in range(n):
            row = rows[p]
            if decks[p] is not row:
                run = self.deck_parts.run
                run.set(p * size, len(row))
                run.one_hot(p * size + 1, nk, kind[row[-1]] if row else -1)
                self.deck_parts.copy(p)
                decks[p] = row
        return self.join((head.out, self.cities.views[seat], self.deck_parts.views[seat]))

    def _public(self, state: ArchitectsState) -> None:
        """The token stack's size, the face-up tokens and the discard pile."""
        head, at = self.head, self.o_public
        stack, face_up, discard = len(state.stack), state.face_up, state.discard
        if self._stack != stack:
            head.set(at, stack)
            self._stack = stack
        if self._face_up != face_up:
            head.recount(at + 1, self.tokens, self._face_up, face_up)
            self._face_up = list(face_up)
        if self._pile != discard:
            head.gather(at + 1 + len(self.tokens), self._source, discard, self._discard)
            self._pile = list(discard)

    def _player(self, state: ArchitectsState, p: int, part: Part, cat: bool) -> None:
        """``p``'s part of every seat's observation, changed where its inputs changed (a
        card taken changes the cards, and the shields if it is red, only)."""
        run = self.cities.run
        o = p * self.part_size
        wonder, have = state.wonders[p], state.have[p]
        built, progress = state.built[p], state.progress[p]
        # the shields count red cards, a shield wonder's stages and progress tokens
        shields = part.progress is not progress
        if part.wonder is not wonder or part.built is not built:
            run.one_hot(o, len(self.wonders), self.wonders.get(wonder.name, -1))
            run.tally(o + self.o_built, STAGES, STAGE_AT, built)
            run.tally(o + self.o_next, STAGES, STAGE_AT, list(state._next_stages(p)))
            shields = True
        if part.have is not have:
            changed = run.gather(o + self.o_have, self._source, have, part.counts)
            shields = shields or changed & self._red != 0
        if part.progress is not progress:
            run.recount(o + self.o_tokens, self.tokens, part.progress, progress)
        if shields:
            run.set(o + self.o_shields, state.shields(p))
        run.set(o + self.o_shields + 1, state.victory[p])
        run.flag(o + self.o_cat, cat)
        self.cities.copy(p)
        part.wonder = wonder
        part.have = have
        part.built = built
        part.progress = progress
        part.victory = state.victory[p]
        part.cat = cat

    def indices(self, actions: list[Action], seat: int) -> list[int]:
        """Each action's index (-1 if the encoding cannot express it)."""
        return self.index.indices(actions)

    def find(self, a: Any, seat: int) -> object:
        """``a``'s index (the same for every seat; typed as ``Observer.find`` is, so the
        call needs no glue)."""
        return self.index.find(a)
