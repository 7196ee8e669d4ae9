"""Build a 7 Wonders game in a chosen position, for the rule scenarios.

A scenario starts from ``new_game`` (chosen wonders and sides, in seat order: seat ``p``'s
left neighbour is ``p + 1``, its right neighbour ``p - 1``), then overwrites what the rule
under test needs: buildings already in a city (``give``), wonder stages (``give_stages``),
coins, hands, the Age and turn (``set_turn``), the discard pile. Turns are then played through
the real engine (``play_turn``), so every rule is checked where the game applies it.

Everything written here goes through ``City.add_card``/``City.build_stage`` (which keep a
city's production, discounts, shields and science up to date) and clears the state's cache
of legal actions, so the position is what a game that reached it would hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from wonders.classic.actions import Action
from wonders.classic.cards import Card, catalog
from wonders.classic.state import ClassicState, setup
from wonders.core.errors import IllegalActionError

Payment = tuple[int, int]

# Cards to fill a hand nobody cares about: free to build, no effect on trading or coins.
FILLER = ("Altar", "Theater", "Pawnshop", "Baths", "Apothecary", "Workshop", "Scriptorium")


# ---------------------------------------------------------------- cards and actions


def card(name: str, age: int | None = None) -> Card:
    """The card of that name (the Age I one when a name exists in two Ages, unless told)."""
    found = catalog().by_name[name.lower()]
    if age is None:
        return found[0]
    return next(c for c in found if c.age == age)


def build(name: str, left: int = 0, right: int = 0) -> Action:
    return Action("build", name, left, right)


def wonder(marker: str, left: int = 0, right: int = 0) -> Action:
    return Action("wonder", marker, left, right)


def sell(name: str) -> Action:
    return Action("sell", name)


# ---------------------------------------------------------------- positions


def new_game(*wonders: str, sides: str | Sequence[str] = "A", seed: int = 0) -> ClassicState:
    """A game at Age I, turn 1 with these wonders in seat order (one player per wonder)."""
    side_opt: str | list[str] = sides if isinstance(sides, str) else list(sides)
    return setup({"players": len(wonders), "wonders": list(wonders), "sides": side_opt}, seed)


def _touch(state: ClassicState) -> None:
    state._legal.clear()


def give(state: ClassicState, seat: int, *cards: str | Card) -> None:
    """Buildings already standing in a city (no coins when built: they were built earlier)."""
    for c in cards:
        state.cities[seat].add_card(card(c) if isinstance(c, str) else c)
    _touch(state)


def give_stages(state: ClassicState, seat: int, count: int) -> None:
    """Wonder stages already built (each with a marker card under it)."""
    for _ in range(count):
        state.cities[seat].build_stage(card("Altar"))
    _touch(state)


def set_coins(state: ClassicState, *amounts: int) -> None:
    """Every seat's coins, in seat order."""
    assert len(amounts) == state.n
    for city, amount in zip(state.cities, amounts, strict=True):
        city.coins = amount
    _touch(state)


def set_hand(state: ClassicState, seat: int, *cards: str | Card) -> None:
    state.hands[seat] = [card(c) if isinstance(c, str) else c for c in cards]
    _touch(state)


def set_tokens(state: ClassicState, seat: int, *tokens: int) -> None:
    state.cities[seat].tokens = list(tokens)
    _touch(state)


def set_turn(
    state: ClassicState, age: int, turn: int, hands: Mapping[int, Sequence[str]] | None = None
) -> None:
    """Jump to ``turn`` of ``age``: every hand holds ``8 - turn`` cards.

    Hands not given are filled from ``FILLER``. The hands of the Ages after ``age`` are
    the ones dealt at setup."""
    size = 8 - turn
    state.age, state.turn = age, turn
    for seat in range(state.n):
        names = list(hands[seat]) if hands and seat in hands else list(FILLER[:size])
        assert len(names) == size, f"seat {seat} needs {size} cards on turn {turn}"
        state.hands[seat] = [card(n) for n in names]
    _touch(state)


def deal(state: ClassicState, hands: Mapping[int, Sequence[str]]) -> None:
    """New hands for this turn: the given ones, the other seats get as many FILLER cards."""
    sizes = {len(h) for h in hands.values()}
    assert len(sizes) == 1, "hands of one size"
    size = sizes.pop()
    for seat in range(state.n):
        set_hand(state, seat, *(hands[seat] if seat in hands else FILLER[:size]))


def clear_discard(state: ClassicState) -> None:
    state.discard.clear()
    state.discard_from.clear()
    state.discard_seen.clear()
    _touch(state)


# ---------------------------------------------------------------- playing


def play_turn(state: ClassicState, moves: Mapping[int, Action] | None = None) -> None:
    """Every seat that owes a card choice plays: the given action, or sells its first card."""
    moves = moves or {}
    assert set(moves) <= set(state.to_move()), "a move for a seat that owes none"
    for seat in state.to_move():
        state.apply(seat, moves.get(seat) or sell(state.hands[seat][0].name))


def play_until_age(state: ClassicState, age: int) -> None:
    """Everyone sells until ``age`` starts."""
    while state.age < age:
        assert state.phase == "draft", f"a sub-decision is owed: {state.phase}"
        play_turn(state)


def end_age(state: ClassicState, age: int) -> None:
    """Play the last turn of ``age`` (everyone sells a filler card): the Age's conflicts run."""
    set_turn(state, age, 6)
    play_turn(state)


# ---------------------------------------------------------------- looking


def names(state: ClassicState, seat: int) -> list[str]:
    return [c.name for c in state.cities[seat].cards]


def coins(state: ClassicState) -> list[int]:
    return [c.coins for c in state.cities]


def discard_names(state: ClassicState) -> list[str]:
    return [c.name for c in state.discard]


def payments(state: ClassicState, seat: int, kind: str, name: str) -> set[Payment]:
    """The (left, right) payments offered for ``kind`` with card ``name``."""
    return {
        (a.left, a.right) for a in state.legal_actions(seat) if a.kind == kind and a.card == name
    }


def offered(state: ClassicState, seat: int, kind: str) -> set[str]:
    """The card names offered for an action kind."""
    return {a.card for a in state.legal_actions(seat) if a.kind == kind}


def score(state: ClassicState, seat: int) -> dict[str, int]:
    return state.score_breakdown(seat)


def assert_illegal(state: ClassicState, seat: int, action: object) -> None:
    """The action is refused with IllegalActionError and the state is left exactly as it was."""
    before = state.to_json()
    legal_before = {p: list(state.legal_actions(p)) for p in range(state.n)}
    with pytest.raises(IllegalActionError):
        state.apply(seat, action)
    assert state.to_json() == before
    assert {p: list(state.legal_actions(p)) for p in range(state.n)} == legal_before
