"""A game is one registered plug-in: a toy game registered from tests/ plays through the
commands and the bots that speak the protocol, with nothing outside tests/ touched (its
front ends: test_toy_front_ends.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wonders.bots import make_bot
from wonders.cli.app import app
from wonders.core.errors import OptionsError
from wonders.core.records import GameRecord, replay
from wonders.core.registry import command_options, game_names, get_game, unregister

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_builtin_games_are_registered_with_their_facts() -> None:
    assert game_names() == ["architects", "classic", "duel"]
    duel, classic = get_game("duel"), get_game("classic")
    assert (duel.title, duel.min_players, duel.max_players) == ("7 Wonders Duel", 2, 2)
    assert (classic.min_players, classic.default_players, classic.max_players) == (2, 3, 8)
    for name in game_names():
        info = get_game(name)
        for role in ("booklet", "greedy", "estimate", "narrator", "tui", "codec", "texts",
                     "cards", "cards_table"):  # fmt: skip
            assert callable(info.part(role)), (name, role)
        plain = info.part("plain")
        assert all(callable(getattr(plain, f)) for f in ("play", "decide", "final"))


def test_command_line_options_follow_each_games_entry() -> None:
    assert command_options("duel", None, None, None, False, True) == {"first_game": True}
    assert command_options("architects") == {"players": 3}
    assert command_options("classic", 4, "B", "leaders", False, False) == {
        "players": 4,
        "sides": "B",
        "expansions": ["leaders"],
    }
    with pytest.raises(OptionsError, match="--teams is for 7 Wonders, not 7 Wonders Duel"):
        command_options("duel", teams=True)
    with pytest.raises(OptionsError, match="--first-game is for 7 Wonders Duel, not 7 Wonders"):
        command_options("classic", first_game=True)
    with pytest.raises(OptionsError, match="7 Wonders Duel is for 2 players"):
        command_options("duel", 3)


def test_a_toy_game_registers_and_is_listed(toy: None) -> None:
    assert "highcard" in game_names()
    with pytest.raises(OptionsError, match="--sides is for 7 Wonders, not High card"):
        command_options("highcard", sides="A")
    with pytest.raises(OptionsError, match="High card has no greedy part"):
        make_bot("greedy").choose(get_game("highcard").setup({}, 1), 0)
    unregister("highcard")
    with pytest.raises(OptionsError, match="unknown game 'highcard'"):
        get_game("highcard")


def test_a_toy_game_simulates_records_and_replays(toy: None, tmp_path: Path) -> None:
    code, out, err = run(
        "simulate", "highcard", "--games", "4", "--bots", "random", "--json",
        "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    results = json.loads(out)["results"]
    assert len(results) == 4 and all(sum(r["totals"]) == 3 for r in results)
    record = tmp_path / "highcard-2.json"
    code, out, err = run("replay", str(record), "--json")
    assert code == 0, err
    assert json.loads(out)["totals"] == results[2]["totals"]
    state = replay(GameRecord.load(record))
    assert state.is_terminal() and state.result().totals == results[2]["totals"]


def test_a_toy_game_plays_a_tournament_of_search_bots(toy: None, tmp_path: Path) -> None:
    code, out, err = run(
        "tournament", "highcard", "--bots", "ismcts:20i,montecarlo:20i", "--games", "4",
        "--workers", "1", "--records", str(tmp_path), "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "highcard" and data["games"] == 4
    assert sorted(data["lineup"]) == ["ismcts:20i", "montecarlo:20i"]
    assert len(list(tmp_path.glob("*.json"))) == 4
    for path in tmp_path.glob("*.json"):
        assert replay(GameRecord.load(path)).is_terminal()


def test_a_toy_game_is_benchmarked_from_its_entry(toy: None) -> None:
    from wonders.cli import throughput

    (row,) = throughput.report(games=4, only="highcard")
    assert row["game"] == "highcard" and row["games"] == 4 and row["games_per_second"] > 0
