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

from wonders.architects.actions import Action
from wonders.architects.cards import CENTRAL, catalog
from wonders.architects.state import ArchitectsState
from wonders.core.protocol import Result

COLOR_STYLE = {
    "grey": "grey70",
    "yellow": "yellow",
    "green": "green",
    "blue": "blue",
    "red": "red",
}


def play(
    state: Any,
    seat: int,
    opponents: dict[int, Any],
    seed: int,
    console: Console,
    ask: Callable[[int], int],
) -> None:
    assert isinstance(state, ArchitectsState)
    n = state.num_players
    console.print(f"7 Wonders Architects, {n} players, seed {seed}. You are seat {seat}.")
    shown = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        if p != seat:
            state.apply(p, opponents[p].choose(state, p))
            continue
        view = state.view(seat)
        shown = _print_events(console, view["events"], shown, seat)
        actions = state.legal_actions(seat)
        console.print(position_table(state, seat))
        console.print(decks_line(state, seat, view))
        console.print(actions_table(state, seat, actions))
        choice = ask(len(actions))
        state.apply(seat, actions[choice - 1])
    view = state.view(seat)
    _print_events(console, view["events"], shown, seat)
    console.print(position_table(state, seat))
    names = [f"{p} {state.wonders[p].name}" + (" (you)" if p == seat else "") for p in range(n)]
    console.print(result_table(state.result(), names))


def _print_events(console: Console, events: list[dict[str, Any]], shown: int, seat: int) -> int:
    for event in events[shown:]:
        line = event_line(event, seat)
        if line:
            console.print(line, highlight=False)
    return len(events)


def _who(p: Any, seat: int) -> str:
    return "you" if p == seat else f"seat {p}"


def event_line(event: dict[str, Any], seat: int) -> str | None:
    """One event in words (``None`` for bookkeeping)."""
    kind = event["type"]
    who = _who(event.get("seat"), seat)
    if kind == "turn":
        return f"[bold]Turn {event['turn']}: {who}[/]"
    if kind == "take":
        how = " (searched)" if event.get("searched") else ""
        return f"  {who} took {event['card']} from the {event['deck']} deck{how}"
    if kind == "build":
        return (
            f"  {who} built stage {event['stage']} ({event['points']} VP) "
            f"spending {', '.join(event['paid'])}"
        )
    if kind == "progress":
        used = f" for {', '.join(event['used'])}" if event.get("used") else ""
        return f"  {who} took the progress token {event['token']}{used}"
    if kind == "cat":
        return f"  {who} took the cat"
    if kind == "conflict":
        return f"  {who} flipped {event['flipped']} conflict token(s)"
    if kind == "battle":
        won = ", ".join(f"{_who(p, seat)} {w}" for p, w in enumerate(event["won"]) if w)
        return f"  [red]Battle![/] shields {event['shields']}; victory tokens: {won or 'none'}"
    if kind == "extra_card":
        return f"  {who}: {event['token']} gives one more card"
    if kind == "search":
        return f"  {who} looks at the top {event['count']} cards of the {event['deck']} deck"
    if kind == "game_over":
        return "[bold]The game is over.[/]"
    if kind == "no_cards":
        return "No one has a deck left to take from."
    return None


def position_table(state: ArchitectsState, seat: int) -> Table:
    view = state.view(seat)
    table = Table(title="Wonders")
    for column in ("seat", "wonder", "stages", "next", "cards", "shields", "victory", "progress"):
        table.add_column(column)
    f = state.f
    for p, info in enumerate(view["players"]):
        cards = ", ".join(
            f"[{COLOR_STYLE[f.color[f.index[k]]]}]{k}[/]" + (f" x{c}" if c > 1 else "")
            for k, c in info["cards"].items()
        )
        label = _who(p, seat) + (" [bold]cat[/]" if info["cat"] else "")
        table.add_row(
            label,
            info["wonder"],
            " ".join(map(str, info["stages"])) or "-",
            ", ".join(stage_cost(state, p, st) for st in info["next_stages"]) or "done",
            cards,
            str(info["shields"]),
            str(info["victory_tokens"]),
            ", ".join(info["progress"]),
        )
    return table


def stage_cost(state: ArchitectsState, p: int, stage: int) -> str:
    """A stage, its cost as the rulebook writes it (2≠ two different, 3= three equal) and
    its points: "3: 3≠ 6VP"."""
    cost = catalog().costs[stage - 1]
    return (
        f"{stage}: {cost.count}{'=' if cost.same else '≠'} {state.wonders[p].points[stage - 1]}VP"
    )


def decks_line(state: ArchitectsState, seat: int, view: dict[str, Any]) -> str:
    left, right = state.side_decks(seat)
    parts = []
    for d in dict.fromkeys((left, right)):
        deck = view["decks"][d]
        where = "left" if d == left else "right"
        if state.n == 2:
            where = "yours" if d == left else "theirs"
        parts.append(f"{deck['deck']} deck ({where}): top {deck['top'] or '-'}, {deck['size']}")
    central = view["central"]
    top = f"top {central['top']} (the cat's peek)" if "top" in central else "face down"
    parts.append(f"central: {top}, {central['size']}")
    tokens = view["tokens"]
    lines = [
        "Decks: " + "; ".join(parts),
        f"Progress tokens: {', '.join(tokens['face_up']) or 'none'} (stack {tokens['stack']})",
        f"Conflict: {view['conflict']['battle_side']} of {view['conflict']['total']} "
        "tokens on the battle side",
    ]
    if "searching" in view and "cards" in view["searching"]:
        lines.append(f"You look at: {', '.join(view['searching']['cards'])}")
    return "\n".join(escape(line) for line in lines)


def describe(state: ArchitectsState, seat: int, action: Action) -> str:
    if action.kind in ("take", "search") and action.deck != CENTRAL:
        d = state.deck_index[action.deck]
        left, _ = state.side_decks(seat)
        where = "left" if d == left else "right" if d == (seat - 1) % state.n else "far"
        top = state.decks[d][-1] if state.decks[d] else None
        what = f" ({state.f.names[top]} on top)" if top is not None else ""
        return f"{action.describe()} ({where}){what}"
    if action.kind == "take" and state.knows_top >> seat & 1:
        return f"{action.describe()} ({state.f.names[state.central[-1]]}: you peeked)"
    return action.describe()


def actions_table(state: ArchitectsState, seat: int, actions: list[Action]) -> Table:
    table = Table(title="Your choices")
    table.add_column("#", justify="right")
    table.add_column("action")
    for i, action in enumerate(actions, 1):
        table.add_row(str(i), escape(describe(state, seat, action)))
    return table


def result_table(result: Result, names: list[str]) -> Table:
    table = Table(title="Final scores")
    table.add_column("rank", justify="right")
    table.add_column("player", no_wrap=True)
    categories = list(result.players[0].breakdown)
    for c in categories:
        table.add_column(c, justify="right")
    table.add_column("total", justify="right")
    table.add_column("stages", justify="right")
    for p in sorted(result.players, key=lambda p: p.rank):
        table.add_row(
            str(p.rank),
            escape(names[p.seat]),
            *(str(p.breakdown[c]) for c in categories),
            f"[bold]{p.total}[/]",
            str(p.tiebreak),
        )
    return table
