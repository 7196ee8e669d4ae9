"""Bots: the protocol-level greedy bot, its strength against random play, determinism (the
classic greedy's estimate and helpers are tested in tests/classic/test_greedy.py)."""

from __future__ import annotations

from typing import Any

from wonders.bots import Bot, RandomBot, make_bot
from wonders.bots.greedy import GreedyBot
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
