"""Step rates of the learning environments beside the engine's (``wonders bench --envs``,
``benchmarks/bench_envs.py``).

Each row plays the same seeded random games three ways, choosing uniformly among the legal
actions: through the engine alone (``legal_actions`` and ``apply``, as ``wonders bench``),
through the AEC environment (each decision: the acting agent's observation and mask, then
``step``) and through the Parallel environment (each step: every agent's observation and
mask, then the joint action). Rates are decisions per second (a ``WAIT`` is not one).

``cost_split`` times, per decision of the engine's random games, the engine's own work
(``legal_actions`` and ``apply``) and the encoding the environments use (the compiled
observer's observation vector, then the legal actions' index map and mask: ``observe``
and ``encode_legal``), in the order the environments run them; then, for comparison, in a
second pass over the same games, ``view(seat)`` and the reference encoding of that view
(vector, indices and mask, in Python): the encoding is what this package adds.
"""

from __future__ import annotations

import gc
import random
import time
from typing import Any

import numpy as np

from wonders.cli.throughput import measure
from wonders.core.registry import game_names, get_game
from wonders.envs import make_codec
from wonders.envs.pettingzoo import WondersAEC, WondersParallel


def aec_playout(e: WondersAEC, seed: int, rng: np.random.Generator) -> int:
    e.reset(seed=seed)
    decisions = 0
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    return decisions


def parallel_playout(p: WondersParallel, seed: int, rng: np.random.Generator) -> int:
    observations, _ = p.reset(seed=seed)
    decisions = 0
    while p.agents:
        actions = {}
        for agent, obs in observations.items():
            legal = np.flatnonzero(obs["action_mask"])
            actions[agent] = int(rng.choice(legal))
            decisions += legal[0] != 0
        observations, *_ = p.step(actions)
    return decisions


def _rate(play: Any, env: Any, games: int, seed: int) -> float:
    gc.collect()
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    decisions = sum(play(env, seed + g, rng) for g in range(games))
    return float(decisions / (time.perf_counter() - start))


def cost_split(game: str, options: dict[str, Any], games: int, seed: int) -> dict[str, float]:
    """Microseconds per decision: the engine's, the encoding's, and the view's and the
    reference encoding's (which the encoding replaces); and the encoding's time divided by
    the engine's (``encoding_ratio``, from the unrounded times).

    Two passes over the same seeded games. The first plays as the environments do: the
    engine's legal actions, the encoding, the engine's ``apply``. The second plays the
    same games again and times the view and the reference encoding. Timed in the first
    pass, they would leave the encoding cold caches and garbage the environments never
    make."""
    codec = make_codec(game, options)
    clock = time.perf_counter
    engine = encode = view = reference = 0.0
    decisions = 0
    for g in range(games):
        state = get_game(game).setup(dict(options), seed + g)
        rng = random.Random(seed + g)
        while not state.is_terminal():
            for seat in state.to_move():
                t0 = clock()
                actions = state.legal_actions(seat)
                t1 = clock()
                codec.observe(state, seat)
                codec.encode_legal(actions, seat)
                t2 = clock()
                state.apply(seat, rng.choice(actions))
                t3 = clock()
                engine += (t1 - t0) + (t3 - t2)
                encode += t2 - t1
                decisions += 1
    for g in range(games):
        state = get_game(game).setup(dict(options), seed + g)
        rng = random.Random(seed + g)
        while not state.is_terminal():
            for seat in state.to_move():
                actions = state.legal_actions(seat)
                t0 = clock()
                seen = state.view(seat)
                t1 = clock()
                codec.encode_view(seen, seat)
                indices = codec.reference_indices(actions, seat)
                codec.mask(dict(zip(indices, actions, strict=True)))
                t2 = clock()
                state.apply(seat, rng.choice(actions))
                view += t1 - t0
                reference += t2 - t1
    scale = 1e6 / max(1, decisions)
    return {
        "engine_us": round(engine * scale, 1),
        "encoding_us": round(encode * scale, 1),
        "encoding_ratio": round(encode / engine, 3) if engine else 0.0,
        "view_us": round(view * scale, 1),
        "reference_us": round(reference * scale, 1),
    }


def measure_envs(game: str, options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    aec_env, parallel_env = WondersAEC(game, **options), WondersParallel(game, **options)
    warm = np.random.default_rng(seed)  # one untimed game each: caches filled alike
    measure(game, options, 1, seed - 1)
    aec_playout(aec_env, seed - 1, warm)
    parallel_playout(parallel_env, seed - 1, warm)
    engine = measure(game, options, games, seed)["decisions_per_second"]
    aec = _rate(aec_playout, aec_env, games, seed)
    parallel = _rate(parallel_playout, parallel_env, games, seed)
    return {
        "game": game,
        "options": options,
        "games": games,
        "engine_decisions_per_second": round(engine, 1),
        "aec_decisions_per_second": round(aec, 1),
        "parallel_decisions_per_second": round(parallel, 1),
        "aec_share": round(aec / engine, 2),
        "parallel_share": round(parallel / engine, 2),
        **cost_split(game, options, games, seed),
    }


def report(games: int = 40, seed: int = 0, only: str | None = None) -> list[dict[str, Any]]:
    """Every game's rows (or ``only`` that game's); bigger tables play fewer games."""
    rows = []
    names = [g for g in game_names() if get_game(g).has("codec")] if only is None else [only]
    for game in names:
        for options, share in get_game(game).env_benches:
            rows.append(measure_envs(game, options, max(1, int(games * share)), seed))
    return rows
