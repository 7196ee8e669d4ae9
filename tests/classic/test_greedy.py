"""The classic greedy bot (wonders.classic.greedy): its estimate and helpers (a move applied to
a copy of the city, the cheapest payments, the military, trade and rivals' outlooks), the debt
rule, black cards' and Cities leaders' values; through the protocol's GreedyBot, every
decision kind at every Cities table and its strength against random play there. The bot's
protocol-level tests (make_bot, determinism, the base game) are in tests/bots/test_bots.py."""

from __future__ import annotations

from typing import Any

import pytest

from tests.classic.cities_scenario import (
    at,
    build,
    card,
    city,
    give,
    give_leader,
    new_game,
    saved,
    set_coins,
    set_tokens,
    set_turn,
)
from tests.classic.scenario import set_hand
from wonders.bots import Bot, RandomBot
from wonders.bots.greedy import GreedyBot
from wonders.classic import greedy as greedy_module
from wonders.classic.actions import Action
from wonders.classic.cards import catalog
from wonders.classic.greedy import (
    apply_to_city,
    cheapest_payments,
    estimate,
    leader_value,
    military_outlook,
    pay_value,
    rivals_outlook,
    trade_cost,
    trade_outlook,
)
from wonders.classic.state import ClassicState, setup

TABLES: list[dict[str, Any]] = [
    {"players": 3, "expansions": ["cities"]},
    {"players": 3, "expansions": ["cities", "leaders"]},
    {"players": 2, "expansions": ["cities"]},
    {"players": 2, "expansions": ["cities", "leaders"]},
    {"players": 8, "expansions": ["cities"]},
    {"players": 4, "expansions": ["cities"], "teams": True},
    {"players": 8, "expansions": ["cities", "leaders"], "teams": True},
]


def play(state: ClassicState, bots: list[Bot]) -> set[tuple[str, str]]:
    """Play to the end; the (phase, action kind) pairs seen."""
    seen = set()
    while not state.is_terminal():
        for p in state.to_move():
            action = bots[p].choose(state, p)
            assert action in state.legal_actions(p)
            seen.add((state.phase, action.kind))
            state.apply(p, action)
    return seen


@pytest.mark.parametrize("options", TABLES, ids=lambda o: str(sorted(o.items())))
def test_greedy_plays_every_cities_table_to_the_end(options: dict[str, Any]) -> None:
    seen: set[tuple[str, str]] = set()
    for seed in (1, 2):
        state = setup(options, seed)
        seen |= play(state, [GreedyBot(seed * 10 + p) for p in range(state.num_players)])
        assert state.result().winners
    assert ("debt", "pay") in seen
    if "leaders" in options["expansions"]:
        assert ("leader_draft", "draft") in seen


def test_greedy_answers_every_kind_of_cities_decision() -> None:
    """Driven by random play (which reaches every phase), the bot answers each decision
    legally: the debt phase (the Free City's too), Babylon, Halicarnassus, Olympia and
    Caligula's free builds, the leaders' phases."""
    greedy = GreedyBot(0)
    seen: set[str] = set()
    wanted = {"draft", "debt", "extra_card", "discard_build", "leader_draft", "recruit"}
    wanted |= {"free_build", "free_city_debt", "black_free_build"}
    for seed in range(40):
        players = (2, 3, 4)[seed % 3]
        options: dict[str, Any] = {
            "players": players,
            "expansions": ["cities", "leaders"],
            "wonders": ["Babylon", "Halicarnassus", "Olympia", "Petra"][:players],
            "sides": "B" if seed % 2 else "A",
        }
        state = setup(options, seed)
        if state.free_city:
            state = city(state, 2, coins=9)  # the Free City has coins to decide about
        driver = RandomBot(seed)
        while not state.is_terminal():
            for p in state.to_move():
                legal = state.legal_actions(p)
                choice = greedy.choose(state, p)
                assert choice in legal
                seen.add(state.phase)
                if state.phase == "debt" and state.acting_city(p) == 2 and state.free_city:
                    seen.add("free_city_debt")
                for a in legal:
                    if a.kind == "free_build":
                        black = state.cat.card_named(a.card).color == "black"
                        seen.add("black_free_build" if black else "free_build")
                state.apply(p, driver.choose(state, p))
        if wanted <= seen:
            break
    assert wanted <= seen


