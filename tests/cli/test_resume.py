"""A game can't be lost: saved after every decision (atomically), resumed exactly
(`wonders resume FILE`, `wonders play --resume`), every way out says how to resume it, and
`u` takes back a decision against bots."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.cli import app as app_module
from wonders.cli import saves
from wonders.cli.app import app
from wonders.cli.saves import Saved, latest_save, resume_command
from wonders.cli.session import SeatTable, Session
from wonders.cli.tui import make_app
from wonders.cli.tui.app import TableApp
from wonders.core.errors import InputError
from wonders.core.records import GameRecord, replay

runner = CliRunner()
WONDERS = Path(sys.executable).parent / "wonders"


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves and records in the test's folder, never the user's."""
    monkeypatch.setenv("WONDERS_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("WONDERS_RECORDS", str(tmp_path / "records"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def pick(table: SeatTable) -> Any:
    """The human's choice: a fixed function of the decision (the same in every run)."""
    actions = table.legal_actions()
    return actions[len(table._session.record.actions) % len(actions)]


def play_to_end(session: Session, decisions: int | None = None) -> Session:
    """Play ``session`` with ``pick`` (``decisions`` of the human's at most)."""
    table = SeatTable(session)
    table.start()
    while not table.is_over() and decisions != 0:
        table.act(pick(table))
        decisions = None if decisions is None else decisions - 1
    return session


def new_session(tmp_path: Path, game: str, options: dict[str, Any], bots: str) -> Session:
    session = Session(game, options, 21, 0, bots, tmp_path / "records")
    session.save_path = tmp_path / f"{game}.json"
    session.autosave()
    return session


# ---------------------------------------------------------------- saved after every decision


def test_every_decision_is_saved_and_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    write = saves.write_atomically

    def spy(path: Path, text: str) -> None:
        write(path, text)
        written.append(path.read_text())

    monkeypatch.setattr(saves, "write_atomically", spy)
    session = play_to_end(new_session(tmp_path, "classic", {"players": 3}, "greedy"), 4)
    actions = session.record.actions
    assert len(written) == len(actions) + 1  # the start, then each action, the bots' too
    for n, text in enumerate(written):
        data = json.loads(text)
        assert [tuple(a) for a in data["actions"]] == actions[:n]
        assert "result" not in data and data["seed"] == 21 and data["resume"]["bots"] == "greedy"
    assert session.save_path is not None
    loaded = Saved.load(session.save_path)
    assert loaded.record.actions == actions and loaded.seat == 0


@pytest.mark.parametrize(
    ("game", "options", "bots"),
    [
        ("classic", {"players": 3}, "greedy"),
        ("classic", {"players": 4, "expansions": ["leaders"]}, "random"),
        ("duel", {}, "ismcts:3i"),
        ("architects", {"players": 3}, "greedy"),
    ],
)
def test_a_game_resumed_from_any_save_ends_as_the_uninterrupted_one(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    options: dict[str, Any],
    bots: str,
) -> None:
    """Whatever moment a crash leaves the save at (after a bot's move in the middle of a
    turn too), the resumed bots choose as they would have: same moves, same result."""
    straight = play_to_end(Session(game, options, 21, 0, bots))
    written: list[str] = []
    write = saves.write_atomically

    def spy(path: Path, text: str) -> None:
        write(path, text)
        written.append(text)

    monkeypatch.setattr(saves, "write_atomically", spy)
    session = play_to_end(new_session(tmp_path, game, options, bots), 6)
    assert session.save_path is not None
    moments = written[:12] + written[12::5]  # each moment of the first turns, then some
    records = [GameRecord.from_json(json.loads(text)) for text in moments]
    assert any(  # some between two bots' moves
        r.actions and r.actions[-1][0] != 0 and set(replay(r).to_move()) - {0} for r in records
    )
    for text in moments:
        session.save_path.write_text(text)
        resumed = play_to_end(Session.resume(session.save_path))
        assert resumed.record.actions == straight.record.actions
        assert resumed.state.result().to_json() == straight.state.result().to_json()


def test_a_finished_game_leaves_its_record_and_no_save(tmp_path: Path) -> None:
    session = play_to_end(new_session(tmp_path, "duel", {}, "random"))
    assert session.save_path is not None and session.save_path.exists()  # until it is recorded
    save = session.save_path
    record = session.save()
    assert not save.exists() and session.save_path is None
    assert replay(GameRecord.load(record)).is_terminal()
    assert record.parent == tmp_path / "records"


# ---------------------------------------------------------------- atomic writes


@pytest.mark.parametrize("failing", ["replace", "fsync", "interrupt"])
def test_a_write_that_fails_midway_leaves_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    session = play_to_end(new_session(tmp_path, "classic", {"players": 3}, "greedy"), 2)
    path = session.save_path
    assert path is not None
    before = path.read_bytes()

    def crash(*args: Any) -> None:
        raise KeyboardInterrupt if failing == "interrupt" else OSError(28, "No space left")

    monkeypatch.setattr(saves.os, "fsync" if failing == "fsync" else "replace", crash)
    table = SeatTable(session)
    if failing == "interrupt":
        with pytest.raises(KeyboardInterrupt):
            table.act(pick(table))
    else:  # said, not raised: the game goes on
        table.act(pick(table))
        assert table.save_problem == f"cannot save the game in {path}: No space left"
    monkeypatch.undo()
    assert path.read_bytes() == before  # untouched, and it resumes
    assert [p.name for p in tmp_path.iterdir()] == ["classic.json"]  # no temporary file
    assert len(Session.resume(path).record.actions) == len(json.loads(before)["actions"])


# ---------------------------------------------------------------- a real process, killed


def wonders(*args: str, env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(WONDERS), *args], input=stdin, env=env, capture_output=True, text=True, timeout=300
    )


