"""Rich renderings of 7 Wonders positions, choices and results for the terminal.

Every function reads a seat's ``view`` (and the card data), never the engine's state: what
needs computing (production, scores, what a payment buys) comes from ``classic.advice``, the
choices' words from ``classic.present``.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from wonders.classic import advice, describe
from wonders.classic.present import category_name
from wonders.core.i18n import N_, _, ngettext, pgettext
from wonders.core.present import age_name
from wonders.core.protocol import Result

View = dict[str, Any]

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


# 7 Wonders' score categories, abbreviated so that Cities' ten columns fit 80 columns
SHORT = {
    "military": N_("mil"),
    "treasury": N_("trea"),
    "wonder": N_("wond"),
    "civilian": N_("civ"),
    "science": N_("sci"),
    "commerce": N_("com"),
    "guilds": N_("guild"),
    "leaders": N_("lead"),
    "cities": N_("city"),
}


# The plain descriptions live in the game package, shared with `wonders cards` and the web.
describe_effect = describe.effect_text
describe_board = describe.board_text
CITIES_WORDS = describe.CITIES_WORDS


def heading(category: str, named: Callable[[str], str] = category_name) -> str:
    """A score column's heading: 7 Wonders' short words, else the game's (``named``)."""
    short = SHORT.get(category)
    return _(short) if short else named(category)


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def _tokens(tokens: list[int]) -> str:
    return " ".join(f"{t:+d}" for t in tokens)


def production(view: View, p: int) -> str:
    return advice.production(view, p)


def _science(view: View, p: int) -> str:
    return advice.science(view, p)


def is_free_city(view: View, p: int) -> bool:
    return p >= len(view["players"])


def _label(view: View, p: int, seat: int | None) -> str:
    """A city's seat as the reader sees it: "0 (you)", "2 (left)", "Free City (right)"."""
    left, right = (
        (advice.left(view, seat), advice.right(view, seat)) if seat is not None else (-1, -1)
    )
    if is_free_city(view, p):
        if p in (left, right):
            side = _("left") if p == left else _("right")
            return _("Free City ({side})").format(side=side)
        return _("Free City")
    if seat is None:
        return _("seat {n}").format(n=p)
    if p == seat:
        return _("{n} (you)").format(n=p)
    if p == view.get("teammate"):
        side = _("left") if p == left else _("right")
        return _("{n} (teammate, {side})").format(n=p, side=side)
    if p == left:
        return _("{n} (left)").format(n=p)
    if p == right:
        return _("{n} (right)").format(n=p)
    return str(p)


def stage_texts(view: View, p: int) -> list[str]:
    """Each stage of ``p``'s board side as "cost -> reward"."""
    entry = advice.city_entries(view)[p]
    board = advice.catalog(view).wonder_named(entry["wonder"])
    return [describe.stage_text(s) for s in board.to_json()["sides"][entry["side"]]]


def chains_into(view: View) -> dict[str, list[str]]:
    """For each card name of the game, the cards it makes free."""
    return describe.chains_into([c.to_json() for c in advice.catalog(view).cards])


def board(view: View, p: int, seat: int | None = None) -> Panel:
    """One city in full: wonder, stages, coins, military, buildings by colour, production."""
    entry = advice.city_entries(view)[p]
    city = advice.cities(view)[p]
    tokens = _tokens(entry["tokens"]) or _("none")
    lines = [
        _("stages {s}/{n} · {coins} · {shields} · tokens {tokens}").format(
            s=entry["stages"],
            n=entry["stages_total"],
            coins=_coins(entry["coins"]),
            shields=ngettext("{n} shield", "{n} shields", city.shields).format(n=city.shields),
            tokens=tokens,
        )
    ]
    stages = stage_texts(view, p)
    if seat == p:  # your own board: every stage, its cost and its reward
        lines += [
            ("✓" if i < entry["stages"] else "·")
            + " "
            + _("stage {n}: {text}").format(n=i + 1, text=t)
            for i, t in enumerate(stages)
        ]
    elif entry["stages"] < len(stages):
        lines.append(_("next stage: {text}").format(text=stages[entry["stages"]]))
    if "debt" in entry:
        owes = (
            " · " + _("owes {coins} now").format(coins=_coins(entry["owes"]))
            if "owes" in entry
            else ""
        )
        lines.append(
            _("debt {d} · diplomacy {k}").format(d=entry["debt"], k=entry["diplomacy"]) + owes
        )
    for color, style in COLOR_STYLE.items():
        names = sorted(describe.printed(c.name) for c in city.cards if c.color == color)
        if names:
            lines.append(f"[{style}]{describe.colour_name(color)}[/]: {', '.join(names)}")
    lines.append(_("produces: {what}").format(what=production(view, p)))
    if city.leaders or city.copied:
        recruited = ", ".join(describe.printed(c.name) for c in city.leaders) or _("none")
        if city.copied:
            recruited = _("{leaders} (Courtesans: {name})").format(
                leaders=recruited, name=describe.printed(city.copied.name)
            )
        lines.append(f"[{COLOR_STYLE['white']}]{_('leaders')}[/]: {recruited}")
    science = _science(view, p)
    if science:
        lines.append(_("science: {s}").format(s=science))
    title = _("{seat}: {wonder} {side}").format(
        seat=_label(view, p, seat), wonder=describe.printed(entry["wonder"]), side=entry["side"]
    )
    return Panel("\n".join(lines), title=title, title_align="left", expand=False)


