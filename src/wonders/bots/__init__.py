"""Bots speak only the protocol: given a state and a seat, choose one legal action."""

from __future__ import annotations

import random
from typing import Any, Protocol

from wonders.bots.names import BOT_NAMES as BOT_NAMES
from wonders.bots.names import LEARNED_BOTS as LEARNED_BOTS
from wonders.bots.names import LEVELS as LEVELS
from wonders.bots.names import SEARCH_BOTS as SEARCH_BOTS
from wonders.core.errors import OptionsError
from wonders.core.i18n import _
from wonders.core.protocol import State


def learned_unfit(game: str, players: int) -> str | None:
    """Why the learned bot cannot play ``game`` at ``players`` players, in one line (no
    numpy, no weights for the game, or not at that count), or None when it can: for a front
    end that offers it only where it plays."""
    try:
        from wonders.bots.learned import check_fits
    except ImportError:  # numpy, of the rl extra
        return _("the learned bot needs numpy: pip install 'wonders[rl]'")
    try:
        check_fits(game, players)
    except OptionsError as exc:
        return str(exc)
    return None


class Bot(Protocol):
    name: str

    def choose(self, state: State, player: int) -> Any:
        """One of ``state.legal_actions(player)``."""


class RandomBot:
    """Uniformly random among the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Any:
        return self.rng.choice(state.legal_actions(player))


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; an unknown name is an OptionsError. A level (``easy``, ``medium``,
    ``hard``, ``expert``) is the bot and budget it declares (``wonders.bots.levels``). The
    search bots take a think budget after a colon: ``ismcts`` (1 s a move), ``ismcts:0.2``
    (seconds a move), ``ismcts:300i`` (iterations a move, reproducible); see
    ``wonders.bots.think``. ``learned`` plays the shipped network of the state's game
    (``wonders.bots.learned``: Duel, Architects at 2 and 4 players, 7 Wonders at 3)."""
    from wonders.bots.think import (
        Budget,
        parse_budget,
        parse_search_style,
        parse_style,
        split_spec,
    )

    base, budget, style = split_spec(name)
    if base in LEVELS:
        if budget is not None:
            raise OptionsError(
                _("the level {name} sets its own think budget: write {name} alone").format(
                    name=base
                )
            )
        from wonders.bots.levels import LevelBot

        return LevelBot(base, seed, make_bot)
    if budget is not None and base not in SEARCH_BOTS:
        raise OptionsError(
            _("bot {name} takes no think budget (only {bots})").format(
                name=repr(base), bots=", ".join(SEARCH_BOTS)
            )
        )
    if base == "random":
        return RandomBot(seed)
    if base == "greedy":
        from wonders.bots.greedy import GreedyBot

        return GreedyBot(seed)
    if base in LEARNED_BOTS:
        try:
            from wonders.bots.learned import LearnedBot
        except ImportError as exc:  # numpy, of the rl extra
            raise OptionsError(_("the learned bot needs numpy: pip install 'wonders[rl]'")) from exc

        return LearnedBot(seed)
    think = Budget() if budget is None else parse_budget(budget, name)
    if base == "montecarlo":
        from wonders.bots.montecarlo import MonteCarloBot

        policy, cutoff = ("random", "end") if style is None else parse_style(style, name)
        return MonteCarloBot(seed, think, policy, cutoff)
    if base == "ismcts":
        from wonders.bots.ismcts import ISMCTSBot

        if style is None:
            return ISMCTSBot(seed, think)
        policy, cutoff, prior = parse_search_style(style, name)
        return ISMCTSBot(seed, think, policy, cutoff, prior=prior)
    raise OptionsError(
        _(
            "unknown bot {name}; bots: {bots}; levels: {levels} (search bots take a think "
            "budget: NAME:SECONDS or NAME:ITERATIONSi)"
        ).format(
            name=repr(name), bots=", ".join(BOT_NAMES + LEARNED_BOTS), levels=", ".join(LEVELS)
        )
    )
