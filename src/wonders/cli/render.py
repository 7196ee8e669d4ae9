"""Rich renderings of 7 Wonders positions, actions, events and results for the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table

from wonders.classic import describe
from wonders.classic.actions import Action
from wonders.classic.cards import RESOURCES, SYMBOLS, ZERO, Vector
from wonders.classic.city import City
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
    "black": "bold bright_black",
    "white": "bright_white",
    "wonder": "cyan",  # boards in the card catalogue
    "token": "bright_green",  # progress tokens
}


SHORT = {
    "military": "mil",
    "treasury": "trea",
    "wonder": "wond",
    "civilian": "civ",
    "science": "sci",
    "commerce": "com",
    "guilds": "guild",
    "leaders": "lead",
    "cities": "city",
}


# The plain descriptions live in the game package, shared with `wonders cards` and the web.
describe_effect = describe.effect_text
describe_board = describe.board_text
CITIES_WORDS = describe.CITIES_WORDS


def _units(vec: Vector) -> str:
    return ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(vec) if n)


def production(state: ClassicState, seat: int) -> str:
    city = state.cities[seat]
    parts = [_units(tuple(city.fixed))] if any(city.fixed) else []
    parts += ["/".join(RESOURCES[r] for r in opts) for opts in city.choices]
    return "; ".join(p for p in parts if p) or "-"


def _label(state: ClassicState, p: int, seat: int | None) -> str:
    if p >= state.num_players:
        if seat is not None and p in (state.left(seat), state.right(seat)):
            return f"Free City ({'left' if p == state.left(seat) else 'right'})"
        return "Free City"
    if seat is None:
        return f"seat {p}"
    if p == seat:
        return f"{p} (you)"
    if p == state.teammate(seat):
        side = "left" if p == state.left(seat) else "right"
        return f"{p} (teammate, {side})"
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
    if city.masks:
        parts.append(f"{city.masks} mask(s)")
    return ", ".join(parts)


def stage_texts(state: ClassicState, p: int) -> list[str]:
    """Each stage of ``p``'s board side as "cost -> reward"."""
    city = state.cities[p]
    board = next(w for w in state.cat.wonders if w.name == city.wonder.name)
    return [describe.stage_text(s) for s in board.to_json()["sides"][city.side]]


def chains_into(state: ClassicState) -> dict[str, list[str]]:
    """For each card name of the game, the cards it makes free."""
    return describe.chains_into([c.to_json() for c in state.cat.cards])


