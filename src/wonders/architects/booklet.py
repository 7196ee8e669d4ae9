"""The score booklet for a game of 7 Wonders Architects played at a real table.

Input: what each player has at the end of the game::

    {"game": "architects",
     "players": [{"name": "Ann", "wonder": "Giza", "stages": 3, "cat": true,
                  "blue": 7, "cat_icons": 2, "victory_tokens": 2,
                  "progress": ["Culture", "Education"]}, ...]}

``stages`` is the number of stages built (the pieces numbered 1 upwards) or the list of the
stage numbers built, for wonders whose stages may be built in another order (Babylon 1, 2,
3, 5 scores 7 for its fifth piece, not 5 for its fourth). ``blue`` is the points on the blue
cards and ``cat_icons`` how many of them show the cat (2-point cards; Politics counts them).
``cat``, ``blue``, ``cat_icons``, ``victory_tokens`` and ``progress`` may be left out (none).

Output, per player in input order: name, total, rank and the categories wonder, cat, blue,
military (3 per victory token) and progress. Ties on points go to the player with more
stages built; a tie on both shares the rank (1, 1, 3). A malformed sheet is an
``InputError`` naming the player and the value at fault, in the reader's language.

Wonder and progress token names may be written in any of the game's languages (English,
Russian, Polish, Ukrainian), in any case; an unknown name is an error that lists the close
ones. The keys stay English, as the output's categories.
"""

from __future__ import annotations

from collections import Counter
from difflib import get_close_matches
from typing import Any

from wonders.architects.cards import STAGES, WONDER_NAMES, catalog
from wonders.architects.describe import either, printed
from wonders.architects.scoring import CAT_POINTS, CATEGORIES, VICTORY_POINTS, progress_points
from wonders.architects.state import MAX_PLAYERS, MIN_PLAYERS
from wonders.core.errors import InputError
from wonders.core.i18n import _, every_language, ngettext
from wonders.core.present import listed
from wonders.core.protocol import rank_players
from wonders.core.sheets import check_unique_names

SHEET_KEYS = ("game", "players")
REQUIRED = ("name", "wonder", "stages")
OPTIONAL = ("cat", "blue", "cat_icons", "victory_tokens", "progress")


def score_sheet(sheet: Any) -> dict[str, Any]:
    """``wonders score``'s booklet: ``{"players": score_table(sheet)}``, as the other games'."""
    return {"players": score_table(sheet)}


def score_table(sheet: Any) -> list[dict[str, Any]]:
    """Score a finished real-table game (see the module doc for the format)."""
    players = _players(sheet)
    wonders = [_wonder(p) for p in players]
    _check_table(players, wonders)
    scored = [_score(p, w) for p, w in zip(players, wonders, strict=True)]
    _check_tokens([tokens for _stages, _breakdown, tokens in scored])
    totals = [sum(breakdown.values()) for _stages, breakdown, _tokens in scored]
    ranks = rank_players([(t, len(s[0])) for t, s in zip(totals, scored, strict=True)])
    return [
        {"name": p["name"], "total": totals[i], "rank": ranks[i], "breakdown": scored[i][1]}
        for i, p in enumerate(players)
    ]


def _players(sheet: Any) -> list[dict[str, Any]]:
    if not isinstance(sheet, dict):
        raise InputError(
            _("a score sheet must be a JSON object with {keys}").format(
                keys=listed([repr(k) for k in SHEET_KEYS])
            )
        )
    unknown = sorted(set(sheet) - set(SHEET_KEYS))
    if unknown:
        raise InputError(
            ngettext(
                "the score sheet has an unknown key {keys}; known: {known}",
                "the score sheet has unknown keys {keys}; known: {known}",
                len(unknown),
            ).format(keys=", ".join(map(repr, unknown)), known=", ".join(SHEET_KEYS))
        )
    if sheet.get("game") != "architects":
        raise InputError(
            _("{key} must be {value}, got {got}").format(
                key="game", value=repr("architects"), got=repr(sheet.get("game"))
            )
        )
    players = sheet.get("players")
    if not isinstance(players, list):
        raise InputError(
            _("{key} must be a list, clockwise around the table").format(key="players")
        )
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InputError(
            _("7 Wonders Architects is played by {low} to {high} players, got {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(players)
            )
        )
    for i, p in enumerate(players):
        who = _("player {n}").format(n=i + 1)
        if not isinstance(p, dict):
            raise InputError(
                _("{who} must be a JSON object with {keys}").format(
                    who=who, keys=", ".join(REQUIRED)
                )
            )
        missing = [k for k in REQUIRED if k not in p]
        if missing:
            raise InputError(_("{who} has no {keys}").format(who=who, keys=", ".join(missing)))
        extra = sorted(set(p) - set(REQUIRED) - set(OPTIONAL))
        if extra:
            raise InputError(
                ngettext(
                    "{who} has an unknown key {keys}; known: {known}",
                    "{who} has unknown keys {keys}; known: {known}",
                    len(extra),
                ).format(
                    who=who, keys=", ".join(map(repr, extra)), known=", ".join(REQUIRED + OPTIONAL)
                )
            )
        if not isinstance(p["name"], str) or not p["name"].strip():
            raise InputError(
                _("{who}: {key} must be a non-empty string").format(who=who, key="name")
            )
    check_unique_names(p["name"] for p in players)
    return players


def _count(p: dict[str, Any], key: str, low: int = 0, high: int = 10**6) -> int:
    value = p.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(
            _("{who}: {key} must be a whole number from {low} to {high}").format(
                who=p["name"], key=key, low=low, high=high
            )
        )
    return value


