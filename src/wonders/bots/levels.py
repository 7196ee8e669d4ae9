"""Difficulty levels: ``easy``, ``medium``, ``hard`` and ``expert``, bot names like the others
(``make_bot("hard")``, ``wonders play --bots hard``, tournaments, the web's seat menu).

A level is one bot of this package with a think budget and the thinking time a move people
can expect of it, declared as data: ``data/levels.toml`` here for every game, and a game's own
``data/levels.toml`` (in the package of its rules module, found through the registry) for the
levels it plays with other bots, in the same form. ``$WONDERS_LEVELS``, the path of a file of
that form naming all four levels, replaces them all (a server's own levels; tests' quick
ones). A level's bot is picked by the game of the state it is asked about (``LevelBot``).

The order of strength is measured by ``benchmarks/ladder.py``'s level rungs (docs/bots.md):
each level beats the one below in every game, except ``expert`` above ``hard`` in Duel, not
yet shown.
"""

from __future__ import annotations

import math
import os
import random
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from wonders.bots.names import BOT_NAMES, LEVELS, SEARCH_BOTS
from wonders.core.errors import DataError, OptionsError
from wonders.core.i18n import N_, _
from wonders.core.protocol import State

LEVELS_ENV = "WONDERS_LEVELS"
# the levels as a person reads their names
LEVEL_WORDS = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
_FIELDS = ("bot", "budget", "seconds")


@dataclass(frozen=True)
class Level:
    """One level in one game: its bot (a base name), the budget written after the bot's
    colon (None: the bot's default) and the expected thinking time a move in seconds."""

    name: str
    bot: str
    budget: str | None
    seconds: float

    @property
    def spec(self) -> str:
        """The bot's full name, ``make_bot``'s: ``ismcts:0.5``."""
        return self.bot if self.budget is None else f"{self.bot}:{self.budget}"


def is_level(name: object) -> bool:
    return isinstance(name, str) and name in LEVELS


def level(name: str, game: str | None = None) -> Level:
    """Level ``name`` in ``game`` (None: the levels every game plays unless it sets its own)."""
    if name not in LEVELS:
        raise OptionsError(
            _("unknown level {name}; levels: {levels}").format(
                name=repr(name), levels=", ".join(LEVELS)
            )
        )
    env = os.environ.get(LEVELS_ENV) or None
    if game is not None and env is None:
        own = _game_levels(game)
        if name in own:
            return own[name]
    return _common_levels(env)[name]


def levels(game: str | None = None) -> list[Level]:
    """Every level in ``game``, weakest first."""
    return [level(name, game) for name in LEVELS]


def expected_seconds(name: str) -> float:
    """The thinking time a move to expect of the bot ``name`` (a level: the longest of its
    games'; a search bot without a budget: its default; another bot: 0)."""
    from wonders.bots.think import DEFAULT_SECONDS
    from wonders.core.registry import game_names

    if name in LEVELS:
        return max(level(name, game).seconds for game in [None, *game_names()])
    return DEFAULT_SECONDS if name in SEARCH_BOTS else 0.0


def thinking_words(seconds: float) -> str:
    """The expected thinking time a move in words: "about 0.5 s a move"."""
    if seconds < 0.1:
        return _("moves at once")
    return _("about {seconds} s a move").format(seconds=f"{seconds:g}")


def level_word(name: str) -> str:
    """A level's name as the reader reads it."""
    return _(LEVEL_WORDS[name])


class LevelBot:
    """A level's bot: the bot the level names in the game of each state it is asked about,
    made on first use with this bot's seed and sharing its random generator (``rng``, which a
    saved game keeps), so ``medium`` plays the moves ``greedy`` plays with the same seed."""

    def __init__(self, name: str, seed: int, make: Callable[[str, int], Any]) -> None:
        level(name)  # an unknown level fails here
        self.make = make  # ``wonders.bots.make_bot``: it makes the level's bot by its name
        self.name = name
        self.seed = seed
        self.rng = random.Random(seed)
        self._bots: dict[str, Any] = {}  # spec -> bot

    def bot_for(self, game: str) -> Any:
        """The bot this level plays ``game`` with."""
        spec = level(self.name, game).spec
        bot = self._bots.get(spec)
        if bot is None:
            bot = self._bots[spec] = self.make(spec, self.seed)
            if isinstance(getattr(bot, "rng", None), random.Random):
                setattr(bot, "rng", self.rng)  # noqa: B010  # not every Bot has one
        return bot

    def choose(self, state: State, player: int) -> Any:
        return self.bot_for(state.game_name).choose(state, player)


