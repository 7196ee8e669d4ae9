"""Every screen of the full-screen table is a function of the seat's view and legal actions:
re-dealing everything the seat cannot see (``sample_world``) changes no screen's text, and
the screens get a seat-bound table, never the session or the engine's state."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from wonders.cli.session import SeatTable, Session
from wonders.cli.tui import make_app
from wonders.cli.tui.app import GameView
from wonders.core.registry import get_game

GAMES = [
    ("classic", {"players": 4}),
    ("classic", {"players": 3, "expansions": ["leaders", "cities"]}),
    ("classic", {"players": 2}),
    ("duel", {}),
    ("architects", {"players": 4}),
]


def text(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(renderable)
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    return out


def screens(session: Session) -> list[str]:
    """The text of every screen and panel the seat's table shows now."""
    view_class: type[GameView] = get_game(session.game).part("tui")
    game = view_class(SeatTable(session))
    out = [
        game.status(),
        text(game.city()),
        text(game.city_full()),
        text(game.table()),
        text(game.everyone()),
        game.prompt(),
        "\n".join(game.log_lines(game.view()["events"])),
    ]
    for choice in game.choices():
        out += [text(choice.label), text(choice.detail)]
        out += [text(c.label) + text(c.detail) for c in choice.children]
    return out


def hidden(state: Any, seat: int) -> Any:
    """The whole state but the seat's view: what a poisoned world must change."""
    return state.to_json()


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_re_dealing_the_hidden_cards_changes_no_screen(game: str, options: dict[str, Any]) -> None:
    session = Session(game, options, 5, 0, "random")
    rng = random.Random(5)
    compared = 0
    for _turn in range(12):
        session.bots_move()
        if session.state.is_terminal():
            break
        before = screens(session)
        truth = session.state
        for attempt in range(3):
            world = truth.sample_world(0, random.Random(attempt))
            if hidden(world, 0) != hidden(truth, 0):
                break
        assert hidden(world, 0) != hidden(truth, 0)  # the poison changes hidden cards
        session.state = world
        assert screens(session) == before
        compared += 1
        session.state = truth
        session.apply(0, rng.choice(truth.legal_actions(0)))
    assert compared >= 5


def test_the_screens_get_only_the_seat_bound_table() -> None:
    app = make_app(Session("duel", {}, 1, 0, "random"))
    table = app.game.seat_table
    assert isinstance(table, SeatTable)
    assert not hasattr(app.game, "session") and not hasattr(app.game, "state")
    public = {n for n in dir(table) if not n.startswith("_")}
    assert public == {
        "act", "game", "is_over", "legal_actions", "options", "result", "save", "save_problem",
        "saved_at", "seat", "seed", "start", "take_back", "view",
    }  # fmt: skip
