"""Rich renderings of 7 Wonders positions, actions, events and results for the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from wonders.classic.actions import Action
from wonders.classic.cards import RESOURCES, SYMBOLS, Vector
from wonders.classic.payments import purchase_plan
from wonders.classic.state import ClassicState
from wonders.core.protocol import Result

COLOR_STYLE = {
    "brown": "dark_orange3",
    "grey": "grey70",
    "blue": "blue",
    "green": "green",
    "yellow": "yellow",
    "red": "red",
    "purple": "magenta",
}


SHORT = {
    "military": "mil",
    "treasury": "trea",
    "wonder": "wond",
    "civilian": "civ",
    "science": "sci",
    "commerce": "com",
    "guilds": "guild",
}


def describe_effect(effect: dict[str, Any]) -> str:
    """One effect of the catalogue's JSON form in words."""
    kind = effect["type"]
    if kind == "produce":
        return "produces " + " + ".join(effect["resources"])
    if kind == "produce_choice":
        return "produces one of " + "/".join(effect["options"])
    if kind == "trade_discount":
        sides = " and ".join(effect["sides"])
        return f"buys {'/'.join(effect['resources'])} for 1 coin from the {sides}"
    if kind == "trade_at_one":
        return f"buys {'/'.join(effect['resources'])} from the bank for 1 coin"
    if kind in ("coins", "points", "shields"):
        unit = {"coins": "coins", "points": "VP", "shields": "shield(s)"}[kind]
        return f"{effect[kind]} {unit}"
    if kind == "science":
        return f"science: {effect['symbol']}"
    if kind in ("coins_per", "points_per"):
        amount = effect["coins"] if kind == "coins_per" else effect["points"]
        unit = "coins now" if kind == "coins_per" else "VP at the end"
        what = "/".join(c.replace("_", " ") for c in effect["count"])
        whose = effect["whose"]
        where = (
            "in the city with most"
            if whose == "most"
            else " + ".join([whose] if isinstance(whose, str) else whose)
        )
        return f"{amount} {unit} per {what} ({where})"
    return str(kind).replace("_", " ")


def _units(vec: Vector) -> str:
    return ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(vec) if n)


def production(state: ClassicState, seat: int) -> str:
    city = state.cities[seat]
    parts = [_units(tuple(city.fixed))] if any(city.fixed) else []
    parts += ["/".join(RESOURCES[r] for r in opts) for opts in city.choices]
    return "; ".join(p for p in parts if p) or "-"


def _label(state: ClassicState, p: int, seat: int | None) -> str:
    if seat is None:
        return f"seat {p}"
    if p == seat:
        return f"{p} (you)"
    if p == state.left(seat):
        return f"{p} (left)"
    if p == state.right(seat):
        return f"{p} (right)"
    return str(p)


def _science(state: ClassicState, p: int) -> str:
    city = state.cities[p]
    parts = [f"{n} {SYMBOLS[i]}" for i, n in enumerate(city.science) if n]
    if city.wilds:
        parts.append(f"{city.wilds} any")
    return ", ".join(parts)


def board(state: ClassicState, p: int, seat: int | None = None) -> Panel:
    """One city in full: wonder, stages, coins, military, buildings by colour, production."""
    city = state.cities[p]
    tokens = " ".join(f"{t:+d}" for t in city.tokens) or "none"
    lines = [
        f"stages {city.stages}/{len(city.stages_def)} · {city.coins} coins · "
        f"{city.shields} shields · tokens {tokens}"
    ]
    for color, style in COLOR_STYLE.items():
        names = sorted(c.name for c in city.cards if c.color == color)
        if names:
            lines.append(f"[{style}]{color}[/]: {', '.join(names)}")
    lines.append(f"produces: {production(state, p)}")
    science = _science(state, p)
    if science:
        lines.append(f"science: {science}")
    title = f"{_label(state, p, seat)}: {city.wonder.name} {city.side}"
    return Panel("\n".join(lines), title=title, title_align="left", expand=False)


def cities_table(
    state: ClassicState, seat: int | None, seats: list[int] | None = None, title: str = ""
) -> Table:
    """Cities in one row each (all public), you and your neighbours marked."""
    table = Table(title=title or f"Age {state.age}, turn {state.turn}")
    for column in ("seat", "wonder", "stages", "coins", "shields", "tokens", "buildings"):
        table.add_column(column, no_wrap=column in ("seat", "wonder"))
    for p in range(state.num_players) if seats is None else seats:
        city = state.cities[p]
        table.add_row(
            _label(state, p, seat),
            f"{city.wonder.name} {city.side}",
            f"{city.stages}/{len(city.stages_def)}",
            str(city.coins),
            str(city.shields),
            " ".join(f"{t:+d}" for t in city.tokens) or "-",
            str(len(city.cards)),
        )
    return table


