"""`wonders play classic --plain`: 7 Wonders in lines, for screen readers and scripts.

Each decision prints your neighbours' boards and yours (every wonder stage with its cost and
reward), your hand with each card's cost for you, effect and chains, and numbered choices
with what each pays and buys from whom; the log names seats by wonder and place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from wonders.classic import advice
from wonders.classic.present import Log, decision
from wonders.cli import render
from wonders.cli.narration import play_lines
from wonders.cli.session import SeatTable, Session
from wonders.core.i18n import _
from wonders.core.protocol import Result


def play(session: Session, console: Console, ask: Callable[[int], int]) -> None:
    table = SeatTable(session)
    seat = table.seat
    view = table.view()
    players = len(view["players"])
    expansions = view.get("expansions", [])
    extras = ""
    if "free_city" in view:
        extras += ", " + _("the Free City")
    if "leaders" in expansions:
        extras += ", " + _("Leaders")
    if "cities" in expansions:
        extras += ", " + _("Cities")
    mate = view.get("teammate")
    partner = " " + _("Your teammate is seat {n}.").format(n=mate) if mate is not None else ""
    console.print(
        _("7 Wonders, {n} players{extras}, seed {seed}. You are seat {seat}.").format(
            n=players, extras=extras, seed=table.seed, seat=seat
        )
        + partner,
        soft_wrap=True,
    )
    view = play_lines(
        table, console, ask, Log(view), lambda v, actions: decide(console, v, actions)
    )
    final(console, view, table.result())


def final(console: Console, view: dict[str, Any], result: Result) -> None:
    """The end, from the seat's final view: every city, the scores, your cards' points."""
    seat, mate = view["seat"], view.get("teammate")
    console.print(render.cities_table(view, seat, title=_("Final cities")))
    names = [
        f"{p}" + (" " + _("(you)") if p == seat else " " + _("(teammate)") if p == mate else "")
        for p in range(len(view["players"]))
    ]
    console.print(render.result_table(result, names))
    console.print(render.card_points(view))
    if "teams" in result.extra:
        console.print(render.teams_table(result, names))
    if "free_city" in result.extra:
        fc = result.extra["free_city"]
        console.print(_("The Free City scored {n} (it does not rank).").format(n=fc["total"]))


def decide(console: Console, view: dict[str, Any], actions: list[Any]) -> None:
    """Print the position, the decision in words and its numbered choices, from the seat's
    view: your wonder and the leader packet in the leader draft, else the boards; your hand
    (a turn's card) or your leaders (their decisions) and your teammate's hand."""
    seat, phase = view["seat"], view["phase"]
    mate = view.get("teammate")
    if phase == "leader_draft":
        console.print(render.board(view, seat, seat))  # your wonder and kept leaders
        if view.get("leader_hand"):
            console.print(render.leader_table(view))
    else:
        console.print(render.boards(view, seat))
    title, prompt = decision(view, [a.to_json() for a in actions])
    console.print(Text(title, style="bold"))
    console.print(prompt, highlight=False, soft_wrap=True, markup=False)
    if phase == "leader_draft":
        console.print(render.leader_table(view, packet=True))
    elif phase in ("recruit", "recruit_now"):
        console.print(render.leader_table(view))
    elif phase == "draft" and view.get("deciding_for") != "free_city":
        console.print(render.hand_table(view, actions))
        if view["players"][seat].get("leaders"):
            console.print(render.leader_table(view))
    if mate is not None and phase in ("draft", "recruit"):
        console.print(render.teammate_table(view))
    console.print(render.actions_table(view, advice.acting(view), actions))
