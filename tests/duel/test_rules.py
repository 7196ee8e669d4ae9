"""7 Wonders Duel rule scenarios, each named after the rule it checks (seeds/000)."""

from __future__ import annotations

import json
import random

import pytest

from tests.duel.scenario import (
    at,
    build,
    built,
    coins,
    empty_structure_but,
    give,
    new_game,
    offer,
    pawn,
    play,
    sell,
    token,
    tokens,
    wonder,
    wonders,
)
from wonders.core.errors import IllegalActionError, OptionsError
from wonders.duel.actions import Action
from wonders.duel.state import DRAFT_PICKERS, FIRST_GAME, DuelState, setup

# -- setup and the wonder draft ------------------------------------------------------------


def test_setup_seven_coins_five_board_tokens_three_removed_cards_three_guilds() -> None:
    s = setup({}, 4)
    assert [c.coins for c in s.cities] == [7, 7]
    assert len(s.board_tokens) == 5 and len(s.box_tokens) == 5
    assert set(s.board_tokens).isdisjoint(s.box_tokens)
    assert s.military.position == 0 and len(s.military.tokens) == 4
    for age in (1, 2, 3):
        assert len(s.decks[age]) == 20 and len(s.removed[age]) == 3
    guilds = [c for c in s.decks[3] if c.endswith("guild")]
    assert len(guilds) == 3  # added after the removal: always in the structure
    assert not any(c.endswith("guild") for c in s.removed[3])


def test_wonder_draft_a_takes_one_b_two_a_the_last_then_b_starts_the_second_round() -> None:
    s = setup({}, 5)
    first_offer = list(s.offer)
    assert s.phase == "draft" and s.to_move() == [0] and len(first_offer) == 4
    pickers = []
    while s.phase == "draft":
        (p,) = s.to_move()
        pickers.append(p)
        s.apply(p, s.legal_actions(p)[0])
    assert pickers == list(DRAFT_PICKERS) == [0, 1, 1, 1, 0, 0]
    a, b = s.cities
    assert len(a.wonders) == len(b.wonders) == 4
    assert a.wonders[0] == first_offer[0] and a.wonders[1] == first_offer[3]  # the last one
    assert set(b.wonders[:2]) == set(first_offer[1:3])
    assert s.phase == "play" and s.age == 1 and s.to_move() == [0]


def test_wonder_draft_second_round_is_not_shown_before_it_starts() -> None:
    s = setup({}, 5)
    hidden = s.unseen_wonders[:4]
    view = s.view(1)
    assert not set(hidden) & set(view["offer"])
    assert all(w not in str(view) for w in hidden)


def test_first_game_option_deals_the_rulebook_sets() -> None:
    s = new_game()
    assert tuple(s.cities[0].wonders) == FIRST_GAME[0]
    assert tuple(s.cities[1].wonders) == FIRST_GAME[1]
    assert s.phase == "play"


@pytest.mark.parametrize(
    "options",
    [{"players": 3}, {"first_game": "yes"}, {"sides": "A"}, {"expansions": ["leaders"]}],
)
def test_impossible_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        setup(options, 0)


def test_age_one_structure_six_cards_accessible_face_down_rows_hidden() -> None:
    s = new_game()
    view = s.view(0)["structure"]
    assert sum(1 for p in view if p["accessible"]) == 6
    hidden = [p for p in view if not p["face_up"]]
    assert len(hidden) == 3 + 5 and all(p["card"] is None for p in hidden)


# -- building, selling, trading ------------------------------------------------------------


def test_free_card_is_built_for_nothing() -> None:
    s = new_game()
    s = offer(s, "Lumber yard")
    play(s, build("Lumber yard"))
    assert s.cities[0].coins == 7 and s.cities[0].produce[0] == 1


def test_coin_cost_goes_to_the_bank() -> None:
    s = new_game()
    s = offer(s, "Logging camp")
    play(s, build("Logging camp"))
    assert [c.coins for c in s.cities] == [6, 7]