def test_greedy_beats_random_at_cities() -> None:
    games, wins = 24, 0
    for seed in range(games):
        seat = seed % 3
        bots: list[Bot] = [RandomBot(seed * 10 + i) for i in range(3)]
        bots[seat] = GreedyBot(seed)
        state = setup({"players": 3, "expansions": ["cities"]}, seed)
        play(state, bots)
        wins += seat in state.result().winners
    assert wins >= games * 2 // 3  # random play would win about a third


# ------------------------------------------------------------ the estimate and its helpers


def test_apply_to_city_pays_and_places_on_a_copy() -> None:
    state = setup({"players": 3, "wonders": ["Giza", "Rhodes", "Alexandria"]}, 1)
    cat = catalog()
    state = set_hand(state, 0, cat.card_named("Timber Yard"), cat.card_named("Tavern"))
    city = state.cities[0]
    built = apply_to_city(state, 0, Action("build", "Timber Yard"))
    assert built.coins == 2 and built.has_name(cat.card_named("Timber Yard"))
    assert apply_to_city(state, 0, Action("build", "Tavern", 0, 0)).coins == 8
    assert apply_to_city(state, 0, Action("sell", "Tavern")).coins == 6
    staged = apply_to_city(state, 0, Action("wonder", "Tavern", 2, 0))
    assert (staged.stages, staged.coins) == (1, 1)
    assert city.coins == 3 and city.stages == 0 and not city.cards  # the original unchanged


def test_cheapest_payments_keep_the_lowest_totals_per_card() -> None:
    actions = [
        Action("build", "Baths", 2, 0),
        Action("build", "Baths", 0, 2),
        Action("build", "Baths", 1, 2),
        Action("wonder", "Baths", 4, 0),
        Action("sell", "Baths"),
    ]
    assert cheapest_payments(actions) == [
        Action("build", "Baths", 2, 0),
        Action("build", "Baths", 0, 2),
        Action("wonder", "Baths", 4, 0),
        Action("sell", "Baths"),
    ]


def test_military_outlook_weighs_the_lead_and_the_time_left() -> None:
    assert military_outlook(2, 2, 2, 1, 5) == 0
    assert military_outlook(3, 1, 1, 2, 3) > 0 > military_outlook(1, 3, 3, 2, 3)
    # the last conflict, no turn left: exactly the tokens of Age III
    assert military_outlook(4, 1, 6, 3, 0) == 5 - 1
    # a lead is worth more the closer the conflict
    assert military_outlook(3, 2, 2, 1, 1) > military_outlook(3, 2, 2, 1, 5)


def test_estimate_prefers_points_and_cheap_payments() -> None:
    state = setup({"players": 3, "wonders": ["Giza", "Rhodes", "Alexandria"]}, 2)
    cat = catalog()
    state = set_hand(state, 0, cat.card_named("Altar"), cat.card_named("Theater"))
    altar = estimate(state, 0, Action("build", "Altar"))
    assert altar > estimate(state, 0, Action("sell", "Altar"))
    assert GreedyBot(0).choose(state, 0).kind == "build"


# ------------------------------------------------------------ the debt phase


def debt_position(coins: int, owed: int, age: int = 1, turn: int = 2) -> ClassicState:
    """Seat 0 builds Hideout; seat 1 then owes ``owed`` coins with ``coins`` in hand."""
    state = new_game("Giza", "Ephesus", "Rhodes")
    hand = ["Hideout", *["Altar", "Theater", "Baths", "Pawnshop"] * 2][: state.hand_size + 1 - turn]
    state = set_turn(state, 1, turn, {0: hand})
    state = at(state, age=age)
    state.apply(0, build("Hideout"))
    for p in (1, 2):
        state.apply(p, Action("sell", state.hands[p][0].name))
    assert state.phase == "debt"
    data = saved(state)
    data["cities"][1]["coins"] = coins
    return at(state, owed={**data["owed"], "1": owed}, cities=data["cities"])


def test_the_debt_rule_pays_everything_unless_coins_buy_next_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # every card of the next turn costs 2 coins: with 2 coins kept every card can be built,
    # worth AFFORD_POINTS (3) against 2 debt tokens and the kept coins' treasury (2/3)
    monkeypatch.setattr(greedy_module, "deck_prices", lambda *args: (2,) * 10)
    state = debt_position(coins=2, owed=2)
    assert GreedyBot(0).choose(state, 1) == Action("pay", bank=0)
    value = {k: pay_value(state, 1, Action("pay", bank=k)) for k in (0, 1, 2)}
    assert value[0] - value[2] == pytest.approx(3 - 2 + 2 / 3)
    # every card free: coins only count in the treasury, a debt token costs a point
    monkeypatch.setattr(greedy_module, "deck_prices", lambda *args: (0,) * 10)
    assert GreedyBot(0).choose(state, 1) == Action("pay", bank=2)


