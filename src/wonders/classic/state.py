"""7 Wonders (base game, 3-7 players) on the shared protocol.

A turn: every player picks an action at once (``to_move`` lists those who still owe one);
when all are in, the turn resolves: cards leave the hands, payments are made from the coins
each player had at the start of the turn, cards and stages are placed, then coin effects are
counted (so Vineyard and Bazar see neighbours' cards built the same turn), then the coins
received arrive. Wonder powers that act after the turn are decisions of their own, in the
order of RULES-NOTES: Babylon B's extra card, then the 7th cards are discarded, then
Halicarnassus builds from the discard pile. After the 6th turn of an Age come the conflicts.

Expansions are options of this one module (docs/RULINGS.md has the details):

- ``{"players": 2}``: the Free City (city 2) between the two players, with its own deck; the
  holder of the Free City card draws its top card, chooses their own card, then the Free
  City's (``to_move`` keeps listing them); the three cards resolve as one turn.
- ``{"expansions": ["leaders"]}``: 6 starting coins, the leader draft (phase
  ``leader_draft``), a recruitment (phase ``recruit``, turn 0) at the start of each Age, and
  the sub-decisions ``recruit_now`` (Roma B), ``courtesan`` (Courtesans Guild),
  ``return_leader`` (Age III) and Solomon's discard build (phase ``discard_build``, after
  Halicarnassus'). Leaders' lasting effects live in ``City.lp``.
- ``{"expansions": ["cities"]}``: black cards (8 cards a hand, 7 turns; 7 and 6 at 8
  players), coin losses settled at the end of the turn (phase ``debt``: each losing player
  chooses how much to pay, the rest becomes debt), diplomacy in the conflicts, masks at the
  end. ``{"teams": true}`` (4, 6 or 8 players): seats 0-1, 2-3... play together.

Rulings taken here (also in docs/RULINGS.md):
- Babylon B plays its last card with the coins it has after turn 6 resolved.
- Halicarnassus may decline (``skip``); with nothing buildable in the pile nothing happens.
- Olympia A's free build is offered for every card the city may build that is not free anyway.
"""

from __future__ import annotations

import random
from typing import Any

from wonders.classic import scoring
from wonders.classic.actions import KINDS, Action
from wonders.classic.cards import (
    BLACK,
    CITIES_MAX_PLAYERS,
    EXPANSIONS,
    LEADER,
    MAX_PLAYERS,
    ZERO,
    Card,
    Catalog,
    Effect,
    Vector,
    age_deck,
    black_cards,
    catalog_for,
)
from wonders.classic.city import STARTING_COINS, City
from wonders.classic.payments import FREE, pareto3, payment_options, reduced_costs
from wonders.core.errors import IllegalActionError, OptionsError
from wonders.core.protocol import JSON, PlayerResult, Result, State, rank_players

HAND_SIZE = 7
TURNS_PER_AGE = 6
CITIES_HAND_SIZE = 8  # Cities: one card more a hand, one turn more an Age (not at 8 players)
MAX_GUILDS = 9  # players + 2, and 9 at 8 players
TEAM_SIZES = (4, 6, 8)
SELL_COINS = 3
# City.trade_used bits besides the docks' 1 (left) and 2 (right): Bilkis' bank resource
# bought this turn; Hatshepsut's coin taken for the left / right neighbour this turn
BILKIS_USED, HATSHEPSUT_LEFT, HATSHEPSUT_RIGHT = 4, 8, 16
VICTORY_TOKEN = {1: 1, 2: 3, 3: 5}
DEFEAT_TOKEN = -1

DRAFT, EXTRA, DISCARD_BUILD, OVER = "draft", "extra_card", "discard_build", "over"
DEBT = "debt"  # Cities: the losing players choose what to pay
# the Leaders expansion's phases
LEADER_DRAFT, RECRUIT, RECRUIT_NOW = "leader_draft", "recruit", "recruit_now"
COURTESAN, RETURN = "courtesan", "return_leader"
SIMULTANEOUS = (DRAFT, LEADER_DRAFT, RECRUIT)  # (DEBT too, but per city: see _debt_city)
FREE_CITY_PLAYERS = 2
FREE_CITY = 2  # the Free City's index among the cities of a 2-player game
LEADERS_COINS = 6
LEADERS_DEALT = 4
LEADER_SELL_COINS = 3
BOX = -1  # provenance "age" of a leader (leaders have no Age)

# where a hidden card came from: (age, packet, removal index, remover); a packet is the
# hand first dealt to that seat in that Age, and the removal index counts its cards taken
Provenance = tuple[int, int, int, int]


def normalize_options(options: JSON) -> JSON:
    """Check the options and fill in defaults; an impossible option is an OptionsError."""
    known = {"players", "sides", "wonders", "expansions", "teams"}
    unknown = set(options) - known
    if unknown:
        raise OptionsError(f"unknown option(s) {sorted(unknown)}; known: {sorted(known)}")
    expansions = _expansions(options.get("expansions", []))
    players = options.get("players", 3)
    most = CITIES_MAX_PLAYERS if "cities" in expansions else MAX_PLAYERS
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionsError(f"players must be a number, got {players!r}")
    if players == CITIES_MAX_PLAYERS and most == MAX_PLAYERS:
        raise OptionsError("8 players need the Cities expansion")
    if not FREE_CITY_PLAYERS <= players <= most:
        raise OptionsError(f"players must be {FREE_CITY_PLAYERS} to {most}, got {players!r}")
    teams = options.get("teams", False)
    if not isinstance(teams, bool):
        raise OptionsError("teams must be true or false")
    if teams and "cities" not in expansions:
        raise OptionsError("the team game needs the Cities expansion")
    if teams and players not in TEAM_SIZES:
        raise OptionsError(f"the team game is for 4, 6 or 8 players, not {players}")
    cities = players + 1 if players == FREE_CITY_PLAYERS else players
    sides = options.get("sides", "random")
    side_list = [sides] * cities if isinstance(sides, str) else sides
    if isinstance(side_list, list) and len(side_list) == players < cities:
        side_list = [*side_list, "random"]  # the Free City's side
    if not isinstance(side_list, list) or len(side_list) != cities:
        raise OptionsError("sides must be A, B, random, or one of those per seat")
    for s in side_list:
        if s not in ("A", "B", "random"):
            raise OptionsError(f"a side must be A, B or random, got {s!r}")
    wonders = options.get("wonders")
    cat = catalog_for(expansions)
    names: list[str | None] = [None] * cities
    if wonders is not None:
        if isinstance(wonders, list) and len(wonders) == players < cities:
            wonders = [*wonders, None]  # the Free City's wonder is dealt at random
        if not isinstance(wonders, list) or len(wonders) != cities:
            raise OptionsError("wonders must list one wonder (or null for random) per seat")
        for i, w in enumerate(wonders):
            if w is None or w == "random":
                continue
            if not isinstance(w, str):
                raise OptionsError(f"seat {i}: a wonder must be a name")
            try:
                names[i] = cat.wonder_named(w).name
            except KeyError:
                known_w = ", ".join(x.name for x in cat.wonders)
                raise OptionsError(f"unknown wonder {w!r}; wonders: {known_w}") from None
        chosen = [n for n in names if n]
        if len(set(chosen)) != len(chosen):
            raise OptionsError("two seats cannot have the same wonder")
    out: JSON = {"players": players, "sides": side_list, "wonders": names}
    if expansions:
        out["expansions"] = expansions
    if teams:
        out["teams"] = True
    return out


