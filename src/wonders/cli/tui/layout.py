"""How the table divides the terminal: below 80x24 a message saying what size is needed;
from 80x24 up, every line and column more goes to the panels (taller cities, a longer log,
a wider list of choices, more room for the descriptions)."""

from __future__ import annotations

from dataclasses import dataclass

from wonders.core.i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24
ROOMY_WIDTH = 120  # from here the views show more (full texts, wider structure cells)
ROOMY_HEIGHT = 36


@dataclass(frozen=True)
class Layout:
    """The heights and widths of the table's parts for one terminal size."""

    width: int
    height: int
    top: int  # the city and table panels
    log: int
    prompt: int  # at most
    choices: int  # the width of the choice list

    @property
    def fits(self) -> bool:
        return self.width >= MIN_WIDTH and self.height >= MIN_HEIGHT

    @property
    def roomy(self) -> bool:
        return self.width >= ROOMY_WIDTH and self.height >= ROOMY_HEIGHT


def layout(width: int, height: int, top: int) -> Layout:
    """The layout of a ``width`` x ``height`` terminal for a game whose panels need ``top``
    lines at 80x24: two fifths of the extra lines to the panels, a quarter to the log, the
    rest to the choices; a quarter of the extra columns to the choice list."""
    more = max(0, height - MIN_HEIGHT)
    wider = max(0, width - MIN_WIDTH)
    return Layout(
        width=width,
        height=height,
        top=top + more * 2 // 5,
        log=4 + more // 4,
        prompt=4 + more // 12,
        choices=38 + wider // 4,
    )


def too_small(width: int, height: int) -> list[str]:
    """The message shown instead of the table in a terminal smaller than it needs: a title,
    then its paragraphs, the most needed first (they fit 40x12)."""
    return [
        _("This terminal is too small for the table."),
        _(
            "It needs at least {min_width} columns and {min_height} lines; it has {width} "
            "columns and {height} lines."
        ).format(min_width=MIN_WIDTH, min_height=MIN_HEIGHT, width=width, height=height),
        _(
            "Make it larger and the table comes back; nothing is lost meanwhile. To leave, "
            "press q twice."
        ),
    ]
