"""What an Architects seat's screen computes from its ``view`` alone: where each deck lies
for the seat, the score estimate of every wonder, the points of your cards, stages and
tokens at the end, and what a legal action does by the rules (how many cards a search
shows, whether a payment counts a gold coin twice, whether a stage completes the wonder).

Every function takes the view JSON (``state.view(seat)``) and nothing else; the engine's
scoring and constants do the arithmetic on the counts the view lists.
"""

from __future__ import annotations

from wonders.architects import describe
from wonders.architects.cards import STAGES, catalog, facts
from wonders.architects.scoring import CAT_POINTS, VICTORY_POINTS, progress_points, score_city
from wonders.architects.views import ArchitectsPlayerView, ArchitectsView
from wonders.core.i18n import _
from wonders.core.protocol import own_seat

CENTRAL = "central"


def deck_index(view: ArchitectsView, deck: str) -> int:
    """The place of the deck ``deck`` (a wonder's name) in ``view["decks"]``."""
    return next(i for i, d in enumerate(view["decks"]) if d["deck"] == deck)


def side_of(seat: int, players: int, d: int) -> str:
    """Where deck number ``d`` lies for ``seat``: "left" (the seat's own deck, between it
    and its left neighbour), "right" (the right neighbour's) or "far"."""
    if d == seat:
        return "left"
    return "right" if d == (seat - 1) % players else "far"


def side(view: ArchitectsView, deck: str) -> str:
    """Where ``deck`` lies for the view's seat: "left", "right", "far" or "central"."""
    if deck == CENTRAL:
        return CENTRAL
    return side_of(own_seat(view), len(view["players"]), deck_index(view, deck))


def search_count(view: ArchitectsView, deck: str) -> int:
    """How many cards a search of ``deck`` shows: the top ones the searching wonder looks
    at (Halicarnassus' 5), or all that is left."""
    size: int = view["decks"][deck_index(view, deck)]["size"]
    return min(look_at(view["players"][own_seat(view)]["wonder"]), size)


def look_at(wonder: str) -> int:
    """How many cards of a deck's top ``wonder``'s search looks at (0: it does not)."""
    return facts().wonders[wonder].look_at


def gold_counted_twice(
    view: ArchitectsView, stage: int, pay: list[str] | tuple[str, ...]
) -> str | None:
    """The seat's progress token (Economy) that counts a gold coin as 2 resources in this
    payment of ``stage``: the payment has one card fewer than the stage costs. None if not."""
    if len(pay) >= facts().costs[stage - 1].count:
        return None
    progress = view["players"][own_seat(view)]["progress"]
    return next((t for t in progress if t in facts().economy), None)


def completes(view: ArchitectsView, stage: int) -> bool:
    """Whether building ``stage`` completes the seat's wonder (the game ends with the turn)."""
    built = view["players"][own_seat(view)]["stages"]
    return stage not in built and len(built) + 1 == STAGES


def _have(info: ArchitectsPlayerView) -> list[int]:
    f = facts()
    have = [0] * len(f.names)
    for name, count in info["cards"].items():
        have[f.index[name]] = count
    return have


def breakdown(view: ArchitectsView, p: int) -> dict[str, int]:
    """Wonder ``p``'s points if the game ended now, by category."""
    info = view["players"][p]
    wonder = facts().wonders[info["wonder"]]
    return score_city(
        _have(info), wonder, info["stages"], info["progress"], info["cat"], info["victory_tokens"]
    )


def score(view: ArchitectsView, p: int) -> int:
    return sum(breakdown(view, p).values())


def card_points(view: ArchitectsView) -> list[tuple[str, int]]:
    """The seat's points at the end item by item: each wonder stage built, each kind of
    blue card, the progress tokens together (they count each other), the cat, the
    victory tokens. (label in the reader's language, points)."""
    f = facts()
    info = view["players"][own_seat(view)]
    wonder = f.wonders[info["wonder"]]
    have = _have(info)
    out = [
        (_("wonder stage {n}").format(n=s), wonder.points[s - 1]) for s in sorted(info["stages"])
    ]
    for k in f.blue_kinds:
        if have[k]:
            name = describe.kind_name(catalog().kinds[f.names[k]])
            out.append((_("{card} ×{n}").format(card=name, n=have[k]), have[k] * f.points[k]))
    if info["progress"]:
        cat_icons = sum(have[k] for k in f.blue_kinds if f.cat[k])
        finished = len(info["stages"]) == len(wonder.points)
        points = progress_points(info["progress"], finished, cat_icons, info["victory_tokens"])
        out.append((", ".join(describe.printed(t) for t in info["progress"]), points))
    if info["cat"]:
        out.append((_("the cat"), CAT_POINTS))
    if info["victory_tokens"]:
        n = info["victory_tokens"]
        out.append((describe.victory_tokens(n), VICTORY_POINTS * n))
    return out
