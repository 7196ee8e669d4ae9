"""The pages' own words, each through gettext in the visitor's language.

- ``PHRASES``: every phrase the pages' templates and scripts show, marked ``N_`` so that
  ``make messages`` extracts it. A template shows one with ``t("...")`` (``phrase``: a phrase
  not listed here is an error, so none escapes extraction); a script looks it up by its
  English text in the dict the page embeds (``strings()``) with ``t("...", {fields})``,
  which fills the ``{fields}`` of the whole sentence. Counts are never made in a script: the
  server sends them as finished sentences (``ngettext``).
- ``BOT_WORDS``: the bots' names as a player reads them (the identifiers stay in JSON), and
  ``menu_words``: a bot of the web's menu (``seating.MENU``, the levels) with the thinking
  time a move to expect.
- ``game_forms`` and ``options_text``: the lobby's words for the games and their options.
- ``icon_words``: the words of the drawn symbols in the visitor's language, with their
  counted forms, so the page draws a symbol in place of its word in any language.
"""

from __future__ import annotations

from typing import Any

from wonders.bots import BOT_NAMES
from wonders.bots.levels import LEVEL_WORDS, expected_seconds
from wonders.core.i18n import N_, _, ngettext
from wonders.core.protocol import JSON
from wonders.core.registry import registered
from wonders.web.seating import MENU, menu_at

PHRASES = [
    # every page
    N_("Language"),
    N_("Lobby"),
    N_("manage the table"),
    N_("replay"),
    N_("you"),
    N_("Player {n}"),
    N_("Seat {n}"),
    N_("Seat {n}: {link}"),
    # the table page: the connection and what became of a choice ({choice}: its words)
    N_("Connecting..."),
    N_("Connected"),
    N_("Reconnecting..."),
    N_("Offline: waiting for the network"),
    N_("Not connected: “{choice}” will be sent when the connection is back"),
    N_("Sent: “{choice}”. Waiting for the server..."),
    N_("No answer yet about “{choice}”: it is checked when the connection is back"),
    N_("Accepted: “{choice}”"),
    N_("“{choice}” was not accepted: {why}"),
    N_("“{choice}” was not sent: the table has moved on since you chose. Choose again."),
    N_("No answer came about “{choice}”, and the table has moved on: see the log."),
    N_("Cancel"),
    N_("Confirm"),
    # the turn clock ({time}: minutes and seconds, 1:05)
    N_("Turn clock: {time} for each decision"),
    N_("Turn clock: {time} left"),
    N_("Time is up: a bot is choosing for you"),
    # telling a player it is their turn while they look elsewhere ({title}: the page's)
    N_("Your turn: {title}"),
    N_("Sound on your turn"),
    N_("Notify me on my turn"),
    N_("Notifications are on"),
    N_("Notifications are blocked by the browser"),
    # the decision
    N_("A bot ({bot}) plays your seat while you are away."),
    N_("Take my seat back"),
    N_("Nothing to do: waiting for the others"),
    N_("Your choice: {choice}. You may change it until everyone has chosen."),
    N_("Cost: {cost}"),
    N_("Wonder stage {n}"),
    # the seats, the scores, the log
    N_("Seats"),
    N_("has chosen"),
    N_("to choose"),
    N_("{name} (waiting for a player)"),
    N_("{name} (a bot plays this seat: {bot})"),
    N_("Game over."),
    N_("Final scores"),
    N_("Total"),
    N_("Rank"),
    N_("Team"),
    N_("Team scores"),
    N_("Coins"),
    N_("Replay"),
    N_("Log"),
    N_("Spectator"),
    N_("Seat"),
    N_("Step {step} of {steps}"),
    N_("First step"),
    N_("Step back"),
    N_("Step forward"),
    N_("Last step"),
    # the lobby
    N_("Your name"),
    N_("The others at your table see you by this name."),
    N_("Create table"),
    N_("Game"),
    N_("Players"),
    N_("Sides"),
    N_("Random"),
    N_("Side A"),
    N_("Side B"),
    N_("Leaders"),
    N_("Cities"),
    N_("Teams"),
    N_("First game"),
    N_("Turn clock (seconds, empty: none)"),
    N_(
        "An invited seat is reached only through its link, which you send to a friend. "
        "An open seat goes to the first person who joins it from this lobby."
    ),
    N_("Invited friend (only their link)"),
    N_("Open seat (anyone in the lobby)"),
    N_("Bot: {name}"),
    N_("I sit here"),
    N_("Tables waiting for players"),
    N_("Games in progress"),
    N_("Finished games"),
    N_("Join"),
    N_("Watch"),
    N_("free seat"),
    N_("{name} (invited)"),
    N_("{game} ({options}): {seats}"),
    N_("{game}: {seats}"),
    # the creator's links
    N_("Invite links"),
    N_("Send each friend the link of their seat: whoever opens it plays that seat."),
    N_("Open seats go to the first people who join them from the lobby."),
    N_("Spectator link: {link}"),
    N_("Manage link (keep it: it seats a bot for an absent player): {link}"),
    # a seat's name, chosen once
    N_("Your name at this table"),
    N_("Use this name"),
    N_("The others see you by this name for the whole game."),
    # each city's score so far, the table chat and the rematch
    N_(
        "The score so far: what each city would score if the game ended now, "
        "counting only what everyone can see"
    ),
    N_("Chat"),
    N_("Write to the table"),
    N_("Send"),
    N_("Only the players write here."),
    N_("Propose a rematch"),
    N_("Rematch: join"),
    N_("Rematch: watch"),
    # the manage page
    N_("A bot plays this seat: {bot}"),
    N_("Seat a bot"),
    N_("Give the seat back"),
    N_("New invite link"),
    N_("The old link no longer works: send this one."),
]

