"""The table page says why a card on offer cannot be built: each state message carries, for
the seat that owes a decision, a reason for every card on offer that no legal action builds
(7 Wonders' hand, Duel's structure), and the page shows it under the card."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from wonders.web.reasons import unbuildable

STATIC = Path(__file__).resolve().parents[2] / "src" / "wonders" / "web" / "static"


def test_each_card_on_offer_that_nothing_builds_comes_with_its_reason(
    client: TestClient,
) -> None:
    explained = 0
    for game, options, seats in (
        ("classic", {"players": 3}, ["human", "human", "human"]),
        ("duel", {}, ["human", "human"]),
    ):
        for _ in range(3):  # each table is dealt at random
            made = create(client, game, options, seats)
            for seat in made["seats"]:
                s = state(client, seat["token"])
                offered = {a["card"] for a in s["legal"] if a["kind"] in ("build", "sell")}
                built = {a["card"] for a in s["legal"] if a["kind"] == "build"}
                assert set(s["why_not"]) == offered - built
                assert s["why_not"] == unbuildable(game, s["view"], s["legal"])
                explained += len(s["why_not"])
    assert explained > 0
    assert "why-not" in (STATIC / "table.js").read_text()


def test_a_spectator_and_a_game_without_the_advice_get_no_reasons(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "human", "human"])
    watched = client.get(f"/api/watch/{made['table']}").json()
    assert watched["legal"] == [] and watched["why_not"] == {}
    made = create(client, "architects", {"players": 2}, ["human", "human"])
    assert all(state(client, s["token"])["why_not"] == {} for s in made["seats"])
    assert unbuildable("architects", {}, []) == {}