def environment(tmp_path: Path, name: str) -> dict[str, str]:
    return {
        **os.environ,
        "WONDERS_SAVES": str(tmp_path / name / "saves"),
        "WONDERS_RECORDS": str(tmp_path / name / "records"),
    }


def only_record(env: dict[str, str]) -> dict[str, Any]:
    (path,) = Path(env["WONDERS_RECORDS"]).iterdir()
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def wait_for_decision(path: Path, decisions: int, process: subprocess.Popen[str]) -> None:
    """Until the save shows the human's ``decisions`` made and the next one asked."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, "the game stopped by itself"
        try:
            record = Saved.load(path).record
        except InputError:  # not written yet
            record = None
        made = record and sum(1 for p, _ in record.actions if p == 0)
        if record is not None and made == decisions and 0 in replay(record).to_move():
            return
        time.sleep(0.05)
    pytest.fail("the game never reached the decision")


@pytest.mark.parametrize("how", ["resume FILE", "play --resume"])
def test_a_killed_game_resumes_to_the_same_end(tmp_path: Path, how: str) -> None:
    game = ("play", "classic", "--seed", "11", "--bots", "greedy", "--plain")
    straight = environment(tmp_path, "straight")
    done = wonders(*game, env=straight, stdin="2\n" * 300)
    assert done.returncode == 0, done.stderr
    env = environment(tmp_path, "killed")
    with subprocess.Popen(
        [str(WONDERS), *game], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, env=env, text=True,
    ) as process:  # fmt: skip
        assert process.stdin is not None
        process.stdin.write("2\n" * 5)
        process.stdin.flush()
        save = Path(env["WONDERS_SAVES"]) / "classic-11.json"
        wait_for_decision(save, 5, process)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    args = ("resume", str(save)) if how == "resume FILE" else ("play", "--resume")
    resumed = wonders(*args, "--plain", env=env, stdin="2\n" * 300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"Continuing the game saved in {save}." in resumed.stdout
    assert not save.exists()  # finished: the record stays, the save goes
    assert only_record(env) == only_record(straight)


def test_a_kill_at_any_moment_leaves_a_save_that_resumes(tmp_path: Path) -> None:
    env = environment(tmp_path, "any")
    save = Path(env["WONDERS_SAVES"]) / "duel-3.json"
    for delay in (0.0, 0.15, 0.4):
        save.unlink(missing_ok=True)
        with subprocess.Popen(
            [str(WONDERS), "play", "duel", "--seed", "3", "--bots", "random", "--plain"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=env, text=True,
        ) as process:  # fmt: skip
            assert process.stdin is not None
            deadline = time.monotonic() + 60
            while not save.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            process.stdin.write("1\n" * 100)  # playing as fast as it can when killed
            process.stdin.flush()
            time.sleep(delay)
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
        if save.exists():
            Session.resume(save)  # whole, and it replays; a write cut short is cleared
            assert [p.name for p in save.parent.iterdir()] == ["duel-3.json"]


# ---------------------------------------------------------------- the ways out


def test_input_ending_says_the_game_is_saved_and_how_to_resume(tmp_path: Path) -> None:
    code, out, err = run("play", "duel", "--seed", "4", "--bots", "random", stdin="1\n")
    save = tmp_path / "saves" / "duel-4.json"
    assert f"The game is saved after every decision in {save}." in " ".join(out.split())
    assert code == 1 and err.startswith("error: input ended before the game did")
    assert err.strip().endswith(f"continue it with: wonders resume {save}")
    assert len(err.strip().splitlines()) == 1
    assert len(Session.resume(save).record.actions) >= 1


def test_ctrl_c_in_line_mode_says_the_game_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(count: int) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(app_module, "_ask", interrupted)
    code, _, err = run("play", "classic", "--seed", "4", "--plain")
    save = tmp_path / "saves" / "classic-4.json"
    assert code == 130
    assert " ".join(err.split()) == (
        f"The game is saved; continue it with: wonders resume {save} (or wonders play --resume)"
    )
    assert save.exists()


def test_leaving_the_table_mid_game_prints_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Left:
        record_path = None

        def run(self) -> None:
            """Quit at once (the keys are tested below)."""

    monkeypatch.setattr("wonders.cli.tui.make_app", lambda session: Left())
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    session = new_session(tmp_path, "duel", {}, "random")
    app_module._continue(session, False, None)
    out = " ".join(capsys.readouterr().out.split())
    assert f"The game is saved; continue it with: {resume_command(tmp_path / 'duel.json')}" in out


def screens(app: TableApp, keys: list[str]) -> list[str]:
    async def drive() -> list[str]:
        shots = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
                shots.append(app.screen_text() if app.is_running else "")
        return shots

    return asyncio.run(drive())


@pytest.mark.parametrize(
    "keys",
    [
        ["q", "q"],
        ["ctrl+q", "ctrl+q"],
        ["ctrl+c", "ctrl+c"],
        ["ctrl+c", "q"],
        ["question_mark", "ctrl+c", "ctrl+c"],  # the help page closes: the question shows
    ],
)
def test_every_way_to_quit_asks_once_and_says_how_to_resume(
    tmp_path: Path, keys: list[str]
) -> None:
    session = new_session(tmp_path / "a folder", "classic", {"players": 3}, "random")
    app = make_app(session)
    shots = screens(app, keys)
    asked = " ".join(shots[-2].split())
    assert "Press q again to leave. The game is saved; continue it with:" in asked
    assert f"wonders resume '{tmp_path / 'a folder' / 'classic.json'}'" in asked  # quoted
    assert shots[-1] == "" and not app.is_running
    assert Session.resume(tmp_path / "a folder" / "classic.json").record.actions


def test_the_table_shows_the_seed() -> None:
    app = make_app(Session("duel", {}, 4321, 0, "random"))
    assert "─seed 4321─" in screens(app, ["escape"])[0]  # on the log's border


# ---------------------------------------------------------------- taking back


def human(session: Session) -> int:
    return sum(1 for p, _ in session.record.actions if p == session.seat)


def key_game(
    game: str, options: dict[str, Any], take_back_at: int | None, other: bool = False
) -> tuple[Session, list[str]]:
    """A game against random bots whose first human decisions are made by Enter (the first
    card, its first way), the rest by ``pick``. At the decision ``take_back_at`` the choice
    is made, taken back with ``u`` and made again (``other``: the next choice instead).
    Returns the session and the screens before the decision and after ``u``."""
    session = Session(game, options, 8, 0, "random")
    app = make_app(session)
    seen: list[str] = []

    async def decide(pilot: Any, first: str = "enter") -> None:
        made = human(session)
        await pilot.press(first)
        while human(session) == made and not session.state.is_terminal():
            await pilot.press("enter")

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for n in range(4):
                if n == take_back_at:
                    seen.append(app.screen_text())
                    moves = len(session.record.actions)
                    await decide(pilot)
                    await pilot.press("u")
                    await pilot.pause()
                    seen.append(app.screen_text())
                    assert len(session.record.actions) == moves and human(session) == n
                    await decide(pilot, "down" if other else "enter")
                else:
                    await decide(pilot)

    asyncio.run(drive())
    play_to_end(session)
    return session, seen


@pytest.mark.parametrize(
    ("game", "options", "at"), [("classic", {"players": 3}, 2), ("duel", {}, 3)]
)
def test_u_then_the_same_choice_is_the_game_never_taken_back(
    game: str, options: dict[str, Any], at: int
) -> None:
    """(In Duel's wonder draft your decisions 1-3 follow each other; the bots answer 3.)"""
    straight, _ = key_game(game, options, None)
    again, (before, after) = key_game(game, options, at)
    assert after == before  # the table as it was before the decision, log included
    assert again.record.actions == straight.record.actions
    assert again.state.result().to_json() == straight.state.result().to_json()
    other, _ = key_game(game, options, at, other=True)
    assert other.record.actions != straight.record.actions
    assert replay(other.record).is_terminal()


def test_u_with_nothing_to_take_back_changes_nothing(tmp_path: Path) -> None:
    session = new_session(tmp_path, "classic", {"players": 3}, "random")
    session.bots_move()
    app = make_app(session)
    saved = session.save_path.read_bytes() if session.save_path else b""
    (shot,) = screens(app, ["u"])
    assert "There is no decision to take back." in " ".join(shot.split())
    assert human(session) == 0
    assert session.save_path is not None and session.save_path.read_bytes() == saved


def test_take_back_survives_a_resume_and_rewrites_the_save(tmp_path: Path) -> None:
    session = play_to_end(new_session(tmp_path, "classic", {"players": 3}, "greedy"), 3)
    straight = play_to_end(Session("classic", {"players": 3}, 21, 0, "greedy"))
    assert session.save_path is not None
    resumed = Session.resume(session.save_path)
    last = max(i for i, (p, _) in enumerate(resumed.record.actions) if p == 0)
    assert resumed.take_back() and len(resumed.record.actions) == last
    assert Saved.load(session.save_path).record.actions == resumed.record.actions
    assert not resumed.take_back()  # only the last decision is kept across a resume
    play_to_end(resumed)
    assert resumed.record.actions == straight.record.actions


# ---------------------------------------------------------------- bad input


def tampered(tmp_path: Path) -> Path:
    session = play_to_end(new_session(tmp_path, "classic", {"players": 3}, "greedy"), 2)
    assert session.save_path is not None
    data = json.loads(session.save_path.read_text())
    data["actions"][2][1]["card"] = "Palace"
    session.save_path.write_text(json.dumps(data))
    return session.save_path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.json", "cannot read the saved game"),
        (lambda d: (d / "x.json").write_text("{ not json") and d / "x.json", "cannot read"),
        (lambda d: (d / "x.json").write_text("[]") and d / "x.json", "is not a saved game"),
        (
            lambda d: (d / "x.json").write_text('{"version": 1, "resume": {}}') and d / "x.json",
            "is not a saved game: the game record has no 'game'",
        ),
        (tampered, "the saved game does not replay: action #2"),
    ],
)
def test_a_file_that_is_not_a_save_is_a_one_line_error(
    tmp_path: Path, make: Any, message: str
) -> None:
    path = make(tmp_path)
    before = path.read_bytes() if path.exists() else None
    code, out, err = run("resume", str(path), "--plain", stdin="1\n" * 300)
    assert code == 1 and out == "" and message in err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert (path.read_bytes() if path.exists() else None) == before
    assert not (tmp_path / "records").exists()


