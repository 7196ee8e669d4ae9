"""Building Duel positions for rule scenarios: a first-game table, cards placed where needed;
each helper returns a new state read from the saved form with those fields changed (``at``)."""

from __future__ import annotations

from typing import Any

from wonders.duel.actions import Action
from wonders.duel.state import DuelState, setup
from wonders.duel.structure import Structure


def new_game(seed: int = 1) -> DuelState:
    """A first-game table (fixed wonder sets), Age I, seat 0 to move, 7 coins each."""
    return setup({"first_game": True}, seed)


def at(state: DuelState, **fields: Any) -> DuelState:
    """``state`` with these fields of its saved form replaced (``to_json``'s names and
    notation), read back by ``from_json``: scenarios build their positions in the public
    save format, never in the engine's private fields."""
    data = state.to_json()
    unknown = set(fields) - set(data)
    assert not unknown, f"no such field in a saved Duel game: {unknown}"
    data.update(fields)
    return DuelState.from_json(data)


def city(state: DuelState, player: int, **fields: Any) -> DuelState:
    """``state`` with these fields of ``player``'s saved city replaced (coins, cards,
    wonders, built, tokens)."""
    cities = state.to_json()["cities"]
    cities[player] = {**cities[player], **fields}
    return at(state, cities=cities)


def give(state: DuelState, player: int, *cards: str) -> DuelState:
    """Cards already built in ``player``'s city."""
    return city(state, player, cards=[*state.to_json()["cities"][player]["cards"], *cards])


def tokens(state: DuelState, player: int, *names: str) -> DuelState:
    """Progress tokens already taken by ``player``."""
    return city(state, player, tokens=[*state.to_json()["cities"][player]["tokens"], *names])


def built(state: DuelState, player: int, wonder: str, under: str) -> DuelState:
    """A wonder of ``player``'s already built, over the Age card ``under``."""
    done = state.to_json()["cities"][player]["built"]
    return city(state, player, built={**done, wonder: under})


def coins(state: DuelState, c0: int, c1: int) -> DuelState:
    cities = state.to_json()["cities"]
    return at(state, cities=[{**cities[0], "coins": c0}, {**cities[1], "coins": c1}])


def wonders(state: DuelState, player: int, *names: str) -> DuelState:
    return city(state, player, wonders=list(names))


def pawn(state: DuelState, position: int, tokens: list[list[int]] | None = None) -> DuelState:
    """The conflict pawn at ``position`` (toward seat 1's capital positive), and the military
    tokens still on the board if given."""
    military = state.to_json()["military"]
    return at(
        state,
        military={"position": position, "tokens": military["tokens"] if tokens is None else tokens},
    )


def offer(state: DuelState, *names: str) -> DuelState:
    """``names`` accessible in the structure (swapped in from wherever they are: another
    place, or outside the structure); the accessible places are the view's."""
    structure = state.to_json()["structure"]
    cards = list(structure["cards"])
    places = [i for i, p in enumerate(state.view(None)["structure"]) if p["accessible"]]
    assert len(names) <= len(places)
    for place, name in zip(places, names, strict=False):
        if cards[place] == name:
            continue
        if name in cards:
            cards[cards.index(name)] = cards[place]
        cards[place] = name
    return at(state, structure={**structure, "cards": cards})


def new_age(state: DuelState, age: int) -> DuelState:
    """Age ``age`` begun: its structure laid out whole (its deck, the faces of its layout)."""
    laid = Structure(age, list(state.to_json()["decks"][str(age)]))
    return at(state, age=age, structure={"cards": laid.cards, "face_up": laid.face_up})


def empty_structure_but(state: DuelState, *names: str, age: int | None = None) -> DuelState:
    """Only ``names`` left in the structure (of Age ``age`` if given), face up and
    accessible: the end of an Age."""
    age = state.age if age is None else age
    layout = Structure(age, list(state.to_json()["decks"][str(age)]))
    cards: list[str | None] = [None] * len(layout.cards)
    for place, name in zip(layout.accessible(), names, strict=False):
        cards[place] = name
    return at(state, age=age, structure={"cards": cards, "face_up": [True] * len(cards)})


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
