"""The Leaders expansion (docs/RULINGS.md, "Leaders").

6 starting coins; before Age I the leader draft (phase ``leader_draft``: 4 leaders each,
choose one, pass the rest to the right, three times; the last joins the hand it reaches);
at the start of each Age a recruitment (phase ``recruit``, turn 0: recruit a leader for its
coins, bury one under a wonder stage or sell one for 3 coins, all at once). The
sub-decisions: ``recruit_now`` (Roma B's stage), ``courtesan`` (the Courtesans Guild copies
a neighbour's leader), ``return_leader`` (Age III: the leaders not recruited go back to the
box, the player choosing which when more than one is left) and Solomon's build from the
discard pile (phase ``discard_build``, after Halicarnassus'). A leader's lasting effects
live in ``City.lp``; its payments in ``trade.py``.
"""

from __future__ import annotations

import random
from typing import Any

from wonders.classic.actions import Action
from wonders.classic.cards import LEADER, Card, Stage
from wonders.classic.city import City
from wonders.classic.trade import HATSHEPSUT_LEFT, HATSHEPSUT_RIGHT, ExpansionTrade
from wonders.classic.turn import DRAFT, Provenance, Resolution
from wonders.classic.views import CityPublic, ClassicView
from wonders.core.draws import shuffle
from wonders.core.protocol import JSON

LEADER_DRAFT, RECRUIT, RECRUIT_NOW = "leader_draft", "recruit", "recruit_now"
COURTESAN, RETURN = "courtesan", "return_leader"
LEADERS_COINS = 6
LEADERS_DEALT = 4
LEADER_SELL_COINS = 3
BOX = -1  # the provenance "age" of a leader (leaders have no Age)


