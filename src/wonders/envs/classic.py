"""7 Wonders (classic, with Leaders, Cities, teams, 2-8 players) as fixed-size numbers.

Actions (``ClassicCodec.num_actions``, the same for every option set):

- 0: wait (the seat owes no decision).
- 1: ``skip`` (Halicarnassus, Solomon, Roma B: decline).
- 2 .. 2 + ``PAY_COINS_MAX``: ``pay`` n coins of a Cities coin loss (n = index - 2).
- then one block of ``PER_CARD`` indices per card or leader name, names sorted
  alphabetically over the whole catalogue (base game, Leaders and Cities, whatever the
  options). Inside a block: ``build``, ``wonder`` and ``recruit`` have ``PAY_SLOTS``
  indices each, one per payment option; then ``sell``, ``free_build``,
  ``discard_build``, ``draft``, ``copy``, ``return`` one index each.

A payment option's slot is its rank among the legal payments of the same kind and card,
sorted by (coins spent in all, to the left, to the right, to the bank): slot 0 is the
cheapest. The engine offers only Pareto-minimal payments; random games at 2-8 players with
every expansion offered at most 5 for one card (``PAY_SLOTS`` is 8). A payment ranked
beyond the slots, or a coin payment above ``PAY_COINS_MAX``, would have no index: the
environments then leave it out of the mask (the tests check that it never happens in the
seeded games they play). The same holds for the Free City's choice at 2 players: it uses
the same indices, its controller choosing after their own choice.

Observations: ``ClassicCodec(...).layout.describe()`` prints every field. In short: the
phase, Age, turn and pass direction; the seat's own hand, leader hand and draft packet,
the discard pile when Halicarnassus lets the seat see it, a teammate's hands in the team
game; then one block per city in clockwise order from the seat (itself, its left
neighbour, ... and the Free City last at 2 players): wonder, side, stages, coins, shields,
military tokens, debt, diplomacy, hand sizes, whether it has chosen, and every card in it
(buildings, recruited leaders, the leader copied by the Courtesans Guild), by name.
"""

from __future__ import annotations

from typing import Any

from wonders.classic.cards import catalog_for
from wonders.classic.observe import (  # the encoding's constants: one definition
    _OFFSET,
    CARD_BASE,
    PAY_BASE,
    PAY_COINS_MAX,
    PAY_SLOTS,
    PAYING,
    PER_CARD,
    PHASES,
    SINGLE,
    SKIP,
    ClassicObserver,
)
from wonders.classic.state import normalize_options
from wonders.classic.views import CityPublic, classic_view
from wonders.core.protocol import JSON, View
from wonders.envs.codec import WAIT, Acc, Codec, Layout, Vocab, relative


def _full_catalogue() -> tuple[Vocab, Vocab, Vocab]:
    """Every card and leader name, the wonders (by city name), the leaders alone."""
    cat = catalog_for(("leaders", "cities"))
    names = [c.name for c in cat.cards] + [c.name for c in cat.leaders]
    return Vocab(names), Vocab(w.name for w in cat.wonders), Vocab(c.name for c in cat.leaders)


