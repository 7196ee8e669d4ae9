"""Architects' one-move look-ahead for the greedy bot: ``choose(state, seat, rng)``.

Every legal action is valued as the player's estimated points once it is done, from public
information only (the face-up tops, the central deck and the token stack as multisets, which
every player can count, and the cat's peek when the player has it):

- **points now**: stages built, blue cards, the cat, victory tokens, progress tokens;
- **wonder outlook**: the next three stages in building order, each as the share of its
  cost that the grey and yellow cards left after the stages before it cover, of its points
  plus about a card's worth for an effect plus a pull (``STAGE_PULL``: building scores most
  and ends the game), the later ones discounted;
- **the end**: a position that completes the wonder ends the game this turn: its exact
  points, plus a bonus when they beat every other player's (public) score and minus it
  when they do not, so the bot does not end a game it would lose;
- **science**: a token's worth when a pair or a set of three is held, part of it per green
  card otherwise;
- **military**: 3 points per neighbour the player out-shields, weighted by how close the
  battle is (conflict tokens already flipped); a battle this card starts counts in full;
- **progress tokens**: their end-game points, and a few points for the ones that act.

A take from the face-down central deck is valued as the mean over its cards (or the peeked
card); Halicarnassus's search as the best card kind the deck still holds; a token from the
stack as the mean over the stack. Ties are broken by the seeded rng.
"""

from __future__ import annotations

import random
from typing import Any

from wonders.architects.actions import STACK, Action
from wonders.architects.cards import CENTRAL, STAGES, catalog, facts
from wonders.architects.scoring import CAT_POINTS, VICTORY_POINTS, progress_points
from wonders.architects.state import ArchitectsState, two_player_battle

EFFECT_POINTS = 2.0  # a wonder stage's effect: about a card, a token or a shield
GREEN_SHARE = 0.4  # a green card towards a token
TOKEN_ACTIVE = {"Economy": 2.0, "Engineering": 3.0, "Tactics": 2.5, "Architecture": 3.0}
EXTRA_CARD = 2.5  # a token that gives extra cards
EPSILON = 1e-9
LOOKAHEAD_STAGES = 3
NEXT_STAGE_WEIGHT = 0.8  # the stage after the next one, less certain
# a stage's pull beyond its points and effect: building is how a player scores the most and
# ends the game (tuned against random bots: 1 gave 62% wins over 2-7 players, 6 gives 72%)
STAGE_PULL = 6.0
WIN_BONUS = 20.0  # ending the game ahead of everyone (or, negative, behind someone)
SCIENCE_TOKEN = 5.0  # a pair or a set of three green cards


def choose(state: Any, player: int, rng: random.Random) -> Action:
    actions: list[Action] = state.legal_actions(player)
    if len(actions) == 1 or not isinstance(state, ArchitectsState):
        return rng.choice(actions)
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        value = action_value(state, player, action)
        if value > best_value + EPSILON:
            best, best_value = [action], value
        elif value > best_value - EPSILON:
            best.append(action)
    return rng.choice(best)


def action_value(state: ArchitectsState, p: int, action: Action) -> float:
    f = facts()
    have = list(state.have[p])
    tokens = list(state.progress[p])
    built = list(state.built[p])
    kind = action.kind
    if kind in ("take", "pick"):
        if kind == "pick":
            return position(state, p, have, tokens, built, f.index[action.card])
        cards = _deck_odds(state, p, action.deck)
        total = sum(cards.values())
        return sum(n * position(state, p, have, tokens, built, k) for k, n in cards.items()) / total
    if kind == "search":
        deck = state.decks[state.deck_index[action.deck]]
        return max(position(state, p, have, tokens, built, k) for k in set(deck))
    if kind == "build":
        for name in action.pay:
            have[f.index[name]] -= 1
        built.append(action.stage)
        return position(state, p, have, tokens, built, None) + _stage_extra(state, p, action)
    # science or Babylon: a token, maybe green cards spent
    for name in action.pay:
        have[f.index[name]] -= 1
    return _token_odds(state, p, action.token, have, tokens, built)


def _deck_odds(state: ArchitectsState, p: int, deck: str) -> dict[int, int]:
    if deck != CENTRAL:
        return {state.decks[state.deck_index[deck]][-1]: 1}
    if state.knows_top >> p & 1:
        return {state.central[-1]: 1}
    odds: dict[int, int] = {}
    for k in state.central:
        odds[k] = odds.get(k, 0) + 1
    return odds


def _token_odds(
    state: ArchitectsState, p: int, token: str, have: list[int], tokens: list[str], built: list[int]
) -> float:
    names = state.stack if token == STACK else [token]
    total = 0.0
    for name in names:
        total += position(state, p, have, [*tokens, name], built, None)
    return total / len(names)


def _stage_extra(state: ArchitectsState, p: int, action: Action) -> float:
    w = state.wonders[p]
    return EFFECT_POINTS if action.stage in w.effect_stages and w.effect != "shield" else 0.0


