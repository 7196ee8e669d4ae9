"""The games by name: every front end (cli, tui, web, envs, bots, tournament) asks here and
none branches on a game's name.

A game is a package plus one ``GameInfo`` (``core/plugin.py``) in its ``plugin.py``, in the
spirit of OpenSpiel's ``GameType`` + ``register_game``: its facts (name, title, players, the
command-line options it takes), its rules module (``setup`` and ``from_json``), the search
bots' hints and its parts, each imported only when first asked for. Adding a game needs no
change outside its package but its name in ``BUILTIN`` (or a ``register`` call, as
tests/core/test_plugin.py does with a toy game).
"""

from __future__ import annotations

import importlib
from typing import Any

from wonders.core.errors import OptionsError
from wonders.core.i18n import _
from wonders.core.plugin import GameInfo, forget_parts
from wonders.core.present import listed
from wonders.core.protocol import JSON

# the games of this package: each package's ``plugin.GAME``
BUILTIN = ("classic", "duel", "architects")

_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game (a second entry of the same name replaces the first)."""
    _load_builtin()
    unregister(info.name)
    _GAMES[info.name] = info


def unregister(name: str) -> None:
    _GAMES.pop(name, None)
    forget_parts(name)


def get_game(name: str) -> GameInfo:
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise OptionsError(
            _("unknown game {name}; known games: {known}").format(name=repr(name), known=known)
        ) from None


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_GAMES)


def registered() -> list[GameInfo]:
    """Every game, in the order registered (the built-in ones first, 7 Wonders first)."""
    _load_builtin()
    return list(_GAMES.values())


def command_options(
    game: str,
    players: int | None = None,
    sides: str | None = None,
    expansions: str | None = None,
    teams: bool = False,
    first_game: bool = False,
) -> dict[str, Any]:
    """``game``'s setup options from the command line's; an option it does not take is a
    one-line error naming the games that do."""
    info = get_game(game)
    flag = info.refused(sides, expansions, teams, first_game)
    if flag is not None:
        option = "--" + flag.replace("_", "-")
        raise OptionsError(
            _("{option} is for {games}, not {game}").format(
                option=option, games=taking(flag), game=info.titled()
            )
        )
    return info.options(players, sides, expansions, teams, first_game)


def taking(flag: str) -> str:
    """The titles of the games that take the command-line option ``flag``, in words."""
    _load_builtin()
    return listed([g.titled() for g in _GAMES.values() if flag in g.flags]) or _("no game")


def _load_builtin() -> None:
    if _GAMES:
        return
    for name in BUILTIN:
        info = importlib.import_module(f"wonders.{name}.plugin").GAME
        _GAMES[info.name] = info


def setup(game: str, options: JSON | None = None, seed: int = 0) -> Any:
    return get_game(game).setup(dict(options or {}), seed)
