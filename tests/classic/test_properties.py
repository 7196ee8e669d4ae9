"""Invariants over random seeded games (hypothesis): the base game at 3 to 7 players, the
2-player Free City and Leaders tables, and Cities (2, 3, 7 and 8 players, teams of 4, 6 and
8, with and without Leaders). Cards and coins are conserved, the payments offered are
Pareto-minimal, views and sampled worlds never show what the viewer cannot know, records
replay and JSON restores any position."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.classic.parts import cities, leaders
from wonders.classic.state import ClassicState, setup
from wonders.classic.state import from_json as state_from_json
from wonders.core import GameRecord, replay

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(min_value=3, max_value=7)
# the 2-player Free City variant and Leaders
VARIANT_TABLES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "expansions": ["leaders"]},
    {"players": 3, "expansions": ["leaders"]},
    {"players": 7, "expansions": ["leaders"]},
]
CITIES = ["cities"]
BOTH = ["cities", "leaders"]
CITIES_TABLES: list[dict[str, Any]] = [
    {"players": 2, "expansions": CITIES},
    {"players": 2, "expansions": BOTH},
    {"players": 3, "expansions": CITIES},
    {"players": 3, "expansions": BOTH},
    {"players": 7, "expansions": CITIES},
    {"players": 7, "expansions": BOTH},
    {"players": 8, "expansions": CITIES},
    {"players": 8, "expansions": BOTH},
    {"players": 4, "expansions": CITIES, "teams": True},
    {"players": 4, "expansions": BOTH, "teams": True},
    {"players": 6, "expansions": CITIES, "teams": True},
    {"players": 6, "expansions": BOTH, "teams": True},
    {"players": 8, "expansions": CITIES, "teams": True},
    {"players": 8, "expansions": BOTH, "teams": True},
]


# ---------------------------------------------------------------- helpers


def age_cards(state: ClassicState) -> Counter[tuple[str, int]]:
    """Every physical Age card, wherever it is (leaders buried under stages apart)."""
    places = [c for city in state.cities for c in city.cards]
    places += [c for city in state.cities for c in city.buried if c.color != "white"]
    places += [c for hand in state.hands for c in hand]
    places += state.discard
    places += [c for age in state.ages for hand in age for c in hand]
    return Counter((c.name, c.age) for c in places)


def every_leader(state: ClassicState) -> Counter[str]:
    """Every leader, wherever it is (the box included)."""
    places = [c for city in state.cities for c in city.leaders]
    places += [c for city in state.cities for c in city.buried if c.color == "white"]
    if state.leaders_on:
        part = leaders(state)
        places += [c for hand in part.hands for c in hand]
        places += [c for packet in part.packets for c in packet]
        places += part.box
    return Counter(c.name for c in places)


def bank_flow(state: ClassicState) -> int:
    """Coins from the bank minus coins to it (trades count on both sides), from the log;
    Petra's coin stages are read from the board (the event lists the trades only)."""
    total = 0
    for e in state.events:
        if e["type"] == "coins":
            total += e["amount"]
        elif e["type"] == "debt":
            total -= e["paid"]
        elif e["type"] in ("build", "wonder", "recruit") and "paid" in e:
            paid = e["paid"]
            total -= paid["left"] + paid["right"] + paid.get("bank", 0)
            if e["type"] == "wonder":
                total -= state.cities[e["seat"]].stages_def[e["stage"] - 1].coins
    return total


def play_random(state: ClassicState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))


def _public(view: dict[str, Any]) -> dict[str, Any]:
    out = dict(view)
    out.pop("to_move", None)
    out["players"] = [{k: v for k, v in p.items() if k != "chosen"} for p in view["players"]]
    return out


def _hidden_and_public(state: ClassicState, viewer: int | None) -> tuple[set[str], set[str]]:
    """The card names ``viewer`` may not see (others' hands, face-down cards) and those they
    may (buildings, own and teammate's hand, events they are told about)."""
    mate = state.teammate(viewer) if viewer is not None else None
    knowing = set() if viewer is None else {viewer} if mate is None else {viewer, mate}
    hidden = {c.name for q, h in enumerate(state.hands) if q not in knowing for c in h}
    hidden |= {c.name for c in state.discard}
    hidden |= {c.name for q, city in enumerate(state.cities) for c in city.buried}
    if state.leaders_on:
        hidden |= {
            c.name for q, h in enumerate(leaders(state).hands) if q not in knowing for c in h
        }
        hidden |= {
            c.name for q, h in enumerate(leaders(state).packets) if q not in knowing for c in h
        }
        hidden |= {c.name for c in leaders(state).box}
    public = {c.name for city in state.cities for c in city.cards}
    public |= {c.name for city in state.cities for c in city.leaders}
    for q in knowing:
        public |= {c.name for c in state.hands[q]}
        if state.leaders_on:
            public |= {c.name for c in leaders(state).hands[q]} | {
                c.name for c in leaders(state).packets[q]
            }
    for e in state.events:
        told = {e.get("seat"), e.get("by")} & knowing
        if "card" in e and (not e.get("secret") or told):
            public.add(e["card"])
    if viewer is not None and state.phase == "discard_build" and state.to_move() == [viewer]:
        public |= {c.name for c in state.discard}
    return hidden, public


