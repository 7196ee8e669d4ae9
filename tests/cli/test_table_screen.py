"""The full-screen table's screen itself (issue 34): the terminal's size, colours and their
contrast, the focus and the cursor, copies of a card, the pages' keys. Driven with Textual's
pilot; the help of every game is in test_table_help.py."""

from __future__ import annotations

import asyncio
import colorsys
import os
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual.pilot import Pilot
from textual.widget import Widget

from wonders.cli.session import SeatTable, Session
from wonders.cli.tui import make_app
from wonders.cli.tui.app import TableApp

# 4 players with Cities, seed 2: seat 0's first hand holds Clandestine Dock East (21
# letters), two Lumber Yards (brown) and Glassworks (grey)
CITIES = ("classic", {"players": 4, "expansions": ["cities"]}, 2)
HAND = [
    "West Trading Post",
    "Clandestine Dock East",
    "Glassworks",
    "Scriptorium",
    "Lumber Yard",
    "Ore Vein",
    "Guard Tower",
]

Probe = Callable[[TableApp, Pilot[None]], Awaitable[None]]


def new_app(game: str, options: dict[str, Any], seed: int, moves: int = 0) -> TableApp:
    """A table of a new game (random bots, seat 0), after ``moves`` random decisions."""
    session = Session(game, options, seed, 0, "random")
    table = SeatTable(session)
    table.start()
    rng = random.Random(seed)
    for _ in range(moves):
        table.act(rng.choice(table.legal_actions()))
    return make_app(session, Path(os.devnull))


def drive(app: TableApp, size: tuple[int, int], probe: Probe) -> None:
    """Run ``app`` in a ``size`` terminal and hand it to ``probe`` (keys, resizes, asserts)."""

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await probe(app, pilot)

    asyncio.run(run())


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def widget(app: TableApp, selector: str) -> Widget:
    """A widget of the table (under any page open)."""
    return app.screen_stack[0].query_one(selector)


def words(screen: str) -> str:
    """A screen's text with its lines joined (a sentence wrapped reads whole)."""
    return " ".join(screen.split())


def detail_text(screen: str) -> str:
    """The detail panel's text of a table's screen (right of its border), lines joined."""
    return words(" ".join(line.split("│", 1)[1] for line in screen.splitlines() if "│" in line))


def list_lines(screen: str) -> list[str]:
    """The choice list's lines of a table's screen (left of the detail panel's border)."""
    return [line.split("│")[0].rstrip() for line in screen.splitlines() if "│" in line]


# ---------------------------------------------------------------- the terminal's size


def test_a_small_terminal_says_what_size_it_needs_then_the_table_comes_back() -> None:
    """Report: below 80x24 the table broke silently (one hand card at 60x18, none at
    40x12)."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        small = words(app.screen_text())
        assert "This terminal is too small for the table." in small
        assert "It needs at least 80 columns and 24 lines" in small
        assert "it has 60 columns and 18 lines" in small
        assert not any(card in small for card in HAND)  # no broken table under it
        await press(pilot, "enter")  # no choice is made blind
        assert not [a for p, a in app.table._session.record.actions if p == 0]
        await pilot.resize_terminal(40, 12)
        tiny = words(app.screen_text())
        assert "it has 40 columns and 12 lines" in tiny and "press q twice" in tiny
        await pilot.resize_terminal(80, 24)
        board = app.screen_text()
        assert "too small" not in board
        assert all(card in board for card in HAND)
        assert app.focused is widget(app, "#choices")  # the keys work again at once
        await press(pilot, "down")
        assert widget(app, "#choices").highlighted == 1  # type: ignore[attr-defined]

    drive(new_app(*CITIES), (60, 18), probe)


def test_q_over_a_small_terminal_asks_there() -> None:
    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        await press(pilot, "q")
        assert "Press q again to leave" in app.screen_text()
        assert app.is_running
        await press(pilot, "q")
        assert not app.is_running

    drive(new_app(*CITIES), (50, 16), probe)


def test_a_large_terminal_gives_the_panels_the_log_and_the_texts_room() -> None:
    """Report: at 200x60 the city panels stayed 8 lines and the log 3."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        city, log = widget(app, "#city"), widget(app, "#log")
        small = (city.size.height, log.size.height)
        assert city.virtual_size.height > city.size.height  # at 80x24 the city is cut
        await pilot.resize_terminal(200, 60)
        assert log.size.height >= 12 > small[1]
        assert city.size.height > small[0]
        assert city.virtual_size.height <= city.size.height  # the whole city shows
        detail = widget(app, "#detail-box")
        assert detail.virtual_size.height <= detail.size.height  # the whole description
        assert widget(app, "#choices").size.width > 38

    # Age II of a 3-player game: a city of 16 lines at 80x24
    drive(new_app("classic", {"players": 3}, 7, moves=12), (80, 24), probe)