def boards(state: ClassicState, seat: int) -> Group:
    """Your neighbours' boards and yours in full; the other cities (5+ players) in a table."""
    near = [state.left(seat), state.right(seat), seat]
    shown: list[RenderableType] = [Rule(f"Age {state.age}, turn {state.turn}")]
    others = [p for p in range(state.num_players) if p not in near]
    if others:
        shown.append(cities_table(state, seat, others, title="Other cities"))
    shown += [board(state, p, seat) for p in near]
    return Group(*shown)


def explain(state: ClassicState, seat: int, action: Action) -> str:
    """An action in words, with what a payment buys from whom."""
    text = action.describe()
    if not (action.left or action.right):
        return text
    city = state.cities[seat]
    lc, rc = state.cities[state.left(seat)], state.cities[state.right(seat)]
    if action.kind == "wonder":
        stage = city.next_stage
        assert stage is not None
        cost = stage.cost
    else:
        cost = state.cat.card_named(action.card).cost
    plan = purchase_plan(cost, city.market(lc, rc), (action.left, action.right))
    if plan is None:
        return text
    bought = []
    if any(plan[0]):
        bought.append(f"{_units(plan[0])} from the left")
    if any(plan[1]):
        bought.append(f"{_units(plan[1])} from the right")
    return f"{text} (buys {' and '.join(bought)})"


def hand_table(state: ClassicState, seat: int) -> Table:
    """Your hand: each card's printed cost and effect, and what building it costs you now."""
    table = Table(title="Your hand")
    for column in ("card", "cost", "effect", "for you"):
        table.add_column(column)
    builds: dict[str, list[int]] = {}
    for a in state.legal_actions(seat):
        if a.kind == "build":
            builds.setdefault(a.card, []).append(a.left + a.right)
    city = state.cities[seat]
    for card in state.hands[seat]:
        cost = ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(card.cost) if n)
        if card.coins:
            cost = ", ".join(x for x in (f"{card.coins} coin", cost) if x)
        if city.has_name(card):
            verdict = "you have one"
        elif city.chain_free(card):
            verdict = "free (chain)"
        elif card.name in builds:
            cheapest = min(builds[card.name]) + card.coins
            verdict = f"{cheapest} coin(s)" if cheapest else "free"
        else:
            verdict = "cannot build"
        effect = "; ".join(describe_effect(e.to_json()) for e in card.effects)
        style = COLOR_STYLE[card.color]
        table.add_row(f"[{style}]{card.name}[/]", cost or "free", effect, verdict)
    return table


def actions_table(state: ClassicState, seat: int, actions: list[Action]) -> Table:
    table = Table(title="Your choices")
    table.add_column("#", justify="right")
    table.add_column("action")
    table.add_column("card")
    for i, action in enumerate(actions, 1):
        card = state.cat.by_name.get(action.card.lower()) if action.card else None
        info = ""
        if card:
            c = card[0]
            info = f"[{COLOR_STYLE[c.color]}]{c.color}[/]"
        table.add_row(str(i), explain(state, seat, action), info)
    return table


def _trades(event: dict[str, Any]) -> str:
    paid = event.get("paid", {})
    trade = [f"{paid[s]} to the {s}" for s in ("left", "right") if paid.get(s)]
    return f", paying {' and '.join(trade)}" if trade else ""


def event_line(event: dict[str, Any]) -> str | None:
    """One event of a player's view in words (``None`` for bookkeeping events)."""
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if kind == "turn":
        return f"[bold]Age {event['age']}, turn {event['turn']}:[/]"
    if kind == "build":
        how = " from the discard pile" if event.get("from_discard") else ""
        how = " free (Olympia)" if event.get("free") else how
        return f"{who} built {event['card']}{how}{_trades(event)}"
    if kind == "wonder":
        card = f" with {event['card']}" if "card" in event else ""
        return f"{who} built wonder stage {event['stage']}{card}{_trades(event)}"
    if kind == "sell":
        card = f" {event['card']}" if "card" in event else " a card"
        return f"{who} sold{card} for 3 coins"
    if kind == "coins":
        return f"{who} received {event['amount']} coins"
    if kind == "conflict":
        return f"Age {event['age']} conflict: seat {event['winner']} beat seat {event['loser']}"
    if kind == "age":
        return f"--- Age {event['age']} begins ---"
    return None


def result_table(result: Result, names: list[str] | None = None) -> Table:
    table = Table(title="Final scores")
    table.add_column("rank", justify="right")
    table.add_column("player", no_wrap=True)
    categories = list(result.players[0].breakdown)
    for c in categories:
        table.add_column(SHORT.get(c, c), justify="right")
    table.add_column("total", justify="right")
    table.add_column("coins", justify="right")
    for p in sorted(result.players, key=lambda p: p.rank):
        name = names[p.seat] if names else f"seat {p.seat}"
        table.add_row(
            str(p.rank),
            name,
            *(str(p.breakdown[c]) for c in categories),
            f"[bold]{p.total}[/]",
            str(p.tiebreak),
        )
    return table
