"""Rich tables that every game's terminal front ends share: the final scores and team
scores of any game, ``wonders cards``' catalogue table, and the card colours' styles.

A game's own panels live in its package (``<game>/tui.py``, ``<game>/plain.py``)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.markup import escape
from rich.table import Table

from wonders.core.i18n import _, ngettext, pgettext
from wonders.core.protocol import Result

COLOR_STYLE = {
    "brown": "dark_orange3",
    "grey": "grey70",
    "blue": "blue",
    "green": "green",
    "yellow": "yellow",
    "red": "red",
    "purple": "magenta",
    "black": "bold bright_black",
    "white": "bright_white",
    "wonder": "cyan",  # boards in the card catalogue
    "token": "bright_green",  # progress tokens
}


def teams_table(result: Result, names: list[str] | None = None) -> Table:
    """Team game: each team's total (its two players' scores), coins and rank."""
    table = Table(title=_("Team scores"))
    for column in (_("rank"), _("team"), _("total"), _("coins")):
        table.add_column(column, justify="left" if column == _("team") else "right", no_wrap=True)
    for team in sorted(result.extra["teams"], key=lambda t: t["rank"]):
        members = " + ".join(
            names[s] if names else _("seat {n}").format(n=s) for s in team["seats"]
        )
        table.add_row(str(team["rank"]), members, f"[bold]{team['total']}[/]", str(team["coins"]))
    return table


def result_table(
    result: Result,
    names: list[str] | None = None,
    tiebreak: str | None = None,
    named: Callable[[str], str] = str,
) -> Table:
    """The final scores by category, best rank first; ``tiebreak``: the heading of the
    tie-break column (7 Wonders' coins unless a game says otherwise); ``named``: the game's
    category words (its column headings)."""
    categories = list(result.players[0].breakdown)
    # Cities' nine or ten categories: no padding, so that the totals fit in 80 columns
    table = Table(title=_("Final scores"), padding=(0, 0) if len(categories) > 8 else (0, 1))
    table.add_column(_("rank"), justify="right")
    table.add_column(_("player"), no_wrap=True)
    for c in categories:
        table.add_column(named(c), justify="right")
    table.add_column(_("total"), justify="right")
    table.add_column(tiebreak or _("coins"), justify="right")
    for p in sorted(result.players, key=lambda p: p.rank):
        name = names[p.seat] if names else _("seat {n}").format(n=p.seat)
        table.add_row(
            str(p.rank),
            name,
            *(str(p.breakdown[c]) for c in categories),
            f"[bold]{p.total}[/]",
            str(p.tiebreak),
        )
    return table


def cards_table_in(
    words: ModuleType, listed: list[dict[str, Any]], title: str, players: int | None
) -> Table:
    """``wonders cards`` for 7 Wonders and Duel: one row per card (its Ages' copies by
    player count), then the boards or wonders and the tokens (their text says it all);
    ``words``: the game's ``describe`` module (its printed names, colours and costs)."""
    printed, colour_name, cost_text = words.printed, words.colour_name, words.cost_text
    if players:
        heading = ngettext(
            "{game}: cards at {n} player", "{game}: cards at {n} players", players
        ).format(game=title, n=players)
    else:
        heading = _("{game}: cards").format(game=title)
    table = Table(title=heading)
    for column in (_("Age"), _("name"), _("colour"), _("cost"), _("copies"), _("effect")):
        table.add_column(column)
    # drawn at random, not by player count
    dealt = {"purple": pgettext("copies", "guild"), "black": pgettext("copies", "random")}
    kinds = {"wonder": _("board"), "token": _("token")}
    for c in listed:
        style = COLOR_STYLE.get(c["color"], "")
        name = escape(printed(c["name"]))
        if c["color"] in kinds:
            shown = f"[{style}]{name}[/]" if style else name
            table.add_row(kinds[c["color"]], shown, "", "", "", escape(c["text"]))
            continue
        table.add_row(
            str(c["age"]) if c["age"] is not None else _("leader"),
            f"[{style}]{name}[/]",
            colour_name(c["color"]),
            cost_text(c["cost"]),
            " ".join(map(str, c["copies"])) or dealt.get(c["color"], ""),
            escape(c["text"]),
        )
    return table
