"""7 Wonders Architects: card kinds, decks, wonders and progress tokens from data/*.toml.

The rules engine that plays them is ``state.py`` (rulings in docs/ARCHITECTS.md).
Everything is validated at load: deck sizes, the totals the reference gives (17 of
each resource, 14 of each science symbol), stage orders that cover the 5 stages once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from wonders.core.datafiles import load_toml
from wonders.core.errors import DataError

RESOURCES = ("wood", "stone", "brick", "glass", "papyrus")
SCIENCE = ("gear", "compass", "tablet")
COLORS = ("yellow", "grey", "green", "blue", "red")
WONDER_NAMES = ("Alexandria", "Babylon", "Ephesus", "Giza", "Halicarnassus", "Olympia", "Rhodes")
EFFECTS = (
    "take_any_deck_top",
    "take_progress_token",
    "take_central_top",
    "search_side_deck",
    "take_both_side_tops",
    "shield",
)
CENTRAL, CENTRAL_SIZE, WONDER_DECK_SIZE = "central", 60, 25
STAGES = 5
RESOURCE_TOTAL, SCIENCE_TOTAL = 17, 14
TOKEN_COUNT = 15
KIND_FIELDS = {"color", "coin", "resource", "science", "points", "cat", "shields", "horns"}


@dataclass(frozen=True)
class Kind:
    """A card face."""

    name: str
    color: str
    coin: bool = False
    resource: str | None = None
    science: str | None = None
    points: int = 0
    cat: bool = False
    shields: int = 0
    horns: int = 0

    def to_json(self, deck: str) -> dict[str, Any]:
        return {
            "name": self.name,
            "deck": deck,
            "color": self.color,
            "resource": self.resource,
            "coin": self.coin,
            "points": self.points,
            "cat": self.cat,
            "science": self.science,
            "shields": self.shields,
            "horns": self.horns,
        }


@dataclass(frozen=True)
class ArchitectsWonder:
    name: str
    points: tuple[int, ...]
    effect: str | None
    effect_stages: tuple[int, ...]
    order: tuple[tuple[int, ...], ...]
    look_at: int = 0  # search_side_deck: how many cards of the deck's top it looks at


@dataclass(frozen=True)
class StageCost:
    count: int
    same: bool


@dataclass(frozen=True)
class Token:
    name: str
    effects: dict[str, Any]


@dataclass(frozen=True)
class ArchitectsCatalog:
    kinds: dict[str, Kind]
    decks: dict[str, dict[str, int]]  # deck name -> kind name -> count
    costs: tuple[StageCost, ...]
    wonders: tuple[ArchitectsWonder, ...]
    tokens: tuple[Token, ...]

    def cards_json(self) -> list[dict[str, Any]]:
        """Every physical card, deck by deck."""
        return [
            self.kinds[kind].to_json(deck)
            for deck, counts in self.decks.items()
            for kind, n in counts.items()
            for _ in range(n)
        ]


def _kind(name: str, raw: Any) -> Kind:
    where = f"Architects card kind {name!r}"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be a table")
    extra = set(raw) - KIND_FIELDS
    if extra:
        raise DataError(f"{where}: unknown field(s) {sorted(extra)}")
    color = raw.get("color")
    if color not in COLORS:
        raise DataError(f"{where}: unknown colour {color!r}")
    kind = Kind(name=name, **{k: v for k, v in raw.items()})
    expected = {
        "yellow": kind.coin,
        "grey": kind.resource in RESOURCES,
        "green": kind.science in SCIENCE,
        "blue": kind.points > 0,
        "red": kind.shields == 1 and kind.horns in (0, 1, 2),
    }[color]
    if not expected:
        raise DataError(f"{where}: a {color} card's face is not what its colour gives")
    return kind


def parse_catalog(
    cards: dict[str, Any], wonders: dict[str, Any], tokens: dict[str, Any]
) -> ArchitectsCatalog:
    kinds = {name: _kind(name, raw) for name, raw in cards.get("kind", {}).items()}
    decks: dict[str, dict[str, int]] = {}
    for deck, counts in cards.get("deck", {}).items():
        for kind, n in counts.items():
            if kind not in kinds:
                raise DataError(f"Architects deck {deck!r}: unknown card kind {kind!r}")
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise DataError(f"Architects deck {deck!r}: bad count for {kind!r}")
        size = sum(counts.values())
        want = CENTRAL_SIZE if deck == CENTRAL else WONDER_DECK_SIZE
        if size != want:
            raise DataError(f"Architects deck {deck!r} has {size} cards, not {want}")
        decks[deck] = dict(counts)
    if set(decks) != {CENTRAL, *WONDER_NAMES}:
        raise DataError("Architects needs the central deck and one deck per wonder")
    for name, kind in kinds.items():
        total = sum(counts.get(name, 0) for counts in decks.values())
        if kind.resource and total != RESOURCE_TOTAL:
            raise DataError(f"Architects: {total} {kind.resource} cards, not {RESOURCE_TOTAL}")
        if kind.science and total != SCIENCE_TOTAL:
            raise DataError(f"Architects: {total} {kind.science} cards, not {SCIENCE_TOTAL}")
    costs = tuple(_cost(c) for c in wonders.get("costs", []))
    if len(costs) != STAGES:
        raise DataError(f"Architects: stage costs must list {STAGES} stages")
    parsed = tuple(_wonder(w) for w in wonders.get("wonder", []))
    if tuple(w.name for w in parsed) != WONDER_NAMES:
        raise DataError(f"Architects wonders must be {', '.join(WONDER_NAMES)}")
    raw_tokens = tokens.get("token", [])
    if len(raw_tokens) != TOKEN_COUNT:
        raise DataError(f"Architects needs {TOKEN_COUNT} progress tokens")
    token_list = tuple(
        Token(str(t["name"]), {k: v for k, v in t.items() if k != "name"}) for t in raw_tokens
    )
    if sum(1 for t in token_list if t.name == "Culture") != 2:
        raise DataError("Architects has two Culture tokens")
    return ArchitectsCatalog(kinds, decks, costs, parsed, token_list)


def _cost(raw: Any) -> StageCost:
    if not isinstance(raw, dict) or raw.get("kind") not in ("same", "different"):
        raise DataError("Architects stage cost: needs count and kind = same|different")
    count = raw.get("count")
    if not isinstance(count, int) or not 2 <= count <= 4:
        raise DataError("Architects stage cost: count must be 2 to 4")
    return StageCost(count, raw["kind"] == "same")


def _wonder(raw: Any) -> ArchitectsWonder:
    where = f"Architects wonder {raw.get('name')!r}"
    points = tuple(raw.get("points", []))
    if len(points) != STAGES or any(not isinstance(p, int) or p < 0 for p in points):
        raise DataError(f"{where}: needs {STAGES} stage points")
    order = tuple(tuple(group) for group in raw.get("order", []))
    if sorted(s for group in order for s in group) != list(range(1, STAGES + 1)):
        raise DataError(f"{where}: order must cover stages 1-{STAGES} once each")
    effect = raw.get("effect")
    stages = tuple(raw.get("effect_stages", []))
    if (effect is None) != (not stages) or (effect is not None and effect not in EFFECTS):
        raise DataError(f"{where}: effect {effect!r} and effect_stages {stages} disagree")
    if any(s not in range(1, STAGES + 1) for s in stages):
        raise DataError(f"{where}: effect_stages must be stage numbers")
    look_at = raw.get("look_at", 0)
    searches = effect == "search_side_deck"
    if not isinstance(look_at, int) or (look_at > 0) != searches or look_at < 0:
        raise DataError(f"{where}: look_at (a positive count) goes with search_side_deck only")
    return ArchitectsWonder(str(raw["name"]), points, effect, stages, order, look_at)


def load_documents() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    cards, wonders, tokens = load_toml(
        "wonders.architects", "cards.toml", "wonders.toml", "tokens.toml"
    )
    return cards, wonders, tokens


@cache
def catalog() -> ArchitectsCatalog:
    """Architects' catalogue, loaded once."""
    return parse_catalog(*load_documents())


