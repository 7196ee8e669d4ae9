"""The one protocol every game implements (see shared/DESIGN.md).

A game module provides ``setup(options, seed) -> State``. A state answers who owes a
decision, which decisions are legal, applies one (refusing illegal ones without change),
shows each player only what they may know, clones, serialises, and scores.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

JSON = dict[str, Any]


class Action(Protocol):
    """Actions are small immutable values with a stable JSON form."""

    def to_json(self) -> JSON: ...


@dataclass(frozen=True)
class PlayerResult:
    """One player's final score."""

    seat: int
    total: int
    breakdown: dict[str, int]
    rank: int
    tiebreak: int = 0  # e.g. coins in 7 Wonders


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game."""

    players: list[PlayerResult]
    winners: list[int]
    victory: str = "points"  # Duel: military / science / civilian
    extra: JSON = field(default_factory=dict)

    @property
    def totals(self) -> list[int]:
        return [p.total for p in self.players]

    def to_json(self) -> JSON:
        return {
            "totals": self.totals,
            "winners": list(self.winners),
            "victory": self.victory,
            "players": [
                {
                    "seat": p.seat,
                    "total": p.total,
                    "rank": p.rank,
                    "tiebreak": p.tiebreak,
                    "breakdown": dict(p.breakdown),
                }
                for p in self.players
            ],
        }


def rank_players(keys: list[tuple[int, int]]) -> list[int]:
    """Competition ranks (1 = best) for (points, tiebreak) keys; equal keys share a rank."""
    ranks = []
    for key in keys:
        ranks.append(1 + sum(1 for other in keys if other > key))
    return ranks


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A game in progress. Players are seats 0..n-1, listed clockwise.

    A game of its own may subclass it in plain Python (a plug-in registered from outside
    the package, like tests/core/toy_game.py) although this module is compiled."""

    game_name: str

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that owe a decision now (several at once in simultaneous phases)."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Any]:
        """Every legal decision for ``player`` now; empty if they owe none."""

    @abstractmethod
    def apply(self, player: int, action: Any) -> None:
        """Apply ``action`` for ``player``; if illegal, raise IllegalActionError (no change)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """The final result; raises if the game is not over."""

    @abstractmethod
    def view(self, player: int | None) -> JSON:
        """What ``player`` may know (``None``: a spectator, who sees no hidden card)."""

    @abstractmethod
    def clone(self) -> State: ...

    @classmethod
    def from_json(cls, data: JSON) -> State:
        """The state ``to_json`` saved (each game's class reads its own)."""
        raise NotImplementedError

    # The compiled classes cannot be rebuilt field by field the way ``copy`` and ``pickle``
    # do by default: a deep copy is a clone, and a pickle holds the state's JSON.
    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).from_json, (self.to_json(),))

    @abstractmethod
    def to_json(self) -> JSON: ...

    @abstractmethod
    def sample_world(self, player: int, rng: random.Random) -> State:
        """A full state consistent with everything ``player`` knows."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Any:
        """Parse an action's JSON form (raises IllegalActionError if malformed)."""

    @property
    @abstractmethod
    def events(self) -> list[JSON]:
        """The event log (complete; ``view`` gives each player the redacted version)."""
