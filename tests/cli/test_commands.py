"""The game-agnostic `wonders` commands: replay, score's dispatch, bench, and clear one-line
errors for every kind of bad input. Each game's commands are tested in tests/<game>/test_cli.py."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.cli import throughput
from wonders.cli.app import app

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def records_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` saves its game record: into the test's folder, never the user's."""
    monkeypatch.setenv("WONDERS_RECORDS", str(tmp_path / "records"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


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


def _record(tmp_path: Path, seed: int = 1) -> Path:
    code, _, _ = run("simulate", "classic", "--games", "1", "--seed", str(seed),
                     "--record", str(tmp_path))  # fmt: skip
    assert code == 0
    return tmp_path / f"classic-{seed}.json"


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


def test_the_benchmark_script_prints_one_row_per_table_size(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["bench.py", "1", "classic"])
    runpy.run_path(str(REPO / "benchmarks" / "bench.py"), run_name="__main__")
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["options"]["players"] for r in rows] == [3, 5, 7, 2, 3, 7, 3, 8]
    for r in rows:
        assert {"games", "seconds", "games_per_second", "decisions_per_second"} <= set(r)
        assert r["clone_us"] > 0 and r["sample_world_us"] > 0
        assert r["build"] in ("compiled", "pure")


def test_the_duel_comparison_script_measures_both_engines_and_their_ratio(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # this project's own Duel stands in for the other engine: the ratio is about 1
    other = "wonders.cli.throughput:playout_duel_for_tests"
    monkeypatch.setattr(
        "wonders.cli.throughput.playout_duel_for_tests",
        lambda seed: throughput.playout("duel", {}, seed),
        raising=False,
    )
    argv = ["duel_compare.py", "--other", other, "--games", "2", "--rounds", "1", "--json"]
    monkeypatch.setattr(sys, "argv", argv)
    runpy.run_path(str(REPO / "benchmarks" / "duel_compare.py"), run_name="__main__")
    out = json.loads(capsys.readouterr().out)
    assert out["build"] in ("compiled", "pure")
    assert out["wonders_games_per_second"] > 0 and out["other_games_per_second"] > 0
    assert out["ratio"] == round(out["wonders_games_per_second"] / out["other_games_per_second"], 2)
    monkeypatch.setattr(sys, "argv", ["duel_compare.py", "--other", "no_colon"])
    with pytest.raises(SystemExit, match="MODULE:FUNCTION"):
        runpy.run_path(str(REPO / "benchmarks" / "duel_compare.py"), run_name="__main__")


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


def test_wrong_option_types_are_one_line_errors() -> None:
    for args in (
        ("simulate", "classic", "--games", "x"),
        ("play", "--plainn"),
        ("cards", "duel", "--age", "two"),
    ):
        code, _, err = run(*args)
        assert code == 2, args
        assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
        assert "╭" not in err and "Usage" not in err
    code, out, _ = run()
    assert "Usage" in out  # `wonders` alone still shows the help


def test_simulated_records_never_overwrite(tmp_path: Path) -> None:
    for _ in range(2):
        code, _, _ = run(
            "simulate", "duel", "--games", "1", "--seed", "4", "--record", str(tmp_path)
        )
        assert code == 0
    assert sorted(f.name for f in tmp_path.iterdir()) == ["duel-4-2.json", "duel-4.json"]


@pytest.mark.parametrize(
    ("game", "extra"), [("classic", ()), ("duel", ()), ("architects", ("--players", "2"))]
)
def test_play_saves_a_record_that_replays(
    game: str, extra: tuple[str, ...], tmp_path: Path
) -> None:
    folder = tmp_path / "out"  # the game in progress was saved beside: tmp_path / "saves"
    code, out, _ = run(
        "play", game, *extra, "--bots", "random", "--seed", "6", "--plain",
        "--record", str(folder), stdin="1\n" * 300,
    )  # fmt: skip
    assert code == 0, out
    (path,) = folder.iterdir()
    assert f"Game record saved: {path}" in " ".join(out.split())
    code, out, _ = run("replay", str(path), "--json")
    assert code == 0 and json.loads(out)["seed"] == 6


def test_every_command_takes_lang_anywhere_and_refuses_an_unknown_one() -> None:
    from wonders.core import i18n

    try:
        code, out, _ = run("simulate", "duel", "--games", "1", "--lang", "pseudo")
        assert code == 0 and "ŵíñš" in out and "wins" not in out  # the column heading
        code, out, _ = run("--lang=pseudo", "cards", "duel", "--age", "1")
        assert code == 0 and "wins" not in out
        code, _, err = run("cards", "duel", "--lang", "xx")
        assert code == 2
        assert err.strip() == "error: unknown language 'xx'; known: en, ru, pl, uk"
        i18n.set_language("en")
        code, _, err = run("cards", "duel", "--lang")
        assert code == 2 and err.startswith("error: --lang needs a language")
    finally:
        i18n.set_language("en")


def test_every_help_text_is_in_the_readers_language() -> None:
    """Each command's and option's ``--help`` text is marked for translation: in the
    pseudo-language none is left in English (the filled-in names of games, bots, languages
    and folders aside)."""
    import typer

    from tests.cli.test_translated import english_words
    from wonders.bots import BOT_NAMES, LEARNED_BOTS, LEVELS
    from wonders.cli.app import _translate_help
    from wonders.cli.saves import records_folder, saves_folder
    from wonders.core import i18n
    from wonders.core.registry import game_names

    command = typer.main.get_command(app)
    with i18n.use_language(i18n.PSEUDO):
        _translate_help(command)
    texts = [command.help or ""]
    for sub in command.commands.values():  # type: ignore[attr-defined]
        texts.append(sub.help or "")
        texts += [getattr(param, "help", None) or "" for param in sub.params]
    assert all(texts[1:3])
    shown = "\n".join(texts)
    for folder in (records_folder(), saves_folder()):
        shown = shown.replace(str(folder), "")
    filled = {*game_names(), *BOT_NAMES, *LEARNED_BOTS, *LEVELS, *i18n.LANGUAGES}
    left = [w for w in english_words(shown) if w.split("'")[1] not in filled]
    assert left == []
