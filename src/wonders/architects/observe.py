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

from wonders.architects.actions import Action
from wonders.architects.cards import ArchitectsWonder
from wonders.architects.state import ArchitectsState
from wonders.core.obsbuf import ZEROS, ActionIndex, Observer, Run, inverse

PENDING: Final = ("main", "extra", "any", "search", "pick", "babylon")
STAGES: Final = 5
STAGE_AT: Final = [-1, *range(STAGES)]  # stage number (1-5) -> its entry


class Part:
    """What a player's part of every seat's observation (its wonder, stages built and
    buildable, cards by kind, shields, victory tokens, progress tokens and the cat) was
    written from: the state's rows, by identity, and numbers."""

    def __init__(self) -> None:
        self.wonder: ArchitectsWonder | None = None
        self.have: list[int] | None = None
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
        self._source: list[int] = []  # the codec's kind index -> the engine's kind number
        # the seat's own fields before the public ones, written at every call
        self.own = Run(offsets["token_stack"])
        self.o_top = offsets["central_top"]
        # the public fields (stack, face-up tokens, discard), changed when they change
        # (compared by value: the state changes them in place)
        self.public = Run(1 + nt + nk)
        self._stack = -1
        self._face_up: list[str] = []
        self._discard: list[int] = []
        self.search = Run(nk)  # the cards the seat looks at, written when there are some
        # each player's part and each deck's; the offsets in a part
        self.n = n
        self.part_size = part
        self.o_built = nw
        self.o_next = nw + STAGES
        self.o_have = nw + 2 * STAGES
        self.o_shields = self.o_have + nk
        self.o_tokens = self.o_shields + 2
        self.o_cat = self.o_tokens + nt
        self.parts = [Part() for _ in range(n)]
        self.cities = Twice(n, part)
        self.decks: list[list[int] | None] = [None] * n  # each deck's row, as written
        self.deck_parts = Twice(n, 1 + nk)  # each deck's size and top card

    def _kinds(self, state: ArchitectsState) -> list[int]:
        names = state.f.names
        if names is not self._names:
            self._names = names
            self._kind = [self.kinds.get(name, -1) for name in names]
            self._source = inverse(self._kind, len(self.kinds))
            # written with the old kinds: written again from nothing
            self._stack = -1
            self._discard = []
            self.parts = [Part() for _ in self.parts]
            self.cities = Twice(self.n, self.part_size)
            self.decks = [None] * self.n
            self.deck_parts = Twice(self.n, 1 + len(self.kinds))
        return self._kind

    def observe(self, state: ArchitectsState, seat: int) -> bytearray:
        """``seat``'s observation: its float32 bytes, a new bytearray."""
        kind = self._kinds(state)
        nk = len(self.kinds)
        n = state.n
        own = self.own
        mine = not state.over and state.current == seat
        own.set(0, state.turn)
        own.flag(1, mine)
        pending = self.pending
        own.clear(2, len(PENDING))
        if state.current == seat:
            for name in state.queue:
                k = pending.get(name, -1)
                if k >= 0:
                    own.add_one(2 + k)
        at = 2 + len(PENDING)
        own.set(at, state.conflict)
        own.set(at + 1, state.conflict_total)
        central = state.central
        own.set(at + 2, len(central))
        top = -1
        if central and state.knows_top >> seat & 1:
            top = kind[central[-1]]
        own.one_hot(self.o_top, nk, top)
        runs: list[Any] = [own.out, self._public(state)]
        if state.held and seat == state.current:
            self.search.tally(0, nk, kind, state.held)
            runs.append(self.search.out)
        else:
            runs.append(ZEROS[nk])
        parts, have, built, progress = self.parts, state.have, state.built, state.progress
        victory, wonders, cat = state.victory, state.wonders, state.cat
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
                self._player(state, p, part)
        runs.append(self.cities.views[seat])
        decks, rows, size = self.decks, state.decks, 1 + nk
        for p in range(n):
            row = rows[p]
            if decks[p] is not row:
                run = self.deck_parts.run
                run.set(p * size, len(row))
                run.one_hot(p * size + 1, nk, kind[row[-1]] if row else -1)
                self.deck_parts.copy(p)
                decks[p] = row
        runs.append(self.deck_parts.views[seat])
        return bytearray().join(runs)

    def _public(self, state: ArchitectsState) -> object:
        """The token stack's size, the face-up tokens and the discard pile."""
        public = self.public
        stack, face_up, discard = len(state.stack), state.face_up, state.discard
        if self._stack != stack:
            public.set(0, stack)
            self._stack = stack
        if self._face_up != face_up:
            public.recount(1, self.tokens, self._face_up, face_up)
            self._face_up = list(face_up)
        if self._discard != discard:
            public.gather(1 + len(self.tokens), self._source, discard)
            self._discard = list(discard)
        return public.out

    def _player(self, state: ArchitectsState, p: int, part: Part) -> None:
        """``p``'s part of every seat's observation, changed where its inputs changed (a
        card taken changes the cards and shields only)."""
        run = self.cities.run
        o = p * self.part_size
        wonder, have = state.wonders[p], state.have[p]
        built, progress = state.built[p], state.progress[p]
        cat = state.cat == p
        if part.wonder is not wonder or part.built is not built:
            run.one_hot(o, len(self.wonders), self.wonders.get(wonder.name, -1))
            run.tally(o + self.o_built, STAGES, STAGE_AT, built)
            run.tally(o + self.o_next, STAGES, STAGE_AT, list(state._next_stages(p)))
        if part.have is not have:
            run.gather(o + self.o_have, self._source, have, part.have)
        if part.progress is not progress:
            run.recount(o + self.o_tokens, self.tokens, part.progress, progress)
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

    def find(self, a: Action, seat: int) -> object:
        """``a``'s index (the same for every seat)."""
        return self.index.find(a)
