"""Cities (seeds/001): setup, debt, diplomacy, the team game, the Cities leaders, the Leaders'
leaders and guilds with Cities (an independent audit's cases among them), and replays.

Each rule is played through the real engine from a position built with ``cities_scenario``:
seat ``p``'s left neighbour is ``p + 1``, its right neighbour ``p - 1``; at 2 players the
Free City is city 2 (seat 0's right neighbour).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tests.classic.cities_scenario import (
    FILLER,
    build,
    cat,
    city,
    end_age,
    give,
    give_age,
    give_leader,
    give_stages,
    leader_hand,
    new_game,
    payments,
    play_turn,
    score,
    set_coins,
    set_discard,
    set_hand,
    set_tokens,
    set_turn,
    settle,
    wonder,
)
from tests.classic.parts import cities
from tests.classic.scenario import assert_illegal
from wonders.classic.actions import Action
from wonders.classic.cards import Card, age_deck
from wonders.classic.state import FREE_CITY, ClassicState, setup
from wonders.classic.state import from_json as state_from_json
from wonders.core.errors import IllegalActionError, OptionsError

W3 = ("Giza", "Ephesus", "Rhodes")
W4 = ("Giza", "Ephesus", "Rhodes", "Alexandria")
W5 = ("Giza", "Ephesus", "Rhodes", "Alexandria", "Babylon")
W6 = (*W5, "Olympia")
W8 = (*W6, "Halicarnassus", "Petra")


# ---------------------------------------------------------------- helpers


def coins(state: ClassicState) -> list[int]:
    return [c.coins for c in state.cities]


def debts(state: ClassicState) -> list[int]:
    return [c.debt for c in state.cities]


def built(state: ClassicState, seat: int) -> list[str]:
    return [c.name for c in state.cities[seat].cards]


def tokens(state: ClassicState) -> list[list[int]]:
    return [sorted(c.tokens) for c in state.cities]


def shields(state: ClassicState, *amounts: int) -> ClassicState:
    """Military strength per seat, as Stockades (1 shield each) already built."""
    for seat, amount in enumerate(amounts):
        state = give(state, seat, *["Stockade"] * amount)
    return state


def events(state: ClassicState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


def battles(state: ClassicState, age: int) -> set[tuple[int, int, int]]:
    """The conflicts fought in ``age``: (winner, loser, tokens each)."""
    return {
        (e["winner"], e["loser"], e.get("tokens", 1))
        for e in events(state, "conflict")
        if e["age"] == age
    }


def two_players(hands: Mapping[int, Sequence[str]]) -> ClassicState:
    """A 2-player Cities game at Age I, turn 1 (seat 0 holds the Free City card): the
    controller's hand holds 9 cards (their 8 and the Free City's draw), the other player's 8."""
    state = new_game("Giza", "Ephesus")
    for seat, size in ((0, 9), (1, 8)):
        names = list(hands.get(seat, ())) + ["Altar", "Theater"] * 5
        state = set_hand(state, seat, *names[:size])  # known to their holder only
    return state


def hand(*names: str, size: int) -> list[str]:
    """``names`` first, then filler cards up to ``size``."""
    return [*names, *FILLER[: size - len(names)]]


def leader_game(
    *wonders: str, sides: str | Sequence[str] = "A", teams: bool = False
) -> ClassicState:
    """A Cities and Leaders game after the leader draft, 6 coins in every city."""
    state = new_game(*(wonders or W3), sides=sides, leaders=True, teams=teams)
    state = set_coins(state, *[6] * state.n)
    return state


def black_in(hands: Sequence[Sequence[Card]]) -> list[Card]:
    return [c for h in hands for c in h if c.color == "black"]


def age_cards(state: ClassicState, age: int) -> list[list[Card]]:
    """The hands of ``age`` (Age I is in play at turn 1, the others not dealt yet)."""
    return list(state.hands) if age == 1 else list(state.ages[age - 1])


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_setup_eight_cards_a_hand_seven_turns_and_one_black_card_per_city(players: int) -> None:
    state = setup({"players": players, "expansions": ["cities"]}, 3)
    assert state.cities_on and state.hand_size == 8 and state.turns_per_age == 7
    for age in (1, 2, 3):
        hands = age_cards(state, age)
        assert [len(h) for h in hands] == [8] * players
        black = black_in(hands)
        assert len(black) == players  # min(cities, 7)
        assert all(c.age == age for c in black)
        assert len({c.name for c in black}) == players
    guilds = [c for h in state.ages[2] for c in h if c.is_guild]
    assert len(guilds) == min(players + 2, 9)


def test_setup_two_players_the_free_city_deck_has_eight_cards_too() -> None:
    state = setup({"players": 2, "expansions": ["cities"]}, 4)
    assert state.hand_size == 8 and state.turns_per_age == 7
    # seat 0 drew the Free City deck's top card: 8 + 1, 8, 8 - 1
    assert [len(h) for h in state.hands] == [9, 8, 7]
    for age in (1, 2, 3):
        hands = age_cards(state, age)
        assert sum(len(h) for h in hands) == 24
        assert len(black_in(hands)) == 3  # three cities: the two players and the Free City
    assert sum(c.is_guild for h in state.ages[2] for c in h) == 5


def test_setup_eight_players_seven_cards_six_turns_the_seven_player_deck() -> None:
    state = setup({"players": 8, "expansions": ["cities"]}, 5)
    assert state.hand_size == 7 and state.turns_per_age == 6
    for age in (1, 2, 3):
        hands = age_cards(state, age)
        assert [len(h) for h in hands] == [7] * 8
        assert len(black_in(hands)) == 7
        base = Counter(c.name for h in hands for c in h if c.color != "black" and not c.is_guild)
        assert base == Counter(c.name for c in age_deck(state.cat, age, 7))
    assert sum(c.is_guild for h in state.ages[2] for c in h) == 9


def test_black_cards_are_drawn_at_random_from_the_ages_nine() -> None:
    seen = set()
    for seed in range(12):
        state = setup({"players": 3, "expansions": ["cities"]}, seed)
        seen |= {c.name for c in black_in(state.hands)}
    age_one = {c.name for c in cat().cards if c.color == "black" and c.age == 1}
    assert len(age_one) == 9 and seen <= age_one and len(seen) > 3


@pytest.mark.parametrize("players", [3, 8])
def test_the_last_card_of_each_hand_is_discarded_at_the_age_end(players: int) -> None:
    state = new_game(*W8[:players])
    size = state.hand_size
    state = set_turn(state, 1, state.turns_per_age)
    assert [len(h) for h in state.hands] == [2] * players
    last = [h[1].name for h in state.hands]  # everyone sells the first of the two
    discard_before = len(state.discard)
    play_turn(state)
    assert state.age == 2 and state.turn == 1
    assert len(state.discard) == discard_before + 2 * players
    assert [c.name for c in state.discard[-players:]] == last
    assert [e["seat"] for e in events(state, "discard")] == list(range(players))
    assert [len(h) for h in state.hands] == [size] * players


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"players": 8}, "8 players need the Cities"),
        ({"players": 8, "expansions": ["leaders"]}, "8 players need the Cities"),
        ({"players": 4, "teams": True}, "team game needs the Cities"),
        ({"players": 3, "teams": True, "expansions": ["cities"]}, "4, 6 or 8 players, not 3"),
        ({"players": 5, "teams": True, "expansions": ["cities"]}, "4, 6 or 8 players, not 5"),
        ({"players": 7, "teams": True, "expansions": ["cities"]}, "4, 6 or 8 players, not 7"),
        ({"players": 4, "teams": "yes", "expansions": ["cities"]}, "teams must be true or false"),
        ({"players": 4, "teams": 1, "expansions": ["cities"]}, "teams must be true or false"),
        ({"players": 9, "expansions": ["cities"]}, "players must be 2 to 8"),
    ],
)
def test_impossible_options_are_refused_with_the_reason(
    options: dict[str, object], reason: str
) -> None:
    snapshot = repr(options)
    with pytest.raises(OptionsError, match=reason):
        setup(options, 0)
    assert repr(options) == snapshot  # the caller's options are left as they were


