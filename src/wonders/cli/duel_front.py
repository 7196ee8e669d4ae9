"""`wonders play duel`: 7 Wonders Duel in the terminal against a bot.

The structure is drawn row by row as the players see it: face-down cards as ``[ ? ]``,
taken places blank, the cards that can be taken marked with ``*``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wonders.cli import duel_words, render
from wonders.cli.duel_words import texts
from wonders.cli.narration import play_lines
from wonders.cli.session import SeatTable, Session
from wonders.core.i18n import _
from wonders.core.present import age_name, coins
from wonders.core.protocol import Result
from wonders.duel import advice, describe
from wonders.duel.city import card_facts
from wonders.duel.describe import colour_name, printed, symbol_name
from wonders.duel.present import (
    Log,
    action_label,
    category_name,
    decision,
    pawn,
    victory_line,
    victory_name,
)

CELL = 13  # characters per card in the structure drawing


def structure_text(view: dict[str, Any]) -> Text:
    """The current Age's structure as the seat sees it (names too long for a cell shortened,
    given in full below it)."""
    out = Text()
    if view["phase"] == "draft" or not view["structure"]:
        return out
    places = view["structure"]
    slots = advice.slots(view)
    short = duel_words.short_names(CELL - 2)
    low = min(s.x for s in slots)
    for row in sorted({s.row for s in slots}):
        line = Text()
        column = 0  # characters written on this line
        for i, slot in enumerate(slots):
            if slot.row != row:
                continue
            start = (slot.x - low) * CELL // 2
            line.append(" " * max(0, start - column))
            place = places[i]
            if place["taken"]:
                cell, style = "", ""
            elif place["card"] is None:
                cell, style = "[ ? ]", "dim"
            else:
                name = place["card"]
                color = card_facts()[name].card.color
                cell = ("*" if place["accessible"] else " ") + short[name]
                style = render.COLOR_STYLE.get(color, "")
            line.append(cell.ljust(CELL), style=style)
            column = start + CELL
        out.append(line)
        out.append("\n")
    cut = [
        f"{short[p['card']]}={printed(p['card'])}"
        for p in places
        if p["card"] and not p["taken"] and short[p["card"]] != printed(p["card"])
    ]
    if cut:
        out.append(_("Shortened: {names}").format(names=" · ".join(cut)) + "\n")
    return out


def cities_text(view: dict[str, Any]) -> Text:
    """Both cities, a few lines each: coins, points, production, cards by colour, wonders."""
    seat, position = view["seat"], view["military"]["position"]
    age = age_name(view["age"])
    out = Text(
        _("Age {age}.").format(age=age) + " " + pawn(position, seat).capitalize() + ".\n",
        style="bold",
    )
    for p, info in enumerate(view["players"]):
        who = _("You") if p == seat else _("Your rival")
        out.append(f"{who}: ", style="bold")
        out.append(
            _("{coins}, {vp} VP; produces: {what}").format(
                coins=coins(info["coins"]), vp=info["points"], what=advice.production(view, p)
            )
            + "\n"
        )
        for color in ("brown", "grey", "yellow", "blue", "green", "red", "purple"):
            names = [c for c in info["cards"] if card_facts()[c].card.color == color]
            if names:
                out.append(f"  {colour_name(color)}: ", style=render.COLOR_STYLE[color])
                out.append(", ".join(printed(c) for c in names) + "\n")
        for w in info["wonders"]:  # each wonder with its cost and what it gives
            said = (
                _("wonder {name} (built): {text}")
                if w in info["built"]
                else _("wonder {name}: {text}")
            )
            out.append("  " + said.format(name=printed(w), text=texts()[w]) + "\n")
        for t in info["tokens"]:
            out.append("  " + _("token {name}: {text}").format(name=printed(t), text=texts()[t]))
            out.append("\n")
        if info["science"]:
            symbols = ", ".join(sorted(symbol_name(s) for s in info["science"]))
            out.append("  " + _("science: {s}").format(s=symbols) + "\n")
    if view["board_tokens"]:
        out.append(_("Progress tokens on the board:") + "\n")
        for t in view["board_tokens"]:
            out.append("  " + _("{name}: {text}").format(name=printed(t), text=texts()[t]) + "\n")
    return out


def result_table(result: Result, seat: int) -> Table:
    table = Table(title=_("Final scores ({victory})").format(victory=victory_name(result.victory)))
    table.add_column(_("rank"), justify="right")
    table.add_column(_("player"), no_wrap=True)
    categories = list(result.players[0].breakdown)
    for c in categories:
        table.add_column(category_name(c), justify="right")
    table.add_column(_("total"), justify="right")
    for pr in sorted(result.players, key=lambda pr: pr.rank):
        table.add_row(
            str(pr.rank),
            duel_words.who(pr.seat, seat),
            *(str(pr.breakdown[c]) for c in categories),
            f"[bold]{pr.total}[/]",
        )
    return table


def card_points(view: dict[str, Any]) -> Table:
    """Your cards, wonders and tokens one by one at the end, with the points each scored."""
    table = Table(title=_("Your cards at the end"))
    for column in (_("card"), _("VP"), _("what it did")):
        table.add_column(column)
    for name, kind, points in advice.card_points(view):
        style = render.COLOR_STYLE.get(kind, "")
        label = escape(printed(name))
        table.add_row(f"[{style}]{label}[/]", str(points) if points else "", texts()[name])
    return table


def play(session: Session, console: Console, ask: Callable[[int], int]) -> None:
    seats = SeatTable(session)
    console.print(
        _("7 Wonders Duel, seed {seed}. You are seat {seat}.").format(
            seed=seats.seed, seat=seats.seat
        )
    )
    view = play_lines(seats, console, ask, Log(seats.view()), lambda v, a: decide(console, v, a))
    final(console, view, seats.result())


def final(console: Console, view: dict[str, Any], result: Result) -> None:
    """The end, from the seat's final view: both cities, who won and how, the scores, your
    cards' points."""
    console.print(cities_text(view))
    console.print(Text(victory_line(result.to_json(), view["seat"]), style="bold"))
    console.print(result_table(result, view["seat"]))
    console.print(card_points(view))


def decide(console: Console, view: dict[str, Any], actions: list[Any]) -> None:
    """Print the position and the numbered choices of one decision, from the seat's view."""
    if view["phase"] != "draft":
        console.print(cities_text(view))
        console.print(structure_text(view))
    title, prompt = decision(view, [a.to_json() for a in actions])
    console.print(Text(title, style="bold"))
    console.print(Text(prompt))
    table = Table(title=_("Your choices"))
    table.add_column("#", justify="right")
    table.add_column(_("action"))
    table.add_column(_("the card does"))
    for i, action in enumerate(actions, 1):
        does = texts()[action.card] if action.kind == "build" else ""
        table.add_row(str(i), Text(action_label(view, action.to_json())), does)
    console.print(table)
    cannot = [
        _("{name}: {why}").format(name=printed(name), why=advice.why_not(view, name))
        for name in dict.fromkeys(a.card for a in actions if a.kind == "sell")
        if not any(a.kind == "build" and a.card == name for a in actions)
    ]
    if cannot:
        console.print(_("Not buildable now:") + " " + "; ".join(cannot), highlight=False)


def cards_table(listed: list[dict[str, Any]], title: str, players: int | None) -> Table:
    """``wonders cards duel``: the shared card table in Duel's words."""
    return render.cards_table_in(describe, listed, title, players)
