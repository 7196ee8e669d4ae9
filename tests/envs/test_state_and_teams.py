"""The PettingZoo environments' global state for centralised critics (``state()``,
``state_space``), the team rewards of 7 Wonders' team game (``team_rewards=True``) and the
versioned names."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import state_test  # noqa: E402

from wonders.core.errors import OptionsError  # noqa: E402
from wonders.envs.codec import ENCODING_VERSION  # noqa: E402
from wonders.envs.pettingzoo import env, parallel_env  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Observation")

TEAMS = {"players": 4, "expansions": ["cities"], "teams": True}
CASES = [
    ("duel", {}),
    ("classic", {"players": 3}),
    ("architects", {"players": 3}),
    ("classic", TEAMS),
]


@pytest.mark.parametrize(("game", "options"), CASES)
def test_pettingzoo_state_test(game: str, options: dict[str, Any]) -> None:
    state_test(env(game, **options), parallel_env(game, **options), num_cycles=20)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_state_is_every_seat_observation_concatenated(game: str, options: dict[str, Any]) -> None:
    p = parallel_env(game, **options)
    observations, _ = p.reset(seed=1)
    size = p.observation_space("player_0")["observation"].shape[0]
    assert p.state_space.shape == (len(p.possible_agents) * size,)
    rng = np.random.default_rng(1)
    for _ in range(6):
        state = p.state()
        assert p.state_space.contains(state)
        blocks = np.split(state, len(p.possible_agents))
        for agent, block in zip(p.possible_agents, blocks, strict=True):
            assert np.array_equal(block, observations[agent]["observation"])
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
        }
        observations, *_ = p.step(actions)
    a = env(game, **options)  # the AEC form: the same global state of the same game
    a.reset(seed=1)
    p.reset(seed=1)
    assert a.state_space == p.state_space
    assert np.array_equal(a.state(), p.state())


def _parallel_game(p: Any, seed: int) -> tuple[dict[str, float], dict[str, Any]]:
    observations, _ = p.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while p.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
        }
        observations, rewards, _, _, infos = p.step(actions)
    return rewards, infos


@pytest.mark.parametrize("players", [4, 6])
def test_team_rewards(players: int) -> None:
    options = {**TEAMS, "players": players}
    for seed in range(2):
        rewards, infos = _parallel_game(parallel_env("classic", team_rewards=True, **options), seed)
        plain, _ = _parallel_game(parallel_env("classic", **options), seed)
        winners = set(infos["player_0"]["result"]["winners"])
        for team in range(players // 2):
            a, b = f"player_{2 * team}", f"player_{2 * team + 1}"
            ours = winners & {2 * team, 2 * team + 1}
            expected = -1.0 if not ours else 0.0 if winners - ours else 1.0
            assert rewards[a] == rewards[b] == expected
            assert plain[a] == plain[b]  # the default: the team's rank, shared
        assert rewards != plain  # e.g. +1, not 2/3, for the winners at 4 players
    aec = env("classic", team_rewards=True, **options)
    aec.reset(seed=0)
    rng = np.random.default_rng(0)
    totals: dict[str, float] = {}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        aec.step(
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
    assert set(totals.values()) <= {-1.0, 0.0, 1.0} and 1.0 in totals.values()


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("duel", {}),
        ("classic", {"players": 4}),
        ("classic", {"players": 4, "expansions": ["cities"]}),
    ],
)
def test_team_rewards_without_teams_is_a_one_line_error(game: str, options: dict[str, Any]) -> None:
    for make in (env, parallel_env):
        with pytest.raises(OptionsError, match="team_rewards needs a team game") as error:
            make(game, team_rewards=True, **options)
        assert "\n" not in str(error.value)


def test_names_carry_the_encoding_version() -> None:
    for game, options in CASES:
        name = f"wonders_{game}_v{ENCODING_VERSION}"
        assert env(game, **options).metadata["name"] == name
        assert parallel_env(game, **options).metadata["name"] == name
    assert env("duel").metadata["name"] == "wonders_duel_v1"
