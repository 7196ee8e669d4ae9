"""The games of a tournament: a lineup of bots, rotated over the seats, on paired seeds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wonders.bots import make_bot
from wonders.core.errors import OptionsError
from wonders.core.i18n import _
from wonders.core.protocol import JSON

MAX_SEATS = 8


@dataclass(frozen=True)
class GameSpec:
    """One game: ``bots[seat]`` plays ``seat``; ``rotation`` r seats lineup entry i at
    seat (i + r) mod n."""

    index: int
    game: str
    options: JSON
    seed: int
    rotation: int
    bots: tuple[str, ...]

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot at ``seat`` (as ``play`` and ``simulate`` seed theirs)."""
        return self.seed * 1000 + seat

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "rotation": self.rotation,
            "bots": list(self.bots),
        }


def parse_lineup(text: str) -> list[str]:
    """``"ismcts,greedy*3"`` -> ``["ismcts", "greedy", "greedy", "greedy"]``, each name
    checked by ``make_bot``."""
    lineup: list[str] = []
    for part in text.split(","):
        part = part.strip()
        name, star, count = part.partition("*")
        name = name.strip()
        if not name:
            raise OptionsError(_("--bots has an empty bot name in {text}").format(text=repr(text)))
        times = 1
        if star:
            if not count.strip().isdigit() or not 1 <= int(count) <= MAX_SEATS:
                raise OptionsError(
                    _("bad repeat {part} in --bots: write NAME*K, K from 1 to 8").format(
                        part=repr(part)
                    )
                )
            times = int(count)
        make_bot(name)  # an unknown bot or a bad think budget fails before any game
        lineup.extend([name] * times)
    if len(lineup) < 2:
        raise OptionsError(_("--bots needs at least two bots, one a seat (e.g. ismcts,greedy*3)"))
    if len(lineup) > MAX_SEATS:
        raise OptionsError(
            _("--bots names {n} seats; a table has at most {most}").format(
                n=len(lineup), most=MAX_SEATS
            )
        )
    return lineup


def schedule(game: str, options: JSON, lineup: list[str], games: int, seed: int) -> list[GameSpec]:
    """``games`` games in blocks of ``len(lineup)``: block b is dealt with seed ``seed + b``
    and played once in each seat rotation."""
    n = len(lineup)
    if games < 1 or games % n:
        raise OptionsError(
            f"--games must be a positive multiple of {n} (the seat rotations of {n} bots), "
            f"so every bot plays every seat of every deal; e.g. --games {max(n, games - games % n)}"
        )
    specs: list[GameSpec] = []
    for block in range(games // n):
        for rotation in range(n):
            bots = tuple(lineup[(seat - rotation) % n] for seat in range(n))
            specs.append(GameSpec(len(specs), game, dict(options), seed + block, rotation, bots))
    return specs
