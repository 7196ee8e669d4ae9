"""A game is one registered plug-in, front ends included: the toy game of ``toy_game`` (its
front-end parts in ``toy_front``, written against the parts' documented interfaces) is
played in the terminal's line mode and full-screen table, at the web table and by
PettingZoo's and Gymnasium's API tests, with nothing outside tests/ touched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.pilot import play_by_keys
from wonders.cli.app import app
from wonders.core.records import GameRecord

runner = CliRunner()


def test_a_toy_game_plays_in_the_terminals_line_mode(
    toy: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WONDERS_SAVES", str(tmp_path / "saves"))
    args = ["play", "highcard", "--plain", "--bots", "random", "--seed", "3"]
    result = runner.invoke(app, [*args, "--record", str(tmp_path)], input="1\n" * 3)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "High card, seed 3. You are seat 0." in out
    assert "1. Play the " in out  # the toy's choices, numbered by the shared loop
    assert re.search(r"(You take|Player 2 takes) the trick", out)
    assert "You won." in out or "Your rival won." in out
    (record,) = tmp_path.glob("highcard-*.json")
    assert GameRecord.load(record).game == "highcard"


def test_a_toy_game_plays_in_the_full_screen_table(toy: None, tmp_path: Path) -> None:
    played = play_by_keys("highcard", {}, 3, tmp_path)
    assert played.session.state.is_terminal()
    assert "Your hand: [" in played.screens[0]
    assert "Play the " in played.screens[0]
    assert "won." in played.screens[-1]


def test_a_toy_game_passes_the_pettingzoo_api_tests(toy: None) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test

    from wonders.envs.pettingzoo import env, parallel_env

    api_test(env("highcard"), num_cycles=50)
    parallel_api_test(parallel_env("highcard"), num_cycles=50)
    e = env("highcard", render_mode="ansi")
    e.reset(seed=1)
    assert "1. Play the " in str(e.render())  # the toy's own --plain lines


def test_a_toy_game_is_a_gymnasium_env_against_the_bots(toy: None) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from wonders.envs.gym import WondersGym

    check_env(WondersGym("highcard", opponents="random"), skip_render_check=True)


def test_a_toy_game_plays_at_the_web_table(toy: None, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from tests.web.conftest import create, play_to_end, state
    from wonders.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0)) as client:
        made = create(client, "highcard", {}, ["human", "random"])
        token = made["seats"][0]["token"]
        first = state(client, token)
        assert first["game"] == "highcard"
        assert first["decision"]["title"] == "Play a card"  # the toy's words, sent finished
        assert first["labels"] == [f"Play the {a['card']}." for a in first["legal"]]
        assert client.get(made["seats"][0]["link"]).status_code == 200
        assert client.get(made["watch"]).status_code == 200
        end = play_to_end(client, [token])
        assert end["status"] == "finished"
        assert end["outcome"] in ("You won.", "Your rival won.")  # the toy's victory line