def test_a_rich_city_pays_everything() -> None:
    state = debt_position(coins=20, owed=3)
    assert GreedyBot(0).choose(state, 1) == Action("pay", bank=3)


def test_after_the_last_card_the_bot_pays_all_it_can() -> None:
    state = debt_position(coins=2, owed=3, age=3, turn=7)
    assert state.turn == state.turns_per_age == 7
    assert GreedyBot(0).choose(state, 1) == Action("pay", bank=2)
    paid = apply_to_city(state, 1, Action("pay", bank=2))
    assert (paid.coins, paid.debt) == (0, 1)


def test_the_age_has_seven_turns_in_the_bots_estimate() -> None:
    # Age III, turn 7 of 7 with Cities: the last decision, the treasury counts whole thirds
    # (4 coins and 3 coins both score 1); at turn 6 coins still count a third each
    state = new_game("Giza", "Ephesus", "Rhodes")
    state = set_turn(state, 3, 7)
    state = set_coins(state, 1, 3, 3)
    more = estimate(state, 0, Action("sell", "Altar"))
    state = set_coins(state, 0, 3, 3)
    assert estimate(state, 0, Action("sell", "Altar")) == pytest.approx(more)
    state = set_turn(state, 3, 6)
    less = estimate(state, 0, Action("sell", "Altar"))
    state = set_coins(state, 1, 3, 3)
    assert estimate(state, 0, Action("sell", "Altar")) == pytest.approx(less + 1 / 3)


# ------------------------------------------------------------ black cards and leaders


def test_losses_to_others_count_as_the_rivals_mean_loss() -> None:
    state = new_game("Giza", "Ephesus", "Rhodes")
    state = set_turn(state, 1, 1, {0: ["Hideout", "Altar", *["Theater"] * 6]})
    # each neighbour pays its coin: half a point each (LOSS_PAID_POINTS), the mean of both
    assert rivals_outlook(state, 0, build("Hideout")) == pytest.approx(0.5)
    assert rivals_outlook(state, 0, build("Altar")) == 0
    paying = estimate(state, 0, build("Hideout"))
    state = set_coins(state, 3, 0, 0)  # rivals with no coins take a debt token: a whole point
    assert rivals_outlook(state, 0, build("Hideout")) == pytest.approx(1.0)
    assert estimate(state, 0, build("Hideout")) - paying == pytest.approx(0.5)
    # Sepulcher: a coin per victory token the rival holds
    state = set_tokens(state, 1, 1, 3)
    state = set_turn(state, 2, 1, {0: ["Sepulcher", *["Theater"] * 7]})
    assert rivals_outlook(state, 0, build("Sepulcher")) == pytest.approx(2 / 2)


def test_the_gambling_dens_gift_to_the_neighbours_counts_against() -> None:
    state = new_game("Giza", "Ephesus", "Rhodes")
    state = set_turn(state, 1, 1, {0: ["Gambling Den", *["Theater"] * 7]})
    den = estimate(state, 0, build("Gambling Den"))
    sell = estimate(state, 0, Action("sell", "Gambling Den"))
    # 6 coins rather than 3 are worth a point, less the neighbours' two coins
    assert den - sell == pytest.approx(1 - 1 / 3, abs=0.01)


def test_diplomacy_sits_out_a_lost_conflict_and_a_won_one() -> None:
    losing = military_outlook(0, 4, 4, 1, 0, 7)
    winning = military_outlook(4, 0, 0, 1, 0, 7)
    assert military_outlook(0, 4, 4, 1, 0, 7, diplomacy=1) - losing == pytest.approx(2)
    assert military_outlook(4, 0, 0, 1, 0, 7, diplomacy=1) - winning == pytest.approx(-2)
    # teams: only the opponent's side counts, for two tokens; one with a diplomacy token
    teams = military_outlook(4, 9, 0, 1, 0, 7, sides=(0.0, 2.0))
    assert teams == pytest.approx(2 * 1 + 2 * 3 + 2 * 5 * 4 / (1 + 14 / 3))
    assert military_outlook(4, 9, 0, 1, 0, 7, (0.0, 2.0), 1, kept=0.5) == pytest.approx(teams - 1)
    # a neighbour holding a diplomacy token is not fought at this Age's conflict (a sure
    # defeat here, turns_left 0), later ones still count
    away = military_outlook(0, 4, 0, 1, 0, 7, away=(True, False))
    assert away - military_outlook(0, 4, 0, 1, 0, 7) == pytest.approx(1)


