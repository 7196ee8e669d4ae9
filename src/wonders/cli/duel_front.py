"""`wonders play duel`: 7 Wonders Duel in the terminal against a bot.

The structure is drawn row by row as the players see it: face-down cards as ``[ ? ]``,
taken places blank, the cards that can be taken marked with ``*``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from wonders.cli import render
from wonders.duel.actions import Action
from wonders.duel.cards import RESOURCES
from wonders.duel.city import card_facts
from wonders.duel.state import SELL_BASE, DuelState

CELL = 13  # characters per card in the structure drawing


def structure_text(state: DuelState, seat: int) -> Text:
    """The current Age's structure as the seat sees it."""
    out = Text()
    if state.structure is None:
        return out
    view = state.view(seat)["structure"]
    slots = state.structure.layout.slots
    low = min(s.x for s in slots)
    for row in sorted({s.row for s in slots}):
        line = Text()
        column = 0  # characters written on this line
        for i, slot in enumerate(slots):
            if slot.row != row:
                continue
            start = (slot.x - low) * CELL // 2
            line.append(" " * max(0, start - column))
            place = view[i]
            if place["taken"]:
                cell, style = "", ""
            elif place["card"] is None:
                cell, style = "[ ? ]", "dim"
            else:
                name = place["card"]
                color = card_facts()[name].card.color
                cell = ("*" if place["accessible"] else " ") + name[: CELL - 2]
                style = render.COLOR_STYLE.get(color, "")
            line.append(cell.ljust(CELL), style=style)
            column = start + CELL
        out.append(line)
        out.append("\n")
    return out


def cities_text(state: DuelState, seat: int) -> Text:
    """Both cities, a few lines each: coins, points, production, cards by colour, wonders."""
    pawn = state.military.position
    side = "centre" if pawn == 0 else f"{abs(pawn)} toward seat {1 if pawn > 0 else 0}'s capital"
    out = Text(f"Age {state.age}. Conflict pawn: {side}.\n", style="bold")
    for p, city in enumerate(state.cities):
        production = [f"{n} {RESOURCES[r]}" for r, n in enumerate(city.produce) if n]
        production += ["/".join(RESOURCES[r] for r in c) for c in city.choices]
        points = sum(state.breakdown(p).values())
        out.append(f"Seat {p}{' (you)' if p == seat else ''}: ", style="bold")
        out.append(f"{city.coins} coins, {points} VP; produces {', '.join(production) or '-'}\n")
        for color in ("brown", "grey", "yellow", "blue", "green", "red", "purple"):
            names = [c for c in city.cards if card_facts()[c].card.color == color]
            if names:
                out.append(f"  {color}: ", style=render.COLOR_STYLE[color])
                out.append(", ".join(names) + "\n")
        wonders = [w + (" (built)" if w in city.built else "") for w in city.wonders]
        out.append(f"  wonders: {', '.join(wonders) or '-'}\n")
        if city.tokens or city.science:
            out.append(f"  tokens: {', '.join(city.tokens) or '-'}; ")
            out.append(f"science: {', '.join(sorted(city.science)) or '-'}\n")
    if state.board_tokens:
        out.append(f"Progress tokens on the board: {', '.join(state.board_tokens)}\n")
    return out


def result_table(state: DuelState, seat: int) -> Table:
    result = state.result()
    table = Table(title=f"Final scores ({result.victory} victory)")
    table.add_column("rank", justify="right")
    table.add_column("seat", no_wrap=True)
    categories = list(result.players[0].breakdown)
    for c in categories:
        table.add_column(render.SHORT.get(c, c[:5]), justify="right")
    table.add_column("total", justify="right")
    for pr in sorted(result.players, key=lambda pr: pr.rank):
        table.add_row(
            str(pr.rank),
            f"{pr.seat}" + (" (you)" if pr.seat == seat else ""),
            *(str(pr.breakdown[c]) for c in categories),
            f"[bold]{pr.total}[/]",
        )
    return table


def describe(state: DuelState, seat: int, action: Action) -> str:
    """An action in words with what it costs or brings now."""
    if action.kind == "build":
        total = state.card_cost(seat, action.card)[0]
        return f"build {action.card}" + (f" ({total} coins)" if total else " (free)")
    if action.kind == "sell":
        return f"sell {action.card} (+{SELL_BASE + state.cities[seat].colors['yellow']} coins)"
    if action.kind == "wonder":
        total = state.wonder_cost(seat, action.wonder)[0]
        return f"build {action.wonder} with {action.card} ({total} coins)"
    return action.describe()


def event_line(event: dict[str, Any]) -> str | None:
    kind = event["type"]
    who = f"seat {event.get('player')}"
    if kind == "build":
        return f"{who} builds {event['card']} ({event['paid']} coins)"
    if kind == "sell":
        return f"{who} sells {event['card']} for {event['coins']} coins"
    if kind == "wonder":
        return f"{who} builds {event['wonder']} ({event['paid']} coins)"
    if kind == "pick_wonder":
        return f"{who} takes {event['wonder']}"
    if kind == "token":
        return f"{who} takes the progress token {event['token']}"
    if kind == "destroy":
        return f"{who} destroys {event['card']}"
    if kind == "military_token":
        return f"{who} loses {event['coins']} coins (military token)"
    if kind == "age":
        return f"Age {event['age']} begins; seat {event['first']} starts"
    if kind == "game_over":
        return f"game over: {event['victory']} victory"
    return None


def play(
    state: Any,
    seat: int,
    opponents: dict[int, Any],
    seed: int,
    console: Console,
    ask: Callable[[int], int],
) -> None:
    assert isinstance(state, DuelState)
    console.print(f"7 Wonders Duel, seed {seed}. You are seat {seat}.")
    shown = 0
    while not state.is_terminal():
        (mover,) = state.to_move()
        if mover != seat:
            state.apply(mover, opponents[mover].choose(state, mover))
        events = state.view(seat)["events"]
        for event in events[shown:]:
            line = event_line(event)
            if line:
                console.print(line, highlight=False)
        shown = len(events)
        if state.is_terminal() or seat not in state.to_move():
            continue
        actions = state.legal_actions(seat)
        if state.phase == "draft":
            console.print("Wonders on offer: " + ", ".join(state.offer))
        else:
            console.print(cities_text(state, seat))
            console.print(structure_text(state, seat))
        table = Table(title="Your choices")
        table.add_column("#", justify="right")
        table.add_column("action")
        for i, action in enumerate(actions, 1):
            table.add_row(str(i), describe(state, seat, action))
        console.print(table)
        state.apply(seat, actions[ask(len(actions)) - 1])
    for event in state.view(seat)["events"][shown:]:
        line = event_line(event)
        if line:
            console.print(line, highlight=False)
    console.print(cities_text(state, seat))
    console.print(result_table(state, seat))
