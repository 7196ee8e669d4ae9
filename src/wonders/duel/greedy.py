"""The greedy Duel bot: one move of look-ahead on an estimate of the point difference.

Each legal action is applied to a copy of the game and the copy is valued from the mover's
side, in victory points: the civilian score difference as it stands, plus what is not
points yet: production (worth more early, when more cards remain to be paid), the pawn's
lead (each space brings supremacy and the track's points closer), different science
symbols (toward supremacy and pairs), coins (a third of a point, already in the score),
and a replay turn. A win is worth more than any points; a loss less. Ties are broken by
the seeded rng. The bot reads only what the mover sees (cities, the track, the structure's
face-up cards) and starts the next Age itself when it chooses.
"""

from __future__ import annotations

import random
from typing import Any

from wonders.duel.actions import Action
from wonders.duel.state import DuelState

WIN = 1000.0
PRODUCTION_POINTS = (0.0, 1.6, 1.0, 0.3)  # per unit of production, by Age
CHOICE_POINTS = (0.0, 1.2, 0.8, 0.2)  # per either/or production
FIXED_PRICE_POINTS = (0.0, 1.0, 0.6, 0.2)
PAWN_POINTS = 0.9
SCIENCE_POINTS = 1.6
REPLAY_POINTS = 2.0


def value(state: DuelState, player: int) -> float:
    """How good ``state`` is for ``player``, in victory points."""
    if state.is_terminal():
        winners = state.result().winners
        if winners == [player]:
            return WIN
        if player not in winners:
            return -WIN
    me, them = state.cities[player], state.cities[1 - player]
    total = float(sum(state.breakdown(player).values()) - sum(state.breakdown(1 - player).values()))
    age = state.age
    total += PRODUCTION_POINTS[age] * (sum(me.produce) - sum(them.produce))
    total += CHOICE_POINTS[age] * (len(me.choices) - len(them.choices))
    total += FIXED_PRICE_POINTS[age] * (len(me.fixed) - len(them.fixed))
    lead = state.military.position if player == 0 else -state.military.position
    total += PAWN_POINTS * lead
    total += SCIENCE_POINTS * (me.symbols() - them.symbols())
    total += (me.coins % 3 - them.coins % 3) / 3
    if state.replay and state.current == player:
        total += REPLAY_POINTS
    return total


def choose(state: Any, player: int, rng: random.Random) -> Action:
    assert isinstance(state, DuelState)
    actions = state.legal_actions(player)
    if len(actions) == 1:
        return actions[0]
    if actions[0].kind == "start":
        return Action("start", seat=player)
    best: list[Action] = []
    best_value = float("-inf")
    for action in actions:
        copy = state.clone()
        copy.apply(player, action)
        v = value(copy, player)
        if v > best_value + 1e-9:
            best, best_value = [action], v
        elif abs(v - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def estimates(state: DuelState) -> list[float]:
    """Both seats' positions in points (a search's cut-off; ``value`` counts a seat's lead
    twice: once for it, once against the rival)."""
    return [value(state, 0) / 2, value(state, 1) / 2]
