"""The log in words, the same loop for every game: each game's narrator says one event
(``line``: ``None`` for bookkeeping events); ``lines`` says the new ones, capitalised."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Narrator:
    """A seat's log in words; call ``lines`` with the new events each time."""

    def line(self, event: dict[str, Any]) -> str | None:
        raise NotImplementedError

    def lines(self, events: list[dict[str, Any]]) -> list[str]:
        out = []
        for event in events:
            line = self.line(event)
            if line:
                out.append(line[0].upper() + line[1:])
        return out


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
            console.print(line, highlight=False)
        shown = len(view["events"])
        if table.is_over():
            return dict(view)
        actions = table.legal_actions()
        show(view, actions)
        table.act(actions[ask(len(actions)) - 1])
