"""The team game's score: each team's total, coins and rank beside the score table, for the
players at the end and in the replay's last step; other games have none."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import create, play_to_end


def test_a_finished_team_game_shows_each_teams_total_and_ranking(client: TestClient) -> None:
    made = create(
        client,
        "classic",
        {"players": 4, "expansions": ["cities"], "teams": True},
        ["human", "greedy", "random", "greedy"],
    )
    token = made["seats"][0]["token"]
    final = play_to_end(client, [token])
    players = {p["seat"]: p for p in final["result"]["players"]}
    teams = final["teams"]
    assert [t["seats"] for t in teams] == [[0, 1], [2, 3]]
    for team in teams:
        assert team["total"] == sum(players[s]["total"] for s in team["seats"])
        assert team["coins"] == sum(players[s]["tiebreak"] for s in team["seats"])
        assert all(players[s]["rank"] == team["rank"] for s in team["seats"])
    first, second = sorted(teams, key=lambda t: (-t["total"], -t["coins"]))
    tied = (first["total"], first["coins"]) == (second["total"], second["coins"])
    assert first["rank"] == 1 and second["rank"] == (1 if tied else 2)
    steps = client.get(f"/replay/{made['table']}")
    assert steps.status_code == 200
    record = client.get(f"/api/tables/{made['table']}/record").json()
    n = len(record["actions"])
    last = client.get(f"/api/tables/{made['table']}/replay", params={"step": n}).json()
    assert last["teams"] == teams
    before = client.get(f"/api/tables/{made['table']}/replay", params={"step": n - 1}).json()
    assert before["teams"] is None


def test_a_game_without_teams_shows_no_team_scores(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "random", "random"])
    final = play_to_end(client, [made["seats"][0]["token"]])
    assert final["result"] is not None and final["teams"] is None