# ---------------------------------------------------------------- the base game


@settings(max_examples=500)
@given(seed=SEEDS, players=PLAYERS)
def test_invariants_hold_through_random_games(seed: int, players: int) -> None:
    state = setup({"players": players, "sides": "random"}, seed)
    rng = random.Random(seed)
    deck = age_cards(state)
    assert sum(deck.values()) == 21 * players
    while not state.is_terminal():
        for p in state.to_move():
            state.apply(p, rng.choice(state.legal_actions(p)))
        # cards are conserved
        assert age_cards(state) == deck
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


@settings(max_examples=60)
@given(seed=SEEDS, players=PLAYERS, steps=st.integers(min_value=0, max_value=140))
def test_views_do_not_change_with_what_the_viewer_cannot_know(
    seed: int, players: int, steps: int
) -> None:
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    play_random(state, rng, steps)
    for viewer in [*range(players), None]:
        seat = viewer if viewer is not None else rng.randrange(players)
        world = state.sample_world(seat, random.Random(steps))
        assert _public(world.view(viewer)) == _public(state.view(viewer))
        # other hands are never in a player's view
        view = state.view(viewer)
        assert "hands" not in view
        if viewer is not None:
            assert view["hand"] == [c.name for c in state.hands[viewer]]


# ---------------------------------------------------------------- the Free City and Leaders


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, options=st.sampled_from(VARIANT_TABLES))
def test_invariants_hold_through_random_free_city_and_leaders_games(
    seed: int, options: dict[str, Any]
) -> None:
    state = setup({**options, "sides": "random"}, seed)
    rng = random.Random(seed)
    deck = age_cards(state)
    assert sum(deck.values()) == 21 * len(state.cities)
    roster = every_leader(state)
    start = sum(c.coins for c in state.cities)
    while not state.is_terminal():
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
        assert age_cards(state) == deck
        assert every_leader(state) == roster  # sold and returned leaders are in the box
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


@settings(max_examples=40, deadline=None)
@given(
    seed=SEEDS,
    options=st.sampled_from(VARIANT_TABLES),
    steps=st.integers(min_value=0, max_value=160),
)
def test_free_city_and_leaders_views_and_sampled_worlds_keep_hands_hidden(
    seed: int, options: dict[str, Any], steps: int
) -> None:
    state = setup(options, seed)
    rng = random.Random(seed)
    play_random(state, rng, steps)
    for viewer in range(state.num_players):
        world = state.sample_world(viewer, random.Random(steps))
        assert _public(world.view(viewer)) == _public(state.view(viewer))
        assert world.hands[viewer] == state.hands[viewer]
        if state.leaders_on:
            assert leaders(world).hands[viewer] == leaders(state).hands[viewer]
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
                for c in leaders(state).hands[q]
            }
            hidden -= {c.name for c in leaders(state).hands[viewer]}
            hidden -= {c.name for c in leaders(state).packets[viewer]}
            public = {c.name for city in state.cities for c in city.leaders}
            for event in view["events"]:
                if event.get("type") in ("recruit", "copy"):
                    public.add(event["card"])
            for name in hidden - public:
                assert f"'{name}'" not in text, name


# ---------------------------------------------------------------- Cities


