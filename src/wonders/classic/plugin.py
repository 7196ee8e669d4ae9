"""7 Wonders (with the Free City, Leaders, Cities and the team game) as a registered game."""

from __future__ import annotations

from wonders.core.i18n import N_
from wonders.core.plugin import GameInfo, SearchHints

GAME = GameInfo(
    name="classic",
    title=N_("7 Wonders"),
    min_players=2,  # 2: the Free City variant
    max_players=8,  # 8: with Cities
    default_players=3,
    rules="wonders.classic.state",
    flags=frozenset({"sides", "expansions", "teams", "wonder"}),
    parts={
        "present": "wonders.classic.present",
        "board": "wonders.classic.board",
        "chance": "wonders.classic.chance:ClassicChance",
        "help": "wonders.classic.help:help_sections",
        "advice": "wonders.classic.advice",
        "texts": "wonders.classic.describe:page_texts",
        "cards": "wonders.classic.describe:card_list",
        "cards_table": "wonders.classic.plain:cards_table",
        "narrator": "wonders.classic.present:Log",
        "booklet": "wonders.classic.booklet:score_sheet",
        "booklet_column": "wonders.classic.present:column_heading",
        "greedy": "wonders.classic.greedy:choose",
        "estimate": "wonders.classic.greedy:estimates",
        "plain": "wonders.classic.plain",
        "tui": "wonders.classic.tui:ClassicScreen",
        "codec": "wonders.envs.classic:ClassicCodec",
        "network": "wonders.classic.learned:network",
    },
    # rewards spread little at four or more players (cut-off estimates): small exploration
    search=SearchHints("greedy", "age", 0.25, 0.1, gap_scale=4.0),
    simultaneous=True,
    max_decisions=400,
    benches=(
        ({"players": 3}, 1.0),
        ({"players": 5}, 0.6),
        ({"players": 7}, 3 / 7),
        ({"players": 2}, 1.0),
        ({"players": 3, "expansions": ["leaders"]}, 1.0),
        ({"players": 7, "expansions": ["leaders"]}, 3 / 7),
        ({"players": 3, "expansions": ["cities"]}, 1.0),
        ({"players": 8, "expansions": ["cities"]}, 3 / 8),
    ),
    env_benches=(
        ({"players": 3}, 1.0),
        ({"players": 7}, 3 / 7),
        ({"players": 8, "expansions": ["leaders", "cities"]}, 3 / 8),
    ),
)
