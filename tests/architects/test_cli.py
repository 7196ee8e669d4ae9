"""`wonders` commands on Architects, end to end through typer's test runner."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.pilot import assert_snapshot, first_screens, play_by_keys
from wonders.architects import advice
from wonders.architects.present import action_label, decision, victory_line
from wonders.architects.tui import ArchitectsScreen
from wonders.cli.app import app
from wonders.cli.session import SeatTable, Session
from wonders.core.records import GameRecord
from wonders.core.records import replay as replay_record

runner = CliRunner()


@pytest.fixture(autouse=True)
def records_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` saves its game record: into the test's folder, never the user's."""
    monkeypatch.setenv("WONDERS_RECORDS", str(tmp_path / "records"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_play_a_whole_game_with_piped_choices() -> None:
    code, out, err = run(
        "play", "architects", "--players", "3", "--bots", "random", "--seed", "3",
        stdin="x\n99\n" + "1\n" * 400,
    )  # fmt: skip
    assert code == 0, out + err
    assert "You are seat 0" in out
    assert "“x” is not a choice" in out and "Please type a number from 1 to 3." in out
    assert "3. Take the top card of the central deck, face down." in out
    assert "Take a card\n" in out  # what is asked (present.decision), then why and how
    assert "Central: face down, 60 cards." in out
    assert "Final scores" in out and "\n3. You: " in out


def test_play_with_greedy_bots_a_chosen_wonder_and_seat() -> None:
    code, out, err = run(
        "play", "architects", "--players", "4", "--seat", "2", "--wonder", "Halicarnassus",
        "--seed", "5", stdin="1\n" * 400,
    )  # fmt: skip
    assert code == 0, out + err
    assert "You are seat 2. Your wonder is Halicarnassus." in out
    code, _, err = run("play", "architects", "--wonder", "Atlantis", stdin="")
    assert code == 1 and "unknown wonder" in err
    code, _, err = run("play", "architects", "--players", "9", stdin="")
    assert code == 1 and "players must be" in err


def test_play_stops_clearly_when_input_ends() -> None:
    code, _, err = run("play", "architects", "--seed", "1", stdin="1\n")
    assert code == 1 and "input ended" in err


def test_simulate_record_and_replay(tmp_path: Path) -> None:
    code, out, _ = run(
        "simulate", "architects", "--players", "5", "--games", "2", "--seed", "9",
        "--bots", "greedy", "--json", "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    results = json.loads(out)["results"]
    assert [r["seed"] for r in results] == [9, 10]
    assert all(len(r["totals"]) == 5 and r["winners"] for r in results)
    files = sorted(tmp_path.glob("architects-*.json"))
    assert [f.name for f in files] == ["architects-10.json", "architects-9.json"]
    code, out, _ = run("replay", str(tmp_path / "architects-9.json"), "--json")
    assert code == 0 and json.loads(out) == results[0]
    code, out, _ = run("replay", str(tmp_path / "architects-10.json"))
    assert code == 0 and "Final scores" in out
    data = json.loads((tmp_path / "architects-9.json").read_text())
    data["actions"][0][1]["deck"] = "Atlantis"
    (tmp_path / "bad.json").write_text(json.dumps(data))
    code, _, err = run("replay", str(tmp_path / "bad.json"))
    assert code == 1 and "does not replay" in err


def test_simulate_random_table() -> None:
    code, out, _ = run("simulate", "architects", "--players", "2", "--games", "3")
    flat = " ".join(out.split())
    assert code == 0 and "games of 7 Wonders Architects" in flat and "games a second" in flat


SHEET = {
    "game": "architects",
    "players": [
        {"name": "Ann", "wonder": "Giza", "stages": 5, "cat": True, "blue": 7, "cat_icons": 2,
         "victory_tokens": 2, "progress": ["Culture", "Education"]},
        {"name": "Bob", "wonder": "Babylon", "stages": [1, 2, 3, 5], "blue": 3,
         "progress": ["Culture", "Decoration"]},
        {"name": "Cy", "wonder": "Rhodes", "stages": 2},
    ],
}  # fmt: skip


def test_score_an_architects_table(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEET))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0
    ann, bob, cy = json.loads(out)["players"]
    assert ann == {
        "name": "Ann",
        "total": 53,
        "rank": 1,
        "breakdown": {"wonder": 30, "cat": 2, "blue": 7, "military": 6, "progress": 8},
    }
    assert bob["total"] == 15 + 3 + 8 and cy["total"] == 8
    code, out, _ = run("score", str(path))
    assert code == 0 and "Ann" in out and "progress" in out
    bad = json.loads(json.dumps(SHEET))
    bad["players"][1]["wonder"] = "Atlantis"
    path.write_text(json.dumps(bad))
    code, _, err = run("score", str(path))
    assert code == 1 and "unknown wonder 'Atlantis'" in err


def test_cards_architects() -> None:
    code, out, _ = run("cards", "architects", "--json")
    assert code == 0
    listed = json.loads(out)
    cards = [c for c in listed if c["deck"] is not None]
    assert len(cards) == 235
    assert len(listed) == 235 + 7 + 14  # the wonders, the progress tokens (Culture once)
    assert {c["deck"] for c in cards} >= {"central", "Giza"}
    code, out, _ = run("cards", "architects")
    assert code == 0 and "central" in out


def test_bench_architects_json() -> None:
    code, out, _ = run("bench", "--game", "architects", "--games", "2", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["options"]["players"] for r in rows] == [2, 4, 7]
    assert all(r["game"] == "architects" and r["games_per_second"] > 0 for r in rows)


def test_every_architects_card_stage_and_token_has_a_plain_text() -> None:
    code, out, _ = run("cards", "architects", "--json")
    assert code == 0
    listed = json.loads(out)
    assert all(c["text"] and "_" not in c["text"] for c in listed)
    faces = {c["name"]: c for c in listed if c["deck"] is not None}
    assert (
        faces["blue2cat"]["label"] == "blue 2 VP + cat" and "the cat" in faces["blue2cat"]["text"]
    )
    assert faces["red1"]["label"] == "shield + 1 horn"
    wonders = {c["name"]: c for c in listed if c["color"] == "wonder"}
    alexandria = wonders["Alexandria"]["stages"]
    assert alexandria[0]["text"] == "2 different resources -> 4 VP"
    assert alexandria[1]["text"] == (
        "2 equal resources -> 3 VP; take the top card of any deck, the central one included"
    )
    assert wonders["Olympia"]["text"].endswith(
        "stages in order, 1 to 5; stages 2 and 3 in any order"
    )
    tokens = {c["name"]: c["text"] for c in listed if c["color"] == "token"}
    assert tokens["Urbanism"] == "once a turn, taking wood or brick gives one more card"
    assert tokens["Culture"] == "4 VP with one Culture token, 12 with both"
    code, out, _ = run("cards", "architects")
    assert code == 0 and "blue 2 VP + cat" in out


# ---------------------------------------------------------------- the full-screen table


def test_the_table_plays_a_whole_architects_game_by_keys(tmp_path: Path) -> None:
    played = play_by_keys("architects", {"players": 3}, 3, tmp_path)
    state = played.session.state
    assert state.is_terminal()
    ids = {"blue2cat", "blue3", "red0", "red1", "red2"}
    for screen in played.screens:
        lines = screen.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert not any(i in screen for i in ids)  # card faces by what they are
    first = played.screens[0]
    assert "Architects · turn 1 · " in first and "Your wonder" in first
    assert "→ 1: 2 different resources -> " in first  # the next stage, cost and reward
    assert "(your left)" in first and "(your right)" in first
    assert "Final scores" in played.screens[-1]
    final = played.screens[-1]
    assert "Your points at the end" in final
    for label, points in advice.card_points(state.view(0)):
        assert re.search(rf"{re.escape(label)}\s+{points}", final), label
    wonders = [info["wonder"] for info in state.view(0)["players"]]
    won = victory_line(state.result().to_json(), 0, wonders)  # who won, and how
    assert won and " ".join(won.split()) in " ".join(re.sub(r"[│]", " ", final).split())
    path = played.app.record_path
    assert path is not None
    replayed = replay_record(GameRecord.load(path))
    assert replayed.result().to_json() == state.result().to_json()


def test_plain_architects_shows_labels_and_stage_rewards() -> None:
    code, out, _ = run(
        "play", "architects", "--players", "3", "--bots", "random", "--seed", "2", "--plain",
        stdin="1\n" * 200,
    )  # fmt: skip
    assert code == 0
    assert "different resources -> " in out
    assert "red1" not in out and "blue2cat" not in out and "≠" not in out


def test_snapshots_of_the_architects_table() -> None:
    shots = first_screens("architects", {"players": 4}, 12, ["enter", "c"])
    assert_snapshot("architects-start", shots[0])
    assert_snapshot("architects-your-wonder", shots[2])


def test_the_table_asks_and_lists_in_the_words_of_present() -> None:
    """The full-screen table's prompt and choices are ``present.decision`` and
    ``action_label``, the web's words, at every decision of a game."""
    session = Session("architects", {"players": 3}, 4, 0, "random")
    table = SeatTable(session)
    table.start()
    game = ArchitectsScreen(table)
    rng = random.Random(4)
    while not table.is_over():
        view, legal = table.view(), table.legal_actions()
        title, prompt = decision(view, [a.to_json() for a in legal])
        assert game.prompt() == f"[bold]{title}[/] · {prompt}"
        assert [c.label for c in game.choices()] == [action_label(view, a.to_json()) for a in legal]
        table.act(rng.choice(legal))
