"""Scenario helpers: a game with chosen wonders, decks stacked, cards and tokens given."""

from __future__ import annotations

from typing import Any

from wonders.architects.actions import Action
from wonders.architects.cards import facts
from wonders.architects.state import ArchitectsState, setup

ALL = ("Alexandria", "Babylon", "Ephesus", "Giza", "Halicarnassus", "Olympia", "Rhodes")


def game(*wonders: str, seed: int = 1) -> ArchitectsState:
    """A game with these wonders at seats 0, 1, ... (seat 0 to move, taking its card)."""
    return setup({"players": len(wonders), "wonders": list(wonders)}, seed)


def give(state: ArchitectsState, seat: int, **cards: int) -> None:
    """Put cards in front of ``seat`` (kind=count), replacing what it had of those kinds."""
    f = facts()
    row = list(state.have[seat])  # rows are replaced, never changed in place (state.py)
    for name, count in cards.items():
        row[f.index[name]] = count
    state.have[seat] = row
    state._legal = None


def stack(state: ArchitectsState, deck: str, *top_first: str) -> None:
    """Put these cards on top of ``deck`` (a wonder's name or "central"), first on top."""
    f = facts()
    if deck == "central":
        state.central.extend(f.index[k] for k in reversed(top_first))
    else:
        d = state.deck_index[deck]
        state.decks[d] = state.decks[d] + [f.index[k] for k in reversed(top_first)]
    state._legal = None


def empty(state: ArchitectsState, deck: str) -> None:
    if deck == "central":
        state.central.clear()
    else:
        state.decks[state.deck_index[deck]] = []
    state._legal = None


def tokens(state: ArchitectsState, seat: int, *names: str) -> None:
    state.progress[seat] = list(names)
    state._legal = None


def face_up(state: ArchitectsState, *names: str, stack_top: str | None = None) -> None:
    state.face_up = list(names)
    if stack_top is not None:
        state.stack.append(stack_top)
    state._legal = None


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
