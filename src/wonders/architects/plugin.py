"""7 Wonders Architects as a registered game."""

from __future__ import annotations

from wonders.core.i18n import N_
from wonders.core.plugin import GameInfo, SearchHints

GAME = GameInfo(
    name="architects",
    title=N_("7 Wonders Architects"),
    min_players=2,
    max_players=7,
    default_players=3,
    rules="wonders.architects.state",
    flags=frozenset({"wonder"}),
    parts={
        "present": "wonders.architects.present",
        "board": "wonders.architects.board",
        "chance": "wonders.architects.chance:ArchitectsChance",
        "help": "wonders.architects.help:help_sections",
        "advice": "wonders.architects.advice",
        "texts": "wonders.architects.describe:page_texts",
        "cards": "wonders.architects.describe:card_list",
        "cards_table": "wonders.architects.plain:cards_table",
        "narrator": "wonders.architects.present:Log",
        "booklet": "wonders.architects.booklet:score_sheet",
        "booklet_column": "wonders.architects.present:category_name",
        "greedy": "wonders.architects.greedy:choose",
        "estimate": "wonders.architects.greedy:estimates",
        "plain": "wonders.architects.plain",
        "network": "wonders.architects.learned:network",
        "tui": "wonders.architects.tui:ArchitectsScreen",
        "codec": "wonders.envs.architects:ArchitectsCodec",
    },
    # no Ages: the ``age`` cut-off looks 3 turns a player ahead
    search=SearchHints("random", "end", 0.7, 0.0, gap_scale=3.0, horizon=3),
    max_decisions=1500,
    benches=(({"players": 2}, 1.0), ({"players": 4}, 1.0), ({"players": 7}, 0.5)),
    env_benches=(({"players": 2}, 1.0), ({"players": 7}, 0.5)),
)