def test_duel_with_room_describes_both_cities_and_names_the_structure_in_full() -> None:
    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        before = app.screen_text()
        city = plain(app.game.city())
        await pilot.resize_terminal(200, 60)
        after = app.screen_text()
        assert "Stone R " in before and "Stone reserve" not in before.split("Choose")[0]
        assert "Stone reserve" in after.split("Choose")[0]  # the structure, 12 letters a card
        assert " -> " not in city and " -> " in plain(app.game.city())  # wonders described
        assert widget(app, "#city").size.width > 24

    drive(new_app("duel", {}, 12, moves=3), (80, 24), probe)


def plain(renderable: Any) -> str:
    return str(renderable.plain if hasattr(renderable, "plain") else renderable)


# ---------------------------------------------------------------- names and descriptions


def test_no_card_name_is_cut_and_a_long_description_opens_in_full() -> None:
    """Report: "Clandestine Dock Eas"; a description longer than its panel could not be
    read at 80x24."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        lines = list_lines(app.screen_text())
        assert any(line.startswith("Clandestine Dock East ") for line in lines)
        await press(pilot, "down")
        box = widget(app, "#detail-box")
        assert box.virtual_size.height > box.size.height  # the panel cuts it
        await press(pilot, "d")
        page = words(app.screen_text())
        assert "Clandestine Dock East · black card · cost: 1 coin" in page
        assert "the first purchase each turn from the right costs 1 less" in page
        assert "• Sell Clandestine Dock East for 3 coins." in page
        assert "Choose a card to play" in page  # what is asked, too
        await press(pilot, "escape")
        assert widget(app, "#choices").highlighted == 1  # type: ignore[attr-defined]

    drive(new_app(*CITIES), (80, 24), probe)


def test_two_copies_of_a_card_in_the_hand_say_x2() -> None:
    """Report: two copies of one card in a hand showed as one line."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        lines = list_lines(app.screen_text())
        yards = [line for line in lines if line.startswith("Lumber Yard")]
        assert len(yards) == 1 and yards[0].startswith("Lumber Yard x2 ")
        await press(pilot, *["down"] * HAND.index("Lumber Yard"))
        assert "You hold 2 copies of this card." in app.screen_text()

    drive(new_app(*CITIES), (80, 24), probe)


# ---------------------------------------------------------------- colours


def rgb(color: Color | None) -> tuple[int, int, int] | None:
    return None if color is None else tuple(color.get_truecolor())  # type: ignore[return-value]


