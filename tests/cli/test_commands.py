"""The `wonders` command beyond the basics of tests/test_cli.py: sub-decisions in play,
hidden information, payment explanations, and clear errors for every kind of bad input."""

from __future__ import annotations

import json
import re
import runpy
import sys
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.bots import make_bot
from wonders.classic.payments import purchase_plan
from wonders.classic.state import ClassicState, setup
from wonders.cli import render
from wonders.cli.app import app, bot_seed

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def scripted(
    options: dict[str, Any], seed: int, seat: int, prefer: Collection[str]
) -> tuple[list[int], set[str], ClassicState]:
    """The numbers to type so that ``seat`` plays the first action of a preferred kind.

    Mirrors `wonders play`: random bots seeded with ``bot_seed`` move first, then the human.
    """
    state = setup(dict(options), seed)
    bots = {p: make_bot("random", bot_seed(seed, p)) for p in range(state.num_players)}
    typed: list[int] = []
    phases: set[str] = set()
    while not state.is_terminal():
        for p in state.to_move():
            if p != seat:
                state.apply(p, bots[p].choose(state, p))
        if seat not in state.to_move():
            continue
        phases.add(state.phase)
        actions = state.legal_actions(seat)
        i = next((i for i, a in enumerate(actions) if a.kind in prefer), 0)
        typed.append(i + 1)
        state.apply(seat, actions[i])
    return typed, phases, state


def your_total(out: str) -> int:
    scores = out[out.index("Final scores") :]
    row = next(line for line in scores.splitlines() if "(you)" in line)
    cells = [c.strip() for c in row.split("│")[1:-1]]
    return int(cells[-2])  # ... | total | coins


@pytest.mark.parametrize(
    ("wonder", "phase", "banner"),
    [
        ("Halicarnassus", "discard_build", "Halicarnassus: build one card of the discard pile"),
        ("Babylon", "extra_card", "Babylon: play your last card of the Age"),
    ],
)
def test_play_asks_the_wonder_sub_decisions(wonder: str, phase: str, banner: str) -> None:
    seed, seat = 3, 1
    options = {"players": 3, "sides": "B", "wonders": [None, wonder, None]}
    typed, phases, state = scripted(options, seed, seat, ("wonder", "discard_build"))
    assert phase in phases
    code, out, err = run(
        "play", "classic", "--players", "3", "--seat", str(seat), "--sides", "B",
        "--wonder", wonder, "--bots", "random", "--seed", str(seed),
        stdin="".join(f"{n}\n" for n in typed),
    )  # fmt: skip
    assert code == 0, err
    assert banner in out
    assert your_total(out) == state.result().players[seat].total


def test_play_hides_the_cards_others_sell_or_bury() -> None:
    seed, seat = 5, 0
    typed, _, _ = scripted({"players": 4}, seed, seat, ("sell",))
    code, out, _ = run(
        "play", "classic", "--players", "4", "--bots", "random", "--seed", str(seed),
        stdin="".join(f"{n}\n" for n in typed),
    )  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    mine = [x for x in lines if x.startswith("seat 0 sold ")]
    theirs = [x for x in lines if re.match(r"seat [1-3] sold ", x)]
    assert mine and all("a card" not in x for x in mine)
    assert theirs and all(x.startswith(f"seat {x[5]} sold a card") for x in theirs)
    buried = [x for x in lines if re.match(r"seat [1-3] built wonder stage", x)]
    assert all(" with " not in x for x in buried)
    assert "Age 1, turn 1:" in out and "Age 3, turn 6:" in out
    assert "Final cities" in out and "Final scores" in out


def test_play_shows_your_board_and_your_neighbours() -> None:
    code, out, _ = run(
        "play", "classic", "--players", "5", "--seat", "2", "--bots", "random", "--seed", "8",
        stdin="\n-1\n1.5\n0\n" + "1\n" * 45,
    )  # fmt: skip
    assert code == 0
    assert out.count("Please type a number from 1 to") == 2  # -1 and 0
    assert out.count("Please type a number.") == 2  # the empty line and 1.5
    assert "3 (left):" in out and "1 (right):" in out and "2 (you):" in out
    assert "Other cities" in out  # seats 0 and 4 at a 5-player table
    assert "produces:" in out and "stages 0/" in out