class LeadersRules(ExpansionTrade):
    def start(self, rng: random.Random) -> None:
        """4 leaders each, at random; the rest stay in the box. Then the draft."""
        if not self.leaders_on:
            super().start(rng)
            return
        pool = list(self.cat.leaders)
        shuffle(rng, pool)
        for p in range(self.players):
            self.packets[p] = pool[p * LEADERS_DEALT : (p + 1) * LEADERS_DEALT]
            self.packet_masks[p] = [1 << p] * LEADERS_DEALT
        self.box = pool[self.players * LEADERS_DEALT :]
        self.box_masks = [0] * len(self.box)
        self.phase = LEADER_DRAFT
        self.draft_round = 1
        self.pending = [None] * self.n
        self._events.append({"type": "leader_draft", "round": 1})

    # ------------------------------------------------------------ choices

    def to_move(self) -> list[int]:
        if not self.leaders_on:
            return super().to_move()
        if self.phase in (LEADER_DRAFT, RECRUIT):
            return [p for p in range(self.players) if self.pending[p] is None]
        return super().to_move()

    def _legal_now(self, player: int) -> list[Action]:
        if not self.leaders_on:
            return super()._legal_now(player)
        if self.phase == LEADER_DRAFT:
            return [Action("draft", n) for n in sorted({c.name for c in self.packets[player]})]
        if self.phase == RECRUIT:
            return self._recruit_actions(player)
        if self.phase == RECRUIT_NOW:
            return self._recruit_now_actions(player)
        if self.phase == COURTESAN:
            return [Action("copy", c.name) for c in self._copyable_leaders(self.queue[0])]
        if self.phase == RETURN:
            return [
                Action("return", n) for n in sorted({c.name for c in self.leader_hands[player]})
            ]
        return super()._legal_now(player)

    def _decide(self, player: int, action: Action) -> None:
        if not self.leaders_on:
            super()._decide(player, action)
            return
        if self.phase in (LEADER_DRAFT, RECRUIT):
            self.pending[player] = action
            self._legal.pop(player, None)
            if all(a is not None for a in self.pending[: self.players]):
                if self.phase == LEADER_DRAFT:
                    self._resolve_draft_round()
                else:
                    self._resolve_recruitment()
            return
        if self.phase not in (RECRUIT_NOW, COURTESAN, RETURN):
            super()._decide(player, action)
            return
        city = self.queue.pop(0)
        self._legal.clear()
        if self.phase == RECRUIT_NOW:
            if action.kind == "recruit":
                income = [0] * self.n
                self._recruit(city, action.card, income)
                self._receive(income)
        elif self.phase == COURTESAN:
            self._copy_leader(city, action.card)
        else:
            self._return_leader(city, action.card)
        self._after_turn()

    def _chosen(self, p: int) -> bool:
        if not self.leaders_on:
            return super()._chosen(p)
        if self.phase in (LEADER_DRAFT, RECRUIT):
            return self.pending[p] is not None
        return super()._chosen(p)

    def leader_cost(self, p: int, leader: Card) -> int:
        """What recruiting ``leader`` costs seat ``p`` now (Maecenas, Roma A: nothing; Roma
        B: 2 less for Roma, 1 less for its neighbours)."""
        if not self.leaders_on:
            return super().leader_cost(p, leader)
        city = self.cities[p]
        if city.lp.get("free_leaders"):
            return 0
        less = city.lp.get("leader_discount", 0)
        for q in (self.left(p), self.right(p)):
            if q != p:
                less += self.cities[q].lp.get("neighbour_leader_discount", 0)
        return max(0, leader.coins - less)

    def _recruit_actions(self, p: int) -> list[Action]:
        city = self.cities[p]
        market = city.market_key(self.cities[self.left(p)], self.cities[self.right(p)])
        stage_pay = self._stage_pays(p, market)
        acts: list[Action] = []
        for name in sorted({c.name for c in self.leader_hands[p]}):
            leader = self.cat.by_name[name.lower()][0]
            if self.leader_cost(p, leader) <= city.coins:
                acts.append(Action("recruit", name))
            for pay in stage_pay:
                acts.append(Action("wonder", name, *pay))
            acts.append(Action("sell", name))
        return acts

    def _recruit_now_actions(self, p: int) -> list[Action]:
        city = self.cities[p]
        acts = [
            Action("recruit", name)
            for name in sorted({c.name for c in self.leader_hands[p]})
            if self.leader_cost(p, self.cat.by_name[name.lower()][0]) <= city.coins
        ]
        return [*acts, Action("skip")]

    def _copyable_leaders(self, p: int) -> list[Card]:
        found: dict[str, Card] = {}
        for q in (self.left(p), self.right(p)):
            for c in self.cities[q].leaders:
                found.setdefault(c.name, c)
        return [found[k] for k in sorted(found)]

    # ------------------------------------------------------------ the draft

    def _resolve_draft_round(self) -> None:
        """Everyone keeps the leader chosen; the rest pass to the right (2 players: to the
        other player); after the third choice the last leader joins the hand it reaches."""
        for p in range(self.players):
            action = self.pending[p]
            assert action is not None
            i = next(i for i, c in enumerate(self.packets[p]) if c.name == action.card)
            self.leader_hands[p].append(self.packets[p].pop(i))
            self.packet_masks[p].pop(i)
            self.leader_masks[p].append(1 << p)
        self.pending = [None] * self.n
        self._legal.clear()
        moved: list[list[Card]] = [[] for _ in range(self.players)]
        for p in range(self.players):
            q = (p - 1) % self.players  # to the right
            moved[q] = self.packets[p]
            self.packet_masks[q] = [(1 << p) | (1 << q)] * len(self.packets[p])
        self.packets = moved
        if self.draft_round < LEADERS_DEALT - 1:
            self.draft_round += 1
            self._events.append({"type": "leader_draft", "round": self.draft_round})
            return
        for p in range(self.players):
            self.leader_hands[p] += self.packets[p]
            self.leader_masks[p] += self.packet_masks[p]
            self.packets[p], self.packet_masks[p] = [], []
        self.draft_round = 0
        self._start_age(1)

    # ------------------------------------------------------------ the recruitment

    def _start_age(self, age: int) -> None:
        """With leaders in hand, the Age begins with the recruitment (turn 0)."""
        if not self.leaders_on:
            super()._start_age(age)
            return
        if not any(self.leader_hands):
            super()._start_age(age)
            return
        self._deal_age(age)
        self.turn = 0
        self.phase = RECRUIT
        self._fresh_turn()
        self.pending = [
            None if p < self.players and self.leader_hands[p] else Action("skip")
            for p in range(self.n)
        ]
        self._events.append({"type": "recruitment", "age": age})

    def _resolve_recruitment(self) -> None:
        actions = list(self.pending)
        self.pending = [None] * self.n
        self._legal.clear()
        self._events.append({"type": "recruit_turn", "age": self.age})
        self._new_turn_of_coins()
        res = Resolution(self.n)
        taken: dict[int, Card] = {}
        for p, action in enumerate(actions[: self.players]):
            if action is None or action.kind == "skip":
                continue
            secret = action.kind != "recruit"
            taken[p] = self._take_leader(p, action.card, secret)
        for p, card in taken.items():
            action = actions[p]
            assert action is not None
            if action.kind == "recruit":
                self._recruit(p, card.name, res.income, card)
            else:
                bank = self._pay(p, action, card, res)
                self._place(p, action, card, (BOX, 0, 0, p), bank, res)
        self._settle(res)
        if self.age == 3:
            self.returns = [p for p in range(self.players) if self.leader_hands[p]]
        self.extra_done = False
        self._after_turn()

    def _next_turn(self, last_turn: bool) -> bool:
        if not self.leaders_on:
            return super()._next_turn(last_turn)
        if self.turn == 0:  # the recruitment is over: the Age's first turn
            self.turn = 1
            self.phase, self.queue = DRAFT, []
            self.pending = [None] * self.n
            self._begin_turn()
            return True
        return super()._next_turn(last_turn)

    def _take_leader(self, p: int, name: str, secret: bool) -> Card:
        hand = self.leader_hands[p]
        i = next(i for i, c in enumerate(hand) if c.name == name)
        del self.leader_masks[p][i]
        if secret:  # the others no longer know which of the leaders they saw are left
            self.leader_masks[p] = [1 << p] * len(self.leader_masks[p])
        return hand.pop(i)

    def _to_box(self, card: Card, p: int) -> None:
        self.box.append(card)
        self.box_masks.append(1 << p)

    def _recruit(self, p: int, name: str, income: list[int], card: Card | None = None) -> None:
        """Recruit a leader: its coin cost to the bank, its effects from now on."""
        if card is None:
            card = self._take_leader(p, name, secret=False)
        city = self.cities[p]
        cost = self.leader_cost(p, card)
        city.coins -= cost
        city.add_leader(card)
        self._events.append(
            {"type": "recruit", "seat": p, "card": card.name,
             "paid": {"left": 0, "right": 0, "bank": cost}}
        )  # fmt: skip
        self._leader_arrives(p, card, income)

    def _leader_arrives(self, p: int, card: Card, income: list[int]) -> None:
        """What a leader does once, when it enters play (Croesus' coins, Solomon)."""
        income[p] += card.coins_now
        if any(e.type == "build_from_discard" for e in card.effects):
            self.solomon.append(p)

    def _copy_leader(self, p: int, name: str) -> None:
        card = self.cat.by_name[name.lower()][0]
        self.cities[p].add_leader(card, copy=True)
        self._events.append({"type": "copy", "seat": p, "card": name})
        income = [0] * self.n
        self._leader_arrives(p, card, income)
        self._receive(income)

    def _return_leader(self, p: int, name: str) -> None:
        card = self._take_leader(p, name, secret=True)
        self._to_box(card, p)
        self._events.append({"type": "return", "seat": p, "card": name, "secret": True})

    def _draw_leaders(self, p: int, stage: Stage) -> None:
        """Roma B's first stage: leaders from the box into the hand."""
        amount = next(e.amount for e in stage.effects if e.type == "draw_leaders")
        drawn, self.box = self.box[:amount], self.box[amount:]
        self.box_masks = [0] * len(self.box)  # nobody knows any more what is left in it
        self.leader_hands[p] += drawn
        self.leader_masks[p] += [1 << p] * len(drawn)
        self._events.append({"type": "draw_leaders", "seat": p, "count": len(drawn)})

    # ------------------------------------------------------------ leaders' powers in the turn

    def _after_payment(
        self, p: int, action: Action, chain: bool, bought: int, res: Resolution
    ) -> None:
        """Hatshepsut: 1 coin per neighbour bought from, once a turn each (a purchase the
        docks made free counts); Vitruvius: coins for a chain build."""
        super()._after_payment(p, action, chain, bought, res)
        if not self.leaders_on:
            return
        city = self.cities[p]
        rebate = city.lp.get("trade_rebate", 0)
        if rebate:
            for side, done in ((1, HATSHEPSUT_LEFT), (2, HATSHEPSUT_RIGHT)):
                if bought & side and not city.trade_used & done:
                    city.trade_used |= done
                    res.income[p] += rebate
        if chain and city.lp.get("coins_on_chain"):
            res.income[p] += city.lp["coins_on_chain"]

    def _place(
        self, p: int, action: Action, card: Card, prov: Provenance, bank: int, res: Resolution
    ) -> None:
        if self.leaders_on and action.kind == "sell" and card.color == LEADER:
            self._to_box(card, p)  # sold in the recruitment: to the box
            res.income[p] += LEADER_SELL_COINS
            self._events.append({"type": "sell", "seat": p, "card": card.name, "secret": True})
            return
        super()._place(p, action, card, prov, bank, res)

    def _on_card_built(self, p: int, card: Card) -> None:
        super()._on_card_built(p, card)
        if not self.leaders_on:
            return
        if any(e.type == "copy_leader" for e in card.effects):
            self.courtesans.append(p)

    def _on_stage_built(self, p: int, stage: Stage) -> None:
        super()._on_stage_built(p, stage)
        if not self.leaders_on:
            return
        if p < self.players:  # the Free City never has leaders (Roma's powers are void)
            if "draw_leaders" in stage.powers:
                self._draw_leaders(p, stage)
            if "recruit_leader" in stage.powers:
                self.recruits.append(p)

    def _build_income(self, p: int, card: Card) -> int:
        """Xenophon, Diocletian: coins for building a card of a colour."""
        if not self.leaders_on:
            return super()._build_income(p, card)
        extra = self.cities[p].lp.get("coins_on_build:" + card.color, 0)
        return super()._build_income(p, card) + extra

    def _owes_after_cards(self) -> bool:
        """The Courtesans Guild's choice when it is built; Roma B's recruitment at once."""
        if not self.leaders_on:
            return super()._owes_after_cards()
        while self.courtesans:
            p = self.courtesans.pop(0)
            if self._copyable_leaders(p):
                self.phase, self.queue = COURTESAN, [p]
                self._legal.clear()
                return True
        while self.recruits:
            p = self.recruits.pop(0)
            if self.leader_hands[p]:
                self.phase, self.queue = RECRUIT_NOW, [p]
                self._legal.clear()
                return True
        return super()._owes_after_cards()

    def _discard_builders(self) -> list[list[int]]:
        """Halicarnassus first, then Solomon (Leaders FAQ)."""
        if not self.leaders_on:
            return super()._discard_builders()
        return [*super()._discard_builders(), self.solomon]

    def _owes_before_next_turn(self) -> bool:
        """Age III: the leader sent back to the box, when more than one is left."""
        if not self.leaders_on:
            return super()._owes_before_next_turn()
        while self.returns:
            p = self.returns.pop(0)
            if len(self.leader_hands[p]) > 1:
                self.phase, self.queue = RETURN, [p]
                self._legal.clear()
                return True
            if self.leader_hands[p]:
                self._return_leader(p, self.leader_hands[p][0].name)
        return super()._owes_before_next_turn()

    def _defeat_taker(self, winner: int, loser: int) -> int:
        """Tomyris passes her defeat tokens to the winner."""
        if not self.leaders_on:
            return super()._defeat_taker(winner, loser)
        if self.cities[loser].lp.get("defeats_to_winner"):
            return winner
        return super()._defeat_taker(winner, loser)

    def _on_victory(self, winner: int, tokens: int, income: list[int]) -> None:
        """Nero: coins per victory token."""
        super()._on_victory(winner, tokens, income)
        if not self.leaders_on:
            return
        income[winner] += self.cities[winner].lp.get("coins_on_victory", 0) * tokens

    # ------------------------------------------------------------ views and copies

    def _city_public(self, p: int) -> CityPublic:
        if not self.leaders_on:
            return super()._city_public(p)
        out = super()._city_public(p)
        if p < self.players:
            city = self.cities[p]
            out["leaders"] = [c.name for c in city.leaders]
            out["courtesan"] = city.copied.name if city.copied else None
            out["leader_hand_size"] = len(self.leader_hands[p])
        return out

    def _pass_to(self) -> str:
        if not self.leaders_on:
            return super()._pass_to()
        return "right" if self.phase == LEADER_DRAFT else super()._pass_to()

    def _view_extra(self, out: ClassicView, player: int | None) -> None:
        super()._view_extra(out, player)
        if not self.leaders_on:
            return
        out["box_size"] = len(self.box)
        if self.phase == LEADER_DRAFT:
            out["draft_round"] = self.draft_round
        if player is None:
            return
        out["leader_hand"] = [c.name for c in self.leader_hands[player]]
        if self.phase == LEADER_DRAFT:
            out["leader_packet"] = [c.name for c in self.packets[player]]
        mate = self.teammate(player)
        if mate is not None:  # teammates show each other their leaders too
            out["teammate_leader_hand"] = [c.name for c in self.leader_hands[mate]]
            if self.phase == LEADER_DRAFT:
                out["teammate_leader_packet"] = [c.name for c in self.packets[mate]]

    def _json_extra(self, out: JSON) -> None:
        super()._json_extra(out)
        if not self.leaders_on:
            return
        for i, c in enumerate(self.cities):
            out["cities"][i]["leaders"] = [x.name for x in c.leaders]
            out["cities"][i]["copied"] = c.copied.name if c.copied else None
        out["leaders"] = {
            "hands": [[x.name for x in h] for h in self.leader_hands],
            "hand_masks": [list(m) for m in self.leader_masks],
            "packets": [[x.name for x in h] for h in self.packets],
            "packet_masks": [list(m) for m in self.packet_masks],
            "box": [x.name for x in self.box],
            "box_masks": list(self.box_masks),
            "draft_round": self.draft_round,
            "solomon": list(self.solomon),
            "courtesans": list(self.courtesans),
            "recruits": list(self.recruits),
            "returns": list(self.returns),
        }

    def _leader(self, name: str) -> Card:
        return self.cat.by_name[name.lower()][0]

    def _load_city_extra(self, city: City, data: JSON) -> None:
        super()._load_city_extra(city, data)
        if not self.leaders_on:
            return
        for name in data.get("leaders", []):
            city.add_leader(self._leader(name))
        if data.get("copied"):
            city.add_leader(self._leader(data["copied"]), copy=True)

    def _load_extra(self, data: JSON) -> None:
        super()._load_extra(data)
        if not self.leaders_on:
            return
        ld: dict[str, Any] = data["leaders"]
        self.leader_hands = [[self._leader(x) for x in h] for h in ld["hands"]]
        self.leader_masks = [list(m) for m in ld["hand_masks"]]
        self.packets = [[self._leader(x) for x in h] for h in ld["packets"]]
        self.packet_masks = [list(m) for m in ld["packet_masks"]]
        self.box = [self._leader(x) for x in ld["box"]]
        self.box_masks = list(ld["box_masks"])
        self.draft_round = ld["draft_round"]
        self.solomon = list(ld["solomon"])
        self.courtesans = list(ld["courtesans"])
        self.recruits = list(ld["recruits"])
        self.returns = list(ld["returns"])