def luminance(colour: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


GLYPHS = set("▁▂▃▄▅▆▇█▔▀─│╭╮╰╯┌┐└┘ ")  # scrollbars and borders: not text


def segments(app: TableApp) -> list[tuple[int, Segment]]:
    strips = app.screen._compositor.render_strips()
    return [(y, seg) for y, strip in enumerate(strips) for seg in strip]


def low_contrast(app: TableApp) -> list[str]:
    """Every piece of text on the screen now whose colours have less than 4.5:1."""
    bad = []
    for y, seg in segments(app):
        style = seg.style or Style()
        if not set(seg.text) - GLYPHS:
            continue
        fg, bg = rgb(style.color), rgb(style.bgcolor)
        if style.reverse:
            fg, bg = bg, fg
        assert fg is not None and bg is not None, seg
        ratio = contrast(fg, bg)
        if ratio < 4.5 or style.dim:
            bad.append(f"line {y}: {seg.text.strip()!r} {fg} on {bg}: {ratio:.2f}")
    return bad


SCREENS = [
    (CITIES, 0, ["down", "down", "down", "enter", "escape", "question_mark", "o", "d", "c"]),
    (("classic", {"players": 3, "expansions": ["leaders"]}, 2), 0, ["down", "d"]),
    (("classic", {"players": 3}, 4), 9, ["down", "down", "up"]),
    (("duel", {}, 12), 3, ["down", "enter", "escape", "o"]),
    (("duel", {}, 12), 0, ["down"]),
    (("architects", {"players": 4}, 12), 3, ["down", "c", "o"]),
]


@pytest.mark.parametrize(("game", "moves", "keys"), SCREENS)
def test_every_text_on_the_screen_has_a_contrast_of_4_5_to_1(
    game: tuple[str, dict[str, Any], int], moves: int, keys: list[str]
) -> None:
    """Report: blue names had 1.8:1 on the dark background. Measured on what the screen
    draws: each piece of text's colour against its own background, after each key."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        bad = low_contrast(app)
        for key in keys:
            await press(pilot, key)
            bad += [f"after {key}: {b}" for b in low_contrast(app)]
        assert not bad, "\n".join(bad)

    drive(new_app(*game, moves=moves), (80, 24), probe)


def test_every_colour_of_the_palette_reads_on_each_background() -> None:
    """Each text colour against the screen, the choice list and the highlighted choice."""
    from wonders.cli.tui.palette import CURSOR, every_style

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        variables = app.get_css_variables()
        backgrounds = [
            Color.parse(variables["background"]),
            Color.parse(variables["surface"]),
            Color.parse(CURSOR),
        ]
        for name in every_style():
            style = Style.parse(name)
            fg = rgb(style.color)
            assert fg is not None, name
            behind = [style.bgcolor] if style.bgcolor else backgrounds
            for bg in behind:
                ratio = contrast(fg, rgb(bg))  # type: ignore[arg-type]
                assert ratio >= 4.5, f"{name} on {bg}: {ratio:.2f}"

    drive(new_app("duel", {}, 1), (80, 24), probe)


def style_of(app: TableApp, text: str) -> Style:
    """The style the screen draws ``text`` in (its first piece)."""
    return next(seg.style for _, seg in segments(app) if text in seg.text and seg.style)


def test_brown_and_grey_look_different_and_each_card_says_its_colour() -> None:
    """Report: brown and grey cards looked the same, and no card's colour was in words."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        brown = rgb(style_of(app, "Lumber Yard").color)
        grey = rgb(style_of(app, "Glassworks").color)
        assert brown and grey
        hue_b, _, sat_b = colorsys.rgb_to_hls(*(c / 255 for c in brown))
        _, _, sat_g = colorsys.rgb_to_hls(*(c / 255 for c in grey))
        assert sat_b > 0.4 and sat_g < 0.1  # a warm brown against a neutral grey
        assert 0.03 < hue_b < 0.12  # orange-brown
        colours = {
            "West Trading Post": "yellow card",
            "Clandestine Dock East": "black card",
            "Glassworks": "grey card",
            "Scriptorium": "green card",
            "Lumber Yard": "brown card",
            "Ore Vein": "brown card",
            "Guard Tower": "red card",
        }
        for i, card in enumerate(HAND):
            if i:
                await press(pilot, "down")
            detail = detail_text(app.screen_text())
            assert f"{card} · {colours[card]} · cost:" in detail, card

    drive(new_app(*CITIES), (80, 24), probe)


@pytest.mark.parametrize(
    ("game", "moves", "says"),
    [
        (("duel", {}, 12), 3, "Scriptorium · green card"),
        (("architects", {"players": 4}, 12), 0, "yellow card"),
        (("classic", {"players": 3, "expansions": ["leaders"]}, 2), 0, "leader (white card)"),
    ],
)
def test_every_game_says_the_colour_of_the_card_described(
    game: tuple[str, dict[str, Any], int], moves: int, says: str
) -> None:
    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        assert says in detail_text(app.screen_text())

    drive(new_app(*game, moves=moves), (80, 24), probe)


# ---------------------------------------------------------------- focus and cursor


def test_tab_keeps_the_focus_on_the_choices() -> None:
    """Report: Tab moved the focus off the card list silently; the arrows then did
    nothing."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        choices = widget(app, "#choices")
        for key in ("tab", "tab", "shift+tab", "tab"):
            await press(pilot, key)
            assert app.focused is choices, key
        await press(pilot, "down")
        assert choices.highlighted == 1  # type: ignore[attr-defined]

    drive(new_app(*CITIES), (80, 24), probe)


def test_esc_comes_back_to_the_same_card_and_the_list_stops_at_its_ends() -> None:
    """Report: Esc put the cursor back on the first card, and the list wrapped around."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        choices: Any = widget(app, "#choices")
        await press(pilot, "up")
        assert choices.highlighted == 0  # no jump to the last card
        await press(pilot, *["down"] * (len(HAND) + 3))
        assert choices.highlighted == len(HAND) - 1  # no jump back to the first
        await press(pilot, "up", "up", "enter")
        assert "How to play it?" in app.screen_text()
        await press(pilot, "escape")
        assert choices.highlighted == len(HAND) - 3
        assert "Choose a card to play" in app.screen_text()

    drive(new_app(*CITIES), (80, 24), probe)


# ---------------------------------------------------------------- pages


@pytest.mark.parametrize("page", ["question_mark", "c", "o", "l", "d"])
def test_a_page_says_which_keys_close_it_and_those_keys_do(page: str) -> None:
    """Report: the pages said "any key: back", but only some keys closed them."""

    async def probe(app: TableApp, pilot: Pilot[None]) -> None:
        table = app.screen_text()
        for key in ("escape", "enter", "q"):
            await press(pilot, page)
            shown = app.screen_text()
            assert "any key" not in shown
            assert "Esc, Enter or q: back" in shown
            await press(pilot, key)
            assert app.screen_text() == table, key
        await press(pilot, page, page)  # its own key closes it too
        assert app.screen_text() == table
        await press(pilot, page, "x")  # a key it does not name leaves it open
        assert app.screen_text() != table

    drive(new_app("classic", {"players": 3}, 5), (80, 24), probe)
