"""The words the pages' JavaScript shows, each through the gettext function: the script
looks a phrase up by its English text (``t("Your hand")``) in the dict the page embeds."""

from __future__ import annotations

from wonders.bots import BOT_NAMES
from wonders.core.i18n import _
from wonders.core.protocol import JSON
from wonders.core.registry import registered

PHRASES = [
    "Your hand",
    "Your hand, with the Free City's card",
    "The Free City",
    "Your city",
    "Spectator",
    "Waiting for",
    "has chosen",
    "to choose",
    "Choose",
    "Confirm",
    "Change your choice",
    "Your choice",
    "Cancel",
    "Game over",
    "Final scores",
    "Total",
    "Rank",
    "Team",
    "Team scores",
    "Log",
    "Seats",
    "Age",
    "Turn",
    "pass to the",
    "left",
    "right",
    "coins",
    "shields",
    "stages",
    "Cards",
    "Tokens",
    "Debt",
    "Leaders",
    "Build",
    "Sell",
    "Wonder stage",
    "Discard",
    "free",
    "pay",
    "to the left",
    "to the right",
    "to the bank",
    "Hand",
    "you",
    "player",
    "bot",
    "waiting for a player",
    "Connected",
    "Reconnecting...",
    "Military",
    "Progress tokens",
    "Structure",
    "face down",
    "Wonders",
    "Wonder draft",
    "Decks",
    "Central deck",
    "Cat",
    "Conflict",
    "Stages",
    "Cost",
    "Decision",
    "It is your turn",
    "Nothing to do: waiting for the others",
    "Every city",
    "Science",
    "Victory",
    "Winner",
    "Pass direction",
    "Discard pile",
    "Options",
    "Create table",
    "Open tables",
    "Games in progress",
    "Finished games",
    "Join",
    "Watch",
    "Invite links",
    "Spectator link",
    "Player",
    "Game",
    "Players",
    "Sides",
    "Expansions",
    "Teams",
    "First game",
    "Seat",
    "Human",
    "Bot",
    "Your seat",
    "tokens",
    "points",
    "military",
    "Neighbours",
    "Others",
    "Chosen",
    "next stage",
    "built",
    "Replay",
    "A bot plays this seat",
    "A bot plays your seat while you are away",
    "Seat a bot",
    "Give the seat back",
    "Take my seat back",
    "Turn clock (seconds, empty: none)",
    "Turn clock",
    "seconds",
    "Manage link (keep it: it seats a bot for an absent player)",
    # the symbols' words (each icon's label for screen readers and its tooltip)
    "wood",
    "stone",
    "clay",
    "brick",
    "ore",
    "glass",
    "papyrus",
    "loom",
    "coin",
    "gold",
    "shield",
    "VP",
    "compass",
    "gear",
    "tablet",
    "horn",
    "horns",
    "cat",
]


# what each game's ``view["phase"]`` means, keyed "phase:<game>:<id>" (the page's phaseText)
PHASES = {
    "classic:draft": "Choosing cards",
    "classic:leader_draft": "Leader draft",
    "classic:recruit": "Recruiting leaders",
    "classic:recruit_now": "Recruiting a leader",
    "classic:return_leader": "Giving back a leader",
    "classic:courtesan": "The Courtesan's choice",
    "classic:extra_card": "Babylon's last card",
    "classic:discard_build": "Building from the discard pile",
    "classic:debt": "Paying coin losses",
    "classic:over": "Game over",
    "duel:draft": "Wonder draft",
    "duel:play": "Taking cards",
    "duel:over": "Game over",
}


def strings() -> dict[str, str]:
    words = {p: _(p) for p in PHRASES}
    words.update({"phase:" + k: _(v) for k, v in PHASES.items()})
    return words


def game_forms() -> JSON:
    """What the lobby's form offers for each registered game, from its registry entry: its
    title, player range and default, and the options it takes (the engines check values)."""
    forms: JSON = {}
    for info in registered():
        forms[info.name] = {
            "label": _(info.title),
            "players": [info.min_players, info.max_players],
            "default": info.default_players,
            "flags": sorted(info.flags),
        }
    forms["bots"] = list(BOT_NAMES)
    return forms