def test_selling_gives_two_coins_plus_one_per_yellow_card() -> None:
    s = new_game()
    s = give(s, 0, "Tavern", "Clay reserve")
    s = offer(s, "Aqueduct")
    play(s, sell("Aqueduct"))  # the rulebook's example: Bruno gets 4
    assert s.cities[0].coins == 11 and s.discard == ["Aqueduct"]


def test_price_is_two_plus_the_opponents_brown_and_grey_production() -> None:
    # Bruno (1) produces 2 stone on his Shelf quarry: Antoine (0) pays 4 per stone
    s = new_game()
    s = give(s, 1, "Shelf quarry")
    assert s.card_cost(0, "Baths") == (4, 4)
    assert s.card_cost(0, "Aqueduct") == (12, 12)  # 3 stone: the rulebook's 12 coins
    assert s.card_cost(1, "Baths") == (0, 0)


def test_rulebook_fortifications_example_costs_five() -> None:
    # Bruno has 2 stone; Antoine has clay but no papyrus: clay 3 + papyrus 2
    s = new_game()
    s = give(s, 1, "Shelf quarry")
    s = give(s, 0, "Clay pool")
    assert s.card_cost(1, "Fortifications") == (5, 5)


def test_rulebook_caravansery_example_costs_seven() -> None:
    # 2 coins + glass (Antoine produces one: 3) + papyrus (2)
    s = new_game()
    s = give(s, 0, "Glassworks")
    assert s.card_cost(1, "Caravansery") == (7, 5)


def test_yellow_and_wonder_production_does_not_raise_the_opponents_price() -> None:
    s = new_game()
    s = give(s, 1, "Forum", "Caravansery")
    s = built(s, 1, "Piraeus", "Altar")
    assert s.card_cost(0, "Workshop") == (2, 2)  # papyrus at the base price


def test_reserve_fixes_the_price_at_one_coin() -> None:
    s = new_game()
    s = give(s, 1, "Shelf quarry", "Quarry")  # 3 stone: 5 coins a unit otherwise
    s = give(s, 0, "Stone reserve")
    assert s.card_cost(0, "Aqueduct") == (3, 3)


def test_customs_house_buys_glass_and_papyrus_for_one() -> None:
    s = new_game()
    s = give(s, 1, "Glassworks", "Press")
    s = give(s, 0, "Customs house")
    assert s.card_cost(0, "Observatory") == (2 + 2 * 1, 4)  # stone 2, papyrus 1+1


def test_either_or_production_covers_one_unit() -> None:
    s = new_game()
    s = give(s, 0, "Caravansery")
    assert s.card_cost(0, "Baths") == (0, 0)
    assert s.card_cost(0, "Walls") == (2, 2)  # 2 stone: one from the Caravansery


def test_chain_symbol_makes_the_card_free() -> None:
    s = new_game()
    s = give(s, 0, "Baths")
    s = coins(s, 0, 7)
    s = offer(s, "Aqueduct")
    assert build("Aqueduct") in s.legal_actions(0)
    play(s, build("Aqueduct"))
    assert s.cities[0].coins == 0 and "Aqueduct" in s.cities[0].cards


def test_an_unaffordable_card_cannot_be_built_but_can_be_sold_or_buried() -> None:
    s = new_game()
    s = coins(s, 1, 7)
    s = offer(s, "Aqueduct")
    actions = s.legal_actions(0)
    assert build("Aqueduct") not in actions and sell("Aqueduct") in actions
    with pytest.raises(IllegalActionError):
        play(s, build("Aqueduct"))
    assert s.cities[0].coins == 1 and "Aqueduct" in s.structure.cards  # type: ignore[union-attr]


def test_a_covered_card_cannot_be_taken() -> None:
    s = new_game()
    covered = next(c for i, c in enumerate(s.structure.cards) if i == 5)  # type: ignore[union-attr]
    assert covered is not None
    with pytest.raises(IllegalActionError):
        play(s, sell(covered))


def test_taking_a_card_reveals_the_face_down_cards_it_uncovers() -> None:
    s = new_game()
    assert s.structure is not None
    play(s, sell(s.structure.cards[14]))  # type: ignore[arg-type]
    play(s, sell(s.structure.cards[15]))  # type: ignore[arg-type]
    reveal = [e for e in s.events if e["type"] == "reveal"]
    assert [e["place"] for e in reveal] == [9]
    assert s.view(1)["structure"][9]["card"] == s.structure.cards[9]