def cities_table(
    view: View, seat: int | None, seats: list[int] | None = None, title: str = ""
) -> Table:
    """Cities in one row each (all public), you and your neighbours marked."""
    table = Table(
        title=title
        or _("Age {age}, turn {turn}").format(age=age_name(view["age"]), turn=view["turn"])
    )
    entries = advice.city_entries(view)
    with_debt = "debt" in entries[0]
    columns = [_("seat"), _("wonder"), _("stages"), _("coins"), _("shields"), _("tokens")]
    columns.append(_("buildings"))
    if with_debt:
        columns += [_("debt"), _("diplomacy")]
    for i, column in enumerate(columns):
        table.add_column(column, no_wrap=i < 2)
    for p in range(len(entries)) if seats is None else seats:
        entry = entries[p]
        cells = [
            _label(view, p, seat),
            f"{describe.printed(entry['wonder'])} {entry['side']}",
            f"{entry['stages']}/{entry['stages_total']}",
            str(entry["coins"]),
            str(entry["shields"]),
            _tokens(entry["tokens"]) or "-",
            str(len(entry["buildings"])),
        ]
        if with_debt:
            cells += [str(entry["debt"]), str(entry["diplomacy"])]
        table.add_row(*cells)
    return table


def boards(view: View, seat: int) -> Group:
    """Your neighbours' boards and yours in full; the other cities (5+ players) in a table."""
    near = [advice.left(view, seat), advice.right(view, seat), seat]
    shown: list[RenderableType] = [
        Rule(_("Age {age}, turn {turn}").format(age=age_name(view["age"]), turn=view["turn"]))
    ]
    others = [p for p in range(len(view["players"])) if p not in near]
    if others:
        shown.append(cities_table(view, seat, others, title=_("Other cities")))
    shown += [board(view, p, seat) for p in near]
    return Group(*shown)


def card_points(view: View) -> Table:
    """Your cards one by one at the end (from the final view): the points each scored
    (science counts as a set, in the score table) and what it did, then your wonder stages."""
    into = chains_into(view)
    table = Table(title=_("Your cards at the end"), padding=(0, 1))
    for column, justify in ((_("card"), "left"), (_("VP"), "right"), (_("what it did"), "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for name, colour, points in advice.card_points(view):
        card = advice.card(view, name)
        table.add_row(
            f"[{COLOR_STYLE.get(colour, '')}]{escape(describe.printed(name))}[/]",
            str(points) if points else "",
            describe.card_text(card.to_json(), into.get(name)),
        )
    texts = stage_texts(view, view["seat"])
    for i, points in enumerate(advice.stage_points(view), 1):
        label = _("wonder stage {n}").format(n=i)
        table.add_row(
            f"[{COLOR_STYLE['wonder']}]{label}[/]", str(points) if points else "", texts[i - 1]
        )
    return table


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
    named: Callable[[str], str] = category_name,
) -> Table:
    """The final scores by category, best rank first; ``tiebreak``: the heading of the
    tie-break column (7 Wonders' coins unless a game says otherwise); ``named``: the game's
    category words."""
    categories = list(result.players[0].breakdown)
    # Cities' nine or ten categories: no padding, so that the totals fit in 80 columns
    table = Table(title=_("Final scores"), padding=(0, 0) if len(categories) > 8 else (0, 1))
    table.add_column(_("rank"), justify="right")
    table.add_column(_("player"), no_wrap=True)
    for c in categories:
        table.add_column(heading(c, named), justify="right")
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


def cards_table(listed: list[dict[str, Any]], title: str, players: int | None) -> Table:
    """``wonders cards`` for 7 Wonders (see ``cards_table_in``)."""
    return cards_table_in(describe, listed, title, players)


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
