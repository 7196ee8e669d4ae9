"""The 7 Wonders base game's turn (3-7 players), on the shared protocol.

A turn: every player picks an action at once (``to_move`` lists those who still owe one);
when all are in, the turn resolves: cards leave the hands, payments are made from the coins
each player had at the start of the turn, cards and stages are placed, then coin effects are
counted (so Vineyard and Bazar see neighbours' cards built the same turn), then the coins
received arrive. Wonder powers that act after the turn are decisions of their own, in the
order of RULES-NOTES: Babylon B's extra card, then the last cards are discarded, then
Halicarnassus builds from the discard pile. After the last turn of an Age come the conflicts.

The variants are *parts* (``Part``): the Free City (``free_city.py``), Leaders
(``leaders.py``) and Cities (``cities.py``), each owning its state, its copy and its JSON, and
the expansions' payments (``trade.py``, a ``Trade``). A game holds the parts its options turn
on (``state.py`` composes them); the base turn asks each part at the named points of
``Part``, in order, and a part that is off is simply not there.

Who moves and what they may do is a *phase table*: each phase has an owner (the base turn for
``draft``, ``extra_card``, ``discard_build`` and ``over``; a part for each phase it adds: the
leader draft, the recruitment, the debt...), which answers ``movers`` (who owes a decision),
``legal`` (what they may do), ``decide`` (what a choice does), ``chosen`` (who has chosen, in
a simultaneous phase) and ``acting_city`` (the city a seat decides for). What the moves of a
turn add up to (the coins each city receives, the buildings and stages whose coins count
after all placing) is a ``Resolution``, handed from ``pay`` to ``place`` to ``settle``.

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
from wonders.classic.cards import Card, Catalog, Stage, catalog_for
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
# the caches (legal actions, redacted logs, where the secret events are), not state
DERIVED = frozenset({"_legal", "_seen", "_seen_of", "_secret", "_secret_scanned"})

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
    whose coin effects count once everything is placed (``ClassicState.settle``)."""

    def __init__(self, n: int) -> None:
        self.income = [0] * n
        self.built: list[tuple[int, Card]] = []  # (city, building)
        self.stages: list[tuple[int, int]] = []  # (city, the index of the stage built)


