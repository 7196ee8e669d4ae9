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
from wonders.core.obsbuf import Entries, Packed

PENDING = ("main", "extra", "any", "search", "pick", "babylon")
STAGES = 5


class ArchitectsObserver:
    """Offsets, vocabularies and action indices come from the codec (one layout, there).
    ``index_of`` computes an action's index the first time it is seen (-1: none)."""

    def __init__(
        self,
        size: int,
        wonders: dict[str, int],
        kinds: dict[str, int],
        tokens: dict[str, int],
        offsets: dict[str, int],
        players: list[int],
        decks: list[int],
        index_of: Callable[[Action], int],
    ) -> None:
        self.size = size
        self.entries = Entries(size)
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

    def observe(self, state: ArchitectsState, seat: int) -> Packed:
        """``seat``'s observation (``core.obsbuf``: packed entries)."""
        buf = self.entries
        buf.start()
        kind = self._kinds(state)
        n = state.n
        buf.put(self.o_turn, state.turn)
        if not state.over and state.current == seat:
            buf.put(self.o_mine, 1)
        if state.current == seat:
            for effect in state.queue:
                if effect in PENDING:
                    buf.add(self.o_pending + PENDING.index(effect))
        buf.put(self.o_conflict, state.conflict)
        buf.put(self.o_conflict + 1, state.conflict_total)
        central = state.central
        buf.put(self.o_central, len(central))
        if central and state.knows_top >> seat & 1:
            k = kind[central[-1]]
            if k >= 0:
                buf.add(self.o_central_top + k)
        buf.put(self.o_stack, len(state.stack))
        buf.count_repeating(self.o_face_up, self.tokens, state.face_up)  # Culture twice
        for k, c in enumerate(state.discard):
            if c and kind[k] >= 0:
                buf.put(self.o_discard + kind[k], c)
        if state.held and seat == state.current:
            buf.note_repeats(state.held)  # two cards of one kind looked at: counted
            for card in state.held:
                if kind[card] >= 0:
                    buf.add(self.o_search + kind[card])
        nw, nk = len(self.wonders), len(self.kinds)
        for p in range(n):
            b = self.o_players[(p - seat) % n]
            w = self.wonders.get(state.wonders[p].name, -1)
            if w >= 0:
                buf.add(b + w)
            b += nw
            for s in state.built[p]:
                buf.add(b + s - 1)
            for s in state._next_stages(p):  # available_stages, without the copy
                buf.add(b + STAGES + s - 1)
            b += 2 * STAGES
            for k, c in enumerate(state.have[p]):
                if c and kind[k] >= 0:
                    buf.put(b + kind[k], c)
            b += nk
            buf.put(b, state.shields(p))
            buf.put(b + 1, state.victory[p])
            buf.count_repeating(b + 2, self.tokens, state.progress[p])  # Culture twice
            if state.cat == p:
                buf.add(b + 2 + len(self.tokens))
            deck = state.decks[p]
            d = self.o_decks[(p - seat) % n]
            buf.put(d, len(deck))
            if deck and kind[deck[-1]] >= 0:
                buf.add(d + 1 + kind[deck[-1]])
        return buf.pack()

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
