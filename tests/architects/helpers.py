"""Scenario helpers: a game with chosen wonders, decks stacked, cards and tokens given, each
a new state read from the saved form with those fields changed (``at``)."""

from __future__ import annotations

from typing import Any

from wonders.architects.actions import Action
from wonders.architects.cards import facts
from wonders.architects.state import ArchitectsState, setup

ALL = ("Alexandria", "Babylon", "Ephesus", "Giza", "Halicarnassus", "Olympia", "Rhodes")


def game(*wonders: str, seed: int = 1) -> ArchitectsState:
    """A game with these wonders at seats 0, 1, ... (seat 0 to move, taking its card)."""
    return setup({"players": len(wonders), "wonders": list(wonders)}, seed)


def at(state: ArchitectsState, **fields: Any) -> ArchitectsState:
    """``state`` with these fields of its saved form replaced (``to_json``'s names and
    notation: cards, decks and tokens by name), read back by ``from_json``: scenarios build
    their positions in the public save format, never in the engine's private fields."""
    data = state.to_json()
    unknown = set(fields) - set(data)
    assert not unknown, f"no such field in a saved Architects game: {unknown}"
    data.update(fields)
    return ArchitectsState.from_json(data)


def of_seat(state: ArchitectsState, field: str, seat: int, value: Any) -> ArchitectsState:
    """``state`` with ``seat``'s entry of the saved field ``field`` replaced."""
    rows = list(state.to_json()[field])
    rows[seat] = value
    return at(state, **{field: rows})


def give(state: ArchitectsState, seat: int, **cards: int) -> ArchitectsState:
    """Cards in front of ``seat`` (kind=count), replacing what it had of those kinds."""
    have = {**state.to_json()["have"][seat], **cards}
    return of_seat(state, "have", seat, {k: c for k, c in have.items() if c})


def built_stages(state: ArchitectsState, seat: int, stages: list[int]) -> ArchitectsState:
    """The stages ``seat`` has built, in building order."""
    return of_seat(state, "built", seat, list(stages))


def stack(state: ArchitectsState, deck: str, *top_first: str) -> ArchitectsState:
    """These cards on top of ``deck`` (a wonder's name or "central"), the first on top."""
    data = state.to_json()
    if deck == "central":
        return at(state, central=[*data["central"], *reversed(top_first)])
    decks = list(data["decks"])
    d = data["wonders"].index(deck)
    decks[d] = [*decks[d], *reversed(top_first)]  # a deck's top is its last card
    return at(state, decks=decks)


def empty(state: ArchitectsState, deck: str) -> ArchitectsState:
    if deck == "central":
        return at(state, central=[])
    return of_seat(state, "decks", state.to_json()["wonders"].index(deck), [])


def tokens(state: ArchitectsState, seat: int, *names: str) -> ArchitectsState:
    return of_seat(state, "progress", seat, list(names))


def face_up(state: ArchitectsState, *names: str, stack_top: str | None = None) -> ArchitectsState:
    """The progress tokens on offer and, if given, the top of the face-down stack."""
    stacked = state.to_json()["stack"]
    return at(
        state,
        face_up=list(names),
        stack=[*stacked, stack_top] if stack_top is not None else stacked,
    )


def cards(state: ArchitectsState, seat: int) -> dict[str, int]:
    f = facts()
    return {f.names[k]: c for k, c in enumerate(state.have[seat]) if c}


def take(state: ArchitectsState, deck: str) -> None:
    state.apply(state.current, Action("take", deck=deck))


def do(state: ArchitectsState, **fields: Any) -> None:
    """Apply the action given by its JSON fields for the player to move."""
    state.apply(state.current, Action.from_json(fields))


def kinds(state: ArchitectsState) -> set[str]:
    return {a.kind for a in state.legal_actions(state.current)}


def builds(state: ArchitectsState) -> list[tuple[int, tuple[str, ...]]]:
    return [(a.stage, a.pay) for a in state.legal_actions(state.current) if a.kind == "build"]
