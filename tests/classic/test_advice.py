"""``classic.advice``: what the screens compute from a seat's view alone agrees with the
engine (scores, payments, leader prices) and says why a hand card cannot be built."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.classic.parts import leaders
from wonders.classic import advice
from wonders.classic.payments import purchase_plan
from wonders.classic.state import setup


def city(wonder: str, coins: int = 3, buildings: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "wonder": wonder,
        "side": "A",
        "stages": 0,
        "stages_total": 3,
        "coins": coins,
        "shields": 0,
        "tokens": [],
        "buildings": list(buildings),
    }


def view_of(*cities: dict[str, Any]) -> dict[str, Any]:
    return {"seat": 0, "phase": "draft", "players": list(cities), "events": []}


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"players": 4, "expansions": ["leaders"]},
        {"players": 5, "expansions": ["leaders", "cities"]},
        {"players": 2},
        {"players": 6, "expansions": ["cities"], "teams": True},
    ],
)
def test_the_views_scores_and_payments_agree_with_the_engine(options: dict[str, Any]) -> None:
    state = setup(options, 1)
    rng = random.Random(1)
    checked = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        view = state.view(p)
        for q in range(state.n):
            assert advice.breakdown(view, q) == state.score_breakdown(q)
        actions = state.legal_actions(p)
        acting = advice.acting(view)
        for a in actions:
            if a.kind == "recruit":
                leader = state.cat.card_named(a.card)
                cost = leaders(state).cost(state, acting, leader)
                assert advice.leader_cost(view, acting, a.card) == cost
            plan = advice.buys(view, acting, a)
            if plan is not None:  # what it buys costs what the action pays
                c = state.cities[acting]
                cost = (
                    c.next_stage.cost if a.kind == "wonder" else state.cat.card_named(a.card).cost
                )  # type: ignore[union-attr]
                market = c.market(
                    state.cities[state.left(acting)], state.cities[state.right(acting)]
                )
                assert purchase_plan(cost, market, (a.left, a.right)) is not None
                checked += 1
        state.apply(p, rng.choice(actions))
    assert checked > 0
    final = state.view(0)
    points = advice.card_points(final)
    assert len(points) == len(final["players"][0]["buildings"]) + len(
        final["players"][0].get("leaders", [])
    )


def test_why_a_hand_card_cannot_be_built() -> None:
    rhodes_giza = view_of(city("Rhodes", coins=1), city("Giza"), city("Ephesus"))
    assert advice.why_not(rhodes_giza, "Baths") == (
        "Buying the missing resources costs 2 coins and you have 1 coin."
    )
    rich = view_of(city("Rhodes", coins=5), city("Giza"), city("Ephesus"))
    assert advice.why_not(rich, "Baths") == ""  # 1 stone bought from Giza
    no_stone = view_of(city("Rhodes", coins=9), city("Alexandria"), city("Ephesus"))
    assert advice.why_not(no_stone, "Aqueduct") == (
        "Missing 3 stone, even buying from your neighbours."
    )
    one_stone = view_of(city("Rhodes", coins=9), city("Giza"), city("Ephesus"))
    assert advice.why_not(one_stone, "Aqueduct") == (
        "Missing 2 stone, even buying from your neighbours."
    )
    broke = view_of(city("Rhodes", coins=0), city("Giza"), city("Ephesus"))
    assert advice.why_not(broke, "Tree Farm") == "It costs 1 coin and you have 0 coins."
    built = view_of(city("Rhodes", buildings=("Baths",)), city("Giza"), city("Ephesus"))
    assert advice.why_not(built, "Baths") == "You already have Baths."
    chained = view_of(
        city("Rhodes", coins=0, buildings=("Baths",)), city("Alexandria"), city("Ephesus")
    )
    assert advice.why_not(chained, "Aqueduct") == ""  # free by chain from the Baths


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 3, "expansions": ["leaders", "cities"]}, {"players": 2}],
)
def test_why_not_is_empty_exactly_for_the_cards_the_engine_lets_you_build(
    options: dict[str, Any],
) -> None:
    for seed in range(6):
        state = setup(options, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.to_move()[0]
            actions = state.legal_actions(p)
            if state.phase == "draft" and "deciding_for" not in state.view(p):
                view = state.view(p)
                buildable = {a.card for a in actions if a.kind in ("build", "free_build")}
                for name in view["hand"]:
                    if state.cities[p].has_name(state.cat.card_named(name)):
                        continue
                    assert (advice.why_not(view, name) == "") == (name in buildable), name
            state.apply(p, rng.choice(actions))


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 3, "expansions": ["leaders", "cities"]}, {"players": 2}],
)
def test_unbuildable_explains_exactly_the_cards_on_offer_that_nothing_builds(
    options: dict[str, Any],
) -> None:
    explained = 0
    for seed in range(3):
        state = setup(options, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.to_move()[0]
            actions = state.legal_actions(p)
            view, legal = state.view(p), [a.to_json() for a in actions]
            reasons = advice.unbuildable(view, legal)
            built = {a["card"] for a in legal if a["kind"] in advice.BUILDS}
            if view["phase"] in ("draft", "extra_card"):
                offered = {a["card"] for a in legal if isinstance(a.get("card"), str)}
                assert set(reasons) == offered - built
                assert all(reasons.values())
                explained += len(reasons)
            elif view["phase"] in ("recruit", "recruit_now"):  # the leaders too dear
                assert set(reasons) == set(view["leader_hand"]) - built
            else:  # keeping, copying or sending back a leader, the debt: nothing to build
                assert reasons == {}
            state.apply(p, rng.choice(actions))
    assert explained > 0


def test_why_the_next_wonder_stage_cannot_be_built() -> None:
    giza = city("Giza", coins=1)
    assert advice.stage_why_not(view_of(giza, city("Rhodes"), city("Babylon"))) == (
        "Your next wonder stage misses 1 stone, even buying from your neighbours."
    )
    stone = city("Rhodes", buildings=("Stone Pit",))
    assert advice.stage_why_not(view_of(giza, stone, city("Babylon"))) == (
        "Your next wonder stage costs 2 coins with its purchases and you have 1 coin."
    )
    assert advice.stage_why_not(view_of(city("Giza", coins=2), stone, city("Babylon"))) == ""
    petra = {**city("Petra", coins=3), "stages": 1}
    cities = {**view_of(petra, city("Giza"), city("Rhodes")), "expansions": ["cities"]}
    assert (
        advice.stage_why_not(cities) == "Your next wonder stage costs 7 coins and you have 3 coins."
    )
    done = {**city("Giza", coins=0), "stages": 3}
    assert advice.stage_why_not(view_of(done, city("Rhodes"), city("Babylon"))) == ""
    drafting = {**view_of(giza, city("Rhodes"), city("Babylon")), "phase": "leader_draft"}
    assert advice.stage_why_not(drafting) == ""  # no stage is built in this decision


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "sides": "B"},
        {"players": 3, "expansions": ["leaders", "cities"]},
        {"players": 2, "expansions": ["leaders", "cities"]},
        {"players": 6, "expansions": ["cities"], "teams": True},
    ],
)
def test_stage_why_not_is_empty_exactly_when_the_engine_offers_the_stage(
    options: dict[str, Any],
) -> None:
    said = 0
    for seed in range(4):
        state = setup(options, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for p in state.to_move():
                if p not in state.to_move():
                    continue
                actions = state.legal_actions(p)
                view, legal = state.view(p), [a.to_json() for a in actions]
                why = advice.stage_why_not(view, legal)
                entry = advice.city_entries(view)[advice.acting(view)]
                if view["phase"] in advice.STAGE_PHASES and entry["stages"] < entry["stages_total"]:
                    assert (why == "") == any(a.kind == "wonder" for a in actions), why
                    said += bool(why)
                else:
                    assert why == ""
                state.apply(p, rng.choice(actions))
    assert said > 0