def listing() -> list[tuple[str, str, str]]:
    """What ``wonders bots`` shows of each level: its name, its bot and budget in every game
    (a game that sets its own said by its title) and its expected thinking time a move."""
    from wonders.core.registry import registered

    rows = []
    for name in LEVELS:
        common = level(name)
        parts = [_budget_words(common)]
        for info in registered():
            own = level(name, info.name)
            if own != common:
                parts.append(
                    _("in {game}: {bot}").format(game=info.titled(), bot=_budget_words(own))
                )
        rows.append((name, "; ".join(parts), thinking_words(expected_seconds(name))))
    return rows


def _budget_words(lv: Level) -> str:
    if lv.budget is None:
        return lv.bot
    if lv.budget.endswith("i"):
        return _("{bot}, {n} iterations a move").format(bot=lv.bot, n=lv.budget[:-1])
    return _("{bot}, {seconds} s a move").format(bot=lv.bot, seconds=lv.budget)


# ---- the data ----


@lru_cache(maxsize=8)
def _common_levels(env: str | None) -> dict[str, Level]:
    if env is None:
        where = "wonders/bots/data/levels.toml"
        text = _read(resources.files("wonders.bots") / "data" / "levels.toml", where)
    else:
        where = env
        text = _read(Path(env), where)
    found = _parse(text, where)
    missing = [n for n in LEVELS if n not in found]
    if missing:
        raise DataError(
            _("the levels file {path} lacks {levels}").format(path=where, levels=", ".join(missing))
        )
    return found


@lru_cache(maxsize=32)
def _game_levels(game: str) -> dict[str, Level]:
    """The levels ``game`` sets itself (none if its package has no ``data/levels.toml``)."""
    from wonders.core.registry import get_game

    package = get_game(game).rules.rpartition(".")[0]
    try:
        file = resources.files(package) / "data" / "levels.toml"
    except (ModuleNotFoundError, TypeError):
        return {}
    if not file.is_file():
        return {}
    return _parse(_read(file, f"{package}/data/levels.toml"), f"{package}/data/levels.toml")


def _read(file: Any, where: str) -> str:
    try:
        return str(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(
            _("the levels file {path} cannot be read: {reason}").format(path=where, reason=exc)
        ) from None


def _parse(text: str, where: str) -> dict[str, Level]:
    """The levels of one file, each checked: a known level, a known bot, a budget only for a
    search bot and one ``make_bot`` takes, an expected time (needed with iterations)."""
    from wonders.bots.think import (
        DEFAULT_SECONDS,
        parse_budget,
        parse_search_style,
        parse_style,
        split_spec,
    )

    def bad(what: str) -> DataError:
        return DataError(_("the levels file {path}: {what}").format(path=where, what=what))

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise bad(str(exc)) from None
    out: dict[str, Level] = {}
    for name, entry in doc.items():
        if name not in LEVELS:
            raise bad(
                _("unknown level {name} (levels: {levels})").format(
                    name=repr(name), levels=", ".join(LEVELS)
                )
            )
        if not isinstance(entry, dict) or set(entry) - set(_FIELDS):
            raise bad(
                _("level {name} is a table of {fields}").format(
                    name=name, fields=", ".join(_FIELDS)
                )
            )
        bot, budget, seconds = entry.get("bot"), entry.get("budget"), entry.get("seconds")
        if bot not in BOT_NAMES:
            raise bad(
                _("level {name} needs a bot: one of {bots}").format(
                    name=name, bots=", ".join(BOT_NAMES)
                )
            )
        if budget is not None and (not isinstance(budget, str) or bot not in SEARCH_BOTS):
            raise bad(
                _("level {name}: only {bots} take a budget, written as text").format(
                    name=name, bots=", ".join(SEARCH_BOTS)
                )
            )
        try:
            spec = bot if budget is None else f"{bot}:{budget}"
            think = None if budget is None else parse_budget(budget, spec)
            style = split_spec(spec)[2]
            if style is not None:
                (parse_search_style if bot == "ismcts" else parse_style)(style, spec)
        except OptionsError as exc:
            raise bad(str(exc)) from None
        if seconds is None:
            if think is not None and think.seconds is None:
                raise bad(
                    _("level {name} thinks a number of iterations: give its seconds").format(
                        name=name
                    )
                )
            timed = think.seconds if think is not None else None
            seconds = timed or (DEFAULT_SECONDS if bot in SEARCH_BOTS else 0.0)
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 <= seconds < math.inf
        ):
            raise bad(_("level {name}: seconds is a number of at least 0").format(name=name))
        out[name] = Level(name, bot, budget, float(seconds))
    return out
