"""Step rates of the learning environments beside the engine's (``wonders bench --envs``,
``benchmarks/bench_envs.py``).

Each row plays seeded random games three ways, choosing uniformly among the legal actions:
through the engine alone (``legal_actions`` and ``apply``, as ``wonders bench``), through
the AEC environment (each decision: the acting agent's observation and mask, then ``step``)
and through the Parallel environment (each step: every agent's observation and mask, then
the joint action). Rates are decisions per second (a ``WAIT`` is not one), each measured as
``wonders bench``'s, in its steady state (``wonders.cli.throughput.steady``): untimed
warm-up games, then ``WINDOWS`` timed windows of at least ``seconds / WINDOWS`` seconds of
CPU time each (``SECONDS`` by default: windows of 0.05 s, or begun cold, misled by several
times), the median window reported with the slowest and fastest. Each way plays seeds of
its own: a game played again finds the engine's memos filled, and runs faster than a new
one.

``cost_split`` times, per decision of the engine's random games, the engine's own work
(``legal_actions`` and ``apply``) and the encoding the environments use (the compiled
observer's observation vector, then the legal actions' index map and mask: ``observe``
and ``encode_legal``), in the order the environments run them; then, for comparison, in a
second pass over the same games, ``view(seat)`` and the reference encoding of that view
(vector, indices and mask, in Python): the encoding is what this package adds.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from wonders.cli.throughput import WARMUP_SEEDS, playout, steady
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
            decisions += int(legal[0] != 0)
        observations, *_ = p.step(actions)
    return decisions


SECONDS = 1.0  # the least timed seconds of each rate (over WINDOWS windows)
SEED_BLOCK = 1 << 20  # each way's seeds start a block further: no game is timed twice
WAYS = ("engine", "aec", "parallel")


def _seeds(seed: int, part: str) -> int:
    """The first seed of ``part``'s games (a way, or ``split``: ``cost_split``'s)."""
    return seed + SEED_BLOCK * (1 + [*WAYS, "split"].index(part))


def cost_split(game: str, options: dict[str, Any], games: int, seed: int) -> dict[str, float]:
    """Microseconds per decision: the engine's, the encoding's, and the view's and the
    reference encoding's (which the encoding replaces); and the encoding's time divided by
    the engine's (``encoding_ratio``, from the unrounded times).

    After an untimed warm-up (half as many games of other seeds, through the same codec:
    its memos filled, as an environment's soon are), two passes over the same seeded
    games. The first plays as the environments do: the engine's legal actions, the
    encoding, the engine's ``apply``. The second plays the same games again and times the
    view and the reference encoding. Timed in the first pass, they would leave the
    encoding cold caches and garbage the environments never make."""
    codec = make_codec(game, options)
    clock = time.perf_counter

    def encoding_pass(first: int, count: int) -> tuple[float, float, int]:
        engine = encode = 0.0
        decisions = 0
        for g in range(first, first + count):
            state = get_game(game).setup(dict(options), g)
            rng = random.Random(g)
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
        return engine, encode, decisions

    encoding_pass(seed + WARMUP_SEEDS, max(1, games // 2))
    engine, encode, decisions = encoding_pass(seed, games)
    view = reference = 0.0
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


def measure_envs(
    game: str, options: dict[str, Any], games: int, seed: int, seconds: float | None = None
) -> dict[str, Any]:
    """One row: each way's steady rate (at least ``games`` timed games and ``seconds``
    seconds of CPU time, ``SECONDS`` if None, after its warm-up), then ``cost_split`` over
    ``games`` new games.

    ``<way>_decisions_per_second`` is the median window; ``<way>_range`` the slowest and
    fastest windows; ``spread`` the widest of the three ways' half-ranges over their medians
    (0.05: every window within about 5% of the median)."""
    aec_env, parallel_env = WondersAEC(game, **options), WondersParallel(game, **options)
    aec_rng = np.random.default_rng(_seeds(seed, "aec"))
    parallel_rng = np.random.default_rng(_seeds(seed, "parallel"))
    plays = {
        "engine": lambda s: playout(game, options, s),
        "aec": lambda s: aec_playout(aec_env, s, aec_rng),
        "parallel": lambda s: parallel_playout(parallel_env, s, parallel_rng),
    }
    least = SECONDS if seconds is None else seconds
    rates = {way: steady(plays[way], _seeds(seed, way), games, least) for way in WAYS}
    engine, aec, parallel = (rates[way]["decisions_per_second"] for way in WAYS)
    return {
        "game": game,
        "options": options,
        "games": games,
        **{f"{way}_decisions_per_second": rates[way]["decisions_per_second"] for way in WAYS},
        **{f"{way}_range": rates[way]["decisions_per_second_range"] for way in WAYS},
        "spread": max(rates[way]["spread"] for way in WAYS),
        "windows": rates["engine"]["windows"],  # each way's: WINDOWS, or fewer games
        "timed_games": {way: rates[way]["games"] for way in WAYS},
        "warmup_games": {way: rates[way]["warmup_games"] for way in WAYS},
        "aec_share": round(aec / engine, 2),
        "parallel_share": round(parallel / engine, 2),
        **cost_split(game, options, games, _seeds(seed, "split")),
    }


def report(
    games: int = 40, seed: int = 0, only: str | None = None, seconds: float | None = None
) -> list[dict[str, Any]]:
    """Every game's rows (or ``only`` that game's); bigger tables play fewer games (each
    rate still at least ``seconds`` seconds)."""
    rows = []
    names = [g for g in game_names() if get_game(g).has("codec")] if only is None else [only]
    for game in names:
        for options, share in get_game(game).env_benches:
            count = max(1, int(games * share))
            rows.append(measure_envs(game, options, count, seed, seconds))
    return rows
