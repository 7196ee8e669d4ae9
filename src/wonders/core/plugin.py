"""What a game declares to be one registered plug-in (``core.registry`` lists them): its
``GameInfo``. A game's ``plugin.py`` imports this module only, never the registry.

The parts a game may name (a front end that needs one the game lacks says so in one line):

| part | what it is |
| --- | --- |
| ``booklet`` | ``score_sheet(sheet) -> dict``: ``wonders score``'s booklet for a real table |
| ``booklet_column`` | ``(key) -> str``: a column of the booklet's ``breakdown`` in words |
| ``greedy`` | ``choose(state, seat, rng) -> action``: the one-move bot (playouts too) |
| ``estimate`` | ``estimates(state) -> list[float]``: each seat's points at a search cut-off |
| ``present`` | the game's presentation module: ``Log``, ``victory_line(result_json, reader, |
| | names)``, ``tiebreak_name()``, ``category_name(category)``, ``decision(view, legal, |
| | names)`` -> (title, prompt), ``action_label(view, action_json, names)``: every word a |
| | player reads of the game |
| ``narrator`` | ``Log(view, names)``: the log in sentences (``core.present.Narrator``) |
| ``advice`` | the module computing from a seat's view alone (costs, ``unbuildable``...) |
| ``texts`` | ``page_texts() -> dict``: each name of the data with the page's text of it |
| ``board`` | the module wording the web page's board: ``board_words(view, reader, names)`` |
| | and ``PHASES`` (each phase's words) |
| ``cards`` | ``card_list(players, age, expansions) -> list``: ``wonders cards``'s entries |
| ``cards_table`` | ``(entries, title, players) -> rich Table``: ``wonders cards`` on screen |
| ``plain`` | the module of ``wonders play --plain``: ``play(session, console, ask)``, and |
| | ``decide(console, view, actions)`` and ``final(console, view, result)`` |
| ``tui`` | the full-screen table's ``GameView`` class |
| ``chance`` | the ``ChanceModel`` class of the OpenSpiel games' chance nodes (``core.chance``) |
| ``codec`` | the learning environments' ``Codec`` class, made with the setup options |
| ``network`` | ``(codec) -> bots.learned.Network``: the ``learned`` bot's inputs and head |
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wonders.core.errors import OptionsError
from wonders.core.i18n import _, ngettext
from wonders.core.protocol import JSON, State

FromJson = Callable[[JSON], State]

# the command-line options a game may take beyond --players (each game names its own)
FLAGS = ("sides", "expansions", "teams", "first_game", "wonder")


@dataclass(frozen=True)
class SearchHints:
    """How the search bots treat a game: the playouts that measured strongest (policy and
    cut-off, ``wonders.bots.playout``), UCB1's exploration constant, the root bonus of a
    prior pick (``wonders.bots.ismcts``), the width in points of a cut-off's win chance, and
    for a game without Ages the turns per player a playout looks ahead under the ``age``
    cut-off (0: to the Age's end)."""

    playout: str = "random"
    cutoff: str = "end"
    exploration: float = 0.7
    prior_weight: float = 0.0
    gap_scale: float = 4.0
    horizon: int = 0


@dataclass(frozen=True)
class GameInfo:
    """One game as the front ends know it (see the module docstring)."""

    name: str
    title: str  # in English, marked N_() where the plugin is written: shown through ``titled``
    min_players: int
    max_players: int
    default_players: int
    rules: str  # the module with ``setup(options, seed)`` and ``from_json(data)``
    flags: frozenset[str] = frozenset()
    parts: Mapping[str, str] = field(default_factory=dict)
    search: SearchHints = SearchHints()
    # every seat owing a decision chooses at once (OpenSpiel's simultaneous dynamics)
    simultaneous: bool = False
    # an upper bound on a game's decisions (joint ones when simultaneous): OpenSpiel's
    # max_game_length
    max_decisions: int = 1000
    # the tables ``wonders bench`` measures: (setup options, share of the run's game count);
    # ``env_benches``: those of ``wonders bench --envs`` (games with a ``codec``)
    benches: tuple[tuple[JSON, float], ...] = (({}, 1.0),)
    env_benches: tuple[tuple[JSON, float], ...] = (({}, 1.0),)

    def __post_init__(self) -> None:
        if not self.min_players <= self.default_players <= self.max_players:
            raise ValueError(f"{self.name}: default players outside its range")
        unknown = self.flags - set(FLAGS)
        if unknown:
            raise ValueError(f"{self.name}: unknown flags {sorted(unknown)}")

    def titled(self) -> str:
        """The game's title in the reader's language."""
        return _(self.title)

    def setup(self, options: JSON, seed: int) -> State:
        """A new game of these options from ``seed``. The seed is checked here, not in the
        engines: a compiled engine refuses a float with a bare TypeError before its own code."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionsError(_("the seed must be a whole number"))
        return self._rules().setup(options, seed)  # type: ignore[no-any-return]

    @property
    def from_json(self) -> FromJson:
        return self._rules().from_json  # type: ignore[no-any-return]

    def _rules(self) -> Any:
        return importlib.import_module(self.rules)

    def has(self, role: str) -> bool:
        return role in self.parts

    def part(self, role: str) -> Any:
        """The object playing ``role`` for this game, imported on first use."""
        key = (self.name, role)
        found = _PARTS.get(key)
        if found is None:
            where = self.parts.get(role)
            if where is None:
                raise OptionsError(
                    _("{game} has no {role} part").format(game=self.titled(), role=role)
                )
            module, _sep, attribute = where.partition(":")
            found = importlib.import_module(module)
            if attribute:
                found = getattr(found, attribute)
            _PARTS[key] = found
        return found

    def refused(
        self,
        sides: str | None = None,
        expansions: str | None = None,
        teams: bool = False,
        first_game: bool = False,
    ) -> str | None:
        """The first command-line option given that this game does not take, or None."""
        given = {
            "sides": sides not in (None, "random"),
            "expansions": bool(expansions),
            "teams": teams,
            "first_game": first_game,
        }
        return next((f for f, used in given.items() if used and f not in self.flags), None)

    def options(
        self,
        players: int | None = None,
        sides: str | None = None,
        expansions: str | None = None,
        teams: bool = False,
        first_game: bool = False,
    ) -> dict[str, Any]:
        """Setup options from the command line's; an option this game does not take is a
        one-line error (the values themselves are checked by the game's ``setup``)."""
        flag = self.refused(sides, expansions, teams, first_game)
        if flag is not None:
            raise OptionsError(
                _("{option} does not apply to {game}").format(
                    option="--" + flag.replace("_", "-"), game=self.titled()
                )
            )
        options: dict[str, Any] = {}
        if self.min_players == self.max_players:
            if players not in (None, self.min_players):
                raise OptionsError(
                    ngettext(
                        "{game} is for {n} player", "{game} is for {n} players", self.min_players
                    ).format(game=self.titled(), n=self.min_players)
                )
        else:
            options["players"] = self.default_players if players is None else players
        if "sides" in self.flags:
            options["sides"] = sides or "random"
        if expansions:
            options["expansions"] = [e.strip() for e in expansions.split(",") if e.strip()]
        if teams:
            options["teams"] = True
        if first_game:
            options["first_game"] = True
        return options


_PARTS: dict[tuple[str, str], Any] = {}  # (game, role) -> the part, once imported


def forget_parts(game: str) -> None:
    """Drop ``game``'s imported parts (its entry was replaced)."""
    for key in [k for k in _PARTS if k[0] == game]:
        del _PARTS[key]
