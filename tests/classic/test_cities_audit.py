"""An independent audit of Cities (seeds/001) against the engine: interactions with Leaders'
leaders and guilds, the wonders with powers, 2 players, teams.

The first two tests are the audit's findings (Hatshepsut once a turn per neighbour, and a
purchase a dock makes free still counting for her), fixed since; every other test checks an
interaction the audit found right and no other test covered. Positions are built with
``cities_scenario``: seat ``p``'s left neighbour is ``p + 1``, its right neighbour ``p - 1``;
at 2 players the Free City is city 2.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.classic.cities_scenario import (
    FILLER,
    build,
    card,
    end_age,
    give,
    give_age,
    give_leader,
    give_stages,
    new_game,
    payments,
    play_turn,
    score,
    set_coins,
    set_tokens,
    set_turn,
    settle,
    touch,
    wonder,
)
from wonders.classic.actions import Action
from wonders.classic.state import FREE_CITY, ClassicState

W3 = ("Giza", "Ephesus", "Rhodes")
W4 = ("Giza", "Ephesus", "Rhodes", "Alexandria")
# what the Courtesans Guild (wood, clay, glass, loom) needs in Giza (stone)
COURTESANS_UNITS = ("Lumber Yard", "Clay Pool", "Glassworks", "Loom")


def coins(state: ClassicState) -> list[int]:
    return [c.coins for c in state.cities]


def tokens(state: ClassicState) -> list[list[int]]:
    return [sorted(c.tokens) for c in state.cities]


def hand(*names: str, size: int) -> list[str]:
    """``names`` first, then filler cards up to ``size``."""
    return [*names, *FILLER[: size - len(names)]]


def leader_game(
    *wonders: str, sides: str | Sequence[str] = "A", teams: bool = False
) -> ClassicState:
    state = new_game(*wonders, sides=sides, leaders=True, teams=teams)
    set_coins(state, *[6] * state.n)
    return state


def courtesans_copy(state: ClassicState, name: str, turn: int = 1) -> None:
    """Seat 0 (Giza, with what the guild needs) builds the Courtesans Guild on ``turn`` of
    Age III (the others sell) and copies ``name``, recruited in a neighbouring city."""
    give(state, 0, *COURTESANS_UNITS)
    set_turn(state, 3, turn, {0: hand("Courtesans Guild", size=state.hand_size + 1 - turn)})
    play_turn(state, {0: build("Courtesans Guild")})
    assert state.phase == "courtesan"
    state.apply(0, Action("copy", name))


# ---------------------------------------------------------------- findings (fail today)


def test_hatshepsut_one_coin_per_neighbour_a_turn_babylons_extra_card_included() -> None:
    """Leaders (seeds/002, Hatshepsut): "Może dostać w ten sposób maksymalnie 1 monetę na
    turę od każdego sąsiada" (at most 1 coin a turn from each neighbour). Babylon B's extra
    card is part of turn 7 (the engine's own ruling for Bilkis and the Clandestine Docks);
    a second purchase from the same neighbour that turn earns no second coin."""
    state = leader_game("Babylon", "Olympia", "Giza", sides="B")
    give_stages(state, 0, 2)  # Babylon B: the Age's last card is played too
    give(state, 1, "Lumber Yard", "Ore Vein")
    give_leader(state, 0, "Hatshepsut")
    set_coins(state, 10, 6, 6)
    set_turn(state, 1, state.turns_per_age, {0: ["Stockade", "Barracks"]})
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
    The engine gives Hatshepsut's coin only when coins changed hands (``left > 0``)."""
    state = leader_game("Giza", "Olympia", "Rhodes")
    give(state, 0, "Clandestine Dock West", "West Trading Post")
    give_leader(state, 0, "Hatshepsut")
    set_turn(state, 1, 1, {0: hand("Stockade", size=8)})
    assert payments(state, 0, "build", "Stockade") == {(0, 0)}  # wood: 1 - 1 on the left
    play_turn(state, {0: build("Stockade"), 1: build("Altar"), 2: build("Altar")})
    assert coins(state)[0] == 6 + 1  # Hatshepsut: the purchase from the left neighbour


# ---------------------------------------------------------------- Leaders' leaders


def test_hatshepsut_with_a_dock_that_only_lowers_the_price_gives_her_coin() -> None:
    state = leader_game("Giza", "Olympia", "Rhodes")
    give(state, 0, "Clandestine Dock West")
    give_leader(state, 0, "Hatshepsut")
    set_turn(state, 1, 1, {0: hand("Stockade", size=8)})
    assert payments(state, 0, "build", "Stockade") == {(1, 0)}  # 2 - 1 on the left
    play_turn(state, {0: build("Stockade", left=1), 1: build("Altar"), 2: build("Altar")})
    assert coins(state) == [6 - 1 + 1, 6 + 1, 6]


def test_bilkis_bank_resource_is_not_doubled_by_the_secret_warehouse() -> None:
    """Тайный склад "не позволяет игрокам удваивать производство ... Билкис": the
    warehouse adds only what the board and brown/grey cards produce."""
    state = leader_game(*W3)  # Giza's stone; papyrus on the left, ore on the right
    give(state, 0, "Secret Warehouse")
    give_leader(state, 0, "Bilkis")
    set_turn(state, 2, 1, {0: hand("Walls", "Laboratory", size=8)})
    acts = state.legal_actions(0)
    # Walls (3 stone): the board's, the warehouse's, and one from the bank (Bilkis)
    walls = {(a.left, a.right, a.bank) for a in acts if a.kind == "build" and a.card == "Walls"}
    assert walls == {(0, 0, 1)}
    # Laboratory (2 clay, papyrus): Bilkis' clay cannot be doubled, nobody sells clay
    assert not any(a.kind == "build" and a.card == "Laboratory" for a in acts)


def test_pericles_and_leonidas_ignore_the_black_military_cards() -> None:
    """The Militia, Mercenaries and Contingent are black cards, not red ones."""
    state = leader_game(*W3)
    give(state, 0, "Militia", "Stockade", "Stone Pit")
    give_leader(state, 0, "Pericles")
    assert score(state, 0)["leaders"] == 2  # the Stockade only
    give_leader(state, 0, "Leonidas")
    state.cities[0].coins = 4
    set_turn(state, 2, 1, {0: hand("Mercenaries", "Walls", size=8)})
    # Mercenaries (4 coins, papyrus): the papyrus is bought, 6 coins in all: too dear
    assert not any(a.card == "Mercenaries" and a.kind == "build" for a in state.legal_actions(0))
    assert payments(state, 0, "build", "Walls") == {(0, 0)}  # red: one stone less


def test_ramses_builds_the_cities_guilds_free() -> None:
    state = leader_game(*W3)
    give_leader(state, 0, "Ramses")
    set_coins(state, 0, 6, 6)
    set_turn(state, 3, 1, {0: hand("Counterfeiters Guild", size=8)})
    assert Action("build", "Counterfeiters Guild") in state.legal_actions(0)
    play_turn(state, {0: build("Counterfeiters Guild")})
    assert state.phase == "debt" and state.owed == {1: 3, 2: 3}


def test_caligula_works_for_babylons_extra_card() -> None:
    state = leader_game("Babylon", "Ephesus", "Rhodes", sides="B")
    give_stages(state, 0, 2)
    give_leader(state, 0, "Caligula")
    set_coins(state, 0, 6, 6)
    set_turn(state, 1, state.turns_per_age, {0: ["Altar", "Militia"]})
    play_turn(state, {0: build("Altar")})
    assert state.phase == "extra_card"
    assert Action("free_build", "Militia") in state.legal_actions(0)
    state.apply(0, Action("free_build", "Militia"))
    assert "Militia" in [c.name for c in state.cities[0].cards]
    assert tokens(state)[0] == [1, 1]  # its 2 shields fought in Age I's conflicts


# ---------------------------------------------------------------- the Courtesans Guild


def test_courtesans_copying_aspasia_on_age_threes_last_turn_sits_out_its_conflicts() -> None:
    state = leader_game(*W3)
    give_leader(state, 1, "Aspasia")
    state.cities[1].diplomacy = 0  # Aspasia's own token was spent in an earlier Age
    give(state, 0, "Stockade")  # seat 0 would beat both neighbours
    courtesans_copy(state, "Aspasia", turn=state.turns_per_age)
    assert state.is_terminal()
    assert [e["seat"] for e in state.events if e["type"] == "diplomacy"] == [0]
    assert tokens(state) == [[], [], []]  # seats 1 and 2 tie with no shields
    assert score(state, 0)["guilds"] == 2 and score(state, 0)["leaders"] == 0


def test_courtesans_copying_caligula_a_free_black_card_in_age_three() -> None:
    state = leader_game(*W3)
    give_leader(state, 1, "Caligula")
    courtesans_copy(state, "Caligula")
    state.cities[0].coins = 0
    set_turn(state, 3, 2, {0: hand("Capitol", size=7)})
    assert Action("free_build", "Capitol") in state.legal_actions(0)
    play_turn(state, {0: Action("free_build", "Capitol")})
    assert "Capitol" in [c.name for c in state.cities[0].cards]
    set_turn(state, 3, 3, {0: hand("Torture Chamber", size=6)})
    assert not any(a.kind == "free_build" for a in state.legal_actions(0))


def test_courtesans_copying_darius_and_diocletian() -> None:
    state = leader_game(*W3)
    give_leader(state, 1, "Darius")
    give_leader(state, 2, "Diocletian")
    give(state, 0, "Residence", "Militia")
    courtesans_copy(state, "Diocletian")
    before = coins(state)[0]
    set_turn(state, 3, 2, {0: hand("Secret Society", size=7)})
    give(state, 0, "Stone Pit", "Press")
    play_turn(state, {0: build("Secret Society")})
    assert coins(state)[0] == before + 3 + 2  # 3 black cards, Diocletian's 2
    other = leader_game(*W3)
    give_leader(other, 1, "Darius")
    give(other, 0, "Residence", "Militia")
    courtesans_copy(other, "Darius")
    assert score(other, 0)["guilds"] == 2 and score(other, 0)["cities"] == 1


def test_courtesans_copying_semiramis_defeats_count_as_shields() -> None:
    state = leader_game(*W3)
    give_leader(state, 2, "Semiramis")
    set_tokens(state, 0, -1, -1)
    give(state, 1, "Stockade")
    courtesans_copy(state, "Semiramis")
    end_age(state, 3)
    assert tokens(state)[0] == [-1, -1, 5, 5]  # strength 2 beats 1 and 0


# ---------------------------------------------------------------- wonders with powers


def test_architect_cabinet_with_roma_b_free_stage_and_a_leader_at_once() -> None:
    state = new_game("Roma", "Ephesus", "Rhodes", sides="B", leaders=True)
    give(state, 0, "Architect Cabinet")
    give_stages(state, 0, 1)
    state.leader_hands[0] = [card("Darius", leaders=True)]
    state.leader_masks[0] = [1]
    set_coins(state, 2, 6, 6)
    set_turn(state, 2, 1)
    assert payments(state, 0, "wonder", "Altar") == {(0, 0)}  # stone, clay, loom: not needed
    play_turn(state, {0: wonder("Altar")})
    assert state.phase == "recruit_now"
    state.apply(0, Action("recruit", "Darius"))
    assert coins(state)[0] == 0 and [c.name for c in state.cities[0].leaders] == ["Darius"]


def test_architect_cabinet_with_imhotep_every_stage_free() -> None:
    state = leader_game(*W3)
    give(state, 0, "Architect Cabinet")
    give_leader(state, 0, "Imhotep")
    set_coins(state, 0, 0, 0)
    set_turn(state, 2, 1)
    stage = {(a.left, a.right, a.bank) for a in state.legal_actions(0) if a.kind == "wonder"}
    assert stage == {(0, 0, 0)}


def test_architect_cabinet_built_on_the_last_turn_frees_babylons_extra_stage() -> None:
    state = new_game("Babylon", "Ephesus", "Rhodes", sides="B")
    give_stages(state, 0, 2)
    give(state, 0, "Press")
    set_coins(state, 1, 3, 3)
    set_turn(state, 2, state.turns_per_age, {0: ["Architect Cabinet", "Altar"]})
    assert payments(state, 0, "wonder", "Altar") == set()
    play_turn(state, {0: build("Architect Cabinet")})
    assert state.phase == "extra_card"
    assert payments(state, 0, "wonder", "Altar") == {(0, 0)}
    state.apply(0, wonder("Altar"))
    assert state.cities[0].stages == 3


def test_olympia_b_raw_discount_stacks_with_a_clandestine_dock() -> None:
    state = new_game("Olympia", "Giza", "Rhodes", sides="B")
    give_stages(state, 0, 1)  # raw materials for 1 coin on both sides
    give(state, 0, "Clandestine Dock West")
    set_turn(state, 1, 1, {0: hand("Stockade", "Barracks", size=8)})
    assert payments(state, 0, "build", "Stockade") == {(0, 0)}  # Giza's stone: 1 - 1
    assert payments(state, 0, "build", "Barracks") == {(0, 1)}  # Rhodes' ore: no dock east


def test_olympia_b_copies_the_scientists_guild_together_with_its_masks() -> None:
    state = new_game("Olympia", "Giza", "Rhodes", sides="B")
    give_stages(state, 0, 3)
    give(state, 0, "Apothecary", "Workshop", "Pigeon Loft")  # compass, gear, mask
    give(state, 1, "Scientists Guild", "Scriptorium")  # a tablet to copy
    # the mask takes the tablet: 1+1+1+7 = 10; the copied wildcard: 4+1+1+7 = 13
    assert score(state, 0)["science"] == 10 and score(state, 0)["guilds"] == 3


def test_olympia_b_copies_a_cities_guild_from_its_own_point_of_view() -> None:
    state = new_game("Olympia", "Giza", "Rhodes", "Ephesus", sides="B")
    give_stages(state, 0, 3)
    give(state, 1, "Guild of Shadows", "Hideout", "Militia")
    give(state, 3, "Residence", "Gambling Den", "Secret Warehouse")  # seat 0's right
    assert score(state, 0)["guilds"] == 5  # 2 + 3 black cards next to Olympia
    assert score(state, 1)["guilds"] == 0  # Giza's neighbours: none
    other = new_game("Olympia", "Giza", "Rhodes", sides="B")
    give_stages(other, 0, 3)
    give(other, 1, "Counterfeiters Guild")
    assert score(other, 0)["guilds"] == 5 and score(other, 0)["debt"] == 0


def test_babylons_extra_loss_card_and_the_turns_losses_settle_once_before_conflicts() -> None:
    state = new_game("Babylon", "Giza", "Olympia", sides="B")
    give_stages(state, 0, 2)
    give(state, 0, "Stone Pit", "Loom", "Glassworks")  # the Sepulcher: stone, loom, glass
    give(state, 2, "Glassworks")  # the Lair: Olympia's wood, glass
    set_tokens(state, 1, 1, 1)
    set_coins(state, 5, 5, 5)
    set_turn(state, 2, state.turns_per_age, {0: ["Altar", "Sepulcher"], 2: ["Lair", "Altar"]})
    play_turn(state, {0: build("Altar"), 2: build("Lair")})  # seat 1 sells (+3)
    assert state.phase == "extra_card" and state.owed == {}
    state.apply(0, build("Sepulcher"))
    assert state.phase == "debt" and state.owed == {0: 2, 1: 2 + 2}
    settle(state, {0: 2, 1: 1})
    assert state.age == 3 and [c.debt for c in state.cities] == [0, 3, 0]
    assert coins(state)[:2] == [3, 7]


# ---------------------------------------------------------------- 2 players


def two_players(hands: dict[int, list[str]]) -> ClassicState:
    """Age I, turn 1 at 2 players: seat 0 holds the Free City card (9 cards)."""
    state = new_game("Giza", "Ephesus")
    for seat, size in ((0, 9), (1, 8)):
        names = [*hands.get(seat, []), *["Altar", "Theater"] * 5][:size]
        state.hands[seat] = [card(n) for n in names]
        state.hand_masks[seat] = [1 << seat] * size
    touch(state)
    return state


def test_two_players_the_loss_cards_player_decides_only_for_the_free_city() -> None:
    state = two_players({0: ["Hideout"]})
    set_coins(state, 4, 4, 2)
    state.apply(0, build("Hideout"))
    state.apply(0, build("Altar"))  # the Free City's card
    state.apply(1, build("Altar"))
    assert state.owed == {1: 1, 2: 1} and state.to_move() == [0, 1]
    assert state.view(0)["deciding_for"] == FREE_CITY and state.view(1)["deciding_for"] == 1
    state.apply(0, Action("pay", bank=0))
    state.apply(1, Action("pay", bank=1))
    assert [c.debt for c in state.cities] == [0, 0, 1] and coins(state) == [4, 3, 2]


def test_two_players_a_players_diplomacy_leaves_the_other_and_the_free_city_once() -> None:
    state = new_game("Giza", "Ephesus")
    give(state, 0, "Residence", "Stockade", "Stockade")
    give(state, 1, "Stockade")
    set_turn(state, 1, state.turns_per_age)
    state.hand_masks = [[1 << p if p < 2 else 0] * len(h) for p, h in enumerate(state.hands)]
    while state.phase == "draft" and state.age == 1:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.age == 2
    conflicts = [e for e in state.events if e["type"] == "conflict"]
    assert [(e["winner"], e["loser"]) for e in conflicts] == [(1, FREE_CITY)]
    assert tokens(state) == [[], [1], [-1]]


# ---------------------------------------------------------------- teams


def test_teams_nero_is_paid_per_token_tomyris_passes_both_defeats() -> None:
    state = leader_game(*W4, teams=True)
    set_coins(state, 0, 0, 0, 0)
    give_leader(state, 1, "Nero")
    give_leader(state, 2, "Tomyris")
    give(state, 1, "Stockade")
    end_age(state, 1)  # everyone sells (3); seat 1 beats seat 2 for two tokens
    assert tokens(state) == [[], [-1, -1, 1, 1], [], []]
    assert coins(state) == [3, 3 + 4, 3, 3]


def test_teams_nero_and_tomyris_with_a_diplomat_one_token_each() -> None:
    state = leader_game(*W4, teams=True)
    set_coins(state, 0, 0, 0, 0)
    give_leader(state, 1, "Nero")
    give_leader(state, 2, "Tomyris")
    give(state, 1, "Stockade")
    give(state, 2, "Residence")
    end_age(state, 1)
    assert tokens(state) == [[], [-1, 1], [], []]
    assert coins(state) == [3, 3 + 2, 3, 3]


def test_teams_semiramis_counts_each_doubled_defeat_as_a_shield() -> None:
    state = leader_game(*W4, teams=True)
    give_leader(state, 1, "Semiramis")
    set_tokens(state, 1, -1, -1)
    give(state, 1, "Stockade")
    give_age(state, 2, "Walls", 2)  # 2 shields
    end_age(state, 2)
    assert tokens(state)[1] == [-1, -1, 3, 3]  # 1 + 2 beats 2


def test_teams_the_mourners_guild_counts_a_teammates_doubled_tokens() -> None:
    state = new_game(*W4, teams=True)
    give(state, 0, "Mourners Guild")
    set_tokens(state, 1, 1, 1, 3, 3)  # the teammate, on the left
    set_tokens(state, 3, 5, 5, -1)  # an opponent, on the right
    assert score(state, 0)["guilds"] == 6


def test_free_city_buys_from_either_neighbour_whatever_the_price() -> None:
    """2-player rules: the controller decides from whom the Free City buys, not looking at the
    price; a neighbour selling at 0 (dock and trading post) does not hide the other one."""
    state = two_players({0: ["Altar", "Stockade"]})
    give(state, FREE_CITY, "Clandestine Dock West", "West Trading Post")
    give(state, 0, "Lumber Yard")
    give(state, 1, "Lumber Yard")
    state.apply(0, build("Altar"))  # seat 0's own card; now it chooses for the Free City
    assert state.view(0)["deciding_for"] == "free_city"
    assert payments(state, 0, "build", "Stockade") == {(0, 0), (0, 2)}
