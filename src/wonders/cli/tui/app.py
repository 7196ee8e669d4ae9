"""The full-screen terminal table (Textual), the same for every game.

Panels stay in place: a status line (Age, turn, coins, the running score estimate), your
city and the table around it, what you are asked and why, your choices (a card first, then
how to play it) beside the plain description of the highlighted one, and the log. Keys:
``?`` help (the keys, then the game's own ``help`` part from the registry), ``c`` your city
in full, ``o`` every city in full, ``l`` the whole log, ``d`` the highlighted choice in
full, ``Enter`` choose, ``Esc`` back (to the same card), ``u`` take back your last
decision, ``f`` the final scores, ``q`` (and Ctrl+Q, Ctrl+C) quit, twice mid-game: the game
is saved after every decision and the confirmation says how to resume it; the mouse clicks
choices and scrolls panels. The log's border shows the game's seed. Focus stays on the
choices (Tab does not move it; the cursor stops at both ends).

The layout follows the terminal (``layout.py``): below 80x24 a message says what size is
needed instead of a broken table, and comes back to the table as soon as it fits; larger
terminals give the panels, the log and the choices the extra lines and columns, and the
views show more when there is room (``GameView.roomy``).

A game's look is its ``GameView`` (``tui/classic.py``, ``duel.py``, ``architects.py``): it
is given a ``SeatTable`` only, so every panel is a function of the seat's ``view`` and
``legal_actions`` (and the card data; what needs computing comes from the game's
``advice`` module, over the view); the session behind the table applies the actions, lets
the bots move and keeps the game record saved at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static
from textual.widgets.option_list import Option

from wonders.cli.narration import log_text, save_news
from wonders.cli.saves import resume_command
from wonders.cli.tui.keys import help_page
from wonders.cli.tui.layout import layout, too_small
from wonders.cli.tui.palette import CURSOR
from wonders.cli.tui.view import Choice, GameView
from wonders.cli.tui.widgets import ChoiceList, TextScreen, translated_bindings
from wonders.core.errors import InputError
from wonders.core.i18n import N_, _
from wonders.core.registry import get_game

__all__ = ["Choice", "GameView", "TableApp", "TableScreen"]  # the views' classes, here too


def plain(renderable: RenderableType) -> str:
    """A choice's label as plain text (a page's title)."""
    return renderable.plain if isinstance(renderable, Text) else str(renderable)


class TableScreen(Screen[None]):
    """The table's screen: it tells the app when the terminal changes size."""

    def __init__(self, resized: Callable[[], None]) -> None:
        super().__init__(id="_default")
        self.resized = resized

    def on_resize(self, event: events.Resize) -> None:
        self.resized()