@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, options=st.sampled_from(CITIES_TABLES))
def test_invariants_hold_through_random_cities_games(seed: int, options: dict[str, Any]) -> None:
    state = setup({**options, "sides": "random"}, seed)
    rng = random.Random(seed)
    n = state.n
    deck = age_cards(state)
    per_age = Counter(age for (_, age), k in deck.items() for _ in range(k))
    assert per_age == {age: state.hand_size * n for age in (1, 2, 3)}
    colours: Counter[tuple[int, str]] = Counter()
    for (name, age), k in deck.items():
        colours[(age, state.cat.card_named(name).color)] += k
    for age in (1, 2, 3):
        assert colours[(age, "black")] == min(n, 7)
    assert colours[(3, "purple")] == min(n + 2, 9)
    roster = every_leader(state)
    start = sum(c.coins for c in state.cities)
    debts = [0] * n
    while not state.is_terminal():
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
        assert age_cards(state) == deck
        assert every_leader(state) == roster
        for q, city in enumerate(state.cities):
            names = [c.name for c in city.cards]
            assert len(names) == len(set(names))
            assert city.stages == len(city.buried) <= len(city.stages_def)
            assert city.coins >= 0
            assert city.diplomacy >= 0
            assert city.debt >= debts[q]  # debt is never repaid
            debts[q] = city.debt
        assert sum(c.coins for c in state.cities) == start + bank_flow(state)
        if state.phase == "debt":
            assert cities(state).owed and all(v > 0 for v in cities(state).owed.values())
            assert all(state.cities[c].coins > 0 for c in cities(state).owed)
    result = state.result()
    assert len(result.players) == state.num_players
    for r in result.players:
        assert r.total == sum(r.breakdown.values())
        assert r.breakdown["debt"] == -state.cities[r.seat].debt
        assert r.tiebreak == state.cities[r.seat].coins
    if state.teams:
        by_seat = {r.seat: r for r in result.players}
        teams = result.extra["teams"]
        assert [t["seats"] for t in teams] == [[s, s + 1] for s in range(0, state.players, 2)]
        for team in teams:
            members = [by_seat[s] for s in team["seats"]]
            assert team["total"] == sum(m.total for m in members)
            assert team["coins"] == sum(m.tiebreak for m in members)
            assert all(m.rank == team["rank"] for m in members)
        best = max((t["total"], t["coins"]) for t in teams)
        winners = [s for t in teams if (t["total"], t["coins"]) == best for s in t["seats"]]
        assert sorted(result.winners) == winners
    else:
        best_key = max((r.total, r.tiebreak) for r in result.players)
        assert result.winners == [
            r.seat for r in result.players if (r.total, r.tiebreak) == best_key
        ]


@settings(max_examples=50, deadline=None)
@given(
    seed=SEEDS,
    options=st.sampled_from(CITIES_TABLES),
    steps=st.integers(min_value=0, max_value=220),
)
def test_cities_views_never_leak_hidden_cards(
    seed: int, options: dict[str, Any], steps: int
) -> None:
    state = setup(options, seed)
    play_random(state, random.Random(seed), steps)
    for viewer in [*range(state.num_players), None]:
        view = state.view(viewer)
        text = repr(view)
        assert "hands" not in view and "buried" not in text
        for city in [*view["players"], view.get("free_city") or {}]:
            assert set(city) & {"hand", "cards_buried", "markers"} == set()
        hidden, public = _hidden_and_public(state, viewer)
        if viewer is None:
            assert "hand" not in view and "teammate_hand" not in view
        else:
            assert view["hand"] == [c.name for c in state.hands[viewer]]
            mate = state.teammate(viewer)
            if mate is None:
                assert "teammate_hand" not in view
            else:
                assert view["teammate"] == mate
                assert view["teammate_hand"] == [c.name for c in state.hands[mate]]
        for event in view["events"]:  # face-down cards of others keep their secret
            if event["type"] in ("sell", "wonder", "discard", "return") and "card" in event:
                assert event["card"] in public
        for name in hidden - public:
            assert f"'{name}'" not in text, (viewer, name)


# ---------------------------------------------------------------- every table


@settings(max_examples=40, deadline=None)
@given(
    seed=SEEDS,
    options=st.one_of(
        PLAYERS.map(lambda n: {"players": n, "sides": "random"}),
        st.sampled_from(VARIANT_TABLES + CITIES_TABLES),
    ),
)
def test_records_replay_and_json_round_trips(seed: int, options: dict[str, Any]) -> None:
    """Every table: the action log replays to the same game; to_json / from_json restore any
    position (a sub-decision's, with the turn's coin losses still to settle, often) and the
    restored game plays on the same."""
    state = setup(options, seed)
    record = GameRecord("classic", options, seed)
    rng = random.Random(seed)
    restored: ClassicState | None = None
    while not state.is_terminal():
        data = state.to_json()
        again = state_from_json(data)
        assert again.to_json() == data
        for p in state.to_move():
            assert again.legal_actions(p) == state.legal_actions(p)
            assert again.view(p) == state.view(p)
        sub_decision = state.phase not in ("draft", "leader_draft")
        if restored is None and rng.random() < (0.3 if sub_decision else 0.03):
            restored = again  # plays on beside the original from here
        p = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(p))
        state.apply(p, action)
        if restored is not None:
            restored.apply(p, action)
        record.actions.append((p, action.to_json()))
    record.result = state.result().to_json()
    assert replay(GameRecord.from_json(record.to_json())).to_json() == state.to_json()
    final = state_from_json(state.to_json())
    assert final.result() == state.result()
    if restored is not None:
        assert restored.to_json() == state.to_json()
