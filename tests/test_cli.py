"""The `wonders` command, end to end through typer's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wonders.cli.app import app

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_play_a_whole_game_with_piped_choices() -> None:
    code, out, _ = run(
        "play", "classic", "--players", "3", "--bots", "random", "--seed", "3",
        stdin="x\n99\n" + "1\n" * 40,
    )  # fmt: skip
    assert code == 0, out
    assert "Please type a number" in out
    assert "Please type a number from 1 to" in out
    assert "Final scores" in out
    assert "Age 3" in out
    assert "Your hand" in out and ("cannot build" in out or "coin(s)" in out)


def test_play_with_a_chosen_wonder_and_seat() -> None:
    code, out, _ = run(
        "play", "classic", "--seat", "2", "--wonder", "Gizah", "--sides", "B", "--seed", "1",
        "--bots", "random", stdin="1\n" * 40,
    )  # fmt: skip
    assert code == 0
    assert "You are seat 2" in out
    assert "2 (you)" in out and "Giza B" in out
    code, _, err = run("play", "classic", "--wonder", "Atlantis", stdin="")
    assert code == 1 and "unknown wonder" in err


def test_play_stops_clearly_when_input_ends() -> None:
    code, _, err = run("play", "classic", "--seed", "1", stdin="1\n")
    assert code == 1
    assert "input ended" in err


def test_simulate_json_is_deterministic_and_complete() -> None:
    args = ("simulate", "classic", "--players", "4", "--games", "3", "--seed", "7", "--json")
    code, out, _ = run(*args)
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"games", "seconds", "games_per_second", "results"}
    assert data["games"] == 3
    assert [r["seed"] for r in data["results"]] == [7, 8, 9]
    for r in data["results"]:
        assert len(r["totals"]) == 4 and r["winners"]
    again = json.loads(run(*args)[1])
    assert again["results"] == data["results"]


def test_simulated_records_replay(tmp_path: Path) -> None:
    code, out, _ = run(
        "simulate", "classic", "--games", "2", "--seed", "5", "--bots", "greedy",
        "--json", "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    results = json.loads(out)["results"]
    files = sorted(tmp_path.glob("classic-*.json"))
    assert [f.name for f in files] == ["classic-5.json", "classic-6.json"]
    code, out, _ = run("replay", str(files[0]), "--json")
    assert code == 0
    assert json.loads(out) == results[0]
    code, out, _ = run("replay", str(files[1]))
    assert code == 0 and "Final scores" in out


def test_tampered_record_fails_clearly(tmp_path: Path) -> None:
    run("simulate", "classic", "--games", "1", "--seed", "2", "--record", str(tmp_path))
    path = tmp_path / "classic-2.json"
    data = json.loads(path.read_text())
    data["actions"][3][1]["card"] = "Palace"
    path.write_text(json.dumps(data))
    code, _, err = run("replay", str(path))
    assert code == 1
    assert "does not replay" in err
    code, _, err = run("replay", str(tmp_path / "missing.json"))
    assert code == 1 and "cannot read" in err
    for version in (99, "abc"):
        data["version"] = version
        path.write_text(json.dumps(data))
        code, _, err = run("replay", str(path))
        assert code == 1 and f"unknown game record version {version!r}" in err
        assert len(err.strip().splitlines()) == 1


SHEET = {
    "game": "classic",
    "players": [
        {"name": "Ann", "wonder": "Rhodos", "side": "A", "stages": 2,
         "cards": ["Baths", "Altar"], "coins": 6, "military": [1, 3]},
        {"name": "Bob", "wonder": "Giza", "side": "B", "stages": 0,
         "cards": ["Workshop"], "coins": 3, "military": [-1]},
        {"name": "Cy", "wonder": "Babylon", "side": "A", "stages": 3,
         "cards": [], "coins": 0, "military": []},
    ],
}  # fmt: skip


def test_score_sheet(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEET))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0
    players = json.loads(out)["players"]
    ann = players[0]
    # Ann: military 4, coins 2, wonder 3, civilian 2 + 3
    assert ann["breakdown"]["civilian"] == 5 and ann["total"] == 4 + 2 + 3 + 5
    assert [p["name"] for p in players] == ["Ann", "Bob", "Cy"]
    code, out, _ = run("score", str(path))
    assert code == 0 and "Ann" in out
    bad = json.loads(json.dumps(SHEET))
    bad["players"][1]["cards"] = ["Workshopp"]
    path.write_text(json.dumps(bad))
    code, _, err = run("score", str(path))
    assert code == 1 and "Workshopp" in err


def test_cards_json() -> None:
    code, out, _ = run("cards", "classic", "--json")
    assert code == 0
    cards = json.loads(out)
    assert len(cards) == 78
    assert set(cards[0]) == {"name", "age", "color", "cost", "chains_from", "copies", "effect"}
    assert set(cards[0]["cost"]) == {"coins", "resources"}
    code, out, _ = run("cards", "classic", "--players", "7", "--age", "1", "--json")
    age1 = json.loads(out)
    assert sum(len(c["copies"]) for c in age1) == 49
    code, out, _ = run("cards", "classic", "--players", "3", "--age", "1", "--json")
    assert sum(len(c["copies"]) for c in json.loads(out)) == 21
    code, out, _ = run("cards", "classic", "--age", "3")
    assert code == 0 and "Guild" in out


def test_bench_reports_every_table_size() -> None:
    code, out, _ = run("bench", "--games", "1", "--game", "classic", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["options"]["players"] for r in rows] == [3, 5, 7, 2, 3, 7, 3, 8]
    assert [r["options"].get("expansions") for r in rows][-4:] == [
        ["leaders"],
        ["leaders"],
        ["cities"],
        ["cities"],
    ]
    for r in rows:
        assert r["games"] >= 1 and r["games_per_second"] > 0 and r["decisions_per_second"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "classic", "--players", "9"), "players must be"),
        (("simulate", "chess"), "unknown game"),
        (("simulate", "classic", "--bots", "smart"), "unknown bot"),
        (("play", "classic", "--seat", "5", "--seed", "1"), "--seat"),
        (("cards", "classic", "--age", "4"), "--age"),
        (("simulate", "classic", "--sides", "C"), "side"),
    ],
)
def test_bad_options_are_clear_errors(args: tuple[str, ...], message: str) -> None:
    code, _, err = run(*args)
    assert code == 1
    assert message in err
    assert "Traceback" not in err


def test_cards_with_the_leaders_expansion() -> None:
    code, out, _ = run("cards", "classic", "--expansions", "leaders", "--json")
    assert code == 0
    cards = json.loads(out)
    leaders = [c for c in cards if c["color"] == "white"]
    assert len(leaders) == 36
    assert all(c["age"] is None and not c["cost"]["resources"] for c in leaders)
    assert {c["name"]: c["cost"]["coins"] for c in leaders}["Pericles"] == 6
    guilds = {c["name"] for c in cards if c["color"] == "purple"}
    assert {"Gamers Guild", "Courtesans Guild", "Diplomats Guild", "Architects Guild"} <= guilds
    code, out, _ = run("cards", "classic", "--json")
    assert not any(c["color"] == "white" for c in json.loads(out))
    code, out, _ = run("cards", "classic", "--expansions", "leaders", "--players", "3")
    assert code == 0 and "leader" in out and "Maecenas" in out
    code, _, err = run("cards", "classic", "--expansions", "armada")
    assert code == 1 and "unknown expansion" in err


def test_score_a_leaders_sheet(tmp_path: Path) -> None:
    sheet = {
        "game": "classic",
        "expansions": ["leaders"],
        "players": [
            {"name": "Ann", "wonder": "Roma", "side": "A", "stages": 2,
             "cards": ["Apothecary", "Courtesans Guild"], "coins": 9, "military": [1],
             "leaders": ["Euclid", "Midas"], "courtesan": "Cleopatra"},
            {"name": "Bob", "wonder": "Giza", "side": "A", "stages": 1, "cards": ["Baths"],
             "coins": 3, "military": [-1], "leaders": ["Cleopatra"]},
            {"name": "Cy", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": [],
             "coins": 3, "military": []},
        ],
    }  # fmt: skip
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0, out
    ann, bob, _ = json.loads(out)["players"]
    assert ann["breakdown"]["science"] == 4  # two compasses, one of them Euclid's
    assert ann["breakdown"]["leaders"] == 3  # Midas: 9 coins
    assert ann["breakdown"]["guilds"] == 5  # the courtesan's Cleopatra
    assert bob["breakdown"]["leaders"] == 5
    code, out, _ = run("score", str(path))
    assert code == 0 and "lead" in out
    sheet["players"][2]["courtesan"] = "Cleopatra"  # type: ignore[index]
    path.write_text(json.dumps(sheet))
    code, _, err = run("score", str(path))
    assert code == 1 and "Courtesans Guild" in err


@pytest.mark.parametrize(
    "options",
    [
        ("--players", "2"),
        ("--expansions", "leaders"),
        ("--players", "2", "--expansions", "leaders"),
    ],
)
def test_play_the_free_city_and_leaders_with_piped_choices(options: tuple[str, ...]) -> None:
    code, out, _ = run(
        "play", "classic", *options, "--bots", "greedy", "--seed", "4", stdin="1\n" * 80
    )
    assert code == 0, out
    assert "Final scores" in out
    if "2" in options:
        assert "Free City" in out
    if "leaders" in options:
        assert "Leader draft" in out and "recruitment" in out


def test_simulate_two_players_with_leaders() -> None:
    code, out, _ = run(
        "simulate", "classic", "--players", "2", "--expansions", "leaders",
        "--games", "2", "--bots", "greedy", "--json",
    )  # fmt: skip
    assert code == 0, out
    assert all(len(r["totals"]) == 2 for r in json.loads(out)["results"])
