"""The 7 Wonders greedy bot: one move of look-ahead on an honest estimate of the player's points.

For each legal action the bot copies its own city, applies what the action does to it (the
card or stage added, coins paid to the bank and the neighbours, coins received) and values
the copy as the points it would score if the game ended now plus a modest value for what is
not points yet. Everything is in victory points:

- **points now**: ``scoring.score_city`` against the current neighbours (science wildcards
  and Olympia B's guild copy chosen best), with the treasury counted as coins / 3 rather
  than rounded down until the game's last decision, since coins are still spendable;
- **military**: each conflict still to come (this Age's and later ones) against each
  neighbour, as a share of the victory token (or of the -1) that grows with the shield lead
  and shrinks with the turns left before that conflict for either side to catch up;
- **trade**: the coins the city should expect to spend buying resources for the cards and
  wonder stages still to come (its own production, the neighbours' tradable production and
  its discounts, through the engine's payment solver), at 2 points per 3 coins (a coin paid
  in trade is a third of a point lost and a third of a point given to a rival): production
  and discounts are worth the coins they save;
- **chains**: 1 point per later card the city could now build free through a chain;
- **science**: half of what one more science symbol would add, scaled by the share of the
  game left (a city that collects symbols gets more from the next ones);
- **wonder powers**: about a card's worth (2 points) for each use still ahead of Olympia A's
  free build, Babylon B's extra card and Halicarnassus's discard build; 3 points for Olympia
  B's guild copy before Age III (after that the copy is scored by ``score_city`` itself).

**Leaders** (draft, recruitment, Roma B's recruits, the Courtesans Guild, the Age III
return): each leader is valued as the points it adds to the city's score now (``score_city``
with and without it), plus a card's worth for what it gives later (cost reductions, income,
Bilkis, Maecenas, Ramses, Solomon, colour counts that grow) and a third of a point per coin it
gives; recruiting costs its coins at a third of a point each; a wonder stage with a leader is
valued like a wonder stage with a card, selling at 3 coins. The **Free City** (2 players):
its controller picks the Free City's card as if it were the Free City's own best move, its
purchases from the controller counting for it and those from the opponent against it.

**Cities** (black cards, the debt phase, diplomacy, teams). ``score_city`` counts the black
cards' points and the debt; an Age has ``state.turns_per_age`` turns. Beyond the points:

- **losses to others** (Hideout, Lair, Sepulcher, Counterfeiters Guild, Petra B...): each
  rival's loss in points (a coin it can pay at ``LOSS_PAID_POINTS``, a coin it cannot as a
  debt token, 1 point), the mean over the rivals counting for the player; in the team game
  rivals are the other teams (both players' losses) and the teammate's loss counts against;
- **Gambling Den / House**: the neighbours' coins from the bank count likewise, as a gift;
- **diplomacy**: each token held sits out the next conflict, so the military outlook of that
  conflict is nought (a token is worth the defeat it avoids, and costs the victory it gives
  up); a neighbour holding one is not fought at the next conflict. Teams: only the opposing
  neighbour is fought, for two tokens, one when either holds a diplomacy token;
- **masks**: the science they copy now is in the score; a mask with nothing to copy yet is
  valued like one more science symbol later (the science outlook, scaled like it);
- **Clandestine Docks, Secret Warehouse, Black Market**: the trade outlook prices the cards to
  come with the city's docks (1 coin off a side's purchase each turn) and its market (the
  warehouse's and black market's either/or sources), so they are worth the coins they save;
- **Architect Cabinet**: the remaining wonder stages cost no resources in the trade outlook;
- **Secret Society, Slave Market**: their coins now (``coins_per``) and their points;
- **Cities leaders**: Darius by its points; Berenice, Caligula, Diocletian and Semiramis by a
  later-power value like the other leaders'; Aspasia by its points and diplomacy token.

**The debt phase** (``pay``): a coin not paid is a debt token, a sure point lost, while a coin
kept is worth its treasury third of a point plus what it helps build next turn: the share of
the next turn's Age cards (its deck, black cards weighted by the share of them dealt) whose
bank coins and cheapest trade the city could pay, times ``AFFORD_POINTS`` (a card built next
turn rather than sold). The bot takes the payment with the best total, so it pays everything
unless the coins kept raise that share by more than 2/9 per coin (a card's chance worth the
2/3 point each kept coin costs: more than a point per coin with its treasury value). After
the game's last card only the final score counts (the treasury in whole points): it pays all
it can except a coin that would cost a whole treasury point (a tie, broken by the rng).

The bot reads only public information (the cities) and its own legal actions. Among
payments for the same card only the cheapest totals are considered; remaining ties are
broken by the seeded rng. Every game has its ``greedy.choose(state, seat, rng)``;
``wonders.bots.make_bot("greedy")`` plays the one of the state's game.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from wonders.classic import scoring
from wonders.classic.actions import Action
from wonders.classic.cards import BLACK, MAX_PLAYERS, Card, Vector, age_deck, catalog, catalog_for
from wonders.classic.cities import DEBT, cities_of
from wonders.classic.city import City
from wonders.classic.leaders import leaders_of
from wonders.classic.payments import Market, payment_options
from wonders.classic.trade import docked_price
from wonders.classic.turn import (
    DEFEAT_TOKEN,
    SELL_COINS,
    TURNS_PER_AGE,
    VICTORY_TOKEN,
    ClassicState,
)

LAST_AGE = 3
COIN_POINTS = 1 / 3  # the treasury's rate
TRADE_COIN_POINTS = 2 / 3  # a coin paid in trade: a third of a point lost, one given away
BUILD_SHARE = 1.0  # cards built per turn left
STAGE_SHARE = 0.5  # chance that a remaining wonder stage gets built
UNBUILDABLE = 8  # coins: what a card the city cannot pay for at all is counted as costing
CHAIN_POINTS = 1.0
SCIENCE_SHARE = 0.5
CARD_POINTS = 2.0  # one more card played (Olympia A, Babylon B, Halicarnassus)
GUILD_COPY_POINTS = 3.0
EPSILON = 1e-9
NO_BUDGET = 10**6
# Cities
LOSS_PAID_POINTS = 0.5  # a coin a rival pays of a loss: its treasury third and its use
DEBT_POINTS = 1.0  # a debt token
AFFORD_POINTS = 3.0  # a card built next turn rather than sold (the debt phase)
BLACK_DEALT = 9  # black cards of an Age, of which min(cities, 7) are dealt


def choose(state: Any, player: int, rng: random.Random) -> Any:
    """The action with the best estimate of the player's points (see the module doc); ties
    broken by ``rng``. Another game's state gets one of its actions at random (``Any``:
    compiled, a declared ``Action`` would be checked)."""
    actions = state.legal_actions(player)
    if not isinstance(state, ClassicState) or len(actions) == 1:
        return rng.choice(actions)
    if state.phase in LEADER_PHASES:
        return _best(rng, actions, lambda a: leader_action_value(state, player, a))
    city = acting_city(state, player)
    if state.phase == DEBT:
        return _best(rng, actions, lambda a: pay_value(state, city, a))
    seen: dict[tuple[str, str, int, int], float] = {}
    mate = state.teammate(player)

    def value_of(action: Action) -> float:
        # selling or burying a card does the same to the city whichever card it is
        card = action.card if action.kind not in ("sell", "wonder") else ""
        key = (action.kind, card, action.left + action.bank, action.right)
        value = seen.get(key)
        if value is None:
            value = seen[key] = estimate(state, city, action)
            if city != player and city >= state.num_players:  # the Free City's trades
                mine = action.left if state.left(city) == player else action.right
                theirs = action.left + action.right - mine
                value += (mine - theirs) * TRADE_COIN_POINTS
        if mate is not None:  # coins paid to the teammate stay in the team
            to_mate = action.left if state.left(player) == mate else action.right
            value += to_mate * TRADE_COIN_POINTS
        return value

    return _best(rng, cheapest_payments(actions), value_of)


def _best(rng: random.Random, actions: list[Action], value_of: Callable[[Action], float]) -> Action:
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        value = value_of(action)
        if value > best_value + EPSILON:
            best, best_value = [action], value
        elif value > best_value - EPSILON:
            best.append(action)
    return rng.choice(best)


LEADER_PHASES = ("leader_draft", "recruit", "recruit_now", "courtesan", "return_leader")
LATER_POWERS = {  # leader effects worth more than their points now (in points)
    "cost_discount": 2.0,
    "bank_resource": 3.0,
    "trade_rebate": 2.0,
    "free_leaders": 3.0,
    "free_guilds": 3.0,
    "build_from_discard": 2.0,
    "defeats_to_winner": 1.0,
    "coins_on_build": 2.0,
    "coins_on_chain": 1.5,
    "coins_on_victory": 1.5,
    "points_per": 2.0,
    "points_per_set": 2.0,
    "points_per_coins": 1.5,
    "science_set_bonus": 1.5,
    "science": 1.5,
    # Cities: Berenice, Caligula, Semiramis, Aspasia's diplomacy token
    "bank_bonus": 1.5,
    "free_black_per_age": 2.0,
    "defeats_as_shields": 1.0,
    "diplomacy": 1.0,
}


def acting_city(state: ClassicState, player: int) -> int:
    """The city ``player`` decides for now (the Free City, or a sub-decision's city)."""
    return state.acting_city(player)


def leader_value(state: ClassicState, player: int, leader: Card) -> float:
    """What a leader adds to the player's city (see the module doc), before its cost."""
    city = state.cities[player]
    left, right = state.cities[state.left(player)], state.cities[state.right(player)]
    on = state.cities_on
    before = sum(scoring.score_city(city, left, right, leaders=True, cities=on).values())
    copy = city.clone()
    copy.add_leader(leader)
    after = sum(scoring.score_city(copy, left, right, leaders=True, cities=on).values())
    later = sum(LATER_POWERS.get(e.type, 0.0) for e in leader.effects)
    later *= (LAST_AGE + 1 - max(state.age, 1)) / LAST_AGE
    return after - before + later + leader.coins_now * COIN_POINTS


def leader_action_value(state: ClassicState, player: int, action: Action) -> float:
    if action.kind in ("skip",):
        return 0.0
    leader = state.cat.card_named(action.card)
    if action.kind in ("draft", "copy"):
        return leader_value(state, player, leader)
    if action.kind == "return":
        return -leader_value(state, player, leader)
    keep = -0.1 * leader_value(state, player, leader)  # prefer parting with weak leaders
    if action.kind == "recruit":
        leaders = leaders_of(state)
        assert leaders is not None  # a leader's action: the expansion is on
        cost = leaders.cost(state, player, leader)
        return leader_value(state, player, leader) - cost * COIN_POINTS
    if action.kind == "sell":
        return SELL_COINS * COIN_POINTS + keep
    # a wonder stage with the leader
    return estimate(state, player, action) - estimate(state, player, Action("skip")) + keep


def cheapest_payments(actions: list[Action]) -> list[Action]:
    """The actions whose payment total is the lowest among those of the same kind and card."""
    cheapest: dict[tuple[str, str], int] = {}
    for a in actions:
        key = (a.kind, a.card)
        cheapest[key] = min(cheapest.get(key, NO_BUDGET), a.left + a.right + a.bank)
    return [a for a in actions if a.left + a.right + a.bank == cheapest[(a.kind, a.card)]]


def estimate(state: ClassicState, player: int, action: Action) -> float:
    """The player's estimated points after ``action`` (see the module doc)."""
    left = state.cities[state.left(player)]
    right = state.cities[state.right(player)]
    city = apply_to_city(state, player, action)
    per_age = state.turns_per_age
    turns_left = per_age - max(state.turn, 1)  # turns of this Age after this decision
    final = state.age == LAST_AGE and turns_left == 0
    points = scoring.score_city(city, left, right, leaders=state.leaders_on, cities=state.cities_on)
    value: float = sum(points.values())
    if not final:
        value += city.coins * COIN_POINTS - points["treasury"]
    value += military_outlook(
        city.shields, left.shields, right.shields, state.age, turns_left, per_age,
        **conflict_terms(state, player, city),
    )  # fmt: skip
    value += power_outlook(city, state.age, turns_left)
    if action.kind == "wonder" and "build_from_discard" in city.stages_def[city.stages - 1].powers:
        value += CARD_POINTS
    if state.cities_on:
        value += rivals_outlook(state, player, action)
    if final:  # no turn to come: no more trading, chaining or collecting
        return value
    age = max(state.age, 1)
    value -= trade_outlook(
        city, left, right, age, state.n, turns_left, per_age, state.cities_on
    ) * (TRADE_COIN_POINTS)
    value += chain_outlook(city, state.age if turns_left else state.age + 1)
    game_left = (turns_left + per_age * (LAST_AGE - state.age)) / (per_age * LAST_AGE)
    science = science_outlook(city, left, right) if city.masks else science_outlook(city)
    value += science * SCIENCE_SHARE * game_left
    if city.masks:  # a mask with nothing to copy yet: one more symbol later
        idle = city.masks - min(city.masks, sum(scoring.mask_sources(left, right)))
        value += idle * science * game_left
    return value


def conflict_terms(state: ClassicState, player: int, city: City) -> dict[str, Any]:
    """Cities' changes to the conflicts: the city's diplomacy tokens, the neighbours' who
    hold one (not fought next), and the team game's single doubled fight (a diplomacy token
    there makes it a one-token fight)."""
    if not state.cities_on:
        return {}
    left, right = state.cities[state.left(player)], state.cities[state.right(player)]
    sides = [1.0, 1.0]
    if state.teams:  # only the opposing neighbour, for two tokens
        mate = state.teammate(player)
        sides = [0.0 if state.left(player) == mate else 2.0,
                 0.0 if state.right(player) == mate else 2.0]  # fmt: skip
    return {
        "sides": tuple(sides),
        "diplomacy": city.diplomacy,
        "away": (bool(left.diplomacy), bool(right.diplomacy)),
        "kept": 0.5 if state.teams else 0.0,
    }


def apply_to_city(state: ClassicState, player: int, action: Action) -> City:
    """A copy of the player's city as the action leaves it (coins received included)."""
    city = state.cities[player].clone()
    kind = action.kind
    city.coins -= action.left + action.right + action.bank
    if kind in ("build", "free_build", "discard_build"):
        card = state.cat.card_named(action.card)
        if kind == "build" and not city.chain_free(card):
            city.coins -= card.coins
        city.add_card(card)
        city.coins += coins_when_built(
            card, city, state.cities[state.left(player)], state.cities[state.right(player)]
        )
        if state.cities_on:  # Diocletian (and Xenophon) with Cities
            city.coins += city.lp.get("coins_on_build:" + card.color, 0)
        if kind == "free_build":
            part = cities_of(state)
            caligula = part is not None and part.caligula_ready(state, player)
            if card.color == BLACK and caligula:
                city.caligula_age = state.age
            else:
                city.free_build_age = state.age
    elif kind == "wonder" and city.next_stage is not None:
        city.coins -= city.next_stage.coins  # Petra
        city.coins += city.build_stage(None).coins_now
    elif kind == "sell":
        city.coins += SELL_COINS
    elif kind == "pay":
        part = cities_of(state)
        owed = part.owed.get(player, 0) if part is not None else 0
        city.debt += owed - action.bank
    return city


def coins_when_built(card: Card, city: City, left: City, right: City) -> int:
    """The coins a card gives when built (Tavern, Vineyard, Arena...), ``city`` holding it."""
    coins = card.coins_now
    for e in card.effects:
        if e.type == "coins_per":
            coins += scoring.effect_value(e, city, left, right)
    return coins


def rivals_outlook(state: ClassicState, player: int, action: Action) -> float:
    """Cities: the points the action makes the rivals lose (coin losses, the Gambling
    Den's gifts), as the mean over the rivals (module doc)."""
    effects: tuple[Any, ...] = ()
    if action.kind in ("build", "free_build", "discard_build"):
        effects = state.cat.card_named(action.card).effects
    elif action.kind == "wonder":
        stage = state.cities[player].next_stage
        effects = stage.effects if stage is not None else ()
    owed = [0] * state.n
    for e in effects:
        for q in range(state.n):
            other = state.cities[q]
            if e.type == "lose_coins" and q != player:
                owed[q] += e.amount
            elif e.type == "lose_coins_per" and q != player:
                what = other.victories if e.count[0] == "victory_tokens" else other.stages
                owed[q] += e.amount * what
            elif e.type == "neighbours_coins" and q in (state.left(player), state.right(player)):
                owed[q] -= e.amount  # a gift from the bank
    if not any(owed):
        return 0.0
    lost = [loss_points(state.cities[q], owed[q]) for q in range(state.n)]
    return rivals_mean(state, player, lost)


def loss_points(city: City, owed: int) -> float:
    """What a city loses in points to a loss of ``owed`` coins (a gift when negative)."""
    if owed <= 0:
        return owed * COIN_POINTS
    paid = min(city.coins, owed)
    return paid * LOSS_PAID_POINTS + (owed - paid) * DEBT_POINTS


def rivals_mean(state: ClassicState, player: int, lost: list[float]) -> float:
    """The mean of the rivals' losses (the other players; teams: the other teams' losses
    summed, less the teammate's)."""
    if state.teams:
        mate = state.teammate(player)
        assert mate is not None
        teams = [lost[t] + lost[t + 1] for t in range(0, state.players, 2) if t // 2 != player // 2]
        return sum(teams) / len(teams) - lost[mate]
    rivals = [lost[q] for q in range(state.players) if q != player]
    return sum(rivals) / len(rivals)


def pay_value(state: ClassicState, city: int, action: Action) -> float:
    """The debt phase: the estimate after paying, plus the coins kept's share of the next
    turn's cards the city could pay for (module doc)."""
    value = estimate(state, city, action)
    if state.turn < state.turns_per_age:
        age = state.age
    elif state.age < LAST_AGE:
        age = state.age + 1
    else:
        return value  # the game's last card is played: coins are only treasury now
    after = state.cities[city]
    coins = after.coins - action.bank
    market = after.market(state.cities[state.left(city)], state.cities[state.right(city)])
    prices = deck_prices(age, state.n, market, after.docks, state.cities_on)
    share = bisect_right(prices, coins) / len(prices)
    return value + AFFORD_POINTS * share


@lru_cache(maxsize=1 << 12)
def deck_prices(
    age: int, n: int, market: Market, docks: tuple[int, int], cities: bool
) -> tuple[int, ...]:
    """The coins (bank cost and cheapest trade) each card of an Age's deck costs a city,
    sorted, with black cards weighted by the share of them dealt (``cities``)."""
    prices: list[int] = []
    for (cost, coins), count in deck_coin_costs(age, n, cities):
        prices += [coins + trade_cost(cost, market, docks)] * count
    return tuple(sorted(prices))


@lru_cache(maxsize=32)
def deck_coin_costs(age: int, n: int, cities: bool) -> tuple[tuple[tuple[Vector, int], int], ...]:
    """The (resource cost, coin cost) pairs of an Age's cards for ``n`` cities, counted
    (with ``cities``, every base card counted 9 times and each black card as often as the
    black cards dealt: a share of the Age's nine)."""
    cat = catalog_for(["cities"]) if cities else catalog()
    base = age_deck(cat, age, min(n, MAX_PLAYERS)) + (list(cat.guilds) if age == LAST_AGE else [])
    counts = Counter((c.cost, c.coins) for c in base)
    if not cities:
        return tuple(counts.items())
    weighted = Counter({k: v * BLACK_DEALT for k, v in counts.items()})
    for c in cat.cards:
        if c.age == age and c.color == BLACK:
            weighted[(c.cost, c.coins)] += min(n, MAX_PLAYERS)
    return tuple(weighted.items())


def military_outlook(
    mine: int,
    left: int,
    right: int,
    age: int,
    turns_left: int,
    turns_per_age: int = TURNS_PER_AGE,
    sides: tuple[float, float] = (1.0, 1.0),
    diplomacy: int = 0,
    away: tuple[bool, bool] = (False, False),
    kept: float = 0.0,
) -> float:
    """Expected military points of the conflicts still to come, against both neighbours.

    A lead of ``d`` shields at a conflict ``t`` turns away is worth the share
    ``d / (1 + t / 3)`` (at most all) of the victory token; a deficit likewise of the -1.
    Cities: ``sides`` weighs each neighbour's fight (teams: 0 for the teammate, 2 tokens for
    the opponent); the city's ``diplomacy`` tokens cover its next conflicts and a neighbour
    ``away`` (holding a token) this Age's: such a fight keeps the share ``kept`` of its
    tokens (none: the city sits out; teams: one token instead of two).
    """
    total = 0.0
    for conflict_age in range(age, LAST_AGE + 1):
        covered = conflict_age - age < diplomacy
        turns = turns_left + turns_per_age * (conflict_age - age)
        spread = 1 + turns / 3
        for side, theirs in enumerate((left, right)):
            weight = sides[side]
            if covered or (conflict_age == age and away[side]):
                weight *= kept
                if not weight:
                    continue
            share = max(-1.0, min(1.0, (mine - theirs) / spread))
            points = share * (VICTORY_TOKEN[conflict_age] if share > 0 else -DEFEAT_TOKEN)
            total += points * weight
    return total


def trade_outlook(
    city: City,
    left: City,
    right: City,
    age: int,
    n: int,
    turns_left: int,
    turns_per_age: int = TURNS_PER_AGE,
    cities: bool = False,
) -> float:
    """Coins the city should expect to spend buying resources for what is still to come.

    The cheapest payment of each card of the Ages still to come (the remaining turns of this
    Age, ``turns_per_age`` turns of each later one, each building one card of the Age's
    deck), plus half of the city's remaining wonder stages (not all of them get built; none
    with the Architect Cabinet). The Clandestine Docks take a coin off each side bought from.
    """
    market = city.market(left, right)
    docks = city.docks
    coins = 0.0
    for a in range(age, LAST_AGE + 1):
        turns = turns_left if a == age else turns_per_age
        if turns:
            coins += turns * BUILD_SHARE * mean_trade_cost(a, n, market, docks, cities)
    if "free_stage_resources" not in city.powers:
        for stage in city.stages_def[city.stages :]:
            coins += STAGE_SHARE * trade_cost(stage.cost, market, docks)
    return coins


@lru_cache(maxsize=1 << 14)
def mean_trade_cost(
    age: int, n: int, market: Market, docks: tuple[int, int] = (0, 0), cities: bool = False
) -> float:
    """The mean cheapest payment over an Age's deck for ``n`` players (guilds included;
    black cards too, weighted, with ``cities``)."""
    deck = deck_costs(age, n, cities)
    total = sum(count * trade_cost(cost, market, docks) for cost, count in deck)
    return total / sum(count for _, count in deck)


@lru_cache(maxsize=32)
def deck_costs(age: int, n: int, cities: bool = False) -> tuple[tuple[Vector, int], ...]:
    """The distinct resource costs of an Age's cards for ``n`` players, with their counts."""
    if not cities:
        cat = catalog()
        cards = age_deck(cat, age, n) + (list(cat.guilds) if age == LAST_AGE else [])
        return tuple(Counter(c.cost for c in cards).items())
    counts: Counter[Vector] = Counter()
    for (cost, _), count in deck_coin_costs(age, n, cities):
        counts[cost] += count
    return tuple(counts.items())


def trade_cost(cost: Vector, market: Market, docks: tuple[int, int] = (0, 0)) -> int:
    """The cheapest total payment for a resource cost (UNBUILDABLE if it cannot be paid),
    with the Clandestine Docks' coin off on each side they cover."""
    if not any(cost):
        return 0
    pays = payment_options(cost, market, NO_BUDGET)
    if not pays:
        return UNBUILDABLE
    off = (1 if docks[0] else 0, 1 if docks[1] else 0)  # turns to come: every dock ready
    return min(docked_price(a, b, off) for a, b in pays)


def chain_outlook(city: City, age: int) -> float:
    """Points for the cards of Age ``age`` or later the city could build free by chaining."""
    targets = {c.name_id for c in chain_targets(age) if not city.has_name(c) and city.chain_free(c)}
    return CHAIN_POINTS * len(targets)


@lru_cache(maxsize=8)
def chain_targets(age: int) -> tuple[Card, ...]:
    return tuple(c for c in catalog().cards if c.age >= age and c.chain_ids)


def science_outlook(city: City, left: City | None = None, right: City | None = None) -> int:
    """What one more science symbol (the best one) would add to the city's science (its
    masks copying the neighbours' symbols when they are given)."""
    if left is None or right is None:
        now = scoring.science_points(city.science, city.wilds)
        return scoring.science_points(city.science, city.wilds + 1) - now
    now = scoring.science_with_masks(city, left, right)[0]
    return scoring.science_with_masks(city, left, right, more_wilds=1)[0] - now


def power_outlook(city: City, age: int, turns_left: int) -> float:
    """Points for the uses still ahead of the wonder powers the city has (and Caligula's)."""
    value = 0.0
    later_ages = LAST_AGE - age
    if "free_build_per_age" in city.powers:
        now = city.free_build_age != age and turns_left > 0
        value += CARD_POINTS * (later_ages + now)
    if "play_last_card" in city.powers:
        value += CARD_POINTS * (later_ages + 1)
    if "copy_guild" in city.powers and age < LAST_AGE:
        value += GUILD_COPY_POINTS
    if city.lp.get("free_black_per_age"):  # Caligula: a black card free an Age, if one comes
        now = city.caligula_age != age and turns_left > 0
        value += CARD_POINTS / 2 * (later_ages + now)
    return value


def estimates(state: ClassicState) -> list[float]:
    """Every seat's estimated points as the position stands (a search's cut-off)."""
    nothing = Action("skip")
    return [estimate(state, seat, nothing) for seat in range(state.num_players)]
