"""``render()`` of the PettingZoo environments: what the terminal's ``--plain`` front end
(``wonders play --plain``) prints for a seat, as plain text: the log since the last render,
then the position and the numbered choices, or the end. Built with the front ends' own
functions from the seat's ``view`` and legal actions only (the final scores once the game is
over, when every score is public)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from wonders.cli.narration import Narrator
from wonders.core.protocol import State


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
            console.print(line, highlight=False)
        self.shown = len(events)
        if state.is_terminal():
            front.final(console, view, state.result())
        else:
            actions = state.legal_actions(seat) if seat in state.to_move() else []
            front.decide(console, view, actions)
        return out.getvalue().rstrip("\n")

    def _front(self) -> Any:
        if self.game == "classic":
            from wonders.cli import classic_front

            return classic_front
        if self.game == "duel":
            from wonders.cli import duel_front

            return duel_front
        from wonders.cli import architects_front

        return architects_front

    def _narrator(self, view: dict[str, Any]) -> Narrator:
        seat = view["seat"]
        if self.game == "classic":
            from wonders.cli.classic_log import ClassicLog

            return ClassicLog(view)
        if self.game == "duel":
            from wonders.cli.duel_words import DuelLog

            return DuelLog(seat)
        from wonders.cli.architects_words import ArchitectsLog

        return ArchitectsLog(seat, [info["wonder"] for info in view["players"]])