class ClassicCodec(Codec):
    game = "classic"

    def __init__(self, options: JSON) -> None:
        self.options = dict(options)
        # the game's own defaults and checks: an impossible option fails here
        self.num_players = int(normalize_options(self.options)["players"])
        self.free_city = self.num_players == 2
        self.cards, self.wonders, self.leaders = _full_catalogue()
        self.num_actions = CARD_BASE + PER_CARD * len(self.cards)
        self._build_layout()
        self._use(
            ClassicObserver(
                self.layout.size,
                self.num_actions,
                self.num_players,
                self.cards.index,
                self.wonders.index,
                self.layout.offsets(),
                self.o_cities,
            )
        )

    # ------------------------------------------------------------ actions

    def reference_indices(self, actions: list[Any], seat: int) -> list[int]:
        groups: dict[tuple[str, str], list[Any]] = {}
        for a in actions:
            if a.kind in PAYING:
                groups.setdefault((a.kind, a.card), []).append(a)
        rank: dict[Any, int] = {}
        for group in groups.values():
            group.sort(key=lambda a: (a.left + a.right + a.bank, a.left, a.right, a.bank))
            for r, a in enumerate(group):
                rank[a] = r
        out = []
        for a in actions:
            out.append(self._index(a, rank.get(a, 0)))
        return out

    def _index(self, a: Any, slot: int) -> int:
        if a.kind == "skip":
            return SKIP
        if a.kind == "pay":
            return PAY_BASE + a.bank if a.bank <= PAY_COINS_MAX else -1
        card = self.cards.index.get(a.card)
        offset = _OFFSET.get(a.kind)
        if card is None or offset is None or slot >= PAY_SLOTS:
            return -1
        return CARD_BASE + card * PER_CARD + offset + slot

    def action_name(self, index: int) -> str:
        if index == WAIT:
            return "wait"
        if index == SKIP:
            return "skip"
        if PAY_BASE <= index < CARD_BASE:
            return f"pay {index - PAY_BASE}"
        if not CARD_BASE <= index < self.num_actions:
            return f"invalid index {index}"
        card, within = divmod(index - CARD_BASE, PER_CARD)
        name = self.cards.names[card]
        if within < len(PAYING) * PAY_SLOTS:
            kind, slot = divmod(within, PAY_SLOTS)
            return f"{PAYING[kind]} {name} (payment option {slot})"
        return f"{SINGLE[within - len(PAYING) * PAY_SLOTS]} {name}"

    # ------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        lay = Layout()
        nc = len(self.cards)
        self.o_phase = lay.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_age = lay.add("age", 1, "Age (0 during the leader draft)")
        self.o_turn = lay.add("turn", 1, "turn within the Age")
        self.o_pass = lay.add("pass_left", 1, "1 if hands pass to the left this Age")
        self.o_discard_size = lay.add("discard_size", 1, "cards in the discard pile")
        self.o_box = lay.add("box_size", 1, "leaders left in the box (Leaders)")
        self.o_round = lay.add("draft_round", 1, "leader draft round (Leaders)")
        self.o_owes = lay.add("owes", 1, "1 if the seat owes a decision now")
        self.o_chosen = lay.add("chosen", 1, "1 if the seat has chosen this turn")
        self.o_for_free = lay.add("deciding_for_free_city", 1, "1 if choosing for the Free City")
        self.o_hand = lay.add("hand", nc, "own hand: copies of each card name")
        self.o_lhand = lay.add("leader_hand", nc, "own kept leaders not yet recruited")
        self.o_packet = lay.add("leader_packet", nc, "own leader draft packet")
        self.o_discard = lay.add("discard", nc, "the discard pile, when the seat may see it")
        self.o_mate = lay.add("teammate_hand", nc, "the teammate's hand (team game)")
        self.o_mate_l = lay.add("teammate_leader_hand", nc, "the teammate's leaders")
        self.o_mate_p = lay.add("teammate_leader_packet", nc, "the teammate's draft packet")
        self.city_fields = [
            ("wonder", len(self.wonders), "one-hot wonder (city name)"),
            ("side_b", 1, "1 for side B"),
            ("stages", 1, "wonder stages built"),
            ("stages_total", 1, "wonder stages on the board"),
            ("coins", 1, "coins"),
            ("shields", 1, "shields"),
            ("victory_points", 1, "points of military victory tokens"),
            ("defeats", 1, "military defeat tokens"),
            ("hand_size", 1, "cards in hand (the Free City: its deck)"),
            ("leader_hand_size", 1, "leaders in hand"),
            ("chosen", 1, "1 if this city has chosen this turn"),
            ("debt", 1, "debt tokens (Cities)"),
            ("diplomacy", 1, "diplomacy tokens (Cities)"),
            ("owes", 1, "coins owed in the debt phase (Cities)"),
            ("teammate", 1, "1 if this city is the seat's teammate"),
            ("to_move", 1, "1 if this city owes a decision"),
            ("cards", nc, "buildings, recruited leaders and the copied leader, by name"),
        ]
        self.city_size = sum(size for _, size, _ in self.city_fields)
        cities = self.num_players + (1 if self.free_city else 0)
        self.o_cities = []
        for k in range(cities):
            label = "free_city" if k == self.num_players else f"city_{k}"
            where = "the Free City" if k == self.num_players else f"{k} seat(s) to the left"
            if k == 0:
                where = "the seat itself"
            self.o_cities.append(lay.size)
            for name, size, meaning in self.city_fields:
                lay.add(f"{label}.{name}", size, f"{meaning} ({where})")
        self.layout = lay

    def observe_into(self, seen: View, seat: int, acc: Acc) -> None:
        view = classic_view(seen)
        phase = view.get("phase")
        if phase in PHASES:
            acc.set(self.o_phase + PHASES.index(phase), 1.0)
        acc.set(self.o_age, view.get("age", 0))
        acc.set(self.o_turn, view.get("turn", 0))
        acc.set(self.o_pass, 1.0 if view.get("pass_to") == "left" else 0.0)
        acc.set(self.o_discard_size, view.get("discard_size", 0))
        acc.set(self.o_box, view.get("box_size", 0))
        acc.set(self.o_round, view.get("draft_round", 0))
        to_move = view.get("to_move", [])
        acc.set(self.o_owes, 1.0 if seat in to_move else 0.0)
        acc.set(self.o_chosen, 1.0 if view.get("chosen") is not None else 0.0)
        acc.set(self.o_for_free, 1.0 if view.get("deciding_for") == "free_city" else 0.0)
        cards = self.cards
        cards.count(acc, self.o_hand, view.get("hand", ()))
        cards.count(acc, self.o_lhand, view.get("leader_hand", ()))
        cards.count(acc, self.o_packet, view.get("leader_packet", ()))
        cards.count(acc, self.o_discard, view.get("discard", ()))
        cards.count(acc, self.o_mate, view.get("teammate_hand", ()))
        cards.count(acc, self.o_mate_l, view.get("teammate_leader_hand", ()))
        cards.count(acc, self.o_mate_p, view.get("teammate_leader_packet", ()))
        n = self.num_players
        mate = view.get("teammate")
        for city in view.get("players", ()):
            p = city["seat"]
            base = self.o_cities[relative(seat, p, n)]
            flags = (city["hand_size"], city["chosen"], p == mate, p in to_move)
            self._city(city, base, acc, flags)
        free = view.get("free_city")
        if self.free_city and free is not None:
            self._city(free, self.o_cities[n], acc, (free["deck_size"], False, False, False))

    def _city(
        self, city: CityPublic, base: int, acc: Acc, flags: tuple[int, bool, bool, bool]
    ) -> None:
        """Write ``city`` at ``base``; ``flags``: its hand (the Free City's deck), whether
        it has chosen this turn, is the reader's teammate, owes a decision now."""
        hand, chosen, mate, moving = flags
        w = self.wonders.index.get(city["wonder"])
        if w is not None:
            acc.set(base + w, 1.0)
        b = base + len(self.wonders)
        tokens = city["tokens"]
        acc.set_run(
            b,
            (
                1.0 if city["side"] == "B" else 0.0,
                city["stages"],
                city["stages_total"],
                city["coins"],
                city["shields"],
                sum(t for t in tokens if t > 0),
                sum(1 for t in tokens if t < 0),
                hand,
                city.get("leader_hand_size", 0),
                1.0 if chosen else 0.0,
                city.get("debt", 0),
                city.get("diplomacy", 0),
                city.get("owes", 0),
                1.0 if mate else 0.0,
                1.0 if moving else 0.0,
            ),
        )
        c = b + 15
        self.cards.count(acc, c, city.get("buildings", ()))
        self.cards.count(acc, c, city.get("leaders", ()))
        courtesan = city.get("courtesan")
        if courtesan:
            self.cards.count(acc, c, (courtesan,))