def board(state: ClassicState, p: int, seat: int | None = None) -> Panel:
    """One city in full: wonder, stages, coins, military, buildings by colour, production."""
    city = state.cities[p]
    tokens = " ".join(f"{t:+d}" for t in city.tokens) or "none"
    lines = [
        f"stages {city.stages}/{len(city.stages_def)} · {city.coins} coins · "
        f"{city.shields} shields · tokens {tokens}"
    ]
    stages = stage_texts(state, p)
    if seat == p:  # your own board: every stage, its cost and its reward
        lines += [
            f"{'✓' if i < city.stages else '·'} stage {i + 1}: {t}" for i, t in enumerate(stages)
        ]
    elif city.stages < len(stages):
        lines.append(f"next stage: {stages[city.stages]}")
    if state.cities_on:
        owes = f" · owes {state.owed[p]} coin(s) now" if p in state.owed else ""
        lines.append(f"debt {city.debt} · diplomacy {city.diplomacy}{owes}")
    for color, style in COLOR_STYLE.items():
        names = sorted(c.name for c in city.cards if c.color == color)
        if names:
            lines.append(f"[{style}]{color}[/]: {', '.join(names)}")
    lines.append(f"produces: {production(state, p)}")
    if city.leaders or city.copied:
        recruited = ", ".join(c.name for c in city.leaders) or "none"
        copied = f" (Courtesans: {city.copied.name})" if city.copied else ""
        lines.append(f"[{COLOR_STYLE['white']}]leaders[/]: {recruited}{copied}")
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
    columns = ["seat", "wonder", "stages", "coins", "shields", "tokens", "buildings"]
    if state.cities_on:
        columns += ["debt", "diplomacy"]
    for column in columns:
        table.add_column(column, no_wrap=column in ("seat", "wonder"))
    for p in range(len(state.cities)) if seats is None else seats:
        city = state.cities[p]
        cells = [
            _label(state, p, seat),
            f"{city.wonder.name} {city.side}",
            f"{city.stages}/{len(city.stages_def)}",
            str(city.coins),
            str(city.shields),
            " ".join(f"{t:+d}" for t in city.tokens) or "-",
            str(len(city.cards)),
        ]
        if state.cities_on:
            cells += [str(city.debt), str(city.diplomacy)]
        table.add_row(*cells)
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
    """An action in words, with what a payment buys from whom (``seat``: the acting city)."""
    text = action.describe()
    if action.kind == "recruit":
        price = state.leader_cost(seat, state.cat.card_named(action.card))
        return f"{text} for {price} coin(s)" if price else f"{text} free"
    if action.kind == "pay":
        debt = state.owed.get(seat, 0) - action.bank
        return f"pay {action.bank} coin(s), take {debt} debt" + (f" (-{debt} VP)" if debt else "")
    if not (action.left or action.right) or action.bank:
        return text
    city = state.cities[seat]
    target = "wonder" if action.kind == "wonder" else state.cat.card_named(action.card).color
    if f"discount:{target}" in city.lp:  # a leader's discount: the printed cost is not paid
        return text
    lc, rc = state.cities[state.left(seat)], state.cities[state.right(seat)]
    if action.kind == "wonder":
        stage = city.next_stage
        assert stage is not None
        cost = ZERO if "free_stage_resources" in city.powers else stage.cost
    else:
        cost = state.cat.card_named(action.card).cost
    plan = None
    for payment in _list_prices(city, action.left, action.right):
        plan = plan or purchase_plan(cost, city.market(lc, rc), payment)
    if plan is None:
        return text
    bought = []
    if any(plan[0]):
        bought.append(f"{_units(plan[0])} from the left")
    if any(plan[1]):
        bought.append(f"{_units(plan[1])} from the right")
    return f"{text} (buys {' and '.join(bought)})"


def _list_prices(city: City, left: int, right: int) -> list[tuple[int, int]]:
    """The neighbours' prices a payment may stand for: a Clandestine Dock takes 1 coin off
    the first purchase on its side each turn."""
    sides = []
    for paid, dock, bit in ((left, city.docks[0], 1), (right, city.docks[1], 2)):
        off = 1 if dock and not city.trade_used & bit else 0
        sides.append([paid + off] if paid else sorted({0, off}))
    return [(a, b) for a in sides[0] for b in sides[1]]


def debt_banner(state: ClassicState, city: int, seat: int) -> str:
    """The debt decision in words: what ``city`` owes, its coins, what a debt costs."""
    who = (
        "The Free City" if city >= state.num_players else "You" if city == seat else f"Seat {city}"
    )
    owes, coins = state.owed[city], state.cities[city].coins
    has = "has" if who != "You" else "have"
    return (
        f"Coin losses: {who} must lose {owes} coin(s) and {has} {coins}. Pay what you choose; "
        "every coin not paid is a debt token (-1 VP at the end)."
    )


def hand_table(state: ClassicState, seat: int) -> Table:
    """Your hand: each card's printed cost and effect, and what building it costs you now."""
    table = Table(title="Your hand")
    for column in ("card", "cost", "effect", "for you"):
        table.add_column(column)
    builds: dict[str, list[int]] = {}
    free = set()
    for a in state.legal_actions(seat):
        if a.kind == "build":
            builds.setdefault(a.card, []).append(a.left + a.right + a.bank)
        elif a.kind == "free_build":
            free.add(a.card)
    city = state.cities[seat]
    into = chains_into(state)
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
            verdict = f"{cheapest} coin{'s' if cheapest != 1 else ''}" if cheapest else "free"
        elif card.name in free:
            verdict = "free (wonder or leader power)"
        else:
            verdict = "cannot build"
        effect = describe.card_text(card.to_json(), into.get(card.name))
        style = COLOR_STYLE[card.color]
        table.add_row(f"[{style}]{card.name}[/]", cost or "free", effect, verdict)
    return table


