"""`wonders play GAME --plain` for screen readers: each decision short and linear (no box
drawing, no columns, a few lines of state before the choices), each choice one line that
starts with its number, a question that says what is chosen, and ``city``, ``all``, ``log``
and ``help`` answered at the question without playing; every game driven to its end."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.cli.test_translated import english_words
from wonders.cli.app import app
from wonders.cli.plain import Question, command_words
from wonders.cli.saves import Saved
from wonders.cli.session import Session
from wonders.core import i18n
from wonders.core.registry import get_game

runner = CliRunner()

GAMES = [
    ("classic", ("--players", "3")),
    ("duel", ()),
    ("architects", ("--players", "3")),
]
BOX = re.compile("[\u2500-\u259f]")  # box drawing and block elements
QUESTION = re.compile(r"^(?P<what>.+) \((?:1-(?P<n>\d+)|type 1)\), or city, all, log, help: ")
CHOICE = re.compile(r"^(\d+)\. \S")


@pytest.fixture(autouse=True)
def files_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` saves its game and its record: into the test's folder, never the user's."""
    monkeypatch.setenv("WONDERS_RECORDS", str(tmp_path / "records"))
    monkeypatch.setenv("WONDERS_SAVES", str(tmp_path / "saves"))


def play(game: str, extra: tuple[str, ...], stdin: str, seed: int = 3) -> tuple[int, str]:
    args = ["play", game, *extra, "--bots", "random", "--seed", str(seed), "--plain"]
    result = runner.invoke(app, args, input=stdin)
    return result.exit_code, result.stdout


def first_decision(out: str) -> tuple[list[str], str]:
    """The lines of the first decision (up to its question) and the question's line."""
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if QUESTION.match(line))
    return lines[:at], lines[at]


def count_of(question: str) -> int:
    match = QUESTION.match(question)
    assert match, question
    return int(match["n"] or 1)


@pytest.mark.parametrize(("game", "extra"), GAMES)
def test_a_decision_is_short_linear_and_numbered_one_choice_a_line(
    game: str, extra: tuple[str, ...]
) -> None:
    _code, out = play(game, extra, "1\n" * 3)
    assert not BOX.search(out), BOX.search(out)
    for _decision in range(3):
        lines, question = first_decision(out)
        n = count_of(question)
        choices = [i for i, line in enumerate(lines) if CHOICE.match(line)]
        assert len(choices) == n, lines
        first = choices[0]
        # the choices are the decision's last lines, one each, numbered 1..n, whole sentences
        assert [CHOICE.match(line)[1] for line in lines[first:]] == [  # type: ignore[index]
            str(i) for i in range(1, n + 1)
        ]
        assert all(line.rstrip().endswith((".", "!", "?")) for line in lines[first:]), lines
        before = [line for line in lines[:first] if not line.startswith("The game is saved")]
        assert len(before) < 30, before
        # the question says what is chosen: the decision's title, said above the choices
        what = QUESTION.match(question)["what"]  # type: ignore[index]
        assert what in lines[:first]
        out = out.split(question, 1)[1]


@pytest.mark.parametrize(("game", "extra"), GAMES)
def test_city_all_log_help_answer_and_ask_again_without_playing(
    game: str, extra: tuple[str, ...], tmp_path: Path
) -> None:
    typed = ["city", "all", "log", "help", "foo", "", "99", "1"]
    code, out = play(game, extra, "\n".join(typed) + "\n")
    assert code != 0  # the input ends before the game does
    lines = out.splitlines()
    _first, question = first_decision(out)
    prompt = QUESTION.match(question)[0]  # type: ignore[index]
    # the same question, asked again after each word until a number is a choice
    asks = [i for i, line in enumerate(lines) if line.startswith(prompt)][: len(typed)]
    assert [lines[i][len(prompt) :] for i in asks] == typed
    pages = {typed[k]: lines[asks[k] + 1 : asks[k + 1]] for k in range(len(typed) - 1)}
    first = lines[: asks[0]]
    mine = {"classic": "Your city", "duel": "You have no wonder", "architects": "Your wonder"}
    assert pages["city"][0].startswith(mine[game])  # Duel's first decision: the wonder draft
    everyone = "\n".join(pages["all"])
    if game == "duel":  # the wonder draft: the wonders on offer, with what they do
        assert everyone.startswith("Wonders on offer:") and " -> " in everyone
    else:
        assert "(your left)" in everyone and "(your right)" in everyone
    assert not re.search(r"\b\d \(you\)", everyone)  # cities by wonder, never "0 (you)"
    assert pages["log"][0] == "The whole log"
    told = [line for line in first if line in pages["log"]]
    assert told, "the log page repeats the log"
    assert pages["help"][0] == "Commands"
    rules = get_game(game).part("help")(get_options(game, extra))
    assert rules[0][0] in pages["help"] and rules[0][1] in pages["help"]
    assert pages["foo"] == ["“foo” is not a choice: type a number from 1 to "
                            f"{count_of(question)}, or city, all, log or help."]  # fmt: skip
    assert len(pages[""]) == 1 and len(pages["99"]) == 1
    # one decision was played, the first one: the save holds one action of the seat
    (save,) = (tmp_path / "saves").iterdir()
    record = Saved.load(save).record
    assert [seat for seat, _action in record.actions].count(0) == 1