def position(
    state: ArchitectsState,
    p: int,
    have: list[int],
    tokens: list[str],
    built: list[int],
    card: int | None,
) -> float:
    """The player's estimated points with ``have``/``tokens``/``built`` (plus ``card``)."""
    f = facts()
    if card is not None:
        have = list(have)
        have[card] += 1
    w = state.wonders[p]
    cat_holder = p if card is not None and f.cat[card] else state.cat
    cat_icons = sum(have[k] for k in f.blue_kinds if f.cat[k])
    victory = state.victory[p]
    points = float(sum(w.points[s - 1] for s in built))
    points += sum(have[k] * f.points[k] for k in f.blue_kinds)
    points += CAT_POINTS if cat_holder == p else 0
    points += VICTORY_POINTS * victory
    points += progress_points(tokens, len(built) == STAGES, cat_icons, victory)
    shares = _stage_shares(state, p, have, tokens, built)
    if len(built) == STAGES or (len(built) == STAGES - 1 and shares[0][1] == 1.0):
        return _ending(state, p, points + (w.points[shares[0][0] - 1] if shares else 0))
    value = points + sum(
        TOKEN_ACTIVE.get(t, EXTRA_CARD if t in f.extra_on else 0.0) for t in tokens
    )
    value += _wonder_outlook(state, p, shares)
    value += _science_outlook(have)
    value += _military_outlook(state, p, have, tokens, built, card)
    return value


def _ending(state: ArchitectsState, p: int, points: float) -> float:
    """The game ends this turn with the player on ``points``: a win is worth a bonus, a loss
    (ending the game behind) a penalty."""
    best = max(sum(state.score_breakdown(q).values()) for q in range(state.n) if q != p)
    return points + (WIN_BONUS if points > best else -WIN_BONUS)


def _stage_shares(
    state: ArchitectsState, p: int, have: list[int], tokens: list[str], built: list[int]
) -> list[tuple[int, float]]:
    """The next stages (up to ``LOOKAHEAD_STAGES``) in building order, each with the share
    of its cost the cards left after the stages before it cover."""
    f = facts()
    w = state.wonders[p]
    todo = [s for group in w.order for s in group if s not in built]
    res = [have[k] for k in f.res_kind]
    gold = have[f.gold_kind] + (1 if "Economy" in tokens and have[f.gold_kind] else 0)
    engineering = "Engineering" in tokens
    costs = catalog().costs
    out: list[tuple[int, float]] = []
    for s in todo[:LOOKAHEAD_STAGES]:
        cost = costs[s - 1]
        k = cost.count
        used: list[int] = []  # resource indexes spent on this stage
        if engineering:
            for r in sorted(range(len(res)), key=lambda r: -res[r]):
                take = min(res[r], k - len(used))
                used += [r] * take
        elif cost.same:
            r = max(range(len(res)), key=lambda r: res[r])
            used = [r] * min(res[r], k)
        else:
            used = sorted((r for r in range(len(res)) if res[r]), key=lambda r: -res[r])[:k]
        for r in used:
            res[r] -= 1
        wild = min(gold, k - len(used))
        gold -= wild
        out.append((s, (len(used) + wild) / k))
    return out


def _wonder_outlook(state: ArchitectsState, p: int, shares: list[tuple[int, float]]) -> float:
    """Each next stage's points and effect, times the share of its cost covered."""
    w = state.wonders[p]
    value = 0.0
    weight = 1.0
    for s, share in shares:
        effect = EFFECT_POINTS if s in w.effect_stages else 0.0
        value += weight * share * (w.points[s - 1] + effect + STAGE_PULL)
        weight *= NEXT_STAGE_WEIGHT
    return value


def _science_outlook(have: list[int]) -> float:
    f = facts()
    counts = [have[k] for k in f.sci_kind]
    if max(counts) >= 2 or min(counts) >= 1:
        return SCIENCE_TOKEN + GREEN_SHARE * (sum(counts) - 2)
    return GREEN_SHARE * 2 * sum(counts)


def _military_outlook(
    state: ArchitectsState,
    p: int,
    have: list[int],
    tokens: list[str],
    built: list[int],
    card: int | None,
) -> float:
    f = facts()
    w = state.wonders[p]
    mine = sum(have[k] for k in f.red_kinds) + 2 * tokens.count("Tactics")
    if w.effect == "shield":
        mine += sum(1 for s in built if s in w.effect_stages)
    flipped = state.conflict
    if card is not None and f.horns[card]:
        flipped = min(state.conflict_total, flipped + f.horns[card])
    battle_now = card is not None and f.horns[card] and flipped == state.conflict_total
    weight = 1.0 if battle_now else 0.3 + 0.5 * flipped / state.conflict_total
    n = state.n
    won = 0.0
    if n == 2:
        won = float(two_player_battle(mine, state.shields(1 - p)))
    else:
        for q in {(p + 1) % n, (p - 1) % n}:
            if mine > state.shields(q):
                won += 1
    return weight * VICTORY_POINTS * won


def estimates(state: ArchitectsState) -> list[float]:
    """Every seat's estimated points as the position stands (a search's cut-off)."""
    return [
        position(state, p, list(state.have[p]), list(state.progress[p]), list(state.built[p]), None)
        for p in range(state.num_players)
    ]