class Trade:
    """How a city pays: the base game's payments, ``(left, right)`` coins to the neighbours
    for the resources bought, the cheapest ways only. ``trade.py``'s subclass is the
    expansions' (a bank coin for Bilkis' resource, the leaders' discounts, the Clandestine
    Docks), shared by Leaders and Cities; a game holds one."""

    def begin_turn(self, g: ClassicState) -> None:
        """A turn of card choices begins (once-a-turn trading powers are ready again)."""

    def build_pays(
        self, g: ClassicState, p: int, city: City, card: Card, market: MarketKey, budget: int
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

    def stage_pays(self, g: ClassicState, p: int, market: MarketKey) -> Sequence[Payment]:
        """The payments offered for the next wonder stage (none when all are built)."""
        city = g.cities[p]
        stage = city.next_stage
        if stage is None:
            return ()
        return affordable(market_options(stage.cost, market), city.coins)

    def purchases(self, g: ClassicState, p: int, action: Action, card: Card, chain: bool) -> int:
        """The sides ``action`` buys from (bit 1 left, 2 right), before the coins go."""
        return (1 if action.left else 0) | (2 if action.right else 0)

    def city_json(self, city: City, out: JSON) -> None:
        """What the payments keep in a city's entry of the state's JSON."""

    def load_city(self, city: City, data: JSON) -> None:
        """Read back what ``city_json`` wrote."""


class Part:
    """A variant's rules and state: the Free City, Leaders or Cities. The base turn asks each
    part of its game (``ClassicState.parts``, in that order) at the points below; a hook
    does nothing, or has no say (None, False), unless the part overrides it. A part owns its
    state: ``copy`` copies it (for ``clone``), ``to_json`` and ``load`` save and read it."""

    def copy(self) -> Part:
        """An independent copy of the part's state (for ``ClassicState.clone``)."""
        return self

    # ------------------------------------------------ the phases it adds (the phase table)

    def phases(self) -> tuple[str, ...]:
        """The phases this part owns: the base turn asks it the four questions below."""
        return ()

    def movers(self, g: ClassicState, phase: str) -> list[int]:
        """Who owes a decision now: by default the decider of the first city queued."""
        return [g.decider(g.queue[0])] if g.queue else []

    def legal(self, g: ClassicState, phase: str, player: int) -> list[Action]:
        """The legal actions of ``player``, who owes a decision in ``phase``."""
        return []

    def decide(self, g: ClassicState, phase: str, player: int, action: Action) -> None:
        """Take ``player``'s legal ``action`` in ``phase``."""

    def chosen(self, g: ClassicState, phase: str, city: int) -> bool:
        """Whether city ``city`` has chosen (in a simultaneous phase)."""
        return False

    def acting_city(self, g: ClassicState, phase: str, player: int) -> int:
        """The city ``player`` decides for now: by default the first city queued."""
        return g.queue[0] if g.queue else player

    # ------------------------------------------------ seats

    def controller(self, g: ClassicState) -> int | None:
        """The seat playing for the cities no player owns (the Free City's controller)."""
        return None

    def teammate(self, g: ClassicState, seat: int) -> int | None:
        """The seat playing with ``seat`` (the team game)."""
        return None

    def knows(self, g: ClassicState, player: int, event: JSON) -> bool:
        """Whether ``player`` knows a secret event's card besides the seats that played it."""
        return False

    # ------------------------------------------------ the start of the game and of an Age

    def start(self, g: ClassicState, rng: random.Random) -> bool:
        """The game begins; True when the part begins it (the leader draft)."""
        return False

    def start_age(self, g: ClassicState, age: int) -> bool:
        """An Age begins; True when the part begins it (the recruitment)."""
        return False

    def deal_age(self, g: ClassicState) -> None:
        """The Age's hands have been dealt."""

    def begin_turn(self, g: ClassicState) -> None:
        """A turn of card choices begins."""

    # ------------------------------------------------ the card choice

    def card_actions(
        self, g: ClassicState, city: int, acts: list[Action], hand: list[Card]
    ) -> list[Action]:
        """The card choices offered to ``city`` (a variant may keep only some)."""
        return acts

    def card_free_power(self, g: ClassicState, p: int, card: Card) -> bool:
        """Whether city ``p`` may build ``card`` free by a power besides Olympia A's."""
        return False

    def left_hand(self, g: ClassicState, seat: int, index: int) -> None:
        """The card at ``index`` of ``seat``'s hand has left it."""

    # ------------------------------------------------ payments and placing

    def new_turn_of_coins(self, g: ClassicState) -> None:
        """Coins are about to change hands in a turn of their own."""

    def after_payment(
        self, g: ClassicState, p: int, action: Action, chain: bool, bought: int, res: Resolution
    ) -> None:
        """Coins that follow a payment (``bought``: the sides bought from, bits 1 and 2)."""

    def place(
        self,
        g: ClassicState,
        p: int,
        action: Action,
        card: Card,
        prov: Provenance,
        res: Resolution,
    ) -> bool:
        """Put ``card`` where ``action`` says instead of the base turn; True when done."""
        return False

    def use_free_build(self, g: ClassicState, p: int, card: Card) -> bool:
        """Spend the power behind a ``free_build`` instead of Olympia's; True when spent."""
        return False

    def on_card_built(self, g: ClassicState, p: int, card: Card) -> None:
        """A card has entered city ``p``."""

    def on_stage_built(self, g: ClassicState, p: int, stage: Stage) -> None:
        """A wonder stage has been built in city ``p``."""

    def build_income(self, g: ClassicState, p: int, card: Card) -> int:
        """Coins the part's powers add when city ``p`` builds ``card``."""
        return 0

    def income_bonus(self, g: ClassicState, income: list[int]) -> None:
        """Coins a power adds to what arrives (``income``, changed in place)."""

    # ------------------------------------------------ the end of a turn

    def owes_after_cards(self, g: ClassicState) -> bool:
        """A decision owed right after the cards (before Babylon's extra card); True when
        one is now the phase."""
        return False

    def discard_builders(self, g: ClassicState) -> list[list[int]]:
        """Queues of cities building from the discard pile after Halicarnassus'."""
        return []

    def owes_before_next_turn(self, g: ClassicState) -> bool:
        """A decision owed after the discard builds, before the next turn; True when one
        is now the phase."""
        return False

    def pass_hands(self, g: ClassicState) -> bool:
        """Pass the hands instead of the base turn; True when done."""
        return False

    def pass_to(self, g: ClassicState) -> str | None:
        """Where the cards in hand go next, when the part says ("left" or "right")."""
        return None

    # ------------------------------------------------ conflicts

    def sitting_out(self, g: ClassicState) -> set[int]:
        """The cities out of this Age's conflicts."""
        return set()

    def battles(self, g: ClassicState, out: set[int]) -> list[tuple[int, int, int]] | None:
        """The conflicts of this Age instead of the base turn's: (city, city, tokens)."""
        return None

    def defeat_taker(self, g: ClassicState, winner: int, loser: int) -> int | None:
        """Who takes the defeat token instead of the loser."""
        return None

    def on_victory(self, g: ClassicState, winner: int, tokens: int, income: list[int]) -> None:
        """Coins a victory brings."""

    # ------------------------------------------------ the end of the game

    def ranks(self, g: ClassicState, totals: list[int], coins: list[int]) -> list[int] | None:
        """The players' ranks instead of points then coins."""
        return None

    def result_extra(
        self, g: ClassicState, breakdowns: list[dict[str, int]], totals: list[int], extra: JSON
    ) -> None:
        """What the part adds to the result beyond the players (in ``extra``)."""

    # ------------------------------------------------ views and JSON

    def city_public(self, g: ClassicState, p: int, out: CityPublic) -> None:
        """What everyone sees of city ``p`` that the part adds."""

    def view_extra(self, g: ClassicState, out: ClassicView, player: int | None) -> None:
        """What the part adds to ``player``'s view."""

    def to_json(self, g: ClassicState, out: JSON) -> None:
        """The part's state in the state's JSON (its own keys, and its cities' entries)."""

    def load(self, g: ClassicState, data: JSON) -> None:
        """Read back what ``to_json`` wrote (the cities are loaded, their entries in
        ``data["cities"]``)."""


class ClassicState(State):
    """The base game, with the parts its options turn on (``parts``: the Free City,
    Leaders, Cities) and its payments (``trade``). Which variants are on is also kept as
    facts read from the options (``free_city``, ``leaders_on``, ``cities_on``, ``teams``)
    for views, sampling and bots."""

    game_name = "classic"

    def __init__(
        self,
        cat: Catalog,
        options: JSON,
        seed: int,
        cities: list[City],
        ages: list[list[list[Card]]],
        hand_size: int,
        parts: list[Part],
        trade: Trade,
        copy_of: ClassicState | None = None,
    ) -> None:
        if copy_of is not None:  # clone(): compiled classes have no bare __new__
            self._copy(copy_of, cities, ages, parts)
            return
        self.cat = cat
        self.options = options
        self.seed = seed
        self.cities = cities
        self.n = len(cities)  # cities: the players' and, at 2 players, the Free City
        self.players: int = options.get("players", self.n)
        expansions = options.get("expansions", ())
        self.free_city = self.n > self.players
        self.leaders_on = "leaders" in expansions
        self.cities_on = "cities" in expansions
        self.teams = bool(options.get("teams"))
        self.parts = parts
        self.trade = trade
        # the phase table's phases added by the parts: phase -> index in ``parts``
        self._owners: dict[str, int] = {
            phase: i for i, part in enumerate(parts) for phase in part.phases()
        }
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
        for part in self.parts:
            seat = part.controller(self)
            if seat is not None:
                return seat
        raise IllegalActionError(_("there is no Free City in this game"))

    def teammate(self, seat: int) -> int | None:
        """The seat playing with ``seat`` in the team game (cities.py); None otherwise."""
        for part in self.parts:
            mate = part.teammate(self, seat)
            if mate is not None:
                return mate
        return None

    def decider(self, city: int) -> int:
        """The seat that decides for ``city``: its own, or for a city no player owns (the
        Free City) the controller's."""
        return city if city < self.players else self.controller()

    # ------------------------------------------------------------ the phase table

    def to_move(self) -> list[int]:
        phase = self.phase
        if phase == DRAFT:
            return self._draft_movers()
        if phase in (EXTRA, DISCARD_BUILD):
            return [self.decider(self.queue[0])] if self.queue else []
        if phase == OVER:
            return []
        return self.parts[self._owners[phase]].movers(self, phase)

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
        phase = self.phase
        if phase == DRAFT:
            city = self._draft_city(player)
            hand = self.hands[player]
            if city != player:  # the Free City's card, from the hand less the own pick
                pick = self.pending[player]
                assert pick is not None
                hand = list(hand)
                hand.remove(next(c for c in hand if c.name == pick.card))
            return self._offered(city, hand, olympia=True)
        if phase == DISCARD_BUILD:
            return self._discard_build_actions(self.queue[0])
        if phase == EXTRA:  # Babylon B's last card
            city = self.queue[0]
            return self._offered(city, self.hands[city], olympia=False)
        return self.parts[self._owners[phase]].legal(self, phase, player)

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
        phase = self.phase
        if phase == DRAFT:
            self.pending[self._draft_city(player)] = action
            self._legal.pop(player, None)  # the controller chooses the Free City's next
            if all(a is not None for a in self.pending):
                self._resolve_turn()
            return
        if phase not in (EXTRA, DISCARD_BUILD):
            self.parts[self._owners[phase]].decide(self, phase, player, action)
            return
        city = self.queue.pop(0)
        self._legal.clear()
        if phase == EXTRA:
            self._play_card(city, action, self._take_from_hand(city, action.card))
            if not self.queue:
                self.after_turn()
            return
        if action.kind == "discard_build":  # DISCARD_BUILD
            self._build_from_discard(city, action.card)
        self.after_turn()

    def chosen(self, city: int) -> bool:
        """Whether ``city`` has chosen in a simultaneous phase (its choice still hidden)."""
        phase = self.phase
        if phase == DRAFT:
            return self.pending[city] is not None
        if phase in (EXTRA, DISCARD_BUILD, OVER):
            return False
        return self.parts[self._owners[phase]].chosen(self, phase, city)

    def acting_city(self, player: int) -> int:
        """The city ``player`` decides for now: their own, the Free City's when choosing for
        it, or the city owing a sub-decision."""
        phase = self.phase
        if phase == DRAFT:
            return self._draft_city(player)
        if phase in (EXTRA, DISCARD_BUILD):
            return self.queue[0] if self.queue else player
        if phase == OVER:
            return player
        return self.parts[self._owners[phase]].acting_city(self, phase, player)

    def stale(self, player: int | None = None) -> None:
        """The legal actions cached are no longer right: ``player``'s, or everyone's."""
        if player is None:
            self._legal.clear()
        else:
            self._legal.pop(player, None)

    def simultaneous_movers(self) -> list[int]:
        """The players who have not chosen yet, in a phase where all choose at once."""
        return [p for p in range(self.players) if self.pending[p] is None]

    def _draft_movers(self) -> list[int]:
        """The players choosing a card; a city no player owns (the Free City) has its card
        chosen by its controller, after their own."""
        movers = self.simultaneous_movers()
        for c in range(self.players, self.n):
            if self.pending[c] is None:
                seat = self.decider(c)
                if self.pending[seat] is not None:
                    movers.append(seat)
                    movers.sort()
        return movers

    def _draft_city(self, player: int) -> int:
        """The city whose card ``player`` chooses now in the draft: their own, then the
        Free City's when they control it."""
        if self.pending[player] is None:
            return player
        for c in range(self.players, self.n):
            if self.pending[c] is None and self.decider(c) == player:
                return c
        return player

    # ------------------------------------------------------------ legal actions

    def _offered(self, city: int, hand: list[Card], olympia: bool) -> list[Action]:
        """The card choices of ``city`` from ``hand``, as its variants allow them."""
        acts = self._card_actions(city, hand, olympia)
        for part in self.parts:
            acts = part.card_actions(self, city, acts, hand)
        return acts

    def _card_actions(self, p: int, hand: list[Card], olympia: bool) -> list[Action]:
        """The card choices of city ``p``: build (each payment), bury under the next stage
        (each payment), sell; a card the city can build free by chain is only built free."""
        city = self.cities[p]
        market = city.market_key(self.cities[self.left(p)], self.cities[self.right(p)])
        budget = city.coins
        trade = self.trade
        stage_pay = trade.stage_pays(self, p, market)
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
                pays = trade.build_pays(self, p, city, card, market, budget)
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

    def _card_free_power(self, p: int, card: Card) -> bool:
        """A free build of ``card`` besides Olympia A's (Caligula's: cities.py)."""
        return any(part.card_free_power(self, p, card) for part in self.parts)

    def offers_every_payment(self, p: int) -> bool:
        """Whether city ``p`` is offered every payment, not only the cheapest ones: a city
        no player owns (the Free City: its controller buys "whatever the price")."""
        return p >= self.players

    def _discard_build_actions(self, p: int) -> list[Action]:
        city = self.cities[p]
        names = sorted({c.name for c in self.discard if not city.has_name(c)})
        return [Action("discard_build", name) for name in names] + [Action("skip")]

    # ------------------------------------------------------------ turn flow

    def start(self, rng: random.Random) -> None:
        """The game begins (after the deal of ``state.setup``): Age I, unless a part begins
        it (leaders.py drafts leaders first)."""
        for part in self.parts:
            if part.start(self, rng):
                return
        self.start_age(1)

    def start_age(self, age: int) -> None:
        """An Age begins: its hands dealt, its first turn (a part may begin it otherwise:
        the leaders' recruitment)."""
        for part in self.parts:
            if part.start_age(self, age):
                return
        self.deal_age(age)
        self._begin_turn()

    def deal_age(self, age: int) -> None:
        """The Age's hands dealt; its first turn."""
        self.age = age
        self.turn = 1
        self.hands = self.ages[age - 1]
        self.ages[age - 1] = []  # dealt: the initial hands are history, not state
        self.pending = [None] * self.n
        self.phase = DRAFT
        self._legal.clear()
        self._events.append({"type": "age", "age": age})
        for part in self.parts:
            part.deal_age(self)

    def _begin_turn(self) -> None:
        """A turn of card choices begins (once-a-turn powers are ready again: trade.py; the
        Free City's holder draws: free_city.py)."""
        self.trade.begin_turn(self)
        for part in self.parts:
            part.begin_turn(self)

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
                for part in self.parts:
                    part.left_hand(self, seat, i)
                return card, prov
        raise AssertionError(f"{name} not in hand")  # legal_actions checked it

    def _resolve_turn(self) -> None:
        actions = [a for a in self.pending if a is not None]
        self.pending = [None] * self.n
        self._legal.clear()
        self._events.append({"type": "turn", "age": self.age, "turn": self.turn})
        self.new_turn_of_coins()
        taken = [self._take_from_hand(self.decider(p), a.card) for p, a in enumerate(actions)]
        res = Resolution(self.n)
        for p, action in enumerate(actions):
            card, prov = taken[p]
            bank = self.pay(p, action, card, res)
            self.place(p, action, card, prov, bank, res)
        self.settle(res)
        self.extra_done = False
        self.after_turn()

    def new_turn_of_coins(self) -> None:
        """Coins are about to change hands in a turn of its own (Berenice: cities.py)."""
        for part in self.parts:
            part.new_turn_of_coins(self)

    def pay(self, p: int, action: Action, card: Card, res: Resolution) -> int:
        """Coins leave the city: the card's bank cost (not for chains) and the trades.

        Returns the coins paid to the bank."""
        city = self.cities[p]
        chain = action.kind == "build" and city.chain_free(card)
        bank = card.coins if action.kind == "build" and not chain else 0
        if action.kind == "wonder":
            stage = city.next_stage
            bank = stage.coins if stage is not None else 0  # Petra
        bought = self.trade.purchases(self, p, action, card, chain)
        city.coins -= bank + action.left + action.right + action.bank
        res.income[self.left(p)] += action.left
        res.income[self.right(p)] += action.right
        for part in self.parts:  # coins that follow (Hatshepsut, Vitruvius: leaders.py)
            part.after_payment(self, p, action, chain, bought, res)
        return bank + action.bank

    def place(
        self, p: int, action: Action, card: Card, prov: Provenance, bank: int, res: Resolution
    ) -> None:
        """Put ``card`` where ``action`` says (``bank``: the coins it paid the bank), noting in
        ``res`` what it brings: a sale's coins, the building or stage whose coins count at
        ``settle``; a part may place it instead (a leader sold: to the box)."""
        for part in self.parts:
            if part.place(self, p, action, card, prov, res):
                return
        city = self.cities[p]
        kind = action.kind
        by = {"by": self.decider(p)} if p >= self.players else {}
        if kind in ("build", "free_build"):
            if kind == "free_build":
                self._use_free_build(p, card)
            city.add_card(card)
            self.on_card_built(p, card)
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
            for part in self.parts:
                part.on_stage_built(self, p, stage)
        else:  # sell
            self._to_discard(card, prov)
            res.income[p] += SELL_COINS
            self._events.append(
                {"type": "sell", "seat": p, "card": card.name, "secret": True, **by}
            )

    def _use_free_build(self, p: int, card: Card) -> None:
        """Spend the power behind a ``free_build``: a part's (Caligula's), else Olympia A's,
        once an Age."""
        for part in self.parts:
            if part.use_free_build(self, p, card):
                return
        self.cities[p].free_build_age = self.age

    def on_card_built(self, p: int, card: Card) -> None:
        """A card has entered city ``p`` (Cities' losses, the Courtesans Guild)."""
        for part in self.parts:
            part.on_card_built(self, p, card)

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
        for part in self.parts:  # Xenophon, Diocletian: leaders.py
            coins += part.build_income(self, p, card)
        income[p] += coins

    def settle(self, res: Resolution) -> None:
        """Coin effects of what was placed (counted after all placing), then income arrives."""
        for p, card in res.built:
            self._card_income(p, card, res.income)
        for p, stage_index in res.stages:
            res.income[p] += self.cities[p].stages_def[stage_index].coins_now
        self.receive(res.income)

    def receive(self, income: list[int]) -> None:
        """The coins of ``income`` arrive (one event a city)."""
        for part in self.parts:  # Berenice: cities.py
            part.income_bonus(self, income)
        for p, amount in enumerate(income):
            if amount:
                self.cities[p].coins += amount
                self._events.append({"type": "coins", "seat": p, "amount": amount})

    def _play_card(self, p: int, action: Action, taken: tuple[Card, Provenance]) -> None:
        """One card played on its own (Babylon B's last card): pay, place, coins at once."""
        res = Resolution(self.n)
        bank = self.pay(p, action, taken[0], res)
        self.place(p, action, taken[0], taken[1], bank, res)
        self.settle(res)

    def _build_from_discard(self, p: int, name: str) -> None:
        for i, card in enumerate(self.discard):
            if card.name == name:
                del self.discard[i], self.discard_from[i], self.discard_seen[i]
                break
        else:
            raise AssertionError(f"{name} not in the discard pile")
        self.cities[p].add_card(card)
        self.on_card_built(p, card)
        self._events.append({"type": "build", "seat": p, "card": name, "from_discard": True})
        income = [0] * self.n
        self._card_income(p, card, income)
        self.receive(income)

    def after_turn(self) -> None:
        """Run the end-of-turn steps in order, stopping at the next decision owed."""
        last_turn = self.turn == self.turns_per_age
        for part in self.parts:  # the Courtesans Guild, Roma B: leaders.py
            if part.owes_after_cards(self):
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
        builders = [self.halicarnassus]  # then Solomon (leaders.py)
        for part in self.parts:
            builders += part.discard_builders(self)
        for source in builders:
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
        for part in self.parts:  # the leaders sent back, Cities' debts
            if part.owes_before_next_turn(self):
                return
        self._legal.clear()
        if self._next_turn(last_turn):
            return
        self._conflicts()
        if self.age < 3:
            self.start_age(self.age + 1)
        else:
            self.phase, self.queue = OVER, []
            self._result = self._compute_result()
            self._events.append({"type": "game_over", "totals": self._result.totals})

    def _next_turn(self, last_turn: bool) -> bool:
        """Pass the hands and start the next turn of the Age; False after its last turn.
        After turn 0 (the leaders' recruitment) the Age's first turn begins, nothing
        passed."""
        if last_turn:
            return False
        if self.turn == 0:
            self.pending = [None] * self.n
        else:
            self._pass_hands()
        self.turn += 1
        self.phase, self.queue = DRAFT, []
        self._begin_turn()
        return True

    def _pass_hands(self) -> None:
        for part in self.parts:  # the Free City: the two players swap
            if part.pass_hands(self):
                return
        step = -1 if self.age == 2 else 1
        moved: list[list[Card]] = [[] for _ in range(self.n)]
        for p in range(self.n):
            moved[(p + step) % self.n] = self.hands[p]
        self.hands = moved

    # ------------------------------------------------------------ conflicts

    def _battles(self, out: set[int]) -> list[tuple[int, int, int]]:
        """The conflicts of this Age: (city, city, tokens each): every city against its
        left neighbour, unless a part says otherwise (Cities' diplomacy and teams)."""
        for part in self.parts:
            battles = part.battles(self, out)
            if battles is not None:
                return battles
        return [(p, self.left(p), 1) for p in range(self.n)]

    def _defeat_taker(self, winner: int, loser: int) -> int:
        """Who takes a defeat token: the loser (Tomyris hands it to the winner: leaders.py)."""
        for part in self.parts:
            taker = part.defeat_taker(self, winner, loser)
            if taker is not None:
                return taker
        return loser

    def _conflicts(self) -> None:
        win = VICTORY_TOKEN[self.age]
        income = [0] * self.n
        out: set[int] = set()
        for part in self.parts:  # the cities out of this Age's conflicts (diplomacy)
            out |= part.sitting_out(self)
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
            for part in self.parts:  # Nero: leaders.py
                part.on_victory(self, winner, tokens, income)
        self.receive(income)

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
        extra: JSON = {}
        for part in self.parts:  # the Free City's score, the teams
            part.result_extra(self, breakdowns, totals, extra)
        return Result(players, [p for p in range(m) if ranks[p] == 1], extra=extra)

    def _ranks(self, totals: list[int], coins: list[int]) -> list[int]:
        """The players' ranks: points, then coins (teams: cities.py)."""
        for part in self.parts:
            ranks = part.ranks(self, totals, coins)
            if ranks is not None:
                return ranks
        m = self.players
        return rank_players(list(zip(totals[:m], coins[:m], strict=True)))

    def result(self) -> Result:
        if self._result is None:
            raise IllegalActionError(_("the game is not over"))
        return self._result

    # ------------------------------------------------------------ views

    def city_public(self, p: int) -> CityPublic:
        """What everyone sees of city ``p`` (a variant adds its own fields)."""
        city = self.cities[p]
        out: CityPublic = {
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
        for part in self.parts:
            part.city_public(self, p, out)
        return out

    def _city_view(self, p: int) -> CityView:
        return {**self.city_public(p), "hand_size": len(self.hands[p]), "chosen": self.chosen(p)}

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
        for part in self.parts:
            part.view_extra(self, out, player)
        return out

    def _pass_to(self) -> str:
        for part in self.parts:  # the leader draft passes right
            side = part.pass_to(self)
            if side is not None:
                return side
        return "right" if self.age == 2 else "left"

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
        """Whether ``player`` knows a secret event's card: its city's seat, the Free City's
        controller (``by``), or as a part says (a teammate: cities.py)."""
        if self.played(player, event):
            return True
        return any(part.knows(self, player, event) for part in self.parts)

    @staticmethod
    def played(player: int, event: JSON) -> bool:
        """Whether ``player`` played a secret event's card: its city's seat, or the Free
        City's controller (``by``)."""
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

    def derived_fields(self) -> frozenset[str]:
        return DERIVED

    def clone(self) -> ClassicState:
        """An independent copy: every field, containers changed in place copied, the parts
        copied by themselves, cards and actions shared (immutable)."""
        cities = [c.clone() for c in self.cities]
        ages = [[list(h) for h in age] for age in self.ages]
        parts = [part.copy() for part in self.parts]
        return type(self)(
            self.cat, self.options, self.seed, cities, ages, self.hand_size, parts, self.trade, self
        )

    def _copy(
        self, o: ClassicState, cities: list[City], ages: list[list[list[Card]]], parts: list[Part]
    ) -> None:
        """Every field of ``o``, with these copies of its cities, Ages and parts; the
        containers changed in place are copied."""
        self.cat, self.options, self.seed, self.cities, self.ages = (
            o.cat,
            o.options,
            o.seed,
            cities,
            ages,
        )
        self.n, self.players, self.free_city = o.n, o.players, o.free_city
        self.leaders_on, self.cities_on, self.teams = o.leaders_on, o.cities_on, o.teams
        self.parts, self.trade, self._owners = parts, o.trade, o._owners
        self.hand_size, self.turns_per_age = o.hand_size, o.turns_per_age
        self.age, self.turn, self.phase, self.extra_done = o.age, o.turn, o.phase, o.extra_done
        self.hands = [list(h) for h in o.hands]
        self.pending, self.queue = list(o.pending), list(o.queue)
        self.discard, self.discard_from = list(o.discard), list(o.discard_from)
        self.discard_seen = list(o.discard_seen)
        self.buried_from = [list(b) for b in o.buried_from]
        self.halicarnassus = list(o.halicarnassus)
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
        for i, c in enumerate(self.cities):
            self.trade.city_json(c, out["cities"][i])
        for part in self.parts:
            part.to_json(self, out)
        return out

    @classmethod
    def load(cls, data: JSON, hand_size: int, parts: list[Part], trade: Trade) -> ClassicState:
        """The state saved in ``data``, with the parts and payments of its options
        (``state.from_json`` picks them)."""
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
        state = cls(cat, data["options"], data["seed"], cities, ages, hand_size, parts, trade)
        for city, c in zip(cities, data["cities"], strict=True):
            trade.load_city(city, c)
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
        for part in parts:
            part.load(state, data)
        state._events = list(data["events"])
        if state.phase == OVER:
            state._result = state._compute_result()
        return state

    def action_from_json(self, data: Any) -> Action:
        return Action.from_json(data)
