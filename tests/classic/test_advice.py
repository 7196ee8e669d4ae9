"""``classic.advice``: what the screens compute from a seat's view alone agrees with the
engine (scores, payments, leader prices) and says why a hand card cannot be built."""

from __future__ import annotations

import random
from typing import Any

import pytest

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
                assert advice.leader_cost(view, acting, a.card) == state.leader_cost(acting, leader)
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
            if view["phase"] in ("draft", "extra_card"):
                offered = {a["card"] for a in legal if isinstance(a.get("card"), str)}
                built = {a["card"] for a in legal if a["kind"] in advice.BUILDS}
                assert set(reasons) == offered - built
                assert all(reasons.values())
                explained += len(reasons)
            else:
                assert reasons == {}
            state.apply(p, rng.choice(actions))
    assert explained > 0
