"""The web table through FastAPI's test client: lobby, seats, tokens, every bad input,
simultaneous choices, persistence and restart, reconnect, spectators, records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, play_to_end, state, steady, wait
from tests.web.test_bot_menu import quick_levels
from wonders.core.records import GameRecord, replay
from wonders.web.app import MAX_MESSAGE, create_app


def three_humans(client: TestClient) -> tuple[str, list[str]]:
    """A 3-player table whose three people have opened their links."""
    made = create(client, "classic", {"players": 3}, ["human", "human", "human"])
    tokens = [s["token"] for s in made["seats"]]
    for token in tokens:
        state(client, token)
    return made["table"], tokens


def stored(client: TestClient, table: str) -> Any:
    """Everything a change would touch: the spectator's state (with the record's length)."""
    return client.get(f"/api/watch/{table}").json()


# ---- lobby and tables ----


def test_lobby_page_offers_every_game_and_bot(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for word in ("classic", "duel", "architects", "greedy", "random", "ismcts"):
        assert word in page.text


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("classic", {"players": 3, "sides": "A"}, 3),
        ("classic", {"players": 2}, 2),  # the Free City
        ("classic", {"players": 4, "expansions": ["leaders", "cities"], "teams": True}, 4),
        ("duel", {"first_game": True}, 2),
        ("architects", {"players": 5}, 5),
    ],
)
def test_a_table_for_each_game_and_its_options(
    client: TestClient, game: str, options: dict[str, Any], seats: int
) -> None:
    made = create(client, game, options, ["human"] + ["random"] * (seats - 1))
    assert len(made["seats"]) == 1 and made["watch"] == f"/watch/{made['table']}"
    s = state(client, made["seats"][0]["token"])
    assert s["game"] == game and s["options"] == options and len(s["seats"]) == seats
    assert client.get(made["seats"][0]["link"]).status_code == 200
    assert client.get(made["watch"]).status_code == 200


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "options": {}, "seats": []}, "unknown game"),
        ({"game": "classic", "options": {"players": 9}, "seats": []}, "players"),
        ({"game": "classic", "options": {"colour": 1}, "seats": []}, "unknown option"),
        ({"game": "classic", "options": {"players": 3}, "seats": [{}]}, "3 seats"),
        ({"game": "duel", "options": [], "seats": []}, "options must be an object"),
        (
            {"game": "duel", "options": {}, "seats": [{}, {"kind": "bot", "bot": "genius"}]},
            "unknown bot",
        ),
        ({"game": "duel", "options": {}, "seats": [{}, {"kind": "robot"}]}, "human or bot"),
        ({"game": "duel", "options": {}, "seats": [{"name": "x" * 99}, {}]}, "name"),
        ([1, 2], "JSON object"),
    ],
)
def test_an_impossible_table_is_refused_with_its_reason(
    client: TestClient, body: Any, words: str
) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["error"]
    assert client.get("/api/tables").json() == {"open": [], "playing": [], "finished": []}


def test_lobby_lists_open_tables_until_every_seat_is_taken_then_in_progress(
    client: TestClient,
) -> None:
    made = create(client, "duel", {}, ["human", "open"])  # the creator sits at seat 0
    lobby = client.get("/api/tables").json()
    assert [t["id"] for t in lobby["open"]] == [made["table"]] and not lobby["playing"]
    assert lobby["open"][0]["joinable"] and made["open"] == [1]
    joined = client.post(f"/api/tables/{made['table']}/join").json()  # a stranger joins
    assert joined["seat"] == 1 and state(client, joined["token"])["seat"] == 1
    lobby = client.get("/api/tables").json()
    assert not lobby["open"] and [t["id"] for t in lobby["playing"]] == [made["table"]]
    r = client.post(f"/api/tables/{made['table']}/join")
    assert r.status_code == 409 and "no open seat is free" in r.json()["error"]
    assert client.post("/api/tables/nope/join").status_code == 404


def test_tokens_are_secret_random_and_never_shown_to_others(client: TestClient) -> None:
    table, tokens = three_humans(client)
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    public = [
        json.dumps(client.get("/api/tables").json()),
        json.dumps(client.get(f"/api/watch/{table}").json()),
        client.get(f"/watch/{table}").text,
        client.get("/").text,
    ] + [json.dumps(state(client, t)) for t in tokens]
    assert not any(t in text for t in tokens for text in public)
    for i, token in enumerate(tokens):  # a seat's page knows its own token only
        page = client.get(f"/play/{token}").text
        assert [t in page for t in tokens] == [j == i for j in range(3)]


def test_lobby_socket_updates_live_when_a_table_is_made_and_joined(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as ws:
        assert ws.receive_json()["open"] == []
        made = create(client, "duel", {}, ["human", "open"])
        assert [t["id"] for t in ws.receive_json()["open"]] == [made["table"]]
        client.post(f"/api/tables/{made['table']}/join")
        assert [t["id"] for t in ws.receive_json()["playing"]] == [made["table"]]


# ---- bad input: a clear error, nothing changes ----


def test_wrong_or_missing_token_is_refused(client: TestClient) -> None:
    table, tokens = three_humans(client)
    legal = state(client, tokens[0])["legal"][0]
    before = stored(client, table)
    for bad in ("not-a-token", tokens[0][:-1] + "x"):
        r = client.post(f"/api/play/{bad}/action", json=legal)
        assert r.status_code == 403 and r.json()["error"] == "unknown seat token"
        assert client.get(f"/api/play/{bad}").status_code == 403
        assert "unknown seat token" in client.get(f"/play/{bad}").text
    assert client.post("/api/play//action", json=legal).status_code in (403, 404, 405)
    with client.websocket_connect("/ws/play/bad-token") as ws:
        assert ws.receive_json() == {"type": "error", "error": "unknown seat token"}
    assert stored(client, table) == before


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{not json", 400, "not valid JSON"),
        (b"[1, 2]", 400, "must be a JSON object"),
        (b'"build"', 400, "must be a JSON object"),
        (b'{"kind": "fly"}', 400, "malformed action"),
        (b'{"kind": "build"}', 400, "action"),
        (b'{"kind": "build", "card": "Pyramid of Cheops"}', 400, "action"),
        (b'{"kind": "build", "card": "Palace"}', 400, "illegal action"),
        (b"[" * 100_000 + b"]" * 100_000, 413, "too large"),
        (json.dumps({"kind": "sell", "card": "x" * MAX_MESSAGE}).encode(), 413, "too large"),
    ],
)
def test_malformed_illegal_or_oversized_actions_change_nothing(
    client: TestClient, body: bytes, status: int, words: str
) -> None:
    table, tokens = three_humans(client)
    before = [stored(client, table)] + [state(client, t) for t in tokens]
    r = client.post(f"/api/play/{tokens[0]}/action", content=body)
    assert r.status_code == status and words in r.json()["error"], r.text
    assert [stored(client, table)] + [state(client, t) for t in tokens] == before


def test_a_seat_that_owes_nothing_cannot_act(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    tokens = [s["token"] for s in made["seats"]]
    state(client, tokens[0]), state(client, tokens[1])
    s0, s1 = state(client, tokens[0]), state(client, tokens[1])
    waiting = tokens[1] if s0["legal"] else tokens[0]
    acting = s0 if s0["legal"] else s1
    r = client.post(f"/api/play/{waiting}/action", json=acting["legal"][0])
    assert r.status_code == 409 and "owes no decision" in r.json()["error"]
    assert state(client, tokens[0]) == s0 and state(client, tokens[1]) == s1


def test_a_finished_game_takes_no_more_actions(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "random"])
    token = made["seats"][0]["token"]
    final = play_to_end(client, [token])
    assert final["status"] == "finished" and final["result"] and not final["legal"]
    r = client.post(f"/api/play/{token}/action", json={"kind": "sell", "card": "Baths"})
    assert r.status_code == 409 and r.json()["error"] == "the game is over"
    assert state(client, token) == final


def test_a_spectator_cannot_act_on_the_socket(client: TestClient) -> None:
    table, _tokens = three_humans(client)
    with client.websocket_connect(f"/ws/watch/{table}") as ws:
        first = ws.receive_json()
        assert first["seat"] is None and first["legal"] == []
        ws.send_text(json.dumps({"type": "act", "action": {"kind": "skip"}}))
        assert ws.receive_json() == {"type": "error", "error": "a spectator cannot act"}
    with client.websocket_connect("/ws/watch/nope") as ws:
        assert "no table" in ws.receive_json()["error"]


def test_socket_errors_are_messages_and_change_nothing(client: TestClient) -> None:
    table, tokens = three_humans(client)
    before = stored(client, table)
    with client.websocket_connect(f"/ws/play/{tokens[0]}") as ws:
        ws.receive_json()
        for raw, words in [
            ("nonsense", "not valid JSON"),
            ("[]", "JSON object with a type"),
            ('{"type": "dance"}', "unknown message type"),
            ('{"type": "act", "action": 3}', "must be a JSON object"),
            ('{"type": "act", "action": {"kind": "sell", "card": "Palace"}}', "illegal"),
            ("x" * (MAX_MESSAGE + 1), "too large"),
        ]:
            ws.send_text(raw)
            reply = ws.receive_json()
            assert reply["type"] == "error" and words in reply["error"], (raw[:40], reply)
    assert stored(client, table) == before


# ---- simultaneous turns ----


def test_a_choice_can_change_until_everyone_has_chosen_and_stays_secret(
    client: TestClient,
) -> None:
    table, tokens = three_humans(client)
    s0 = state(client, tokens[0])
    first, second = s0["legal"][0], s0["legal"][1]
    assert client.post(f"/api/play/{tokens[0]}/action", json=first).json()["pending"] is True
    assert client.post(f"/api/play/{tokens[0]}/action", json=second).json()["pending"] is True
    mine = state(client, tokens[0])
    assert mine["my_choice"] == second and mine["chosen"] == [0]
    other, spectator = state(client, tokens[1]), stored(client, table)
    for seen in (other, spectator):
        assert seen["chosen"] == [0] and seen["my_choice"] is None
        assert json.dumps(second) not in json.dumps(seen)
        assert seen["view"]["players"][0]["chosen"] is False  # the engine has not seen it
    for token in tokens[1:]:
        choice = state(client, token)["legal"][0]
        client.post(f"/api/play/{token}/action", json=choice)
    after = state(client, tokens[0])
    assert after["chosen"] == [] and after["view"]["turn"] == 2
    played = [e for e in after["view"]["events"] if e.get("seat") == 0 and e["type"] != "coins"]
    assert played[-1]["type"] == second["kind"] and played[-1].get("card") == second["card"]


def test_bots_choose_server_side_and_wait_for_the_people(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "greedy", "random"])
    token = made["seats"][0]["token"]
    s = wait(client, token, lambda s: s["chosen"] == [1, 2])
    assert s["chosen"] == [1, 2] and s["view"]["turn"] == 1
    client.post(f"/api/play/{token}/action", json=s["legal"][0])
    s = wait(client, token, lambda s: s["view"]["turn"] == 2 and s["chosen"] == [1, 2])
    assert s["view"]["turn"] == 2


# ---- persistence, restart, reconnect, spectators, records ----


def test_a_restarted_server_rebuilds_every_game_and_keeps_pending_choices(
    db_url: str,
) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        table, tokens = three_humans(client)
        for _ in range(4):  # four whole turns
            for token in tokens:
                client.post(f"/api/play/{token}/action", json=state(client, token)["legal"][-1])
        choice = state(client, tokens[1])["legal"][0]
        client.post(f"/api/play/{tokens[1]}/action", json=choice)
        before = [steady(state(client, t)) for t in tokens] + [steady(stored(client, table))]
    with TestClient(create_app(db_url, bot_delay=0)) as client:  # a fresh app, same database
        after = [steady(state(client, t)) for t in tokens] + [steady(stored(client, table))]
        assert after == before
        assert after[1]["my_choice"] == choice and after[0]["view"]["turn"] == 5
        for token in (tokens[0], tokens[2]):
            client.post(f"/api/play/{token}/action", json=state(client, token)["legal"][0])
        assert state(client, tokens[0])["view"]["turn"] == 6


def test_a_restart_mid_game_with_bots_lets_the_bots_play_on(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        made = create(client, "architects", {"players": 3}, ["human", "greedy", "greedy"])
        token = made["seats"][0]["token"]
        s = wait(client, token, lambda s: bool(s["legal"]))
        client.post(f"/api/play/{token}/action", json=s["legal"][0])
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        final = play_to_end(client, [token])
        assert final["status"] == "finished"


def test_reconnect_gets_the_same_seat_and_a_full_resync(client: TestClient) -> None:
    _table, tokens = three_humans(client)
    with client.websocket_connect(f"/ws/play/{tokens[0]}") as ws:
        first = ws.receive_json()
        ws.send_text(json.dumps({"type": "act", "action": first["legal"][0]}))
        assert ws.receive_json()["type"] in ("state", "ack")
    with client.websocket_connect(f"/ws/play/{tokens[0]}") as ws:  # the tab reopened
        again = ws.receive_json()
        assert again["seat"] == 0 and again["my_choice"] == first["legal"][0]
        ws.send_text('{"type": "sync"}')
        assert ws.receive_json() == again


def test_spectators_and_players_get_live_views(client: TestClient) -> None:
    table, tokens = three_humans(client)
    with (
        client.websocket_connect(f"/ws/watch/{table}") as watcher,
        client.websocket_connect(f"/ws/play/{tokens[1]}") as seat1,
    ):
        assert watcher.receive_json()["seat"] is None and seat1.receive_json()["seat"] == 1
        client.post(f"/api/play/{tokens[0]}/action", json=state(client, tokens[0])["legal"][0])
        seen, mine = watcher.receive_json(), seat1.receive_json()
        assert seen["chosen"] == [0] and mine["chosen"] == [0]
        assert "hand" not in seen["view"] and mine["view"]["hand"]
        assert seen["legal"] == [] and mine["legal"]


def test_the_record_is_shown_only_after_the_end_and_replays(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "greedy", "random"])
    token, table = made["seats"][0]["token"], made["table"]
    r = client.get(f"/api/tables/{table}/record")
    assert r.status_code == 409 and "when the game is over" in r.json()["error"]
    final = play_to_end(client, [token], pick=1)
    record = client.get(f"/api/tables/{table}/record").json()
    assert isinstance(record["seed"], int) and len(record["actions"]) >= 3 * 18
    assert replay(GameRecord.from_json(record)).result().to_json() == final["result"]
    assert [t["id"] for t in client.get("/api/tables").json()["finished"]] == [table]
    assert client.get("/api/tables/nope/record").status_code == 404


def test_the_seed_never_leaves_before_the_end(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    tokens = [s["token"] for s in made["seats"]]
    app_state: Any = client.app.state  # type: ignore[attr-defined]
    seed = str(app_state.web.service.get(made["table"]).row.seed)
    texts = [json.dumps(state(client, t)) for t in tokens]
    texts += [
        json.dumps(stored(client, made["table"])),
        json.dumps(client.get("/api/tables").json()),
    ]
    texts += [client.get(s["link"]).text for s in made["seats"]]
    assert not any(seed in text for text in texts)


def test_card_texts_come_from_the_games_descriptions(client: TestClient) -> None:
    classic = client.get("/api/texts/classic").json()
    assert classic["Lumber Yard"]["text"] and classic["Lumber Yard"]["color"] == "brown"
    assert client.get("/api/texts/duel").json()["Lumber yard"]["text"]
    assert "stages" in client.get("/api/texts/architects").json()["Giza"]
    unknown = client.get("/api/texts/chess")
    assert unknown.status_code == 404 and "unknown game 'chess'" in unknown.json()["error"]


def test_the_replay_steps_through_a_finished_game_as_each_seat_saw_it(
    client: TestClient,
) -> None:
    made = create(client, "duel", {}, ["human", "greedy"])
    token, table = made["seats"][0]["token"], made["table"]
    r = client.get(f"/api/tables/{table}/replay?step=0")
    assert r.status_code == 409 and "when the game is over" in r.json()["error"]
    final = play_to_end(client, [token])
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    steps = len(record.actions)
    assert client.get(f"/replay/{table}").status_code == 200
    for step in (0, 1, steps // 2, steps):
        prefix = GameRecord(record.game, record.options, record.seed, record.actions[:step])
        game = replay(prefix)
        for seat in (None, 0, 1):
            query = f"step={step}" + ("" if seat is None else f"&seat={seat}")
            got = client.get(f"/api/tables/{table}/replay?{query}").json()
            assert got["view"] == game.view(seat) and got["steps"] == steps
            assert got["result"] == (final["result"] if step == steps else None)
    for query, words in [
        (f"step={steps + 1}", "step must be 0 to"),
        ("step=-1", "step must be 0 to"),
        ("step=0&seat=2", "seat must be 0 to 1"),
    ]:
        r = client.get(f"/api/tables/{table}/replay?{query}")
        assert r.status_code == 400 and words in r.json()["error"]
    r = client.get(f"/api/tables/{table}/replay?step=x")
    assert r.status_code == 422 and r.json()["error"] == "step must be a whole number"


def test_a_search_bot_thinks_in_another_process_and_plays_to_the_end(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_levels(tmp_path, monkeypatch)  # the server's levels: hard searches 3 iterations
    made = create(client, "duel", {}, ["human", "hard"])
    final = play_to_end(client, [made["seats"][0]["token"]], timeout=180)
    assert final["status"] == "finished"
    web: Any = client.app.state.web  # type: ignore[attr-defined]
    assert web.thinkers._pool is not None  # the pool was started and used
    record = client.get(f"/api/tables/{made['table']}/record").json()
    assert any(seat == 1 for seat, _ in record["actions"])
