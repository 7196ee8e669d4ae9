"""`wonders` commands on Architects, end to end through typer's test runner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from wonders.cli.app import app

runner = CliRunner()


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
    assert "Please type a number" in out
    assert "Your choices" in out and "take the top card" in out
    assert "Decks:" in out and "central: " in out
    assert "Final scores" in out and "(you)" in out


def test_play_with_greedy_bots_a_chosen_wonder_and_seat() -> None:
    code, out, err = run(
        "play", "architects", "--players", "4", "--seat", "2", "--wonder", "Halicarnassus",
        "--seed", "5", stdin="1\n" * 400,
    )  # fmt: skip
    assert code == 0, out + err
    assert "You are seat 2" in out and "Halicarnassus (you)" in out
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
    assert code == 0 and "games of architects" in out and "games/s" in out


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
    cards = json.loads(out)
    assert len(cards) == 235
    assert {c["deck"] for c in cards} >= {"central", "Giza"}
    code, out, _ = run("cards", "architects")
    assert code == 0 and "central" in out


def test_bench_architects_json() -> None:
    code, out, _ = run("bench", "--game", "architects", "--games", "2", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["options"]["players"] for r in rows] == [2, 4, 7]
    assert all(r["game"] == "architects" and r["games_per_second"] > 0 for r in rows)
