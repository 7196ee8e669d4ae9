"""The bots' names, apart from the bots: ``wonders.bots.levels`` reads them without
importing the package that makes the bots (which makes a level's bot through the levels)."""

from __future__ import annotations

BOT_NAMES = ("random", "greedy", "montecarlo", "ismcts")
SEARCH_BOTS = ("montecarlo", "ismcts")
# the difficulty levels, bot names too (``wonders.bots.levels``: each a bot and a budget)
LEVELS = ("easy", "medium", "hard", "expert")
