"""The table's own widgets: the list of choices (its cursor stops at both ends) and the
full-screen pages (help, cities, log, a description, the final scores)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from wonders.core.i18n import N_, _


class ChoiceList(OptionList):
    """The choices: Up at the first and Down at the last one stay where they are (Textual's
    list wraps around, which reads as a jump to the other end)."""

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()


def translated_bindings(bindings: BindingsMap, own: Iterable[BindingType]) -> BindingsMap:
    """``bindings`` with the descriptions of ``own`` (a class's ``BINDINGS``, marked ``N_``:
    a class is made before any language is chosen) in the reader's language; Textual's
    own bindings are left as they are."""
    words = {b.description for b in own if isinstance(b, Binding) and b.description}
    return BindingsMap.from_keys(
        {
            key: [
                replace(b, description=_(b.description)) if b.description in words else b
                for b in keys
            ]
            for key, keys in bindings.key_to_bindings.items()
        }
    )


def page_keys() -> str:
    """What the keys do on a page (its border says it)."""
    return _("Esc, Enter or q: back · arrows, Page Up/Down: scroll")


class TextScreen(ModalScreen[None]):
    """A full-screen page of text: Esc, Enter or q closes it, the arrows and Page Up/Down
    scroll it; the table's page keys (c, o, l, ?, d) open their page in its place, or close
    it when it is theirs (``key``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,enter", "dismiss", N_("close"), show=False),
        # a modal screen hides the app's keys: the table's page keys, here too
        Binding("question_mark", "app.help", show=False),
        Binding("c", "app.city", show=False),
        Binding("o", "app.everyone", show=False),
        Binding("l", "app.log", show=False),
        Binding("d", "app.describe", show=False),
        Binding("f", "app.final", show=False),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 100%; height: 100%; border: round $accent;
                                  padding: 0 1; }
    """

    def __init__(self, title: str, body: RenderableType, key: str = "") -> None:
        super().__init__()
        self._bindings = translated_bindings(self._bindings, TextScreen.BINDINGS)
        self.page_title = title
        self.body = body
        self.key = key

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll(Static(self.body, id="page"), id="page-box")
        scroll.border_title = self.page_title
        scroll.border_subtitle = page_keys()
        yield scroll

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]
        self.dismiss(result)