def get_options(game: str, extra: tuple[str, ...]) -> dict[str, Any]:
    return {"players": int(extra[1])} if extra else {}


@pytest.mark.parametrize(("game", "extra"), GAMES)
def test_a_whole_game_in_lines_to_its_end(game: str, extra: tuple[str, ...]) -> None:
    started = time.monotonic()
    code, out = play(game, extra, "1\n" * 400, seed=11)
    assert code == 0, out[-2000:]
    assert time.monotonic() - started < 120
    assert not BOX.search(out)
    end = out[out.rindex("Final scores") :].splitlines()
    players = 2 if game == "duel" else 3
    ranks = [line for line in end if re.match(r"^\d\. [^:]+: -?\d+ VP", line)]
    assert len(ranks) == players, end
    category = re.compile(r"^[A-Z][a-z ]+: ([\w ()]+ -?\d+(, )?)+\.$")
    categories = [line for line in end if category.match(line)]
    assert len(categories) >= 5, end
    won = re.compile(r"^(You|Your rival|[A-Z][\w ]+) (win|won|share)|^A shared victory")
    assert any(won.match(line) for line in end), end
    assert "Game record saved: " in " ".join(out.split())


def test_the_big_tables_of_7_wonders_play_to_the_end_in_lines() -> None:
    """Seven players with Leaders and Cities: every kind of decision (the leader draft,
    recruiting, debts, the Courtesans) reads in lines."""
    code, out = play("classic", ("--players", "7", "--expansions", "leaders,cities"), "1\n" * 400)
    assert code == 0, out[-2000:]
    assert not BOX.search(out)
    assert "Keep a leader" in out and "Final scores" in out


@pytest.mark.parametrize(
    ("game", "options"),
    [("classic", {"players": 4, "teams": True, "expansions": ["cities"]}), ("duel", {}),
     ("architects", {"players": 2})],
)  # fmt: skip
def test_every_page_and_the_question_are_in_the_readers_language(
    game: str, options: dict[str, Any]
) -> None:
    """In the pseudo-language the question, each command's page and the one-line errors
    leave no English word (the commands' English words aside, which always work)."""
    console = Console(file=io.StringIO(), width=3000, color_system=None)
    asked = 0

    def ask(count: int, question: Question | None = None) -> int:
        nonlocal asked
        asked += 1
        assert question is not None
        if asked in (1, 5, 15):
            console.print(question.prompt(count), markup=False)
            for word in ("city", "all", "log", "help"):
                assert question.answer(command_words()[word]) and question.answer(word)
            console.print(question.unknown("", count), markup=False)
        return count

    with i18n.use_language(i18n.PSEUDO):
        get_game(game).part("plain").play(Session(game, options, 3, 0, "random"), console, ask)
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    assert "é" in out and asked > 15
    assert english_words(out)[:20] == []


def test_the_learning_environments_render_the_same_lines() -> None:
    """``envs.render`` prints a seat's decision through the plain part: the same linear text,
    the choices numbered, the end with its scores."""
    from wonders.envs.render import SeatRenderer

    for game, options in (
        ("classic", {"players": 3}),
        ("duel", {}),
        ("architects", {"players": 3}),
    ):
        state = get_game(game).setup(options, 2)
        renderer = SeatRenderer(game)
        seat = state.to_move()[0]
        text = renderer.text(state, seat)
        assert not BOX.search(text)
        assert re.search(r"^1\. ", text, re.M)
        while not state.is_terminal():
            for p in state.to_move():
                state.apply(p, state.legal_actions(p)[0])
        end = renderer.text(state, 0)
        assert "Final scores" in end and not BOX.search(end)
