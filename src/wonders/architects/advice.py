"""What an Architects seat's screen computes from its ``view`` alone: where each deck lies
for the seat, the score estimate of every wonder, the points of your cards, stages and
tokens at the end, and why a stage cannot be built yet.

Every function takes the view JSON (``state.view(seat)``) and nothing else; the engine's
scoring does the arithmetic on the counts the view lists.
"""

from __future__ import annotations

from typing import Any

from wonders.architects import describe
from wonders.architects.cards import catalog, facts
from wonders.architects.scoring import CAT_POINTS, VICTORY_POINTS, progress_points, score_city
from wonders.core.i18n import _

View = dict[str, Any]
CENTRAL = "central"


def deck_index(view: View, deck: str) -> int:
    """The place of the deck ``deck`` (a wonder's name) in ``view["decks"]``."""
    return next(i for i, d in enumerate(view["decks"]) if d["deck"] == deck)


def where(view: View, deck: str) -> str:
    """Where a deck lies for the seat: "your left", "your right", "far" or "central"
    (with two players: "yours" or "theirs")."""
    if deck == CENTRAL:
        return _("central")
    seat, n = view["seat"], len(view["players"])
    d = deck_index(view, deck)
    left, right = seat, (seat - 1) % n
    if n == 2:
        return _("yours") if d == left else _("theirs")
    return _("your left") if d == left else _("your right") if d == right else _("far")


def _have(info: View) -> list[int]:
    f = facts()
    have = [0] * len(f.names)
    for name, count in info["cards"].items():
        have[f.index[name]] = count
    return have


def breakdown(view: View, p: int) -> dict[str, int]:
    """Wonder ``p``'s points if the game ended now, by category."""
    info = view["players"][p]
    wonder = facts().wonders[info["wonder"]]
    return score_city(
        _have(info), wonder, info["stages"], info["progress"], info["cat"], info["victory_tokens"]
    )


def score(view: View, p: int) -> int:
    return sum(breakdown(view, p).values())


def card_points(view: View) -> list[tuple[str, int]]:
    """The seat's points at the end item by item: each wonder stage built, each kind of
    blue card, the progress tokens together (they count each other), the cat, the
    victory tokens. (label, points)."""
    f = facts()
    info = view["players"][view["seat"]]
    wonder = f.wonders[info["wonder"]]
    have = _have(info)
    out = [
        (_("wonder stage {n}").format(n=s), wonder.points[s - 1]) for s in sorted(info["stages"])
    ]
    for k in f.blue_kinds:
        if have[k]:
            name = describe.kind_name(catalog().kinds[f.names[k]])
            out.append((f"{name} x{have[k]}", have[k] * f.points[k]))
    if info["progress"]:
        cat_icons = sum(have[k] for k in f.blue_kinds if f.cat[k])
        finished = len(info["stages"]) == len(wonder.points)
        points = progress_points(info["progress"], finished, cat_icons, info["victory_tokens"])
        out.append((", ".join(info["progress"]), points))
    if info["cat"]:
        out.append((_("the cat"), CAT_POINTS))
    if info["victory_tokens"]:
        out.append(
            (
                _("{n} victory tokens").format(n=info["victory_tokens"]),
                VICTORY_POINTS * info["victory_tokens"],
            )
        )
    return out
