"""The full-screen terminal table (Textual): ``wonders play`` on a terminal without ``--plain``."""

from __future__ import annotations

import importlib
from pathlib import Path

from wonders.cli.session import SeatTable, Session
from wonders.cli.tui.app import GameView, TableApp

VIEWS = {
    "classic": "wonders.cli.tui.classic:ClassicView",
    "duel": "wonders.cli.tui.duel:DuelView",
    "architects": "wonders.cli.tui.architects:ArchitectsView",
}


def make_app(session: Session, record_folder: Path | None = None) -> TableApp:
    """The app for ``session``'s game; its screens get the seat's ``SeatTable`` only."""
    module, name = VIEWS[session.game].split(":")
    view_class: type[GameView] = getattr(importlib.import_module(module), name)
    return TableApp(view_class(SeatTable(session)), record_folder)
