"""7 Wonders Duel as a registered game."""

from __future__ import annotations

from wonders.core.i18n import N_
from wonders.core.plugin import GameInfo, SearchHints

GAME = GameInfo(
    name="duel",
    title=N_("7 Wonders Duel"),
    min_players=2,
    max_players=2,
    default_players=2,
    rules="wonders.duel.state",
    flags=frozenset({"first_game"}),
    parts={
        "present": "wonders.duel.present",
        "board": "wonders.duel.board",
        "chance": "wonders.duel.chance:DuelChance",
        "help": "wonders.duel.help:help_sections",
        "advice": "wonders.duel.advice",
        "texts": "wonders.duel.describe:page_texts",
        "cards": "wonders.duel.describe:card_list",
        "cards_table": "wonders.duel.plain:cards_table",
        "narrator": "wonders.duel.present:Log",
        "booklet": "wonders.duel.booklet:score_sheet",
        "booklet_column": "wonders.duel.booklet:column_name",
        "greedy": "wonders.duel.greedy:choose",
        "estimate": "wonders.duel.greedy:estimates",
        "plain": "wonders.duel.plain",
        "network": "wonders.duel.learned:network",
        "tui": "wonders.duel.tui:DuelScreen",
        "codec": "wonders.envs.duel:DuelCodec",
    },
    # sudden wins that random playouts to the end see and an Age-end estimate does not
    # the root prior (the learned network's pick): 67.5% of 40 games against plain ismcts
    # at 300 iterations a move, 52.5% at 1,000 (docs/bots.md "How ismcts searches")
    search=SearchHints("random", "end", 0.7, 0.1, gap_scale=6.0),
    max_decisions=300,
    benches=(({}, 2.0),),
    env_benches=(({}, 1.0),),
)