# the bots as a player reads their names (``BOT_NAMES`` and the levels: the identifiers)
BOT_WORDS = {
    "random": N_("random"),
    "greedy": N_("greedy"),
    "montecarlo": N_("Monte Carlo"),
    "ismcts": N_("ISMCTS"),
    "learned": N_("learned network"),
    **LEVEL_WORDS,
}
# a bot of the menu with its expected thinking time a move ({seconds}: a number)
MENU_WORDS = N_("Bot: {name} (about {seconds} s a move)")
MENU_WORDS_AT_ONCE = N_("Bot: {name} (moves at once)")

# the symbols drawn in texts (static/icons.svg): the words that stand for each icon, with
# their counted phrases (the games' own messages, so their translations are found)
ICON_WORDS: dict[str, tuple[str, str, list[tuple[str, str]]]] = {
    "wood": ("wood", N_("wood"), [("{n} wood", "{n} wood")]),
    "stone": ("stone", N_("stone"), [("{n} stone", "{n} stone")]),
    "clay": ("clay", N_("clay"), [("{n} clay", "{n} clay")]),
    "brick": ("clay", N_("brick"), []),
    "ore": ("ore", N_("ore"), [("{n} ore", "{n} ore")]),
    "glass": ("glass", N_("glass"), [("{n} glass", "{n} glass")]),
    "papyrus": ("papyrus", N_("papyrus"), [("{n} papyrus", "{n} papyrus")]),
    "loom": ("loom", N_("loom"), [("{n} loom", "{n} loom")]),
    "coin": ("coin", N_("coin"), [("{n} coin", "{n} coins")]),
    "gold": ("coin", N_("gold coin"), []),
    "shield": ("shield", N_("shield"), [("{n} shield", "{n} shields")]),
    "VP": ("vp", N_("VP"), [("{n} VP", "{n} VP"), ("{points} VP", "{points} VP")]),
    "compass": ("compass", N_("compass"), [("{n} compass", "{n} compasses")]),
    "gear": ("gear", N_("gear"), [("{n} gear", "{n} gears")]),
    "tablet": ("tablet", N_("tablet"), [("{n} tablet", "{n} tablets")]),
    "horn": ("horn", N_("horn"), [("{n} horn", "{n} horns")]),
    "cat": ("cat", N_("cat"), []),
}
# the symbols a board draws beside a number: each icon's word for screen readers
ICON_LABELS = {
    "coin": N_("coins"),
    "shield": N_("shields"),
    "vp": N_("victory points"),
    "science": N_("science symbols"),
}
_PLURAL_PROBES = (1, 2, 3, 5, 11, 21, 22, 25)  # a number of every plural form of the languages


