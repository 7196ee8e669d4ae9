"""``GET /api/play/TOKEN`` and ``GET /api/watch/TABLE`` answer the state message the
WebSockets are pushed (``Hub.view``): made once per (version, seats taken, seat, language),
whoever asks first, a poll or a push; a table that leaves the cache leaves its messages."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import count_messages, create, state, steady


@pytest.fixture
def built(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every (seat, language) a state message is built for, from now on."""
    service = client.app.state.web.service  # type: ignore[attr-defined]
    return count_messages(service, monkeypatch)


def test_polls_of_one_version_share_one_message(client: TestClient, built: list[Any]) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    token, table = made["seats"][0]["token"], made["table"]
    first = state(client, token)
    assert state(client, token) == first and state(client, token) == first
    assert built == [(0, "en")]  # not once per poll
    watched = [client.get(f"/api/watch/{table}").json() for _ in range(3)]
    assert watched[0] == watched[1] == watched[2] and watched[0]["seat"] is None
    assert built == [(0, "en"), (None, "en")]
    polish = client.get(f"/api/play/{token}", headers={"accept-language": "pl"}).json()
    assert polish["version"] == first["version"]
    assert built[-1] == (0, "pl") and len(built) == 3  # each language its own
    mover = next(s for s in made["seats"] if state(client, s["token"])["legal"])
    before = len(built)
    legal = state(client, mover["token"])["legal"]
    assert client.post(f"/api/play/{mover['token']}/action", json=legal[0]).status_code == 200
    after = state(client, token)
    assert after["version"] > first["version"]  # a new version: built again, once
    assert state(client, token) == after and len(built) == before + 1


def test_a_poll_answers_the_message_the_socket_was_pushed(
    client: TestClient, built: list[Any]
) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    seats = [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/play/{seats[0]}") as ws:
        pushed = ws.receive_json()
        assert state(client, seats[0]) == pushed  # the socket's message, not built again
        assert built == [(0, "en")]
        mover = next(t for t in seats if state(client, t)["legal"])
        legal = state(client, mover)["legal"]
        built.clear()
        assert client.post(f"/api/play/{mover}/action", json=legal[0]).status_code == 200
        while (msg := ws.receive_json())["version"] == pushed["version"]:
            pass
        assert steady(state(client, seats[0])) == steady(msg)
        assert built.count((0, "en")) == 1  # the push's, shared by the poll


def test_the_messages_of_a_table_leave_with_it(client: TestClient) -> None:
    web = client.app.state.web  # type: ignore[attr-defined]
    made = create(client, "duel", {}, ["human", "human"])
    state(client, made["seats"][0]["token"])
    assert made["table"] in web.hub.views
    web.evict_idle = 0.0
    web.evict()
    assert made["table"] not in web.hub.views
    assert state(client, made["seats"][0]["token"])["table"] == made["table"]  # made again
