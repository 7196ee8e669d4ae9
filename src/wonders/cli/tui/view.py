"""What a game shows at the table: its ``GameView`` (one per game, the registry's ``tui``
part: ``tui/classic.py``, ``duel.py``, ``architects.py``) and the ``Choice`` lines of its
list. A view is given a ``SeatTable`` only, and the layout of the terminal (``room``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType

from wonders.cli.session import SeatTable
from wonders.cli.tui.layout import MIN_HEIGHT, MIN_WIDTH, Layout, layout
from wonders.core.i18n import _
from wonders.core.protocol import View


@dataclass
class Choice:
    """One line of the choice list: an action, or a group (a card) of actions."""

    label: RenderableType
    detail: RenderableType = ""
    action: Any = None
    children: list[Choice] = field(default_factory=list)


class GameView:
    """What one game shows; the app calls these after every move (and ``room`` is the
    terminal's layout, set by the app before it asks)."""

    widths: tuple[str, str] = ("1fr", "1fr")
    top_height = 9  # lines of the city and table panels at 80x24

    def __init__(self, table: SeatTable) -> None:
        self.seat_table = table
        self.seat = table.seat
        self.room: Layout = layout(MIN_WIDTH, MIN_HEIGHT, self.top_height)

    @property
    def roomy(self) -> bool:
        """The terminal has room for more than 80x24 shows (full texts, wider cells)."""
        return self.room.roomy

    def view(self) -> View:
        """The seat's view (each game's screen narrows it to the game's own)."""
        return self.seat_table.view()

    def legal_actions(self) -> list[Any]:
        return self.seat_table.legal_actions()

    def panel_titles(self) -> tuple[str, str]:
        """The two top panels' titles, each with the key that shows it in full."""
        return _("Your city (c: in full)"), _("The table (o: in full)")

    def city_title(self) -> str:
        """The title of the page of your city in full (key ``c``)."""
        return _("Your city")

    def panel_widths(self) -> tuple[str, str]:
        return self.widths

    def status(self) -> str:
        raise NotImplementedError

    def city(self) -> RenderableType:
        raise NotImplementedError

    def city_full(self) -> RenderableType:
        """Your city in full (key ``c``): the panel's text unless a game shortens it."""
        return self.city()

    def table(self) -> RenderableType:
        raise NotImplementedError

    def everyone(self) -> RenderableType:
        raise NotImplementedError

    def prompt(self) -> str:
        raise NotImplementedError

    def choices(self) -> list[Choice]:
        raise NotImplementedError

    def log_lines(self, events: list[dict[str, Any]]) -> list[str]:
        raise NotImplementedError

    def final(self) -> RenderableType:
        raise NotImplementedError

    def help(self) -> str:
        """What this game's panels show, for the help page (the rules are the game's)."""
        return ""
