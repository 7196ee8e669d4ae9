"""Each city's running score in the state message: the game's ``advice.score`` on the
spectator's view, the same numbers for every reader (a seat's hidden cards never reach it),
in words through gettext, and the final result's totals once the game is over."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, play_to_end, state
from wonders.core.i18n import _, use_language
from wonders.core.registry import get_game
from wonders.web.language import COOKIE

GAMES = [
    ("classic", {"players": 3}, 3),
    ("classic", {"players": 2}, 2),  # the Free City has no seat: no score of its own
    ("classic", {"players": 4, "expansions": ["leaders", "cities"]}, 4),
    ("duel", {}, 2),
    ("architects", {"players": 3}, 3),
]


def public_scores(client: TestClient, table: str) -> list[int]:
    """What the game's advice counts from the spectator's view of the server's own game."""
    live = client.app.state.web.service.get(table)  # type: ignore[attr-defined]
    with live.lock:
        view = live.state.view(None)
        advice = get_game(live.row.game).part("advice")
        return [advice.score(view, p) for p in range(live.state.num_players)]


def readers(client: TestClient, table: str, tokens: list[str]) -> list[Any]:
    """Every reader's state: each seat's, then the spectator's."""
    seen = [state(client, t) for t in tokens]
    watched = client.get(f"/api/watch/{table}")
    assert watched.status_code == 200, watched.text
    return [*seen, watched.json()]


@pytest.mark.parametrize(("game", "options", "n"), GAMES)
def test_the_numbers_are_the_advice_from_the_spectators_view(
    client: TestClient, game: str, options: dict[str, Any], n: int
) -> None:
    made = create(client, game, options, ["human"] * n)
    table = made["table"]
    tokens = [s["token"] for s in made["seats"]]
    moves = 0
    for step in itertools.count():
        messages = readers(client, table, tokens)
        expected = public_scores(client, table)
        assert len(expected) == n
        for msg in messages:  # every reader the same numbers, the spectator's advice
            assert msg["scores"] == expected, (step, msg["seat"])
            assert msg["score_words"] == [f"{v} VP" for v in expected]
        if messages[0]["status"] == "finished" or moves >= 40:
            break
        for token, msg in zip(tokens, messages, strict=False):
            if msg["legal"] and msg["my_choice"] is None:
                pick = msg["legal"][step % len(msg["legal"])]
                r = client.post(f"/api/play/{token}/action", json=pick)
                assert r.status_code == 200, r.text
                moves += 1
    assert moves > 5


@pytest.mark.parametrize(("game", "options", "n"), [GAMES[0], GAMES[3], GAMES[4]])
def test_at_the_end_the_numbers_are_the_results_totals(
    client: TestClient, game: str, options: dict[str, Any], n: int
) -> None:
    made = create(client, game, options, ["human"] * n)
    final = play_to_end(client, [s["token"] for s in made["seats"]])
    totals = {p["seat"]: p["total"] for p in final["result"]["players"]}
    assert final["scores"] == [totals[s] for s in range(n)]


def test_a_seats_hidden_hand_cannot_change_another_readers_numbers(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human"] * 3)
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    for token in tokens:  # a turn played: cities with cards, coins and scores
        s = state(client, token)
        client.post(f"/api/play/{token}/action", json=s["legal"][0])
    before = readers(client, table, tokens)
    service = client.app.state.web.service  # type: ignore[attr-defined]
    live = service.get(table)
    with live.lock:  # seat 0's hidden hand becomes seat 1's (and back): no one else sees it
        hands = live.state.hands
        hands[0], hands[1] = hands[1], hands[0]
        live.version += 1_000_000  # (a new version: every message is made again)
        mine = service.message(live, 0)
        others = [service.message(live, 2), service.message(live, None)]
        hands[0], hands[1] = hands[1], hands[0]
        live.version += 1_000_000
    assert mine["view"]["hand"] != before[0]["view"]["hand"]  # seat 0 sees its new hand
    for msg in [mine, *others]:
        assert msg["scores"] == before[0]["scores"]


def test_the_advice_is_only_ever_given_the_spectators_view(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A score that would count a hand if it were given one: every reader is sent none."""
    advice = get_game("classic").part("advice")
    monkeypatch.setattr(advice, "score", lambda view, p: 1000 * len(view.get("hand", [])) + p)
    made = create(client, "classic", {"players": 3}, ["human"] * 3)
    for msg in readers(client, made["table"], [s["token"] for s in made["seats"]]):
        assert msg["view"].get("hand") or msg["seat"] is None  # each seat holds a hand
        assert msg["scores"] == [0, 1, 2]


def test_the_words_of_the_numbers_come_in_the_readers_language(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    client.cookies.set(COOKIE, "pl")
    try:
        said = state(client, made["seats"][0]["token"])
    finally:
        client.cookies.clear()
    with use_language("pl"):
        expected = [_("{n} VP").format(n=n) for n in said["scores"]]
    assert said["score_words"] == expected
    assert said["score_words"] != [f"{n} VP" for n in said["scores"]]  # (Polish words)
