"""The full-screen terminal table (Textual): ``wonders play`` on a terminal without ``--plain``."""

from __future__ import annotations

from pathlib import Path

from wonders.cli.session import SeatTable, Session
from wonders.cli.tui.app import TableApp
from wonders.cli.tui.view import GameView
from wonders.core.registry import get_game


def make_app(session: Session, record_folder: Path | None = None) -> TableApp:
    """The app for ``session``'s game; its screens get the seat's ``SeatTable`` only."""
    view_class: type[GameView] = get_game(session.game).part("tui")
    return TableApp(view_class(SeatTable(session)), record_folder)