def test_players_alternate_turns() -> None:
    s = new_game()
    s = offer(s, "Lumber yard", "Quarry")
    play(s, build("Lumber yard"))
    assert s.to_move() == [1] and s.legal_actions(0) == []
    with pytest.raises(IllegalActionError):
        s.apply(0, build("Quarry"))


# -- yellow cards --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "owned", "gain"),
    [
        ("Tavern", (), 4),
        ("Brewery", (), 6),
        ("Chamber of commerce", ("Glassworks", "Press"), 6),
        ("Port", ("Quarry", "Clay pool", "Press"), 4),
        ("Armory", ("Guard tower", "Walls"), 2),
        ("Lighthouse", ("Tavern",), 2),  # itself included
        ("Arena", (), 4),  # 2 wonders built below
    ],
)
def test_yellow_cards_give_coins_once_for_what_the_city_has(
    card: str, owned: tuple[str, ...], gain: int
) -> None:
    s = new_game()
    s = give(s, 0, *owned)
    if card == "Arena":
        s = built(s, 0, "The Pyramids", "Altar")
        s = built(s, 0, "The Great Lighthouse", "Theater")
    s = coins(s, 50, 7)
    s = offer(s, card)
    before = s.cities[0].coins
    paid = s.card_cost(0, card)[0]
    play(s, build(card))
    assert s.cities[0].coins == before - paid + gain


@pytest.mark.parametrize("card", ["Chamber of commerce", "Port", "Armory", "Lighthouse", "Arena"])
def test_age_three_yellow_cards_are_worth_three_points(card: str) -> None:
    s = new_game()
    s = give(s, 0, card)
    assert s.breakdown(0)["commerce"] == 3


# -- military --------------------------------------------------------------------------------


def test_shields_move_the_pawn_at_once() -> None:
    s = new_game()
    s = offer(s, "Guard tower")
    play(s, build("Guard tower"))
    assert s.military.position == 1


def test_entering_a_zone_costs_the_opponent_two_then_five_coins() -> None:
    s = new_game()
    s = pawn(s, 2)
    s = offer(s, "Guard tower")
    play(s, build("Guard tower"))
    assert s.cities[1].coins == 5
    s = pawn(s, 5)
    s = at(s, current=0)
    s = offer(s, "Stable")
    s = give(s, 0, "Lumber yard")
    play(s, build("Stable"))
    assert s.cities[1].coins == 0


def test_a_military_token_takes_all_when_the_opponent_has_less() -> None:
    s = new_game()
    s = coins(s, 7, 1)
    s = pawn(s, 2)
    s = offer(s, "Guard tower")
    play(s, build("Guard tower"))
    assert s.cities[1].coins == 0


def test_military_supremacy_wins_at_once() -> None:
    s = new_game()
    s = pawn(s, 8, tokens=[])
    s = offer(s, "Guard tower")
    play(s, build("Guard tower"))
    assert s.is_terminal()
    r = s.result()
    assert r.victory == "military" and r.winners == [0]


@pytest.mark.parametrize(("position", "points"), [(0, 0), (1, 2), (2, 2), (3, 5), (5, 5), (6, 10)])
def test_military_track_points_at_the_end(position: int, points: int) -> None:
    s = new_game()
    s = pawn(s, -position)
    assert s.breakdown(1)["military"] == points and s.breakdown(0)["military"] == 0


# -- science and progress tokens -------------------------------------------------------------


def _pair(s: DuelState, symbol_cards: tuple[str, str], tokens: list[str]) -> DuelState:
    """Seat 0 builds the second card of a pair of equal symbols, ``tokens`` on the board."""
    s = at(s, board_tokens=list(tokens))
    s = give(s, 0, symbol_cards[0])
    s = coins(s, 30, 7)
    s = offer(s, symbol_cards[1])
    play(s, build(symbol_cards[1]))
    return s


