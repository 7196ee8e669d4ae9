"""`wonders play duel`: 7 Wonders Duel in the terminal against a bot.

The structure is drawn row by row as the players see it: face-down cards as ``[ ? ]``,
taken places blank, the cards that can be taken marked with ``*``.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.table import Table
from rich.text import Text

from wonders.cli import duel_words, render
from wonders.cli.session import Session
from wonders.duel.cards import RESOURCES
from wonders.duel.city import card_facts
from wonders.duel.state import DuelState

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
        for w in city.wonders:  # each wonder with its cost and what it gives
            built = " (built)" if w in city.built else ""
            out.append(f"  wonder {w}{built}: {duel_words.texts()[w]}\n")
        for t in city.tokens:
            out.append(f"  token {t}: {duel_words.texts()[t]}\n")
        if city.science:
            out.append(f"  science: {', '.join(sorted(city.science))}\n")
    if state.board_tokens:
        out.append("Progress tokens on the board:\n")
        for t in state.board_tokens:
            out.append(f"  {t}: {duel_words.texts()[t]}\n")
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


def play(session: Session, console: Console, ask: Callable[[int], int]) -> None:
    state, seat = session.state, session.seat
    assert isinstance(state, DuelState)
    console.print(f"7 Wonders Duel, seed {session.seed}. You are seat {seat}.")
    narrator = duel_words.DuelLog(seat)
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
        if state.phase != "draft":
            console.print(cities_text(state, seat))
            console.print(structure_text(state, seat))
        console.print(duel_words.prompt(state, seat), highlight=False)
        table = Table(title="Your choices")
        table.add_column("#", justify="right")
        table.add_column("action")
        table.add_column("the card does")
        for i, action in enumerate(actions, 1):
            does = duel_words.texts()[action.card] if action.kind == "build" else ""
            table.add_row(str(i), duel_words.choice_text(state, seat, action), does)
        console.print(table)
        session.apply(seat, actions[ask(len(actions)) - 1])
    for line in narrator.lines(state.view(seat)["events"][shown:]):
        console.print(line, highlight=False)
    console.print(cities_text(state, seat))
    console.print(result_table(state, seat))