def phrase(text: str, **fields: Any) -> str:
    """A listed phrase in the visitor's language, its ``fields`` filled (templates call it
    as ``t``); KeyError for a phrase not in ``PHRASES`` (so it would not be extracted)."""
    if text not in _LISTED:
        raise KeyError(f"{text!r} is not in wonders.web.strings.PHRASES")
    said = _(text)
    return said.format(**fields) if fields else said


_LISTED = frozenset(PHRASES)


def bot_word(bot: str | None) -> str:
    """A bot's name as a player reads it ("greedy", or "greedy:2000" as it is)."""
    if not bot:
        return ""
    word = BOT_WORDS.get(bot)
    return _(word) if word else bot


def menu_words(bot: str) -> str:
    """A bot of the web's menu as it offers it, with the thinking time a move to expect:
    "Bot: hard (about 0.5 s a move)"."""
    seconds = expected_seconds(bot)
    if seconds < 0.1:
        return _(MENU_WORDS_AT_ONCE).format(name=bot_word(bot))
    return _(MENU_WORDS).format(name=bot_word(bot), seconds=f"{seconds:g}")


def strings() -> dict[str, str]:
    """What a page's script shows, by its English text: every phrase, the bots' names
    (``bot:<id>``), the web's menu of bots in its order (``menu:<id>``: ``menu_words``) and
    the drawn symbols' words for screen readers (``icon:<id>``)."""
    words = {p: _(p) for p in PHRASES}
    words.update({"bot:" + b: bot_word(b) for b in BOT_NAMES + MENU})
    words.update({"menu:" + b: menu_words(b) for b in MENU})
    words.update({"icon:" + k: _(label) for k, label in ICON_LABELS.items()})
    return words


def icon_words() -> dict[str, str]:
    """Each word (and each counted form of it) that stands for a drawn symbol in the
    visitor's language, to its icon: the page draws the icon in place of the word."""
    out: dict[str, str] = {}
    for key, (icon, word, counts) in ICON_WORDS.items():
        forms = {key, _(word)}
        for singular, plural in counts:
            said = [_(singular)] + [ngettext(singular, plural, n) for n in _PLURAL_PROBES]
            forms.update(s.replace("{n}", "").replace("{points}", "").strip() for s in said)
        for form in forms:
            if form and "{" not in form:
                out.setdefault(form, icon)
    return out


def game_forms() -> JSON:
    """What the lobby's form offers for each registered game, from its registry entry: its
    title, player range and default, and the options it takes (the engines check values)."""
    forms: JSON = {}
    for info in registered():
        forms[info.name] = {
            "label": info.titled(),
            "players": [info.min_players, info.max_players],
            "default": info.default_players,
            "flags": sorted(info.flags),
            # the player counts at which each bot of the menu plays (the learned bot's few)
            "menu": {
                bot: [
                    n
                    for n in range(info.min_players, info.max_players + 1)
                    if bot in menu_at(info.name, n)
                ]
                for bot in MENU
            },
        }
    forms["bots"] = list(MENU)
    return forms


def options_text(options: JSON) -> str:
    """A table's options in words for the lobby: "3 players, side B, Leaders, teams"."""
    parts: list[str] = []
    players = options.get("players")
    if isinstance(players, int):
        parts.append(ngettext("{n} player", "{n} players", players).format(n=players))
    sides = options.get("sides")
    if sides in ("A", "B"):
        parts.append(_("side {side}").format(side=sides))
    elif sides == "random":
        parts.append(_("random sides"))
    expansions = {"leaders": _("Leaders"), "cities": _("Cities")}
    parts += [expansions[e] for e in options.get("expansions", []) if e in expansions]
    if options.get("teams"):
        parts.append(_("teams"))
    if options.get("first_game"):
        parts.append(_("first game"))
    return ", ".join(parts)
