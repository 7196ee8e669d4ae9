"""GreedyBot: one move of look-ahead on an honest estimate of the player's points.

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

The bot reads only public information (the cities) and its own legal actions. Among
payments for the same card only the cheapest totals are considered; remaining ties are
broken by the seeded rng. Duel and Architects have their own one-move evaluations
(``wonders.duel.greedy``, ``wonders.architects.greedy``), which this bot hands over to.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from functools import lru_cache
from typing import Any

from wonders.classic import scoring
from wonders.classic.actions import Action
from wonders.classic.cards import Card, Vector, age_deck, catalog
from wonders.classic.city import City
from wonders.classic.payments import Market, payment_options
from wonders.classic.state import (
    DEFEAT_TOKEN,
    SELL_COINS,
    TURNS_PER_AGE,
    VICTORY_TOKEN,
    ClassicState,
)
from wonders.core.protocol import State

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


class GreedyBot:
    """Picks the action with the best estimate of the player's points (see module doc)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Any:
        if (
            getattr(state, "game_name", "classic") != "classic"
        ):  # the game's own evaluation: choose(state, seat, rng)
            own = importlib.import_module(f"wonders.{state.game_name}.greedy")
            return own.choose(state, player, self.rng)
        actions = state.legal_actions(player)
        if not isinstance(state, ClassicState) or len(actions) == 1:
            return self.rng.choice(actions)
        if state.phase in LEADER_PHASES:
            return self._best(actions, lambda a: leader_action_value(state, player, a))
        city = acting_city(state, player)
        seen: dict[tuple[str, str, int, int], float] = {}

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
            return value

        return self._best(cheapest_payments(actions), value_of)

    def _best(self, actions: list[Action], value_of: Any) -> Action:
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            value = value_of(action)
            if value > best_value + EPSILON:
                best, best_value = [action], value
            elif value > best_value - EPSILON:
                best.append(action)
        return self.rng.choice(best)


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
}


def acting_city(state: ClassicState, player: int) -> int:
    """The city ``player`` decides for now (the Free City, or a sub-decision's city)."""
    if state.phase in ("extra_card", "discard_build") and state.queue:
        return state.queue[0]
    if state._fc_choosing(player):
        return state.n - 1
    return player


def leader_value(state: ClassicState, player: int, leader: Card) -> float:
    """What a leader adds to the player's city (see the module doc), before its cost."""
    city = state.cities[player]
    left, right = state.cities[state.left(player)], state.cities[state.right(player)]
    before = sum(scoring.score_city(city, left, right, leaders=True).values())
    copy = city.clone()
    copy.add_leader(leader)
    after = sum(scoring.score_city(copy, left, right, leaders=True).values())
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
        cost = state.leader_cost(player, leader)
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
    turns_left = TURNS_PER_AGE - max(state.turn, 1)  # turns of this Age after this decision
    final = state.age == LAST_AGE and turns_left == 0
    points = scoring.score_city(city, left, right, leaders=state.leaders_on)
    value: float = sum(points.values())
    if not final:
        value += city.coins * COIN_POINTS - points["treasury"]
    value += military_outlook(city.shields, left.shields, right.shields, state.age, turns_left)
    value += power_outlook(city, state.age, turns_left)
    if action.kind == "wonder" and "build_from_discard" in city.stages_def[city.stages - 1].powers:
        value += CARD_POINTS
    if final:  # no turn to come: no more trading, chaining or collecting
        return value
    age = max(state.age, 1)
    value -= trade_outlook(city, left, right, age, state.n, turns_left) * TRADE_COIN_POINTS
    value += chain_outlook(city, state.age if turns_left else state.age + 1)
    game_left = (turns_left + TURNS_PER_AGE * (LAST_AGE - state.age)) / (TURNS_PER_AGE * LAST_AGE)
    value += science_outlook(city) * SCIENCE_SHARE * game_left
    return value


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
        if kind == "free_build":
            city.free_build_age = state.age
    elif kind == "wonder" and city.next_stage is not None:
        city.coins += city.build_stage(None).coins_now
    elif kind == "sell":
        city.coins += SELL_COINS
    return city


