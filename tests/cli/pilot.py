"""Drive the full-screen table with Textual's pilot (``App.run_test``): whole games by keys,
and the screen's text at each step (tests of each game's table use these)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wonders.cli.session import Session
from wonders.cli.tui import make_app
from wonders.cli.tui.app import TableApp

SIZE = (80, 24)


@dataclass
class Played:
    """What a driven game left: the screens seen (after each key), the app and its session."""

    app: TableApp
    session: Session
    screens: list[str] = field(default_factory=list)
    keys: int = 0


def play_by_keys(
    game: str,
    options: dict[str, Any],
    seed: int,
    folder: Path,
    seat: int = 0,
    chooser: Callable[[TableApp], list[str]] | None = None,
    limit: int = 3000,
) -> Played:
    """A whole game played by pressing keys: ``chooser`` gives the keys for each step
    (default: Enter, which takes the highlighted choice, or opens a card's ways)."""

    async def drive() -> Played:
        session = Session(game, options, seed, seat, "random")
        app = make_app(session, folder)
        played = Played(app, session)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            played.screens.append(app.screen_text())
            while not session.state.is_terminal():
                for key in chooser(app) if chooser else ["enter"]:
                    await pilot.press(key)
                    played.keys += 1
                await pilot.pause()
                played.screens.append(app.screen_text())
                assert played.keys < limit, "the game did not end"
            await pilot.pause()
            played.screens.append(app.screen_text())
        return played

    return asyncio.run(drive())


def screen_of(
    app_factory: Callable[[], TableApp], keys: list[str | tuple[str, int, int]] | list[str]
) -> list[str]:
    """The screen's text after each of ``keys`` (an app not yet running); a key may be a
    mouse click, ``(selector, x, y)``."""

    async def drive() -> list[str]:
        app = app_factory()
        shots = []
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            shots.append(app.screen_text())
            for key in keys:
                if isinstance(key, tuple):
                    await pilot.click(key[0], offset=(key[1], key[2]))
                else:
                    await pilot.press(key)
                await pilot.pause()
                shots.append(app.screen_text())
        return shots

    return asyncio.run(drive())


SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"


def assert_snapshot(name: str, screen: str) -> None:
    """``screen`` is the stored ``snapshots/<name>.txt`` (regenerated on purpose with
    ``WONDERS_REGEN_SNAPSHOTS=1``, then reviewed like any change)."""
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("WONDERS_REGEN_SNAPSHOTS") == "1":
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(screen + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").rstrip("\n")
    assert screen == expected, f"the {name} screen changed (see {path})"


def first_screens(game: str, options: dict[str, Any], seed: int, keys: list[str]) -> list[str]:
    """The screens of a new game (random bots, seat 0) after each of ``keys``."""
    folder = Path(os.devnull)  # nothing is saved: the game does not end
    return screen_of(lambda: make_app(Session(game, options, seed, 0, "random"), folder), keys)