class Facts:
    """Per-kind facts as tuples indexed by kind number (precomputed once)."""

    def __init__(self, cat: ArchitectsCatalog) -> None:
        self.names: tuple[str, ...] = tuple(cat.kinds)
        self.index = {name: i for i, name in enumerate(self.names)}
        kinds = [cat.kinds[n] for n in self.names]
        self.color = tuple(k.color for k in kinds)
        self.gold = tuple(k.coin for k in kinds)
        self.resource = tuple(RESOURCES.index(k.resource) if k.resource else -1 for k in kinds)
        self.science = tuple(SCIENCE.index(k.science) if k.science else -1 for k in kinds)
        self.points = tuple(k.points for k in kinds)
        self.cat = tuple(k.cat for k in kinds)
        self.shields = tuple(k.shields for k in kinds)
        self.horns = tuple(k.horns for k in kinds)
        self.gold_kind = self.gold.index(True)
        self.res_kind = tuple(self.resource.index(r) for r in range(len(RESOURCES)))
        self.sci_kind = tuple(self.science.index(s) for s in range(len(SCIENCE)))
        self.red_kinds = tuple(i for i, k in enumerate(kinds) if k.color == "red")
        self.horned = tuple(i for i, k in enumerate(kinds) if k.horns)
        self.blue_kinds = tuple(i for i, k in enumerate(kinds) if k.color == "blue")
        self.tokens = {t.name: t.effects for t in cat.tokens}
        # token name -> the kinds (or "stage") that give an extra card
        self.extra_on = {
            t.name: frozenset(t.effects["extra_card_on"])
            for t in cat.tokens
            if "extra_card_on" in t.effects
        }
        self.wonders = {w.name: w for w in cat.wonders}
        self.tokens_in_box = tuple(t.name for t in cat.tokens)  # Culture twice
        # wonder name -> the stages that may be built next, by the bit mask of the stages
        # built (bit s for stage s)
        self.next_stages = {w.name: _next_stages(w) for w in cat.wonders}
        self.costs = cat.costs
        # every deck's cards as kind numbers, in the order setup shuffles them
        self.deck_cards = {
            deck: [self.index[k] for k, c in counts.items() for _ in range(c)]
            for deck, counts in cat.decks.items()
        }
        # The engine's per-token lookups (token names stay the state's representation):
        # shields, and the bit mask of what gives an extra card (bit ``kind``; ``STAGE_BIT``
        # for building a stage).
        self.stage_bit = len(self.names)
        self.token_shields = {t.name: int(t.effects.get("shields", 0)) for t in cat.tokens}
        self.token_extra = {
            name: sum(1 << (self.stage_bit if what == "stage" else self.index[what]) for what in on)
            for name, on in self.extra_on.items()
        }
        self.engineering = frozenset(
            t.name for t in cat.tokens if t.effects.get("ignore_same_different")
        )
        self.economy = frozenset(t.name for t in cat.tokens if t.effects.get("gold_counts_double"))


def _next_stages(w: ArchitectsWonder) -> tuple[tuple[int, ...], ...]:
    table = []
    for mask in range(1 << (STAGES + 1)):
        todo: tuple[int, ...] = ()
        for group in w.order:
            todo = tuple(s for s in group if not mask >> s & 1)
            if todo:
                break
        table.append(todo)
    return tuple(table)


@cache
def facts() -> Facts:
    """The catalogue's per-kind facts, built once."""
    return Facts(catalog())
