"""Think budgets of the search bots and the bot-name spec that carries them.

A search bot is named ``NAME`` or ``NAME:BUDGET`` wherever bots are named (``--bots`` of
``play``, ``simulate`` and ``tournament``): ``ismcts`` thinks ``DEFAULT_SECONDS`` a move,
``ismcts:0.2`` 0.2 seconds a move, ``ismcts:300i`` exactly 300 iterations a move (seeded and
reproducible: the same seed and the same game give the same moves on any machine). A time
budget stops at the first iteration that ends after the deadline, so moves take that long
plus one iteration at most.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from wonders.core.errors import OptionsError
from wonders.core.i18n import _

DEFAULT_SECONDS = 1.0
MAX_SECONDS = 600.0
MAX_ITERATIONS = 10**7


@dataclass(frozen=True)
class Budget:
    """Either ``seconds`` of thinking per move or a fixed number of ``iterations``."""

    seconds: float | None = DEFAULT_SECONDS
    iterations: int | None = None

    def spec(self) -> str:
        """The budget as written after the colon of a bot name."""
        if self.iterations is not None:
            return f"{self.iterations}i"
        return f"{self.seconds:g}"

    def clock(self) -> Clock:
        return Clock(self)


class Clock:
    """Counts one move's iterations against its budget."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.done = 0
        self.deadline = (
            time.perf_counter() + budget.seconds if budget.seconds is not None else math.inf
        )

    def more(self) -> bool:
        """Whether another iteration fits (at least one always does)."""
        if self.budget.iterations is not None:
            return self.done < self.budget.iterations
        return self.done == 0 or time.perf_counter() < self.deadline

    def tick(self) -> None:
        self.done += 1


def parse_budget(text: str, bot: str) -> Budget:
    """``"0.5"`` (seconds) or ``"300i"`` (iterations); anything else is an OptionsError."""
    text = text.strip()
    try:
        if text.endswith("i"):
            iterations = int(text[:-1])
            if not 1 <= iterations <= MAX_ITERATIONS:
                raise ValueError
            return Budget(seconds=None, iterations=iterations)
        seconds = float(text)
        if not 0 < seconds <= MAX_SECONDS or math.isnan(seconds):
            raise ValueError
        return Budget(seconds=seconds)
    except ValueError:
        name = bot.split(":")[0]
        raise OptionsError(
            _(
                "bad think budget {text} in {bot}: write seconds a move (0 to {most}, "
                "e.g. {name}:0.5) or iterations a move (e.g. {name}:300i)"
            ).format(text=repr(text), bot=repr(bot), most=f"{MAX_SECONDS:g}", name=name)
        ) from None


def split_spec(name: str) -> tuple[str, str | None, str | None]:
    """``"ismcts:0.5"`` -> ``("ismcts", "0.5", None)``; ``"greedy"`` -> ``("greedy", None,
    None)``; ``"ismcts:1:random-end"`` -> ``("ismcts", "1", "random-end")``."""
    base, sep, rest = name.partition(":")
    budget, sep2, style = rest.partition(":")
    return base.strip(), (budget if sep else None), (style.strip() if sep2 else None)


def parse_style(text: str, bot: str) -> tuple[str, str]:
    """``"greedy-age"`` -> ``("greedy", "age")`` (playout policy and cut-off)."""
    from wonders.bots.playout import CUTOFFS, POLICIES

    policy, _dash, cutoff = text.partition("-")
    if policy not in POLICIES or cutoff not in CUTOFFS:
        raise OptionsError(
            _(
                "bad playout style {text} in {bot}: write POLICY-CUTOFF, the policy one of "
                "{policies}, the cut-off one of {cutoffs} (e.g. greedy-age)"
            ).format(
                text=repr(text),
                bot=repr(bot),
                policies=", ".join(POLICIES),
                cutoffs=", ".join(CUTOFFS),
            )
        )
    return policy, cutoff


# the root pick ``ismcts`` favours (see wonders.bots.ismcts); ``none``: no root prior at all
PRIORS = ("learned", "greedy", "none")


def parse_search_style(text: str, bot: str) -> tuple[str, str, str | None]:
    """``ismcts``'s style: ``"greedy-age"`` -> ``("greedy", "age", None)``;
    ``"greedy-age-greedy"`` -> ``("greedy", "age", "greedy")``: playout policy, cut-off and
    the root prior (None: the bot's default)."""
    playouts, prior = text, None
    parts = text.split("-")
    if len(parts) == 3:
        playouts, prior = "-".join(parts[:2]), parts[2]
        if prior not in PRIORS:
            raise OptionsError(
                _(
                    "bad prior {prior} in {bot}: write POLICY-CUTOFF-PRIOR, the prior one of "
                    "{priors} (e.g. greedy-age-greedy)"
                ).format(prior=repr(prior), bot=repr(bot), priors=", ".join(PRIORS))
            )
    policy, cutoff = parse_style(playouts, bot)
    return policy, cutoff, prior
