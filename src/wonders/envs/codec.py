"""What every game's encoding shares: the observation layout, vocabularies, legal-action
maps and the outcome rewards.

A codec turns one game (with its options) into fixed-size numbers:

- actions: a fixed ``Discrete(num_actions)`` space. Index ``WAIT`` (0) is the only legal
  index of a seat that owes no decision (so that every seat always has a legal action, as
  OpenSpiel's simultaneous nodes and PettingZoo's parallel form need); it is never legal
  for a seat that owes one. Every other index is one of the game's actions.
- observations: a ``float32`` vector of what ``state.view(seat)`` shows, so it cannot hold
  what the seat may not know. ``Layout.describe`` lists it field by field.

Two encoders compute the same numbers. The reference one (``reference_observe``,
``reference_indices``: pure Python walking ``view(seat)``) is the specification. The fast
one (``observe``, ``encode_legal``: a compiled observer per game, ``<game>/observe.py``,
reading the state's public fields and the seat's own directly, and writing again only
the parts that changed since they were last written: ``core/obsbuf.py``; the legal
actions' index map and mask in the same compiled call) is what the environments use.
Both hand out new arrays. The tests check that both encoders agree at every step of seeded
games.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from wonders.core import obsbuf
from wonders.core.protocol import JSON, Result, State, View

WAIT = obsbuf.WAIT
# Bumped whenever an index or observation field changes meaning. Indices follow the names
# in the data, sorted: a card added or renamed shifts the indices after it.
ENCODING_VERSION = 1
Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


# The bound of every observation entry (coins, counts and sizes stay far below it).
OBS_HIGH = 1000.0


class Layout:
    """Named, documented slices of an observation vector, in order."""

    def __init__(self) -> None:
        self.fields: list[tuple[str, int, int, str]] = []  # (name, offset, size, meaning)
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a field of ``size`` entries; returns its offset."""
        offset = self.size
        self.fields.append((name, offset, size, meaning))
        self.size += size
        return offset

    def describe(self) -> str:
        """The layout as a Markdown table (offset, size, field, meaning)."""
        lines = ["| offset | size | field | meaning |", "|---|---|---|---|"]
        for name, offset, size, meaning in self.fields:
            lines.append(f"| {offset} | {size} | {name} | {meaning} |")
        return "\n".join(lines)

    def offsets(self) -> dict[str, int]:
        """Each field's offset by name (what the compiled observers are built with)."""
        return {name: offset for name, offset, _, _ in self.fields}

    def slice(self, name: str) -> slice:
        for field_name, offset, size, _ in self.fields:
            if field_name == name:
                return slice(offset, offset + size)
        raise KeyError(name)


