"""Building positions for rule scenarios: chosen wonders, hands and cities."""

from __future__ import annotations

from wonders.classic.actions import Action
from wonders.classic.cards import Card, catalog
from wonders.classic.state import ClassicState, setup


def card(name: str, age: int | None = None) -> Card:
    found = catalog().by_name[name.lower()]
    if age is None:
        return found[0]
    return next(c for c in found if c.age == age)


def game(*wonders: str, sides: str | list[str] = "A", seed: int = 0) -> ClassicState:
    """A game with these wonders in seat order (seat p's left neighbour is p + 1)."""
    return setup({"players": len(wonders), "wonders": list(wonders), "sides": sides}, seed)


def build(state: ClassicState, seat: int, *names: str) -> None:
    """Put buildings in a city as if built earlier (no coins, no effects when built)."""
    for name in names:
        state.cities[seat].add_card(card(name))
    state._legal.clear()


def stages(state: ClassicState, seat: int, count: int) -> None:
    for _ in range(count):
        state.cities[seat].build_stage(card("Altar"))
    state._legal.clear()


def hand(state: ClassicState, seat: int, *names: str) -> None:
    state.hands[seat] = [card(n) for n in names]
    state._legal.clear()


def coins(state: ClassicState, *amounts: int) -> None:
    for city, amount in zip(state.cities, amounts, strict=True):
        city.coins = amount
    state._legal.clear()


def play(state: ClassicState, moves: dict[int, Action]) -> None:
    """One turn: the given actions; every other seat that must move sells its first card."""
    for p in state.to_move():
        action = moves.get(p) or Action("sell", state.hands[p][0].name)
        state.apply(p, action)


def payments(state: ClassicState, seat: int, kind: str, name: str) -> list[tuple[int, int]]:
    return [
        (a.left, a.right) for a in state.legal_actions(seat) if a.kind == kind and a.card == name
    ]
