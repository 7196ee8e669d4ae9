"""The Gymnasium single-agent environments (``wonders.envs.gym``): registered on import,
they pass Gymnasium's ``check_env``, let the bots move until the learner owes a decision,
reward the end, reproduce games by seed, answer illegal actions as documented, run in
Gymnasium's vector environments and refuse bad options in one line."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from wonders.core.errors import OptionsError  # noqa: E402
from wonders.core.registry import registered  # noqa: E402
from wonders.envs.codec import ENCODING_VERSION, outcome_rewards  # noqa: E402
from wonders.envs.gym import WondersGym, env_id, register_envs  # noqa: E402
from wonders.envs.pettingzoo import parallel_env  # noqa: E402
from wonders.envs.render import SeatRenderer  # noqa: E402

GAMES = [
    ("wonders/Duel-v1", {}),
    ("wonders/Classic-v1", {"players": 3}),
    ("wonders/Architects-v1", {"players": 4}),
]


def _random_game(e: Any, seed: int, rng_seed: int = 0) -> tuple[list[Any], float, dict[str, Any]]:
    """Play one game with uniformly random legal actions: the trace, last reward, info."""
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(rng_seed)
    trace: list[Any] = [(info["seat"], float(obs["observation"].sum()))]
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        trace.append((action, float(obs["observation"].sum()), reward))
        assert truncated is False
        if terminated:
            return trace, reward, info
        assert reward == 0.0


@pytest.mark.filterwarnings("ignore:.*out of date:DeprecationWarning")
def test_import_registers_one_id_per_game_with_the_encoding_version() -> None:
    ids = [env_id(info.name) for info in registered() if info.has("codec")]
    assert {i for i, _ in GAMES} <= set(ids)
    assert all(i in gymnasium.registry for i in ids)
    assert register_envs() == ids  # again: nothing new, no warning of an override
    assert all(i.endswith(f"-v{ENCODING_VERSION}") for i in ids)
    e = gymnasium.make("wonders/Duel-v1", opponents="greedy")
    assert (
        e.unwrapped.metadata["name"] == parallel_env("duel").metadata["name"] == "wonders_duel_v1"
    )
    assert e.spec.entry_point == "wonders.envs.gym:WondersGym"
    with pytest.raises(gymnasium.error.DeprecatedEnv, match="use `wonders/Duel-v1`"):
        gymnasium.make("wonders/Duel-v0")  # the version is the encoding's: 1


@pytest.mark.parametrize(("gym_id", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_check_env_passes_without_warnings(
    gym_id: str, options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    e = gymnasium.make(gym_id, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(e.unwrapped)  # also makes it with each render mode (human prints)
    capsys.readouterr()


@pytest.mark.parametrize(("gym_id", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_bots_move_until_the_learner_owes_a_decision(gym_id: str, options: dict[str, Any]) -> None:
    e = gymnasium.make(gym_id, opponents="random", **options).unwrapped
    obs, info = e.reset(seed=3)
    rng = np.random.default_rng(3)
    n = e.engine.num_players
    while True:
        assert e.seat in e.engine.to_move()
        mask = obs["action_mask"]
        assert mask[0] == 0 and mask.sum() >= 1  # a decision, never WAIT
        assert np.array_equal(e.action_masks(), mask.astype(bool))
        obs, reward, terminated, _, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated:
            break
    assert e.engine.is_terminal()
    assert obs["action_mask"].sum() == 0
    result = info["result"]
    assert reward == outcome_rewards(e.engine.result(), n)[e.seat]  # the PettingZoo reward
    assert info["score"] == result["players"][e.seat]["breakdown"]


def test_seed_reproduces_the_game_and_deals_as_pettingzoo() -> None:
    e = gymnasium.make("wonders/Duel-v1", opponents="greedy")
    a = _random_game(e, 7)
    b = _random_game(e, 7)
    c = _random_game(e, 8)
    assert a[0] == b[0] and a[1] == b[1]
    assert a[0] != c[0]
    # reset() without a seed follows the last seed given
    e.reset(seed=7)
    first = e.reset()[0]["observation"]
    e.reset(seed=7)
    assert np.array_equal(e.reset()[0]["observation"], first)
    # the deal of reset(seed=s) is the PettingZoo environment's
    g = gymnasium.make("wonders/Classic-v1", players=3, opponents="random").unwrapped
    obs, _ = g.reset(seed=5)
    p = parallel_env("classic", players=3)
    pz, _ = p.reset(seed=5)  # the first turn: everyone chooses, the bots' choices hidden
    assert np.array_equal(obs["observation"], pz["player_0"]["observation"])
    assert np.array_equal(obs["action_mask"], pz["player_0"]["action_mask"])


def test_opponents_per_seat_and_random_seat() -> None:
    e = WondersGym("classic", opponents=["greedy", "random"], seat=1, players=3)
    e.reset(seed=0)
    assert type(e.solo.bots[2]).__name__ == "GreedyBot"  # clockwise from the learner
    assert type(e.solo.bots[0]).__name__ == "RandomBot"
    r = WondersGym("duel", opponents="random", seat="random")
    seats = {r.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1}
    assert r.reset(seed=4)[1]["seat"] == r.reset(seed=4)[1]["seat"]


def test_illegal_actions_end_the_game_or_play_the_lowest() -> None:
    e = WondersGym("duel", opponents="random")
    obs, _ = e.reset(seed=2)
    before = e.engine.to_json()
    with pytest.raises(ValueError, match="not in the action space"):
        e.step(10**6)
    assert e.engine.to_json() == before
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[-1])
    obs, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    assert e.engine.to_json() == before  # nothing played
    assert obs["action_mask"].sum() == 0 and not e.action_masks().any()  # the game is over
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    low = WondersGym("duel", opponents="random", illegal="lowest")
    twin = WondersGym("duel", opponents="random")
    obs, _ = low.reset(seed=2)
    twin.reset(seed=2)
    _, _, terminated, _, info = low.step(illegal)
    assert info == {"illegal_action": True} and not terminated
    twin.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert low.engine.to_json() == twin.engine.to_json()


def test_render_ansi_is_the_pettingzoo_text_of_the_learner() -> None:
    e = WondersGym("architects", opponents="random", seat=2, render_mode="ansi", players=3)
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text
    assert text == SeatRenderer("architects").text(e.engine, 2)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "duel", "opponents": "alphazero"}, "unknown bot 'alphazero'"),
        ({"game": "duel", "opponents": ["greedy", "greedy"]}, "1 other seats, got 2"),
        ({"game": "duel", "seat": 2}, "seat must be 0 to 1"),
        ({"game": "classic", "players": 9}, "players must be"),
        ({"game": "duel", "team_rewards": True}, "team_rewards needs a team game"),
        ({"game": "duel", "illegal": "ignore"}, "illegal must be one of"),
        ({"game": "duel", "render_mode": "rgb_array"}, "render_mode must be one of"),
    ],
)
def test_bad_options_are_one_line_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message) as error:
        WondersGym(**kwargs)
    assert "\n" not in str(error.value)


def test_team_rewards_are_plus_or_minus_one_per_team() -> None:
    options = {"players": 4, "expansions": ["cities"], "teams": True}
    for seed in range(2):
        e = WondersGym("classic", opponents="random", team_rewards=True, **options)
        _, reward, info = _random_game(e, seed)
        winners = set(info["result"]["winners"])
        ours = winners & {0, 1}
        assert reward == (-1.0 if not ours else 0.0 if winners - ours else 1.0)


def _vector_steps(vec: Any, steps: int) -> None:
    obs, _ = vec.reset(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        assert obs["observation"].shape[0] == vec.num_envs
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
        obs, rewards, _, truncated, _ = vec.step(np.array(actions))
        assert rewards.shape == (vec.num_envs,) and not truncated.any()


def test_sync_vector_env() -> None:
    vec = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make("wonders/Duel-v1", opponents="random") for _ in range(3)]
    )
    _vector_steps(vec, 40)  # past the end of a Duel game: the auto-reset
    vec.close()
    classic = gymnasium.make_vec(
        "wonders/Classic-v1", num_envs=2, vectorization_mode="sync", players=3
    )
    _vector_steps(classic, 5)
    classic.close()


def test_async_vector_env() -> None:
    vec = gymnasium.vector.AsyncVectorEnv(
        [lambda: gymnasium.make("wonders/Duel-v1", opponents="random") for _ in range(2)]
    )
    try:
        _vector_steps(vec, 5)
    finally:
        vec.close()