def test_payment_choices_say_what_is_bought_from_whom() -> None:
    for seed in range(40):
        state = setup({"players": 3}, seed)
        rng = make_bot("random", seed)
        while not state.is_terminal():
            for p in state.to_move():
                paid = [a for a in state.legal_actions(p) if a.left or a.right]
                if p == 0 and paid:
                    action = paid[0]
                    text = render.explain(state, 0, action)
                    assert text.startswith(action.describe())
                    city = state.cities[0]
                    cost = (
                        city.next_stage.cost  # type: ignore[union-attr]
                        if action.kind == "wonder"
                        else state.cat.card_named(action.card).cost
                    )
                    market = city.market(state.cities[state.left(0)], state.cities[state.right(0)])
                    plan = purchase_plan(cost, market, (action.left, action.right))
                    assert plan is not None
                    assert ("from the left" in text) == any(plan[0])
                    assert ("from the right" in text) == any(plan[1])
                    return
                state.apply(p, rng.choose(state, p))
    pytest.fail("no game offered a payment to neighbours")


def test_simulate_summary_and_per_game_seeds() -> None:
    code, out, _ = run("simulate", "classic", "--players", "3", "--games", "2", "--seed", "4")
    assert code == 0
    assert "wins" in out and "mean score" in out and "games/s" in out
    _, one, _ = run("simulate", "classic", "--games", "1", "--seed", "5", "--json")
    _, two, _ = run("simulate", "classic", "--games", "2", "--seed", "4", "--json")
    assert json.loads(two)["results"][1] == json.loads(one)["results"][0]


def _record(tmp_path: Path, seed: int = 1) -> Path:
    code, _, _ = run("simulate", "classic", "--games", "1", "--seed", str(seed),
                     "--record", str(tmp_path))  # fmt: skip
    assert code == 0
    return tmp_path / f"classic-{seed}.json"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["actions"].__setitem__(0, [99, d["actions"][0][1]]), "no seat 99"),
        (lambda d: d.__setitem__("game", "chess"), "unknown game 'chess'"),
        (lambda d: d["options"].__setitem__("players", 9), "players must be 2 to 7"),
        (lambda d: d["result"].__setitem__("totals", [0, 0, 0]), "result differs"),
        (lambda d: d.pop("seed"), "no 'seed'"),
        (lambda d: d["actions"].__setitem__(0, {"kind": "sell"}), "must be [seat, action"),
    ],
)
def test_replay_rejects_tampered_records(tmp_path: Path, change: Any, message: str) -> None:
    path = _record(tmp_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    code, out, err = run("replay", str(path), "--json")
    assert code == 1 and out == ""
    assert message in err and "Traceback" not in err


def test_replay_of_an_unfinished_record_fails(tmp_path: Path) -> None:
    path = _record(tmp_path)
    data = json.loads(path.read_text())
    del data["result"]
    data["actions"] = data["actions"][:5]
    path.write_text(json.dumps(data))
    code, _, err = run("replay", str(path))
    assert code == 1 and "not finished" in err


@pytest.mark.parametrize("command", ["replay", "score"])
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe not utf-8", "codec can't decode"),
        (b"{ not json", "cannot read"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b"[]", "must be a JSON object"),
    ],
)
def test_unreadable_files_are_one_line_errors(
    tmp_path: Path, command: str, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, _, err = run(command, str(path))
    assert code == 1
    assert message in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")


def test_long_errors_stay_on_one_line() -> None:
    code, _, err = run("play", "classic", "--wonder", "Atlantis" * 10, stdin="")
    assert code == 1
    assert err.strip().splitlines() == [err.strip()]
    assert "Halicarnassus" in err  # the message lists the known wonders


@pytest.mark.parametrize(
    "args",
    [
        ("play", "chess"),
        ("simulate", "chess"),
        ("cards", "chess"),
        ("play", "classic", "--players", "9"),
        ("simulate", "classic", "--players", "1"),
        ("play", "classic", "--bots", "smart", "--seed", "1"),
        ("play", "classic", "--sides", "C"),
        ("bench", "--games", "0"),
        ("simulate", "classic", "--games", "0"),
        ("cards", "classic", "--players", "8"),
    ],
)
def test_every_command_turns_errors_into_exit_1(args: tuple[str, ...]) -> None:
    code, _, err = run(*args, stdin="")
    assert code == 1
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1


def test_records_into_a_file_path_fail_clearly(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run("simulate", "classic", "--games", "1", "--record", str(blocker))
    assert code == 1 and "cannot write records" in err


SHEET = {
    "game": "classic",
    "players": [
        {"name": "Ann", "wonder": "Rhodes", "side": "A", "stages": 2,
         "cards": ["Baths", "Altar", "Stockade"], "coins": 6, "military": [1, 3]},
        {"name": "[/]Bob", "wonder": "Giza", "side": "B", "stages": 1,
         "cards": ["Workshop", "Apothecary"], "coins": 9, "military": [-1]},
        {"name": "Cy", "wonder": "Babylon", "side": "A", "stages": 3,
         "cards": ["Lumber Yard"], "coins": 0, "military": [-1, 1]},
    ],
}  # fmt: skip


def test_score_sheet_json_and_table(tmp_path: Path) -> None:
    pytest.importorskip("wonders.classic.booklet")
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEET))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0
    players = json.loads(out)["players"]
    assert [p["name"] for p in players] == ["Ann", "[/]Bob", "Cy"]
    for p in players:
        assert set(p) == {"name", "total", "rank", "breakdown"}
        assert sum(p["breakdown"].values()) == p["total"]
    keys = [(p["total"], SHEET["players"][i]["coins"]) for i, p in enumerate(players)]  # type: ignore[index]
    for p, key in zip(players, keys, strict=True):
        assert p["rank"] == 1 + sum(other > key for other in keys)
    code, out, _ = run("score", str(path))
    assert code == 0
    assert "[/]Bob" in out and "Score booklet" in out  # names are shown, not read as markup


