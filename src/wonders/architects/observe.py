"""Architects' observation and action indices read from the state directly (compiled): the
fast path of ``wonders.envs.architects.ArchitectsCodec``, whose view-based encoder is the
specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games): the public fields, the central deck's top card only for a seat that knows it, and
the cards Halicarnassus looks at only for the seat looking.
"""

from __future__ import annotations

from collections.abc import Callable

from wonders.architects.actions import Action
from wonders.architects.state import ArchitectsState
from wonders.core.obsbuf import Dense, Observer

PENDING = ("main", "extra", "any", "search", "pick", "babylon")
STAGES = 5
STAGE_AT = [-1, *range(STAGES)]  # stage number (1-5) -> its entry


class ArchitectsObserver(Observer):
    """Offsets, vocabularies and action indices come from the codec (one layout, there).
    ``index_of`` computes an action's index the first time it is seen (-1: none)."""

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
        super().__init__(size, num_actions, len(players))
        # each player's part (the same at every seat's relative place; one after another)
        part = decks[0] - players[-1]
        assert players == [players[0] + k * part for k in range(len(players))]
        self.parts = [Dense(part) for _ in players]
        self.pending = {name: k for k, name in enumerate(PENDING)}
        self.wonders = wonders
        self.kinds = kinds
        self.tokens = tokens
        self.o_turn = offsets["turn"]
        self.o_mine = offsets["my_turn"]
        self.o_pending = offsets["pending"]
        self.o_conflict = offsets["conflict"]
        self.o_central = offsets["central_size"]
        self.o_central_top = offsets["central_top"]
        self.o_stack = offsets["token_stack"]
        self.o_face_up = offsets["face_up_tokens"]
        self.o_discard = offsets["discard"]
        self.o_search = offsets["searching"]
        self.o_players = players
        self.o_decks = decks
        self.index_of = index_of
        self._memo: dict[Action, int] = {}
        self._names: tuple[str, ...] = ()
        self._kind: list[int] = []  # the engine's kind number -> the codec's kind index

    def _kinds(self, state: ArchitectsState) -> list[int]:
        names = state.f.names
        if names is not self._names:
            self._names = names
            self._kind = [self.kinds.get(name, -1) for name in names]
        return self._kind

    def observe(self, state: ArchitectsState, seat: int) -> bytearray:
        """``seat``'s observation (``core.obsbuf.Dense``: the seat's float32 buffer, kept
        and written again; the caller copies it)."""
        buf = self.dense[seat]
        kind = self._kinds(state)
        n = state.n
        buf.put(self.o_turn, state.turn)
        buf.put(self.o_mine, 1 if not state.over and state.current == seat else 0)
        buf.count(self.o_pending, self.pending, state.queue if state.current == seat else [])
        buf.put(self.o_conflict, state.conflict)
        buf.put(self.o_conflict + 1, state.conflict_total)
        central = state.central
        buf.put(self.o_central, len(central))
        top = -1
        if central and state.knows_top >> seat & 1:
            top = kind[central[-1]]
        buf.one(self.o_central_top, top)
        buf.put(self.o_stack, len(state.stack))
        buf.count(self.o_face_up, self.tokens, state.face_up)
        buf.row(self.o_discard, kind, state.discard)
        buf.tally(self.o_search, kind, state.held if seat == state.current else [])
        for p in range(n):
            buf.paste(self.o_players[(p - seat) % n], self._player(state, p, kind))
            deck = state.decks[p]
            d = self.o_decks[(p - seat) % n]
            buf.put(d, len(deck))
            buf.one(d + 1, kind[deck[-1]] if deck else -1)
        return buf.buf

    def _player(self, state: ArchitectsState, p: int, kind: list[int]) -> Dense:
        """``p``'s part of every seat's observation, written in ``p``'s own buffer."""
        part = self.parts[p]
        part.one(0, self.wonders.get(state.wonders[p].name, -1))
        b = len(self.wonders)
        part.tally(b, STAGE_AT, state.built[p])
        part.tally(b + STAGES, STAGE_AT, state._next_stages(p))  # available_stages
        b += 2 * STAGES
        part.row(b, kind, state.have[p])
        b += len(self.kinds)
        part.put(b, state.shields(p))
        part.put(b + 1, state.victory[p])
        part.count(b + 2, self.tokens, state.progress[p])
        part.put(b + 2 + len(self.tokens), 1 if state.cat == p else 0)
        return part

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
