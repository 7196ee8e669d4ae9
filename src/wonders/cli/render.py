"""Rich renderings of 7 Wonders positions, actions, events and results for the terminal."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from wonders.classic.actions import Action
from wonders.classic.cards import RESOURCES, Vector
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
    "treasury": "coin",
    "wonder": "wonder",
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


def cities_table(state: ClassicState, seat: int | None) -> Table:
    """Every city (all public): you and your neighbours are marked."""
    table = Table(title=f"Age {state.age}, turn {state.turn}", show_lines=True)
    for column in ("seat", "wonder", "stages", "coins", "shields", "tokens"):
        table.add_column(column, no_wrap=column != "tokens")
    table.add_column("buildings", ratio=3)
    table.add_column("production", ratio=1)
    for p, city in enumerate(state.cities):
        label = str(p)
        if seat is not None:
            if p == seat:
                label += " (you)"
            elif p == state.left(seat):
                label += " (left)"
            elif p == state.right(seat):
                label += " (right)"
        buildings = ", ".join(
            f"[{COLOR_STYLE[c.color]}]{c.name}[/]"
            for c in sorted(city.cards, key=lambda c: (list(COLOR_STYLE).index(c.color), c.name))
        )
        table.add_row(
            label,
            f"{city.wonder.name[:12]} {city.side}",
            f"{city.stages}/{len(city.stages_def)}",
            str(city.coins),
            str(city.shields),
            " ".join(f"{t:+d}" for t in city.tokens) or "-",
            buildings or "-",
            production(state, p),
        )
    return table


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


def event_line(event: dict[str, Any]) -> str | None:
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if kind == "build":
        how = " from the discard pile" if event.get("from_discard") else ""
        how = " free (Olympia)" if event.get("free") else how
        paid = event.get("paid", {})
        trade = [f"{paid[s]} to the {s}" for s in ("left", "right") if paid.get(s)]
        pay = f", paying {' and '.join(trade)}" if trade else ""
        return f"{who} built {event['card']}{how}{pay}"
    if kind == "wonder":
        card = f" with {event['card']}" if "card" in event else ""
        return f"{who} built wonder stage {event['stage']}{card}"
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
    table.add_column("player")
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
