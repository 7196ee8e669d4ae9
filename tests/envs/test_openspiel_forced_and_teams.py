"""The OpenSpiel games (issue 36): no chance node has a single outcome (a card that can only
be one thing is dealt at once, as OpenSpiel's own games do), and the team game's
``team_rewards`` parameter, PettingZoo's option of that name, with the utility declared."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import wonders.envs.openspiel  # noqa: E402, F401  (registers the games)
from tests.envs.spiel import move  # noqa: E402
from wonders.core.errors import OptionsError  # noqa: E402
from wonders.envs.codec import team_outcome_rewards  # noqa: E402
from wonders.envs.pettingzoo import WondersAEC, WondersParallel  # noqa: E402

# the tables where the model's last card of a deal, or of the wonders, is forced
FORCED = [
    "python_wonders_duel",
    "python_wonders_architects(players=7)",
    "python_wonders_classic",
    "python_wonders_classic(players=2)",
    "python_wonders_classic(players=4,expansions=leaders+cities,teams=True)",
]


def _play(state: Any, rng: random.Random) -> int:
    """Play to the end, chance nodes by their probabilities, checking that each has more
    than one outcome; how many there were."""
    nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len(outcomes) > 1, (state.batch.kind, state.batch.place())
            assert len(state.legal_actions()) == len(outcomes)
            actions, probabilities = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
            nodes += 1
        else:
            move(state, rng)
    return nodes


def _replay(game: Any, history: list[int]) -> Any:
    """A new state with ``history`` played (a simultaneous node's actions, one a player,
    as ``apply_actions``)."""
    state = game.new_initial_state()
    n, k = game.num_players(), 0
    while k < len(history):
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions(history[k : k + n])
            k += n
        else:
            state.apply_action(history[k])
            k += 1
    return state


@pytest.mark.parametrize("name", FORCED)
def test_no_chance_node_has_a_single_outcome_and_histories_replay(name: str) -> None:
    game = pyspiel.load_game(name)
    for seed in (0, 1):
        state = game.new_initial_state()
        nodes = _play(state, random.Random(seed))
        assert nodes > 10
        # the cards dealt at once follow from the history: it replays to the same world
        again = _replay(game, state.history())
        assert again.is_terminal()
        assert again.engine.to_json() == state.engine.to_json()
        assert again.returns() == state.returns()


def test_the_last_card_of_a_deal_is_dealt_with_the_one_before() -> None:
    """7 Wonders at 3 players: Age I's 21 cards are the hands; the 20th chance node of the
    deal also deals the 21st card, the only one left, and the hands hold all 21."""
    game = pyspiel.load_game("python_wonders_classic(players=3)")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.batch is None or state.batch.kind != "setup":
        state.apply_action(rng.choice(state.legal_actions()))
    batch = state.batch
    assert len(batch.places) == 21
    for _ in range(20):
        assert state.is_chance_node() and len(state.chance_outcomes()) > 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert batch.done() and state.batch is None and not state.is_chance_node()
    assert sum(len(hand) for hand in state.engine.hands) == 21
    world = state.resample_from_infostate(0, random.Random(0).random)
    assert [c.name for c in world.engine.hands[0]] == [c.name for c in state.engine.hands[0]]


TEAMS = "python_wonders_classic(players={},expansions=cities,teams=True,team_rewards=True)"


@pytest.mark.parametrize(("players", "zero_sum"), [(4, True), (6, False)])
def test_team_rewards_are_the_teams_outcomes(players: int, zero_sum: bool) -> None:
    game = pyspiel.load_game(TEAMS.format(players))
    kind = pyspiel.GameType.Utility
    assert game.get_type().utility == (kind.ZERO_SUM if zero_sum else kind.GENERAL_SUM)
    assert game.utility_sum() == (0.0 if zero_sum else None)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    teams = [[2 * t, 2 * t + 1] for t in range(players // 2)]
    state = game.new_initial_state()
    rng = random.Random(players)
    while not state.is_terminal():
        assert state.returns() == [0.0] * players
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            move(state, rng)
    returns = state.returns()
    assert returns == team_outcome_rewards(state.engine.result(), teams, players)
    assert set(returns) <= {-1.0, 0.0, 1.0}
    for a, b in teams:
        assert returns[a] == returns[b]
    if zero_sum:
        assert sum(returns) == 0.0
    # as the individual rewards' game, the same world ranked seat by seat instead
    plain = pyspiel.load_game(TEAMS.format(players).replace(",team_rewards=True", ""))
    assert plain.get_type().utility == kind.ZERO_SUM and plain.utility_sum() == 0.0


def test_team_rewards_need_the_team_game_and_are_pettingzoos_option() -> None:
    for make in (WondersAEC, WondersParallel):
        assert inspect.signature(make).parameters["team_rewards"].default is False
    assert pyspiel.load_game("python_wonders_classic").get_parameters()["team_rewards"] is False
    with pytest.raises(OptionsError, match="team_rewards needs a team game"):
        pyspiel.load_game("python_wonders_classic(players=4,team_rewards=True)")
    assert "team_rewards" not in pyspiel.load_game("python_wonders_duel").get_parameters()