def test_a_pair_of_equal_symbols_lets_the_player_take_a_board_token() -> None:
    s = new_game()
    s = _pair(s, ("Workshop", "Laboratory"), ["Philosophy", "Law"])
    assert s.to_move() == [0]
    assert s.legal_actions(0) == [token("Philosophy"), token("Law")]
    play(s, token("Philosophy"))
    assert s.cities[0].tokens == ["Philosophy"] and s.board_tokens == ["Law"]
    assert s.to_move() == [1]  # the turn ends after the pick
    assert s.breakdown(0)["tokens"] == 7


def test_no_token_when_the_board_is_empty() -> None:
    s = new_game()
    s = _pair(s, ("Workshop", "Laboratory"), [])
    assert s.to_move() == [1]


def test_different_symbols_give_no_token() -> None:
    s = new_game()
    s = _pair(s, ("Workshop", "Apothecary"), ["Philosophy"])
    assert s.to_move() == [1] and s.cities[0].tokens == []


def test_six_different_symbols_is_scientific_supremacy() -> None:
    s = new_game()
    s = give(s, 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy")
    s = coins(s, 30, 7)
    s = offer(s, "University")
    play(s, build("University"))
    assert s.is_terminal()
    r = s.result()
    assert r.victory == "science" and r.winners == [0]


def test_law_tokens_symbol_counts_toward_supremacy() -> None:
    s = new_game()
    s = give(s, 0, "Workshop", "Apothecary", "Scriptorium", "Pharmacist")
    s = _pair(s, ("Academy", "Study"), ["Law"])  # sundial pair: the 5th symbol
    assert not s.is_terminal()
    play(s, token("Law"))
    assert s.is_terminal() and s.result().victory == "science"


def test_agriculture_six_coins_and_four_points() -> None:
    s = new_game()
    s = _pair(s, ("Workshop", "Laboratory"), ["Agriculture"])
    before = s.cities[0].coins
    play(s, token("Agriculture"))
    assert s.cities[0].coins == before + 6 and s.breakdown(0)["tokens"] == 4


def test_urbanism_six_coins_then_four_per_chain_build() -> None:
    s = new_game()
    s = _pair(s, ("Workshop", "Laboratory"), ["Urbanism"])
    before = s.cities[0].coins
    play(s, token("Urbanism"))
    assert s.cities[0].coins == before + 6
    s = give(s, 0, "Baths")
    s = at(s, current=0)
    s = offer(s, "Aqueduct", "Theater")
    play(s, build("Aqueduct"))
    assert s.cities[0].coins == before + 6 + 4
    s = at(s, current=0)
    play(s, build("Theater"))  # free, but not through a chain
    assert s.cities[0].coins == before + 10


def test_mathematics_three_points_per_token_itself_included() -> None:
    s = new_game()
    s = tokens(s, 0, "Philosophy")
    s = tokens(s, 0, "Mathematics")
    assert s.breakdown(0)["tokens"] == 7 + 3 * 2


def test_strategy_adds_a_shield_to_new_red_cards_not_to_wonders() -> None:
    s = new_game()
    s = tokens(s, 0, "Strategy")
    s = offer(s, "Guard tower")
    play(s, build("Guard tower"))
    assert s.military.position == 2
    s = at(s, current=1)
    s = tokens(s, 1, "Strategy")
    s = coins(s, 7, 40)
    s = offer(s, "Altar")
    play(s, wonder("Altar", "The Colossus"))
    assert s.military.position == 0  # the Colossus's 2 shields, no more


def test_economy_receives_what_the_opponent_pays_the_bank_for_resources_only() -> None:
    s = new_game()
    s = tokens(s, 1, "Economy")
    s = coins(s, 10, 0)
    s = offer(s, "Caravansery")  # 2 coins + glass 2 + papyrus 2
    play(s, build("Caravansery"))
    assert s.cities[0].coins == 10 - 6 and s.cities[1].coins == 4


def test_economy_receives_the_discounted_price_the_opponent_really_paid() -> None:
    s = new_game()
    s = tokens(s, 1, "Economy")
    s = give(s, 1, "Quarry")
    s = give(s, 0, "Stone reserve")
    s = coins(s, 10, 0)
    s = offer(s, "Baths")
    play(s, build("Baths"))
    assert s.cities[1].coins == 1


def test_masonry_waives_two_resources_of_blue_cards() -> None:
    s = new_game()
    s = tokens(s, 0, "Masonry")
    assert s.card_cost(0, "Palace") == (2 + 2 + 2, 6)  # 5 resources, the 2 dearest waived
    s = give(s, 1, "Glassworks")
    # glass is now the dearest (3): both glass waived
    assert s.card_cost(0, "Palace") == (6, 6)
    assert s.card_cost(0, "Walls") == (4, 4)  # red: no waiver


def test_architecture_waives_two_resources_of_wonders() -> None:
    s = new_game()
    assert s.wonder_cost(0, "The Pyramids") == (8, 8)
    s = tokens(s, 0, "Architecture")
    assert s.wonder_cost(0, "The Pyramids") == (4, 4)


def test_theology_makes_new_wonders_replay_but_never_twice() -> None:
    s = new_game()
    s = tokens(s, 0, "Theology")
    s = coins(s, 40, 7)
    s = offer(s, "Altar", "Theater", "Baths")
    play(s, wonder("Altar", "The Pyramids"))
    assert s.to_move() == [0]
    play(s, wonder("Theater", "The Temple of Artemis"))  # replays anyway: once
    assert s.to_move() == [0]
    play(s, sell("Baths"))
    assert s.to_move() == [1]


# -- wonders ---------------------------------------------------------------------------------


def _wonder(name: str, seat: int = 0, money: int = 60, card: str = "Altar") -> object:
    s = new_game()
    s = wonders(s, seat, name)
    s = at(s, current=seat)
    s = coins(s, money, 7) if seat == 0 else coins(s, 7, money)
    s = offer(s, card)
    play(s, wonder(card, name))
    return s


def test_a_wonder_is_paid_and_the_card_goes_under_it() -> None:
    s = _wonder("The Pyramids")
    assert s.cities[0].built == {"The Pyramids": "Altar"}  # type: ignore[attr-defined]
    assert s.cities[0].coins == 60 - 8  # type: ignore[attr-defined]
    assert "Altar" not in s.discard  # type: ignore[attr-defined]
    assert s.breakdown(0)["wonders"] == 9  # type: ignore[attr-defined]


def test_appian_way_three_coins_opponent_loses_three_replay_three_points() -> None:
    s = _wonder("The Appian Way")
    cost = 2 * 2 + 2 * 2 + 2
    assert s.cities[0].coins == 60 - cost + 3 and s.cities[1].coins == 4  # type: ignore[attr-defined]
    assert s.to_move() == [0] and s.breakdown(0)["wonders"] == 3  # type: ignore[attr-defined]


def test_circus_maximus_destroys_a_grey_card_and_gives_a_shield() -> None:
    s = new_game()
    s = wonders(s, 0, "Circus Maximus")
    s = give(s, 1, "Glassworks", "Press", "Quarry")
    s = coins(s, 60, 7)
    s = offer(s, "Altar")
    play(s, wonder("Altar", "Circus Maximus"))
    assert s.military.position == 1
    assert s.legal_actions(0) == [Action("destroy", "Glassworks"), Action("destroy", "Press")]
    play(s, Action("destroy", "Press"))
    assert s.cities[1].cards == ["Glassworks", "Quarry"] and s.discard == ["Press"]
    assert s.cities[1].brown_grey[4] == 0 and s.to_move() == [1]


def test_statue_of_zeus_destroys_a_brown_card_or_nothing_if_there_is_none() -> None:
    s = _wonder("The Statue of Zeus")
    assert s.military.position == 1 and s.to_move() == [1]  # type: ignore[attr-defined]


def test_colossus_two_shields() -> None:
    s = _wonder("The Colossus")
    assert s.military.position == 2  # type: ignore[attr-defined]


def test_great_library_draws_three_set_aside_tokens_keeps_one() -> None:
    s = new_game()
    s = wonders(s, 0, "The Great Library")
    s = coins(s, 60, 7)
    box = list(s.box_tokens)
    s = offer(s, "Altar")
    play(s, wonder("Altar", "The Great Library"))
    drawn = box[:3]
    assert s.legal_actions(0) == [token(t) for t in drawn]
    assert s.view(1)["pending"]["tokens"] == drawn
    play(s, token(drawn[1]))
    assert drawn[1] in s.cities[0].tokens and s.gone_tokens == [drawn[0], drawn[2]]
    assert s.box_tokens == box[3:]
    assert s.breakdown(0)["wonders"] == 4


def test_great_lighthouse_produces_one_of_wood_clay_stone() -> None:
    s = _wonder("The Great Lighthouse")
    assert s.card_cost(0, "Baths") == (0, 0)  # type: ignore[attr-defined]
    assert s.card_cost(1, "Baths") == (2, 2)  # type: ignore[attr-defined]


def test_hanging_gardens_six_coins_and_replay() -> None:
    s = _wonder("The Hanging Gardens")
    assert s.cities[0].coins == 60 - 8 + 6 and s.to_move() == [0]  # type: ignore[attr-defined]


def test_mausoleum_builds_a_discarded_card_free_with_its_effects() -> None:
    s = new_game()
    s = wonders(s, 0, "The Mausoleum")
    s = at(s, discard=["Guard tower", "Palace"])
    s = coins(s, 60, 7)
    s = offer(s, "Altar")
    play(s, wonder("Altar", "The Mausoleum"))
    assert s.legal_actions(0) == [
        Action("discard_build", "Guard tower"),
        Action("discard_build", "Palace"),
    ]
    before = s.cities[0].coins
    play(s, Action("discard_build", "Guard tower"))
    assert s.cities[0].coins == before and s.military.position == 1
    assert s.discard == ["Palace"] and s.to_move() == [1]


def test_mausoleum_with_an_empty_discard_does_nothing() -> None:
    s = _wonder("The Mausoleum")
    assert s.to_move() == [1]  # type: ignore[attr-defined]


def test_setup_removed_cards_are_not_in_the_discard_pile() -> None:
    s = new_game()
    assert s.discard == [] and all(c not in s.discard for c in s.removed[1])


def test_piraeus_produces_glass_or_papyrus_and_replays() -> None:
    s = _wonder("Piraeus")
    assert s.to_move() == [0] and s.card_cost(0, "Workshop") == (0, 0)  # type: ignore[attr-defined]


def test_sphinx_replay_and_six_points() -> None:
    s = _wonder("The Sphinx")
    assert s.to_move() == [0] and s.breakdown(0)["wonders"] == 6  # type: ignore[attr-defined]


def test_temple_of_artemis_twelve_coins_and_replay() -> None:
    s = _wonder("The Temple of Artemis")
    assert s.cities[0].coins == 60 - 8 + 12 and s.to_move() == [0]  # type: ignore[attr-defined]


def test_only_seven_wonders_the_eighth_returns_to_the_box() -> None:
    s = new_game()
    for w in s.cities[0].wonders:
        s = built(s, 0, w, "Altar")
    for w in s.cities[1].wonders[:2]:
        s = built(s, 1, w, "Theater")
    s = at(s, current=1)
    s = coins(s, 7, 60)
    s = offer(s, "Baths")
    play(s, wonder("Baths", "The Appian Way"))
    assert s.cities[1].wonders == ["Circus Maximus", "Piraeus", "The Appian Way"]
    assert s.gone_wonders == ["The Colossus"]
    s = at(s, current=1)
    assert not any(a.kind == "wonder" for a in s.legal_actions(1))


# -- end of an Age, the game's end ---------------------------------------------------------


def test_the_weaker_player_chooses_who_starts_the_next_age() -> None:
    s = new_game()
    s = pawn(s, 2)  # on seat 1's side: seat 1 is weaker
    s = empty_structure_but(s, "Altar")
    play(s, sell("Altar"))
    assert s.to_move() == [1] and s.legal_actions(1) == [
        Action("start", seat=0),
        Action("start", seat=1),
    ]
    play(s, Action("start", seat=0))
    assert s.age == 2 and s.to_move() == [0]


def test_the_next_ages_structure_is_laid_out_before_the_weaker_player_chooses() -> None:
    """Rulebook, "End of an Age": "Prepare the structure for the next Age. The player with the
    weaker military chooses who starts the next Age." The chooser sees the new structure's
    face-up cards; choosing changes nothing but who moves first."""
    s = new_game()
    s = pawn(s, 2)  # seat 1 is weaker: it chooses
    s = empty_structure_but(s, "Altar")
    play(s, sell("Altar"))
    assert s.pending[0][:2] == ("start", 1)
    assert s.age == 2 and s.structure is not None and s.structure.age == 2
    assert s.structure.cards == s.decks[2]  # all 20 laid out, none taken
    view = s.view(1)
    face_up = [p for p in view["structure"] if p["face_up"]]
    assert view["age"] == 2 and len(view["structure"]) == 20 and face_up
    assert all(p["card"] in s.decks[2] for p in face_up)
    assert all(p["card"] is None for p in view["structure"] if not p["face_up"])
    laid = [e for e in view["events"] if e["type"] == "age"][-1]
    assert laid == {"type": "age", "age": 2, "cards": s.structure.visible()}
    before = [list(s.structure.cards), list(s.structure.face_up)]
    play(s, Action("start", seat=0))
    assert [s.structure.cards, s.structure.face_up] == before
    assert s.events[-1] == {"type": "first", "age": 2, "player": 0, "chooser": 1}
    assert s.to_move() == [0] and s.current == 0


def test_a_state_saved_before_the_layout_came_first_loads_with_the_next_age_laid_out() -> None:
    """State JSON saved by earlier versions at the choice (the old Age's structure empty, the
    next one not laid out) is brought up to date on load; records replay unchanged, since the
    actions are the same."""
    s = new_game()
    s = empty_structure_but(s, "Altar")
    play(s, sell("Altar"))
    old = s.to_json()
    old["age"] = 1
    old["structure"] = {"cards": [None] * 20, "face_up": [True] * 20}
    old["events"] = old["events"][:-1]
    loaded = DuelState.from_json(old)
    assert loaded.age == 2 and loaded.structure is not None
    assert loaded.structure.cards == s.decks[2]
    assert loaded.view(0)["structure"] == s.view(0)["structure"]
    assert loaded.legal_actions(0) == s.legal_actions(0)


def test_with_the_pawn_at_the_centre_the_last_player_chooses() -> None:
    s = new_game()
    s = at(s, current=1)
    s = empty_structure_but(s, "Altar")
    play(s, sell("Altar"))
    assert s.to_move() == [1]
    play(s, Action("start", seat=1))
    assert s.age == 2 and s.to_move() == [1]


def test_a_replay_earned_with_the_ages_last_card_is_lost() -> None:
    s = new_game()
    s = coins(s, 60, 7)
    s = pawn(s, -1)  # seat 0 weaker: chooses
    s = empty_structure_but(s, "Altar")
    play(s, wonder("Altar", "The Temple of Artemis"))
    assert s.pending[0][0] == "start" and not s.replay
    play(s, Action("start", seat=1))
    assert s.to_move() == [1]


def test_age_three_end_is_the_civilian_victory() -> None:
    s = new_game()
    s = empty_structure_but(s, "Altar", age=3)
    s = give(s, 0, "Palace")
    play(s, sell("Altar"))
    assert s.is_terminal()
    r = s.result()
    assert r.victory == "civilian" and r.winners == [0]


def test_civilian_tie_goes_to_the_most_blue_points_then_is_shared() -> None:
    s = new_game()
    s = give(s, 0, "Palace")  # 7 blue
    s = tokens(s, 1, "Philosophy")  # 7 from a token
    s = coins(s, 0, 0)
    s = empty_structure_but(s, "Altar", age=3)
    play(s, sell("Altar"))  # seat 0: 2 coins, 0 points
    r = s.result()
    assert r.totals == [7, 7] and r.winners == [0]
    s2 = new_game()
    s2 = give(s2, 0, "Palace")
    s2 = give(s2, 1, "Palace".replace("Palace", "Town hall"))
    s2 = coins(s2, 0, 0)
    s2 = empty_structure_but(s2, "Altar", age=3)
    play(s2, sell("Altar"))
    r2 = s2.result()
    assert r2.totals == [7, 7] and r2.winners == [0, 1]


def test_treasury_is_one_point_per_three_coins() -> None:
    s = new_game()
    s = coins(s, 11, 2)
    assert s.breakdown(0)["treasury"] == 3 and s.breakdown(1)["treasury"] == 0


# -- guilds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("guild", "mine", "theirs", "coins_gained", "points"),
    [
        ("Merchants guild", ("Tavern",), ("Tavern", "Brewery"), 2, 2),
        ("Shipowners guild", ("Quarry",), ("Glassworks", "Clay pool", "Press"), 3, 3),
        ("Magistrates guild", ("Altar", "Theater", "Baths"), ("Palace",), 3, 3),
        ("Scientists guild", ("Workshop",), ("Apothecary", "Library"), 2, 2),
        ("Tacticians guild", ("Guard tower",), (), 1, 1),
    ],
)
def test_guilds_count_the_city_with_most_for_coins_now_and_points_at_the_end(
    guild: str, mine: tuple[str, ...], theirs: tuple[str, ...], coins_gained: int, points: int
) -> None:
    s = new_game()
    s = give(s, 0, *mine)
    s = give(s, 1, *theirs)
    s = coins(s, 60, 0)
    s = offer(s, guild)
    paid = s.card_cost(0, guild)[0]
    play(s, build(guild))
    assert s.cities[0].coins == 60 - paid + coins_gained
    assert s.breakdown(0)["guilds"] == points


