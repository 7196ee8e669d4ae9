"""`wonders play classic --plain`: 7 Wonders in lines, for screen readers and scripts.

Each decision prints your neighbours' boards and yours (every wonder stage with its cost and
reward), your hand with each card's cost for you, effect and chains, and numbered choices
with what each pays and buys from whom; the log names seats by wonder and place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console

from wonders.classic import advice
from wonders.classic.present import Log
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
    """Print the position and the numbered choices of one decision, from the seat's view."""
    seat, phase = view["seat"], view["phase"]
    acting = advice.acting(view)
    mate = view.get("teammate")
    title = _("Your choices")
    if phase == "leader_draft":
        console.print(render.board(view, seat, seat))  # your wonder and kept leaders
        if view.get("leader_hand"):
            console.print(render.leader_table(view))
    else:
        console.print(render.boards(view, seat))
    if phase == "discard_build":
        who = "Solomon" if advice.solomon_turn(view) else "Halicarnassus"
        console.print(_("{who}: build one card of the discard pile for free.").format(who=who))
    elif phase == "extra_card":
        console.print(
            _(
                "Babylon B's second stage: play your last card of the Age too, instead of "
                "discarding it."
            )
        )
    elif phase == "leader_draft":
        console.print(_("Keep one leader of the packet; the others pass to your right."))
        console.print(render.leader_table(view, packet=True))
    elif phase == "recruit":
        console.print(
            _(
                "Recruitment: recruit a leader (coins to the bank), build a wonder stage "
                "with it, or sell it for 3 coins (it goes back to the box)."
            )
        )
        console.print(render.leader_table(view))
        if mate is not None:
            console.print(render.teammate_table(view))
    elif phase == "recruit_now":
        console.print(_("Roma: recruit a leader at once (or decline)."))
        console.print(render.leader_table(view))
    elif phase == "courtesan":
        console.print(_("Courtesans Guild: copy the effect of a neighbour's recruited leader."))
    elif phase == "return_leader":
        console.print(_("Age III: send one of your leaders back to the box."))
    elif phase == "debt":
        if render.is_free_city(view, acting):
            title = _("The Free City's choices")
        console.print(render.debt_banner(view, acting, seat), highlight=False, soft_wrap=True)
    elif view.get("deciding_for") == "free_city":
        side = _("left") if advice.left(view, seat) == acting else _("right")
        title = _("The Free City's choices")
        console.print(
            _(
                "Now the Free City's card (it sits on your {side}), from the rest of your "
                "hand: it builds a card free by chain when it can, sells only if it can "
                "build nothing, and pays its trades from its own treasury."
            ).format(side=side)
        )
    else:
        if seat == view.get("free_city", {}).get("controller"):
            console.print(_("You hold the Free City card: after your card, choose its card."))
        console.print(render.hand_table(view, actions))
        if view["players"][seat].get("leaders"):
            console.print(render.leader_table(view))
        if mate is not None:
            console.print(render.teammate_table(view))
    console.print(render.actions_table(view, acting, actions, title))