def test_score_a_two_player_sheet_shows_the_free_city_unranked(tmp_path: Path) -> None:
    sheet = json.loads(json.dumps(SHEET))
    sheet["players"][2]["free_city"] = True
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0
    scored = json.loads(out)
    assert [p["name"] for p in scored["players"]] == ["Ann", "[/]Bob"]
    assert scored["free_city"]["name"] == "Cy"
    code, out, _ = run("score", str(path))
    assert code == 0 and "Cy (Free City)" in out


def test_score_sheet_errors(tmp_path: Path) -> None:
    pytest.importorskip("wonders.classic.booklet")
    path = tmp_path / "sheet.json"
    bad = json.loads(json.dumps(SHEET))
    bad["players"][1]["cards"] = ["Workshop", "Flying Machine"]
    path.write_text(json.dumps(bad))
    code, _, err = run("score", str(path), "--json")
    assert code == 1
    assert "[/]Bob: unknown card 'Flying Machine'" in err
    code, _, err = run("score", str(tmp_path / "missing.json"))
    assert code == 1 and "cannot read score sheet" in err


def test_cards_at_a_player_count() -> None:
    code, out, _ = run("cards", "classic", "--players", "4", "--json")
    assert code == 0
    cards = json.loads(out)
    assert all(c["copies"] and max(c["copies"]) <= 4 for c in cards if c["color"] != "purple")
    guilds = [c for c in cards if c["color"] == "purple"]
    assert len(guilds) == 10 and all(c["age"] == 3 for c in guilds)
    per_age = {a: sum(len(c["copies"]) for c in cards if c["age"] == a) for a in (1, 2)}
    assert per_age == {1: 28, 2: 28}
    code, out, _ = run("cards", "classic", "--players", "4", "--age", "2")
    assert code == 0 and "Sawmill" in out and "Lumber Yard" not in out


def test_the_benchmark_script_prints_one_row_per_table_size(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["bench.py", "1", "classic"])
    runpy.run_path(str(REPO / "benchmarks" / "bench.py"), run_name="__main__")
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["options"]["players"] for r in rows] == [3, 5, 7, 2, 3, 7, 3, 8]
    for r in rows:
        assert {"games", "seconds", "games_per_second", "decisions_per_second"} <= set(r)