@pytest.mark.parametrize("players", [4, 6, 8])
def test_team_options_accepted_at_four_six_and_eight(players: int) -> None:
    state = setup({"players": players, "teams": True, "expansions": ["cities"]}, 0)
    assert state.teams
    assert [state.teammate(p) for p in range(players)] == [p ^ 1 for p in range(players)]
    assert state.view(0)["teams"] == [[p, p + 1] for p in range(0, players, 2)]


# ---------------------------------------------------------------- debt


def hideout_turn(state: ClassicState, builder: int = 0) -> ClassicState:
    """Seat ``builder`` builds a Hideout (others lose 1); the others build a free Altar.
    Returns the state the turn was played on."""
    hands = {builder: ["Hideout", *FILLER[: state.hand_size - 1]]}
    state = set_turn(state, 1, 1, hands)
    moves = {p: build("Altar") for p in range(state.players) if p != builder}
    play_turn(state, {builder: build("Hideout"), **moves})
    return state


def test_debt_who_owes_and_the_amounts_each_may_pay() -> None:
    state = new_game(*W3)
    state = set_coins(state, 4, 5, 1)
    state = hideout_turn(state)
    assert state.phase == "debt"
    assert cities(state).owed == {1: 1, 2: 1}  # the builder never loses
    assert events(state, "losses")[-1]["owed"] == {"1": 1, "2": 1}
    assert state.to_move() == [1, 2]
    assert state.legal_actions(0) == []
    assert state.legal_actions(1) == [Action("pay", bank=1), Action("pay", bank=0)]
    view = state.view(1)
    assert view["deciding_for"] == 1
    assert [p.get("owes") for p in view["players"]] == [None, 1, 1]
    assert state.action_from_json({"kind": "pay", "coins": 1}) == Action("pay", bank=1)


def test_debt_illegal_payments_are_refused_and_change_nothing() -> None:
    state = new_game(*W3)
    state = set_coins(state, 4, 5, 1)
    state = hideout_turn(state)
    assert_illegal(state, 1, Action("pay", bank=2))  # more than owed
    assert_illegal(state, 0, Action("pay", bank=0))  # the builder owes nothing
    assert_illegal(state, 1, Action("sell", "Theater"))  # a card now
    state.apply(1, Action("pay", bank=1))
    assert_illegal(state, 1, Action("pay", bank=0))  # already decided
    with pytest.raises(IllegalActionError, match="non-negative"):
        state.action_from_json({"kind": "pay", "coins": -1})
    with pytest.raises(IllegalActionError):
        state.action_from_json({"kind": "pay", "coins": True})


def test_debt_cannot_pay_more_coins_than_the_city_holds() -> None:
    state = new_game(*W4, sides="A")
    state = set_turn(state, 2, 1, {0: ["Lair", *FILLER[:7]]})
    state = give(state, 0, "Lumber Yard", "Glassworks")
    state = set_coins(state, 0, 5, 1, 5)
    play_turn(state, {0: build("Lair"), 1: build("Altar"), 2: build("Altar"), 3: build("Altar")})
    assert cities(state).owed == {1: 2, 2: 2, 3: 2}
    assert state.legal_actions(2) == [Action("pay", bank=1), Action("pay", bank=0)]
    assert_illegal(state, 2, Action("pay", bank=2))


def test_debt_the_rulebook_lair_example() -> None:
    """Anton builds the Lair: Svetlana pays 2, Petr pays his only coin and takes 1 debt,
    Irina keeps her coins and takes 2 debt tokens."""
    state = new_game(*W4)
    state = set_turn(state, 2, 1, {0: ["Lair", *FILLER[:7]]})
    state = give(state, 0, "Lumber Yard", "Glassworks")
    state = set_coins(state, 0, 5, 1, 5)
    play_turn(state, {0: build("Lair"), 1: build("Altar"), 2: build("Altar"), 3: build("Altar")})
    state.apply(3, Action("pay", bank=0))
    state.apply(1, Action("pay", bank=2))
    assert coins(state) == [0, 5, 1, 5]  # decisions are simultaneous: nothing paid yet
    state.apply(2, Action("pay", bank=1))
    assert state.phase == "draft" and state.turn == 2
    assert coins(state) == [0, 3, 0, 5]
    assert debts(state) == [0, 0, 1, 2]
    assert [(e["seat"], e["paid"], e["debt"]) for e in events(state, "debt")] == [
        (1, 2, 0),
        (2, 1, 1),
        (3, 0, 2),
    ]
    assert [score(state, p)["debt"] for p in range(4)] == [0, 0, -1, -2]
    assert score(state, 0)["cities"] == 3


def test_debt_coins_received_this_turn_can_pay() -> None:
    state = new_game(*W3)
    state = set_turn(state, 1, 1, {0: ["Hideout", *FILLER[:7]]})
    state = set_coins(state, 0, 0, 0)
    play_turn(state, {0: build("Hideout")})  # seats 1 and 2 sell: 3 coins each
    assert state.phase == "debt" and cities(state).owed == {1: 1, 2: 1}
    assert state.legal_actions(1)[0] == Action("pay", bank=1)
    settle(state, {1: 1, 2: 1})
    assert coins(state) == [0, 2, 2] and debts(state) == [0, 0, 0]


def test_debt_a_city_without_coins_takes_it_all_as_debt_without_a_decision() -> None:
    state = new_game(*W3)
    state = set_coins(state, 0, 0, 2)
    state = hideout_turn(state)
    assert cities(state).owed == {2: 1} and state.to_move() == [2]
    assert debts(state) == [0, 1, 0]  # seat 1 had nothing: no decision
    settle(state, {2: 0})
    assert debts(state) == [0, 1, 1]
    state2 = new_game(*W3)
    state2 = set_coins(state2, 0, 0, 0)
    state2 = hideout_turn(state2)
    assert state2.phase == "draft" and state2.turn == 2  # nobody had a choice to make
    assert debts(state2) == [0, 1, 1]


def test_debt_several_losses_in_one_turn_add_up() -> None:
    state = new_game(*W3)
    state = set_turn(state, 1, 1, {0: ["Hideout", *FILLER[:7]], 1: ["Hideout", *FILLER[:7]]})
    state = set_coins(state, 5, 5, 5)
    play_turn(state, {0: build("Hideout"), 1: build("Hideout"), 2: build("Altar")})
    assert cities(state).owed == {0: 1, 1: 1, 2: 2}
    assert state.legal_actions(2) == [Action("pay", bank=k) for k in (2, 1, 0)]
    settle(state, {0: 1, 1: 0, 2: 1})
    assert coins(state) == [4, 5, 4] and debts(state) == [0, 1, 1]


def test_debt_a_loss_card_and_petra_b_in_one_turn() -> None:
    state = new_game("Petra", "Ephesus", "Rhodes", sides="B")
    state = set_turn(state, 1, 1, {1: ["Hideout", *FILLER[:7]]})
    state = give(state, 0, "Clay Pool", "Ore Vein", "Ore Vein")  # Petra B stage 1: C C O O
    state = set_coins(state, 5, 5, 5)
    play_turn(state, {0: wonder("Altar"), 1: build("Hideout"), 2: build("Altar")})
    assert cities(state).owed == {0: 1, 1: 2, 2: 3}


def test_debt_losses_per_victory_token_or_wonder_stage_count_the_losers_own() -> None:
    state = new_game(*W4)
    state = set_turn(state, 3, 1, {0: ["Builders Union", *FILLER[:7]]})
    state = give(state, 0, "Lumber Yard", "Clay Pool", "Glassworks", "Press")
    state = give_stages(state, 1, 2)
    state = give_stages(state, 3, 1)
    state = give_stages(state, 0, 2)  # the builder's own stages do not count
    state = set_coins(state, 5, 5, 5, 5)
    play_turn(state, {p: build("Builders Union" if p == 0 else "Altar") for p in range(4)})
    assert cities(state).owed == {1: 2, 3: 1}  # seat 2 built no stage: it owes nothing


