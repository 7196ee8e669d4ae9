"""Cities rules found broken once: each test reproduces the case that was wrong."""

from __future__ import annotations

from tests.classic.cities_scenario import (
    FILLER,
    build,
    give,
    give_age,
    give_stages,
    new_game,
    payments,
    play_turn,
    set_coins,
    set_discard,
    set_turn,
    wonder,
)
from wonders.classic.actions import Action
from wonders.classic.state import from_json as state_from_json


def test_dock_made_free_purchase_still_uses_the_dock_for_the_turn() -> None:
    # Babylon B plays its 8th card too. The dock and the West Trading Post make the first
    # wood bought on the left cost 0: the dock is used, so the extra card pays 1 for it.
    state = new_game("Babylon", "Olympia", "Giza", sides="B")
    give_stages(state, 0, 2)
    give(state, 0, "Clandestine Dock West", "West Trading Post")
    give(state, 1, "Ore Vein")
    set_turn(state, 1, 7, {0: ["Stockade", "Barracks"]})
    assert payments(state, 0, "build", "Stockade") == {(0, 0)}
    play_turn(state, {0: build("Stockade")})
    assert state.phase == "extra_card"
    assert payments(state, 0, "build", "Barracks") == {(1, 0)}


def test_a_dock_not_needed_for_a_payment_stays_unused() -> None:
    # Wood bought on the right only: the west dock is still fresh for the extra card.
    state = new_game("Babylon", "Olympia", "Giza", sides="B")
    give_stages(state, 0, 2)
    give(state, 0, "Clandestine Dock West")
    give(state, 1, "Ore Vein")
    give(state, 2, "Lumber Yard")
    set_coins(state, 6, 3, 3)
    set_turn(state, 1, 7, {0: ["Stockade", "Barracks"]})
    assert payments(state, 0, "build", "Stockade") == {(1, 0), (0, 2)}
    play_turn(state, {0: build("Stockade", 0, 2)})
    assert payments(state, 0, "build", "Barracks") == {(1, 0)}  # ore on the left: 2 - 1


def test_losses_waiting_for_an_end_of_turn_decision_survive_save_and_load() -> None:
    state = new_game("Halicarnassus", "Ephesus", "Rhodes", sides="B")
    set_turn(state, 1, 1, {1: ["Hideout", *FILLER[:7]]})
    give_age(state, 0, "Foundry", 2)
    set_discard(state, "Tavern")
    set_coins(state, 5, 5, 5)
    play_turn(state, {0: wonder("Altar"), 1: build("Hideout"), 2: build("Altar")})
    assert state.phase == "discard_build"
    restored = state_from_json(state.to_json())
    for s in (state, restored):
        s.apply(0, Action("discard_build", "Tavern"))
        assert s.phase == "debt"
        assert s.owed == {0: 1, 2: 1}
    assert restored.to_json() == state.to_json()
