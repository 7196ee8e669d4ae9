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
from wonders.classic.trade import HATSHEPSUT_LEFT, HATSHEPSUT_RIGHT
from wonders.classic.turn import ClassicState, Part, Provenance, Resolution
from wonders.classic.views import CityPublic, ClassicView
from wonders.core.draws import shuffle
from wonders.core.protocol import JSON

LEADER_DRAFT, RECRUIT, RECRUIT_NOW = "leader_draft", "recruit", "recruit_now"
COURTESAN, RETURN = "courtesan", "return_leader"
LEADERS_COINS = 6
LEADERS_DEALT = 4
LEADER_SELL_COINS = 3
BOX = -1  # the provenance "age" of a leader (leaders have no Age)


class Leaders(Part):
    """The Leaders expansion's rules and state: the leaders each seat holds (``hands``), the
    draft's packets, the box, each with the seats that know each card (``*_masks``), and the
    decisions owed (Solomon, the Courtesans Guild, Roma B's recruitment, Age III's return)."""

    def __init__(self, players: int) -> None:
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.hand_masks: list[list[int]] = [[] for _ in range(players)]
        self.packets: list[list[Card]] = [[] for _ in range(players)]
        self.packet_masks: list[list[int]] = [[] for _ in range(players)]
        self.box: list[Card] = []
        self.box_masks: list[int] = []
        self.draft_round = 0
        self.solomon: list[int] = []  # cities whose leader builds from the discard pile
        self.courtesans: list[int] = []  # cities owing the Courtesans Guild's choice
        self.recruits: list[int] = []  # Roma B stages: recruit a leader at once
        self.returns: list[int] = []  # Age III: seats choosing the leader to send back

    def copy(self) -> Leaders:
        o = Leaders(0)
        o.hands = [list(h) for h in self.hands]
        o.hand_masks = [list(m) for m in self.hand_masks]
        o.packets = [list(h) for h in self.packets]
        o.packet_masks = [list(m) for m in self.packet_masks]
        o.box, o.box_masks = list(self.box), list(self.box_masks)
        o.draft_round = self.draft_round
        o.solomon, o.courtesans = list(self.solomon), list(self.courtesans)
        o.recruits, o.returns = list(self.recruits), list(self.returns)
        return o

    def start(self, g: ClassicState, rng: random.Random) -> bool:
        """4 leaders each, at random; the rest stay in the box. Then the draft."""
        pool = list(g.cat.leaders)
        shuffle(rng, pool)
        for p in range(g.players):
            self.packets[p] = pool[p * LEADERS_DEALT : (p + 1) * LEADERS_DEALT]
            self.packet_masks[p] = [1 << p] * LEADERS_DEALT
        self.box = pool[g.players * LEADERS_DEALT :]
        self.box_masks = [0] * len(self.box)
        g.phase = LEADER_DRAFT
        self.draft_round = 1
        g.pending = [None] * g.n
        g.events.append({"type": "leader_draft", "round": 1})
        return True

    # ------------------------------------------------------------ the phases

    def phases(self) -> tuple[str, ...]:
        return (LEADER_DRAFT, RECRUIT, RECRUIT_NOW, COURTESAN, RETURN)

    def movers(self, g: ClassicState, phase: str) -> list[int]:
        """The draft and the recruitment are simultaneous; the rest one city at a time."""
        if phase in (LEADER_DRAFT, RECRUIT):
            return g.simultaneous_movers()
        return super().movers(g, phase)

    def legal(self, g: ClassicState, phase: str, player: int) -> list[Action]:
        if phase == LEADER_DRAFT:
            return [Action("draft", n) for n in sorted({c.name for c in self.packets[player]})]
        if phase == RECRUIT:
            return self._recruit_actions(g, player)
        if phase == RECRUIT_NOW:
            return self._recruit_now_actions(g, player)
        if phase == COURTESAN:
            return [Action("copy", c.name) for c in self._copyable_leaders(g, g.queue[0])]
        return [Action("return", n) for n in sorted({c.name for c in self.hands[player]})]

    def decide(self, g: ClassicState, phase: str, player: int, action: Action) -> None:
        if phase in (LEADER_DRAFT, RECRUIT):
            g.pending[player] = action
            g.stale(player)
            if all(a is not None for a in g.pending[: g.players]):
                if phase == LEADER_DRAFT:
                    self._resolve_draft_round(g)
                else:
                    self._resolve_recruitment(g)
            return
        city = g.queue.pop(0)
        g.stale()
        if phase == RECRUIT_NOW:
            if action.kind == "recruit":
                income = [0] * g.n
                self._recruit(g, city, action.card, income)
                g.receive(income)
        elif phase == COURTESAN:
            self._copy_leader(g, city, action.card)
        else:
            self._return_leader(g, city, action.card)
        g.after_turn()

    def chosen(self, g: ClassicState, phase: str, city: int) -> bool:
        return phase in (LEADER_DRAFT, RECRUIT) and g.pending[city] is not None

    def acting_city(self, g: ClassicState, phase: str, player: int) -> int:
        if phase in (LEADER_DRAFT, RECRUIT):
            return player
        return super().acting_city(g, phase, player)

    def pass_to(self, g: ClassicState) -> str | None:
        return "right" if g.phase == LEADER_DRAFT else None

    def cost(self, g: ClassicState, p: int, leader: Card) -> int:
        """What recruiting ``leader`` costs seat ``p`` now (Maecenas, Roma A: nothing; Roma
        B: 2 less for Roma, 1 less for its neighbours)."""
        city = g.cities[p]
        if city.lp.get("free_leaders"):
            return 0
        less = city.lp.get("leader_discount", 0)
        for q in (g.left(p), g.right(p)):
            if q != p:
                less += g.cities[q].lp.get("neighbour_leader_discount", 0)
        return max(0, leader.coins - less)

    def _recruit_actions(self, g: ClassicState, p: int) -> list[Action]:
        city = g.cities[p]
        market = city.market_key(g.cities[g.left(p)], g.cities[g.right(p)])
        stage_pay = g.trade.stage_pays(g, p, market)
        acts: list[Action] = []
        for name in sorted({c.name for c in self.hands[p]}):
            leader = g.cat.by_name[name.lower()][0]
            if self.cost(g, p, leader) <= city.coins:
                acts.append(Action("recruit", name))
            for pay in stage_pay:
                acts.append(Action("wonder", name, *pay))
            acts.append(Action("sell", name))
        return acts

    def _recruit_now_actions(self, g: ClassicState, p: int) -> list[Action]:
        city = g.cities[p]
        acts = [
            Action("recruit", name)
            for name in sorted({c.name for c in self.hands[p]})
            if self.cost(g, p, g.cat.by_name[name.lower()][0]) <= city.coins
        ]
        return [*acts, Action("skip")]

    def _copyable_leaders(self, g: ClassicState, p: int) -> list[Card]:
        found: dict[str, Card] = {}
        for q in (g.left(p), g.right(p)):
            for c in g.cities[q].leaders:
                found.setdefault(c.name, c)
        return [found[k] for k in sorted(found)]

    # ------------------------------------------------------------ the draft

    def _resolve_draft_round(self, g: ClassicState) -> None:
        """Everyone keeps the leader chosen; the rest pass to the right (2 players: to the
        other player); after the third choice the last leader joins the hand it reaches."""
        for p in range(g.players):
            action = g.pending[p]
            assert action is not None
            i = next(i for i, c in enumerate(self.packets[p]) if c.name == action.card)
            self.hands[p].append(self.packets[p].pop(i))
            self.packet_masks[p].pop(i)
            self.hand_masks[p].append(1 << p)
        g.pending = [None] * g.n
        g.stale()
        moved: list[list[Card]] = [[] for _ in range(g.players)]
        for p in range(g.players):
            q = (p - 1) % g.players  # to the right
            moved[q] = self.packets[p]
            self.packet_masks[q] = [(1 << p) | (1 << q)] * len(self.packets[p])
        self.packets = moved
        if self.draft_round < LEADERS_DEALT - 1:
            self.draft_round += 1
            g.events.append({"type": "leader_draft", "round": self.draft_round})
            return
        for p in range(g.players):
            self.hands[p] += self.packets[p]
            self.hand_masks[p] += self.packet_masks[p]
            self.packets[p], self.packet_masks[p] = [], []
        self.draft_round = 0
        g.start_age(1)

    # ------------------------------------------------------------ the recruitment

    def start_age(self, g: ClassicState, age: int) -> bool:
        """With leaders in hand, the Age begins with the recruitment (turn 0)."""
        if not any(self.hands):
            return False
        g.deal_age(age)
        g.turn = 0
        g.phase = RECRUIT
        g.trade.begin_turn(g)
        g.pending = [
            None if p < g.players and self.hands[p] else Action("skip") for p in range(g.n)
        ]
        g.events.append({"type": "recruitment", "age": age})
        return True

    def _resolve_recruitment(self, g: ClassicState) -> None:
        actions = list(g.pending)
        g.pending = [None] * g.n
        g.stale()
        g.events.append({"type": "recruit_turn", "age": g.age})
        g.new_turn_of_coins()
        res = Resolution(g.n)
        taken: dict[int, Card] = {}
        for p, action in enumerate(actions[: g.players]):
            if action is None or action.kind == "skip":
                continue
            secret = action.kind != "recruit"
            taken[p] = self._take_leader(p, action.card, secret)
        for p, card in taken.items():
            action = actions[p]
            assert action is not None
            if action.kind == "recruit":
                self._recruit(g, p, card.name, res.income, card)
            else:
                bank = g.pay(p, action, card, res)
                g.place(p, action, card, (BOX, 0, 0, p), bank, res)
        g.settle(res)
        if g.age == 3:
            self.returns = [p for p in range(g.players) if self.hands[p]]
        g.extra_done = False
        g.after_turn()

    def _take_leader(self, p: int, name: str, secret: bool) -> Card:
        hand = self.hands[p]
        i = next(i for i, c in enumerate(hand) if c.name == name)
        del self.hand_masks[p][i]
        if secret:  # the others no longer know which of the leaders they saw are left
            self.hand_masks[p] = [1 << p] * len(self.hand_masks[p])
        return hand.pop(i)

    def _to_box(self, card: Card, p: int) -> None:
        self.box.append(card)
        self.box_masks.append(1 << p)

    def _recruit(
        self, g: ClassicState, p: int, name: str, income: list[int], card: Card | None = None
    ) -> None:
        """Recruit a leader: its coin cost to the bank, its effects from now on."""
        if card is None:
            card = self._take_leader(p, name, secret=False)
        city = g.cities[p]
        cost = self.cost(g, p, card)
        city.coins -= cost
        city.add_leader(card)
        g.events.append(
            {"type": "recruit", "seat": p, "card": card.name,
             "paid": {"left": 0, "right": 0, "bank": cost}}
        )  # fmt: skip
        self._leader_arrives(p, card, income)

    def _leader_arrives(self, p: int, card: Card, income: list[int]) -> None:
        """What a leader does once, when it enters play (Croesus' coins, Solomon)."""
        income[p] += card.coins_now
        if any(e.type == "build_from_discard" for e in card.effects):
            self.solomon.append(p)

    def _copy_leader(self, g: ClassicState, p: int, name: str) -> None:
        card = g.cat.by_name[name.lower()][0]
        g.cities[p].add_leader(card, copy=True)
        g.events.append({"type": "copy", "seat": p, "card": name})
        income = [0] * g.n
        self._leader_arrives(p, card, income)
        g.receive(income)

    def _return_leader(self, g: ClassicState, p: int, name: str) -> None:
        card = self._take_leader(p, name, secret=True)
        self._to_box(card, p)
        g.events.append({"type": "return", "seat": p, "card": name, "secret": True})

    def _draw_leaders(self, g: ClassicState, p: int, stage: Stage) -> None:
        """Roma B's first stage: leaders from the box into the hand."""
        amount = next(e.amount for e in stage.effects if e.type == "draw_leaders")
        drawn, self.box = self.box[:amount], self.box[amount:]
        self.box_masks = [0] * len(self.box)  # nobody knows any more what is left in it
        self.hands[p] += drawn
        self.hand_masks[p] += [1 << p] * len(drawn)
        g.events.append({"type": "draw_leaders", "seat": p, "count": len(drawn)})

    # ------------------------------------------------------------ leaders' powers in the turn

    def after_payment(
        self, g: ClassicState, p: int, action: Action, chain: bool, bought: int, res: Resolution
    ) -> None:
        """Hatshepsut: 1 coin per neighbour bought from, once a turn each (a purchase the
        docks made free counts); Vitruvius: coins for a chain build."""
        city = g.cities[p]
        rebate = city.lp.get("trade_rebate", 0)
        if rebate:
            for side, done in ((1, HATSHEPSUT_LEFT), (2, HATSHEPSUT_RIGHT)):
                if bought & side and not city.trade_used & done:
                    city.trade_used |= done
                    res.income[p] += rebate
        if chain and city.lp.get("coins_on_chain"):
            res.income[p] += city.lp["coins_on_chain"]

    def place(
        self,
        g: ClassicState,
        p: int,
        action: Action,
        card: Card,
        prov: Provenance,
        res: Resolution,
    ) -> bool:
        """A leader sold in the recruitment goes to the box."""
        if action.kind != "sell" or card.color != LEADER:
            return False
        self._to_box(card, p)
        res.income[p] += LEADER_SELL_COINS
        g.events.append({"type": "sell", "seat": p, "card": card.name, "secret": True})
        return True

    def on_card_built(self, g: ClassicState, p: int, card: Card) -> None:
        if any(e.type == "copy_leader" for e in card.effects):
            self.courtesans.append(p)

    def on_stage_built(self, g: ClassicState, p: int, stage: Stage) -> None:
        if p < g.players:  # the Free City never has leaders (Roma's powers are void)
            if "draw_leaders" in stage.powers:
                self._draw_leaders(g, p, stage)
            if "recruit_leader" in stage.powers:
                self.recruits.append(p)

    def build_income(self, g: ClassicState, p: int, card: Card) -> int:
        """Xenophon, Diocletian: coins for building a card of a colour."""
        return g.cities[p].lp.get("coins_on_build:" + card.color, 0)

    def owes_after_cards(self, g: ClassicState) -> bool:
        """The Courtesans Guild's choice when it is built; Roma B's recruitment at once."""
        while self.courtesans:
            p = self.courtesans.pop(0)
            if self._copyable_leaders(g, p):
                g.phase, g.queue = COURTESAN, [p]
                g.stale()
                return True
        while self.recruits:
            p = self.recruits.pop(0)
            if self.hands[p]:
                g.phase, g.queue = RECRUIT_NOW, [p]
                g.stale()
                return True
        return False

    def discard_builders(self, g: ClassicState) -> list[list[int]]:
        """Solomon, after Halicarnassus (Leaders FAQ)."""
        return [self.solomon]

    def owes_before_next_turn(self, g: ClassicState) -> bool:
        """Age III: the leader sent back to the box, when more than one is left."""
        while self.returns:
            p = self.returns.pop(0)
            if len(self.hands[p]) > 1:
                g.phase, g.queue = RETURN, [p]
                g.stale()
                return True
            if self.hands[p]:
                self._return_leader(g, p, self.hands[p][0].name)
        return False

    def defeat_taker(self, g: ClassicState, winner: int, loser: int) -> int | None:
        """Tomyris passes her defeat tokens to the winner."""
        return winner if g.cities[loser].lp.get("defeats_to_winner") else None

    def on_victory(self, g: ClassicState, winner: int, tokens: int, income: list[int]) -> None:
        """Nero: coins per victory token."""
        income[winner] += g.cities[winner].lp.get("coins_on_victory", 0) * tokens

    # ------------------------------------------------------------ views and JSON

    def city_public(self, g: ClassicState, p: int, out: CityPublic) -> None:
        if p < g.players:
            city = g.cities[p]
            out["leaders"] = [c.name for c in city.leaders]
            out["courtesan"] = city.copied.name if city.copied else None
            out["leader_hand_size"] = len(self.hands[p])

    def view_extra(self, g: ClassicState, out: ClassicView, player: int | None) -> None:
        out["box_size"] = len(self.box)
        if g.phase == LEADER_DRAFT:
            out["draft_round"] = self.draft_round
        if player is None:
            return
        out["leader_hand"] = [c.name for c in self.hands[player]]
        if g.phase == LEADER_DRAFT:
            out["leader_packet"] = [c.name for c in self.packets[player]]
        mate = g.teammate(player)
        if mate is not None:  # teammates show each other their leaders too
            out["teammate_leader_hand"] = [c.name for c in self.hands[mate]]
            if g.phase == LEADER_DRAFT:
                out["teammate_leader_packet"] = [c.name for c in self.packets[mate]]

    def to_json(self, g: ClassicState, out: JSON) -> None:
        for i, c in enumerate(g.cities):
            out["cities"][i]["leaders"] = [x.name for x in c.leaders]
            out["cities"][i]["copied"] = c.copied.name if c.copied else None
        out["leaders"] = {
            "hands": [[x.name for x in h] for h in self.hands],
            "hand_masks": [list(m) for m in self.hand_masks],
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

    def load(self, g: ClassicState, data: JSON) -> None:
        def leader(name: str) -> Card:
            return g.cat.by_name[name.lower()][0]

        for city, c in zip(g.cities, data["cities"], strict=True):
            for name in c.get("leaders", []):
                city.add_leader(leader(name))
            if c.get("copied"):
                city.add_leader(leader(c["copied"]), copy=True)
        ld: dict[str, Any] = data["leaders"]
        self.hands = [[leader(x) for x in h] for h in ld["hands"]]
        self.hand_masks = [list(m) for m in ld["hand_masks"]]
        self.packets = [[leader(x) for x in h] for h in ld["packets"]]
        self.packet_masks = [list(m) for m in ld["packet_masks"]]
        self.box = [leader(x) for x in ld["box"]]
        self.box_masks = list(ld["box_masks"])
        self.draft_round = ld["draft_round"]
        self.solomon = list(ld["solomon"])
        self.courtesans = list(ld["courtesans"])
        self.recruits = list(ld["recruits"])
        self.returns = list(ld["returns"])


def leaders_of(g: ClassicState) -> Leaders | None:
    """The game's Leaders part (None without the expansion)."""
    for part in g.parts:
        if isinstance(part, Leaders):
            return part
    return None
