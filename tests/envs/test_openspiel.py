"""The OpenSpiel games: registered by importing the module, pass pyspiel.random_sim_test
with serialization, and expose the codecs' tensors and the views' strings (the chance
model itself: test_openspiel_chance.py)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import random  # noqa: E402

import wonders.envs.openspiel  # noqa: E402,F401  (registers the games)
from tests.envs.spiel import advance, deal  # noqa: E402
from wonders.envs import make_codec  # noqa: E402
from wonders.envs.openspiel import GAME_CLASSES  # noqa: E402

GAMES = [
    "python_wonders_duel",
    "python_wonders_duel(first_game=True)",
    "python_wonders_architects",
    "python_wonders_architects(players=5)",
    "python_wonders_classic",
    "python_wonders_classic(players=2)",
    "python_wonders_classic(players=4,expansions=leaders+cities,teams=True)",
    "python_wonders_classic(players=6,expansions=leaders,sides=A)",
]


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_serialization(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_every_registered_game_is_simulated() -> None:
    played = {name.split("(")[0] for name in GAMES}
    assert played == {f"python_wonders_{name}" for name in GAME_CLASSES}


def test_registered_names_and_types() -> None:
    names = {g.short_name for g in pyspiel.registered_games()}
    assert {"python_wonders_classic", "python_wonders_duel", "python_wonders_architects"} <= names
    classic = pyspiel.load_game("python_wonders_classic(players=5)")
    assert classic.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert classic.num_players() == 5
    duel = pyspiel.load_game("python_wonders_duel")
    assert duel.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert duel.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert duel.num_distinct_actions() == make_codec("duel").num_actions
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_wonders_classic(colour=red)")
    from wonders.core.errors import OptionsError

    for bad, reason in [
        ("python_wonders_classic(players=9)", "players must be"),
        ("python_wonders_duel(deals=-1)", "deals must be 0"),
        ("python_wonders_classic(expansions=dragons)", "unknown expansion"),
    ]:
        with pytest.raises(OptionsError, match=reason):
            pyspiel.load_game(bad)


def test_chance_nodes_then_views_as_tensors_and_strings() -> None:
    game = pyspiel.load_game("python_wonders_duel")
    codec = make_codec("duel")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.engine is None
    assert state.information_state_string(0) == "player 0: the deal is to come"
    assert not any(state.observation_tensor(1))
    tokens = state.chance_outcomes()
    assert [p for _, p in tokens] == pytest.approx([1 / 10] * 10)
    assert state.legal_actions() == [a for a, _ in tokens]
    assert state.action_to_string(tokens[0][0]).startswith("token ")
    assert deal(state, random.Random(0)) == 5 + 4  # five board tokens, four wonders offered
    engine = state.engine
    for player in (0, 1):
        tensor = np.array(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, codec.observe(engine, player))
        assert '"events"' in state.information_state_string(player)
    assert state.current_player() == engine.to_move()[0]
    assert sorted(state.legal_actions()) == sorted(codec.legal(engine, engine.to_move()[0]))
    assert state.action_to_string(state.legal_actions()[0]).startswith("pick_wonder")


def test_deprecated_deals_chooses_among_seeded_deals() -> None:
    """``deals`` >= 1 keeps the former model: one chance node, ``setup(options, seed)``."""
    game = pyspiel.load_game("python_wonders_duel(deals=7)")
    assert game.max_chance_outcomes() == 7
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 7] * 7)
    state.apply_action(3)
    from wonders.core.registry import get_game

    engine = get_game("duel").setup({}, 3)
    codec = make_codec("duel")
    for player in (0, 1):
        tensor = np.array(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, codec.observe(engine, player))
        info = state.information_state_tensor(player)
        size = codec.layout.size
        assert info[:size] == state.observation_tensor(player)
        history = 300 * 3  # Duel's max length x (2 players + the action)
        assert len(info) == size + 2 * codec.num_actions + history and not any(info[size:])
        assert '"events"' in state.information_state_string(player)
        assert '"events"' not in state.observation_string(player)
    assert state.current_player() == engine.to_move()[0]
    assert sorted(state.legal_actions()) == sorted(codec.legal(engine, engine.to_move()[0]))
    assert state.action_to_string(state.legal_actions()[0]).startswith("pick_wonder")


def test_information_state_remembers_the_players_decisions() -> None:
    game = pyspiel.load_game("python_wonders_classic(players=3)")
    codec = make_codec("classic", {"players": 3})
    size, n = codec.layout.size, codec.num_actions
    state = game.new_initial_state()
    deal(state, random.Random(1))
    rng = np.random.default_rng(1)
    offered_then, chosen = [], []
    for _ in range(3):  # three turns: each seat sees a new hand each turn
        offered_then.append(state.legal_actions(0))
        joint = [int(rng.choice(state.legal_actions(p))) for p in range(3)]
        chosen.append(joint[0])
        state.apply_actions(joint)
    info = np.array(state.information_state_tensor(0))
    offered, picked = info[size : size + n], info[size + n : size + 2 * n]
    assert picked.sum() == 3 and all(picked[a] >= 1 for a in chosen)
    assert offered.sum() == sum(len(o) for o in offered_then)
    assert all(offered[a] >= 1 for o in offered_then for a in o)
    text = state.information_state_string(0)
    assert text.count('"decisions"') == 1 and '"events"' in text
    assert state.information_state_string(0) != state.information_state_string(1)
    # a re-dealt world keeps the player's own memory, so its information state
    world = state.resample_from_infostate(0, np.random.default_rng(2).random)
    assert world.information_state_tensor(0) == state.information_state_tensor(0)


def test_classic_simultaneous_node_and_returns() -> None:
    game = pyspiel.load_game("python_wonders_classic(players=3)")
    state = game.new_initial_state()
    deal(state, random.Random(0))
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    advance(state, random.Random(0), 10_000)
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert max(returns) > 0
    other = game.new_initial_state()
    deal(other, random.Random(0))
    before = str(other)
    good = [other.legal_actions(p)[0] for p in range(3)]
    with pytest.raises(ValueError, match="not legal for player 2"):
        other.apply_actions([*good[:2], 0])  # WAIT is not legal for a seat that must choose
    assert str(other) == before  # nothing was applied, not even the legal choices


def _history(state: object, player: int, size: int, n: int) -> list[float]:
    info = state.information_state_tensor(player)  # type: ignore[attr-defined]
    return list(info[size + 2 * n :])


def test_information_state_tensor_keeps_the_order_of_the_moves() -> None:
    """Duel's draft: the second player picks two wonders in a row; picking them in the
    other order gives the first player the same observation and counts, and another
    history. The rows name the mover (clockwise from the player) and the action + 1."""
    game = pyspiel.load_game("python_wonders_duel")
    codec = make_codec("duel")
    size, n = codec.layout.size, codec.num_actions
    first = game.new_initial_state()
    deal(first, random.Random(0))
    mover = first.current_player()
    a = first.legal_actions()[0]
    first.apply_action(a)
    other = first.current_player()
    assert other != mover
    c, d = first.legal_actions()[:2]
    second = first.clone()
    first.apply_action(c)
    first.apply_action(d)
    second.apply_action(d)
    second.apply_action(c)
    deal(first, random.Random(1))  # the next four wonders, the same in both
    deal(second, random.Random(1))
    assert first.current_player() == second.current_player()
    info1 = first.information_state_tensor(mover)
    info2 = second.information_state_tensor(mover)
    assert info1[: size + 2 * n] == info2[: size + 2 * n]  # observation and counts alike
    h1, h2 = _history(first, mover, size, n), _history(second, mover, size, n)
    assert h1 != h2
    assert h1[:9] == [1.0, 0.0, a + 1, 0.0, 1.0, c + 1, 0.0, 1.0, d + 1]
    assert h2[:9] == [1.0, 0.0, a + 1, 0.0, 1.0, d + 1, 0.0, 1.0, c + 1]
    assert not any(h1[9:])
    assert first.information_state_tensor(other) != second.information_state_tensor(other)


def test_classic_history_orders_the_players_own_decisions_only() -> None:
    game = pyspiel.load_game("python_wonders_classic(players=3)")
    codec = make_codec("classic", {"players": 3})
    size, n = codec.layout.size, codec.num_actions
    state = game.new_initial_state()
    deal(state, random.Random(2))
    rng = np.random.default_rng(4)
    mine = []
    for _ in range(4):
        joint = [int(rng.choice(state.legal_actions(p))) for p in range(3)]
        mine.append(joint[1])
        state.apply_actions(joint)
    rows = np.array(_history(state, 1, size, n)).reshape(-1, 4)
    assert rows[:4].tolist() == [[1.0, 0.0, 0.0, a + 1.0] for a in mine]
    assert not rows[4:].any()  # the other seats' hidden choices have no rows
    # a re-dealt world (other hands, decks) keeps the player's information state
    for k in range(3):
        world = state.resample_from_infostate(1, np.random.default_rng(k).random)
        assert world.information_state_tensor(1) == state.information_state_tensor(1)
