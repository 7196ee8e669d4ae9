"""`wonders` commands for Duel, end to end through typer's test runner."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.cli.pilot import assert_snapshot, first_screens, play_by_keys
from wonders.cli.app import app
from wonders.cli.session import SeatTable, Session
from wonders.core.present import Heading, age_name
from wonders.core.records import GameRecord
from wonders.core.records import replay as replay_record
from wonders.duel import advice
from wonders.duel import terminal as duel_words
from wonders.duel.present import Log, action_label, decision
from wonders.duel.state import setup
from wonders.duel.tui import DuelScreen

runner = CliRunner()


@pytest.fixture(autouse=True)
def records_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` saves its game record: into the test's folder, never the user's."""
    monkeypatch.setenv("WONDERS_RECORDS", str(tmp_path / "records"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_play_duel_against_a_bot_with_piped_choices() -> None:
    code, out, _ = run("play", "duel", "--seed", "4", "--bots", "random", stdin="1\n" * 200)
    assert code == 0, out
    assert "7 Wonders Duel, seed 4. You are seat 0." in out
    assert "Wonders on offer" in out and "Choose a wonder" in out and "Take " in out
    assert "8 face down." in out  # face-down cards counted, never named
    assert "Final scores (" in out and "victory)" in out


def test_play_duel_as_the_second_seat_first_game() -> None:
    code, out, _ = run(
        "play", "duel", "--seat", "1", "--seed", "2", "--bots", "greedy", stdin="1\n" * 200
    )
    assert code == 0, out
    assert "You are seat 1" in out


def test_play_duel_first_game_deals_the_wonder_sets_without_a_draft() -> None:
    code, out, _ = run("play", "duel", "--first-game", "--seed", "4", stdin="1\n" * 200)
    assert code == 0, out
    assert "Wonders on offer" not in out  # no wonder draft: the first game's sets
    assert "Final scores (" in out


def test_simulate_first_game_records_the_option(tmp_path: Path) -> None:
    code, out, _ = run(
        "simulate", "duel", "--first-game", "--games", "1", "--json", "--record", str(tmp_path)
    )
    assert code == 0, out
    record = json.loads((tmp_path / "duel-0.json").read_text())
    assert record["options"] == {"first_game": True}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "classic", "--first-game"), "--first-game is for 7 Wonders Duel"),
        (("play", "duel", "--players", "3"), "Duel is for 2 players"),
        (("play", "duel", "--seat", "2"), "--seat must be 0 to 1"),
        (("simulate", "duel", "--sides", "B"), "--sides is for 7 Wonders, not 7 Wonders Duel"),
        (("simulate", "duel", "--expansions", "leaders"), "expansions"),
        (("bench", "--game", "chess"), "unknown game"),
    ],
)
def test_bad_duel_options_are_clear_errors(args: tuple[str, ...], message: str) -> None:
    code, _, err = run(*args)
    assert code == 1 and message in err