def _expansions(raw: Any) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(e, str) for e in raw):
        raise OptionsError("expansions must be a list of names")
    out = []
    for name in raw:
        key = name.strip().lower()
        if key not in EXPANSIONS:
            raise OptionsError(f"unknown expansion {name!r}; expansions: {', '.join(EXPANSIONS)}")
        if key not in out:
            out.append(key)
    return sorted(out)


def setup(options: JSON, seed: int) -> ClassicState:
    """A new game: wonders and sides dealt, the three Ages' hands dealt from the seed."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionsError("the seed must be an integer")
    opts = normalize_options(options)
    players = opts["players"]
    n = len(opts["sides"])  # cities: the players, and the Free City at 2 players
    leaders = "leaders" in opts.get("expansions", [])
    cat = catalog_for(opts.get("expansions", []))
    rng = random.Random(seed)
    free = [w for w in cat.wonders if w.name not in opts["wonders"]]
    rng.shuffle(free)
    cities = []
    for seat in range(n):
        name = opts["wonders"][seat]
        wonder = cat.wonder_named(name) if name else free.pop()
        side = opts["sides"][seat]
        if side == "random":
            side = rng.choice(("A", "B"))
        coins = LEADERS_COINS if leaders and seat < players else STARTING_COINS
        cities.append(City(wonder, side, coins))
    ages: list[list[list[Card]]] = []
    size = hand_size(opts)
    for age in (1, 2, 3):
        deck = age_deck(cat, age, n)
        if "cities" in opts.get("expansions", []):
            deck += rng.sample(black_cards(cat, age), min(n, MAX_PLAYERS))
        if age == 3:
            deck += rng.sample(list(cat.guilds), min(n + 2, MAX_GUILDS))
        rng.shuffle(deck)
        ages.append([deck[i * size : (i + 1) * size] for i in range(n)])
    state = ClassicState(cat, opts, seed, cities, ages)
    if leaders:
        state._deal_leaders(rng)
    else:
        state._start_age(1)
    return state


def hand_size(options: JSON) -> int:
    """Cards dealt a hand: 7, 8 with Cities, 7 again at 8 players (one turn fewer)."""
    if "cities" in options.get("expansions", []) and options["players"] < CITIES_MAX_PLAYERS:
        return CITIES_HAND_SIZE
    return HAND_SIZE


def _ones(bits: int) -> int:
    return bin(bits).count("1")


def _names(cards: list[Card]) -> list[str]:
    return sorted({c.name for c in cards})


class ClassicState(State):
    game_name = "classic"

    def __init__(
        self,
        cat: Catalog,
        options: JSON,
        seed: int,
        cities: list[City],
        ages: list[list[list[Card]]],
    ) -> None:
        self.cat = cat
        self.options = options
        self.seed = seed
        self.cities = cities
        self.n = len(cities)  # cities: the players' and, at 2 players, the Free City
        self.players: int = options.get("players", self.n)
        self.free_city = self.players == FREE_CITY_PLAYERS
        self.leaders_on = "leaders" in options.get("expansions", [])
        self.cities_on = "cities" in options.get("expansions", [])
        self.teams = bool(options.get("teams"))
        self.hand_size = hand_size(options)
        self.turns_per_age = self.hand_size - 1
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
        # 2 players: which seats know each card of each hand (the Free City's deck is hands[2])
        self.hand_masks: list[list[int]] = [[] for _ in cities]
        # Leaders: kept hands, draft packets, the box, with who knows each card
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
        # Cities: coin losses of this turn (who caused it, the effect), what each city owes
        # in the debt phase, Berenice's once-a-turn coin, coins received from neighbours
        self.losses: list[tuple[int, Effect]] = []
        self.owed: dict[int, int] = {}
        self.berenice_done: set[int] = set()
        self._trade_in = [0] * self.n
        self._events: list[JSON] = []
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
        """2 players: the seat playing for the Free City this turn (the Free City card's
        holder): the Free City's left neighbour (seat 0) starts Ages I and III, its right
        neighbour (seat 1) Age II; control alternates every turn."""
        start = 1 if self.age == 2 else 0
        return (start + max(self.turn, 1) - 1) % 2

    def teammate(self, seat: int) -> int | None:
        """Team game: the seat playing with ``seat`` (seats 0-1, 2-3... sit together)."""
        return seat ^ 1 if self.teams else None

    def decider(self, city: int) -> int:
        """The seat that decides for ``city`` (the Free City's controller for the Free City)."""
        return city if city < self.players else self.controller()

    def _fc_choosing(self, player: int) -> bool:
        """Whether ``player`` now chooses the Free City's card (after their own)."""
        return (
            self.free_city
            and self.phase == DRAFT
            and player == self.controller()
            and self.pending[player] is not None
            and self.pending[FREE_CITY] is None
        )

    def to_move(self) -> list[int]:
        if self.phase == DRAFT:
            movers = [p for p in range(self.players) if self.pending[p] is None]
            if self.free_city and self._fc_choosing(self.controller()):
                movers = sorted({*movers, self.controller()})
            return movers
        if self.phase in (LEADER_DRAFT, RECRUIT):
            return [p for p in range(self.players) if self.pending[p] is None]
        if self.phase == DEBT:
            return sorted({self.decider(c) for c in self.owed if self.pending[c] is None})
        if self.phase == OVER:
            return []
        return [self.decider(self.queue[0])] if self.queue else []

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int) -> list[Action]:
        cached = self._legal.get(player)
        if cached is not None:
            return cached
        if player not in self.to_move():
            acts: list[Action] = []
        elif self.phase == DRAFT:
            if self._fc_choosing(player):
                pick = self.pending[player]
                assert pick is not None
                hand = list(self.hands[player])
                hand.remove(next(c for c in hand if c.name == pick.card))
                acts = self._free_city_filter(
                    self._card_actions(FREE_CITY, hand, olympia=True), hand
                )
            else:
                acts = self._card_actions(player, self.hands[player], olympia=True)
        elif self.phase == DISCARD_BUILD:
            acts = self._discard_build_actions(self.queue[0])
        elif self.phase == DEBT:
            city = self._debt_city(player)
            most = min(self.cities[city].coins, self.owed[city])
            acts = [Action("pay", bank=k) for k in range(most, -1, -1)]
        elif self.phase == EXTRA:
            city = self.queue[0]
            acts = self._card_actions(city, self.hands[city], olympia=False)
            if city == FREE_CITY and self.free_city:
                acts = self._free_city_filter(acts, self.hands[city])
        elif self.phase == LEADER_DRAFT:
            acts = [
                Action("draft", name) for name in sorted({c.name for c in self.packets[player]})
            ]
        elif self.phase == RECRUIT:
            acts = self._recruit_actions(player)
        elif self.phase == RECRUIT_NOW:
            acts = self._recruit_now_actions(player)
        elif self.phase == COURTESAN:
            acts = [Action("copy", c.name) for c in self._copyable_leaders(self.queue[0])]
        else:  # RETURN
            acts = [
                Action("return", n) for n in sorted({c.name for c in self.leader_hands[player]})
            ]
        self._legal[player] = acts
        return acts

    def apply(self, player: int, action: Any) -> None:
        if not isinstance(action, Action) or action.kind not in KINDS:
            raise IllegalActionError(f"not a 7 Wonders action: {action!r}")
        if not 0 <= player < self.players:
            raise IllegalActionError(f"no seat {player} in a {self.players}-player game")
        if player not in self.to_move():
            raise IllegalActionError(f"seat {player} owes no decision now")
        if action not in self.legal_actions(player):
            raise IllegalActionError(f"seat {player} cannot {action.describe()} now")
        if self.phase == DEBT:
            self.pending[self._debt_city(player)] = action
            self._legal.pop(player, None)
            if all(self.pending[c] is not None for c in self.owed):
                self._settle_debts()
            return
        if self.phase in SIMULTANEOUS:
            if self._fc_choosing(player):
                self.pending[FREE_CITY] = action
            else:
                self.pending[player] = action
            self._legal.pop(player, None)
            if self.phase == DRAFT and self.free_city:
                self._legal.clear()
            if all(a is not None for a in self.pending[: self._simultaneous_cities()]):
                if self.phase == DRAFT:
                    self._resolve_turn()
                elif self.phase == LEADER_DRAFT:
                    self._resolve_draft_round()
                else:
                    self._resolve_recruitment()
            return
        city = self.queue.pop(0)
        self._legal.clear()
        if self.phase == EXTRA:
            self._play_card(city, action, self._take_from_hand(city, action.card))
            if not self.queue:
                self._after_turn()
        elif self.phase == RECRUIT_NOW:
            if action.kind == "recruit":
                income = [0] * self.n
                self._recruit(city, action.card, income)
                self._receive(income)
            self._after_turn()
        elif self.phase == COURTESAN:
            self._copy_leader(city, action.card)
            self._after_turn()
        elif self.phase == RETURN:
            self._return_leader(city, action.card)
            self._after_turn()
        else:
            if action.kind == "discard_build":
                self._build_from_discard(city, action.card)
            self._after_turn()

    def _debt_city(self, seat: int) -> int:
        """The city whose loss ``seat`` decides now (at 2 players the Free City's
        controller decides for their own city first, then for the Free City)."""
        return min(c for c in self.owed if self.pending[c] is None and self.decider(c) == seat)

    def _simultaneous_cities(self) -> int:
        return self.n if self.phase == DRAFT else self.players

    def action_from_json(self, data: JSON) -> Action:
        return Action.from_json(data)

    # ------------------------------------------------------------ legal actions

    def _card_actions(self, p: int, hand: list[Card], olympia: bool) -> list[Action]:
        """The card choices of city ``p``. The base game keeps this lean copy of
        ``_card_actions_ext`` (no Bilkis, docks, Petra, discounts): the bench's hot path,
        about 15% faster than going through the general one."""
        if self.leaders_on or self.cities_on:
            return self._card_actions_ext(p, hand, olympia)
        city = self.cities[p]
        lc, rc = self.cities[self.left(p)], self.cities[self.right(p)]
        budget = city.coins
        stage = city.next_stage
        market = city.market(lc, rc)
        stage_pay = payment_options(stage.cost, market, budget) if stage is not None else ()
        free_power = (
            olympia and "free_build_per_age" in city.powers and city.free_build_age != self.age
        )
        acts: list[Action] = []
        seen: set[str] = set()
        for card in hand:
            name = card.name
            if name in seen:
                continue
            seen.add(name)
            if card.name_id not in city.names:
                if card.free or city.chain_free(card):
                    acts.append(Action("build", name))
                else:
                    if card.coins <= budget:
                        pays = (
                            payment_options(card.cost, market, budget - card.coins)
                            if any(card.cost)
                            else FREE
                        )
                        for left, right in pays:
                            acts.append(Action("build", name, left, right))
                    if free_power:
                        acts.append(Action("free_build", name))
            for left, right in stage_pay:
                acts.append(Action("wonder", name, left, right))
            acts.append(Action("sell", name))
        return acts

    def _pays(self, p: int, cost: Vector, less: int, budget: int) -> list[tuple[int, int, int]]:
        """With expansions: the (left, right, bank) payments of a resource cost for city
        ``p``, with ``less`` resources taken off (Leaders: the player's pick), Bilkis' bank
        purchase and the Clandestine Docks' coin off the first purchase on a side each turn.
        The Free City's controller buys from either side whatever the price (2-player rules),
        so it gets every payment, not only the cheapest ones."""
        options = self._pay_options(p, cost, less, budget)
        if self.free_city and p == FREE_CITY:
            return sorted(options)
        return pareto3(set(options))

    def _pay_options(
        self, p: int, cost: Vector, less: int, budget: int
    ) -> dict[tuple[int, int, int], int]:
        """Every payment of ``_pays`` (not only the best ones), each with the docks it uses
        (bit 1 left, 2 right; a purchase the dock makes free uses it too), the fewest
        when one payment can be made in two ways."""
        if budget < 0:
            return {}
        city = self.cities[p]
        market = city.market(self.cities[self.left(p)], self.cities[self.right(p)])
        bilkis = city.lp.get("bank_resource", 0) > 0 and not city.trade_used & BILKIS_USED
        dock_l = 1 if city.docks[0] and not city.trade_used & 1 else 0
        dock_r = 1 if city.docks[1] and not city.trade_used & 2 else 0
        found: dict[tuple[int, int, int], int] = {}
        for need in reduced_costs(cost, less) if less else (cost,):
            if not any(need):
                return {(0, 0, 0): 0}
            for bank in (0, 1) if bilkis and budget >= 1 else (0,):
                for rest in reduced_costs(need, 1) if bank else (need,):
                    for left, right in payment_options(rest, market, budget - bank + 2):
                        used = (dock_l if left else 0) | (2 * dock_r if right else 0)
                        pay = (left - (used & 1), right - (used >> 1), bank)
                        fewer = pay not in found or _ones(used) < _ones(found[pay])
                        if sum(pay) <= budget and fewer:
                            found[pay] = used
        return found

    def _docks_used(self, p: int, action: Action, card: Card) -> int:
        """The docks (bits 1 left, 2 right) the chosen payment of a build or stage uses."""
        city = self.cities[p]
        if action.kind == "build":
            cost = ZERO if card.is_guild and city.lp.get("free_guilds") else card.cost
            less, budget = city.lp.get("discount:" + card.color, 0), city.coins - card.coins
        else:
            stage = city.next_stage
            assert stage is not None
            cost = ZERO if "free_stage_resources" in city.powers else stage.cost
            less, budget = city.lp.get("discount:wonder", 0), city.coins - stage.coins
        options = self._pay_options(p, cost, less, budget)
        return options.get((action.left, action.right, action.bank), 0)

    def _stage_pays(self, p: int) -> list[tuple[int, int, int]]:
        """With expansions: the payments of the next wonder stage (Petra's coins are paid to
        the bank on top; the Architect Cabinet takes the resources off, not the coins)."""
        city = self.cities[p]
        stage = city.next_stage
        if stage is None or stage.coins > city.coins:
            return []
        cost = ZERO if "free_stage_resources" in city.powers else stage.cost
        return self._pays(p, cost, city.lp.get("discount:wonder", 0), city.coins - stage.coins)

    def _free_build_power(self, p: int, card: Card, olympia: bool) -> bool:
        """Olympia A's once-an-Age free build, or Caligula's for a black card."""
        city = self.cities[p]
        if olympia and "free_build_per_age" in city.powers and city.free_build_age != self.age:
            return True
        return card.color == BLACK and self._caligula_ready(p)

    def _caligula_ready(self, p: int) -> bool:
        city = self.cities[p]
        return bool(city.lp.get("free_black_per_age")) and city.caligula_age != self.age

    def _card_actions_ext(self, p: int, hand: list[Card], olympia: bool) -> list[Action]:
        city = self.cities[p]
        budget = city.coins
        lp = city.lp
        stage_pay = self._stage_pays(p)
        acts: list[Action] = []
        seen: set[str] = set()
        for card in hand:
            name = card.name
            if name in seen:
                continue
            seen.add(name)
            if card.name_id not in city.names:
                cost = ZERO if card.is_guild and lp.get("free_guilds") else card.cost
                if (card.coins == 0 and not any(cost)) or city.chain_free(card):
                    acts.append(Action("build", name))
                else:
                    less = lp.get("discount:" + card.color, 0)
                    for left, right, bank in self._pays(p, cost, less, budget - card.coins):
                        acts.append(Action("build", name, left, right, bank))
                    if self._free_build_power(p, card, olympia):
                        acts.append(Action("free_build", name))
            for left, right, bank in stage_pay:
                acts.append(Action("wonder", name, left, right, bank))
            acts.append(Action("sell", name))
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

    def _discard_build_actions(self, p: int) -> list[Action]:
        city = self.cities[p]
        names = sorted({c.name for c in self.discard if not city.has_name(c)})
        return [Action("discard_build", name) for name in names] + [Action("skip")]

    def leader_cost(self, p: int, leader: Card) -> int:
        """What recruiting ``leader`` costs seat ``p`` now (Maecenas, Roma A: nothing; Roma
        B: 2 less for Roma, 1 less for its neighbours)."""
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
        stage_pay = self._stage_pays(p)
        acts: list[Action] = []
        for name in sorted({c.name for c in self.leader_hands[p]}):
            leader = self.cat.by_name[name.lower()][0]
            if self.leader_cost(p, leader) <= city.coins:
                acts.append(Action("recruit", name))
            for left, right, bank in stage_pay:
                acts.append(Action("wonder", name, left, right, bank))
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

    # ------------------------------------------------------------ turn flow

    def _fresh_turn(self) -> None:
        """Once-a-turn powers (Bilkis, the Clandestine Docks) are ready again."""
        if self.cities_on or self.leaders_on:
            for city in self.cities:
                city.trade_used = 0

    def _start_age(self, age: int) -> None:
        self.age = age
        self.turn = 1
        self.hands = self.ages[age - 1]
        self.ages[age - 1] = []  # dealt: the initial hands are history, not state
        self.pending = [None] * self.n
        self.phase = DRAFT
        self._legal.clear()
        self._events.append({"type": "age", "age": age})
        if self.free_city:
            self.hand_masks = [[1 << p] * len(h) for p, h in enumerate(self.hands)]
            self.hand_masks[FREE_CITY] = [0] * len(self.hands[FREE_CITY])
        if self.leaders_on and any(self.leader_hands):
            self.turn = 0  # the recruitment comes first
            self.phase = RECRUIT
            self._fresh_turn()
            self.pending = [
                None if p < self.players and self.leader_hands[p] else Action("skip")
                for p in range(self.n)
            ]
            self._events.append({"type": "recruitment", "age": age})
            return
        self._begin_turn()

    def _begin_turn(self) -> None:
        """2 players: the Free City card's holder adds the top card of its deck to their hand.
        Bilkis and the Clandestine Docks are fresh again."""
        self._fresh_turn()
        if self.free_city:
            ctrl = self.controller()
            self.hands[ctrl].append(self.hands[FREE_CITY].pop(0))
            self.hand_masks[FREE_CITY].pop(0)
            self.hand_masks[ctrl].append(1 << ctrl)
            self._events.append({"type": "free_city", "controller": ctrl, "turn": self.turn})

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
                if self.free_city:
                    del self.hand_masks[seat][i]
                return card, prov
        raise AssertionError(f"{name} not in hand")  # legal_actions checked it

    def _resolve_turn(self) -> None:
        actions = [a for a in self.pending if a is not None]
        self.pending = [None] * self.n
        self._legal.clear()
        self._events.append({"type": "turn", "age": self.age, "turn": self.turn})
        self.berenice_done.clear()
        taken = [self._take_from_hand(self.decider(p), a.card) for p, a in enumerate(actions)]
        income = [0] * self.n
        built: list[tuple[int, Card]] = []
        stages: list[tuple[int, int]] = []
        for p, action in enumerate(actions):
            card, prov = taken[p]
            bank = self._pay(p, action, card, income)
            self._place(p, action, card, prov, bank, income, built, stages)
        self._settle(income, built, stages)
        self.extra_done = False
        self._after_turn()

    def _pay(self, p: int, action: Action, card: Card, income: list[int]) -> int:
        """Coins leave the city: the card's bank cost (not for chains) and the trades.

        Returns the coins paid to the bank."""
        city = self.cities[p]
        chain = action.kind == "build" and city.chain_free(card)
        bank = card.coins if action.kind == "build" and not chain else 0
        if action.kind == "wonder":
            stage = city.next_stage
            bank = stage.coins if stage is not None else 0  # Petra
        docks = 0
        if self.cities_on and any(city.docks) and action.kind in ("build", "wonder") and not chain:
            docks = self._docks_used(p, action, card)  # before the coins go
            city.trade_used |= docks
        if action.bank:
            city.trade_used |= BILKIS_USED
        city.coins -= bank + action.left + action.right + action.bank
        income[self.left(p)] += action.left
        income[self.right(p)] += action.right
        if self.cities_on:  # coins from neighbours are not from the bank (Berenice)
            self._trade_in[self.left(p)] += action.left
            self._trade_in[self.right(p)] += action.right
        if self.leaders_on:
            lp = city.lp
            if lp.get("trade_rebate"):  # Hatshepsut: 1 per neighbour bought from, a turn
                for paid, dock, done in (
                    (action.left, 1, HATSHEPSUT_LEFT),
                    (action.right, 2, HATSHEPSUT_RIGHT),
                ):
                    if (paid or docks & dock) and not city.trade_used & done:
                        city.trade_used |= done
                        income[p] += lp["trade_rebate"]
            if chain and lp.get("coins_on_chain"):  # Vitruvius
                income[p] += lp["coins_on_chain"]
        return bank + action.bank

    def _place(
        self,
        p: int,
        action: Action,
        card: Card,
        prov: Provenance,
        bank: int,
        income: list[int],
        built: list[tuple[int, Card]],
        stages: list[tuple[int, int]],
    ) -> None:
        city = self.cities[p]
        kind = action.kind
        by = {"by": self.decider(p)} if p >= self.players else {}
        if kind in ("build", "free_build"):
            if kind == "free_build":  # Caligula's power first: Olympia's fits any card
                if card.color == BLACK and self._caligula_ready(p):
                    city.caligula_age = self.age
                else:
                    city.free_build_age = self.age
            city.add_card(card)
            self._note_losses(p, card.effects)
            built.append((p, card))
            self._events.append(
                {"type": "build", "seat": p, "card": card.name, "free": kind == "free_build",
                 "paid": {"left": action.left, "right": action.right, "bank": bank}, **by}
            )  # fmt: skip
            if self.leaders_on and any(e.type == "copy_leader" for e in card.effects):
                self.courtesans.append(p)
        elif kind == "wonder":
            stages.append((p, city.stages))
            stage = city.build_stage(card)
            self._note_losses(p, stage.effects)
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
            if p < self.players:  # the Free City never has leaders (Roma's powers are void)
                if "draw_leaders" in stage.powers:
                    self._draw_leaders(p, stage)
                if "recruit_leader" in stage.powers:
                    self.recruits.append(p)
        elif card.color == LEADER:  # sold in the recruitment: back to the box
            self._to_box(card, p)
            income[p] += LEADER_SELL_COINS
            self._events.append({"type": "sell", "seat": p, "card": card.name, "secret": True})
        else:  # sell
            self._to_discard(card, prov)
            income[p] += SELL_COINS
            self._events.append(
                {"type": "sell", "seat": p, "card": card.name, "secret": True, **by}
            )

    def _to_discard(self, card: Card, prov: Provenance) -> None:
        self.discard.append(card)
        self.discard_from.append(prov)
        self.discard_seen.append(0)

    def _note_losses(self, p: int, effects: tuple[Effect, ...]) -> None:
        """Cities: coin losses are settled at the end of the turn (the debt phase)."""
        for e in effects:
            if e.type in ("lose_coins", "lose_coins_per"):
                self.losses.append((p, e))

    def _card_income(self, p: int, card: Card, income: list[int]) -> None:
        """The coins a card brings when built: its own, Xenophon's and Diocletian's, and the
        neighbours' coins from the bank (Gambling Den and House)."""
        city = self.cities[p]
        lc, rc = self.cities[self.left(p)], self.cities[self.right(p)]
        coins = card.coins_now
        for e in card.effects:
            if e.type == "coins_per":
                coins += scoring.effect_value(e, city, lc, rc)
            elif e.type == "neighbours_coins":
                income[self.left(p)] += e.amount
                income[self.right(p)] += e.amount
        if self.leaders_on:
            coins += city.lp.get("coins_on_build:" + card.color, 0)  # Xenophon, Diocletian
        income[p] += coins

    def _settle(
        self, income: list[int], built: list[tuple[int, Card]], stages: list[tuple[int, int]]
    ) -> None:
        """Coin effects of what was placed (counted after all placing), then income arrives."""
        for p, card in built:
            self._card_income(p, card, income)
        for p, stage_index in stages:
            income[p] += self.cities[p].stages_def[stage_index].coins_now
        self._receive(income)

    def _receive(self, income: list[int]) -> None:
        for p, amount in enumerate(income):
            bonus = amount > self._trade_in[p] and self.cities[p].lp.get("bank_bonus")
            if bonus and self.cities_on and p not in self.berenice_done:
                self.berenice_done.add(p)  # Berenice: 1 more from the bank, once a turn
                amount += 1
            if amount:
                self.cities[p].coins += amount
                self._events.append({"type": "coins", "seat": p, "amount": amount})
        if self.cities_on:
            self._trade_in = [0] * self.n

    def _play_card(self, p: int, action: Action, taken: tuple[Card, Provenance]) -> None:
        """One card played on its own (Babylon B's last card): pay, place, coins at once."""
        income = [0] * self.n
        built: list[tuple[int, Card]] = []
        stages: list[tuple[int, int]] = []
        bank = self._pay(p, action, taken[0], income)
        self._place(p, action, taken[0], taken[1], bank, income, built, stages)
        self._settle(income, built, stages)

    def _build_from_discard(self, p: int, name: str) -> None:
        for i, card in enumerate(self.discard):
            if card.name == name:
                del self.discard[i], self.discard_from[i], self.discard_seen[i]
                break
        else:
            raise AssertionError(f"{name} not in the discard pile")
        self.cities[p].add_card(card)
        self._note_losses(p, card.effects)
        self._events.append({"type": "build", "seat": p, "card": name, "from_discard": True})
        if self.leaders_on and any(e.type == "copy_leader" for e in card.effects):
            self.courtesans.append(p)
        income = [0] * self.n
        self._card_income(p, card, income)
        self._receive(income)

    def _after_turn(self) -> None:
        """Run the end-of-turn steps in order, stopping at the next decision owed."""
        last_turn = self.turn == self.turns_per_age
        while self.courtesans:  # the Courtesans Guild's choice, when it is built
            p = self.courtesans.pop(0)
            if self._copyable_leaders(p):
                self.phase, self.queue = COURTESAN, [p]
                self._legal.clear()
                return
        while self.recruits:  # Roma B: recruit a leader at once
            p = self.recruits.pop(0)
            if self.leader_hands[p]:
                self.phase, self.queue = RECRUIT_NOW, [p]
                self._legal.clear()
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
        # Halicarnassus first, then Solomon (Leaders FAQ)
        for source in (self.halicarnassus, self.solomon):
            while source:
                p = source.pop(0)
                if any(not self.cities[p].has_name(c) for c in self.discard):
                    mask = 1 << self.decider(p)
                    self.discard_seen = [m | mask for m in self.discard_seen]
                    self.phase, self.queue = DISCARD_BUILD, [p]
                    if source is self.solomon:
                        self._events.append({"type": "solomon", "seat": p})
                    self._legal.clear()
                    return
        while self.returns:  # Age III: the leader sent back to the box
            p = self.returns.pop(0)
            if len(self.leader_hands[p]) > 1:
                self.phase, self.queue = RETURN, [p]
                self._legal.clear()
                return
            if self.leader_hands[p]:
                self._return_leader(p, self.leader_hands[p][0].name)
        if self.losses:  # Cities: the turn's coin losses, once every card is played
            self._start_debt()
            if self.phase == DEBT:
                return
        self._legal.clear()
        if self.turn == 0:  # the recruitment is over: the Age's first turn
            self.turn = 1
            self.phase, self.queue = DRAFT, []
            self.pending = [None] * self.n
            self._begin_turn()
            return
        if not last_turn:
            self._pass_hands()
            self.turn += 1
            self.phase, self.queue = DRAFT, []
            self._begin_turn()
            return
        self._conflicts()
        if self.age < 3:
            self._start_age(self.age + 1)
        else:
            self.phase, self.queue = OVER, []
            self._result = self._compute_result()
            self._events.append({"type": "game_over", "totals": self._result.totals})

    def _pass_hands(self) -> None:
        if self.free_city:  # the two players swap hands; the Free City's deck stays
            self.hands[0], self.hands[1] = self.hands[1], self.hands[0]
            self.hand_masks[0] = [3] * len(self.hands[0])  # both have seen these
            self.hand_masks[1] = [3] * len(self.hands[1])
            return
        step = -1 if self.age == 2 else 1
        moved: list[list[Card]] = [[] for _ in range(self.n)]
        for p in range(self.n):
            moved[(p + step) % self.n] = self.hands[p]
        self.hands = moved

    def _start_debt(self) -> None:
        """Cities: what each city loses this turn; a city with coins chooses what to pay
        (phase ``debt``), one without takes it all as debt."""
        owed = [0] * self.n
        for source, e in self.losses:
            for q in range(self.n):
                if q == source:
                    continue
                if e.type == "lose_coins":
                    owed[q] += e.amount
                else:  # lose_coins_per: the loser's own victory tokens or wonder stages
                    city = self.cities[q]
                    what = city.victories if e.count[0] == "victory_tokens" else city.stages
                    owed[q] += e.amount * what
        self.losses = []
        self.owed = {}
        for q, amount in enumerate(owed):
            if amount and self.cities[q].coins == 0:
                self._take_loss(q, amount, 0)
            elif amount:
                self.owed[q] = amount
        if self.owed:
            self.phase, self.queue = DEBT, []
            self.pending = [None] * self.n
            self._legal.clear()
            shown = {str(c): n for c, n in self.owed.items()}
            self._events.append({"type": "losses", "owed": shown})

    def _settle_debts(self) -> None:
        for c, amount in sorted(self.owed.items()):
            action = self.pending[c]
            assert action is not None
            self._take_loss(c, amount, action.bank)
        self.owed = {}
        self.pending = [None] * self.n
        self._legal.clear()
        self._after_turn()

    def _take_loss(self, c: int, amount: int, paid: int) -> None:
        city = self.cities[c]
        city.coins -= paid
        city.debt += amount - paid
        self._events.append(
            {"type": "debt", "seat": c, "lost": amount, "paid": paid, "debt": amount - paid}
        )

    def _battles(self, diplomats: set[int]) -> list[tuple[int, int, int]]:
        """The conflicts of this Age: (city, city, tokens each). Diplomats sit out and their
        neighbours fight; two cities left fight once. Teams: each player fights the opposing
        neighbour for two tokens, one when either holds a diplomacy token."""
        if self.teams:
            return [
                (p, q, 1 if p in diplomats or q in diplomats else 2)
                for p in range(self.n)
                for q in (self.left(p),)
                if p // 2 != q // 2
            ]
        fighters = [p for p in range(self.n) if p not in diplomats]
        if len(fighters) == 2:
            return [(fighters[0], fighters[1], 1)]
        if len(fighters) < 2:
            return []
        return [(p, fighters[(i + 1) % len(fighters)], 1) for i, p in enumerate(fighters)]

    def _conflicts(self) -> None:
        win = VICTORY_TOKEN[self.age]
        income = [0] * self.n
        self.berenice_done.clear()  # the conflicts are a turn of their own (Cities FAQ)
        diplomats = {p for p in range(self.n) if self.cities[p].diplomacy}
        for p in sorted(diplomats):
            self.cities[p].diplomacy -= 1
            self._events.append({"type": "diplomacy", "seat": p, "age": self.age})
        strength = [c.strength() for c in self.cities]  # before this Age's tokens (Semiramis)
        for p, q, tokens in self._battles(diplomats):
            if strength[p] == strength[q]:
                continue
            winner, loser = (p, q) if strength[p] > strength[q] else (q, p)
            self.cities[winner].tokens += [win] * tokens
            tomyris = self.leaders_on and self.cities[loser].lp.get("defeats_to_winner")
            self.cities[winner if tomyris else loser].tokens += [DEFEAT_TOKEN] * tokens
            event: JSON = {
                "type": "conflict", "age": self.age, "winner": winner, "loser": loser,
                "shields": [strength[winner], strength[loser]],
            }  # fmt: skip
            if tokens != 1:
                event["tokens"] = tokens
            self._events.append(event)
            if self.leaders_on:  # Nero: per victory token
                income[winner] += self.cities[winner].lp.get("coins_on_victory", 0) * tokens
        self._receive(income)

    # ------------------------------------------------------------ leaders

    def _deal_leaders(self, rng: random.Random) -> None:
        """Leaders: 4 leaders each, at random; the rest stay in the box. Then the draft."""
        pool = list(self.cat.leaders)
        rng.shuffle(pool)
        for p in range(self.players):
            self.packets[p] = pool[p * LEADERS_DEALT : (p + 1) * LEADERS_DEALT]
            self.packet_masks[p] = [1 << p] * LEADERS_DEALT
        self.box = pool[self.players * LEADERS_DEALT :]
        self.box_masks = [0] * len(self.box)
        self.phase = LEADER_DRAFT
        self.draft_round = 1
        self.pending = [None] * self.n
        self._events.append({"type": "leader_draft", "round": 1})

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

    def _resolve_recruitment(self) -> None:
        actions = list(self.pending)
        self.pending = [None] * self.n
        self._legal.clear()
        self._events.append({"type": "recruit_turn", "age": self.age})
        self.berenice_done.clear()
        income = [0] * self.n
        stages: list[tuple[int, int]] = []
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
                self._recruit(p, card.name, income, card)
            else:
                bank = self._pay(p, action, card, income)
                self._place(p, action, card, (BOX, 0, 0, p), bank, income, [], stages)
        self._settle(income, [], stages)
        if self.age == 3:
            self.returns = [p for p in range(self.players) if self.leader_hands[p]]
        self.extra_done = False
        self._after_turn()

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

    def _draw_leaders(self, p: int, stage: Any) -> None:
        """Roma B's first stage: leaders from the box into the hand."""
        amount = next(e.amount for e in stage.effects if e.type == "draw_leaders")
        drawn, self.box = self.box[:amount], self.box[amount:]
        self.box_masks = [0] * len(self.box)  # nobody knows any more what is left in it
        self.leader_hands[p] += drawn
        self.leader_masks[p] += [1 << p] * len(drawn)
        self._events.append({"type": "draw_leaders", "seat": p, "count": len(drawn)})

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
        extra: JSON = {}
        if self.teams:  # a team's total and coins are its two players'; teams are ranked
            keys = [(totals[t] + totals[t + 1], coins[t] + coins[t + 1]) for t in range(0, m, 2)]
            team_ranks = rank_players(keys)
            ranks = [team_ranks[p // 2] for p in range(m)]
            extra["teams"] = [
                {"seats": [2 * i, 2 * i + 1], "total": k[0], "coins": k[1], "rank": team_ranks[i]}
                for i, k in enumerate(keys)
            ]
        else:
            ranks = rank_players(list(zip(totals[:m], coins[:m], strict=True)))
        players = [PlayerResult(p, totals[p], breakdowns[p], ranks[p], coins[p]) for p in range(m)]
        if self.free_city:
            extra["free_city"] = {
                "total": totals[FREE_CITY],
                "breakdown": breakdowns[FREE_CITY],
                "coins": coins[FREE_CITY],
            }
        return Result(players, [p for p in range(m) if ranks[p] == 1], extra=extra)

    def result(self) -> Result:
        if self._result is None:
            raise IllegalActionError("the game is not over")
        return self._result

    # ------------------------------------------------------------ views

    def _city_view(self, p: int) -> JSON:
        city = self.cities[p]
        out: JSON = {
            "seat": p,
            "wonder": city.wonder.name,
            "side": city.side,
            "stages": city.stages,
            "stages_total": len(city.stages_def),
            "coins": city.coins,
            "shields": city.shields,
            "tokens": list(city.tokens),
            "buildings": [c.name for c in city.cards],
            "hand_size": len(self.hands[p]),
            "chosen": self.phase in (*SIMULTANEOUS, DEBT) and self.pending[p] is not None,
        }
        if self.leaders_on and p < self.players:
            out["leaders"] = [c.name for c in city.leaders]
            out["courtesan"] = city.copied.name if city.copied else None
            out["leader_hand_size"] = len(self.leader_hands[p])
        if self.cities_on:
            out["debt"] = city.debt
            out["diplomacy"] = city.diplomacy
            if p in self.owed:
                out["owes"] = self.owed[p]
        return out

    def view(self, player: int | None) -> JSON:
        """What ``player`` may know; ``None`` is a spectator (no hand, no hidden card)."""
        players = [self._city_view(p) for p in range(self.players)]
        out: JSON = {
            "game": "classic",
            "seat": player,
            "age": self.age,
            "turn": self.turn,
            "phase": self.phase,
            "pass_to": "right" if self.age == 2 or self.phase == LEADER_DRAFT else "left",
            "to_move": self.to_move(),
            "players": players,
            "discard_size": len(self.discard),
            "events": [self._redact(e, player) for e in self._events],
        }
        if self.free_city:
            fc = self._city_view(FREE_CITY)
            fc.pop("chosen")
            fc["deck_size"] = fc.pop("hand_size")
            fc["controller"] = self.controller()
            out["free_city"] = fc
        if self.options.get("expansions"):
            out["expansions"] = list(self.options["expansions"])
        if self.teams:
            out["teams"] = [[p, p + 1] for p in range(0, self.players, 2)]
        if self.leaders_on:
            out["box_size"] = len(self.box)
            if self.phase == LEADER_DRAFT:
                out["draft_round"] = self.draft_round
        if player is not None:
            out["hand"] = [c.name for c in self.hands[player]]
            mine = self.pending[player]
            out["chosen"] = mine.to_json() if mine is not None else None
            if self.phase == DISCARD_BUILD and self.to_move() == [player]:
                out["discard"] = sorted(c.name for c in self.discard)
            if self.free_city and self._fc_choosing(player):
                out["deciding_for"] = "free_city"
            if self.free_city and self.phase == DRAFT and player == self.controller():
                fc_pick = self.pending[FREE_CITY]
                out["free_city_chosen"] = fc_pick.to_json() if fc_pick is not None else None
            if self.leaders_on:
                out["leader_hand"] = [c.name for c in self.leader_hands[player]]
                if self.phase == LEADER_DRAFT:
                    out["leader_packet"] = [c.name for c in self.packets[player]]
            mate = self.teammate(player)
            if mate is not None:  # teammates show each other their hands (and leaders)
                out["teammate"] = mate
                out["teammate_hand"] = [c.name for c in self.hands[mate]]
                if self.leaders_on:
                    out["teammate_leader_hand"] = [c.name for c in self.leader_hands[mate]]
                    if self.phase == LEADER_DRAFT:
                        out["teammate_leader_packet"] = [c.name for c in self.packets[mate]]
            if self.phase == DEBT and player in self.to_move():
                out["deciding_for"] = self._debt_city(player)
        if self.phase == OVER:
            out["result"] = self.result().to_json()
            if self.free_city:
                out["result"]["free_city"] = self.result().extra["free_city"]
        return out

    def knowers(self, event: JSON) -> tuple[int, ...]:
        """The seats that know a secret event's card: its city's, or the Free City's
        controller; in the team game their teammates too (they saw the hand)."""
        seats = tuple(x for x in (event.get("seat"), event.get("by")) if isinstance(x, int))
        if self.teams:
            seats = (*seats, *(q ^ 1 for q in seats))
        return seats

    def _redact(self, event: JSON, player: int | None) -> JSON:
        if event.get("secret") and (player is None or player not in self.knowers(event)):
            return {k: v for k, v in event.items() if k not in ("card", "secret")}
        return {k: v for k, v in event.items() if k != "secret"}

    # ------------------------------------------------------------ copies and JSON

    def clone(self) -> ClassicState:
        other = ClassicState.__new__(ClassicState)
        other.__dict__.update(self.__dict__)
        other.cities = [c.clone() for c in self.cities]
        other.hands = [list(h) for h in self.hands]
        other.ages = [[list(h) for h in age] for age in self.ages]
        other.pending = list(self.pending)
        other.queue = list(self.queue)
        other.discard = list(self.discard)
        other.discard_from = list(self.discard_from)
        other.discard_seen = list(self.discard_seen)
        other.buried_from = [list(b) for b in self.buried_from]
        other.halicarnassus = list(self.halicarnassus)
        other.hand_masks = [list(m) for m in self.hand_masks]
        other.leader_hands = [list(h) for h in self.leader_hands]
        other.leader_masks = [list(m) for m in self.leader_masks]
        other.packets = [list(h) for h in self.packets]
        other.packet_masks = [list(m) for m in self.packet_masks]
        other.box = list(self.box)
        other.box_masks = list(self.box_masks)
        other.solomon = list(self.solomon)
        other.courtesans = list(self.courtesans)
        other.recruits = list(self.recruits)
        other.returns = list(self.returns)
        other.losses = list(self.losses)
        other.owed = dict(self.owed)
        other.berenice_done = set(self.berenice_done)
        other._trade_in = list(self._trade_in)
        other._events = list(self._events)
        other._legal = {}
        return other

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
        if self.free_city:
            out["hand_masks"] = [list(m) for m in self.hand_masks]
        if self.cities_on or self.leaders_on:  # once-a-turn powers used (Bilkis, docks)
            for i, c in enumerate(self.cities):
                out["cities"][i]["trade_used"] = c.trade_used
        if self.cities_on:
            for i, c in enumerate(self.cities):
                out["cities"][i].update(
                    debt=c.debt,
                    diplomacy=c.diplomacy,
                    caligula_age=c.caligula_age,
                )
            out["owed"] = {str(k): v for k, v in self.owed.items()}
            out["losses"] = [[p, e.type, e.amount, list(e.count)] for p, e in self.losses]
            out["berenice_done"] = sorted(self.berenice_done)
        if self.leaders_on:
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
        return out

    @classmethod
    def from_json(cls, data: JSON) -> ClassicState:
        cat = catalog_for(data["options"].get("expansions", []))
        cards = {(c.name, c.age): c for c in (*cat.cards, *cat.leaders)}

        def card(ref: list[Any]) -> Card:
            return cards[(ref[0], ref[1])]

        def leader(name: str) -> Card:
            return cards[(name, 0)]

        def prov(x: list[int]) -> Provenance:
            return (x[0], x[1], x[2], x[3])

        cities = []
        for c in data["cities"]:
            city = City(cat.wonder_named(c["wonder"]), c["side"], coins=0)
            for marker in c["buried"]:
                city.build_stage(card(marker))
            for x in c["cards"]:
                city.add_card(card(x))
            for name in c.get("leaders", []):
                city.add_leader(leader(name))
            if c.get("copied"):
                city.add_leader(leader(c["copied"]), copy=True)
            city.coins = c["coins"]
            city.tokens = list(c["tokens"])
            city.free_build_age = c["free_build_age"]
            if "debt" in c:  # Cities
                city.debt, city.diplomacy = c["debt"], c["diplomacy"]
                city.caligula_age = c["caligula_age"]
            city.trade_used = c.get("trade_used", 0)
            cities.append(city)
        ages = [[[card(x) for x in h] for h in age] for age in data["ages"]]
        state = cls(cat, data["options"], data["seed"], cities, ages)
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
        if "hand_masks" in data:
            state.hand_masks = [list(m) for m in data["hand_masks"]]
        if "owed" in data:
            state.owed = {int(k): v for k, v in data["owed"].items()}
            state.losses = [
                (p, Effect(kind, amount=n, count=tuple(what)))
                for p, kind, n, what in data["losses"]
            ]
            state.berenice_done = set(data["berenice_done"])
        if "leaders" in data:
            ld = data["leaders"]
            state.leader_hands = [[leader(x) for x in h] for h in ld["hands"]]
            state.leader_masks = [list(m) for m in ld["hand_masks"]]
            state.packets = [[leader(x) for x in h] for h in ld["packets"]]
            state.packet_masks = [list(m) for m in ld["packet_masks"]]
            state.box = [leader(x) for x in ld["box"]]
            state.box_masks = list(ld["box_masks"])
            state.draft_round = ld["draft_round"]
            state.solomon = list(ld["solomon"])
            state.courtesans = list(ld["courtesans"])
            state.recruits = list(ld["recruits"])
            state.returns = list(ld["returns"])
        state._events = list(data["events"])
        if state.phase == OVER:
            state._result = state._compute_result()
        return state

    # ------------------------------------------------------------ hidden information

    def sample_world(self, player: int, rng: random.Random) -> ClassicState:
        from wonders.classic.sampling import sample_world

        return sample_world(self, player, rng)
