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
    """A player's part of every seat's observation (``run``: its wonder, stages built and
    buildable, cards by kind, shields, victory tokens, progress tokens and the cat) and
    the inputs it was written from: the state's rows, by identity, and numbers."""

    def __init__(self, size: int) -> None:
        self.run = Run(size)
        self.wonder: ArchitectsWonder | None = None
        self.have: list[int] | None = None
        self.built: list[int] | None = None
        self.progress: list[str] = []
        self.victory = -1
        self.cat = False


class DeckPart:
    """A deck's part of every seat's observation: its size and top card (``run``), written
    from ``row`` (by identity)."""

    def __init__(self, kinds: int) -> None:
        self.run = Run(1 + kinds)
        self.row: list[int] | None = None

    def write(self, row: list[int], kind: list[int], kinds: int) -> None:
        self.run.set(0, len(row))
        self.run.one_hot(1, kinds, kind[row[-1]] if row else -1)
        self.row = row


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
        self.part_size = part
        self.o_built = nw
        self.o_next = nw + STAGES
        self.o_have = nw + 2 * STAGES
        self.o_shields = self.o_have + nk
        self.o_tokens = self.o_shields + 2
        self.o_cat = self.o_tokens + nt
        self.parts = [Part(part) for _ in range(n)]
        self.decks = [DeckPart(nk) for _ in range(n)]

    def _kinds(self, state: ArchitectsState) -> list[int]:
        names = state.f.names
        if names is not self._names:
            self._names = names
            self._kind = [self.kinds.get(name, -1) for name in names]
            self._source = inverse(self._kind, len(self.kinds))
            # written with the old kinds
            self._stack = -1
            self.parts = [Part(self.part_size) for _ in self.parts]
            self.decks = [DeckPart(len(self.kinds)) for _ in self.decks]
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
                    own.set(2 + k, own.get(2 + k) + 1)
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
        for r in range(n):
            p = (seat + r) % n
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
            runs.append(part.run.out)
        decks, rows = self.decks, state.decks
        for r in range(n):
            p = (seat + r) % n
            deck = decks[p]
            if deck.row is not rows[p]:
                deck.write(rows[p], kind, nk)
            runs.append(deck.run.out)
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
        run = part.run
        wonder, have = state.wonders[p], state.have[p]
        built, progress = state.built[p], state.progress[p]
        cat = state.cat == p
        if part.wonder is not wonder or part.built is not built:
            run.one_hot(0, len(self.wonders), self.wonders.get(wonder.name, -1))
            run.tally(self.o_built, STAGES, STAGE_AT, built)
            run.tally(self.o_next, STAGES, STAGE_AT, list(state._next_stages(p)))
        if part.have is not have:
            run.gather(self.o_have, self._source, have)
        if part.progress is not progress:
            run.recount(self.o_tokens, self.tokens, part.progress, progress)
        run.set(self.o_shields, state.shields(p))
        run.set(self.o_shields + 1, state.victory[p])
        run.flag(self.o_cat, cat)
        part.wonder = wonder
        part.have = have
        part.built = built
        part.progress = progress
        part.victory = state.victory[p]
        part.cat = cat

    def indices(self, actions: list[Action], seat: int) -> list[int]:
        """Each action's index (-1 if the encoding cannot express it)."""
        return self.index.indices(actions)