def test_debt_losses_per_victory_token_count_tokens_not_their_value() -> None:
    state = new_game(*W4)
    state = set_turn(state, 2, 1, {0: ["Sepulcher", *FILLER[:7]]})
    state = give(state, 0, "Loom", "Glassworks")  # Sepulcher: stone (Giza), loom, glass
    state = set_tokens(state, 0, 5)
    state = set_tokens(state, 1, 1, 3, -1)
    state = set_tokens(state, 2, -1, -1)
    state = set_tokens(state, 3, 5)
    state = set_coins(state, 5, 5, 5, 5)
    play_turn(state, {p: build("Sepulcher" if p == 0 else "Altar") for p in range(4)})
    assert cities(state).owed == {1: 2, 3: 1}


def test_debt_is_never_repaid_and_scores_minus_one_each() -> None:
    state = new_game(*W3)
    state = set_coins(state, 5, 0, 0)
    state = hideout_turn(state)
    assert debts(state) == [0, 1, 1]
    play_turn(state)  # everyone sells: coins arrive, the debt stays
    assert state.phase == "draft" and debts(state) == [0, 1, 1]
    assert all(a.kind != "pay" for a in state.legal_actions(1))
    assert score(state, 1)["debt"] == -1 and score(state, 0)["debt"] == 0
    assert state.view(2)["players"][1]["debt"] == 1


def test_debt_two_players_the_free_city_loses_when_a_player_plays_a_loss_card() -> None:
    state = two_players({1: ["Hideout"]})
    state = set_coins(state, 4, 4, 2)
    state.apply(1, build("Hideout"))
    state.apply(0, build("Altar"))
    state.apply(0, next(a for a in state.legal_actions(0) if a.kind == "build"))  # Free City
    assert state.phase == "debt" and cities(state).owed == {0: 1, 2: 1}
    # the controller decides for their own city first, then for the Free City
    assert state.to_move() == [0]
    assert state.view(0)["deciding_for"] == 0
    state.apply(0, Action("pay", bank=1))
    assert state.to_move() == [0] and state.view(0)["deciding_for"] == FREE_CITY
    state.apply(0, Action("pay", bank=0))
    assert coins(state)[0] == 3 and coins(state)[2] == 2
    assert debts(state) == [0, 0, 1]


def test_debt_two_players_both_lose_when_the_free_city_plays_a_loss_card() -> None:
    state = two_players({0: ["Theater", "Hideout"]})
    state = set_coins(state, 4, 4, 0)
    state.apply(0, build("Theater"))
    state.apply(0, build("Hideout"))  # the Free City's card, chosen by seat 0
    state.apply(1, build("Altar"))
    assert "Hideout" in built(state, FREE_CITY)
    assert cities(state).owed == {0: 1, 1: 1}  # its controller is not spared
    assert state.to_move() == [0, 1]
    settle(state, {0: 1, 1: 0})
    assert coins(state)[:2] == [3, 4] and debts(state) == [0, 1, 0]


def test_debt_babylons_extra_loss_card_and_the_turns_losses_settle_once_before_conflicts() -> None:
    state = new_game("Babylon", "Giza", "Olympia", sides="B")
    state = give_stages(state, 0, 2)
    state = give(state, 0, "Stone Pit", "Loom", "Glassworks")  # the Sepulcher: stone, loom, glass
    state = give(state, 2, "Glassworks")  # the Lair: Olympia's wood, glass
    state = set_tokens(state, 1, 1, 1)
    state = set_coins(state, 5, 5, 5)
    state = set_turn(
        state, 2, state.turns_per_age, {0: ["Altar", "Sepulcher"], 2: ["Lair", "Altar"]}
    )
    play_turn(state, {0: build("Altar"), 2: build("Lair")})  # seat 1 sells (+3)
    assert state.phase == "extra_card" and cities(state).owed == {}
    state.apply(0, build("Sepulcher"))
    assert state.phase == "debt" and cities(state).owed == {0: 2, 1: 2 + 2}
    settle(state, {0: 2, 1: 1})
    assert state.age == 3 and [c.debt for c in state.cities] == [0, 3, 0]
    assert coins(state)[:2] == [3, 7]


def test_debt_two_players_the_loss_cards_player_decides_only_for_the_free_city() -> None:
    state = two_players({0: ["Hideout"]})
    state = set_coins(state, 4, 4, 2)
    state.apply(0, build("Hideout"))
    state.apply(0, build("Altar"))  # the Free City's card
    state.apply(1, build("Altar"))
    assert cities(state).owed == {1: 1, 2: 1} and state.to_move() == [0, 1]
    assert state.view(0)["deciding_for"] == FREE_CITY and state.view(1)["deciding_for"] == 1
    state.apply(0, Action("pay", bank=0))
    state.apply(1, Action("pay", bank=1))
    assert [c.debt for c in state.cities] == [0, 0, 1] and coins(state) == [4, 3, 2]


# ---------------------------------------------------------------- diplomacy


def test_diplomacy_the_holder_sits_out_and_its_neighbours_fight_each_other() -> None:
    state = new_game(*W5)
    state = give(state, 0, "Residence")
    state = shields(state, 3, 2, 0, 0, 1)  # seat 0 would have beaten both neighbours
    assert state.cities[0].diplomacy == 1
    state = end_age(state, 1)
    assert [e["seat"] for e in events(state, "diplomacy")] == [0]
    assert state.cities[0].diplomacy == 0 and state.cities[0].tokens == []
    # ring without seat 0: 1-2, 2-3, 3-4, and 4-1 (the diplomat's neighbours meet)
    assert battles(state, 1) == {(1, 2, 1), (4, 3, 1), (1, 4, 1)}
    assert tokens(state) == [[], [1, 1], [-1], [-1], [-1, 1]]  # 2 and 3 tie


def test_diplomacy_two_tokens_keep_the_holder_out_of_two_conflicts() -> None:
    state = new_game(*W3)
    state = give(state, 0, "Residence")
    state = give_age(state, 0, "Consulate", 2)
    state = shields(state, 0, 1, 2)
    assert state.cities[0].diplomacy == 2
    state = end_age(state, 1)
    assert state.cities[0].diplomacy == 1 and battles(state, 1) == {(2, 1, 1)}
    state = end_age(state, 2)
    assert state.cities[0].diplomacy == 0 and battles(state, 2) == {(2, 1, 1)}
    assert state.cities[0].tokens == []
    state = end_age(state, 3)
    assert battles(state, 3) == {(1, 0, 1), (2, 1, 1), (2, 0, 1)}
    assert state.cities[0].tokens == [-1, -1]


def test_diplomacy_two_diplomats_side_by_side() -> None:
    state = new_game(*W5)
    state = give(state, 0, "Residence")
    state = give(state, 1, "Residence")
    state = shields(state, 0, 0, 3, 2, 1)
    state = end_age(state, 1)
    assert battles(state, 1) == {(2, 3, 1), (3, 4, 1), (2, 4, 1)}
    assert tokens(state)[:2] == [[], []]


def test_diplomacy_a_city_between_two_diplomats_fights_the_next_cities_out() -> None:
    state = new_game(*W5)
    state = give(state, 0, "Residence")
    state = give(state, 2, "Residence")
    state = shields(state, 0, 2, 0, 1, 1)
    state = end_age(state, 1)
    # seat 1's neighbours both sit out: it meets seat 3 (left) and seat 4 (right)
    assert battles(state, 1) == {(1, 3, 1), (1, 4, 1)}  # 3 and 4 tie
    assert tokens(state) == [[], [1, 1], [], [-1], [-1]]


def test_diplomacy_two_cities_left_fight_once_the_rulebook_age_two_example() -> None:
    """Anton and Ivan spend their tokens in Age II; Irina beats Kirill and takes a single
    Age II victory token: only two cities fight, once."""
    state = new_game(*W4)  # Anton 0, Irina 1, Ivan 2, Kirill 3
    state = give(state, 0, "Residence")
    state = give(state, 2, "Residence")
    state = shields(state, 0, 2, 0, 1)
    state = set_turn(state, 2, state.turns_per_age)
    play_turn(state)
    assert battles(state, 2) == {(1, 3, 1)}
    assert tokens(state) == [[], [3], [], [-1]]
    assert [c.diplomacy for c in state.cities] == [0, 0, 0, 0]