def test_a_finished_games_record_is_not_resumed(tmp_path: Path) -> None:
    code, _, _ = run("simulate", "duel", "--games", "1", "--seed", "2", "--record", str(tmp_path))
    assert code == 0
    code, _, err = run("resume", str(tmp_path / "duel-2.json"))
    assert code == 1 and "is a finished game's record, not a save" in err


def test_play_resume_without_a_save_or_with_options(tmp_path: Path) -> None:
    code, _, err = run("play", "--resume", "--plain")
    assert (
        code == 1 and err.strip() == f"error: no unfinished game to resume in {tmp_path / 'saves'}"
    )
    code, _, err = run("play", "duel", "--resume")
    assert code == 1 and "--resume takes only --plain and --record" in err


def test_play_resume_takes_the_most_recent_save(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    for seed in (5, 6):
        code, _, _ = run("play", "duel", "--seed", str(seed), "--bots", "random", stdin="1\n")
        assert code == 1
    older = folder / "duel-6.json"
    os.utime(older, (time.time() - 60, time.time() - 60))
    assert latest_save(folder) == folder / "duel-5.json"
    code, out, _ = run("play", "--resume", "--plain", stdin="1\n" * 300)
    assert code == 0 and "Continuing the game saved in" in out and "duel-5.json" in out
    assert sorted(p.name for p in folder.iterdir()) == ["duel-6.json"]


# ---------------------------------------------------------------- a save that cannot be written


def failing_saves(monkeypatch: pytest.MonkeyPatch, failures: list[bool]) -> None:
    """Each save fails (a full disk) while ``failures`` says so, then works again."""
    write = Saved.write

    def flaky(self: Saved, path: Path) -> None:
        if failures and failures.pop(0):
            raise OSError(28, "No space left on device")
        write(self, path)

    monkeypatch.setattr(Saved, "write", flaky)


def test_a_save_failing_mid_game_is_said_and_the_game_goes_on_in_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    session = new_session(tmp_path, "duel", {}, "random")
    failing_saves(monkeypatch, [True] * 6)  # the 6 next saves fail, then it works
    answers = iter([1] * 200)
    console = app_module.Console(width=200)
    get_game = app_module.get_game
    get_game("duel").part("plain").play(session, console, lambda n: next(answers))
    out = " ".join(capsys.readouterr().out.split())
    warning = (
        f"Warning: cannot save the game in {tmp_path / 'duel.json'}: No space left on device. "
        "The game goes on, and each decision tries to save it again."
    )
    assert out.count(warning) == 1 and out.count("The game is saved again.") == 1
    assert out.index(warning) < out.index("The game is saved again.")
    assert session.state.is_terminal() and session.save_problem is None
    assert len(Session.resume(tmp_path / "duel.json").record.actions) == len(session.record.actions)


def test_a_save_failing_in_the_table_is_a_notice_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_session(tmp_path, "classic", {"players": 3}, "random")
    failing_saves(monkeypatch, [True] * 1000)  # from the first decision on: the disk is full
    app = make_app(session)
    shots = screens(app, ["enter", "enter", "q"])
    assert "Your latest decisions could not be saved" in " ".join(shots[-1].split())  # on screen
    asked = " ".join(app.notice.split())
    assert "Your latest decisions could not be saved (cannot save the game in" in asked
    assert "the game continues from the last save with: wonders resume" in asked
    assert len(session.record.actions) >= 3  # the game went on
    assert Session.resume(tmp_path / "classic.json").record.actions == []  # the last good save


def test_a_saves_folder_that_cannot_be_written_stops_a_new_game_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing_saves(monkeypatch, [True])
    code, _out, err = run("play", "duel", "--seed", "4", "--bots", "random", stdin="1\n")
    assert code == 1
    assert err.startswith("error: cannot save the game in ") and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "saves" / "duel-4.json").exists()
