"""sample_world keeps what the player knows and re-deals only what they cannot know."""

from __future__ import annotations

import random
from collections import Counter

from wonders.classic.actions import Action
from wonders.classic.state import ClassicState, setup


def names(cards: list) -> Counter[str]:  # type: ignore[type-arg]
    return Counter(c.name for c in cards)


def advance(state: ClassicState, turns: int, sell: bool = False) -> None:
    """Play ``turns`` turns; with ``sell`` everyone sells (face down) their first card."""
    rng = random.Random(0)
    for _ in range(turns):
        for p in state.to_move():
            acts = state.legal_actions(p)
            sells = [a for a in acts if a.kind == "sell"]
            state.apply(p, sells[0] if sell else rng.choice(acts))


def test_the_hand_you_passed_is_known_exactly() -> None:
    # 3 players, Age I passes left: at turn 4 the left neighbour holds the hand we held at
    # turn 3 minus the card we took, so every sample must give them exactly those cards.
    state = setup({"players": 3}, 5)
    advance(state, 3, sell=True)
    assert state.turn == 4
    for seed in range(20):
        world = state.sample_world(0, random.Random(seed))
        assert names(world.hands[1]) == names(state.hands[1])
        assert names(world.hands[0]) == names(state.hands[0])


def test_unseen_hands_are_redealt() -> None:
    # at turn 1 nobody has seen another hand: samples must vary the other hands
    state = setup({"players": 5}, 3)
    seen = {tuple(sorted(c.name for c in state.sample_world(0, random.Random(s)).hands[2]))
            for s in range(10)}  # fmt: skip
    assert len(seen) > 1
    world = state.sample_world(0, random.Random(1))
    assert names(world.hands[0]) == names(state.hands[0])
    all_other = sum((names(h) for h in state.hands[1:]), Counter())
    assert sum((names(h) for h in world.hands[1:]), Counter()) == all_other


def test_cards_sold_between_sightings_stay_in_their_group() -> None:
    # 3 players, everyone sells. At turn 4 seat 2 holds packet 2, which seat 0 last held at
    # turn 2; since then seat 1 sold one card of it face down. Seat 0 knows that card and
    # seat 2's hand together, not which is which: samples shuffle only within that group.
    state = setup({"players": 3}, 8)
    advance(state, 3, sell=True)
    sold_from_2 = [i for i, prov in enumerate(state.discard_from) if prov[1:] == (2, 2, 1)]
    assert len(sold_from_2) == 1
    i = sold_from_2[0]
    group = names(state.hands[2]) + names([state.discard[i]])
    moved = False
    for seed in range(20):
        world = state.sample_world(0, random.Random(seed))
        assert names(world.hands[2]) + names([world.discard[i]]) == group
        moved |= world.discard[i] != state.discard[i]
        # own sales are known exactly, in place
        for j, prov in enumerate(state.discard_from):
            if prov[3] == 0:
                assert world.discard[j] == state.discard[j]
    assert moved


def test_future_ages_and_guilds_are_resampled() -> None:
    state = setup({"players": 3}, 21)
    guild_sets = set()
    for seed in range(15):
        world = state.sample_world(0, random.Random(seed))
        guilds = frozenset(c.name for h in world.ages[2] for c in h if c.is_guild)
        assert len(guilds) == 5
        guild_sets.add(guilds)
    assert len(guild_sets) > 1


def test_others_pending_choices_are_forgotten() -> None:
    state = setup({"players": 3}, 2)
    state.apply(1, Action("sell", state.hands[1][0].name))
    state.apply(0, state.legal_actions(0)[0])
    world = state.sample_world(0, random.Random(0))
    assert world.to_move() == [1, 2]
    assert world.pending[0] == state.pending[0]
    assert "card" not in str([e for e in world.events if e.get("seat") == 1 and e.get("secret")])