class Vocab:
    """Names in sorted order (stable whatever the data files' order), name -> index."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names: tuple[str, ...] = tuple(sorted(set(names)))
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}

    def __len__(self) -> int:
        return len(self.names)

    def count(self, acc: Acc, offset: int, names: Iterable[Any]) -> None:
        """Add 1 at ``offset + index`` for each known name (unknown names are skipped)."""
        index = self.index
        acc.ones.extend([offset + index[n] for n in names if n in index])


class Acc:
    """An observation being written: entries that count names (``ones``, summed) and
    entries set to a value; numpy builds the vector in one go, which is several times
    faster than setting its entries one by one."""

    __slots__ = ("ones", "pos", "vals")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.pos: list[int] = []
        self.vals: list[float] = []

    def set(self, i: int, value: float) -> None:
        if value:
            self.pos.append(i)
            self.vals.append(value)

    def set_run(self, start: int, values: Iterable[Any]) -> None:
        """Set consecutive entries from ``start`` (faster than one ``set`` each)."""
        before = len(self.vals)
        self.vals.extend(values)
        self.pos.extend(range(start, start + len(self.vals) - before))

    def vector(self, size: int) -> Vector:
        if self.ones:
            out = np.bincount(self.ones, minlength=size).astype(np.float32)
        else:
            out = np.zeros(size, dtype=np.float32)
        if self.pos:
            out[self.pos] = self.vals
        return out


class Codec(ABC):
    """One game's action and observation encoding for fixed options."""

    game: str
    num_players: int
    num_actions: int
    layout: Layout
    options: JSON
    _fast: obsbuf.Observer | None = None

    # A codec holds no state: only each seat's last observation and the inputs it was
    # written from, which any other state's observation rewrites (``core.obsbuf``). Copies
    # of a game share it (OpenSpiel's MCTS deep-copies states), and pickling builds it
    # again from the game and options (compiled observers cannot be pickled).
    def __copy__(self) -> Codec:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Codec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self.options),))  # every codec is built from its options

    @abstractmethod
    def reference_indices(self, actions: list[Any], seat: int) -> list[int]:
        """The index of each of ``seat``'s legal ``actions`` (same order); -1 for an
        action the encoding cannot express (none in any game we have tested)."""

    def action_indices(self, actions: list[Any], seat: int) -> list[int]:
        """``reference_indices``, computed by the fast observer when there is one."""
        if self.fast is not None:
            return self.fast.indices(actions, seat)
        return self.reference_indices(actions, seat)

    def _use(self, fast: obsbuf.Observer) -> None:
        """Encode with ``fast`` (given numpy's array type and dtypes)."""
        if sys.byteorder != "little":  # the observers write float32 little-endian
            return  # the reference encoder, then
        fast.attach(np.ndarray, np.dtype(np.float32), np.dtype(np.int8), self.layout.size)
        self.fast = fast

    @property
    def fast(self) -> obsbuf.Observer | None:
        """The game's compiled observer (``core.obsbuf.Observer``), or None: the reference
        encoder then. Set, it is also this codec's ``observe`` and ``encode_legal``: the
        environments call it straight, with no Python frame between."""
        return self._fast

    @fast.setter
    def fast(self, fast: obsbuf.Observer | None) -> None:
        self._fast = fast
        if fast is None:
            self.__dict__.pop("observe", None)
            self.__dict__.pop("encode_legal", None)
        else:
            self.observe = fast.observation  # type: ignore[method-assign]
            self.encode_legal = fast.legal_and_mask  # type: ignore[method-assign]

    @abstractmethod
    def observe_into(self, view: View, seat: int, acc: Acc) -> None:
        """Write ``view`` (``state.view(seat)``) into ``acc``."""

    @abstractmethod
    def action_name(self, index: int) -> str:
        """What an index means, in words (for debugging and OpenSpiel's strings)."""

    def legal(self, state: State, seat: int) -> dict[int, Any]:
        """Index -> action for each of ``seat``'s legal actions (``{WAIT: None}`` if the
        seat owes no decision; ``{}`` once the game is over)."""
        if state.is_terminal():
            return {}
        actions = state.legal_actions(seat)
        if not actions:
            return {WAIT: None}
        indices = self.action_indices(actions, seat)
        if self.fast is not None:
            return obsbuf.legal_map(indices, actions)
        return {i: a for i, a in zip(indices, actions, strict=True) if i >= 0}

    def legal_and_mask(self, state: State, seat: int) -> tuple[dict[int, Any], Mask]:
        """``legal`` and its ``mask``, computed together."""
        if state.is_terminal():
            return {}, self.mask({})
        return self.encode_legal(state.legal_actions(seat), seat)

    def encode_legal(self, actions: list[Any], seat: int) -> tuple[dict[int, Any], Mask]:
        """``legal_and_mask`` of ``seat``'s legal ``actions`` (the state's, not over), by
        the reference encoder (the compiled observer's replaces it: ``fast``)."""
        if not actions:
            return {WAIT: None}, self.mask({WAIT: None})
        indices = self.reference_indices(actions, seat)
        legal = {i: a for i, a in zip(indices, actions, strict=True) if i >= 0}
        return legal, self.mask(legal)

    def mask(self, legal: dict[int, Any]) -> Mask:
        """A fresh mask (the bytes are its own: never written again)."""
        return np.frombuffer(obsbuf.mask(list(legal), self.num_actions), dtype=np.int8)

    def observe(self, state: State, seat: int) -> Vector:
        """``seat``'s observation, a fresh array, by the reference encoder (the compiled
        observer's replaces it: ``fast``)."""
        return self.reference_observe(state, seat)

    def reference_observe(self, state: State, seat: int) -> Vector:
        """``seat``'s observation: its view encoded (the specification)."""
        return self.encode_view(state.view(seat), seat)

    def encode_view(self, view: View, seat: int) -> Vector:
        acc = Acc()
        self.observe_into(view, seat, acc)
        return acc.vector(self.layout.size)


def relative(seat: int, other: int, n: int) -> int:
    """``other``'s position counted clockwise from ``seat`` (0 = ``seat`` itself)."""
    return (other - seat) % n


def outcome_rewards(result: Result, n: int) -> list[float]:
    """Each seat's reward from the final ranking: (players it beat - players that beat it)
    / (n - 1), in [-1, 1] and summing to 0 (a 2-player win is 1, a tie 0). Winners rank
    above everyone else; then the result's ranks decide. Seats beyond ``n`` (the Free
    City at 2 players) are not ranked."""
    winners = set(result.winners)
    keys = {}
    for p in result.players:
        if p.seat < n:
            keys[p.seat] = (p.seat in winners, -p.rank)
    out = []
    for seat in range(n):
        mine = keys[seat]
        beat = sum(1 for s, k in keys.items() if s != seat and k < mine)
        lost = sum(1 for s, k in keys.items() if s != seat and k > mine)
        out.append((beat - lost) / max(1, n - 1))
    return out


def team_outcome_rewards(result: Result, teams: list[list[int]], n: int) -> list[float]:
    """+1 for each seat of the team that wins alone, 0 for the teams sharing a win, -1 for
    the others (``team_rewards=True``)."""
    winners = set(result.winners)
    team_of = {seat: team for team in teams for seat in team}
    out = []
    for seat in range(n):
        team = set(team_of.get(seat, [seat]))
        won = bool(winners & team)
        out.append((0.0 if winners - team else 1.0) if won else -1.0)
    return out


def teams_of(game: str, state: State) -> list[list[int]]:
    """The teams of ``state`` (its spectator view's ``teams``), for ``team_rewards``; an
    ``OptionsError`` if the game has none."""
    from wonders.core.errors import OptionsError
    from wonders.core.registry import get_game, taking

    teams = [list(t) for t in state.view(None).get("teams", [])]
    if not teams:
        raise OptionsError(
            f"team_rewards needs a team game ({taking('teams')} with teams=True); "
            f"this {get_game(game).title} game has no teams"
        )
    return teams
