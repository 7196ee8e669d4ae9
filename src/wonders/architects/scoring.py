"""7 Wonders Architects' scoring: the categories of the score pad, shared by the engine
and the score booklet (booklet.py)."""

from __future__ import annotations

from wonders.architects.cards import ArchitectsWonder, facts

VICTORY_POINTS = 3  # a conflict's victory token
CAT_POINTS = 2  # the cat's holder at the end
CATEGORIES = ("wonder", "cat", "blue", "military", "progress")
CULTURE_POINTS = (0, 4, 12)  # the culture tokens held: none, one, two


def score_city(
    have: list[int],
    wonder: ArchitectsWonder,
    built: list[int],
    tokens: list[str],
    holds_cat: bool,
    victory: int,
) -> dict[str, int]:
    """A player's points by category: ``have`` counts their cards by kind, ``built`` lists
    the stages built (1-based), ``tokens`` the progress tokens, ``victory`` the victory
    tokens of the conflicts."""
    f = facts()
    cat_icons = sum(have[k] for k in f.blue_kinds if f.cat[k])
    return {
        "wonder": sum(wonder.points[s - 1] for s in built),
        "cat": CAT_POINTS if holds_cat else 0,
        "blue": sum(have[k] * f.points[k] for k in f.blue_kinds),
        "military": VICTORY_POINTS * victory,
        "progress": progress_points(tokens, len(built) == len(wonder.points), cat_icons, victory),
    }


def progress_points(tokens: list[str], finished: bool, cat_icons: int, victory: int) -> int:
    """End-game points of a player's progress tokens."""
    effects = facts().tokens
    points = 0
    culture = 0
    for t in tokens:
        e = effects[t]
        if "points_finished" in e:
            points += e["points_finished"] if finished else e["points_unfinished"]
        per = e.get("points_per")
        if per:
            count = {
                "cat_icons": cat_icons,
                "victory_tokens": victory,
                "progress_tokens": len(tokens),
            }[per["count"]]
            points += per["points"] * count
        if e.get("culture"):
            culture += 1
    return points + CULTURE_POINTS[min(culture, 2)]
