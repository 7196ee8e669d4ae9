"""Game modules by name, so the CLI, records and bots stay game-agnostic."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wonders.core.errors import OptionsError
from wonders.core.protocol import JSON, State

Setup = Callable[[JSON, int], State]
FromJson = Callable[[JSON], State]


class GameModule:
    def __init__(self, name: str, setup: Setup, from_json: FromJson) -> None:
        self.name = name
        self.setup = setup
        self.from_json = from_json


_GAMES: dict[str, Callable[[], GameModule]] = {}


def register(name: str, loader: Callable[[], GameModule]) -> None:
    _GAMES[name] = loader


def get_game(name: str) -> GameModule:
    _load_builtin()
    try:
        return _GAMES[name]()
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise OptionsError(f"unknown game {name!r}; known games: {known}") from None


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_GAMES)


def _load_builtin() -> None:
    if _GAMES:
        return

    def classic() -> GameModule:
        from wonders.classic import state

        return GameModule("classic", state.setup, state.from_json)

    def duel() -> GameModule:
        from wonders.duel import state

        return GameModule("duel", state.setup, state.DuelState.from_json)

    def architects() -> GameModule:
        from wonders.architects import state

        return GameModule("architects", state.setup, state.ArchitectsState.from_json)

    register("classic", classic)
    register("duel", duel)
    register("architects", architects)


def setup(game: str, options: JSON | None = None, seed: int = 0) -> Any:
    return get_game(game).setup(dict(options or {}), seed)
