"""The terminal game of 7 Wonders Architects: ``wonders play architects --players N``.

The human sees the decks' tops (the central deck's only when the cat lets them peek), every
wonder with its stages, cards in front, shields, victory and progress tokens, the conflict
tokens, what everyone did, and their legal actions as numbered choices; bots play the
other seats. Decks are named by wonder and by where they lie for the human (left/right).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wonders.architects import advice
from wonders.architects.actions import Action
from wonders.architects.cards import facts
from wonders.architects.describe import colour_name, printed
from wonders.architects.present import (
    Log,
    action_label,
    card_label,
    card_labels,
    category_name,
    decision,
    victory_line,
    where,
)
from wonders.cli import architects_words as words
from wonders.cli import render
from wonders.cli.narration import play_lines
from wonders.cli.session import SeatTable, Session
from wonders.core.i18n import _, ngettext
from wonders.core.protocol import Result

COLOR_STYLE = {
    "grey": "grey70",
    "yellow": "yellow",
    "green": "green",
    "blue": "blue",
    "red": "red",
}


def play(session: Session, console: Console, ask: Callable[[int], int]) -> None:
    table = SeatTable(session)
    seat = table.seat
    view = table.view()
    n = len(view["players"])
    console.print(
        _("7 Wonders Architects, {n} players, seed {seed}. You are seat {seat}.").format(
            n=n, seed=table.seed, seat=seat
        )
    )
    view = play_lines(table, console, ask, Log(view), lambda v, a: decide(console, v, a))
    final(console, view, table.result())


def final(console: Console, view: dict[str, Any], result: Result) -> None:
    """The end, from the seat's final view: the table, the scores, who won and how, your
    points item by item."""
    seat = view["seat"]
    console.print(position_table(view))
    names = [
        _("{seat} {wonder} (you)").format(seat=p, wonder=printed(info["wonder"]))
        if p == seat
        else _("{seat} {wonder}").format(seat=p, wonder=printed(info["wonder"]))
        for p, info in enumerate(view["players"])
    ]
    console.print(result_table(result, names))
    wonders = [info["wonder"] for info in view["players"]]
    console.print(escape(victory_line(result.to_json(), seat, wonders)), highlight=False)
    console.print(card_points(view))


def decide(console: Console, view: dict[str, Any], actions: list[Any]) -> None:
    """Print the position, what is asked and the numbered choices of one decision, from the
    seat's view."""
    console.print(position_table(view))
    console.print(your_wonder(view), highlight=False)
    console.print(decks_line(view))
    title, prompt = decision(view, [a.to_json() for a in actions])
    console.print(Text(title, style="bold"))
    console.print(Text(prompt), highlight=False)
    console.print(actions_table(view, actions))


def position_table(view: dict[str, Any]) -> Table:
    seat = view["seat"]
    table = Table(title=_("Wonders"))
    columns = (_("seat"), _("wonder"), _("stages"), _("next"), _("cards"), _("shields"))
    for column in (*columns, _("victory"), _("progress"), _("≈VP")):
        table.add_column(column)
    f = facts()
    for p, info in enumerate(view["players"]):
        cards = ", ".join(
            f"[{COLOR_STYLE[f.color[f.index[k]]]}]{escape(card_label(k))}[/]"
            + (" " + _("×{n}").format(n=c) if c > 1 else "")
            for k, c in info["cards"].items()
        )
        label = _("you") if p == seat else _("seat {n}").format(n=p)
        label += " [bold]" + _("cat") + "[/]" if info["cat"] else ""
        table.add_row(
            label,
            printed(info["wonder"]),
            " ".join(map(str, info["stages"])) or "-",
            "; ".join(f"{st}: {words.stage_text(info['wonder'], st)}" for st in info["next_stages"])
            or _("done"),
            cards,
            str(info["shields"]),
            str(info["victory_tokens"]),
            ", ".join(printed(t) for t in info["progress"]),
            str(advice.score(view, p)),
        )
    return table


def your_wonder(view: dict[str, Any]) -> str:
    """Your wonder's stages, each with its cost pattern and reward (built ones ticked)."""
    info = view["players"][view["seat"]]
    lines = [_("Your wonder, {name}:").format(name=printed(info["wonder"]))]
    for s in range(1, 6):
        mark = "✓" if s in info["stages"] else "→" if s in info["next_stages"] else "·"
        text = _("stage {n}: {text}").format(n=s, text=words.stage_text(info["wonder"], s))
        lines.append(f"{mark} {text}")
    return "\n".join(escape(line) for line in lines)


