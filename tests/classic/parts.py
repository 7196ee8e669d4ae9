"""The parts of a 7 Wonders game under test (the expansion must be on)."""

from __future__ import annotations

from wonders.classic.cities import Cities, cities_of
from wonders.classic.free_city import FreeCity, free_city_of
from wonders.classic.leaders import Leaders, leaders_of
from wonders.core.protocol import State


def leaders(state: State) -> Leaders:
    """The Leaders part: the leaders in hand, the draft's packets, the box."""
    part = leaders_of(state)  # type: ignore[arg-type]
    assert part is not None, "Leaders is not in this game"
    return part


def cities(state: State) -> Cities:
    """The Cities part: the losses of this turn, the debts owed, Berenice's coin."""
    part = cities_of(state)  # type: ignore[arg-type]
    assert part is not None, "Cities is not in this game"
    return part


def free_city(state: State) -> FreeCity:
    """The Free City part (2 players): which seats know each card of each hand."""
    part = free_city_of(state)  # type: ignore[arg-type]
    assert part is not None, "no Free City in this game"
    return part