def test_simulate_records_and_replay(tmp_path: Path) -> None:
    code, out, _ = run(
        "simulate", "duel", "--games", "3", "--seed", "9", "--bots", "greedy",
        "--json", "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0, out
    results = json.loads(out)["results"]
    assert len(results) == 3 and all(len(r["totals"]) == 2 for r in results)
    record = tmp_path / "duel-10.json"
    code, out, _ = run("replay", str(record), "--json")
    assert code == 0
    assert json.loads(out)["totals"] == results[1]["totals"]


def test_simulate_table_names_two_seats() -> None:
    code, out, _ = run("simulate", "duel", "--games", "2")
    assert code == 0 and "2 players" in out


def test_bench_covers_duel() -> None:
    code, out, _ = run("bench", "--game", "duel", "--games", "2", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["game"] for r in rows] == ["duel"] and rows[0]["games"] == 4
    assert rows[0]["games_per_second"] > 0


def test_score_refuses_an_unknown_game_and_a_duel_sheet_without_two_players(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "duel.json"
    sheet.write_text(json.dumps({"game": "chess", "players": []}))
    code, _, err = run("score", str(sheet))
    assert code == 1 and "no score booklet for 'chess'" in err
    sheet.write_text(json.dumps({"game": "duel", "players": []}))
    code, _, err = run("score", str(sheet))
    assert code == 1 and "the two players" in err


def test_cards_duel_json_has_chains_science_shields_points() -> None:
    code, out, _ = run("cards", "duel", "--age", "2", "--json")
    assert code == 0
    cards = {c["name"]: c for c in json.loads(out)}
    assert len(cards) == 23
    assert cards["Library"]["chain_in"] == "book" and cards["Library"]["science"] == "quill"
    assert cards["Walls"]["shields"] == 2 and cards["Courthouse"]["points"] == 5


def test_every_duel_card_wonder_and_token_has_a_plain_text() -> None:
    code, out, _ = run("cards", "duel", "--json")
    assert code == 0
    listed = json.loads(out)
    assert [sum(c["color"] == k for c in listed) for k in ("wonder", "token")] == [12, 10]
    texts = {c["name"]: c["text"] for c in listed}
    assert all(t and "_" not in t for t in texts.values()), texts
    assert texts["Wood reserve"] == "you buy wood from the bank for 1 coin each"
    assert texts["Stable"] == "1 shield; chains into Horse breeders"
    assert texts["The Pyramids"] == "3 stone, 1 papyrus -> 9 VP"
    appian = texts["The Appian Way"]
    assert "your opponent loses 3 coins" in appian and "play again at once" in appian
    assert texts["Circus Maximus"].startswith("1 wood, 2 stone, 1 glass -> ")
    assert "discard one grey card of your opponent's" in texts["Circus Maximus"]
    assert texts["Law"] == "a science symbol (law)"
    assert texts["Economy"] == "the coins your opponent pays the bank for resources go to you"
    assert texts["Mathematics"] == "3 VP per progress token you have, this one included"


# ---------------------------------------------------------------- the full-screen table


def test_the_table_plays_a_whole_duel_by_keys(tmp_path: Path) -> None:
    played = play_by_keys("duel", {}, 3, tmp_path)
    state = played.session.state
    assert state.is_terminal()
    for screen in played.screens:
        lines = screen.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert "blue2cat" not in screen
    draft = played.screens[0]
    assert "Choose a wonder" in draft and "Wonders on offer:" in draft
    assert " -> " in draft  # each wonder's cost and what it gives
    play = next(s for s in played.screens if "Take a card of the structure" in s)
    assert "Duel · Age I · you " in play and "The structure" in play
    assert "Final scores" in played.screens[-1]
    final = text(played.app.game.final())
    for name, _kind, points in advice.card_points(state.view(0)):
        assert re.search(rf"{re.escape(name)}\s+{points if points else ''}", final)
    path = played.app.record_path
    assert path is not None
    replayed = replay_record(GameRecord.load(path))
    assert replayed.result().to_json() == state.result().to_json()


def test_the_structure_names_every_card_readably() -> None:
    short = duel_words.short_names(8)
    assert len(set(short.values())) == len(short)  # no two cards look the same
    assert all(len(s) <= 8 for s in short.values())
    for seed in range(4):
        session = Session("duel", {}, seed, 0, "random")
        session.bots_move()
        while session.state.view(0)["phase"] == "draft":
            session.apply(0, session.state.legal_actions(0)[0])
            session.bots_move()
        game = DuelScreen(SeatTable(session))
        panel = text(game.table())
        choices = " ".join(str(c.label) for c in game.choices())
        for place in session.state.view(0)["structure"]:
            name = place["card"]
            if name is None or place["taken"]:
                continue
            assert short[name] in panel
            if place["accessible"]:
                assert name in choices  # in full among your choices
            elif short[name] != name:
                assert f"{short[name]}={name}" in panel.replace("\n", " ")  # the legend


def text(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(renderable)
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    return out


def states_with(pending: str, seeds: range) -> list[Any]:
    """Random Duel positions where seat 0 must answer a pending decision of that kind."""
    found = []
    for seed in seeds:
        state: Any = setup({}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            (p,) = state.to_move()
            view = state.view(p)
            if p == 0 and view["pending"] and view["pending"]["kind"] == pending:
                found.append(state.clone())
                break
            state.apply(p, rng.choice(state.legal_actions(p)))
    return found


def asked(state: Any) -> tuple[str, str, list[str]]:
    """Seat 0's decision in ``state``: its title, its prompt and each action's label."""
    view = state.view(0)
    legal = [a.to_json() for a in state.legal_actions(0)]
    title, prompt = decision(view, legal)
    return title, prompt, [action_label(view, a) for a in legal]


def test_the_age_start_and_token_prompts_say_why() -> None:
    starts = states_with("start", range(12))
    assert starts
    for state in starts:
        title, text, choices = asked(state)
        leader = state.military.leader()
        assert ("Nobody leads in military" in text) == (leader is None)
        assert any(c.startswith("You start Age") for c in choices)
        # the Age chosen for is the one laid out, seen (its face-up cards) before choosing
        view = state.view(0)
        age = age_name(view["age"])
        assert view["age"] in (2, 3) and title == f"Who starts Age {age}?"
        assert f" choose who starts Age {age}." in text
        assert all(c.endswith((f"start Age {age}.", f"starts Age {age}.")) for c in choices)
        assert not any(place["taken"] for place in view["structure"])
    tokens = states_with("token", range(40))
    assert tokens
    for state in tokens:
        title, text, choices = asked(state)
        assert title == "Choose a progress token"
        assert text.startswith("Your ") and " make a pair of the " in text  # symbol, cards
        assert all(": " in c for c in choices)  # each token with its effect


def test_the_duel_log_announces_the_last_wonder_and_replays() -> None:
    log = Log({"seat": 0})
    lines = log.lines(
        [
            {"type": "wonders_offered", "wonders": ["A", "B", "C", "D"]},
            {"type": "pick_wonder", "player": 0, "wonder": "The Pyramids"},
            {"type": "pick_wonder", "player": 1, "wonder": "The Sphinx"},
            {"type": "pick_wonder", "player": 1, "wonder": "Piraeus"},
            {"type": "pick_wonder", "player": 0, "wonder": "The Colossus"},
            {"type": "wonder", "player": 1, "wonder": "The Sphinx", "card": "Baths", "paid": 4},
            {"type": "replay", "player": 1},
            {"type": "sell", "player": 0, "card": "Baths", "coins": 2},
        ]
    )
    assert lines[1] == "You took The Pyramids"
    assert lines[4] == "You get the last wonder of the four, The Colossus"
    assert lines[5] == "Your rival built The Sphinx for 4 coins — play again at once; 6 VP"
    assert lines[6] == "Your rival plays again"
    assert lines[7] == "You sold Baths for 2 coins"


def test_the_duel_log_says_who_chose_who_starts_each_age() -> None:
    log = Log({"seat": 0})
    lines = log.lines(
        [
            {"type": "age", "age": 1, "cards": []},
            {"type": "first", "age": 1, "player": 0, "chooser": None},
            {"type": "age", "age": 2, "cards": []},
            {"type": "first", "age": 2, "player": 1, "chooser": 0},
            {"type": "age", "age": 3, "cards": []},
            {"type": "first", "age": 3, "player": 0, "chooser": 1},
        ]
    )
    assert lines == [
        "Age I: its structure is laid out",
        "You start Age I",
        "Age II: its structure is laid out",
        "You chose your rival to start Age II",
        "Age III: its structure is laid out",
        "Your rival chose you to start Age III",
    ]
    assert all(isinstance(line, Heading) for line in lines)  # the terminal prints them bold


def test_duel_choices_say_what_they_do() -> None:
    state: Any = setup({}, 5)
    rng = random.Random(5)
    while state.view(0)["phase"] == "draft" or 0 not in state.to_move():
        (p,) = state.to_move()
        state.apply(p, rng.choice(state.legal_actions(p)))
    texts = asked(state)[2]
    assert any(t.startswith("Build ") and ("coin" in t or "free" in t) for t in texts)
    wonders = [t for t in texts if re.match(r"Build .* with .* for ", t)]
    assert all(": " in t for t in wonders)  # a wonder's effect beside its cost


def test_play_duel_refuses_a_wonder_clearly() -> None:
    code, _, err = run("play", "duel", "--wonder", "Giza", "--seed", "1")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "--wonder is for 7 Wonders and 7 Wonders Architects, not 7 Wonders Duel" in err


def test_snapshots_of_the_duel_table() -> None:
    shots = first_screens("duel", {}, 12, ["enter", "enter", "enter", "enter", "question_mark"])
    assert_snapshot("duel-draft", shots[0])
    assert_snapshot("duel-structure", shots[3])
    assert_snapshot("duel-help", shots[5])


def test_plain_duel_describes_cards_wonders_and_tokens() -> None:
    code, out, _ = run(
        "play", "duel", "--bots", "random", "--seed", "5", "--plain", stdin="1\n" * 120
    )
    assert code == 0, out
    out = " ".join(out.split())
    assert "chains into" in out  # a card's choice says what it does
    assert "Take The Sphinx (cost: 1 clay, 1 stone, 2 glass): play again at once; 6 VP." in out
    assert "Progress tokens on the board: Agriculture" in out
    assert "Who starts Age II?" in out or "Age II: its structure is laid out" in out
