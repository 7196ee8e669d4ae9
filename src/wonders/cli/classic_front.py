"""`wonders play classic --plain`: 7 Wonders in lines, for screen readers and scripts.

Each decision prints your neighbours' boards and yours (every wonder stage with its cost and
reward), your hand with each card's cost for you, effect and chains, and numbered choices
with what each pays and buys from whom; the log names seats by wonder and place.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from wonders.cli import render
from wonders.cli.classic_log import ClassicLog
from wonders.cli.session import Session
from wonders.core.i18n import _


def play(session: Session, console: Console, ask: Callable[[int], int]) -> None:
    from wonders.classic.state import ClassicState

    state, seat = session.state, session.seat
    assert isinstance(state, ClassicState)
    players = state.num_players
    extras = ", the Free City" if state.free_city else ""
    extras += ", Leaders" if state.leaders_on else ""
    extras += ", Cities" if state.cities_on else ""
    mate = state.teammate(seat)
    partner = f" Your teammate is seat {mate}." if mate is not None else ""
    console.print(
        f"7 Wonders, {players} players{extras}, seed {session.seed}. You are seat {seat}.{partner}",
        soft_wrap=True,
    )
    narrator = ClassicLog(state, seat)
    shown = 0
    while not state.is_terminal():
        session.bots_move()
        events = state.view(seat)["events"]
        for line in narrator.lines(events[shown:]):
            console.print(line, highlight=False)
        shown = len(events)
        if not session.my_turn():
            continue
        actions = state.legal_actions(seat)
        view = state.view(seat)
        acting = seat
        title = "Your choices"
        if state.phase == "leader_draft":
            console.print(render.board(state, seat, seat))  # your wonder and kept leaders
            if state.leader_hands[seat]:
                console.print(render.leader_table(state, seat))
        else:
            console.print(render.boards(state, seat))
        if state.phase == "discard_build":
            acting = state.queue[0]
            who = "Halicarnassus" if state.halicarnassus_turn(acting) else "Solomon"
            console.print(_("{who}: build one card of the discard pile for free.").format(who=who))
        elif state.phase == "extra_card":
            acting = state.queue[0]
            console.print(
                _(
                    "Babylon B's second stage: play your last card of the Age too, instead of "
                    "discarding it."
                )
            )
        elif state.phase == "leader_draft":
            console.print(_("Keep one leader of the packet; the others pass to your right."))
            console.print(render.leader_table(state, seat, packet=True))
        elif state.phase == "recruit":
            console.print(
                _(
                    "Recruitment: recruit a leader (coins to the bank), build a wonder stage "
                    "with it, or sell it for 3 coins (it goes back to the box)."
                )
            )
            console.print(render.leader_table(state, seat))
            if mate is not None:
                console.print(render.teammate_table(state, seat))
        elif state.phase == "recruit_now":
            console.print(_("Roma: recruit a leader at once (or decline)."))
            console.print(render.leader_table(state, seat))
        elif state.phase == "courtesan":
            console.print(_("Courtesans Guild: copy the effect of a neighbour's recruited leader."))
        elif state.phase == "return_leader":
            console.print(_("Age III: send one of your leaders back to the box."))
        elif state.phase == "debt":
            acting = view["deciding_for"]
            if acting >= players:
                title = "The Free City's choices"
            console.print(render.debt_banner(state, acting, seat), highlight=False, soft_wrap=True)
        elif view.get("deciding_for") == "free_city":
            acting = state.n - 1
            side = "left" if state.left(seat) == acting else "right"
            title = "The Free City's choices"
            console.print(
                _(
                    "Now the Free City's card (it sits on your {side}), from the rest of your "
                    "hand: it builds a card free by chain when it can, sells only if it can "
                    "build nothing, and pays its trades from its own treasury."
                ).format(side=_(side))
            )
        else:
            if state.free_city and seat == state.controller():
                console.print(_("You hold the Free City card: after your card, choose its card."))
            console.print(render.hand_table(state, seat))
            if state.leaders_on and state.cities[seat].leaders:
                console.print(render.leader_table(state, seat))
            if mate is not None:
                console.print(render.teammate_table(state, seat))
        console.print(render.actions_table(state, acting, actions, title))
        choice = ask(len(actions))
        session.apply(seat, actions[choice - 1])
    for line in narrator.lines(state.view(seat)["events"][shown:]):
        console.print(line, highlight=False)
    console.print(render.cities_table(state, seat, title="Final cities"))
    names = [
        f"{p}" + (" (you)" if p == seat else " (teammate)" if p == mate else "")
        for p in range(state.num_players)
    ]
    result = state.result()
    console.print(render.result_table(result, names))
    console.print(render.card_points(state, seat))
    if "teams" in result.extra:
        console.print(render.teams_table(result, names))
    if state.free_city:
        fc = result.extra["free_city"]
        console.print(_("The Free City scored {n} (it does not rank).").format(n=fc["total"]))