def test_diplomacy_the_token_must_be_used_even_when_the_holder_would_win() -> None:
    state = new_game(*W3)
    state = give(state, 1, "Residence")
    state = shields(state, 0, 5, 0)
    state = end_age(state, 1)
    assert state.cities[1].tokens == [] and state.cities[1].diplomacy == 0
    assert battles(state, 1) == set()  # seats 0 and 2 tie


def test_diplomacy_everybody_holding_a_token_means_no_conflict() -> None:
    state = new_game(*W3)
    for seat in range(3):
        state = give(state, seat, "Residence")
    state = shields(state, 0, 1, 2)
    state = end_age(state, 1)
    assert battles(state, 1) == set() and tokens(state) == [[], [], []]


def test_diplomacy_from_halicarnassus_discard_build_counts_in_that_ages_conflict() -> None:
    """FAQ: Halicarnassus builds a diplomacy card from the discard at the Age's end: the
    token is used in that Age's conflict."""
    state = new_game("Halicarnassus", "Ephesus", "Rhodes", sides="B")
    state = set_turn(state, 1, state.turns_per_age, {1: ["Residence", "Altar"]})
    state = give_age(state, 0, "Foundry", 2)  # ore, ore: Halicarnassus B's first stage
    state = shields(state, 0, 1, 1)  # seat 0 would lose both conflicts
    play_turn(state, {0: wonder("Altar"), 1: build("Altar")})  # Residence is discarded
    assert state.phase == "discard_build" and state.to_move() == [0]
    assert Action("discard_build", "Residence") in state.legal_actions(0)
    state.apply(0, Action("discard_build", "Residence"))
    assert state.age == 2
    assert state.cities[0].tokens == [] and state.cities[0].diplomacy == 0
    assert battles(state, 1) == set()  # seats 1 and 2 tie


def test_diplomacy_from_solomon_discard_build_counts_in_that_ages_conflict() -> None:
    """FAQ: the same with Solomon, recruited at the Age's end by Roma B's second stage."""
    state = new_game("Roma", "Ephesus", "Rhodes", sides="B", leaders=True)
    state = set_turn(state, 1, state.turns_per_age, {1: ["Residence", "Altar"]})
    state = give_stages(state, 0, 1)
    state = give(state, 0, "Stone Pit", "Clay Pool", "Loom")  # stage 2: stone, clay, loom
    state = leader_hand(state, 0, "Solomon")
    state = shields(state, 0, 1, 1)
    state = set_coins(state, 5, 5, 5)
    play_turn(state, {0: wonder("Altar"), 1: build("Altar")})
    assert state.phase == "recruit_now"
    state.apply(0, Action("recruit", "Solomon"))
    assert state.phase == "discard_build" and not state.halicarnassus_turn(0)
    state.apply(0, Action("discard_build", "Residence"))
    assert state.age == 2 and state.phase == "draft"
    assert state.cities[0].tokens == [] and state.cities[0].diplomacy == 0


def test_diplomacy_two_players_the_free_city_sits_out_and_the_players_fight() -> None:
    state = new_game("Giza", "Ephesus")
    state = give(state, FREE_CITY, "Residence")
    state = shields(state, 0, 1, 3)
    # each hand known to its holder only, the Free City's deck to nobody
    state = set_turn(state, 1, state.turns_per_age)
    while state.phase == "draft" and state.age == 1:
        state.apply(state.to_move()[0], state.legal_actions(state.to_move()[0])[-1])
    assert state.age == 2
    assert battles(state, 1) == {(1, 0, 1)}
    assert tokens(state) == [[-1], [1], []]
    assert state.cities[FREE_CITY].diplomacy == 0


def test_diplomacy_two_players_a_players_token_leaves_the_other_and_the_free_city_once() -> None:
    state = new_game("Giza", "Ephesus")
    state = give(state, 0, "Residence", "Stockade", "Stockade")
    state = give(state, 1, "Stockade")
    # each hand known to its holder only, the Free City's deck to nobody
    state = set_turn(state, 1, state.turns_per_age)
    while state.phase == "draft" and state.age == 1:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.age == 2
    conflicts = [e for e in state.events if e["type"] == "conflict"]
    assert [(e["winner"], e["loser"]) for e in conflicts] == [(1, FREE_CITY)]
    assert tokens(state) == [[], [1], [-1]]


# ---------------------------------------------------------------- teams


@pytest.mark.parametrize("players", [4, 6, 8])
def test_teams_each_player_fights_only_the_opposing_neighbour_for_two_tokens(
    players: int,
) -> None:
    state = new_game(*W8[:players], teams=True)
    state = shields(state, *range(players))  # every pair of neighbours differs
    state = end_age(state, 1)
    expected = {(max(p, p + 1), min(p, p + 1), 2) for p in range(1, players - 1, 2)} | {
        (players - 1, 0, 2)
    }
    assert battles(state, 1) == expected
    assert all(len(c.tokens) == 2 for c in state.cities)  # one conflict each, tokens doubled
    assert state.cities[1].tokens == [-1, -1] and state.cities[2].tokens == [1, 1]
    assert all(e.get("tokens") == 2 for e in events(state, "conflict"))


def test_teams_tokens_are_doubled_with_the_ages_value() -> None:
    state = new_game(*W4, teams=True)
    state = shields(state, 0, 1, 0, 2)
    state = end_age(state, 3)
    assert tokens(state) == [[-1, -1], [5, 5], [-1, -1], [5, 5]]


def test_teams_diplomacy_the_holder_still_fights_for_one_token_each() -> None:
    state = new_game(*W4, teams=True)
    state = give(state, 0, "Residence")
    state = shields(state, 2, 0, 1, 1)  # seat 0 (diplomat) beats seat 3
    state = end_age(state, 1)
    assert battles(state, 1) == {(0, 3, 1), (2, 1, 2)}
    assert tokens(state) == [[1], [-1, -1], [1, 1], [-1]]
    assert state.cities[0].diplomacy == 0


def test_teams_both_members_holding_diplomacy_take_one_token_each() -> None:
    state = new_game(*W4, teams=True)
    state = give(state, 0, "Residence")
    state = give(state, 1, "Residence")
    state = shields(state, 0, 0, 1, 1)
    state = end_age(state, 2)
    assert battles(state, 2) == {(2, 1, 1), (3, 0, 1)}
    assert tokens(state) == [[-1], [-1], [3], [3]]


def test_teams_the_rulebook_age_three_example() -> None:
    """Kirill and Irina play together. Kirill uses a diplomacy token and loses: 1 defeat
    token for him, one +5 for his opponent. Irina wins hers: two +5, two defeats opposite."""
    state = new_game(*W4, teams=True)  # Kirill 0, Irina 1
    state = give(state, 0, "Residence")
    state = shields(state, 0, 3, 1, 2)
    state = end_age(state, 3)
    assert state.is_terminal()
    assert tokens(state) == [[-1], [5, 5], [-1, -1], [5]]


def test_teams_teammates_see_each_others_hands_the_others_do_not() -> None:
    state = new_game(*W4, teams=True)
    view = state.view(0)
    assert view["teammate"] == 1
    assert view["teammate_hand"] == [c.name for c in state.hands[1]]
    assert state.view(1)["teammate_hand"] == [c.name for c in state.hands[0]]
    assert state.view(2)["teammate_hand"] == [c.name for c in state.hands[3]]
    assert "teammate_hand" not in state.view(None)
    assert "teammate_leader_hand" not in view
    solo = new_game(*W4)
    assert "teammate" not in solo.view(0) and "teammate_hand" not in solo.view(0)


def test_teams_teammates_see_each_others_leader_hands() -> None:
    state = new_game(*W4, teams=True, leaders=True)
    state = leader_hand(state, 1, "Berenice")
    state = leader_hand(state, 2, "Caligula")
    assert state.view(0)["teammate_leader_hand"] == ["Berenice"]
    assert state.view(3)["teammate_leader_hand"] == ["Caligula"]
    assert "Berenice" not in str(state.view(2)) and "Caligula" not in str(state.view(0))


