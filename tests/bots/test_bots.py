"""Bots: the greedy bot's estimate, its strength against random play, determinism."""

from __future__ import annotations

from typing import Any

from wonders.bots import Bot, RandomBot, make_bot
from wonders.bots.greedy import GreedyBot
from wonders.classic.actions import Action
from wonders.classic.cards import catalog
from wonders.classic.greedy import (
    apply_to_city,
    cheapest_payments,
    estimate,
    military_outlook,
)
from wonders.classic.state import ClassicState, setup


def play(state: ClassicState, bots: list[Bot]) -> list[tuple[int, Any]]:
    """Play to the end; the moves made."""
    moves = []
    while not state.is_terminal():
        for p in state.to_move():
            action = bots[p].choose(state, p)
            assert action in state.legal_actions(p)
            moves.append((p, action))
            state.apply(p, action)
    return moves


def test_make_bot_gives_the_greedy_bot() -> None:
    bot = make_bot("greedy", 3)
    assert isinstance(bot, GreedyBot)
    assert bot.name == "greedy"


def test_greedy_beats_random_clearly() -> None:
    games, wins = 30, 0
    for seed in range(games):
        seat = seed % 3
        bots: list[Bot] = [RandomBot(seed * 10 + i) for i in range(3)]
        bots[seat] = GreedyBot(seed)
        state = setup({"players": 3}, seed)
        play(state, bots)
        wins += seat in state.result().winners
    assert wins >= games // 2  # random play would win about a third


def test_greedy_is_deterministic_for_a_seed() -> None:
    runs = []
    for _ in range(2):
        state = setup({"players": 4}, 11)
        moves = play(state, [GreedyBot(7 + i) for i in range(4)])
        runs.append((moves, state.result().totals))
    assert runs[0] == runs[1]


def test_greedy_answers_every_kind_of_decision() -> None:
    """Babylon B's extra card, Halicarnassus's discard build and Olympia A's free build."""
    greedy = GreedyBot(0)
    seen: set[str] = set()
    for seed in range(20):
        sides = "B" if seed % 2 else "A"
        wonders = ["Babylon", "Halicarnassus", "Olympia"]
        state = setup({"players": 3, "wonders": wonders, "sides": sides}, seed)
        driver = RandomBot(seed)  # random play builds stages often: reach every phase
        while not state.is_terminal():
            for p in state.to_move():
                legal = state.legal_actions(p)
                choice = greedy.choose(state, p)
                assert choice in legal
                seen.add(state.phase)
                seen.update(a.kind for a in legal if a.kind == "free_build")
                state.apply(p, driver.choose(state, p))
        if {"extra_card", "discard_build", "free_build"} <= seen:
            break
    assert {"draft", "extra_card", "discard_build", "free_build"} <= seen


def test_greedy_plays_at_random_when_it_has_one_choice_or_another_game() -> None:
    class OtherGame:
        game_name = "classic"  # not a ClassicState: the bot has nothing to evaluate

        def __init__(self, actions: list[str]) -> None:
            self.actions = actions

        def legal_actions(self, player: int) -> list[str]:
            return self.actions

    assert GreedyBot(0).choose(OtherGame(["only"]), 0) == "only"  # type: ignore[arg-type]
    assert GreedyBot(0).choose(OtherGame(["a", "b"]), 0) in ("a", "b")  # type: ignore[arg-type]


def test_apply_to_city_pays_and_places_on_a_copy() -> None:
    state = setup({"players": 3, "wonders": ["Giza", "Rhodes", "Alexandria"]}, 1)
    cat = catalog()
    state.hands[0] = [cat.card_named("Timber Yard"), cat.card_named("Tavern")]
    city = state.cities[0]
    built = apply_to_city(state, 0, Action("build", "Timber Yard"))
    assert built.coins == 2 and built.has_name(cat.card_named("Timber Yard"))
    assert apply_to_city(state, 0, Action("build", "Tavern", 0, 0)).coins == 8
    assert apply_to_city(state, 0, Action("sell", "Tavern")).coins == 6
    staged = apply_to_city(state, 0, Action("wonder", "Tavern", 2, 0))
    assert (staged.stages, staged.coins) == (1, 1)
    assert city.coins == 3 and city.stages == 0 and not city.cards  # the original unchanged


def test_cheapest_payments_keep_the_lowest_totals_per_card() -> None:
    actions = [
        Action("build", "Baths", 2, 0),
        Action("build", "Baths", 0, 2),
        Action("build", "Baths", 1, 2),
        Action("wonder", "Baths", 4, 0),
        Action("sell", "Baths"),
    ]
    assert cheapest_payments(actions) == [
        Action("build", "Baths", 2, 0),
        Action("build", "Baths", 0, 2),
        Action("wonder", "Baths", 4, 0),
        Action("sell", "Baths"),
    ]


def test_military_outlook() -> None:
    assert military_outlook(2, 2, 2, 1, 5) == 0
    assert military_outlook(3, 1, 1, 2, 3) > 0 > military_outlook(1, 3, 3, 2, 3)
    # the last conflict, no turn left: exactly the tokens of Age III
    assert military_outlook(4, 1, 6, 3, 0) == 5 - 1
    # a lead is worth more the closer the conflict
    assert military_outlook(3, 2, 2, 1, 1) > military_outlook(3, 2, 2, 1, 5)


def test_estimate_prefers_points_and_cheap_payments() -> None:
    state = setup({"players": 3, "wonders": ["Giza", "Rhodes", "Alexandria"]}, 2)
    cat = catalog()
    state.hands[0] = [cat.card_named("Altar"), cat.card_named("Theater")]
    state._legal.clear()
    altar = estimate(state, 0, Action("build", "Altar"))
    assert altar > estimate(state, 0, Action("sell", "Altar"))
    assert GreedyBot(0).choose(state, 0).kind == "build"