def coins_when_built(card: Card, city: City, left: City, right: City) -> int:
    """The coins a card gives when built (Tavern, Vineyard, Arena...), ``city`` holding it."""
    coins = card.coins_now
    for e in card.effects:
        if e.type == "coins_per":
            coins += scoring.effect_value(e, city, left, right)
    return coins


def military_outlook(mine: int, left: int, right: int, age: int, turns_left: int) -> float:
    """Expected military points of the conflicts still to come, against both neighbours.

    A lead of ``d`` shields at a conflict ``t`` turns away is worth the share
    ``d / (1 + t / 3)`` (at most all) of the victory token; a deficit likewise of the -1.
    """
    total = 0.0
    for conflict_age in range(age, LAST_AGE + 1):
        turns = turns_left + TURNS_PER_AGE * (conflict_age - age)
        spread = 1 + turns / 3
        for theirs in (left, right):
            share = max(-1.0, min(1.0, (mine - theirs) / spread))
            total += share * (VICTORY_TOKEN[conflict_age] if share > 0 else -DEFEAT_TOKEN)
    return total


def trade_outlook(city: City, left: City, right: City, age: int, n: int, turns_left: int) -> float:
    """Coins the city should expect to spend buying resources for what is still to come.

    The cheapest payment of each card of the Ages still to come (the remaining turns of this
    Age, 6 turns of each later one, each building one card of the Age's deck), plus half of
    the city's remaining wonder stages (not all of them get built).
    """
    market = city.market(left, right)
    coins = 0.0
    for a in range(age, LAST_AGE + 1):
        turns = turns_left if a == age else TURNS_PER_AGE
        if turns:
            coins += turns * BUILD_SHARE * mean_trade_cost(a, n, market)
    for stage in city.stages_def[city.stages :]:
        coins += STAGE_SHARE * trade_cost(stage.cost, market)
    return coins


@lru_cache(maxsize=1 << 14)
def mean_trade_cost(age: int, n: int, market: Market) -> float:
    """The mean cheapest payment over an Age's deck for ``n`` players (guilds included)."""
    deck = deck_costs(age, n)
    total = sum(count * trade_cost(cost, market) for cost, count in deck)
    return total / sum(count for _, count in deck)


@lru_cache(maxsize=32)
def deck_costs(age: int, n: int) -> tuple[tuple[Vector, int], ...]:
    """The distinct resource costs of an Age's cards for ``n`` players, with their counts."""
    cat = catalog()
    cards = age_deck(cat, age, n) + (list(cat.guilds) if age == LAST_AGE else [])
    return tuple(Counter(c.cost for c in cards).items())


def trade_cost(cost: Vector, market: Market) -> int:
    """The cheapest total payment for a resource cost (UNBUILDABLE if it cannot be paid)."""
    if not any(cost):
        return 0
    pays = payment_options(cost, market, NO_BUDGET)
    return min(a + b for a, b in pays) if pays else UNBUILDABLE


def chain_outlook(city: City, age: int) -> float:
    """Points for the cards of Age ``age`` or later the city could build free by chaining."""
    targets = {
        c.name_id
        for c in chain_targets(age)
        if not city.has_name(c) and not c.chain_ids.isdisjoint(city.names)
    }
    return CHAIN_POINTS * len(targets)


@lru_cache(maxsize=8)
def chain_targets(age: int) -> tuple[Card, ...]:
    return tuple(c for c in catalog().cards if c.age >= age and c.chain_ids)


def science_outlook(city: City) -> int:
    """What one more science symbol (the best one) would add to the city's science."""
    now = scoring.science_points(city.science, city.wilds)
    return scoring.science_points(city.science, city.wilds + 1) - now


def power_outlook(city: City, age: int, turns_left: int) -> float:
    """Points for the uses still ahead of the wonder powers the city has."""
    value = 0.0
    later_ages = LAST_AGE - age
    if "free_build_per_age" in city.powers:
        now = city.free_build_age != age and turns_left > 0
        value += CARD_POINTS * (later_ages + now)
    if "play_last_card" in city.powers:
        value += CARD_POINTS * (later_ages + 1)
    if "copy_guild" in city.powers and age < LAST_AGE:
        value += GUILD_COPY_POINTS
    return value
