"""The ``--plain`` game loop of every game: the log in words from the game's narrator (its
``present.Log``, ``core.present.Narrator``), the decision as lines (the game's front end)
and the question, which also answers ``city``, ``all``, ``log`` and ``help``
(``wonders.cli.plain``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.text import Text

from wonders.cli.plain import Question, choose, help_lines, say
from wonders.core.i18n import _
from wonders.core.present import Heading, Narrator
from wonders.core.protocol import View

Pages = dict[str, Callable[[], Sequence[str]]]
V = TypeVar("V", bound=View)  # the game's view


def play_lines(
    table: Any,
    console: Any,
    ask: Callable[..., int],
    narrator: Narrator,
    show: Callable[[V, list[Any]], None],
    what: Callable[[V, list[Any]], str] | None = None,
    pages: Callable[[V], Pages] | None = None,
) -> V:
    """The ``--plain`` game loop of every game: print what happened since the seat's last
    decision, ``show`` the position and the numbered choices, play the one ``ask`` returns;
    at the end print the last events and return the final view. ``table`` is the seat's
    ``SeatTable``; ``what`` says what a decision chooses (for the question), ``pages`` the
    game's ``city`` and ``all`` commands for a view (the loop adds ``log`` and ``help``)."""
    table.start()
    shown = 0
    told: list[str] = []  # the whole log so far, for the ``log`` command
    while True:
        view: V = table.view()
        lines = narrator.lines(view["events"][shown:])
        told += lines
        for line in lines:
            print_line(console, line)
        shown = len(view["events"])
        if table.is_over():
            return view
        actions = table.legal_actions()
        show(view, actions)
        commands: Pages = dict(pages(view)) if pages else {}
        commands["log"] = lambda: [Heading(_("The whole log")), *told]  # noqa: B023 (asked now)
        commands["help"] = lambda: help_lines(table.game, table.options)
        question = Question(console, what(view, actions) if what else "", commands)
        problem = table.save_problem
        table.act(actions[choose(ask, len(actions), question) - 1])
        if table.save_problem != problem:  # said once when saving fails, once when it works
            print_line(console, save_news(table.save_problem))


def save_news(problem: str | None) -> str:
    """What a player reads when saving the game starts failing (``problem``) or works again."""
    if problem is None:
        return _("The game is saved again.")
    return _(
        "Warning: {problem}. The game goes on, and each decision tries to save it again."
    ).format(problem=problem)


def log_text(line: str) -> Text:
    """A log line for the terminal: plain text (never read as markup), a ``Heading`` bold."""
    return Text(line, style="bold" if isinstance(line, Heading) else "")


def print_line(console: Any, line: str) -> None:
    """A log line, whole (a long one wraps on the screen, never cut into lines)."""
    say(console, line)
