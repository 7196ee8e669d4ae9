"""Invariants over random seeded games of the 2-player Free City variant and of Leaders
(2, 3 and 7 players, with and without Leaders), with hypothesis."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from wonders.classic.state import ClassicState, setup

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
TABLES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "expansions": ["leaders"]},
    {"players": 3, "expansions": ["leaders"]},
    {"players": 7, "expansions": ["leaders"]},
]
OPTIONS = st.sampled_from(TABLES)


def age_cards(state: ClassicState) -> Counter[tuple[str, int]]:
    places = [c for city in state.cities for c in city.cards]
    places += [c for city in state.cities for c in city.buried if c.color != "white"]
    places += [c for hand in state.hands for c in hand]
    places += state.discard
    places += [c for age in state.ages for hand in age for c in hand]
    return Counter((c.name, c.age) for c in places)


def leaders(state: ClassicState) -> Counter[str]:
    places = [c for city in state.cities for c in city.leaders]
    places += [c for city in state.cities for c in city.buried if c.color == "white"]
    places += [c for hand in state.leader_hands for c in hand]
    places += [c for packet in state.packets for c in packet]
    places += state.box
    return Counter(c.name for c in places)


def bank_flow(state: ClassicState) -> int:
    total = 0
    for e in state.events:
        if e["type"] == "coins":
            total += e["amount"]
        elif e["type"] in ("build", "wonder", "recruit") and "paid" in e:
            paid = e["paid"]
            total -= paid["left"] + paid["right"] + paid.get("bank", 0)
    return total


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, options=OPTIONS)
def test_invariants_hold_through_random_games(seed: int, options: dict[str, Any]) -> None:
    state = setup({**options, "sides": "random"}, seed)
    rng = random.Random(seed)
    deck = age_cards(state)
    assert sum(deck.values()) == 21 * len(state.cities)
    roster = leaders(state)
    start = sum(c.coins for c in state.cities)
    while not state.is_terminal():
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
        assert age_cards(state) == deck
        assert leaders(state) == roster  # sold and returned leaders are in the box
        assert not any(c.color == "white" for c in state.discard)
        for city in state.cities:
            names = [c.name for c in city.cards]
            assert len(names) == len(set(names))
            assert city.stages == len(city.buried) <= len(city.stages_def)
            assert city.coins >= 0
        assert sum(c.coins for c in state.cities) == start + bank_flow(state)
        if state.free_city and state.phase == "draft" and state.pending == [None] * 3:
            ctrl = state.controller()
            sizes = [len(h) for h in state.hands]
            assert sizes[ctrl] == sizes[1 - ctrl] + 1 == sizes[2] + 2
    result = state.result()
    assert len(result.players) == state.num_players
    for p in result.players:
        assert p.total == sum(p.breakdown.values())
        assert ("leaders" in p.breakdown) == state.leaders_on
    if state.free_city:
        assert result.extra["free_city"]["total"] == sum(
            result.extra["free_city"]["breakdown"].values()
        )


def _public(view: dict[str, Any]) -> dict[str, Any]:
    out = dict(view)
    out.pop("to_move", None)
    out["players"] = [{k: v for k, v in p.items() if k != "chosen"} for p in view["players"]]
    return out


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, options=OPTIONS, steps=st.integers(min_value=0, max_value=160))
def test_views_and_sampled_worlds_keep_hidden_hands_hidden(
    seed: int, options: dict[str, Any], steps: int
) -> None:
    state = setup(options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
    for viewer in range(state.num_players):
        world = state.sample_world(viewer, random.Random(steps))
        assert _public(world.view(viewer)) == _public(state.view(viewer))
        assert world.hands[viewer] == state.hands[viewer]
        if state.leaders_on:
            assert world.leader_hands[viewer] == state.leader_hands[viewer]
        view = state.view(viewer)
        others = [q for q in range(len(state.cities)) if q != viewer]
        text = repr(view)
        for q in others:  # another hand is never listed (its size is)
            assert "hands" not in view
            if state.hands[q] and len(state.hands[q]) > 2:
                assert [c.name for c in state.hands[q]] != view.get("hand")
        if state.leaders_on:
            hidden = {
                c.name
                for q in range(state.num_players)
                if q != viewer
                for c in state.leader_hands[q]
            }
            hidden -= {c.name for c in state.leader_hands[viewer]}
            hidden -= {c.name for c in state.packets[viewer]}
            public = {c.name for city in state.cities for c in city.leaders}
            for event in view["events"]:
                if event.get("type") in ("recruit", "copy"):
                    public.add(event["card"])
            for name in hidden - public:
                assert f"'{name}'" not in text, name
