"""Building Duel positions for rule scenarios: a first-game table, cards placed where needed."""

from __future__ import annotations

from wonders.duel.actions import Action
from wonders.duel.state import DuelState, setup


def new_game(seed: int = 1) -> DuelState:
    """A first-game table (fixed wonder sets), Age I, seat 0 to move, 7 coins each."""
    return setup({"first_game": True}, seed)


def offer(state: DuelState, *names: str) -> None:
    """Make ``names`` accessible in the structure (swapping them in from wherever they are:
    another place, or outside the structure)."""
    s = state.structure
    assert s is not None
    places = s.accessible()
    assert len(names) <= len(places)
    for place, name in zip(places, names, strict=False):
        if s.cards[place] == name:
            continue
        if name in s.cards:
            other = s.cards.index(name)
            s.cards[other] = s.cards[place]
        s.cards[place] = name


def give(state: DuelState, player: int, *cards: str) -> None:
    for c in cards:
        state.cities[player].add_card(c)


def coins(state: DuelState, c0: int, c1: int) -> None:
    state.cities[0].coins, state.cities[1].coins = c0, c1


def wonders(state: DuelState, player: int, *names: str) -> None:
    state.cities[player].wonders = list(names)


def play(state: DuelState, action: Action) -> None:
    state.apply(state.to_move()[0], action)


def build(card: str) -> Action:
    return Action("build", card)


def sell(card: str) -> Action:
    return Action("sell", card)


def wonder(card: str, name: str) -> Action:
    return Action("wonder", card, name)


def token(name: str) -> Action:
    return Action("token", token=name)


def empty_structure_but(state: DuelState, *names: str) -> None:
    """Leave only ``names`` in the structure, all accessible (the end of an Age)."""
    s = state.structure
    assert s is not None
    keep = s.accessible()[: len(names)]
    for i in range(len(s.cards)):
        s.cards[i] = None
    for place, name in zip(keep, names, strict=True):
        s.cards[place] = name
    s.restore(s.cards, s.face_up)
