"""The 2-player variant: the Free City (docs/RULINGS.md, "Free City").

The Free City is a third city (index 2) between the two players, with its own deck. Each
turn the holder of the Free City card (``controller``: the Free City's left neighbour, seat
0, starts Ages I and III, its right neighbour Age II; control alternates every turn) draws
the top card of that deck, chooses their own card, then the Free City's (``to_move`` keeps
listing them); the three cards resolve as one turn. The players swap hands; the deck stays.

The Free City builds a card free by chain when it can and sells only when it can neither
build a card nor a wonder stage; its controller buys for it from either neighbour whatever
the price (every payment offered). Its secret cards are known to the controller who played
them (``hand_masks``: which seats know each card of each hand).
"""

from __future__ import annotations

from wonders.classic.actions import Action
from wonders.classic.cards import Card
from wonders.classic.turn import DRAFT, ClassicState, Part
from wonders.classic.views import ClassicView
from wonders.core.protocol import JSON

FREE_CITY_PLAYERS = 2
FREE_CITY = 2  # the Free City's index among the cities of a 2-player game


class FreeCity(Part):
    """The Free City's rules, and which seats know each card of each hand (``hand_masks``;
    the Free City's deck is its hand)."""

    def __init__(self, n: int) -> None:
        self.hand_masks: list[list[int]] = [[] for _ in range(n)]  # n: the cities

    def copy(self) -> FreeCity:
        o = FreeCity(0)
        o.hand_masks = [list(m) for m in self.hand_masks]
        return o

    def controller(self, g: ClassicState) -> int:
        """The seat playing for the Free City this turn (the Free City card's holder)."""
        start = 1 if g.age == 2 else 0
        return (start + max(g.turn, 1) - 1) % 2

    def choosing(self, g: ClassicState, player: int) -> bool:
        """Whether ``player`` now chooses the Free City's card (after their own)."""
        return g.phase == DRAFT and g.acting_city(player) == FREE_CITY

    def card_actions(
        self, g: ClassicState, city: int, acts: list[Action], hand: list[Card]
    ) -> list[Action]:
        """The Free City builds a card free by chain when it can, and sells only when it can
        neither build a card nor a wonder stage (2-player rules)."""
        if city != FREE_CITY:
            return acts
        fc = g.cities[FREE_CITY]
        chained = {c.name for c in hand if not fc.has_name(c) and fc.chain_free(c)}
        kept = [a for a in acts if a.card not in chained or a.kind == "build"]
        if any(a.kind != "sell" for a in kept):
            kept = [a for a in kept if a.kind != "sell"]
        return kept

    # ------------------------------------------------------------ the turn

    def deal_age(self, g: ClassicState) -> None:
        self.hand_masks = [[1 << p] * len(h) for p, h in enumerate(g.hands)]
        self.hand_masks[FREE_CITY] = [0] * len(g.hands[FREE_CITY])

    def begin_turn(self, g: ClassicState) -> None:
        """The Free City card's holder adds the top card of its deck to their hand."""
        ctrl = self.controller(g)
        g.hands[ctrl].append(g.hands[FREE_CITY].pop(0))
        self.hand_masks[FREE_CITY].pop(0)
        self.hand_masks[ctrl].append(1 << ctrl)
        g.events.append({"type": "free_city", "controller": ctrl, "turn": g.turn})

    def left_hand(self, g: ClassicState, seat: int, index: int) -> None:
        del self.hand_masks[seat][index]

    def pass_hands(self, g: ClassicState) -> bool:
        """The two players swap hands; the Free City's deck stays."""
        g.hands[0], g.hands[1] = g.hands[1], g.hands[0]
        self.hand_masks[0] = [3] * len(g.hands[0])  # both have seen these
        self.hand_masks[1] = [3] * len(g.hands[1])
        return True

    # ------------------------------------------------------------ result, views, JSON

    def result_extra(
        self, g: ClassicState, breakdowns: list[dict[str, int]], totals: list[int], extra: JSON
    ) -> None:
        """The Free City is scored, not ranked."""
        extra["free_city"] = {
            "total": totals[FREE_CITY],
            "breakdown": breakdowns[FREE_CITY],
            "coins": g.cities[FREE_CITY].coins,
        }

    def view_extra(self, g: ClassicState, out: ClassicView, player: int | None) -> None:
        out["free_city"] = {
            **g.city_public(FREE_CITY),
            "deck_size": len(g.hands[FREE_CITY]),
            "controller": self.controller(g),
        }
        if player is not None:
            if self.choosing(g, player):
                out["deciding_for"] = "free_city"
            if g.phase == DRAFT and player == self.controller(g):
                fc_pick = g.pending[FREE_CITY]
                out["free_city_chosen"] = fc_pick.to_json() if fc_pick is not None else None
        if "result" in out:
            out["free_city_result"] = g.result().extra["free_city"]

    def to_json(self, g: ClassicState, out: JSON) -> None:
        out["hand_masks"] = [list(m) for m in self.hand_masks]

    def load(self, g: ClassicState, data: JSON) -> None:
        self.hand_masks = [list(m) for m in data["hand_masks"]]


def free_city_of(g: ClassicState) -> FreeCity | None:
    """The game's Free City part (None but at 2 players)."""
    for part in g.parts:
        if isinstance(part, FreeCity):
            return part
    return None