def decks_line(view: dict[str, Any]) -> str:
    parts = []
    for deck in view["decks"]:
        place = where(view, deck["deck"])
        if place is None:  # far: not yours to take
            continue
        top = card_label(deck["top"]) if deck["top"] else "-"
        parts.append(
            ngettext(
                "{deck} deck ({where}): top {top}, {n} card",
                "{deck} deck ({where}): top {top}, {n} cards",
                deck["size"],
            ).format(deck=printed(deck["deck"]), where=place, top=top, n=deck["size"])
        )
    central = view["central"]
    if "top" in central:
        top = _("top {card} (the cat's peek)").format(card=card_label(central["top"]))
    else:
        top = _("face down")
    parts.append(
        ngettext("central: {top}, {n} card", "central: {top}, {n} cards", central["size"]).format(
            top=top, n=central["size"]
        )
    )
    tokens = view["tokens"]
    lines = [
        _("Decks:") + " " + "; ".join(parts),
        _("Progress tokens: {names} (stack {n})").format(
            names=", ".join(printed(t) for t in tokens["face_up"]) or _("none"), n=tokens["stack"]
        ),
        _("Conflict: {b} of {t} tokens on the battle side").format(
            b=view["conflict"]["battle_side"], t=view["conflict"]["total"]
        ),
    ]
    if "searching" in view and "cards" in view["searching"]:
        lines.append(
            _("You look at: {cards}").format(cards=card_labels(view["searching"]["cards"]))
        )
    return "\n".join(escape(line) for line in lines)


def actions_table(view: dict[str, Any], actions: list[Action]) -> Table:
    table = Table(title=_("Your choices"))
    table.add_column("#", justify="right")
    table.add_column(_("action"))
    for i, action in enumerate(actions, 1):
        table.add_row(str(i), escape(action_label(view, action.to_json())))
    return table


def result_table(result: Result, names: list[str]) -> Table:
    table = Table(title=_("Final scores"))
    table.add_column(_("rank"), justify="right")
    table.add_column(_("player"), no_wrap=True)
    categories = list(result.players[0].breakdown)
    for c in categories:
        table.add_column(category_name(c), justify="right")
    table.add_column(_("total"), justify="right")
    table.add_column(_("stages"), justify="right")
    for p in sorted(result.players, key=lambda p: p.rank):
        table.add_row(
            str(p.rank),
            escape(names[p.seat]),
            *(str(p.breakdown[c]) for c in categories),
            f"[bold]{p.total}[/]",
            str(p.tiebreak),
        )
    return table


def card_points(view: dict[str, Any]) -> Table:
    """Your points at the end item by item: stages, blue cards, tokens, the cat, victories."""
    table = Table(title=_("Your points at the end"))
    table.add_column(_("what"))
    table.add_column(_("VP"), justify="right")
    for label, points in advice.card_points(view):
        table.add_row(escape(label), str(points))
    return table


def cards_table(listed: list[dict[str, Any]], title: str, players: int | None) -> Table:
    """One row per card face (how many in the central deck and in the wonder decks), then
    the wonders with their stages and the progress tokens."""
    table = Table(title=_("{game}: cards, wonders and progress tokens").format(game=title))
    for column in (_("card"), _("colour"), _("central"), _("wonder decks"), _("what it does")):
        table.add_column(column)
    faces: dict[str, dict[str, Any]] = {}
    for c in listed:
        if c["deck"] is None:
            continue
        face = faces.setdefault(c["name"], {"card": c, "central": 0, "wonders": 0})
        face["central" if c["deck"] == "central" else "wonders"] += 1
    for face in faces.values():
        color = face["card"]["color"]
        table.add_row(
            f"[{render.COLOR_STYLE.get(color, color)}]{escape(face['card']['label'])}[/]",
            colour_name(color),
            str(face["central"]),
            str(face["wonders"]),
            escape(face["card"]["text"]),
        )
    for c in listed:
        if c["deck"] is None:
            kind = "wonder" if c["color"] == "wonder" else "token"
            what = _("wonder") if kind == "wonder" else _("progress token")
            name = escape(printed(c["name"]))
            table.add_row(f"[{render.COLOR_STYLE[kind]}]{name}[/]", what, "", "", c["text"])
    return table
