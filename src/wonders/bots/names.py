"""The bots' names, apart from the bots: ``wonders.bots.levels`` reads them without
importing the package that makes the bots (which makes a level's bot through the levels)."""

from __future__ import annotations

BOT_NAMES = ("random", "greedy", "montecarlo", "ismcts")
# bots that play shipped weights (``wonders.bots.learned``): for the games and player counts
# that have them (``wonders.bots.learned_unfit``), named wherever a bot is named
LEARNED_BOTS = ("learned",)
SEARCH_BOTS = ("montecarlo", "ismcts")
# the difficulty levels, bot names too (``wonders.bots.levels``: each a bot and a budget)
LEVELS = ("easy", "medium", "hard", "expert")