def test_docks_warehouse_and_cabinet_cut_the_trade_outlook() -> None:
    state = new_game("Giza", "Ephesus", "Rhodes")
    left, right = state.cities[1], state.cities[2]
    city = state.cities[0]
    market = city.market(left, right)
    glass = (0, 0, 0, 0, 1, 0, 0)  # Egypt's neighbours: Ephesus papyrus, Rhodes ore
    papyrus = (0, 0, 0, 0, 0, 0, 1)
    assert trade_cost(glass, market) == 8  # nobody sells glass
    assert trade_cost(papyrus, market) == 2
    assert trade_cost(papyrus, market, (1, 0)) == 1  # Clandestine Dock West
    assert trade_cost(papyrus, market, (0, 1)) == 2  # the dock on the other side
    before = trade_outlook(city, left, right, 1, 3, 6, 7, True)
    for name in ("Clandestine Dock West", "Secret Warehouse"):
        better = give(state, 0, name).cities[0]
        assert trade_outlook(better, left, right, 1, 3, 6, 7, True) < before
    cabinet = give(state, 0, "Architect Cabinet").cities[0]
    stages = trade_outlook(city, left, right, 3, 3, 0, 7, True)
    assert stages > 0 and trade_outlook(cabinet, left, right, 3, 3, 0, 7, True) == 0


def test_masks_and_secret_society_count_in_the_estimate() -> None:
    state = new_game("Giza", "Ephesus", "Rhodes")
    state = give(state, 1, "Apothecary")  # a compass to copy
    state = set_turn(state, 1, 1, {0: ["Pigeon Loft", *["Theater"] * 7]})
    state = set_coins(state, 5, 3, 3)
    with_symbol = estimate(state, 0, build("Pigeon Loft"))
    placed = saved(state)["cities"]
    placed[1] = saved(new_game("Giza", "Ephesus", "Rhodes"))["cities"][1]  # a bare Ephesus
    state = at(state, cities=placed)
    assert with_symbol > estimate(state, 0, build("Pigeon Loft"))
    society = new_game("Giza", "Ephesus", "Rhodes")
    society = give(society, 0, "Hideout", "Militia")
    city = apply_to_city(society, 0, build("Secret Society"))
    assert city.coins == 3 + 3  # a coin per black card, itself included


def test_cities_leaders_are_valued() -> None:
    state = new_game("Giza", "Ephesus", "Rhodes", leaders=True)
    darius = card("Darius", leaders=True)
    bare = leader_value(state, 0, darius)
    state = give(state, 0, "Hideout", "Militia")
    assert leader_value(state, 0, darius) == pytest.approx(bare + 2)
    for name in ("Berenice", "Caligula", "Diocletian", "Semiramis", "Aspasia"):
        assert leader_value(state, 0, card(name, leaders=True)) > 0, name
    # Caligula's free black card uses Caligula's power, not Olympia's
    state = give_leader(state, 0, "Caligula")
    state = set_turn(state, 1, 1, {0: ["Gates of the City", *["Theater"] * 7]})
    assert Action("free_build", "Gates of the City") in state.legal_actions(0)
    city = apply_to_city(state, 0, Action("free_build", "Gates of the City"))
    assert (city.caligula_age, city.free_build_age, city.coins) == (1, 0, state.cities[0].coins)


def test_in_the_team_game_the_bot_prefers_paying_its_teammate() -> None:
    state = new_game("Giza", "Ephesus", "Rhodes", "Babylon", teams=True)
    # seat 0's left neighbour is its teammate (seat 1), its right neighbour seat 3
    state = set_turn(state, 1, 1, {0: ["Residence", *["Theater"] * 7]})
    state = give(state, 0, "Theater")  # the only other card is built already
    state = give(state, 1, "Clay Pool")
    state = give(state, 3, "Clay Pool")
    state = set_coins(state, 5, 3, 3, 3)
    buys = {(a.left, a.right) for a in state.legal_actions(0) if a.card == "Residence"}
    assert {(2, 0), (0, 2)} <= buys
    for seed in range(5):
        choice = GreedyBot(seed).choose(state, 0)
        assert (choice.kind, choice.card, choice.left, choice.right) == ("build", "Residence", 2, 0)
