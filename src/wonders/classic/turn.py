"""The 7 Wonders base game's turn (3-7 players), on the shared protocol.

A turn: every player picks an action at once (``to_move`` lists those who still owe one);
when all are in, the turn resolves: cards leave the hands, payments are made from the coins
each player had at the start of the turn, cards and stages are placed, then coin effects are
counted (so Vineyard and Bazar see neighbours' cards built the same turn), then the coins
received arrive. Wonder powers that act after the turn are decisions of their own, in the
order of RULES-NOTES: Babylon B's extra card, then the last cards are discarded, then
Halicarnassus builds from the discard pile. After the last turn of an Age come the conflicts.

The variants (``free_city.py``, ``trade.py``, ``leaders.py``, ``cities.py``) are classes in
one line on top of this one that override the named hooks below, each calling ``super()`` for
what it does not change and handing every call down when the game's options leave its
variant out; ``state.ClassicGame`` is the last of the line. The hooks, by the rulebook's
phases:

- the phases: ``to_move``, ``_legal_now`` (the legal actions of the phase), ``_decide`` (an
  action taken in it), ``_chosen`` (who has chosen in a simultaneous phase);
- the start of the game and of an Age: ``start``, ``_start_age``, ``_deal_age``,
  ``_begin_turn``;
- the card choice: ``_build_pays`` / ``_stage_pays`` (the payments offered),
  ``_card_free_power`` (a free build besides Olympia A's);
- the payment: ``_new_turn_of_coins`` (a turn's coins begin), ``_purchases`` (the sides
  bought from, before the coins go) and ``_after_payment`` (coins that follow a payment);
- the placing: ``_place``, ``_use_free_build``, ``_on_card_built``, ``_on_stage_built``,
  ``_build_income``, ``_income_bonus`` (coins arriving) and ``_left_hand``; what the moves
  of a turn add up to (the coins each city receives, the buildings and stages whose coins
  count after all placing) is a ``Resolution``, handed from ``_pay`` to ``_place`` to
  ``_settle``;
- the end of the turn: ``_owes_after_cards`` (decisions right after the cards),
  ``_discard_builders`` (who builds from the discard pile, in order),
  ``_owes_before_next_turn``, ``_next_turn`` and ``_pass_hands``;
- the conflicts: ``_sitting_out``, ``_battles``, ``_defeat_taker``, ``_on_victory``;
- the end of the game: ``_ranks`` and ``_result_extra``;
- views and copies: ``_city_public``, ``_view_extra``, ``knows``,
  ``_json_extra``, ``_load_city_extra``, ``_load_extra``.

Rulings taken here (also in docs/RULINGS.md):
- Babylon B plays its last card with the coins it has after the last turn resolved.
- Halicarnassus may decline (``skip``); with nothing buildable in the pile nothing happens.
- Olympia A's free build is offered for every card the city may build that is not free anyway.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from wonders.classic import scoring
from wonders.classic.actions import KINDS, Action, new_action
from wonders.classic.cards import Card, Catalog, Effect, Stage, catalog_for
from wonders.classic.city import City
from wonders.classic.payments import FREE, MarketKey, affordable, market_options
from wonders.classic.views import CityPublic, CityView, ClassicView
from wonders.core.errors import IllegalActionError
from wonders.core.i18n import _
from wonders.core.protocol import JSON, PlayerResult, Result, State, rank_players

HAND_SIZE = 7
TURNS_PER_AGE = 6
SELL_COINS = 3
VICTORY_TOKEN = {1: 1, 2: 3, 3: 5}
DEFEAT_TOKEN = -1

DRAFT, EXTRA, DISCARD_BUILD, OVER = "draft", "extra_card", "discard_build", "over"

# where a hidden card came from: (age, packet, removal index, remover); a packet is the
# hand first dealt to that seat in that Age, and the removal index counts its cards taken
Provenance = tuple[int, int, int, int]
Payment = tuple[int, ...]  # (left, right) or, with the expansions, (left, right, bank)


def _paying(kind: str, name: str, pay: Payment) -> Action:
    """An action paying ``pay``: (left, right) or (left, right, bank)."""
    return new_action(kind, name, pay[0], pay[1], pay[2] if len(pay) > 2 else 0)


class Resolution:
    """What the moves of a turn (or a move played alone) add up to while they resolve: the
    coins each city receives at the end of it, and the buildings and wonder stages placed,
    whose coin effects count once everything is placed (``ClassicState._settle``)."""

    def __init__(self, n: int) -> None:
        self.income = [0] * n
        self.built: list[tuple[int, Card]] = []  # (city, building)
        self.stages: list[tuple[int, int]] = []  # (city, the index of the stage built)


class ClassicState(State):
    """The base game. The variants' facts (``free_city``, ``leaders_on``, ``cities_on``,
    ``trade_on``, ``teams``) are read from the options; their state is declared here, empty,
    so that views, sampling and bots read every game alike."""

    game_name = "classic"

    def __init__(
        self,
        cat: Catalog,
        options: JSON,
        seed: int,
        cities: list[City],
        ages: list[list[list[Card]]],
        hand_size: int = HAND_SIZE,
        copy_of: ClassicState | None = None,
    ) -> None:
        if copy_of is not None:  # clone(): compiled classes have no bare __new__
            self._copy(copy_of, cities, ages)
            return
        self.cat = cat
        self.options = options
        self.seed = seed
        self.cities = cities
        self.n = len(cities)  # cities: the players' and, at 2 players, the Free City
        self.players: int = options.get("players", self.n)
        expansions = options.get("expansions", ())
        # which variants' rules apply (each variant's hooks read only its own flag)
        self.free_city = self.n > self.players
        self.leaders_on = "leaders" in expansions
        self.cities_on = "cities" in expansions
        self.trade_on = self.leaders_on or self.cities_on  # trade.py's payments
        self.teams = bool(options.get("teams"))
        self.hand_size = hand_size
        self.turns_per_age = hand_size - 1
        self.ages = ages  # the hands to deal at the start of each Age not started yet
        self.age = 0
        self.turn = 0
        self.hands: list[list[Card]] = [[] for _ in cities]
        self.pending: list[Action | None] = [None] * self.n
        self.phase = DRAFT
        self.queue: list[int] = []  # cities owing a sub-decision of the current phase
        self.extra_done = False  # Babylon's extra card handled this turn
        self.discard: list[Card] = []
        self.discard_from: list[Provenance] = []
        self.discard_seen: list[int] = []  # bit mask of the seats that looked at each card
        self.buried_from: list[list[Provenance]] = [[] for _ in cities]
        self.halicarnassus: list[int] = []  # seats whose stage lets them build from discard
        # 2 players (free_city.py): which seats know each card of each hand
        self.hand_masks: list[list[int]] = [[] for _ in cities]
        # Leaders (leaders.py): kept hands, draft packets, the box, with who knows each card
        self.leader_hands: list[list[Card]] = [[] for _ in range(self.players)]
        self.leader_masks: list[list[int]] = [[] for _ in range(self.players)]
        self.packets: list[list[Card]] = [[] for _ in range(self.players)]
        self.packet_masks: list[list[int]] = [[] for _ in range(self.players)]
        self.box: list[Card] = []
        self.box_masks: list[int] = []
        self.draft_round = 0
        self.solomon: list[int] = []  # cities whose leader builds from the discard pile
        self.courtesans: list[int] = []  # cities owing the Courtesans Guild's choice
        self.recruits: list[int] = []  # Roma B stages: recruit a leader at once
        self.returns: list[int] = []  # Age III: seats choosing the leader to send back
        # Cities (cities.py): coin losses of this turn (who caused it, the effect), what each
        # city owes in the debt phase, Berenice's once-a-turn coin, coins from neighbours
        self.losses: list[tuple[int, Effect]] = []
        self.owed: dict[int, int] = {}
        self.berenice_done: set[int] = set()
        self._trade_in = [0] * self.n
        self._events: list[JSON] = []
        self._secret: list[int] = []  # secret_events(): the indices found so far
        self._secret_scanned = 0  # ... in the first _secret_scanned events
        # view(): each seat's redacted log so far (key -1: the spectator), built from the
        # log object _seen_of; the log only grows, so a view redacts the new events only
        self._seen: dict[int, list[JSON]] = {}
        self._seen_of: list[JSON] = self._events
        self._legal: dict[int, list[Action]] = {}
        self._result: Result | None = None

    # ------------------------------------------------------------ protocol

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def events(self) -> list[JSON]:
        return self._events

    def left(self, seat: int) -> int:
        return (seat + 1) % self.n

    def right(self, seat: int) -> int:
        return (seat - 1) % self.n

    def controller(self) -> int:
        """The seat playing for the Free City this turn (2 players only: free_city.py)."""
        raise IllegalActionError(_("there is no Free City in this game"))

    def teammate(self, seat: int) -> int | None:
        """The seat playing with ``seat`` in the team game (cities.py); None otherwise."""
        return None

    def decider(self, city: int) -> int:
        """The seat that decides for ``city`` (the Free City's controller for the Free City)."""
        return city

    def to_move(self) -> list[int]:
        if self.phase == DRAFT:
            return [p for p in range(self.players) if self.pending[p] is None]
        if self.phase == OVER:
            return []
        return [self.decider(self.queue[0])] if self.queue else []

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int) -> list[Action]:
        cached = self._legal.get(player)
        if cached is not None:
            return cached
        acts = self._legal_now(player) if player in self.to_move() else []
        self._legal[player] = acts
        return acts

    def _legal_now(self, player: int) -> list[Action]:
        """The legal actions of ``player``, who owes a decision in the current phase."""
        if self.phase == DRAFT:
            return self._card_actions(player, self.hands[player], olympia=True)
        if self.phase == DISCARD_BUILD:
            return self._discard_build_actions(self.queue[0])
        city = self.queue[0]  # EXTRA: Babylon B's last card
        return self._card_actions(city, self.hands[city], olympia=False)

    def apply(self, player: int, action: Any) -> None:
        if not isinstance(action, Action) or action.kind not in KINDS:
            raise IllegalActionError(
                _("not a 7 Wonders action: {action}").format(action=repr(action))
            )
        if not 0 <= player < self.players:
            raise IllegalActionError(
                _("no seat {player} in a {players}-player game").format(
                    player=player, players=self.players
                )
            )
        if action not in self.legal_actions(player):  # none for a seat owing nothing
            if player not in self.to_move():
                raise IllegalActionError(
                    _("seat {player} owes no decision now").format(player=player)
                )
            raise IllegalActionError(
                _("seat {player} cannot {action} now").format(
                    player=player, action=action.describe()
                )
            )
        self._decide(player, action)

    def _decide(self, player: int, action: Action) -> None:
        """Take ``player``'s legal ``action`` in the current phase."""
        if self.phase == DRAFT:
            self.pending[player] = action
            self._legal.pop(player, None)
            if all(a is not None for a in self.pending):
                self._resolve_turn()
            return
        city = self.queue.pop(0)
        self._legal.clear()
        if self.phase == EXTRA:
            self._play_card(city, action, self._take_from_hand(city, action.card))
            if not self.queue:
                self._after_turn()
            return
        if action.kind == "discard_build":  # DISCARD_BUILD
            self._build_from_discard(city, action.card)
        self._after_turn()

    # ------------------------------------------------------------ legal actions

    def _card_actions(self, p: int, hand: list[Card], olympia: bool) -> list[Action]:
        """The card choices of city ``p``: build (each payment), bury under the next stage
        (each payment), sell; a card the city can build free by chain is only built free."""
        city = self.cities[p]
        market = city.market_key(self.cities[self.left(p)], self.cities[self.right(p)])
        budget = city.coins
        stage_pay = self._stage_pays(p, market)
        olympia_ready = (
            olympia and "free_build_per_age" in city.powers and city.free_build_age != self.age
        )
        acts: list[Action] = []
        seen = 0  # bit mask of the name_ids listed
        names = city.names
        for card in hand:
            bit = 1 << card.name_id
            if seen & bit:
                continue
            seen |= bit
            name = card.name
            if not names & bit:
                pays = self._build_pays(p, city, card, market, budget)
                if pays is None:
                    acts.append(new_action("build", name))
                else:
                    for pay in pays:
                        acts.append(_paying("build", name, pay))
                    if olympia_ready or self._card_free_power(p, card):
                        acts.append(new_action("free_build", name))
            for pay in stage_pay:
                acts.append(_paying("wonder", name, pay))
            acts.append(new_action("sell", name))
        return acts

    def _build_pays(
        self, p: int, city: City, card: Card, market: MarketKey, budget: int
    ) -> Sequence[Payment] | None:
        """The payments offered for building ``card`` (a card not in the city): None when it
        is built for nothing (no cost, or by chain), else every Pareto-minimal way to buy
        the resources missing besides the card's coins (none when it cannot be paid)."""
        if card.free or city.chain_free(card):
            return None
        if card.coins > budget:
            return ()
        if not any(card.cost):
            return FREE
        return affordable(market_options(card.cost, market), budget - card.coins)

    def _stage_pays(self, p: int, market: MarketKey) -> Sequence[Payment]:
        """The payments offered for the next wonder stage (none when all are built)."""
        city = self.cities[p]
        stage = city.next_stage
        if stage is None:
            return ()
        return affordable(market_options(stage.cost, market), city.coins)

    def _offers_every_payment(self, p: int) -> bool:
        """Whether city ``p`` is offered every payment, not only the cheapest ones (the
        Free City's controller buys "whatever the price": free_city.py)."""
        return False

    def _card_free_power(self, p: int, card: Card) -> bool:
        """A free build of ``card`` besides Olympia A's (Caligula's: cities.py)."""
        return False

    def leader_cost(self, p: int, leader: Card) -> int:
        """What recruiting ``leader`` costs seat ``p`` now: its coins (leaders.py applies
        the powers that lower it)."""
        return leader.coins

    def _discard_build_actions(self, p: int) -> list[Action]:
        city = self.cities[p]
        names = sorted({c.name for c in self.discard if not city.has_name(c)})
        return [Action("discard_build", name) for name in names] + [Action("skip")]

    # ------------------------------------------------------------ turn flow

    def start(self, rng: random.Random) -> None:
        """The game begins (after the deal of ``state.setup``): Age I (leaders.py drafts
        leaders first)."""
        self._start_age(1)

    def _start_age(self, age: int) -> None:
        self._deal_age(age)
        self._begin_turn()

    def _deal_age(self, age: int) -> None:
        """The Age's hands dealt; its first turn."""
        self.age = age
        self.turn = 1
        self.hands = self.ages[age - 1]
        self.ages[age - 1] = []  # dealt: the initial hands are history, not state
        self.pending = [None] * self.n
        self.phase = DRAFT
        self._legal.clear()
        self._events.append({"type": "age", "age": age})

    def _begin_turn(self) -> None:
        """A turn of card choices begins (the Free City's holder draws; once-a-turn powers
        are ready again: free_city.py, trade.py)."""

    def halicarnassus_turn(self, city: int) -> bool:
        """Whether the discard build owed now is Halicarnassus' (else Solomon's)."""
        return not (self._events and self._events[-1] == {"type": "solomon", "seat": city})

    def _packet(self, seat: int) -> int:
        """The packet (first holder this Age) of the hand ``seat`` holds now."""
        step = -1 if self.age == 2 else 1  # Ages I and III pass left (seat + 1)
        return (seat - step * (max(self.turn, 1) - 1)) % self.n  # turn 0: the recruitment

    def _provenance(self, seat: int) -> Provenance:
        return (self.age, self._packet(seat), self.hand_size - len(self.hands[seat]), seat)

    def _take_from_hand(self, seat: int, name: str) -> tuple[Card, Provenance]:
        hand = self.hands[seat]
        prov = self._provenance(seat)
        for i, card in enumerate(hand):
            if card.name == name:
                del hand[i]
                self._left_hand(seat, i)
                return card, prov
        raise AssertionError(f"{name} not in hand")  # legal_actions checked it

    def _left_hand(self, seat: int, index: int) -> None:
        """The card at ``index`` of ``seat``'s hand has left it (free_city.py's masks)."""

    def _resolve_turn(self) -> None:
        actions = [a for a in self.pending if a is not None]
        self.pending = [None] * self.n
        self._legal.clear()
        self._events.append({"type": "turn", "age": self.age, "turn": self.turn})
        self._new_turn_of_coins()
        taken = [self._take_from_hand(self.decider(p), a.card) for p, a in enumerate(actions)]
        res = Resolution(self.n)
        for p, action in enumerate(actions):
            card, prov = taken[p]
            bank = self._pay(p, action, card, res)
            self._place(p, action, card, prov, bank, res)
        self._settle(res)
        self.extra_done = False
        self._after_turn()

    def _new_turn_of_coins(self) -> None:
        """Coins are about to change hands in a turn of its own (Berenice: cities.py)."""

    def _pay(self, p: int, action: Action, card: Card, res: Resolution) -> int:
        """Coins leave the city: the card's bank cost (not for chains) and the trades.

        Returns the coins paid to the bank."""
        city = self.cities[p]
        chain = action.kind == "build" and city.chain_free(card)
        bank = card.coins if action.kind == "build" and not chain else 0
        if action.kind == "wonder":
            stage = city.next_stage
            bank = stage.coins if stage is not None else 0  # Petra
        bought = self._purchases(p, action, card, chain)
        city.coins -= bank + action.left + action.right + action.bank
        res.income[self.left(p)] += action.left
        res.income[self.right(p)] += action.right
        self._after_payment(p, action, chain, bought, res)
        return bank + action.bank

    def _purchases(self, p: int, action: Action, card: Card, chain: bool) -> int:
        """The sides ``action`` buys from (bit 1 left, 2 right), before the coins go."""
        return (1 if action.left else 0) | (2 if action.right else 0)

    def _after_payment(
        self, p: int, action: Action, chain: bool, bought: int, res: Resolution
    ) -> None:
        """Coins that follow a payment (Hatshepsut, Vitruvius: leaders.py)."""

    def _place(
        self, p: int, action: Action, card: Card, prov: Provenance, bank: int, res: Resolution
    ) -> None:
        """Put ``card`` where ``action`` says (``bank``: the coins it paid the bank), noting in
        ``res`` what it brings: a sale's coins, the building or stage whose coins count at
        ``_settle``."""
        city = self.cities[p]
        kind = action.kind
        by = {"by": self.decider(p)} if p >= self.players else {}
        if kind in ("build", "free_build"):
            if kind == "free_build":
                self._use_free_build(p, card)
            city.add_card(card)
            self._on_card_built(p, card)
            res.built.append((p, card))
            self._events.append(
                {"type": "build", "seat": p, "card": card.name, "free": kind == "free_build",
                 "paid": {"left": action.left, "right": action.right, "bank": bank}, **by}
            )  # fmt: skip
        elif kind == "wonder":
            res.stages.append((p, city.stages))
            stage = city.build_stage(card)
            self.buried_from[p].append(prov)
            paid = {"left": action.left, "right": action.right}
            if action.bank:
                paid["bank"] = action.bank
            self._events.append(
                {"type": "wonder", "seat": p, "stage": city.stages, "card": card.name,
                 "secret": True, "paid": paid, **by}
            )  # fmt: skip
            if "build_from_discard" in stage.powers:
                self.halicarnassus.append(p)
            self._on_stage_built(p, stage)
        else:  # sell
            self._to_discard(card, prov)
            res.income[p] += SELL_COINS
            self._events.append(
                {"type": "sell", "seat": p, "card": card.name, "secret": True, **by}
            )

    def _use_free_build(self, p: int, card: Card) -> None:
        """Spend the power behind a ``free_build`` (Olympia A's, once an Age)."""
        self.cities[p].free_build_age = self.age

    def _on_card_built(self, p: int, card: Card) -> None:
        """A card has entered city ``p`` (Cities' losses, the Courtesans Guild)."""

    def _on_stage_built(self, p: int, stage: Stage) -> None:
        """A wonder stage has been built in city ``p`` (Cities' losses, Roma's powers)."""

    def _to_discard(self, card: Card, prov: Provenance) -> None:
        self.discard.append(card)
        self.discard_from.append(prov)
        self.discard_seen.append(0)

    def _card_income(self, p: int, card: Card, income: list[int]) -> None:
        """The coins a card brings when built: its own and ``_build_income``'s, and the
        neighbours' coins from the bank (Cities' Gambling Den and House)."""
        city = self.cities[p]
        lc, rc = self.cities[self.left(p)], self.cities[self.right(p)]
        coins = card.coins_now
        for e in card.effects:
            if e.type == "coins_per":
                coins += scoring.effect_value(e, city, lc, rc)
            elif e.type == "neighbours_coins":
                income[self.left(p)] += e.amount
                income[self.right(p)] += e.amount
        income[p] += coins + self._build_income(p, card)

    def _build_income(self, p: int, card: Card) -> int:
        """Coins a city's powers add when it builds ``card`` (Xenophon: leaders.py)."""
        return 0

    def _settle(self, res: Resolution) -> None:
        """Coin effects of what was placed (counted after all placing), then income arrives."""
        for p, card in res.built:
            self._card_income(p, card, res.income)
        for p, stage_index in res.stages:
            res.income[p] += self.cities[p].stages_def[stage_index].coins_now
        self._receive(res.income)

    def _receive(self, income: list[int]) -> None:
        """The coins of ``income`` arrive (one event a city)."""
        self._income_bonus(income)
        for p, amount in enumerate(income):
            if amount:
                self.cities[p].coins += amount
                self._events.append({"type": "coins", "seat": p, "amount": amount})

    def _income_bonus(self, income: list[int]) -> None:
        """Coins a power adds to what arrives (Berenice: cities.py)."""

    def _play_card(self, p: int, action: Action, taken: tuple[Card, Provenance]) -> None:
        """One card played on its own (Babylon B's last card): pay, place, coins at once."""
        res = Resolution(self.n)
        bank = self._pay(p, action, taken[0], res)
        self._place(p, action, taken[0], taken[1], bank, res)
        self._settle(res)

    def _build_from_discard(self, p: int, name: str) -> None:
        for i, card in enumerate(self.discard):
            if card.name == name:
                del self.discard[i], self.discard_from[i], self.discard_seen[i]
                break
        else:
            raise AssertionError(f"{name} not in the discard pile")
        self.cities[p].add_card(card)
        self._on_card_built(p, card)
        self._events.append({"type": "build", "seat": p, "card": name, "from_discard": True})
        income = [0] * self.n
        self._card_income(p, card, income)
        self._receive(income)

    def _after_turn(self) -> None:
        """Run the end-of-turn steps in order, stopping at the next decision owed."""
        last_turn = self.turn == self.turns_per_age
        if self._owes_after_cards():
            return
        if last_turn and not self.extra_done:
            self.extra_done = True
            extra = [
                p
                for p in range(self.n)
                if "play_last_card" in self.cities[p].powers and self.hands[p]
            ]
            if extra:
                self.phase, self.queue = EXTRA, extra
                return
        if last_turn:
            for p in range(self.n):
                while self.hands[p]:
                    card, prov = self._take_from_hand(p, self.hands[p][0].name)
                    self._to_discard(card, prov)
                    self._events.append(
                        {"type": "discard", "seat": p, "card": card.name, "secret": True}
                    )
        for source in self._discard_builders():
            while source:
                p = source.pop(0)
                if any(not self.cities[p].has_name(c) for c in self.discard):
                    mask = 1 << self.decider(p)
                    self.discard_seen = [m | mask for m in self.discard_seen]
                    self.phase, self.queue = DISCARD_BUILD, [p]
                    if source is not self.halicarnassus:
                        self._events.append({"type": "solomon", "seat": p})
                    self._legal.clear()
                    return
        if self._owes_before_next_turn():
            return
        self._legal.clear()
        if self._next_turn(last_turn):
            return
        self._conflicts()
        if self.age < 3:
            self._start_age(self.age + 1)
        else:
            self.phase, self.queue = OVER, []
            self._result = self._compute_result()
            self._events.append({"type": "game_over", "totals": self._result.totals})

    def _owes_after_cards(self) -> bool:
        """A decision owed right after the cards are played (before Babylon's extra card);
        True when one is now the phase."""
        return False

    def _discard_builders(self) -> list[list[int]]:
        """The queues of cities building from the discard pile, in order: Halicarnassus,
        then Solomon (leaders.py)."""
        return [self.halicarnassus]

    def _owes_before_next_turn(self) -> bool:
        """A decision owed after the discard builds, before the next turn (leaders' return,
        Cities' debts); True when one is now the phase."""
        return False

    def _next_turn(self, last_turn: bool) -> bool:
        """Pass the hands and start the next turn of the Age; False after its last turn."""
        if last_turn:
            return False
        self._pass_hands()
        self.turn += 1
        self.phase, self.queue = DRAFT, []
        self._begin_turn()
        return True

    def _pass_hands(self) -> None:
        step = -1 if self.age == 2 else 1
        moved: list[list[Card]] = [[] for _ in range(self.n)]
        for p in range(self.n):
            moved[(p + step) % self.n] = self.hands[p]
        self.hands = moved

    # ------------------------------------------------------------ conflicts

    def _sitting_out(self) -> set[int]:
        """The cities out of this Age's conflicts (Cities' diplomacy)."""
        return set()

    def _battles(self, out: set[int]) -> list[tuple[int, int, int]]:
        """The conflicts of this Age: (city, city, tokens each): every city against its
        left neighbour."""
        return [(p, self.left(p), 1) for p in range(self.n)]

    def _defeat_taker(self, winner: int, loser: int) -> int:
        """Who takes a defeat token (Tomyris hands it to the winner: leaders.py)."""
        return loser

    def _on_victory(self, winner: int, tokens: int, income: list[int]) -> None:
        """Coins a victory brings (Nero: leaders.py)."""

    def _conflicts(self) -> None:
        win = VICTORY_TOKEN[self.age]
        income = [0] * self.n
        out = self._sitting_out()
        strength = [c.strength() for c in self.cities]  # before this Age's tokens (Semiramis)
        for p, q, tokens in self._battles(out):
            if strength[p] == strength[q]:
                continue
            winner, loser = (p, q) if strength[p] > strength[q] else (q, p)
            self.cities[winner].tokens += [win] * tokens
            self.cities[self._defeat_taker(winner, loser)].tokens += [DEFEAT_TOKEN] * tokens
            event: JSON = {
                "type": "conflict", "age": self.age, "winner": winner, "loser": loser,
                "shields": [strength[winner], strength[loser]],
            }  # fmt: skip
            if tokens != 1:
                event["tokens"] = tokens
            self._events.append(event)
            self._on_victory(winner, tokens, income)
        self._receive(income)

    # ------------------------------------------------------------ scoring

    def score_breakdown(self, p: int) -> dict[str, int]:
        return scoring.score_city(
            self.cities[p],
            self.cities[self.left(p)],
            self.cities[self.right(p)],
            leaders=self.leaders_on,
            cities=self.cities_on,
        )

    def _compute_result(self) -> Result:
        breakdowns = [self.score_breakdown(p) for p in range(self.n)]
        totals = [sum(b.values()) for b in breakdowns]
        coins = [c.coins for c in self.cities]
        m = self.players
        ranks = self._ranks(totals, coins)
        players = [PlayerResult(p, totals[p], breakdowns[p], ranks[p], coins[p]) for p in range(m)]
        extra = self._result_extra(breakdowns, totals, coins)
        return Result(players, [p for p in range(m) if ranks[p] == 1], extra=extra)

    def _ranks(self, totals: list[int], coins: list[int]) -> list[int]:
        """The players' ranks: points, then coins (teams: cities.py)."""
        m = self.players
        return rank_players(list(zip(totals[:m], coins[:m], strict=True)))

    def _result_extra(
        self, breakdowns: list[dict[str, int]], totals: list[int], coins: list[int]
    ) -> JSON:
        """What the result adds beyond the players (the teams, the Free City)."""
        return {}

    def result(self) -> Result:
        if self._result is None:
            raise IllegalActionError(_("the game is not over"))
        return self._result

    # ------------------------------------------------------------ views

    def _chosen(self, p: int) -> bool:
        """Whether city ``p`` has chosen in a simultaneous phase."""
        return self.phase == DRAFT and self.pending[p] is not None

    def _city_public(self, p: int) -> CityPublic:
        """What everyone sees of city ``p`` (a variant adds its own fields)."""
        city = self.cities[p]
        return {
            "seat": p,
            "wonder": city.wonder.name,
            "side": city.side,
            "stages": city.stages,
            "stages_total": len(city.stages_def),
            "coins": city.coins,
            "shields": city.shields,
            "tokens": list(city.tokens),
            "buildings": [c.name for c in city.cards],
        }

    def _city_view(self, p: int) -> CityView:
        return {**self._city_public(p), "hand_size": len(self.hands[p]), "chosen": self._chosen(p)}

    def view(self, player: int | None) -> ClassicView:
        """What ``player`` may know; ``None`` is a spectator (no hand, no hidden card)."""
        out: ClassicView = {
            "game": "classic",
            "seat": player,
            "age": self.age,
            "turn": self.turn,
            "phase": self.phase,
            "pass_to": self._pass_to(),
            "to_move": self.to_move(),
            "players": [self._city_view(p) for p in range(self.players)],
            "discard_size": len(self.discard),
            "events": self._seen_events(player),
        }
        if self.options.get("expansions"):
            out["expansions"] = list(self.options["expansions"])
        if player is not None:
            out["hand"] = [c.name for c in self.hands[player]]
            mine = self.pending[player]
            out["chosen"] = mine.to_json() if mine is not None else None
            if self.phase == DISCARD_BUILD and self.to_move() == [player]:
                out["discard"] = sorted(c.name for c in self.discard)
        if self.phase == OVER:
            out["result"] = self.result().to_json()
        self._view_extra(out, player)
        return out

    def _pass_to(self) -> str:
        return "right" if self.age == 2 else "left"

    def _view_extra(self, out: ClassicView, player: int | None) -> None:
        """What a variant adds to ``player``'s view."""

    def secret_events(self) -> list[int]:
        """The indices of the secret events in the log (kept up to date as it grows; a log
        replaced by one with the same secrets in the same places, as sampling's, stays valid)."""
        events = self._events
        for i in range(self._secret_scanned, len(events)):
            if events[i].get("secret"):
                self._secret.append(i)
        self._secret_scanned = len(events)
        return self._secret

    def knows(self, player: int, event: JSON) -> bool:
        """Whether ``player`` knows a secret event's card: its city's seat, or the Free City's
        controller (``by``)."""
        seat, by = event.get("seat"), event.get("by")
        return (isinstance(seat, int) and seat == player) or (isinstance(by, int) and by == player)

    def _seen_events(self, player: int | None) -> list[JSON]:
        """``player``'s redacted log: a fresh list, its event dicts shared between views (read
        them, do not change them). Cached per seat; a log replaced (sampling, loading) or
        changed in place by a clone starts the cache over (clones do not share it)."""
        events = self._events
        if self._seen_of is not events:
            self._seen = {}
            self._seen_of = events
        key = -1 if player is None else player
        seen = self._seen.get(key)
        if seen is None:
            seen = self._seen[key] = []
        for i in range(len(seen), len(events)):
            seen.append(self._redact(events[i], player))
        return list(seen)

    def _redact(self, event: JSON, player: int | None) -> JSON:
        if event.get("secret") and (player is None or not self.knows(player, event)):
            return {k: v for k, v in event.items() if k not in ("card", "secret")}
        return {k: v for k, v in event.items() if k != "secret"}

    # ------------------------------------------------------------ copies and JSON

    def clone(self) -> ClassicState:
        """An independent copy: every field (the variants' too, all declared in ``__init__``),
        containers changed in place copied, cards and actions shared (immutable)."""
        cities = [c.clone() for c in self.cities]
        ages = [[list(h) for h in age] for age in self.ages]
        return type(self)(self.cat, self.options, self.seed, cities, ages, self.hand_size, self)

    def _copy(self, o: ClassicState, cities: list[City], ages: list[list[list[Card]]]) -> None:
        """Every field of ``o`` (the variants' too, all declared in ``__init__``), with these
        copies of its cities and Ages; the containers changed in place are copied."""
        self.cat, self.options, self.seed, self.cities, self.ages = (
            o.cat,
            o.options,
            o.seed,
            cities,
            ages,
        )
        self.n, self.players, self.free_city = o.n, o.players, o.free_city
        self.leaders_on, self.cities_on, self.trade_on = o.leaders_on, o.cities_on, o.trade_on
        self.teams, self.hand_size, self.turns_per_age = o.teams, o.hand_size, o.turns_per_age
        self.age, self.turn, self.phase, self.extra_done = o.age, o.turn, o.phase, o.extra_done
        self.hands = [list(h) for h in o.hands]
        self.pending, self.queue = list(o.pending), list(o.queue)
        self.discard, self.discard_from = list(o.discard), list(o.discard_from)
        self.discard_seen = list(o.discard_seen)
        self.buried_from = [list(b) for b in o.buried_from]
        self.halicarnassus = list(o.halicarnassus)
        # a variant's lists are shared while it is off: nothing changes them then
        self.hand_masks = [list(m) for m in o.hand_masks] if o.free_city else o.hand_masks
        if o.leaders_on:
            self.leader_hands = [list(h) for h in o.leader_hands]
            self.leader_masks = [list(m) for m in o.leader_masks]
            self.packets = [list(h) for h in o.packets]
            self.packet_masks = [list(m) for m in o.packet_masks]
        else:
            self.leader_hands, self.leader_masks = o.leader_hands, o.leader_masks
            self.packets, self.packet_masks = o.packets, o.packet_masks
        self.box, self.box_masks = list(o.box), list(o.box_masks)
        self.draft_round = o.draft_round
        self.solomon, self.courtesans = list(o.solomon), list(o.courtesans)
        self.recruits, self.returns = list(o.recruits), list(o.returns)
        self.losses, self.owed = list(o.losses), dict(o.owed)
        self.berenice_done, self._trade_in = set(o.berenice_done), list(o._trade_in)
        self._events = list(o._events)
        self._secret, self._secret_scanned = list(o._secret), o._secret_scanned
        self._seen, self._seen_of = {}, self._events
        self._legal = {}
        self._result = o._result

    def to_json(self) -> JSON:
        def ref(card: Card) -> list[Any]:
            return [card.name, card.age]

        out: JSON = {
            "game": "classic",
            "options": self.options,
            "seed": self.seed,
            "age": self.age,
            "turn": self.turn,
            "phase": self.phase,
            "queue": list(self.queue),
            "extra_done": self.extra_done,
            "cities": [
                {
                    "wonder": c.wonder.name,
                    "side": c.side,
                    "stages": c.stages,
                    "cards": [ref(x) for x in c.cards],
                    "buried": [ref(x) for x in c.buried],
                    "buried_from": [list(p) for p in self.buried_from[i]],
                    "coins": c.coins,
                    "tokens": list(c.tokens),
                    "free_build_age": c.free_build_age,
                }
                for i, c in enumerate(self.cities)
            ],
            "hands": [[ref(x) for x in h] for h in self.hands],
            "ages": [[[ref(x) for x in h] for h in age] for age in self.ages],
            "pending": [a.to_json() if a else None for a in self.pending],
            "discard": [ref(x) for x in self.discard],
            "discard_from": [list(p) for p in self.discard_from],
            "discard_seen": list(self.discard_seen),
            "halicarnassus": list(self.halicarnassus),
            "events": list(self._events),
        }
        self._json_extra(out)
        return out

    def _json_extra(self, out: JSON) -> None:
        """What a variant adds to the state's JSON."""

    def _load_city_extra(self, city: City, data: JSON) -> None:
        """Read back what ``_json_extra`` wrote in a city's entry."""

    def _load_extra(self, data: JSON) -> None:
        """Read back what ``_json_extra`` wrote."""

    @classmethod
    def load(cls, data: JSON, hand_size: int) -> ClassicState:
        """The state of this class saved in ``data`` (``state.from_json`` picks the class)."""
        cat = catalog_for(data["options"].get("expansions", []))
        cards = {(c.name, c.age): c for c in (*cat.cards, *cat.leaders)}

        def card(ref: list[Any]) -> Card:
            return cards[(ref[0], ref[1])]

        def prov(x: list[int]) -> Provenance:
            return (x[0], x[1], x[2], x[3])

        cities = []
        for c in data["cities"]:
            city = City(cat.wonder_named(c["wonder"]), c["side"], coins=0)
            for marker in c["buried"]:
                city.build_stage(card(marker))
            for x in c["cards"]:
                city.add_card(card(x))
            city.coins = c["coins"]
            city.tokens = list(c["tokens"])
            city.free_build_age = c["free_build_age"]
            cities.append(city)
        ages = [[[card(x) for x in h] for h in age] for age in data["ages"]]
        state = cls(cat, data["options"], data["seed"], cities, ages, hand_size)
        for city, c in zip(cities, data["cities"], strict=True):
            state._load_city_extra(city, c)
        state.age, state.turn, state.phase = data["age"], data["turn"], data["phase"]
        state.queue = list(data["queue"])
        state.extra_done = data["extra_done"]
        state.hands = [[card(x) for x in h] for h in data["hands"]]
        state.pending = [Action.from_json(a) if a else None for a in data["pending"]]
        state.discard = [card(x) for x in data["discard"]]
        state.discard_from = [prov(x) for x in data["discard_from"]]
        state.discard_seen = list(data["discard_seen"])
        state.buried_from = [[prov(x) for x in c["buried_from"]] for c in data["cities"]]
        state.halicarnassus = list(data["halicarnassus"])
        state._load_extra(data)
        state._events = list(data["events"])
        if state.phase == OVER:
            state._result = state._compute_result()
        return state

    def action_from_json(self, data: Any) -> Action:
        return Action.from_json(data)