def test_teams_secret_events_are_revealed_to_the_teammate_only() -> None:
    state = new_game(*W4, teams=True)
    state = set_turn(state, 1, 1, {0: ["Pawnshop", *FILLER[:7]]})
    state = give(state, 0, "Stone Pit")  # Giza A stage 1: stone, stone
    play_turn(state, {0: wonder("Pawnshop"), 1: Action("sell", "Theater")})
    for seat, sees in ((0, True), (1, True), (2, False), (3, False)):
        shown = state.view(seat)["events"]
        stage = next(e for e in shown if e["type"] == "wonder")
        sold = next(e for e in shown if e["type"] == "sell" and e["seat"] == 1)
        assert ("card" in stage, "card" in sold) == (sees, sees)
    # the other team's sale is theirs to know
    other = next(e for e in state.view(3)["events"] if e["type"] == "sell" and e["seat"] == 2)
    assert "card" in other
    assert all(
        "card" not in e for e in state.view(0)["events"] if e["type"] == "sell" and e["seat"] > 1
    )


def test_teams_result_totals_ranks_and_ties_broken_by_team_coins() -> None:
    state = new_game(*W4, teams=True)
    state = set_coins(state, 3, 3, 8, 0)
    state = set_turn(state, 3, state.turns_per_age)
    play_turn(state, {p: build("Altar") for p in range(4)})
    assert state.is_terminal()
    result = state.result()
    totals = [p.total for p in result.players]
    assert totals == [3, 3, 4, 2]  # Altar 2 and 1 point per 3 coins
    teams = result.extra["teams"]
    assert [t["seats"] for t in teams] == [[0, 1], [2, 3]]
    assert [t["total"] for t in teams] == [6, 6] and [t["coins"] for t in teams] == [6, 8]
    assert [t["rank"] for t in teams] == [2, 1]  # a tie on points: the team with more coins
    assert [p.rank for p in result.players] == [2, 2, 1, 1]
    assert result.winners == [2, 3]


def test_teams_result_the_higher_team_total_wins() -> None:
    state = new_game(*W6, teams=True)
    state = set_coins(state, 0, 0, 9, 0, 6, 6)
    state = set_turn(state, 3, state.turns_per_age)
    play_turn(state, {p: build("Altar") for p in range(6)})
    teams = state.result().extra["teams"]
    assert [t["total"] for t in teams] == [4, 7, 8]
    assert [t["rank"] for t in teams] == [3, 2, 1]
    assert state.result().winners == [4, 5]


def test_teams_a_teammate_pays_the_loss_its_partner_caused() -> None:
    state = new_game(*W4, teams=True)
    state = set_coins(state, 4, 4, 4, 4)
    state = hideout_turn(state, builder=0)
    assert cities(state).owed == {1: 1, 2: 1, 3: 1}


def test_teams_own_resources_first_and_no_purchase_when_a_chain_builds_it() -> None:
    state = new_game(*W4, teams=True)
    state = set_turn(state, 2, 1, {0: ["Temple", "Statue", "Walls", *FILLER[:5]]})
    state = give(state, 0, "Altar", "Lumber Yard")
    state = give(state, 1, "Lumber Yard", "Clay Pool", "Glassworks", "Ore Vein", "Quarry")
    state = give(state, 3, "Stone Pit", "Ore Vein")
    state = set_coins(state, 9, 9, 9, 9)
    acts = state.legal_actions(0)
    # Temple chains from the Altar: only the free build, no purchase from the teammate
    assert [a for a in acts if a.card == "Temple" and a.kind == "build"] == [
        Action("build", "Temple")
    ]
    # Statue (wood, ore, ore): own wood, the two ore bought
    assert all(a.left + a.right == 4 for a in acts if a.card == "Statue" and a.kind == "build")
    assert payments(state, 0, "build", "Statue") == {(2, 2)}
    # Walls (stone x3): Giza's own stone first, two bought; the teammate is paid too
    assert payments(state, 0, "build", "Walls") == {(4, 0), (2, 2)}


def test_teams_nero_is_paid_per_token_tomyris_passes_both_defeats() -> None:
    state = leader_game(*W4, teams=True)
    state = set_coins(state, 0, 0, 0, 0)
    state = give_leader(state, 1, "Nero")
    state = give_leader(state, 2, "Tomyris")
    state = give(state, 1, "Stockade")
    state = end_age(state, 1)  # everyone sells (3); seat 1 beats seat 2 for two tokens
    assert tokens(state) == [[], [-1, -1, 1, 1], [], []]
    assert coins(state) == [3, 3 + 4, 3, 3]


def test_teams_nero_and_tomyris_with_a_diplomat_one_token_each() -> None:
    state = leader_game(*W4, teams=True)
    state = set_coins(state, 0, 0, 0, 0)
    state = give_leader(state, 1, "Nero")
    state = give_leader(state, 2, "Tomyris")
    state = give(state, 1, "Stockade")
    state = give(state, 2, "Residence")
    state = end_age(state, 1)
    assert tokens(state) == [[], [-1, 1], [], []]
    assert coins(state) == [3, 3 + 2, 3, 3]


def test_teams_semiramis_counts_each_doubled_defeat_as_a_shield() -> None:
    state = leader_game(*W4, teams=True)
    state = give_leader(state, 1, "Semiramis")
    state = set_tokens(state, 1, -1, -1)
    state = give(state, 1, "Stockade")
    state = give_age(state, 2, "Walls", 2)  # 2 shields
    state = end_age(state, 2)
    assert tokens(state)[1] == [-1, -1, 3, 3]  # 1 + 2 beats 2


def test_teams_the_mourners_guild_counts_a_teammates_doubled_tokens() -> None:
    state = new_game(*W4, teams=True)
    state = give(state, 0, "Mourners Guild")
    state = set_tokens(state, 1, 1, 1, 3, 3)  # the teammate, on the left
    state = set_tokens(state, 3, 5, 5, -1)  # an opponent, on the right
    assert score(state, 0)["guilds"] == 6


# ---------------------------------------------------------------- the Cities leaders


def test_berenice_selling_gives_four_coins() -> None:
    state = leader_game()
    state = give_leader(state, 0, "Berenice")
    play_turn(state)  # everyone sells
    assert coins(state) == [10, 9, 9]


def test_berenice_the_tavern_gives_six_coins() -> None:
    state = leader_game()
    state = set_turn(state, 1, 1, {0: ["Tavern", *FILLER[:7]]})
    state = give_leader(state, 0, "Berenice")
    play_turn(state, {p: build("Tavern" if p == 0 else "Altar") for p in range(3)})
    assert coins(state) == [12, 6, 6]


def test_berenice_coins_from_a_neighbours_trade_are_not_from_the_bank() -> None:
    state = leader_game()
    state = set_turn(state, 1, 1, {1: ["Baths", *FILLER[:7]]})
    state = give_leader(state, 0, "Berenice")
    play_turn(state, {0: build("Altar"), 1: build("Baths", right=2), 2: build("Altar")})
    assert coins(state) == [8, 4, 6]  # 2 from the neighbour, no bonus


def test_berenice_a_sale_and_a_neighbours_trade_give_one_bonus_coin() -> None:
    state = leader_game()
    state = set_turn(state, 1, 1, {1: ["Baths", *FILLER[:7]]})
    state = give_leader(state, 0, "Berenice")
    play_turn(state, {1: build("Baths", right=2), 2: build("Altar")})  # seat 0 sells
    assert coins(state) == [6 + 3 + 2 + 1, 4, 6]


def test_berenice_with_hatshepsut_only_one_more_coin_a_turn() -> None:
    state = leader_game()
    state = set_turn(state, 2, 1, {0: ["School", *FILLER[:7]]})
    state = give(state, 2, "Lumber Yard")
    state = give_leader(state, 0, "Berenice")
    state = give_leader(state, 0, "Hatshepsut")
    # School (wood, papyrus): Ephesus' papyrus on the left, the wood on the right
    assert payments(state, 0, "build", "School") == {(2, 2)}
    play_turn(state, {0: build("School", 2, 2), 1: build("Altar"), 2: build("Altar")})
    # Hatshepsut: 1 per neighbour bought from (2), Berenice: 1 once
    assert coins(state) == [6 - 4 + 2 + 1, 8, 8]


