"""Invariants over random seeded games at every player count (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.classic.test_properties_variants import TABLES as VARIANTS
from wonders.classic.state import ClassicState, setup
from wonders.classic.state import from_json as state_from_json

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=3, max_value=7)


def all_cards(state: ClassicState) -> Counter[tuple[str, int]]:
    """Every physical card, wherever it is."""
    places = [c for city in state.cities for c in city.cards]
    places += [c for city in state.cities for c in city.buried]
    places += [c for hand in state.hands for c in hand]
    places += state.discard
    places += [c for age in state.ages for hand in age for c in hand]
    return Counter((c.name, c.age) for c in places)


def bank_flow(state: ClassicState) -> int:
    """Coins in from the bank minus coins out to it, from the event log."""
    total = 0
    for e in state.events:
        if e["type"] == "coins":
            total += e["amount"]
        elif e["type"] in ("build", "wonder") and "paid" in e:
            paid = e["paid"]
            total -= paid["left"] + paid["right"] + paid.get("bank", 0)
    return total


@settings(max_examples=500)
@given(seed=SEEDS, players=PLAYERS)
def test_invariants_hold_through_random_games(seed: int, players: int) -> None:
    state = setup({"players": players, "sides": "random"}, seed)
    rng = random.Random(seed)
    deck = all_cards(state)
    assert sum(deck.values()) == 21 * players
    while not state.is_terminal():
        for p in state.to_move():
            state.apply(p, rng.choice(state.legal_actions(p)))
        # cards are conserved
        assert all_cards(state) == deck
        for city in state.cities:
            # no two buildings of one name; stages in order, one marker each
            names = [c.name for c in city.cards]
            assert len(names) == len(set(names))
            assert city.stages == len(city.buried) <= len(city.stages_def)
            assert city.coins >= 0
        # coins: 3 each at the start, changed only by the bank (trades are transfers)
        assert sum(c.coins for c in state.cities) == 3 * players + bank_flow(state)
        if state.phase == "draft":
            assert {len(h) for h in state.hands} == {7 - state.turn + 1}
    result = state.result()
    ranks = sorted(p.rank for p in result.players)
    assert ranks[0] == 1
    for p in result.players:
        assert p.total == sum(p.breakdown.values())
        assert p.tiebreak == state.cities[p.seat].coins
    best = max((p.total, p.tiebreak) for p in result.players)
    assert result.winners == [p.seat for p in result.players if (p.total, p.tiebreak) == best]


@settings(max_examples=200)
@given(seed=SEEDS, players=PLAYERS)
def test_payments_offered_are_pareto_minimal_and_affordable(seed: int, players: int) -> None:
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 15)):
        if state.is_terminal():
            return
        for p in state.to_move():
            state.apply(p, rng.choice(state.legal_actions(p)))
    for p in state.to_move():
        acts = state.legal_actions(p)
        assert len(acts) == len(set(acts))
        by_card: dict[tuple[str, str], list[tuple[int, int]]] = {}
        for a in acts:
            by_card.setdefault((a.kind, a.card), []).append((a.left, a.right))
            assert a.left + a.right <= state.cities[p].coins
        for pays in by_card.values():
            for x in pays:
                for y in pays:
                    dominated = y != x and y[0] <= x[0] and y[1] <= x[1]
                    assert not dominated, f"{x} is dominated by {y}"


def _public(view: dict) -> dict:  # type: ignore[type-arg]
    out = dict(view)
    out.pop("to_move", None)
    out["players"] = [{k: v for k, v in p.items() if k != "chosen"} for p in view["players"]]
    return out


@settings(max_examples=60)
@given(seed=SEEDS, players=PLAYERS, steps=st.integers(min_value=0, max_value=140))
def test_views_do_not_change_with_what_the_viewer_cannot_know(
    seed: int, players: int, steps: int
) -> None:
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
    for viewer in [*range(players), None]:
        seat = viewer if viewer is not None else rng.randrange(players)
        world = state.sample_world(seat, random.Random(steps))
        assert _public(world.view(viewer)) == _public(state.view(viewer))
        # other hands are never in a player's view
        view = state.view(viewer)
        assert "hands" not in view
        if viewer is not None:
            assert view["hand"] == [c.name for c in state.hands[viewer]]


@settings(max_examples=40)
@given(
    seed=SEEDS,
    options=st.one_of(
        PLAYERS.map(lambda n: {"players": n, "sides": "random"}), st.sampled_from(VARIANTS)
    ),
)
def test_records_replay_to_the_same_game(seed: int, options: dict[str, Any]) -> None:
    """Base tables and the Free City / Leaders ones: records replay, JSON restores."""
    from wonders.core import GameRecord, replay

    state = setup(options, seed)
    record = GameRecord("classic", options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        p = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(p))
        state.apply(p, action)
        record.actions.append((p, action.to_json()))
    record.result = state.result().to_json()
    again = replay(GameRecord.from_json(record.to_json()))
    assert again.to_json() == state.to_json()
    restored = state_from_json(state.to_json())
    assert restored.result() == state.result()
