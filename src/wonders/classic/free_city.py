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
from wonders.classic.turn import DRAFT, EXTRA, ClassicState
from wonders.classic.views import ClassicView
from wonders.core.protocol import JSON

FREE_CITY_PLAYERS = 2
FREE_CITY = 2  # the Free City's index among the cities of a 2-player game


class FreeCityRules(ClassicState):
    def controller(self) -> int:
        """The seat playing for the Free City this turn (the Free City card's holder)."""
        if not self.free_city:
            return super().controller()
        start = 1 if self.age == 2 else 0
        return (start + max(self.turn, 1) - 1) % 2

    def decider(self, city: int) -> int:
        if not self.free_city:
            return super().decider(city)
        return city if city < self.players else self.controller()

    def _fc_choosing(self, player: int) -> bool:
        """Whether ``player`` now chooses the Free City's card (after their own)."""
        return (
            self.phase == DRAFT
            and player == self.controller()
            and self.pending[player] is not None
            and self.pending[FREE_CITY] is None
        )

    # ------------------------------------------------------------ choices

    def to_move(self) -> list[int]:
        if not self.free_city:
            return super().to_move()
        movers = super().to_move()
        if self.phase == DRAFT and self.pending[FREE_CITY] is None:
            ctrl = self.controller()
            if self.pending[ctrl] is not None:  # now choosing the Free City's card
                movers = sorted([*movers, ctrl])
        return movers

    def _legal_now(self, player: int) -> list[Action]:
        if not self.free_city:
            return super()._legal_now(player)
        if self._fc_choosing(player):
            pick = self.pending[player]
            assert pick is not None
            hand = list(self.hands[player])
            hand.remove(next(c for c in hand if c.name == pick.card))
            return self._free_city_filter(self._card_actions(FREE_CITY, hand, olympia=True), hand)
        acts = super()._legal_now(player)
        if self.phase == EXTRA and self.queue[0] == FREE_CITY:
            acts = self._free_city_filter(acts, self.hands[FREE_CITY])
        return acts

    def _free_city_filter(self, acts: list[Action], hand: list[Card]) -> list[Action]:
        """The Free City builds a card free by chain when it can, and sells only when it can
        neither build a card nor a wonder stage (2-player rules)."""
        city = self.cities[FREE_CITY]
        chained = {c.name for c in hand if not city.has_name(c) and city.chain_free(c)}
        kept = [a for a in acts if a.card not in chained or a.kind == "build"]
        if any(a.kind != "sell" for a in kept):
            kept = [a for a in kept if a.kind != "sell"]
        return kept

    def _offers_every_payment(self, p: int) -> bool:
        if not self.free_city:
            return super()._offers_every_payment(p)
        return p == FREE_CITY or super()._offers_every_payment(p)

    def _decide(self, player: int, action: Action) -> None:
        if not self.free_city:
            super()._decide(player, action)
            return
        if self.phase != DRAFT:
            super()._decide(player, action)
            return
        self.pending[FREE_CITY if self._fc_choosing(player) else player] = action
        self._legal.clear()  # the controller's choices change with their own pick
        if all(a is not None for a in self.pending):
            self._resolve_turn()

    # ------------------------------------------------------------ the turn

    def _deal_age(self, age: int) -> None:
        super()._deal_age(age)
        if not self.free_city:
            return
        self.hand_masks = [[1 << p] * len(h) for p, h in enumerate(self.hands)]
        self.hand_masks[FREE_CITY] = [0] * len(self.hands[FREE_CITY])

    def _begin_turn(self) -> None:
        """The Free City card's holder adds the top card of its deck to their hand."""
        super()._begin_turn()
        if not self.free_city:
            return
        ctrl = self.controller()
        self.hands[ctrl].append(self.hands[FREE_CITY].pop(0))
        self.hand_masks[FREE_CITY].pop(0)
        self.hand_masks[ctrl].append(1 << ctrl)
        self._events.append({"type": "free_city", "controller": ctrl, "turn": self.turn})

    def _left_hand(self, seat: int, index: int) -> None:
        if not self.free_city:
            super()._left_hand(seat, index)
            return
        del self.hand_masks[seat][index]

    def _pass_hands(self) -> None:
        """The two players swap hands; the Free City's deck stays."""
        if not self.free_city:
            super()._pass_hands()
            return
        self.hands[0], self.hands[1] = self.hands[1], self.hands[0]
        self.hand_masks[0] = [3] * len(self.hands[0])  # both have seen these
        self.hand_masks[1] = [3] * len(self.hands[1])

    # ------------------------------------------------------------ result, views, copies

    def _result_extra(
        self, breakdowns: list[dict[str, int]], totals: list[int], coins: list[int]
    ) -> JSON:
        """The Free City is scored, not ranked."""
        if not self.free_city:
            return super()._result_extra(breakdowns, totals, coins)
        extra = super()._result_extra(breakdowns, totals, coins)
        extra["free_city"] = {
            "total": totals[FREE_CITY],
            "breakdown": breakdowns[FREE_CITY],
            "coins": coins[FREE_CITY],
        }
        return extra

    def _view_extra(self, out: ClassicView, player: int | None) -> None:
        super()._view_extra(out, player)
        if not self.free_city:
            return
        out["free_city"] = {
            **self._city_public(FREE_CITY),
            "deck_size": len(self.hands[FREE_CITY]),
            "controller": self.controller(),
        }
        if player is not None:
            if self._fc_choosing(player):
                out["deciding_for"] = "free_city"
            if self.phase == DRAFT and player == self.controller():
                fc_pick = self.pending[FREE_CITY]
                out["free_city_chosen"] = fc_pick.to_json() if fc_pick is not None else None
        if "result" in out:
            out["free_city_result"] = self.result().extra["free_city"]

    def _json_extra(self, out: JSON) -> None:
        super()._json_extra(out)
        if not self.free_city:
            return
        out["hand_masks"] = [list(m) for m in self.hand_masks]

    def _load_extra(self, data: JSON) -> None:
        super()._load_extra(data)
        if not self.free_city:
            return
        self.hand_masks = [list(m) for m in data["hand_masks"]]
