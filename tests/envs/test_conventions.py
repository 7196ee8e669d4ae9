"""The environments follow their libraries' conventions (issue 36, points 2-4):
``is_parallelizable`` says what PettingZoo's ``aec_to_parallel`` can do; OpenSpiel's flat
joint actions at Classic's simultaneous nodes; an illegal action ends the game with -1 for
the offender, as in PettingZoo's classic games, unless ``illegal="lowest"``."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import parallel_api_test  # noqa: E402
from pettingzoo.utils import aec_to_parallel  # noqa: E402

from wonders.core.errors import OptionsError  # noqa: E402
from wonders.envs.pettingzoo import env, parallel_env  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Observation")

# ---------------------------------------------------------------- 2. is_parallelizable


def _parallel_games_end(game: str, options: dict[str, Any], seeds: range) -> bool:
    """Whether ``aec_to_parallel`` (made to accept the environment) plays seeded random
    games (legal actions from each step's masks) to the engine's end; False at the first
    that stops or ends otherwise (an agent it stepped out of turn played an action its
    mask no longer allowed)."""
    for seed in seeds:
        e = env(game, **options)
        e.metadata["is_parallelizable"] = True
        p = aec_to_parallel(e)
        observations, _ = p.reset(seed=seed)
        rng = np.random.default_rng(seed)
        try:
            while p.agents:
                actions = {
                    a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                    for a, o in observations.items()
                }
                observations, *_ = p.step(actions)
        except AssertionError as error:
            assert "expected agent" in str(error)  # its cycle broke, nothing else
            return False
        if not e.unwrapped.table.state.is_terminal():
            return False
    return True


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("classic", {"players": 3}),
        ("classic", {"players": 2}),
        ("duel", {}),
        ("architects", {"players": 3}),
    ],
)
def test_is_parallelizable_says_whether_aec_to_parallel_works(
    game: str, options: dict[str, Any]
) -> None:
    flag = env(game, **options).metadata["is_parallelizable"]
    assert flag == env(game, illegal="lowest", **options).metadata["is_parallelizable"]
    assert flag == _parallel_games_end(game, options, range(6))
    if flag:
        parallel_api_test(aec_to_parallel(env(game, **options)), num_cycles=100)
    else:  # PettingZoo refuses it, as for its own turn-based games
        with pytest.raises(AssertionError, match="is_parallelizable"):
            aec_to_parallel(env(game, **options))
    parallel_api_test(parallel_env(game, **options), num_cycles=100)  # the Parallel form


# ---------------------------------------------------------------- 3. OpenSpiel flat joint actions


def _classic_node(players: int = 3, deal: int = 0, turns: int = 0) -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    import random

    import wonders.envs.openspiel  # noqa: F401
    from tests.envs.spiel import deal as play_chance

    game = pyspiel.load_game(f"python_wonders_classic(players={players})")
    state = game.new_initial_state()
    play_chance(state, random.Random(deal))  # the chance nodes deal the wonders and hands
    rng = np.random.default_rng(deal)
    for _ in range(turns):
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(players)])
    return state


def test_flat_joint_actions_follow_openspiel() -> None:
    """OpenSpiel's ``SimMoveState``: ``legal_actions()`` is 0 .. prod - 1; a flat action is
    player 0's digit first, in mixed radix, each an index into the player's legal list."""
    import pyspiel

    state = _classic_node(turns=2)
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    own = [state.legal_actions(p) for p in range(3)]
    sizes = [len(actions) for actions in own]
    assert state.legal_actions() == list(range(sizes[0] * sizes[1] * sizes[2]))
    assert state.num_flat_joint_actions() == len(state.legal_actions())
    decoded = [tuple(state.joint_action(f)) for f in state.legal_actions()]
    assert decoded == [(a, b, c) for c, b, a in itertools.product(own[2], own[1], own[0])]
    flat = 1 + sizes[0] * (2 + sizes[1] * 3)
    assert state.joint_action(flat) == [own[0][1], own[1][2], own[2][3]]
    names = [state.action_to_string(p, a) for p, a in enumerate(state.joint_action(flat))]
    assert state.action_to_string(flat) == "[" + ", ".join(names) + "]"


def test_apply_action_of_a_flat_joint_action_is_apply_actions_of_its_joint_action() -> None:
    import pyspiel

    state = _classic_node(turns=1)
    count = len(state.legal_actions())
    for flat in (0, count // 3, count - 1):
        joint = state.joint_action(flat)
        by_flat, by_joint = state.clone(), state.clone()
        by_flat.apply_action(flat)
        by_joint.apply_actions(joint)
        assert str(by_flat) == str(by_joint)
        assert by_flat.history() == by_joint.history() == [*state.history(), *joint]
        for p in range(3):
            assert by_flat.information_state_tensor(p) == by_joint.information_state_tensor(p)
        # OpenSpiel's C++ ApplyAction (what its C++ algorithms call) plays the same move
        native = state.clone()
        pyspiel.State.apply_action(native, flat)
        assert str(native) == str(by_joint)
    before = str(state)
    with pytest.raises(ValueError, match=f"flat joint action {count} is not legal"):
        state.apply_action(count)
    assert str(state) == before and len(state.legal_actions()) == count


def test_a_classic_game_plays_to_its_end_by_flat_joint_actions() -> None:
    state = _classic_node(players=3, deal=3)
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert sum(state.returns()) == pytest.approx(0.0) and max(state.returns()) > 0


def test_more_flat_joint_actions_than_openspiel_counts_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Beyond OpenSpiel's int count (patched down here), ``legal_actions()`` refuses in one
    line; the players' own actions and ``apply_action(flat)`` still work."""
    from wonders.envs import openspiel

    state = _classic_node()
    count = state.num_flat_joint_actions()
    joint = state.joint_action(count - 1)
    monkeypatch.setattr(openspiel, "MAX_FLAT_JOINT_ACTIONS", count - 1)
    with pytest.raises(ValueError, match=f"{count} flat joint actions, more than OpenSpiel"):
        state.legal_actions()
    assert all(state.legal_actions(p) for p in range(3))
    other = state.clone()
    state.apply_action(count - 1)
    other.apply_actions(joint)
    assert str(state) == str(other)


def test_sequential_games_keep_their_legal_actions() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import random

    import wonders.envs.openspiel  # noqa: F401
    from tests.envs.spiel import deal

    state = pyspiel.load_game("python_wonders_duel").new_initial_state()
    deal(state, random.Random(1))
    player = state.current_player()
    assert player >= 0 and state.legal_actions() == state.legal_actions(player)
    assert state.num_flat_joint_actions() == 0
    with pytest.raises(ValueError, match="not a simultaneous node"):
        state.joint_action(0)


# ---------------------------------------------------------------- 4. illegal actions


def _illegal_index(obs: dict[str, Any]) -> int:
    return int(np.flatnonzero(obs["action_mask"] == 0)[-1])


def _legal_index(obs: dict[str, Any]) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


def _finish(e: Any) -> dict[str, tuple[float, bool, bool, dict[str, Any]]]:
    """Each agent's ``last()`` at the end: (reward, terminated, truncated, info)."""
    seen = {}
    for agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        assert terminated or truncated
        seen[agent] = (reward, terminated, truncated, dict(info))
        e.step(None)
    return seen


@pytest.mark.parametrize(("game", "options"), [("duel", {}), ("classic", {"players": 3})])
def test_an_illegal_action_ends_the_game_with_minus_one_for_the_offender(
    game: str, options: dict[str, Any]
) -> None:
    e = env(game, **options)
    e.reset(seed=5)
    if game == "classic":  # player_0 chooses (hidden), then player_1 errs
        e.step(_legal_index(e.last()[0]))
    offender = e.agent_selection
    engine = e.engine.to_json()
    e.step(_illegal_index(e.last()[0]))  # PettingZoo's wrapper logs a warning
    assert e.engine.to_json() == engine  # nothing of it was played
    seen = _finish(e)
    assert set(seen) == set(e.possible_agents) and not e.agents
    for agent, (reward, terminated, truncated, info) in seen.items():
        assert terminated and truncated  # as PettingZoo's TerminateIllegalWrapper does
        assert reward == (-1.0 if agent == offender else 0.0)
        assert info == ({"illegal_action": True} if agent == offender else {})
    e.reset(seed=5)  # and the next game is an ordinary one
    assert e.agents == e.possible_agents and not any(e.terminations.values())


def test_the_default_wrappers_are_pettingzoos_and_refuse_actions_outside_the_space() -> None:
    from pettingzoo.utils import wrappers

    e = env("duel")
    assert isinstance(e, wrappers.OrderEnforcingWrapper)
    assert isinstance(e.env.env, wrappers.TerminateIllegalWrapper)
    e.reset(seed=1)
    agent, engine = e.agent_selection, e.engine.to_json()
    for outside in (10**9, -1, None):
        with pytest.raises(AssertionError, match="not in action space"):
            e.step(outside)
    assert e.agent_selection == agent and e.engine.to_json() == engine
    e.step(_legal_index(e.last()[0]))  # the game goes on
    assert not any(e.terminations.values())


def test_bad_illegal_option_is_refused() -> None:
    for make in (env, parallel_env):
        with pytest.raises(OptionsError, match="illegal must be one of terminate, lowest"):
            make("duel", illegal="ignore")


def test_lowest_keeps_replacing_and_the_flag_waits_for_the_offenders_next_turn() -> None:
    e = env("classic", players=3, illegal="lowest")
    twin = env("classic", players=3, illegal="lowest")
    e.reset(seed=6)
    twin.reset(seed=6)
    e.step(_illegal_index(e.last()[0]))
    twin.step(_legal_index(twin.last()[0]))  # the lowest legal index
    assert e.infos["player_0"] == {"illegal_action": True}
    for other in ("player_1", "player_2"):  # the others play on; the flag stays
        assert e.agent_selection == other
        action = _legal_index(e.last()[0])
        e.step(action)
        twin.step(action)
        assert e.infos["player_0"] == {"illegal_action": True}
    assert e.agent_selection == "player_0" and not e.terminations["player_0"]
    assert e.last()[4] == {"illegal_action": True}  # seen at its next turn
    assert e.engine.to_json() == twin.engine.to_json()
    e.step(_legal_index(e.last()[0]))
    assert e.infos["player_0"] == {}


def _movers(observations: dict[str, Any]) -> list[str]:
    return [a for a, o in observations.items() if o["action_mask"][0] == 0]


def test_parallel_illegal_action_ends_the_game_as_the_aec_form_does() -> None:
    p = parallel_env("classic", players=3)
    observations, _ = p.reset(seed=2)
    engine = p.table.state.to_json()
    actions = {a: _legal_index(o) for a, o in observations.items()}
    actions["player_1"] = _illegal_index(observations["player_1"])
    del actions["player_2"]  # a missing action is illegal too
    _, rewards, terminations, truncations, infos = p.step(actions)
    assert rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": -1.0}
    assert all(terminations.values()) and all(truncations.values()) and not p.agents
    assert infos == {
        "player_0": {},
        "player_1": {"illegal_action": True},
        "player_2": {"illegal_action": True},
    }
    assert p.table.state.to_json() == engine  # player_0's legal choice was not played


def test_parallel_ignores_waiting_agents_and_refuses_actions_outside_the_space() -> None:
    d = parallel_env("duel")
    observations, _ = d.reset(seed=0)
    (mover,) = _movers(observations)
    waiting = next(a for a in observations if a != mover)
    actions = {mover: _legal_index(observations[mover]), waiting: 7}  # ignored: it waits
    observations, _, terminations, _, infos = d.step(actions)
    assert not any(terminations.values()) and not any(infos.values())
    engine = d.table.state.to_json()
    (mover,) = _movers(observations)
    with pytest.raises(ValueError, match=f"{mover}'s action 5000 is not in the action space"):
        d.step({mover: 5000})
    assert d.table.state.to_json() == engine and d.agents


def test_parallel_lowest_keeps_replacing_and_flags() -> None:
    p = parallel_env("classic", players=3, illegal="lowest")
    twin = parallel_env("classic", players=3, illegal="lowest")
    observations, _ = p.reset(seed=2)
    twin.reset(seed=2)
    actions = {a: _legal_index(o) for a, o in observations.items()}
    _, _, terminations, _, infos = p.step({**actions, "player_1": 4000, "player_2": None})
    twin.step(actions)
    assert infos["player_1"] == infos["player_2"] == {"illegal_action": True}
    assert infos["player_0"] == {} and not any(terminations.values())
    assert p.table.state.to_json() == twin.table.state.to_json()
