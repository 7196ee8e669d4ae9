"""The toy game's front-end parts (see ``toy_game``): its words, its ``--plain`` lines, its
full-screen panels and its learning environments' encoding, each written as a new game's
author would, from the parts' documented interfaces only (docs/ARCHITECTURE.md).

Test words stay English: a game's own words go through gettext, but a test's toy has no
catalogue, so it writes them plainly."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType

from tests.core.toy_game import HighCardView
from wonders.cli.narration import play_lines
from wonders.cli.plain import numbered, say, say_all
from wonders.cli.session import SeatTable, Session
from wonders.cli.tui.view import Choice, GameView
from wonders.core.present import Narrator
from wonders.core.protocol import JSON, Result, ResultView, View, game_view, own_seat
from wonders.envs.codec import WAIT, Acc, Codec, Layout

CARDS = range(1, 7)


def seen(view: View) -> HighCardView:
    """A front end's ``View`` as the toy game's."""
    mine: HighCardView = game_view(view, "highcard")
    return mine


# ---------------------------------------------------------------- present: the words


class Log(Narrator):
    def line(self, event: JSON) -> str | None:
        who = "you" if event["player"] == self.seat else self.name(event["player"])
        if event["type"] == "play":
            verb = "play" if who == "you" else "plays"
            return f"{who} {verb} the {event['card']}"
        if event["type"] == "trick":
            verb = "take" if who == "you" else "takes"
            return f"{who} {verb} the trick"
        return None


def decision(
    view: HighCardView, legal: list[JSON], names: Sequence[str] | None = None
) -> tuple[str, str]:
    return "Play a card", "The higher card takes the trick."


def action_label(view: HighCardView, action: JSON, names: Sequence[str] | None = None) -> str:
    return f"Play the {action['card']}."


def victory_line(result: ResultView, reader: int | None, names: Sequence[str] | None) -> str:
    (winner,) = result["winners"]
    if reader is not None:
        return "You won." if winner == reader else "Your rival won."
    return f"{names[winner] if names else f'Player {winner + 1}'} won."


def tiebreak_name() -> str:
    return "none"


def category_name(category: str) -> str:
    return category


def help_sections(options: JSON) -> list[tuple[str, str]]:
    return [("High card", "Play a card each; the higher card takes the trick.")]


# ---------------------------------------------------------------- plain: --plain


def play(session: Session, console: Console, ask: Callable[..., int]) -> None:
    table = SeatTable(session)
    view = table.view()
    say(console, f"High card, seed {table.seed}. You are seat {table.seat}.")
    final_view: HighCardView = play_lines(
        table,
        console,
        ask,
        Log(view),
        lambda v, actions: decide(console, v, actions),
        what=lambda v, actions: decision(v, [a.to_json() for a in actions])[0],
    )
    final(console, final_view, table.result())


def decide(console: Console, view: HighCardView, actions: list[Any]) -> None:
    seat = own_seat(view)
    say(console, f"Tricks: you {view['tricks'][seat]}, rival {view['tricks'][1 - seat]}.")
    say_all(
        console, [numbered(i, action_label(view, a.to_json())) for i, a in enumerate(actions, 1)]
    )


def final(console: Console, view: HighCardView, result: Result) -> None:
    say(console, victory_line(result.to_json(), view["seat"], None))


# ---------------------------------------------------------------- tui: the table's panels


class HighCardScreen(GameView):
    def view(self) -> HighCardView:
        return seen(super().view())

    def status(self) -> str:
        return "High card"

    def city(self) -> RenderableType:
        view = self.view()
        return f"Your hand: {view['hand']}; your tricks: {view['tricks'][self.seat]}"

    def table(self) -> RenderableType:
        return f"On the table: {self.view()['trick']}"

    def everyone(self) -> RenderableType:
        return f"Tricks: {self.view()['tricks']}"

    def prompt(self) -> str:
        return "Play a card"

    def choices(self) -> list[Choice]:
        view = self.view()
        return [Choice(action_label(view, a.to_json()), action=a) for a in self.legal_actions()]

    def log_lines(self, events: list[dict[str, Any]]) -> list[str]:
        return Log(self.view()).lines(events)

    def final(self) -> RenderableType:
        return victory_line(self.seat_table.result().to_json(), self.seat, None)


# ---------------------------------------------------------------- codec: the environments


class HighCardCodec(Codec):
    """Observation: my hand (6 ones), the card led (6), the tricks of me and my rival;
    actions: WAIT, then "play card c" at index c."""

    def __init__(self, options: JSON) -> None:
        self.game, self.options = "highcard", dict(options)
        self.num_players, self.num_actions = 2, 1 + len(CARDS)
        self.layout = Layout()
        self.hand = self.layout.add("hand", len(CARDS), "1 for each card in my hand")
        self.led = self.layout.add("led", len(CARDS), "1 for the card led this trick")
        self.tricks = self.layout.add("tricks", 2, "tricks taken: mine, my rival's")

    def reference_indices(self, actions: list[Any], seat: int) -> list[int]:
        return [a.card for a in actions]

    def observe_into(self, state_view: View, seat: int, acc: Acc) -> None:
        view = seen(state_view)
        acc.ones.extend(self.hand + c - 1 for c in view["hand"] or [])
        acc.ones.extend(self.led + c - 1 for c in view["trick"])
        acc.set(self.tricks, view["tricks"][seat])
        acc.set(self.tricks + 1, view["tricks"][1 - seat])

    def action_name(self, index: int) -> str:
        return "wait" if index == WAIT else f"play {index}"