def teammate_table(state: ClassicState, seat: int) -> Table:
    """Team game: the hand (and leaders in hand) your teammate shows you."""
    mate = state.teammate(seat)
    assert mate is not None
    table = Table(title=f"Your teammate's hand (seat {mate})")
    for column in ("card", "cost", "effect"):
        table.add_column(column)
    held = list(state.hands[mate])
    if state.leaders_on:
        held += state.leader_hands[mate]
    for card in held:
        cost = ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(card.cost) if n)
        if card.coins:
            cost = ", ".join(x for x in (f"{card.coins} coin", cost) if x)
        effect = "; ".join(describe_effect(e.to_json()) for e in card.effects)
        table.add_row(f"[{COLOR_STYLE[card.color]}]{card.name}[/]", cost or "free", effect)
    return table


def leader_table(state: ClassicState, seat: int, packet: bool = False) -> Table:
    """Your leaders (or the draft packet in front of you): cost for you now and effect."""
    table = Table(title="Leaders in front of you" if packet else "Your leaders")
    for column in ("leader", "printed cost", "for you", "effect"):
        table.add_column(column)
    cards = state.packets[seat] if packet else state.leader_hands[seat]
    for c in cards:
        effect = "; ".join(describe_effect(e.to_json()) for e in c.effects)
        table.add_row(
            f"[{COLOR_STYLE['white']}]{c.name}[/]",
            f"{c.coins} coin(s)",
            f"{state.leader_cost(seat, c)} coin(s)",
            effect,
        )
    return table


def actions_table(
    state: ClassicState, seat: int, actions: list[Action], title: str = "Your choices"
) -> Table:
    """The numbered choices; ``seat`` is the city they act for (the Free City's too)."""
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column("action")
    table.add_column("card")
    table.add_column("pays", justify="right")
    for i, action in enumerate(actions, 1):
        card = state.cat.by_name.get(action.card.lower()) if action.card else None
        info, pays = "", action.left + action.right + action.bank
        if card:
            c = card[0]
            info = f"[{COLOR_STYLE[c.color]}]{c.color}[/]"
            pays += c.coins if action.kind == "build" else 0
        if action.kind in ("recruit", "pay"):
            pays = 0  # said in the action's words
        table.add_row(str(i), explain(state, seat, action), info, str(pays) if pays else "")
    return table


def _trades(event: dict[str, Any]) -> str:
    paid = event.get("paid", {})
    trade = [f"{paid[s]} to the {s}" for s in ("left", "right") if paid.get(s)]
    return f", paying {' and '.join(trade)}" if trade else ""


