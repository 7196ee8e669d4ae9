"""``render()`` of the PettingZoo environments: what the terminal's ``--plain`` front end
(``wonders play --plain``) prints for a seat, as plain text: the log since the last render,
then the position and the numbered choices, or the end. Built with the front ends' own
functions from the seat's ``view`` and legal actions only (the final scores once the game is
over, when every score is public)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from wonders.cli.narration import print_line
from wonders.core.present import Narrator
from wonders.core.protocol import State, View
from wonders.core.registry import get_game


class SeatRenderer:
    """One seat's terminal text; each call narrates the events since the previous one
    (as the terminal does), then the position and the seat's choices, or the end."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.shown = 0
        self.narrator: Narrator | None = None

    def reset(self) -> None:
        self.shown = 0
        self.narrator = None

    def text(self, state: State, seat: int) -> str:
        front = self._front()
        out = io.StringIO()
        console = Console(file=out, width=110, no_color=True, force_terminal=False)
        view = state.view(seat)
        events = view["events"]
        if self.narrator is None or len(events) < self.shown:
            self.narrator, self.shown = self._narrator(view), 0
        for line in self.narrator.lines(events[self.shown :]):
            print_line(console, line)
        self.shown = len(events)
        if state.is_terminal():
            front.final(console, view, state.result())
        else:
            actions = state.legal_actions(seat) if seat in state.to_move() else []
            front.decide(console, view, actions)
        return out.getvalue().rstrip("\n")

    def _front(self) -> Any:
        return get_game(self.game).part("plain")

    def _narrator(self, view: View) -> Narrator:
        narrator: Narrator = get_game(self.game).part("narrator")(view, None)
        return narrator
