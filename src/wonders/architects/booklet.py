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
``InputError`` naming the player and the value at fault.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wonders.architects.cards import STAGES, catalog
from wonders.architects.scoring import CAT_POINTS, CATEGORIES, VICTORY_POINTS, progress_points
from wonders.architects.state import MAX_PLAYERS, MIN_PLAYERS
from wonders.core.errors import InputError
from wonders.core.protocol import rank_players
from wonders.core.sheets import check_unique_names

REQUIRED = ("name", "wonder", "stages")
OPTIONAL = ("cat", "blue", "cat_icons", "victory_tokens", "progress")


def score_sheet(sheet: Any) -> dict[str, Any]:
    """``wonders score``'s booklet: ``{"players": score_table(sheet)}``, as the other games'."""
    return {"players": score_table(sheet)}


def score_table(sheet: Any) -> list[dict[str, Any]]:
    """Score a finished real-table game (see the module doc for the format)."""
    players = _players(sheet)
    _check_table(players)
    rows = [_score(p) for p in players]
    _check_tokens(players)
    totals = [sum(r[1].values()) for r in rows]
    ranks = rank_players([(t, len(r[0])) for t, r in zip(totals, rows, strict=True)])
    return [
        {"name": p["name"], "total": totals[i], "rank": ranks[i], "breakdown": rows[i][1]}
        for i, p in enumerate(players)
    ]


def _players(sheet: Any) -> list[dict[str, Any]]:
    if not isinstance(sheet, dict):
        raise InputError("a score sheet must be a JSON object with 'game' and 'players'")
    unknown = sorted(set(sheet) - {"game", "players"})
    if unknown:
        raise InputError(f"the score sheet has unknown key(s) {unknown}; known: game, players")
    if sheet.get("game") != "architects":
        raise InputError(f"game must be 'architects', got {sheet.get('game')!r}")
    players = sheet.get("players")
    if not isinstance(players, list):
        raise InputError("players must be a list, clockwise around the table")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InputError(
            f"7 Wonders Architects is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, "
            f"got {len(players)}"
        )
    for i, p in enumerate(players):
        who = f"player {i + 1}"
        if not isinstance(p, dict):
            raise InputError(f"{who} must be a JSON object with {', '.join(REQUIRED)}")
        missing = [k for k in REQUIRED if k not in p]
        if missing:
            raise InputError(f"{who} has no {', '.join(missing)}")
        extra = sorted(set(p) - set(REQUIRED) - set(OPTIONAL))
        if extra:
            known = ", ".join(REQUIRED + OPTIONAL)
            raise InputError(f"{who} has unknown key(s) {extra}; known: {known}")
        if not isinstance(p["name"], str) or not p["name"].strip():
            raise InputError(f"{who}'s name must be a non-empty string")
    check_unique_names(p["name"] for p in players)
    return players


def _count(p: dict[str, Any], key: str, low: int = 0, high: int = 10**6) -> int:
    value = p.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{p['name']}: {key} must be a whole number from {low} to {high}")
    return value


def _stages(p: dict[str, Any], order: tuple[tuple[int, ...], ...]) -> list[int]:
    raw = p["stages"]
    who = p["name"]
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= STAGES:
            raise InputError(f"{who}: stages must be 0 to {STAGES}, got {raw}")
        return list(range(1, raw + 1))
    if not isinstance(raw, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in raw
    ):
        raise InputError(f"{who}: stages must be a number or a list of stage numbers")
    if len(set(raw)) != len(raw) or any(not 1 <= s <= STAGES for s in raw):
        raise InputError(f"{who}: stages must list different stage numbers 1 to {STAGES}")
    # the built stages must be whole groups of the wonder's order, then part of the next
    built = set(raw)
    for group in order:
        inside = built & set(group)
        built -= inside
        if inside != set(group):
            if built:
                raise InputError(f"{who}: stages {sorted(raw)} cannot be built in that order")
            break
    return sorted(raw)


def _score(p: dict[str, Any]) -> tuple[list[int], dict[str, int]]:
    cat = catalog()
    wonders = {w.name.lower(): w for w in cat.wonders}
    who = p["name"]
    wonder_name = p["wonder"]
    if not isinstance(wonder_name, str) or wonder_name.lower() not in wonders:
        known = ", ".join(w.name for w in cat.wonders)
        raise InputError(f"{who}: unknown wonder {wonder_name!r}; wonders: {known}")
    wonder = wonders[wonder_name.lower()]
    stages = _stages(p, wonder.order)
    has_cat = p.get("cat", False)
    if not isinstance(has_cat, bool):
        raise InputError(f"{who}: cat must be true or false")
    blue = _count(p, "blue")
    icons = _count(p, "cat_icons")
    if 2 * icons > blue or (blue - 2 * icons) % 3:
        raise InputError(
            f"{who}: {blue} blue points cannot come from {icons} cat card(s) of 2 points "
            "and cards of 3 points"
        )
    victory = _count(p, "victory_tokens")
    tokens = p.get("progress", [])
    known_tokens = {t.name for t in cat.tokens}
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise InputError(f"{who}: progress must be a list of progress token names")
    for t in tokens:
        if t not in known_tokens:
            raise InputError(
                f"{who}: unknown progress token {t!r}; tokens: {', '.join(sorted(known_tokens))}"
            )
    breakdown = {
        "wonder": sum(wonder.points[s - 1] for s in stages),
        "cat": CAT_POINTS if has_cat else 0,
        "blue": blue,
        "military": VICTORY_POINTS * victory,
        "progress": progress_points(tokens, len(stages) == STAGES, icons, victory),
    }
    assert tuple(breakdown) == CATEGORIES
    return stages, breakdown


def _check_table(players: list[dict[str, Any]]) -> None:
    owners: dict[str, str] = {}
    for p in players:
        w = str(p["wonder"]).lower()
        if w in owners:
            raise InputError(f"{p['name']}: {p['wonder']} is already {owners[w]}'s wonder")
        owners[w] = p["name"]
    if sum(1 for p in players if p.get("cat")) > 1:
        raise InputError("only one player can have the cat")


def _check_tokens(players: list[dict[str, Any]]) -> None:
    copies = Counter(t.name for t in catalog().tokens)
    held = Counter(t for p in players for t in p.get("progress", []))
    for token, n in held.items():
        if n > copies[token]:
            raise InputError(f"the game has {copies[token]} {token} token(s), the sheet lists {n}")
