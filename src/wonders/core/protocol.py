"""The one protocol every game implements (see shared/DESIGN.md).

A game module provides ``setup(options, seed) -> State``. A state answers who owes a
decision, which decisions are legal, applies one (refusing illegal ones without change),
shows each player only what they may know, clones, serialises, and scores.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, NotRequired, Protocol, TypedDict

from mypy_extensions import mypyc_attr

JSON = dict[str, Any]
# One entry of a game's log (``{"type": ..., ...}``): an open record, kept as it was written
# in saves and replays; each game's presentation module reads the kinds it logs.
Event = dict[str, Any]


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


class PlayerResultView(TypedDict):
    """``PlayerResult`` in JSON."""

    seat: int
    total: int
    rank: int
    tiebreak: int
    breakdown: dict[str, int]


class TeamResult(TypedDict):
    """One team's line in ``Result.extra["teams"]`` (7 Wonders Cities' team game)."""

    seats: list[int]
    total: int
    coins: int
    rank: int


class ResultView(TypedDict):
    """``Result.to_json()``: what saves, records and views hold of a finished game; a front
    end adds ``teams`` (``Result.extra``) where it tells a team game's verdict."""

    totals: list[int]
    winners: list[int]
    victory: str
    players: list[PlayerResultView]
    teams: NotRequired[list[TeamResult]]


class View(TypedDict):
    """What every game's view holds; each game's ``views.py`` extends it with its own
    fields, so a front end reads a game's view by declared keys, checked by mypy."""

    game: str
    seat: int | None  # the reader; None: a spectator
    to_move: list[int]
    events: list[Event]  # the reader's log: secrets of others' removed
    teams: NotRequired[list[list[int]]]  # a team game's teams, each its seats


def own_seat(view: View) -> int:
    """The reader's seat of a player's view (advice is for players, not spectators)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat of its own")
    return seat


def game_view(view: View, game: str) -> Any:
    """``view`` as ``game``'s own view (which the caller annotates: ``v: DuelView =
    game_view(view, "duel")``), checked by its ``game`` field: a front end passes a game's
    hooks the protocol's ``View``."""
    if view["game"] != game:
        raise TypeError(f"a {view['game']} view where a {game} view was expected")
    return view


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

    def told(self) -> ResultView:
        """``to_json`` with a team game's ``teams``: what a game's ``victory_line`` reads."""
        out = self.to_json()
        if "teams" in self.extra:
            out["teams"] = self.extra["teams"]
        return out

    def to_json(self) -> ResultView:
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
    def view(self, player: int | None) -> View:
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

    def derived_fields(self) -> frozenset[str]:
        """The names of the fields that are caches or a representation rebuilt from the rest
        (a legal-action cache, a copy-on-write flag, a log kept in chunks): ``clone``,
        ``to_json`` and ``from_json`` need not carry them, and the conformance test checks
        that they carry every other field, nested objects' included. A state declares its
        fields once, typed, in ``__init__``; ``clone`` and the saved form are written out,
        since a copy looping over the names costs 30 times more (docs/PERFORMANCE.md)."""
        return frozenset()

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
