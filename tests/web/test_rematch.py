"""The rematch of a finished table: any seated player proposes it; a new table of the same
game, options and clock with a new seed and the same seats (bots stay, people keep their
names, each person's seat is reached by its own new link only); one rematch a table (a second
proposal gets the first); every page of the finished table is told of it, and each player's
page is given its own link on its connection."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import create, play_to_end, state
from wonders.web.service import rematch_token
from wonders.web.store import token_hash


def finished(client: TestClient, seats: list[Any], game: str = "duel", **extra: Any) -> Any:
    """A table of ``seats`` (bodies of seats) played to its end; the creation answer."""
    options = {} if game == "duel" else {"players": len(seats)}
    body = {"game": game, "options": options, "seats": seats, **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    made = r.json()
    play_to_end(client, [s["token"] for s in made["seats"]])
    return made


def propose(client: TestClient, token: str) -> Any:
    r = client.post(f"/api/play/{token}/rematch")
    assert r.status_code == 200, r.text
    return r.json()


def test_a_rematch_is_offered_once_the_game_is_over(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    r = client.post(f"/api/play/{made['seats'][0]['token']}/rematch")
    assert r.status_code == 409
    assert r.json()["error"] == "a rematch can be proposed once the game is over"
    assert client.post("/api/play/nobody/rematch").status_code == 403
    assert state(client, made["seats"][0]["token"])["rematch"] is None


def test_the_rematch_has_the_same_game_and_seats_and_a_new_seed(client: TestClient) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "human", "name": "Bob"},
    ]
    made = finished(client, seats, game="architects", clock=600)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    ann = propose(client, tokens[0])
    assert ann["created"] is True and ann["seat"] == 0 and ann["manage"].startswith("/manage/")
    assert ann["link"] == f"/play/{ann['token']}" and ann["token"] not in tokens.values()
    service = client.app.state.web.service  # type: ignore[attr-defined]
    old, new = service.get(made["table"]).row, service.get(ann["table"]).row
    assert (new.game, new.options, new.clock) == (old.game, old.options, old.clock)
    assert new.seed != old.seed and new.status == "playing"
    assert [(s.kind, s.bot, s.name) for s in new.seats] == [
        ("human", None, "Ann"),
        ("bot", "greedy", old.seats[1].name),
        ("human", None, "Bob"),
    ]
    assert [s.access for s in new.seats] == ["invited", None, "invited"]
    # Bob is given his own link: another token, his seat's; the same one whenever he asks
    bob = propose(client, tokens[2])
    assert (bob["table"], bob["seat"], bob["created"]) == (ann["table"], 2, False)
    assert "manage" not in bob and bob["token"] not in (ann["token"], *tokens.values())
    assert propose(client, tokens[2])["token"] == bob["token"]
    assert bob["token"] == rematch_token(tokens[2], ann["table"], 2)
    mine = state(client, bob["token"])
    assert (mine["table"], mine["seat"]) == (ann["table"], 2)
    assert state(client, ann["token"])["seat"] == 0
    assert [s["name"] for s in mine["seats"]][::2] == ["Ann", "Bob"]
    # everyone at the finished table reads which table is its rematch
    for token in tokens.values():
        assert state(client, token)["rematch"] == ann["table"]
    assert client.get(f"/api/watch/{made['table']}").json()["rematch"] == ann["table"]
    assert client.get(f"/api/watch/{ann['table']}").json()["rematch"] is None
    # only the hash of each new token is kept
    assert new.seats[0].token_hash in (None, token_hash(ann["token"]))
    assert service.store.seat_hash(ann["table"], 2) == token_hash(bob["token"])


def test_a_second_rematch_is_refused_the_first_is_given(client: TestClient) -> None:
    made = finished(client, [{"kind": "human"}, {"kind": "human"}])
    tokens = [s["token"] for s in made["seats"]]
    answers: list[Any] = [None] * 4

    def ask(i: int) -> None:
        answers[i] = client.post(f"/api/play/{tokens[i % 2]}/rematch").json()

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({a["table"] for a in answers}) == 1  # one rematch, whoever asked first
    assert sum(a["created"] for a in answers) == 1
    assert len({a["token"] for a in answers}) == 2  # each seat its own link
    lobby = client.get("/api/tables").json()
    assert sum(1 for t in lobby["open"] if t["id"] == answers[0]["table"]) == 1
    assert {a["seat"]: a["token"] for a in answers} == {
        s: rematch_token(tokens[s], answers[0]["table"], s) for s in (0, 1)
    }
    # the rematch's own rematch: once it is over, another table
    new_tokens = [rematch_token(tokens[s], answers[0]["table"], s) for s in (0, 1)]
    assert client.post(f"/api/play/{new_tokens[0]}/rematch").status_code == 409
    play_to_end(client, new_tokens)
    third = propose(client, new_tokens[1])
    assert third["created"] and third["table"] not in (made["table"], answers[0]["table"])


def test_a_seat_nobody_took_is_open_again(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "open"])
    tokens = [made["seats"][0]["token"]]
    admin = made["admin"]  # nobody joined seat 1: a bot plays it for the absent player
    r = client.post(f"/api/manage/{admin}/seats/1", json={"bot": "random"})
    assert r.status_code == 200, r.text
    play_to_end(client, tokens)
    ann = propose(client, tokens[0])
    new = client.get(f"/api/watch/{ann['table']}").json()
    assert [(s["kind"], s["access"], s["claimed"], s["stand_in"]) for s in new["seats"]] == [
        ("human", "invited", False, None),  # until Ann opens her link
        ("human", "open", False, None),  # (the stand-in played the finished table only)
    ]
    assert state(client, ann["token"])["seats"][0]["claimed"] is True
    joined = client.post(f"/api/tables/{ann['table']}/join", json={"name": "Cleo"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_each_players_page_is_given_its_own_link_on_its_connection(client: TestClient) -> None:
    made = finished(client, [{"kind": "human"}, {"kind": "human"}])
    tokens = [s["token"] for s in made["seats"]]
    with (
        client.websocket_connect(f"/ws/play/{tokens[1]}") as bob,
        client.websocket_connect(f"/ws/watch/{made['table']}") as watcher,
    ):
        for ws in (bob, watcher):
            assert ws.receive_json()["rematch"] is None
        ann = propose(client, tokens[0])
        for ws in (bob, watcher):  # pushed: the finished table has a rematch
            msg = ws.receive_json()
            while msg.get("type") != "state" or msg["rematch"] is None:
                msg = ws.receive_json()
            assert msg["rematch"] == ann["table"]
        bob.send_json({"type": "rematch"})  # Bob's page asks for its link on its socket
        answer = bob.receive_json()
        while answer["type"] != "rematch":
            answer = bob.receive_json()
        assert (answer["table"], answer["seat"], answer["created"]) == (ann["table"], 1, False)
        assert state(client, answer["token"])["seat"] == 1
        watcher.send_json({"type": "rematch"})
        refused = watcher.receive_json()
        while refused["type"] != "error":
            refused = watcher.receive_json()
        assert refused == {
            "type": "error",
            "error": "a spectator cannot propose a rematch",
            "about": "rematch",
        }