class TableApp(App[None]):
    """One game at the table: the human's seat against bots."""

    ENABLE_COMMAND_PALETTE = False

    CSS = (
        """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary-background; color: $text; }
    #top { height: auto; min-height: 9; max-height: 9; }
    #city, #table { width: 1fr; height: auto; max-height: 100%; border-top: solid $accent;
                    padding: 0 1 0 0; }
    #prompt { height: auto; max-height: 4; color: $warning; }
    #middle { height: 1fr; }
    #choices { width: 38; border: none; padding: 0; background: $background; }
    #choices:focus { background-tint: $foreground 0%; }
    #choices > .option-list--option-highlighted,
    #choices:focus > .option-list--option-highlighted {
        background: CURSOR; color: $foreground; text-style: bold;
    }
    #detail-box { width: 1fr; border-left: solid $accent; padding: 0 0 0 1; }
    #log { height: 4; border-top: solid $accent; background: $background; }
    #too-small { display: none; }
    Screen.-too-small > * { display: none; }
    Screen.-too-small > #too-small { display: block; height: 1fr; padding: 0 1; }
    """
    ).replace("CURSOR", CURSOR)
    BINDINGS: ClassVar[list[BindingType]] = [
        # the footer's words, translated when the table opens (``translated_bindings``)
        Binding("question_mark", "help", N_("help")),
        Binding("d", "describe", N_("in full")),
        Binding("c", "city", N_("your city")),
        Binding("o", "everyone", N_("all cities")),
        Binding("l", "log", N_("log")),
        Binding("f", "final", N_("final scores"), show=False),
        Binding("escape", "cards", N_("back"), show=False),
        Binding("u", "take_back", N_("take back")),
        Binding("q", "leave", N_("quit")),
        # Ctrl+C as q, over any page too (Textual's own only says to press Ctrl+Q)
        Binding("ctrl+c", "leave", show=False, priority=True),
        # focus stays on the choices: Tab has nowhere else to go
        Binding("tab,shift+tab", "focus_choices", show=False, priority=True),
    ]

    def __init__(self, game_view: GameView, record_folder: Path | None = None) -> None:
        super().__init__()
        self._bindings = translated_bindings(self._bindings, TableApp.BINDINGS)
        self.game = game_view
        self.table = game_view.seat_table
        self.record_folder = record_folder
        self.record_path: Path | None = None
        self.shown_events = 0
        self.log_text: list[str] = []
        self.current: list[Choice] = []
        self.group: Choice | None = None
        self.group_index = 0  # the card whose ways are shown, where Esc comes back to
        self.quit_armed = False
        self.notice = ""  # the quit question, also shown over a too small terminal
        self.asked: RenderableType = ""  # the prompt shown
        self.table_screen = TableScreen(self.on_terminal_resize)

    def get_default_screen(self) -> Screen[None]:
        return self.table_screen

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")
        yield Static(id="status")
        with Horizontal(id="top"):
            yield VerticalScroll(Static(id="city-body"), id="city", can_focus=False)
            yield VerticalScroll(Static(id="table-body"), id="table", can_focus=False)
        yield Static(id="prompt")
        with Horizontal(id="middle"):
            yield ChoiceList(id="choices")
            yield VerticalScroll(Static(id="detail"), id="detail-box", can_focus=False)
        log = RichLog(id="log", wrap=True, markup=True)
        log.can_focus = False
        yield log
        yield Footer()

    def on_mount(self) -> None:
        self.title = get_game(self.table.game).titled()
        for widget_id, title in zip(("#city", "#table"), self.game.panel_titles(), strict=True):
            self.table_screen.query_one(widget_id).border_title = title
        self.table_screen.query_one("#log").border_title = _("seed {seed}").format(
            seed=self.table.seed
        )
        self.apply_layout()
        self.table.start()
        self.refresh_all()
        self.table_screen.query_one("#choices", ChoiceList).focus()

    # ------------------------------------------------------------------ the terminal's size

    def on_terminal_resize(self) -> None:
        self.apply_layout()
        if self.shown_events or self.current:  # the panels drawn for the room there is now
            self.refresh_panels()

    def apply_layout(self) -> None:
        """Fit the table to the terminal, or say what size it needs."""
        room = layout(self.size.width, self.size.height, self.game.top_height)
        self.game.room = room
        self.table_screen.set_class(not room.fits, "-too-small")
        choices = self.table_screen.query_one("#choices", ChoiceList)
        choices.disabled = not room.fits  # no choice made blind
        if not room.fits:
            self.show_too_small()
            return
        top = self.table_screen.query_one("#top").styles  # as tall as the panels, up to room.top
        top.min_height, top.max_height = self.game.top_height, room.top
        self.table_screen.query_one("#log").styles.height = room.log
        self.table_screen.query_one("#prompt").styles.max_height = room.prompt
        choices.styles.width = room.choices
        for widget_id, width in zip(("#city", "#table"), self.game.panel_widths(), strict=True):
            self.table_screen.query_one(widget_id).styles.width = width
        if self.screen is self.table_screen:
            choices.focus()

    def show_too_small(self) -> None:
        title, *paragraphs = too_small(self.size.width, self.size.height)
        if self.notice:  # the quit question in place of how to leave
            paragraphs[-1] = self.notice
        body = Text(title, style="bold")
        for paragraph in paragraphs:
            body.append("\n\n" + paragraph)
        self.table_screen.query_one("#too-small", Static).update(body)

    def set_prompt(self, prompt: RenderableType) -> None:
        """What the seat is asked (markup in a string), above the choices."""
        self.asked = prompt
        self.table_screen.query_one("#prompt", Static).update(prompt)

    def say(self, notice: str) -> None:
        """Put ``notice`` where the prompt is (and over a too small terminal)."""
        self.notice = notice
        self.table_screen.query_one("#prompt", Static).update(Text(notice))
        if not self.game.room.fits:
            self.show_too_small()

    # ------------------------------------------------------------------ updating

    def refresh_panels(self) -> None:
        game = self.game
        self.table_screen.query_one("#status", Static).update(Text(game.status(), no_wrap=True))
        self.table_screen.query_one("#city-body", Static).update(game.city())
        self.table_screen.query_one("#table-body", Static).update(game.table())

    def refresh_all(self, highlight: int = 0) -> None:
        game = self.game
        self.refresh_panels()
        events = game.view()["events"]
        log = self.table_screen.query_one("#log", RichLog)
        for line in game.log_lines(events[self.shown_events :]):
            self.log_text.append(line)
            log.write(log_text(line))
        self.shown_events = len(events)
        if self.table.is_over():
            self.finish()
            return
        self.group = None
        self.notice = ""
        self.set_prompt(game.prompt())
        self.show_choices(game.choices(), highlight)

    def show_choices(self, choices: list[Choice], highlight: int = 0) -> None:
        self.current = choices
        options = self.table_screen.query_one("#choices", ChoiceList)
        options.clear_options()
        options.add_options([Option(c.label) for c in choices])
        if choices:
            index = min(highlight, len(choices) - 1)
            options.highlighted = index
            self.describe(index)

    def describe(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.current):
            return
        self.table_screen.query_one("#detail", Static).update(self.current[index].detail)
        self.table_screen.query_one("#detail-box", VerticalScroll).scroll_home(animate=False)

    def finish(self) -> None:
        if self.record_path is None:
            try:
                self.record_path = self.table.save(self.record_folder)
            except InputError as exc:  # the record's folder cannot be written: say so
                self.notify(str(exc), severity="error", timeout=30)
                self.log_text.append(str(exc))
                self.table_screen.query_one("#log", RichLog).write(Text(str(exc)))
                self.set_prompt(Text(str(exc)))
                self.show_page("f", _("Final scores"), self.game.final())
                return
            self.log_text.append(_("Game record saved: {path}").format(path=self.record_path))
            self.table_screen.query_one("#log", RichLog).write(self.log_text[-1])
        self.set_prompt(
            _("The game is over. The record replays with: wonders replay {path}").format(
                path=self.record_path
            )
        )
        self.current = []
        self.table_screen.query_one(
            "#choices", ChoiceList
        ).display = False  # the scores take the width
        self.table_screen.query_one("#detail", Static).update(self.game.final())
        self.show_page("f", _("Final scores"), self.game.final())

    def action_final(self) -> None:
        if self.table.is_over():
            self.show_page("f", _("Final scores"), self.game.final())

    # ------------------------------------------------------------------ events

    def on_option_list_option_highlighted(self, event: ChoiceList.OptionHighlighted) -> None:
        self.describe(event.option_index)

    def on_option_list_option_selected(self, event: ChoiceList.OptionSelected) -> None:
        self.choose(event.option_index)

    def choose(self, index: int) -> None:
        if not 0 <= index < len(self.current) or not self.game.room.fits:
            return
        choice = self.current[index]
        if choice.children:  # a card: its ways to be played, even one (no sale by mistake)
            self.group = choice
            self.group_index = index
            self.set_prompt(_("How to play it? (Esc: back to the list)") + "\n")
            self.show_choices(choice.children)
            return
        self.quit_armed = False
        problem = self.table.save_problem
        self.table.act(choice.action)
        self.refresh_all()
        self.report_save(problem)

    def report_save(self, before: str | None) -> None:
        """Say it when saving the game starts failing (a full disk, a folder made read-only)
        or works again: in the log and as a notice; the game goes on either way."""
        problem = self.table.save_problem
        if problem == before:
            return
        news = save_news(problem)
        self.log_text.append(news)
        self.table_screen.query_one("#log", RichLog).write(Text(news))
        self.notify(news, severity="information" if problem is None else "warning", timeout=10)

    def action_cards(self) -> None:
        """Back from a card's ways to the list of cards, on that card."""
        if self.group is not None and not self.table.is_over():
            self.refresh_all(self.group_index)

    def action_focus_choices(self) -> None:
        """Tab: the choices keep the focus (the panels scroll with the mouse, or open in
        full with their keys)."""
        if self.screen is self.table_screen and self.game.room.fits:
            self.table_screen.query_one("#choices", ChoiceList).focus()

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
        elif self.table.save_problem is not None:
            ask = _(
                "Press q again to leave. Your latest decisions could not be saved ({problem}); "
                "the game continues from the last save with: {command}"
            ).format(problem=self.table.save_problem, command=resume_command(saved))
        else:
            ask = _(
                "Press q again to leave. The game is saved; continue it with: {command}"
            ).format(command=resume_command(saved))
        self.say(ask)

    async def action_quit(self) -> None:
        """Ctrl+Q: the same question as ``q`` (Textual's own quits at once)."""
        self.action_leave()

    def action_take_back(self) -> None:
        """``u``: take back your last decision; the bots replay theirs from the same seeds."""
        if self.table.is_over():
            return
        self.quit_armed = False
        problem = self.table.save_problem
        if not self.table.take_back():
            self.refresh_all()
            nothing = escape(_("There is no decision to take back."))
            self.set_prompt(nothing + " " + self.game.prompt())  # the prompt's markup kept
            return
        self.shown_events = 0  # the log is written again, up to the decision taken back
        self.log_text = []
        self.table_screen.query_one("#log", RichLog).clear()
        self.refresh_all()
        self.report_save(problem)

    # ------------------------------------------------------------------ pages

    def show_page(self, key: str, title: str, body: RenderableType) -> None:
        """Open a page; one already open gives way to it (or just closes, if it is the page
        of the same key)."""
        shown = self.screen
        if isinstance(shown, TextScreen):
            self.pop_screen()
            if shown.key == key:
                return
        self.push_screen(TextScreen(title, body, key))

    def action_help(self) -> None:
        page = help_page(self.table.game, self.table.options, self.game.help())
        self.show_page("?", _("Help"), page)

    def action_describe(self) -> None:
        """``d``: the highlighted choice in full (what the panel beside may cut)."""
        index = self.table_screen.query_one("#choices", ChoiceList).highlighted
        if self.table.is_over() or index is None or not 0 <= index < len(self.current):
            return
        choice = self.current[index]
        asked = self.asked
        body = Group(
            Text.from_markup(asked) if isinstance(asked, str) else asked, Text(""), choice.detail
        )
        self.show_page("d", plain(choice.label), body)

    def action_city(self) -> None:
        self.show_page("c", self.game.city_title(), self.game.city_full())

    def action_everyone(self) -> None:
        self.show_page("o", _("Every city"), self.game.everyone())

    def action_log(self) -> None:
        page = Text("\n").join(log_text(line) for line in self.log_text)
        self.show_page("l", _("Log"), page)

    def screen_text(self) -> str:
        """The screen as plain text, line by line (tests and screen readers' debugging)."""
        strips = self.screen._compositor.render_strips()
        return "\n".join(strip.text.rstrip() for strip in strips)
