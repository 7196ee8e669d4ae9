"""Difficulty levels: names like the other bots', declared as checked data (the bots' file and
a game's own), each a bot that plays a legal move in every game; listed by ``wonders bots``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.bots import LEVELS, make_bot
from wonders.bots.greedy import GreedyBot
from wonders.bots.ismcts import ISMCTSBot
from wonders.bots.levels import LEVELS_ENV, LevelBot, expected_seconds, level, levels
from wonders.bots.montecarlo import MonteCarloBot
from wonders.cli.app import app
from wonders.cli.saves import rng_state, set_rng_state
from wonders.core.errors import DataError, OptionsError
from wonders.core.registry import game_names, get_game, setup


def first_decision(game: str, seed: int = 3) -> Any:
    state = setup(game, get_game(game).options(), seed)
    return state, state.to_move()[0]


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("name", LEVELS)
def test_every_level_plays_a_legal_move_in_every_game(game: str, name: str) -> None:
    state, seat = first_decision(game)
    bot = make_bot(name, seed=5)
    assert isinstance(bot, LevelBot) and bot.name == name
    assert bot.choose(state, seat) in state.legal_actions(seat)


def test_the_levels_are_their_files_bots_and_architects_sets_its_own() -> None:
    """The bots' file for every game; Architects' own data/levels.toml (found through the
    registry) plays montecarlo where it measured stronger than ismcts."""
    assert [lv.spec for lv in levels()] == ["random", "greedy", "ismcts:0.5", "ismcts:2"]
    assert [lv.spec for lv in levels("classic")] == [lv.spec for lv in levels()]
    assert [lv.spec for lv in levels("duel")] == [lv.spec for lv in levels()]
    assert [lv.spec for lv in levels("architects")] == [
        "random",
        "greedy",
        "montecarlo:0.5",
        "montecarlo:2",
    ]
    kinds = {
        "duel": [type(None), GreedyBot, ISMCTSBot, ISMCTSBot],
        "architects": [type(None), GreedyBot, MonteCarloBot, MonteCarloBot],
    }
    for game, expected in kinds.items():
        for name, kind in zip(LEVELS, expected, strict=True):
            if kind is not type(None):
                assert isinstance(LevelBot(name, 0, make_bot).bot_for(game), kind)
    assert [expected_seconds(n) for n in LEVELS] == [0.0, 0.0, 0.5, 2.0]
    assert expected_seconds("ismcts") == 1.0 and expected_seconds("greedy") == 0.0
    seconds = [level(n, g).seconds for g in game_names() for n in LEVELS]
    assert max(seconds) <= 5  # seconds a move, not minutes


def test_a_level_plays_its_bot_with_the_same_seed() -> None:
    """``medium`` is ``greedy`` with the same seed: the same moves, the same generator."""
    runs = []
    for name in ("medium", "greedy"):
        state, _ = first_decision("duel", 11)
        bot = make_bot(name, seed=4)
        moves = []
        for _turn in range(12):
            seat = state.to_move()[0]
            action = bot.choose(state, seat)
            moves.append(action.to_json())
            state.apply(seat, action)
        runs.append((moves, rng_state(bot)))
    assert runs[0] == runs[1]
    easy = make_bot("easy", 1)
    set_rng_state(easy, rng_state(make_bot("random", 2)))  # a saved game keeps it


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("hard:5", "the level hard sets its own think budget"),
        ("expert:300i", "the level expert sets its own think budget"),
        ("genius", "levels: easy, medium, hard, expert"),
    ],
)
def test_a_level_takes_no_budget_and_unknown_names_list_the_levels(name: str, words: str) -> None:
    with pytest.raises(OptionsError, match=words):
        make_bot(name)


def write(tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "levels.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv(LEVELS_ENV, str(path))


ALL = '[easy]\nbot = "random"\n[medium]\nbot = "greedy"\n[hard]\nbot = "greedy"\n'


def test_a_servers_own_levels_file_replaces_them_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick = '[expert]\nbot = "montecarlo"\nbudget = "3i"\nseconds = 0.01\n'
    write(tmp_path, ALL + quick, monkeypatch)
    assert level("expert").spec == "montecarlo:3i" and level("expert").seconds == 0.01
    assert level("expert", "architects").spec == "montecarlo:3i"  # the games' files too
    assert level("hard", "architects").spec == "greedy"
    state, seat = first_decision("architects")
    assert make_bot("expert", 1).choose(state, seat) in state.legal_actions(seat)


@pytest.mark.parametrize(
    ("expert", "words"),
    [
        ("", "lacks expert"),
        ('[expert]\nbot = "genius"\n', "level expert needs a bot: one of random, greedy"),
        ('[expert]\nbot = "hard"\n', "level expert needs a bot"),
        ('[expert]\nbot = "greedy"\nbudget = "1"\n', "only montecarlo, ismcts take a budget"),
        ('[expert]\nbot = "ismcts"\nbudget = 1\n', "written as text"),
        ('[expert]\nbot = "ismcts"\nbudget = "forever"\n', "bad think budget 'forever'"),
        ('[expert]\nbot = "ismcts"\nbudget = "9000"\n', "bad think budget '9000'"),
        ('[expert]\nbot = "ismcts"\nbudget = "30i"\n', "give its seconds"),
        ('[expert]\nbot = "ismcts"\nseconds = -1\n', "seconds is a number of at least 0"),
        ('[expert]\nbot = "ismcts"\nseconds = "1"\n', "seconds is a number of at least 0"),
        ('[expert]\nbot = "ismcts"\nwords = "x"\n', "a table of bot, budget, seconds"),
        ('[expert]\nbot = "ismcts"\n[master]\nbot = "ismcts"\n', "unknown level 'master'"),
        ("[expert\n", "levels.toml"),
    ],
)
def test_a_broken_levels_file_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, expert: str, words: str
) -> None:
    write(tmp_path, ALL + expert, monkeypatch)
    with pytest.raises(DataError, match=words) as caught:
        level("easy")
    assert str(tmp_path) in str(caught.value)
    with pytest.raises(DataError):
        make_bot("hard").choose(*first_decision("duel"))


def test_wonders_bots_lists_the_levels_with_their_bots_budgets_and_times() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["bots"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    for words in ("easy random", "medium greedy", "about 0.5 s a move", "about 2 s a move"):
        assert words in out
    assert "montecarlo, 2 s a move" in out
    assert "except expert above hard in Duel, not yet shown" in out
    assert "learned: a trained network" in out
    assert "7 Wonders Architects, 7 Wonders and 7 Wonders Duel so far" in out
    data = json.loads(runner.invoke(app, ["bots", "--json"]).stdout)
    assert "learned" in data["bots"] and data["learned"] == ["architects", "classic", "duel"]
    assert [lv["name"] for lv in data["levels"]] == list(LEVELS)
    expert = data["levels"][3]
    assert expert["games"]["architects"] == "montecarlo:2" and expert["seconds"] == 2.0
    help_text = " ".join(runner.invoke(app, ["play", "--help"]).stdout.split())
    assert "easy, medium, hard, expert" in help_text and "learned" in help_text


def test_a_level_plays_a_game_through_the_command_line() -> None:
    args = ["simulate", "duel", "--bots", "easy", "--games", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["results"][0]["winners"]
