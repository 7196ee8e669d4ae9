"""Architects' observation and action indices read from the state directly (compiled): the
fast path of ``wonders.envs.architects.ArchitectsCodec``, whose view-based encoder is the
specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games): the public fields, the central deck's top card only for a seat that knows it, and
the cards Halicarnassus looks at only for the seat looking.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from librt.strings import BytesWriter, write_f32_le

from wonders.architects.actions import Action
from wonders.architects.cards import ArchitectsWonder
from wonders.architects.state import ArchitectsState
from wonders.core.obsbuf import (
    ZEROS,
    ActionIndex,
    Observer,
    counts,
    gather,
    inverse,
    one_hot,
    tally,
)

PENDING: Final = ("main", "extra", "any", "search", "pick", "babylon")
STAGES: Final = 5
STAGE_AT: Final = [-1, *range(STAGES)]  # stage number (1-5) -> its entry


class Part:
    """A player's part of every seat's observation (``run``) and the inputs it was written
    from: the state's rows, by identity, and numbers."""

    def __init__(self) -> None:
        self.run = b""
        self.stages = b""  # the run's first piece: wonder, stages built and buildable
        self.tokens = b""  # its last: progress tokens and the cat
        self.wonder: ArchitectsWonder | None = None
        self.have: list[int] | None = None
        self.built: list[int] | None = None
        self.progress: list[str] | None = None
        self.victory = 0
        self.cat = False


class DeckPart:
    """A deck's part of every seat's observation: its size and top card (``run``), written
    from ``row`` (by identity)."""

    def __init__(self) -> None:
        self.run = b""
        self.row: list[int] | None = None

    def write(self, row: list[int], kind: list[int], kinds: int) -> None:
        w = BytesWriter()
        write_f32_le(w, float(len(row)))
        one_hot(w, kinds, kind[row[-1]] if row else -1)
        self.run = w.getvalue()
        self.row = row


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
        super().__init__(num_actions)
        # the layout: the seat's own fields, the players' parts, the decks', nothing after
        part = decks[0] - players[-1]
        assert players == [players[0] + k * part for k in range(n)]
        assert decks[-1] + 1 + len(kinds) == size
        assert offsets["turn"] == 0 and players[0] == offsets["searching"] + len(kinds)
        self.pending = {name: k for k, name in enumerate(PENDING)}
        self.wonders = wonders
        self.kinds = kinds
        self.tokens = tokens
        self.index = ActionIndex(index_of)
        self._names: tuple[str, ...] = ()
        self._kind: list[int] = []  # the engine's kind number -> the codec's kind index
        self._source: list[int] = []  # the codec's kind index -> the engine's kind number
        # the public fields between the seat's own (stack, face-up tokens, discard): a run
        # written again when they change (compared by value: the state changes them in place)
        self.public = b""
        self._stack = -1
        self._face_up: list[str] = []
        self._discard: list[int] = []
        # each player's part and each deck's
        self.parts = [Part() for _ in range(n)]
        self.decks = [DeckPart() for _ in range(n)]

    def _kinds(self, state: ArchitectsState) -> list[int]:
        names = state.f.names
        if names is not self._names:
            self._names = names
            self._kind = [self.kinds.get(name, -1) for name in names]
            self._source = inverse(self._kind, len(self.kinds))
            # written with the old kinds
            self._stack = -1
            self.parts = [Part() for _ in self.parts]
            self.decks = [DeckPart() for _ in self.decks]
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
        parts, have, built, progress = self.parts, state.have, state.built, state.progress
        for r in range(n):
            p = (seat + r) % n
            part = parts[p]
            if (
                part.have is have[p]
                and part.built is built[p]
                and part.progress is progress[p]
                and part.victory == state.victory[p]
                and part.cat == (state.cat == p)
                and part.wonder is state.wonders[p]
            ):
                runs.append(part.run)
            else:
                runs.append(self._player(state, p, part))
        decks, rows = self.decks, state.decks
        for r in range(n):
            p = (seat + r) % n
            deck = decks[p]
            if deck.row is not rows[p]:
                deck.write(rows[p], kind, len(self.kinds))
            runs.append(deck.run)
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

    def _player(self, state: ArchitectsState, p: int, part: Part) -> bytes:
        """``p``'s part of every seat's observation, written again: only its pieces whose
        inputs changed (a card taken changes the cards and shields only)."""
        wonder, have = state.wonders[p], state.have[p]
        built, progress = state.built[p], state.progress[p]
        cat = state.cat == p
        if part.wonder is not wonder or part.built is not built:
            w = BytesWriter()
            one_hot(w, len(self.wonders), self.wonders.get(wonder.name, -1))
            tally(w, STAGE_AT, STAGES, built)
            tally(w, STAGE_AT, STAGES, list(state._next_stages(p)))  # available_stages
            part.stages = w.getvalue()
        if part.progress is not progress or part.cat != cat or not part.tokens:
            w = BytesWriter()
            counts(w, self.tokens, progress)
            write_f32_le(w, 1.0 if cat else 0.0)
            part.tokens = w.getvalue()
        part.wonder = wonder
        part.have = have
        part.built = built
        part.progress = progress
        part.victory = state.victory[p]
        part.cat = cat
        # the cards, shields (from cards, stages and tokens) and victory tokens
        w = BytesWriter()
        w.write(part.stages)
        gather(w, self._source, have)
        write_f32_le(w, float(state.shields(p)))
        write_f32_le(w, float(part.victory))
        w.write(part.tokens)
        part.run = w.getvalue()
        return part.run

    def indices(self, actions: list[Action], seat: int) -> list[int]:
        """Each action's index (-1 if the encoding cannot express it)."""
        return self.index.indices(actions)
