"""sample_world keeps what the player knows and re-deals only what they cannot know: hands
passed, cards sold between sightings, future Ages and guilds, others' pending choices; with
Cities, black cards redrawn from each Age's nine, hands of 8 (7 at 8 players), the teammate's
hands kept, others' debt choices forgotten; sampled worlds look the same to the player and
play on to the end."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.classic.cities_scenario import at, build, new_game, set_coins, set_turn, settle
from tests.classic.parts import cities, leaders
from wonders.classic.actions import Action
from wonders.classic.cards import BLACK, Card, black_cards
from wonders.classic.sampling import IN_HAND, _last_sighting
from wonders.classic.state import ClassicState, setup

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
TABLES: list[dict[str, Any]] = [
    {"players": 2, "expansions": ["cities"]},
    {"players": 2, "expansions": ["cities", "leaders"]},
    {"players": 3, "expansions": ["cities"]},
    {"players": 3, "expansions": ["cities", "leaders"]},
    {"players": 7, "expansions": ["cities"]},
    {"players": 8, "expansions": ["cities"]},
    {"players": 4, "expansions": ["cities", "leaders"], "teams": True},
    {"players": 6, "expansions": ["cities"], "teams": True},
    {"players": 8, "expansions": ["cities", "leaders"], "teams": True},
]


def names(cards: list[Card]) -> Counter[str]:
    return Counter(c.name for c in cards)


def every_age_card(state: ClassicState) -> list[Card]:
    cards = [c for city in state.cities for c in (*city.cards, *city.buried)]
    cards += [c for hand in state.hands for c in hand] + state.discard
    cards += [c for age in state.ages for hand in age for c in hand]
    return [c for c in cards if c.color != "white"]


def shape(state: ClassicState) -> Counter[tuple[int, str]]:
    """How many cards of each Age and colour the game holds."""
    return Counter((c.age, c.color) for c in every_age_card(state))


def public(view: dict[str, Any]) -> dict[str, Any]:
    """A view without who has chosen already (sampling forgets others' choices)."""
    out = dict(view)
    out.pop("to_move", None)
    out["players"] = [{k: v for k, v in p.items() if k != "chosen"} for p in view["players"]]
    return out


def advance(state: ClassicState, turns: int, sell: bool = False) -> None:
    """Play ``turns`` turns; with ``sell`` everyone sells (face down) their first card."""
    rng = random.Random(0)
    for _ in range(turns):
        for p in state.to_move():
            acts = state.legal_actions(p)
            sells = [a for a in acts if a.kind == "sell"]
            state.apply(p, sells[0] if sell else rng.choice(acts))


def play_out(state: ClassicState, rng: random.Random) -> None:
    while not state.is_terminal():
        p = rng.choice(state.to_move())
        legal = state.legal_actions(p)
        assert legal
        state.apply(p, rng.choice(legal))


@pytest.mark.parametrize(
    ("options", "seed", "size"),
    [({"players": 3}, 5, 4), ({"players": 3, "expansions": ["cities"]}, 9, 5)],
    ids=["base", "cities"],
)
def test_the_hand_you_passed_is_known_exactly(
    options: dict[str, Any], seed: int, size: int
) -> None:
    # 3 players, Age I passes left: at turn 4 the left neighbour holds the hand we held at
    # turn 3 minus the card we took (black cards included, with Cities), so every sample must
    # give them exactly those cards.
    state = setup(options, seed)
    advance(state, 3, sell=True)
    assert state.turn == 4 and [len(h) for h in state.hands] == [size] * 3
    for k in range(20):
        world = state.sample_world(0, random.Random(k))
        assert names(world.hands[1]) == names(state.hands[1])
        assert world.hands[0] == state.hands[0]


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


# ---------------------------------------------------------------- with Cities


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, table=st.sampled_from(TABLES), steps=st.integers(min_value=0, max_value=220))
def test_a_sampled_world_looks_the_same_to_the_player_and_plays_on(
    seed: int, table: dict[str, Any], steps: int
) -> None:
    state = setup(table, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
    before = state.to_json()
    for viewer in range(state.num_players):
        world = state.sample_world(viewer, random.Random(steps + viewer))
        assert public(world.view(viewer)) == public(state.view(viewer))
        assert public(world.view(None)) == public(state.view(None))
        assert world.hands[viewer] == state.hands[viewer]
        mate = state.teammate(viewer)
        if mate is not None:
            assert world.hands[mate] == state.hands[mate]
            if state.leaders_on:
                assert leaders(world).hands[mate] == leaders(state).hands[mate]
                assert leaders(world).packets[mate] == leaders(state).packets[mate]
        # the same number of cards of each Age and colour; black cards and guilds once each
        assert shape(world) == shape(state)
        unique = [c.name for c in every_age_card(world) if c.color in (BLACK, "purple")]
        assert len(unique) == len(set(unique))
        for c in every_age_card(world):
            if c.color == BLACK:
                assert c in black_cards(state.cat, c.age)
        if state.leaders_on:
            assert leaders(world).hands[viewer] == leaders(state).hands[viewer]
    assert state.to_json() == before  # sampling never touches the game
    world = state.sample_world(seed % state.num_players, random.Random(seed))
    play_out(world, random.Random(seed))
    assert world.result().winners


def test_unseen_black_cards_are_redrawn_from_the_ages_nine() -> None:
    # turn 1: the player knows only their own hand. The other hands' black cards and the
    # later Ages' are any of the nine of their Age the player has not seen, not just the
    # ones dealt in this game.
    state = setup({"players": 3, "expansions": ["cities"]}, 4)
    mine = {c.name for c in state.hands[0]}
    dealt = {c.name for c in every_age_card(state) if c.color == BLACK}
    drawn: set[str] = set()
    for k in range(40):
        world = state.sample_world(0, random.Random(k))
        assert world.hands[0] == state.hands[0]
        for age in (1, 2, 3):
            black = [c for c in every_age_card(world) if c.age == age and c.color == BLACK]
            assert len(black) == 3 and len({c.name for c in black}) == 3
        others = {c.name for h in world.hands[1:] for c in h if c.color == BLACK}
        assert not others & mine  # a black card the player holds is nowhere else
        drawn |= {c.name for c in every_age_card(world) if c.color == BLACK}
    assert drawn - dealt  # redrawn, not only shuffled: in 40 samples, all 27 turned up
    assert len(drawn) == 27


def test_eight_players_deal_seven_cards_and_seven_black_cards_an_age() -> None:
    state = setup({"players": 8, "expansions": ["cities"]}, 5)
    for k in range(10):
        world = state.sample_world(3, random.Random(k))
        for age in (2, 3):
            assert [len(h) for h in world.ages[age - 1]] == [7] * 8
            black = [c for h in world.ages[age - 1] for c in h if c.color == BLACK]
            assert len({c.name for c in black}) == 7
        guilds = {c.name for h in world.ages[2] for c in h if c.is_guild}
        assert len(guilds) == 9


def test_the_teammates_hand_sales_and_leaders_are_kept() -> None:
    options = {"players": 4, "expansions": ["cities", "leaders"], "teams": True}
    state = setup(options, 12)
    rng = random.Random(3)
    while state.phase != "draft" or state.turn < 4:  # through the leader draft and recruitment
        for p in state.to_move():
            acts = state.legal_actions(p)
            sells = [a for a in acts if a.kind == "sell"]
            state.apply(p, sells[0] if sells else rng.choice(acts))
    mate_sales = [i for i, prov in enumerate(state.discard_from) if prov[3] == 1]
    assert mate_sales
    varied = False
    for k in range(20):
        world = state.sample_world(0, random.Random(k))
        assert world.hands[1] == state.hands[1]
        assert leaders(world).hands[1] == leaders(state).hands[1]
        for i in mate_sales:  # the teammate's sales are known (the events show them)
            assert world.discard[i] == state.discard[i]
        assert public(world.view(0)) == public(state.view(0))
        varied |= names(world.hands[2] + world.hands[3]) != names(state.hands[2] + state.hands[3])
        varied |= leaders(world).hands[2] != leaders(state).hands[2]
    assert varied  # the opponents' hands are resampled
    # seat 2's view: seat 0's hand went through seat 2 (turn 2), then its teammate (turn 3)
    # who passed it on: seat 2 knows its cards (not their order)
    for k in range(10):
        world = state.sample_world(2, random.Random(k))
        assert world.hands[3] == state.hands[3]
        assert names(world.hands[0]) == names(state.hands[0])


def test_others_choices_in_the_debt_phase_are_forgotten() -> None:
    state = new_game("Giza", "Ephesus", "Rhodes")
    state = set_turn(
        state, 1, 2, {0: ["Hideout", "Altar", "Theater", "Baths", "Pawnshop", "Altar", "Baths"]}
    )
    state = set_coins(state, 3, 4, 5)
    for p, action in {0: build("Hideout")}.items():
        state.apply(p, action)
    for p in (1, 2):
        state.apply(p, Action("sell", state.hands[p][0].name))
    assert state.phase == "debt" and cities(state).owed == {1: 1, 2: 1}
    state.apply(1, Action("pay", bank=1))
    world = state.sample_world(2, random.Random(0))
    assert world.pending[1] is None and world.to_move() == [1, 2]
    mine = state.sample_world(1, random.Random(0))
    assert mine.pending[1] == Action("pay", bank=1) and mine.to_move() == [2]
    # the sampled world plays on: its debt phase settles with fresh choices
    settle(world, {1: 0, 2: 1})
    assert world.phase == "draft" and world.turn == 3
    assert (world.cities[1].debt, world.cities[2].debt) == (1, 0)
    assert state.phase == "debt"  # the game itself is untouched


def test_the_free_city_game_redraws_black_cards_too() -> None:
    state = setup({"players": 2, "expansions": ["cities"]}, 6)
    dealt = {c.name for c in every_age_card(state) if c.color == BLACK}
    drawn: set[str] = set()
    for k in range(30):
        world = state.sample_world(1, random.Random(k))
        assert world.hands[1] == state.hands[1]
        assert shape(world) == shape(state)
        drawn |= {c.name for c in every_age_card(world) if c.color == BLACK}
        assert public(world.view(1)) == public(state.view(1))
    assert drawn - dealt


@pytest.mark.parametrize("players", [3, 4, 5, 7, 8])
def test_the_last_sighting_is_the_last_turn_a_known_seat_held_the_packet(players: int) -> None:
    """``_last_sighting``'s closed form agrees with following the packet turn by turn."""
    state = setup({"players": players, "expansions": ["cities"]}, 0)
    n = state.n
    for age, turn in [(1, 0), (1, 1), (1, 4), (2, 3), (2, 6), (3, 2), (3, 7)]:
        state = at(state, age=age, turn=turn)
        for seats in [[0], [n - 1], [0, 1], [n - 2, n - 1]]:
            for packet_age in range(1, age + 1):
                step = -1 if packet_age == 2 else 1
                last = turn if packet_age == age else state.turns_per_age
                for packet in range(n):
                    for index in [*range(8), IN_HAND]:
                        held = [
                            t
                            for t in range(last)
                            if (packet + step * t) % n in seats and t <= index
                        ]
                        expected = max(held, default=-1)
                        got = _last_sighting(state, seats, packet_age, packet, index)
                        assert got == expected, (age, turn, seats, packet_age, packet, index)


@settings(max_examples=25, deadline=None)
@given(
    seed=SEEDS,
    table=st.sampled_from([*TABLES, {"players": 4}, {"players": 5, "expansions": ["leaders"]}]),
    steps=st.integers(0, 120),
)
def test_the_world_drawn_depends_only_on_what_the_player_knows(
    seed: int, table: dict[str, Any], steps: int
) -> None:
    """A state and a world sampled from it hold the same knowledge for the player: with the
    same rng, sampling either gives the same world (the true order of hidden cards is never
    read)."""
    state = setup(table, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
    viewer = seed % state.num_players
    other = state.sample_world(viewer, random.Random(seed + 1))
    again = state.sample_world(viewer, random.Random(7))
    assert other.sample_world(viewer, random.Random(7)).to_json() == again.to_json()
