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
from wonders.architects.state import ArchitectsState
from wonders.cli import architects_words as words
from wonders.cli.session import Session
from wonders.core.protocol import Result

COLOR_STYLE = {
    "grey": "grey70",
    "yellow": "yellow",
    "green": "green",
    "blue": "blue",
    "red": "red",
}


def play(session: Session, console: Console, ask: Callable[[int], int]) -> None:
    state, seat = session.state, session.seat
    assert isinstance(state, ArchitectsState)
    n = state.num_players
    console.print(f"7 Wonders Architects, {n} players, seed {session.seed}. You are seat {seat}.")
    narrator = words.ArchitectsLog(seat, [w.name for w in state.wonders])
    shown = 0
    while not state.is_terminal():
        session.bots_move()
        if not session.my_turn():
            continue
        view = state.view(seat)
        shown = _print_events(console, narrator, view["events"], shown)
        actions = state.legal_actions(seat)
        console.print(position_table(state, seat))
        console.print(your_wonder(state, seat), highlight=False)
        console.print(decks_line(state, seat, view))
        console.print(words.prompt(state, seat), highlight=False)
        console.print(actions_table(state, seat, actions))
        choice = ask(len(actions))
        session.apply(seat, actions[choice - 1])
    view = state.view(seat)
    _print_events(console, narrator, view["events"], shown)
    console.print(position_table(state, seat))
    names = [f"{p} {state.wonders[p].name}" + (" (you)" if p == seat else "") for p in range(n)]
    console.print(result_table(state.result(), names))


def _print_events(
    console: Console, narrator: words.ArchitectsLog, events: list[dict[str, Any]], shown: int
) -> int:
    for line in narrator.lines(events[shown:]):
        console.print(line, highlight=False)
    return len(events)


def position_table(state: ArchitectsState, seat: int) -> Table:
    view = state.view(seat)
    table = Table(title="Wonders")
    for column in ("seat", "wonder", "stages", "next", "cards", "shields", "victory", "progress"):
        table.add_column(column)
    f = state.f
    for p, info in enumerate(view["players"]):
        cards = ", ".join(
            f"[{COLOR_STYLE[f.color[f.index[k]]]}]{escape(words.label(k))}[/]"
            + (f" x{c}" if c > 1 else "")
            for k, c in info["cards"].items()
        )
        label = ("you" if p == seat else f"seat {p}") + (" [bold]cat[/]" if info["cat"] else "")
        table.add_row(
            label,
            info["wonder"],
            " ".join(map(str, info["stages"])) or "-",
            "; ".join(f"{st}: {words.stage_text(info['wonder'], st)}" for st in info["next_stages"])
            or "done",
            cards,
            str(info["shields"]),
            str(info["victory_tokens"]),
            ", ".join(info["progress"]),
        )
    return table


def your_wonder(state: ArchitectsState, seat: int) -> str:
    """Your wonder's stages, each with its cost pattern and reward (built ones ticked)."""
    info = state.view(seat)["players"][seat]
    lines = [f"Your wonder, {info['wonder']}:"]
    for s in range(1, 6):
        mark = "✓" if s in info["stages"] else "→" if s in info["next_stages"] else "·"
        lines.append(f"{mark} stage {s}: {words.stage_text(info['wonder'], s)}")
    return "\n".join(escape(line) for line in lines)


def decks_line(state: ArchitectsState, seat: int, view: dict[str, Any]) -> str:
    left, right = state.side_decks(seat)
    parts = []
    for d in dict.fromkeys((left, right)):
        deck = view["decks"][d]
        where = "left" if d == left else "right"
        if state.n == 2:
            where = "yours" if d == left else "theirs"
        top = words.label(deck["top"]) if deck["top"] else "-"
        parts.append(f"{deck['deck']} deck ({where}): top {top}, {deck['size']}")
    central = view["central"]
    peek = words.label(central["top"]) if "top" in central else ""
    top = f"top {peek} (the cat's peek)" if peek else "face down"
    parts.append(f"central: {top}, {central['size']}")
    tokens = view["tokens"]
    lines = [
        "Decks: " + "; ".join(parts),
        f"Progress tokens: {', '.join(tokens['face_up']) or 'none'} (stack {tokens['stack']})",
        f"Conflict: {view['conflict']['battle_side']} of {view['conflict']['total']} "
        "tokens on the battle side",
    ]
    if "searching" in view and "cards" in view["searching"]:
        lines.append(f"You look at: {words.labels(view['searching']['cards'])}")
    return "\n".join(escape(line) for line in lines)


def actions_table(state: ArchitectsState, seat: int, actions: list[Action]) -> Table:
    table = Table(title="Your choices")
    table.add_column("#", justify="right")
    table.add_column("action")
    for i, action in enumerate(actions, 1):
        table.add_row(str(i), escape(words.choice_text(state, seat, action)))
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