def test_berenice_with_diocletian_only_one_more_coin_a_turn() -> None:
    state = leader_game()
    state = set_turn(state, 1, 1, {0: ["Gambling Den", *FILLER[:7]]})
    state = give_leader(state, 0, "Berenice")
    state = give_leader(state, 0, "Diocletian")
    play_turn(state, {p: build("Gambling Den" if p == 0 else "Altar") for p in range(3)})
    assert coins(state) == [6 + 6 + 2 + 1, 7, 7]  # the neighbours' coin is from the bank


def berenice_beside_a_gambling_den_with_halicarnassus() -> ClassicState:
    """Seat 0 (Halicarnassus B, Berenice) builds its first stage while its left neighbour
    builds the Gambling Den: a Tavern waits in the discard pile for the stage's build."""
    state = leader_game("Halicarnassus", "Ephesus", "Rhodes", sides="B")
    state = set_turn(state, 1, 1, {1: ["Gambling Den", *FILLER[:7]]})
    state = give_age(state, 0, "Foundry", 2)
    state = give_leader(state, 0, "Berenice")
    state = set_discard(state, "Tavern")
    play_turn(state, {0: wonder("Altar"), 1: build("Gambling Den"), 2: build("Altar")})
    return state


def test_berenice_once_a_turn_even_with_a_discard_build_after_the_turn() -> None:
    state = berenice_beside_a_gambling_den_with_halicarnassus()
    assert coins(state)[0] == 6 + 1 + 1  # the Gambling Den's coin, and Berenice's
    assert state.phase == "discard_build"
    state.apply(0, Action("discard_build", "Tavern"))
    assert coins(state)[0] == 8 + 5  # same turn: no second bonus
    play_turn(state)  # the next turn: the bonus again
    assert coins(state)[0] == 13 + 4


def test_berenice_with_nero_one_more_coin_in_the_conflicts_a_turn_of_their_own() -> None:
    state = leader_game()
    state = give_leader(state, 0, "Berenice")
    state = give_leader(state, 0, "Nero")
    state = shields(state, 1, 0, 0)
    state = end_age(state, 1)  # seat 0 sells (3 + 1), then wins twice (Nero: 2 + 2, Berenice: 1)
    assert state.cities[0].tokens == [1, 1]
    assert coins(state)[0] == 6 + 4 + 5


def test_caligula_one_black_card_free_per_age() -> None:
    state = leader_game()
    state = set_turn(state, 1, 1, {0: ["Militia", "Gates of the City", "Baths", *FILLER[:5]]})
    state = give_leader(state, 0, "Caligula")
    state = set_coins(state, 0, 6, 6)
    free = {a.card for a in state.legal_actions(0) if a.kind == "free_build"}
    assert free == {"Militia", "Gates of the City"}  # black cards, not the Baths
    assert not any(a.card == "Militia" and a.kind == "build" for a in state.legal_actions(0))
    play_turn(state, {0: Action("free_build", "Militia")})
    assert "Militia" in built(state, 0) and coins(state)[0] == 0
    assert state.cities[0].caligula_age == 1
    state = set_turn(state, 1, 2, {0: ["Gates of the City", "Residence", *FILLER[:5]]})
    assert not any(a.kind == "free_build" for a in state.legal_actions(0))  # used this Age
    state = set_turn(state, 2, 1, {0: ["Mercenaries", "Lair", *FILLER[:6]]})
    free = {a.card for a in state.legal_actions(0) if a.kind == "free_build"}
    assert free == {"Mercenaries", "Lair"}  # a new Age


def test_caligula_and_olympia_a_both_powers_in_one_age() -> None:
    state = leader_game("Olympia", "Ephesus", "Rhodes")
    state = give_stages(state, 0, 2)  # Olympia A: one free build per Age
    state = give_leader(state, 0, "Caligula")
    state = set_coins(state, 0, 6, 6)
    state = set_turn(state, 1, 1, {0: ["Militia", "Baths", *FILLER[:6]]})
    assert {a.card for a in state.legal_actions(0) if a.kind == "free_build"} >= {
        "Militia",
        "Baths",
    }
    play_turn(state, {0: Action("free_build", "Militia")})
    assert state.cities[0].caligula_age == 1 and state.cities[0].free_build_age == 0
    state = set_turn(state, 1, 2, {0: ["Baths", "Residence", *FILLER[:5]]})
    assert {a.card for a in state.legal_actions(0) if a.kind == "free_build"} == {
        "Baths",
        "Residence",
    }  # Olympia's power is still there, for any card
    play_turn(state, {0: Action("free_build", "Baths")})
    assert state.cities[0].free_build_age == 1 and coins(state)[0] == 0
    state = set_turn(state, 1, 3, {0: ["Residence", *FILLER[:5]]})
    assert not any(a.kind == "free_build" for a in state.legal_actions(0))


def test_diocletian_two_coins_per_black_card_built_after_him() -> None:
    state = leader_game()
    state = set_turn(state, 1, 1, {0: ["Hideout", *FILLER[:7]]})
    state = give(state, 0, "Residence")  # built before him: nothing
    state = give_leader(state, 0, "Diocletian")
    assert coins(state)[0] == 6
    play_turn(state, {0: build("Hideout"), 1: build("Altar"), 2: build("Altar")})
    settle(state, {})
    assert coins(state)[0] == 8
    play_turn(state, {0: build("Theater"), 1: build("Theater"), 2: build("Theater")})
    assert coins(state)[0] == 8  # not for a blue card


def test_darius_one_point_per_black_card() -> None:
    state = leader_game()
    state = give(state, 0, "Residence", "Hideout", "Altar")
    before = score(state, 0)["leaders"]
    state = give_leader(state, 0, "Darius")
    assert score(state, 0)["leaders"] == before + 2
    state = give(state, 0, "Militia")
    assert score(state, 0)["leaders"] == before + 3
    assert score(state, 0)["cities"] == 1 + 2  # the black cards' own points


def test_aspasia_a_diplomacy_token_and_two_points() -> None:
    state = leader_game()
    state = give_leader(state, 0, "Aspasia")
    assert state.cities[0].diplomacy == 1
    assert score(state, 0)["leaders"] == 2
    state = shields(state, 0, 1, 1)
    state = end_age(state, 1)
    assert state.cities[0].tokens == [] and state.cities[0].diplomacy == 0


def test_semiramis_defeats_count_as_shields_in_later_conflicts() -> None:
    state = leader_game()
    state = give_leader(state, 0, "Semiramis")
    state = set_tokens(state, 0, -1, -1)
    state = shields(state, 0, 1, 1)
    state = end_age(state, 1)
    assert state.cities[0].tokens == [-1, -1, 1, 1]  # strength 2 beats 1 on both sides


def test_semiramis_not_in_the_conflict_that_gives_the_defeat() -> None:
    state = leader_game()
    state = give_leader(state, 0, "Semiramis")
    state = shields(state, 1, 2, 1)
    state = end_age(state, 1)
    # seat 0 loses to seat 1; that defeat does not make it beat seat 2 the same Age
    assert state.cities[0].tokens == [-1] and state.cities[2].tokens == [-1]
    assert battles(state, 1) == {(1, 0, 1), (1, 2, 1)}
    state = end_age(state, 2)
    assert battles(state, 2) == {(0, 2, 1), (1, 2, 1)}  # now 1 + 1: ties 2, beats 1
    assert state.cities[0].tokens == [-1, 3]


def test_imhotep_does_not_reduce_petras_coin_stage() -> None:
    state = leader_game("Petra", "Ephesus", "Rhodes")
    state = give_stages(state, 0, 1)
    state = give_leader(state, 0, "Imhotep")
    state = set_turn(state, 1, 1)
    state = set_coins(state, 6, 6, 6)
    assert not any(a.kind == "wonder" for a in state.legal_actions(0))
    state = set_coins(state, 7, 6, 6)
    stage = [a for a in state.legal_actions(0) if a.kind == "wonder"]
    assert stage and all(a.left == a.right == a.bank == 0 for a in stage)
    play_turn(state, {0: stage[0], 1: build("Altar"), 2: build("Altar")})
    assert coins(state)[0] == 0 and state.cities[0].stages == 2


