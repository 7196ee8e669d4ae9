"""The full-screen terminal table (Textual), the same for every game.

Panels stay in place: a status line (Age, turn, coins, the running score estimate), your
city and the table around it, what you are asked and why, your choices (a hand card first,
then how to play it) beside the plain description of the highlighted one, and the log. Keys:
``?`` help, ``c`` your city in full, ``o`` every city in full, ``l`` the whole log,
``Enter`` choose, ``Esc`` back, ``u`` take back your last decision, ``f`` the final
scores, ``q`` (and Ctrl+Q, Ctrl+C) quit, twice mid-game: the game is saved after every
decision and the confirmation says how to resume it; the mouse clicks choices and scrolls
panels. The log's border shows the game's seed.

A game's look is its ``GameView`` (``tui/classic.py``, ``duel.py``, ``architects.py``): it
is given a ``SeatTable`` only, so every panel is a function of the seat's ``view`` and
``legal_actions`` (and the card data; what needs computing comes from the game's
``advice`` module, over the view); the session behind the table applies the actions, lets
the bots move and keeps the game record saved at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from wonders.cli.narration import log_text
from wonders.cli.saves import resume_command
from wonders.cli.session import SeatTable
from wonders.core.i18n import _


@dataclass
class Choice:
    """One line of the choice list: an action, or a group (a hand card) of actions."""

    label: RenderableType
    detail: RenderableType = ""
    action: Any = None
    children: list[Choice] = field(default_factory=list)


class GameView:
    """What one game shows; the app calls these after every move."""

    title: str = "wonders"
    panels: tuple[str, str] = ("Your city", "The table")
    widths: tuple[str, str] = ("1fr", "1fr")
    top_height = 9  # lines of the city and table panels

    def __init__(self, table: SeatTable) -> None:
        self.seat_table = table
        self.seat = table.seat

    def view(self) -> dict[str, Any]:
        return self.seat_table.view()

    def legal_actions(self) -> list[Any]:
        return self.seat_table.legal_actions()

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
        return ""


HELP = _(
    "Keys\n"
    "  Up/Down, mouse   move in your choices (described in the panel beside)\n"
    "  Enter, click     choose (a hand card first, then how to play it)\n"
    "  Esc              back to the cards\n"
    "  c                your city in full (every wonder stage's cost and reward)\n"
    "  o                every city in full\n"
    "  l                the whole log\n"
    "  ?                this help\n"
    "  u                take back your last decision (the bots replay theirs)\n"
    "  f                the final scores (once the game is over)\n"
    "  q, Ctrl+C        quit (press it twice mid-game; the game is saved)\n"
)


class TextScreen(ModalScreen[None]):
    """A full-screen page of text (help, cities, log, final scores); any key closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,c,o,l,question_mark,enter", "dismiss", _("close"))
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 100%; height: 100%; border: round $accent;
                                  padding: 0 1; }
    """

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.page_title = title
        self.body = body

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll(Static(self.body, id="page"))
        scroll.border_title = self.page_title
        scroll.border_subtitle = _("any key: back")
        yield scroll

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]
        self.dismiss(result)


class TableApp(App[None]):
    """One game at the table: the human's seat against bots."""

    ENABLE_COMMAND_PALETTE = False

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary-background; color: $text; }
    #top { height: 9; }
    #city, #table { width: 1fr; border-top: solid $accent; padding: 0 1 0 0; }
    #prompt { height: auto; max-height: 4; color: $warning; }
    #middle { height: 1fr; }
    #choices { width: 38; border: none; padding: 0; }
    #detail-box { width: 1fr; border-left: solid $accent; padding: 0 0 0 1; }
    #log { height: 4; border-top: solid $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", _("help")),
        Binding("c", "city", _("your city")),
        Binding("o", "everyone", _("all cities")),
        Binding("l", "log", _("log")),
        Binding("f", "final", _("final scores"), show=False),
        Binding("escape", "cards", _("back"), show=False),
        Binding("u", "take_back", _("take back")),
        Binding("q", "leave", _("quit")),
        # Ctrl+C as q, over any page too (Textual's own only says to press Ctrl+Q)
        Binding("ctrl+c", "leave", show=False, priority=True),
    ]

    def __init__(self, game_view: GameView, record_folder: Path | None = None) -> None:
        super().__init__()
        self.game = game_view
        self.table = game_view.seat_table
        self.record_folder = record_folder
        self.record_path: Path | None = None
        self.shown_events = 0
        self.log_text: list[str] = []
        self.current: list[Choice] = []
        self.group: Choice | None = None
        self.quit_armed = False

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            yield VerticalScroll(Static(id="city-body"), id="city")
            yield VerticalScroll(Static(id="table-body"), id="table")
        yield Static(id="prompt")
        with Horizontal(id="middle"):
            yield OptionList(id="choices")
            yield VerticalScroll(Static(id="detail"), id="detail-box")
        yield RichLog(id="log", wrap=True, markup=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.game.title
        for widget_id, title, width in zip(
            ("#city", "#table"), self.game.panels, self.game.widths, strict=True
        ):
            panel = self.query_one(widget_id)
            panel.border_title = _(title)
            panel.styles.width = width
        self.query_one("#top").styles.height = self.game.top_height
        self.query_one("#log").border_title = _("seed {seed}").format(seed=self.table.seed)
        self.table.start()
        self.refresh_all()
        self.query_one("#choices", OptionList).focus()

    # ------------------------------------------------------------------ updating

    def refresh_all(self) -> None:
        game = self.game
        self.query_one("#status", Static).update(Text(game.status(), no_wrap=True))
        self.query_one("#city-body", Static).update(game.city())
        self.query_one("#table-body", Static).update(game.table())
        events = game.view()["events"]
        log = self.query_one("#log", RichLog)
        for line in game.log_lines(events[self.shown_events :]):
            self.log_text.append(line)
            log.write(log_text(line))
        self.shown_events = len(events)
        if self.table.is_over():
            self.finish()
            return
        self.group = None
        self.query_one("#prompt", Static).update(game.prompt())
        self.show_choices(game.choices())

    def show_choices(self, choices: list[Choice]) -> None:
        self.current = choices
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        options.add_options([Option(c.label) for c in choices])
        if choices:
            options.highlighted = 0
            self.describe(0)

    def describe(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.current):
            return
        self.query_one("#detail", Static).update(self.current[index].detail)

    def finish(self) -> None:
        if self.record_path is None:
            self.record_path = self.table.save(self.record_folder)
            self.log_text.append(_("Game record saved: {path}").format(path=self.record_path))
            self.query_one("#log", RichLog).write(self.log_text[-1])
        self.query_one("#prompt", Static).update(
            _("The game is over. The record replays with: wonders replay {path}").format(
                path=self.record_path
            )
        )
        self.current = []
        self.query_one("#choices", OptionList).display = False  # the scores take the width
        self.query_one("#detail", Static).update(self.game.final())
        self.push_screen(TextScreen(_("Final scores"), self.game.final()))

    def action_final(self) -> None:
        if self.table.is_over():
            self.push_screen(TextScreen(_("Final scores"), self.game.final()))

    # ------------------------------------------------------------------ events

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.describe(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(event.option_index)

    def choose(self, index: int) -> None:
        if not 0 <= index < len(self.current):
            return
        choice = self.current[index]
        if choice.children:  # a card: its ways to be played, even one (no sale by mistake)
            self.group = choice
            self.query_one("#prompt", Static).update(
                _("How to play it? (Esc: back to the list)") + "\n"
            )
            self.show_choices(choice.children)
            return
        self.quit_armed = False
        self.table.act(choice.action)
        self.refresh_all()

    def action_cards(self) -> None:
        """Back from a card's ways to the list of cards."""
        if self.group is not None and not self.table.is_over():
            self.refresh_all()

    def action_leave(self) -> None:
        """Quit; mid-game only when asked twice (a stray ``q`` loses nothing)."""
        if self.table.is_over() or self.quit_armed:
            self.exit()
            return
        self.quit_armed = True
        while len(self.screen_stack) > 1:  # the question shows on the table, not under a page
            self.pop_screen()
        saved = self.table.saved_at
        if saved is None:
            ask = _("Press q again to leave: this unfinished game will not be saved.")
        else:
            ask = _(
                "Press q again to leave. The game is saved; continue it with: {command}"
            ).format(command=resume_command(saved))
        self.query_one("#prompt", Static).update(Text(ask))

    async def action_quit(self) -> None:
        """Ctrl+Q: the same question as ``q`` (Textual's own quits at once)."""
        self.action_leave()

    def action_take_back(self) -> None:
        """``u``: take back your last decision; the bots replay theirs from the same seeds."""
        if self.table.is_over():
            return
        self.quit_armed = False
        if not self.table.take_back():
            self.refresh_all()
            nothing = _("There is no decision to take back.")
            self.query_one("#prompt", Static).update(nothing + " " + self.game.prompt())
            return
        self.shown_events = 0  # the log is written again, up to the decision taken back
        self.log_text = []
        self.query_one("#log", RichLog).clear()
        self.refresh_all()

    def action_help(self) -> None:
        self.push_screen(TextScreen(_("Help"), HELP + "\n" + self.game.help()))

    def action_city(self) -> None:
        self.push_screen(TextScreen(_(self.game.panels[0]), self.game.city_full()))

    def action_everyone(self) -> None:
        self.push_screen(TextScreen(_("Every city"), self.game.everyone()))

    def action_log(self) -> None:
        page = Text("\n").join(log_text(line) for line in self.log_text)
        self.push_screen(TextScreen(_("Log"), page))

    def screen_text(self) -> str:
        """The screen as plain text, line by line (tests and screen readers' debugging)."""
        strips = self.screen._compositor.render_strips()
        return "\n".join(strip.text.rstrip() for strip in strips)
