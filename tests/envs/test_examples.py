"""The examples run (with a tiny budget)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_train_duel_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    train = _load("train_duel")
    out = train.train(seconds=1.0, eval_games=2, seed=0, lr=0.01)
    printed = capsys.readouterr().out
    assert "win rate against greedy before training" in printed
    assert "win rate against greedy after training" in printed
    assert 0.0 <= out["before"] <= 1.0 and 0.0 <= out["after"] <= 1.0
    assert out["games"] >= 1
    assert abs(out["weights"]).sum() > 0  # it learned something from its games


def test_openspiel_mcts_duel_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    example = _load("openspiel_duel_mcts")
    returns = example.play(games=1, simulations=2, worlds=1, seed=0)
    assert len(returns) == 1 and returns[0] in (-1.0, 0.0, 1.0)
    assert "MCTS as player 0" in capsys.readouterr().out


def test_resampled_worlds_keep_the_information_state() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import random

    import wonders.envs.openspiel  # noqa: F401
    from tests.envs.spiel import advance

    game = pyspiel.load_game("python_wonders_duel")
    state = game.new_initial_state()
    rng = random.Random(0)
    advance(state, rng, 12)  # the chance nodes deal and turn cards face up
    player = state.current_player()
    differ = 0
    for _ in range(5):
        world = state.resample_from_infostate(player, rng.random)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions(player) == state.legal_actions(player)
        differ += world.engine.to_json() != state.engine.to_json()
    assert differ > 0


def test_describe_spaces_lists_fields_and_actions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    describe = _load("describe_spaces")
    monkeypatch.setattr(sys, "argv", ["describe_spaces.py", "duel", "--actions"])
    describe.main()
    out = capsys.readouterr().out
    assert out.startswith("1193 actions")
    assert "| 1 | me.coins | me: coins |" in out
    assert "\n0 wait\n" in out and "token Urbanism" in out
    assert describe.parse_options(["players=4", "expansions=leaders,cities", "teams=true"]) == {
        "players": 4,
        "expansions": ["leaders", "cities"],
        "teams": True,
    }