# ---------------------------------------------------------------- Leaders with Cities


def test_hatshepsut_one_coin_per_neighbour_a_turn_babylons_extra_card_included() -> None:
    """Leaders (seeds/002, Hatshepsut): "Może dostać w ten sposób maksymalnie 1 monetę na
    turę od każdego sąsiada" (at most 1 coin a turn from each neighbour). Babylon B's extra
    card is part of turn 7 (the engine's own ruling for Bilkis and the Clandestine Docks);
    a second purchase from the same neighbour that turn earns no second coin."""
    state = leader_game("Babylon", "Olympia", "Giza", sides="B")
    state = give_stages(state, 0, 2)  # Babylon B: the Age's last card is played too
    state = give(state, 1, "Lumber Yard", "Ore Vein")
    state = give_leader(state, 0, "Hatshepsut")
    state = set_coins(state, 10, 6, 6)
    state = set_turn(state, 1, state.turns_per_age, {0: ["Stockade", "Barracks"]})
    play_turn(state, {0: build("Stockade", left=2)})  # the wood bought on the left
    assert state.phase == "extra_card" and coins(state)[0] == 10 - 2 + 1
    state.apply(0, build("Barracks", left=2))  # the ore bought on the left again
    assert state.age == 2
    assert coins(state)[0] == 9 - 2  # no second coin from the left neighbour this turn


def test_hatshepsut_a_purchase_the_dock_makes_free_is_still_a_purchase() -> None:
    """Cities (seeds/001, Тайный док): "первый ресурс может быть получен бесплатно" (the
    first resource may be obtained for free), and it is still bought ("который он покупает
    в соседнем городе"). Leaders (Hatshepsut): "1 monetę z banku za każdy zakup surowca od
    sąsiada" (1 coin from the bank for each purchase of a resource from a neighbour).
    (Once wrong: the coin was given only when coins changed hands.)"""
    state = leader_game("Giza", "Olympia", "Rhodes")
    state = give(state, 0, "Clandestine Dock West", "West Trading Post")
    state = give_leader(state, 0, "Hatshepsut")
    state = set_turn(state, 1, 1, {0: hand("Stockade", size=8)})
    assert payments(state, 0, "build", "Stockade") == {(0, 0)}  # wood: 1 - 1 on the left
    play_turn(state, {0: build("Stockade"), 1: build("Altar"), 2: build("Altar")})
    assert coins(state)[0] == 6 + 1  # Hatshepsut: the purchase from the left neighbour


def test_hatshepsut_with_a_dock_that_only_lowers_the_price_gives_her_coin() -> None:
    state = leader_game("Giza", "Olympia", "Rhodes")
    state = give(state, 0, "Clandestine Dock West")
    state = give_leader(state, 0, "Hatshepsut")
    state = set_turn(state, 1, 1, {0: hand("Stockade", size=8)})
    assert payments(state, 0, "build", "Stockade") == {(1, 0)}  # 2 - 1 on the left
    play_turn(state, {0: build("Stockade", left=1), 1: build("Altar"), 2: build("Altar")})
    assert coins(state) == [6 - 1 + 1, 6 + 1, 6]


def test_bilkis_bank_resource_is_not_doubled_by_the_secret_warehouse() -> None:
    """Тайный склад "не позволяет игрокам удваивать производство ... Билкис": the
    warehouse adds only what the board and brown/grey cards produce."""
    state = leader_game(*W3)  # Giza's stone; papyrus on the left, ore on the right
    state = give(state, 0, "Secret Warehouse")
    state = give_leader(state, 0, "Bilkis")
    state = set_turn(state, 2, 1, {0: hand("Walls", "Laboratory", size=8)})
    acts = state.legal_actions(0)
    # Walls (3 stone): the board's, the warehouse's, and one from the bank (Bilkis)
    walls = {(a.left, a.right, a.bank) for a in acts if a.kind == "build" and a.card == "Walls"}
    assert walls == {(0, 0, 1)}
    # Laboratory (2 clay, papyrus): Bilkis' clay cannot be doubled, nobody sells clay
    assert not any(a.kind == "build" and a.card == "Laboratory" for a in acts)


def test_pericles_and_leonidas_ignore_the_black_military_cards() -> None:
    """The Militia, Mercenaries and Contingent are black cards, not red ones."""
    state = leader_game(*W3)
    state = give(state, 0, "Militia", "Stockade", "Stone Pit")
    state = give_leader(state, 0, "Pericles")
    assert score(state, 0)["leaders"] == 2  # the Stockade only
    state = give_leader(state, 0, "Leonidas")
    state = city(state, 0, coins=4)
    state = set_turn(state, 2, 1, {0: hand("Mercenaries", "Walls", size=8)})
    # Mercenaries (4 coins, papyrus): the papyrus is bought, 6 coins in all: too dear
    assert not any(a.card == "Mercenaries" and a.kind == "build" for a in state.legal_actions(0))
    assert payments(state, 0, "build", "Walls") == {(0, 0)}  # red: one stone less


def test_ramses_builds_the_cities_guilds_free() -> None:
    state = leader_game(*W3)
    state = give_leader(state, 0, "Ramses")
    state = set_coins(state, 0, 6, 6)
    state = set_turn(state, 3, 1, {0: hand("Counterfeiters Guild", size=8)})
    assert Action("build", "Counterfeiters Guild") in state.legal_actions(0)
    play_turn(state, {0: build("Counterfeiters Guild")})
    assert state.phase == "debt" and cities(state).owed == {1: 3, 2: 3}


def test_caligula_works_for_babylons_extra_card() -> None:
    state = leader_game("Babylon", "Ephesus", "Rhodes", sides="B")
    state = give_stages(state, 0, 2)
    state = give_leader(state, 0, "Caligula")
    state = set_coins(state, 0, 6, 6)
    state = set_turn(state, 1, state.turns_per_age, {0: ["Altar", "Militia"]})
    play_turn(state, {0: build("Altar")})
    assert state.phase == "extra_card"
    assert Action("free_build", "Militia") in state.legal_actions(0)
    state.apply(0, Action("free_build", "Militia"))
    assert "Militia" in [c.name for c in state.cities[0].cards]
    assert tokens(state)[0] == [1, 1]  # its 2 shields fought in Age I's conflicts


def test_architect_cabinet_with_roma_b_free_stage_and_a_leader_at_once() -> None:
    state = new_game("Roma", "Ephesus", "Rhodes", sides="B", leaders=True)
    state = give(state, 0, "Architect Cabinet")
    state = give_stages(state, 0, 1)
    state = leader_hand(state, 0, "Darius")
    state = set_coins(state, 2, 6, 6)
    state = set_turn(state, 2, 1)
    assert payments(state, 0, "wonder", "Altar") == {(0, 0)}  # stone, clay, loom: not needed
    play_turn(state, {0: wonder("Altar")})
    assert state.phase == "recruit_now"
    state.apply(0, Action("recruit", "Darius"))
    assert coins(state)[0] == 0 and [c.name for c in state.cities[0].leaders] == ["Darius"]


def test_architect_cabinet_with_imhotep_every_stage_free() -> None:
    state = leader_game(*W3)
    state = give(state, 0, "Architect Cabinet")
    state = give_leader(state, 0, "Imhotep")
    state = set_coins(state, 0, 0, 0)
    state = set_turn(state, 2, 1)
    stage = {(a.left, a.right, a.bank) for a in state.legal_actions(0) if a.kind == "wonder"}
    assert stage == {(0, 0, 0)}


# what the Courtesans Guild (wood, clay, glass, loom) needs in Giza (stone)
COURTESANS_UNITS = ("Lumber Yard", "Clay Pool", "Glassworks", "Loom")