def event_line(event: dict[str, Any], free_city: int | None = None) -> str | None:
    """One event of a player's view in words (``None`` for bookkeeping events); the city
    ``free_city`` is called the Free City (2 players)."""
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if free_city is not None and event.get("seat") == free_city:
        who = "the Free City"
        if "by" in event:
            who += f" (played by seat {event['by']})"
    if kind == "free_city":
        return f"seat {event['controller']} plays for the Free City this turn"
    if kind == "leader_draft":
        return f"[bold]Leader draft, round {event['round']}[/]"
    if kind == "solomon":
        return f"{who}: Solomon builds a card of the discard pile"
    if kind == "recruitment":
        return f"[bold]Age {event['age']}: recruitment[/]"
    if kind == "recruit":
        return f"{who} recruited {event['card']} for {event['paid']['bank']} coin(s)"
    if kind == "copy":
        return f"{who}'s Courtesans Guild copies {event['card']}"
    if kind == "draw_leaders":
        return f"{who} drew {event['count']} leaders from the box (Roma)"
    if kind == "return":
        card = f" {event['card']}" if "card" in event else " a leader"
        return f"{who} sent{card} back to the box"
    if kind == "turn":
        return f"[bold]Age {event['age']}, turn {event['turn']}:[/]"
    if kind == "build":
        how = " from the discard pile" if event.get("from_discard") else ""
        how = " free (Olympia or Caligula)" if event.get("free") else how
        return f"{who} built {event['card']}{how}{_trades(event)}"
    if kind == "wonder":
        card = f" with {event['card']}" if "card" in event else ""
        return f"{who} built wonder stage {event['stage']}{card}{_trades(event)}"
    if kind == "sell":
        card = f" {event['card']}" if "card" in event else " a card"
        return f"{who} sold{card} for 3 coins"
    if kind == "coins":
        return f"{who} received {event['amount']} coin{'s' if event['amount'] != 1 else ''}"
    if kind == "conflict":
        winner, loser = (
            "the Free City" if x == free_city else f"seat {x}"
            for x in (event["winner"], event["loser"])
        )
        doubled = f" ({event['tokens']} tokens each)" if event.get("tokens", 1) != 1 else ""
        return f"Age {event['age']} conflict: {winner} beat {loser}{doubled}"
    if kind == "diplomacy":
        return f"{who} uses a diplomacy token: no conflict for it in Age {event['age']}"
    if kind == "losses":
        owed = [
            f"{'the Free City' if int(c) == free_city else f'seat {c}'} owes {n}"
            for c, n in event["owed"].items()
        ]
        return f"Coin losses to settle (coins): {', '.join(owed)}"
    if kind == "debt":
        debt = f", took {event['debt']} debt" if event["debt"] else ""
        return f"{who} lost {event['lost']} coin(s): paid {event['paid']}{debt}"
    if kind == "age":
        return f"--- Age {event['age']} begins ---"
    return None


def card_points(state: ClassicState, seat: int) -> Table:
    """Your cards one by one at the end: the points each scored (science counts as a set, in
    the score table) and what it did, then your wonder stages."""
    from wonders.classic.scoring import end_points

    city = state.cities[seat]
    left, right = state.cities[state.left(seat)], state.cities[state.right(seat)]
    into = chains_into(state)
    table = Table(title="Your cards at the end", padding=(0, 1))
    for column in ("card", "VP", "what it did"):
        table.add_column(column, justify="right" if column == "VP" else "left")
    for card in (*city.cards, *city.leaders):
        points = end_points(card, city, left, right)
        table.add_row(
            f"[{COLOR_STYLE.get(card.color, '')}]{card.name}[/]",
            str(points) if points else "",
            describe.card_text(card.to_json(), into.get(card.name)),
        )
    for i, text in enumerate(stage_texts(state, seat)[: city.stages], 1):
        table.add_row(f"[{COLOR_STYLE['wonder']}]wonder stage {i}[/]", "", text)
    return table


def teams_table(result: Result, names: list[str] | None = None) -> Table:
    """Team game: each team's total (its two players' scores), coins and rank."""
    table = Table(title="Team scores")
    for column in ("rank", "team", "total", "coins"):
        table.add_column(column, justify="left" if column == "team" else "right", no_wrap=True)
    for team in sorted(result.extra["teams"], key=lambda t: t["rank"]):
        members = " + ".join(names[s] if names else f"seat {s}" for s in team["seats"])
        table.add_row(str(team["rank"]), members, f"[bold]{team['total']}[/]", str(team["coins"]))
    return table


def result_table(result: Result, names: list[str] | None = None) -> Table:
    categories = list(result.players[0].breakdown)
    # Cities' nine or ten categories: no padding, so that the totals fit in 80 columns
    table = Table(title="Final scores", padding=(0, 0) if len(categories) > 8 else (0, 1))
    table.add_column("rank", justify="right")
    table.add_column("player", no_wrap=True)
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
