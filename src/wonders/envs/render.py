"""``render()`` of the PettingZoo environments: what the terminal's ``--plain`` front end
(``wonders play --plain``) prints for a seat, as plain text, built with the front ends' own
renderers (``wonders.cli``), which show only what the seat may know."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from wonders.core.protocol import State


class SeatRenderer:
    """One seat's terminal text; each call narrates the events since the previous one
    (as the terminal does), then the position and the seat's choices, or the result."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.shown = 0

    def reset(self) -> None:
        self.shown = 0

    def text(self, state: State, seat: int) -> str:
        out = io.StringIO()
        console = Console(file=out, width=110, no_color=True, force_terminal=False)
        events = state.view(seat)["events"]
        if len(events) < self.shown:
            self.shown = 0
        for line in self._narrator(state, seat).lines(events[self.shown :]):
            console.print(line, highlight=False)
        self.shown = len(events)
        getattr(self, f"_{self.game}")(state, seat, console)
        return out.getvalue().rstrip("\n")

    def _narrator(self, state: Any, seat: int) -> Any:
        if self.game == "classic":
            from wonders.cli.classic_log import ClassicLog

            return ClassicLog(state, seat)
        if self.game == "duel":
            from wonders.cli.duel_words import DuelLog

            return DuelLog(seat)
        from wonders.cli.architects_words import ArchitectsLog

        return ArchitectsLog(seat, [w.name for w in state.wonders])

    def _classic(self, state: Any, seat: int, console: Console) -> None:
        from wonders.cli import render

        console.print(render.boards(state, seat))
        if state.is_terminal():
            console.print(render.result_table(state.result()))
            return
        if state.hands[seat]:
            console.print(render.hand_table(state, seat))
        actions = state.legal_actions(seat)
        if actions:
            console.print(render.actions_table(state, seat, actions))

    def _duel(self, state: Any, seat: int, console: Console) -> None:
        from wonders.cli import duel_front, duel_words

        if state.phase != "draft":
            console.print(duel_front.cities_text(state, seat))
            console.print(duel_front.structure_text(state, seat))
        if state.is_terminal():
            console.print(duel_front.result_table(state, seat))
            return
        actions = state.legal_actions(seat)
        if actions:
            console.print(duel_words.prompt(state, seat), highlight=False)
            for i, action in enumerate(actions, 1):
                console.print(f"{i}. {duel_words.choice_text(state, seat, action)}")

    def _architects(self, state: Any, seat: int, console: Console) -> None:
        from wonders.cli import architects_front as front
        from wonders.cli import architects_words as words

        console.print(front.position_table(state, seat))
        if state.is_terminal():
            names = [f"{p} {w.name}" + (" (you)" if p == seat else "") for p, w in
                     enumerate(state.wonders)]  # fmt: skip
            console.print(front.result_table(state.result(), names))
            return
        console.print(front.your_wonder(state, seat), highlight=False)
        console.print(front.decks_line(state, seat, state.view(seat)))
        actions = state.legal_actions(seat)
        if actions:
            console.print(words.prompt(state, seat), highlight=False)
            console.print(front.actions_table(state, seat, actions))