def courtesans_copy(state: ClassicState, name: str, turn: int = 1) -> ClassicState:
    """Seat 0 (Giza, with what the guild needs) builds the Courtesans Guild on ``turn`` of
    Age III (the others sell) and copies ``name``, recruited in a neighbouring city.
    Returns the state it was played on."""
    state = give(state, 0, *COURTESANS_UNITS)
    state = set_turn(state, 3, turn, {0: hand("Courtesans Guild", size=state.hand_size + 1 - turn)})
    play_turn(state, {0: build("Courtesans Guild")})
    assert state.phase == "courtesan"
    state.apply(0, Action("copy", name))
    return state


def test_courtesans_copying_aspasia_on_age_threes_last_turn_sits_out_its_conflicts() -> None:
    state = leader_game(*W3)
    state = give_leader(state, 1, "Aspasia")
    state = city(state, 1, diplomacy=0)  # Aspasia's own token was spent in an earlier Age
    state = give(state, 0, "Stockade")  # seat 0 would beat both neighbours
    state = courtesans_copy(state, "Aspasia", turn=state.turns_per_age)
    assert state.is_terminal()
    assert [e["seat"] for e in state.events if e["type"] == "diplomacy"] == [0]
    assert tokens(state) == [[], [], []]  # seats 1 and 2 tie with no shields
    assert score(state, 0)["guilds"] == 2 and score(state, 0)["leaders"] == 0


def test_courtesans_copying_caligula_a_free_black_card_in_age_three() -> None:
    state = leader_game(*W3)
    state = give_leader(state, 1, "Caligula")
    state = courtesans_copy(state, "Caligula")
    state = city(state, 0, coins=0)
    state = set_turn(state, 3, 2, {0: hand("Capitol", size=7)})
    assert Action("free_build", "Capitol") in state.legal_actions(0)
    play_turn(state, {0: Action("free_build", "Capitol")})
    assert "Capitol" in [c.name for c in state.cities[0].cards]
    state = set_turn(state, 3, 3, {0: hand("Torture Chamber", size=6)})
    assert not any(a.kind == "free_build" for a in state.legal_actions(0))


def test_courtesans_copying_darius_and_diocletian() -> None:
    state = leader_game(*W3)
    state = give_leader(state, 1, "Darius")
    state = give_leader(state, 2, "Diocletian")
    state = give(state, 0, "Residence", "Militia")
    state = courtesans_copy(state, "Diocletian")
    before = coins(state)[0]
    state = set_turn(state, 3, 2, {0: hand("Secret Society", size=7)})
    state = give(state, 0, "Stone Pit", "Press")
    play_turn(state, {0: build("Secret Society")})
    assert coins(state)[0] == before + 3 + 2  # 3 black cards, Diocletian's 2
    other = leader_game(*W3)
    other = give_leader(other, 1, "Darius")
    other = give(other, 0, "Residence", "Militia")
    other = courtesans_copy(other, "Darius")
    assert score(other, 0)["guilds"] == 2 and score(other, 0)["cities"] == 1


def test_courtesans_copying_semiramis_defeats_count_as_shields() -> None:
    state = leader_game(*W3)
    state = give_leader(state, 2, "Semiramis")
    state = set_tokens(state, 0, -1, -1)
    state = give(state, 1, "Stockade")
    state = courtesans_copy(state, "Semiramis")
    state = end_age(state, 3)
    assert tokens(state)[0] == [-1, -1, 5, 5]  # strength 2 beats 1 and 0


# ---------------------------------------------------------------- replay and copies


def round_trip(state: ClassicState) -> ClassicState:
    data = state.to_json()
    restored = state_from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data
    for seat in range(state.players):
        assert restored.legal_actions(seat) == state.legal_actions(seat)
        assert restored.view(seat) == state.view(seat)
    return restored


def mid_debt_game() -> ClassicState:
    """Turn 1: seat 0 (Caligula, Berenice) builds the Residence free, seat 1 a Hideout:
    seat 2 (no coins) takes a debt, seat 0 pays nothing. Turn 2: seat 2's Gambling Den
    brings seat 0 a coin and Berenice's, seat 0 builds a Hideout: seats 1 and 2 owe 1;
    seat 1 has decided to pay, seat 2 not yet."""
    state = leader_game()
    state = give_leader(state, 0, "Caligula")
    state = give_leader(state, 0, "Berenice")
    state = set_turn(state, 1, 1, {0: ["Residence", *FILLER[:7]], 1: ["Hideout", *FILLER[:7]]})
    state = set_coins(state, 6, 6, 0)
    play_turn(state, {0: Action("free_build", "Residence"), 1: build("Hideout"),
                      2: build("Altar")})  # fmt: skip
    settle(state, {0: 0})
    assert debts(state) == [1, 0, 1] and state.turn == 2
    state = set_turn(state, 1, 2, {0: ["Hideout", *FILLER[:6]], 2: ["Gambling Den", *FILLER[:6]]})
    play_turn(state, {0: build("Hideout"), 1: build("Theater"), 2: build("Gambling Den")})
    assert state.phase == "debt" and cities(state).owed == {1: 1, 2: 1}
    assert coins(state) == [8, 7, 6] and cities(state).berenice_done == {0}
    state.apply(1, Action("pay", bank=1))
    return state


def test_replay_round_trip_in_the_middle_of_a_debt_phase() -> None:
    state = mid_debt_game()
    restored = round_trip(state)
    assert cities(restored).owed == {1: 1, 2: 1} and restored.pending[1] == Action("pay", bank=1)
    assert restored.to_move() == [2] and restored.view(2)["deciding_for"] == 2
    assert debts(restored) == [1, 0, 1] and restored.cities[0].diplomacy == 1
    assert restored.cities[0].caligula_age == 1 and cities(restored).berenice_done == {0}
    for s in (state, restored):
        s.apply(2, Action("pay", bank=0))
    assert restored.to_json() == state.to_json()
    assert debts(restored) == [1, 0, 2] and coins(restored)[1] == 6
    # Caligula's power stays used for Age I after the copy
    restored = set_turn(restored, 1, 3, {0: ["Militia", *FILLER[:5]]})
    assert not any(a.kind == "free_build" for a in restored.legal_actions(0))
    restored = end_age(restored, 1)
    assert restored.cities[0].diplomacy == 0 and restored.cities[0].tokens == []


def test_replay_round_trip_keeps_berenices_coin_of_the_turn() -> None:
    state = berenice_beside_a_gambling_den_with_halicarnassus()
    assert state.phase == "discard_build" and cities(state).berenice_done == {0}
    restored = round_trip(state)
    restored.apply(0, Action("discard_build", "Tavern"))
    assert coins(restored)[0] == 8 + 5  # no second bonus this turn after the reload


def test_clone_is_independent_in_a_debt_phase() -> None:
    state = mid_debt_game()
    before = state.to_json()
    other = state.clone()
    other.apply(2, Action("pay", bank=1))
    assert other.phase == "draft" and coins(other)[2] == 5
    assert state.to_json() == before
    assert cities(state).owed == {1: 1, 2: 1} and state.pending[2] is None and coins(state)[2] == 6
    state.apply(2, Action("pay", bank=0))
    assert debts(state) == [1, 0, 2] and debts(other) == [1, 0, 1]
    other = end_age(other, 1)
    assert state.cities[0].diplomacy == 1 and other.cities[0].diplomacy == 0


def test_losses_waiting_for_an_end_of_turn_decision_survive_save_and_load() -> None:
    state = new_game("Halicarnassus", "Ephesus", "Rhodes", sides="B")
    state = set_turn(state, 1, 1, {1: ["Hideout", *FILLER[:7]]})
    state = give_age(state, 0, "Foundry", 2)
    state = set_discard(state, "Tavern")
    state = set_coins(state, 5, 5, 5)
    play_turn(state, {0: wonder("Altar"), 1: build("Hideout"), 2: build("Altar")})
    assert state.phase == "discard_build"
    restored = state_from_json(state.to_json())
    for s in (state, restored):
        s.apply(0, Action("discard_build", "Tavern"))
        assert s.phase == "debt"
        assert cities(s).owed == {0: 1, 2: 1}
    assert restored.to_json() == state.to_json()