def _close(raw: str, table: dict[str, str]) -> list[str]:
    """The names of ``table`` (folded name -> English) close to ``raw``, printed in the
    reader's language, closest first, each once."""
    out: list[str] = []
    for match in get_close_matches(raw.strip().casefold(), list(table), n=6):
        shown = printed(table[match])
        if shown not in out:
            out.append(shown)
    return out[:3]


def _wonder(p: dict[str, Any]) -> str:
    """The player's wonder's English name, written in any language and case."""
    raw, who = p["wonder"], p["name"]
    table = every_language("architects", WONDER_NAMES)
    if isinstance(raw, str) and raw.strip().casefold() in table:
        return table[raw.strip().casefold()]
    known = ", ".join(printed(w) for w in WONDER_NAMES)
    close = _close(raw, table) if isinstance(raw, str) else []
    if close:
        raise InputError(
            _("{who}: unknown wonder {name}; did you mean {matches}? Wonders: {known}").format(
                who=who, name=repr(raw), matches=either(close), known=known
            )
        )
    raise InputError(
        _("{who}: unknown wonder {name}; wonders: {known}").format(
            who=who, name=repr(raw), known=known
        )
    )


def _tokens(p: dict[str, Any]) -> list[str]:
    """The player's progress tokens' English names, written in any language and case."""
    raw, who = p.get("progress", []), p["name"]
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise InputError(
            _("{who}: {key} must be a list of progress token names").format(who=who, key="progress")
        )
    names = sorted({t.name for t in catalog().tokens})
    table = every_language("architects", names)
    out = []
    for t in raw:
        english = table.get(t.strip().casefold())
        if english is not None:
            out.append(english)
            continue
        known = ", ".join(sorted(printed(n) for n in names))
        close = _close(t, table)
        if close:
            raise InputError(
                _(
                    "{who}: unknown progress token {name}; did you mean {matches}? Tokens: {known}"
                ).format(who=who, name=repr(t), matches=either(close), known=known)
            )
        raise InputError(
            _("{who}: unknown progress token {name}; tokens: {known}").format(
                who=who, name=repr(t), known=known
            )
        )
    return out


def _stages(p: dict[str, Any], order: tuple[tuple[int, ...], ...]) -> list[int]:
    raw = p["stages"]
    who = p["name"]
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= STAGES:
            raise InputError(
                _("{who}: {key} must be 0 to {high}, got {got}").format(
                    who=who, key="stages", high=STAGES, got=raw
                )
            )
        return list(range(1, raw + 1))
    if not isinstance(raw, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in raw
    ):
        raise InputError(
            _("{who}: {key} must be a number or a list of stage numbers").format(
                who=who, key="stages"
            )
        )
    if len(set(raw)) != len(raw) or any(not 1 <= s <= STAGES for s in raw):
        raise InputError(
            _("{who}: {key} must list different stage numbers 1 to {high}").format(
                who=who, key="stages", high=STAGES
            )
        )
    # the built stages must be whole groups of the wonder's order, then part of the next
    built = set(raw)
    for group in order:
        inside = built & set(group)
        built -= inside
        if inside != set(group):
            if built:
                raise InputError(
                    _("{who}: stages {stages} cannot be built in that order").format(
                        who=who, stages=listed([str(s) for s in sorted(raw)])
                    )
                )
            break
    return sorted(raw)


def _score(p: dict[str, Any], wonder_name: str) -> tuple[list[int], dict[str, int], list[str]]:
    """The stages built, the points by category and the progress tokens (English names)."""
    wonder = next(w for w in catalog().wonders if w.name == wonder_name)
    who = p["name"]
    stages = _stages(p, wonder.order)
    has_cat = p.get("cat", False)
    if not isinstance(has_cat, bool):
        raise InputError(_("{who}: {key} must be true or false").format(who=who, key="cat"))
    blue = _count(p, "blue")
    icons = _count(p, "cat_icons")
    if 2 * icons > blue or (blue - 2 * icons) % 3:
        raise InputError(
            ngettext(
                "{who}: {blue} VP of blue cards cannot be made of {n} cat card (2 VP) and "
                "cards of 3 VP",
                "{who}: {blue} VP of blue cards cannot be made of {n} cat cards (2 VP each) "
                "and cards of 3 VP",
                icons,
            ).format(who=who, blue=blue, n=icons)
        )
    victory = _count(p, "victory_tokens")
    tokens = _tokens(p)
    breakdown = {
        "wonder": sum(wonder.points[s - 1] for s in stages),
        "cat": CAT_POINTS if has_cat else 0,
        "blue": blue,
        "military": VICTORY_POINTS * victory,
        "progress": progress_points(tokens, len(stages) == STAGES, icons, victory),
    }
    assert tuple(breakdown) == CATEGORIES
    return stages, breakdown, tokens


def _check_table(players: list[dict[str, Any]], wonders: list[str]) -> None:
    owners: dict[str, str] = {}
    for p, w in zip(players, wonders, strict=True):
        if w in owners:
            raise InputError(
                _("{who}: {wonder} is already {owner}'s wonder").format(
                    who=p["name"], wonder=printed(w), owner=owners[w]
                )
            )
        owners[w] = p["name"]
    if sum(1 for p in players if p.get("cat")) > 1:
        raise InputError(_("only one player can have the cat"))


def _check_tokens(held_by: list[list[str]]) -> None:
    copies = Counter(t.name for t in catalog().tokens)
    held = Counter(t for tokens in held_by for t in tokens)
    for token, n in held.items():
        if n > copies[token]:
            raise InputError(
                ngettext(
                    "the game has {n} {token} token, the sheet lists {listed}",
                    "the game has {n} {token} tokens, the sheet lists {listed}",
                    copies[token],
                ).format(n=copies[token], token=printed(token), listed=n)
            )
