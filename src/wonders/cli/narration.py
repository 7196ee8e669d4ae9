"""The ``--plain`` game loop of every game: the log in words from the game's narrator (its
``present.Log``, ``core.present.Narrator``), the position and the numbered choices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from wonders.core.present import Heading, Narrator


def play_lines(
    table: Any,
    console: Any,
    ask: Callable[[int], int],
    narrator: Narrator,
    show: Callable[[dict[str, Any], list[Any]], None],
) -> dict[str, Any]:
    """The ``--plain`` game loop of every game: print what happened since the seat's last
    decision, ``show`` the position and the numbered choices, play the one ``ask`` returns;
    at the end print the last events and return the final view. ``table`` is the seat's
    ``SeatTable``."""
    table.start()
    shown = 0
    while True:
        view = table.view()
        for line in narrator.lines(view["events"][shown:]):
            print_line(console, line)
        shown = len(view["events"])
        if table.is_over():
            return dict(view)
        actions = table.legal_actions()
        show(view, actions)
        table.act(actions[ask(len(actions)) - 1])


def log_text(line: str) -> Text:
    """A log line for the terminal: plain text (never read as markup), a ``Heading`` bold."""
    return Text(line, style="bold" if isinstance(line, Heading) else "")


def print_line(console: Any, line: str) -> None:
    console.print(log_text(line), highlight=False)
