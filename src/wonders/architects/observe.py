"""Architects' observation and action indices read from the state directly (compiled): the
fast path of ``wonders.envs.architects.ArchitectsCodec``, whose view-based encoder is the
specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games): the public fields, the central deck's top card only for a seat that knows it, and
the cards Halicarnassus looks at only for the seat looking.
"""

from __future__ import annotations

from collections.abc import Callable

from librt.strings import BytesWriter, write_f32_le

from wonders.architects.actions import Action
from wonders.architects.cards import ArchitectsWonder
from wonders.architects.state import ArchitectsState
from wonders.core.obsbuf import ZEROS, Observer, counts, gather, inverse, one_hot, tally

PENDING = ("main", "extra", "any", "search", "pick", "babylon")
STAGES = 5
STAGE_AT = [-1, *range(STAGES)]  # stage number (1-5) -> its entry


class ArchitectsObserver(Observer):
    """Offsets, vocabularies and action indices come from the codec (one layout, there).
    ``index_of`` computes an action's index the first time it is seen (-1: none).

    An observation is joined from runs (``core.obsbuf``): the seat's own fields, written at
    every call, then each player's part and each deck's, the same in every seat's
    observation (in the seat's order), each kept and written again only when its inputs
    change. The state's rows (cards, stages, tokens, decks) are never changed in place
    (``ArchitectsState``), so they are compared by identity."""

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
        super().__init__(num_actions, n)
        # the layout: the seat's own fields, the players' parts, the decks', nothing after
        part = decks[0] - players[-1]
        assert players == [players[0] + k * part for k in range(n)]
        assert decks[-1] + 1 + len(kinds) == size
        assert offsets["turn"] == 0 and players[0] == offsets["searching"] + len(kinds)
        self.pending = {name: k for k, name in enumerate(PENDING)}
        self.wonders = wonders
        self.kinds = kinds
        self.tokens = tokens
        self.index_of = index_of
        self._memo: dict[Action, int] = {}
        self._names: tuple[str, ...] = ()
        self._kind: list[int] = []  # the engine's kind number -> the codec's kind index
        self._source: list[int] = []  # the codec's kind index -> the engine's kind number
        # the public fields between the seat's own (stack, face-up tokens, discard): a run
        # written again when they change (compared by value: the state changes them in place)
        self.public = b""
        self._stack = -1
        self._face_up: list[str] = []
        self._discard: list[int] = []
        # each player's part and each deck's: their runs and the inputs written
        self.parts = [b""] * n
        self._wonder: list[ArchitectsWonder | None] = [None] * n
        self._have: list[list[int] | None] = [None] * n
        self._built: list[list[int] | None] = [None] * n
        self._progress: list[list[str] | None] = [None] * n
        self._victory = [0] * n
        self._cat = [False] * n
        self.decks = [b""] * n
        self._deck: list[list[int] | None] = [None] * n

    def _kinds(self, state: ArchitectsState) -> list[int]:
        names = state.f.names
        if names is not self._names:
            self._names = names
            self._kind = [self.kinds.get(name, -1) for name in names]
            self._source = inverse(self._kind, len(self.kinds))
            self._stack = -1  # written with the old kinds
            self._have = [None] * len(self._have)  # written with the old kinds
            self._deck = [None] * len(self._deck)
        return self._kind

    def observe(self, state: ArchitectsState, seat: int) -> bytearray:
        """``seat``'s observation: its float32 bytes, a new bytearray."""
        kind = self._kinds(state)
        nk = len(self.kinds)
        n = state.n
        w = BytesWriter()
        mine = not state.over and state.current == seat
        write_f32_le(w, float(state.turn))
        write_f32_le(w, 1.0 if mine else 0.0)
        counts(w, self.pending, state.queue if state.current == seat else [])
        write_f32_le(w, float(state.conflict))
        write_f32_le(w, float(state.conflict_total))
        central = state.central
        write_f32_le(w, float(len(central)))
        top = -1
        if central and state.knows_top >> seat & 1:
            top = kind[central[-1]]
        one_hot(w, nk, top)
        runs = [w.getvalue(), self._public(state)]
        if state.held and seat == state.current:
            w = BytesWriter()
            tally(w, kind, nk, state.held)
            runs.append(w.getvalue())
        else:
            runs.append(ZEROS[nk])
        for r in range(n):
            runs.append(self._player(state, (seat + r) % n, kind))
        for r in range(n):
            runs.append(self._deck_run(state, (seat + r) % n, kind))
        return bytearray().join(runs)

    def _public(self, state: ArchitectsState) -> bytes:
        """The token stack's size, the face-up tokens and the discard pile."""
        stack, face_up, discard = len(state.stack), state.face_up, state.discard
        if self._stack == stack and self._face_up == face_up and self._discard == discard:
            return self.public
        w = BytesWriter()
        write_f32_le(w, float(stack))
        counts(w, self.tokens, face_up)
        gather(w, self._source, discard)
        self.public = w.getvalue()
        self._stack = stack
        self._face_up = list(face_up)
        self._discard = list(discard)
        return self.public

    def _player(self, state: ArchitectsState, p: int, kind: list[int]) -> bytes:
        """``p``'s part of every seat's observation."""
        wonder = state.wonders[p]
        have, built, progress = state.have[p], state.built[p], state.progress[p]
        victory = state.victory[p]
        cat = state.cat == p
        if (
            self._have[p] is have
            and self._built[p] is built
            and self._progress[p] is progress
            and self._victory[p] == victory
            and self._cat[p] == cat
            and self._wonder[p] is wonder
        ):
            return self.parts[p]
        w = BytesWriter()
        one_hot(w, len(self.wonders), self.wonders.get(wonder.name, -1))
        tally(w, STAGE_AT, STAGES, built)
        tally(w, STAGE_AT, STAGES, list(state._next_stages(p)))  # available_stages
        gather(w, self._source, have)
        write_f32_le(w, float(state.shields(p)))
        write_f32_le(w, float(victory))
        counts(w, self.tokens, progress)
        write_f32_le(w, 1.0 if cat else 0.0)
        run = w.getvalue()
        self.parts[p] = run
        self._wonder[p] = wonder
        self._have[p] = have
        self._built[p] = built
        self._progress[p] = progress
        self._victory[p] = victory
        self._cat[p] = cat
        return run

    def _deck_run(self, state: ArchitectsState, p: int, kind: list[int]) -> bytes:
        """The deck left of ``p``: its size and top card, the same for every seat."""
        deck = state.decks[p]
        if self._deck[p] is deck:
            return self.decks[p]
        w = BytesWriter()
        write_f32_le(w, float(len(deck)))
        one_hot(w, len(self.kinds), kind[deck[-1]] if deck else -1)
        run = w.getvalue()
        self.decks[p] = run
        self._deck[p] = deck
        return run

    def indices(self, actions: list[Action], seat: int) -> list[int]:
        """Each action's index (-1 if the encoding cannot express it)."""
        memo = self._memo
        out: list[int] = []
        for a in actions:
            i = memo.get(a, -2)
            if i == -2:
                i = memo[a] = self.index_of(a)
            out.append(i)
        return out