def test_builders_guild_two_points_per_wonder_in_the_city_with_most() -> None:
    s = new_game()
    s = give(s, 0, "Builders guild")
    s = built(s, 1, "Piraeus", "Altar")
    s = built(s, 1, "The Colossus", "Theater")
    s = built(s, 0, "The Pyramids", "Baths")
    assert s.breakdown(0)["guilds"] == 4


def test_moneylenders_guild_one_point_per_three_coins_of_the_richest_city() -> None:
    s = new_game()
    s = give(s, 0, "Moneylenders guild")
    s = coins(s, 4, 13)
    assert s.breakdown(0)["guilds"] == 4


# -- hidden information and replay -----------------------------------------------------------


def test_views_hide_face_down_and_removed_cards_and_future_ages() -> None:
    s = new_game(3)
    assert s.structure is not None
    hidden = [c for i, c in enumerate(s.structure.cards) if not s.structure.face_up[i]]
    for viewer in (0, 1, None):
        text = json.dumps(s.view(viewer))
        for card in hidden + s.removed[1] + s.decks[2] + s.decks[3]:
            assert f'"{card}"' not in text, card  # card names are unique in Duel
    face_up = [c for c in s.structure.visible() if c]
    assert all(f'"{c}"' in json.dumps(s.view(0)) for c in face_up)


def test_sample_world_keeps_what_the_player_sees_and_reshuffles_the_rest() -> None:
    s = new_game(3)
    worlds = [s.sample_world(0, random.Random(k)) for k in range(5)]
    for w in worlds:
        assert w.view(0) == s.view(0)
    assert any(w.decks[2] != s.decks[2] for w in worlds)
    hidden = [i for i, up in enumerate(s.structure.face_up) if not up]  # type: ignore[union-attr]
    assert any(
        [w.structure.cards[i] for i in hidden] != [s.structure.cards[i] for i in hidden]  # type: ignore[union-attr]
        for w in worlds
    )


def test_action_json_round_trip_and_malformed_actions() -> None:
    a = Action("wonder", "Altar", "The Pyramids")
    assert Action.from_json(a.to_json()) == a
    for bad in ([], {"kind": "steal"}, {"kind": "build", "card": 3}, {"kind": "x", "pay": 1}):
        with pytest.raises(IllegalActionError):
            Action.from_json(bad)
