"""``duel.advice``: costs, scores and the points at the end computed from a seat's view agree
with the engine; ``why_not`` explains exactly the cards that cannot be built."""

from __future__ import annotations

import random

from wonders.duel import advice
from wonders.duel.state import setup


def test_costs_scores_and_why_not_agree_with_the_engine() -> None:
    explained = 0
    for seed in range(8):
        state = setup({}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            (p,) = state.to_move()
            view = state.view(p)
            for q in (0, 1):
                assert advice.breakdown(view, q) == state.breakdown(q)
            actions = state.legal_actions(p)
            if view["phase"] != "draft" and view["pending"] is None:
                built = {a.card for a in actions if a.kind == "build"}
                for place in view["structure"]:
                    name = place["card"]
                    if not (name and place["accessible"]):
                        continue
                    assert advice.card_cost(view, p, name) == state.card_cost(p, name)
                    reason = advice.why_not(view, name)
                    assert (reason == "") == (name in built)
                    if reason:
                        explained += 1
                        assert f"you have {view['players'][p]['coins']} coin" in reason
                for w in view["players"][p]["wonders"]:
                    if w not in view["players"][p]["built"]:
                        assert advice.wonder_cost(view, p, w) == state.wonder_cost(p, w)[0]
            state.apply(p, rng.choice(actions))
        result = state.result()
        for q in (0, 1):
            final = state.view(q)
            b = result.players[q].breakdown
            items = sum(points for _, _, points in advice.card_points(final))
            assert items == result.players[q].total - b["military"] - b["treasury"]
    assert explained > 0


def test_unbuildable_explains_exactly_the_takeable_cards_that_cannot_be_built() -> None:
    explained = 0
    for seed in range(5):
        state = setup({}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            (p,) = state.to_move()
            actions = state.legal_actions(p)
            view, legal = state.view(p), [a.to_json() for a in actions]
            reasons = advice.unbuildable(view, legal)
            offered = {a["card"] for a in legal if a["kind"] in ("build", "sell", "wonder")}
            built = {a["card"] for a in legal if a["kind"] == "build"}
            assert set(reasons) == offered - built
            assert reasons == {name: advice.why_not(view, name) for name in reasons}
            explained += len(reasons)
            state.apply(p, rng.choice(actions))
    assert explained > 0


def test_the_resources_named_in_a_price_are_those_the_trade_pays_for() -> None:
    """``bought``: at the prices of the moment they cost exactly the trade of ``card_cost``
    (either/or production and Masonry spent as the engine spends them), and ``missing``
    names them."""
    checked = 0
    for seed in range(6):
        state = setup({}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            (p,) = state.to_move()
            view = state.view(p)
            if view["phase"] != "draft" and view["pending"] is None:
                unit = advice.prices(view, p)
                for place in view["structure"]:
                    name = place["card"]
                    if not (name and place["accessible"]):
                        continue
                    units = advice.bought(view, p, name)
                    trade = advice.card_cost(view, p, name)[1]
                    assert sum(n * unit[r] for r, n in enumerate(units)) == trade, name
                    assert (advice.missing(view, p, name) == "") == (trade == 0)
                    checked += trade > 0
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert checked > 50
