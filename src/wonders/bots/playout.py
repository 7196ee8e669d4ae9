"""What the search bots share: playouts, their cut-off evaluation and the rewards.

Everything here runs on a *sampled world* (``state.sample_world(seat, rng)``), never on the
true state, so the playout policies may look at the whole world.

- **Rewards** are one number in [0, 1] per seat: a finished game gives ``WIN_WEIGHT`` times
  the seat's share of the win (ties split it) plus the rest by rank; a playout cut off before
  the end gives the same from each seat's estimated points (``estimates``): its chance of
  being ahead of the best rival, a logistic of the point gap (the game's
  ``SearchHints.gap_scale`` points wide).
  In the team game a seat counts its team's points and the teams compete.
- **Estimates** are each game's greedy evaluation of a seat's position, in victory points:
  the game's ``estimate`` part (``wonders.<game>.greedy.estimates``).
- **Policies**: ``random`` (uniform among the legal actions), ``build`` (uniform among the
  actions that build something, a sale or a skip only when nothing else is legal) or
  ``greedy`` (the game's ``greedy`` part, ``wonders.<game>.greedy.choose``, about 20
  times slower a move than ``random`` in 7 Wonders).
- **Cut-off**: ``end`` plays to the end of the game; ``age`` stops when the Age changes
  (7 Wonders and Duel: the position is then scored by ``estimates``); a game without Ages
  (Architects) stops after its ``SearchHints.horizon`` turns per player; ``value`` plays
  nothing: the position is scored by the ``learned`` bot's value head, each seat's from its
  own observation of the world (a game with shipped weights; its policy is not used).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from wonders.core.errors import OptionsError
from wonders.core.protocol import State
from wonders.core.registry import get_game

WIN_WEIGHT = 0.75
POLICIES = ("random", "build", "greedy")
IDLE_KINDS = frozenset({"sell", "skip"})  # actions that build nothing
CUTOFFS = ("end", "age", "value")

Policy = Callable[[State, int, random.Random], Any]


def random_policy(state: State, seat: int, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions(seat))


def build_policy(state: State, seat: int, rng: random.Random) -> Any:
    """Uniform among the actions that build something (not a sale or a skip) if any."""
    actions = state.legal_actions(seat)
    building = [a for a in actions if _kind(a) not in IDLE_KINDS]
    return rng.choice(building or actions)


def _kind(action: Any) -> Any:
    kind = getattr(action, "kind", None)
    return kind if isinstance(kind, str) else action.to_json().get("kind")


def greedy_policy(state: State, seat: int, rng: random.Random) -> Any:
    return get_game(state.game_name).part("greedy")(state, seat, rng)


def policy_named(name: str) -> Policy:
    if name == "random":
        return random_policy
    if name == "greedy":
        return greedy_policy
    if name == "build":
        return build_policy
    raise OptionsError(f"unknown playout policy {name!r}; policies: {', '.join(POLICIES)}")


def result_rewards(state: State) -> list[float]:
    """Each seat's reward for a finished game (win share and rank, see the module doc)."""
    result = state.result()
    n = state.num_players
    winners = [w for w in result.winners if w < n]
    ranks = {p.seat: p.rank for p in result.players}
    rewards = []
    for seat in range(n):
        win = 1 / len(winners) if seat in winners else 0.0
        rank = (n - ranks.get(seat, n)) / (n - 1) if n > 1 else 1.0
        rewards.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * rank)
    return rewards


def estimates(state: State) -> list[float]:
    """Each seat's estimated points (the game's ``estimate`` part), for a cut-off."""
    estimate: Callable[[State], list[float]] = get_game(state.game_name).part("estimate")
    return estimate(state)


def estimate_rewards(state: State) -> list[float]:
    """Rewards of a cut-off position from ``estimates`` (see the module doc)."""
    points = estimates(state)
    n = len(points)
    teammate = getattr(state, "teammate", None)
    team = [seat for seat in range(n)]
    if callable(teammate) and teammate(0) is not None:
        points = [points[s] + points[teammate(s)] for s in range(n)]
        team = [min(s, teammate(s)) for s in range(n)]
    scale = get_game(state.game_name).search.gap_scale
    ahead = []
    for seat in range(n):
        rivals = [points[q] for q in range(n) if team[q] != team[seat]]
        gap = points[seat] - max(rivals) if rivals else 0.0
        ahead.append(1 / (1 + math.exp(-max(-30.0, min(30.0, gap / scale)))))
    order = sorted(range(n), key=lambda s: -points[s])
    rewards = []
    for seat in range(n):
        rank = sum(1 for q in order if points[q] > points[seat] + 1e-9)
        rank_share = (n - 1 - rank) / (n - 1) if n > 1 else 1.0
        rewards.append(WIN_WEIGHT * ahead[seat] + (1 - WIN_WEIGHT) * rank_share)
    return rewards


_VALUES: list[Any] = []  # the learned bot whose value head scores a ``value`` cut-off


def value_rewards(state: State) -> list[float]:
    """Each seat's reward of a position from the learned value head (-1 to 1 mapped to 0
    to 1), each seat seeing the world from its own seat."""
    if not _VALUES:
        from wonders.bots.learned import LearnedBot

        _VALUES.append(LearnedBot())
    bot = _VALUES[0]
    return [(1.0 + bot.value(state, seat)) / 2 for seat in range(state.num_players)]


def _age(state: State) -> int | None:
    age = getattr(state, "age", None)
    return age if isinstance(age, int) else None


def rollout(world: State, rng: random.Random, policy: Policy, cutoff: str) -> list[float]:
    """Play ``world`` on with ``policy`` for every seat up to the cut-off; the rewards."""
    if cutoff == "value":
        return result_rewards(world) if world.is_terminal() else value_rewards(world)
    start_age = _age(world)
    horizon = get_game(world.game_name).search.horizon * world.num_players
    turns = 0
    while not world.is_terminal():
        if cutoff == "age":
            if start_age is not None and _age(world) != start_age:
                return estimate_rewards(world)
            if horizon and turns >= horizon:
                return estimate_rewards(world)
        for seat in world.to_move():
            world.apply(seat, policy(world, seat, rng))
            turns += 1
    return result_rewards(world)


def candidates(actions: list[Any]) -> list[Any]:
    """The actions worth searching: among actions that differ only by a coin payment
    (``"pay": {"left": 2, "right": 0}``), those that pay the fewest coins in all."""
    if len(actions) < 2:
        return actions
    forms = [a.to_json() for a in actions]
    if not any(isinstance(f.get("pay"), dict) for f in forms):
        return actions
    keys: list[str] = []
    totals: list[int] = []
    best: dict[str, int] = {}
    for form in forms:
        pay = form.pop("pay", None)
        total = sum(pay.values()) if isinstance(pay, dict) else 0
        key = repr(sorted(form.items()))
        keys.append(key)
        totals.append(total)
        best[key] = min(best.get(key, total), total)
    return [a for a, k, t in zip(actions, keys, totals, strict=True) if t == best[k]]


def same_choice(action: Any, actions: list[Any]) -> Any:
    """``action`` if it is one of ``actions`` (the ``candidates``), else the one that differs
    from it only by its coin payment (another bot may pay otherwise); ``action`` if none."""
    if action in actions:
        return action
    unpaid = _unpaid(action)
    return next((other for other in actions if _unpaid(other) == unpaid), action)


def _unpaid(action: Any) -> dict[str, Any]:
    """The action's form without its coin payment."""
    form: dict[str, Any] = action.to_json()
    form.pop("pay", None)
    return form
