"""``wonders replay`` says who won and how, with each game's own tie-break column."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wonders.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("game", "tiebreak", "won"),
    [("classic", "coins", " VP"), ("duel", "civilian VP", "won"), ("architects", "stages", " VP")],
)
def test_replay_names_the_tiebreak_and_the_winner(
    game: str, tiebreak: str, won: str, tmp_path: Path
) -> None:
    args = ["simulate", game, "--games", "1", "--seed", "3", "--bots", "random", "--json"]
    result = runner.invoke(app, [*args, "--record", str(tmp_path)])
    assert result.exit_code == 0, result.output
    winners = json.loads(result.stdout)["results"][0]["winners"]
    (record,) = tmp_path.glob("*.json")
    out = runner.invoke(app, ["replay", str(record)], terminal_width=200)
    assert out.exit_code == 0, out.output
    assert ("coins" in out.stdout) == (tiebreak == "coins")  # Duel's, Architects' own column
    last = out.stdout.strip().splitlines()[-1]
    assert won in last and any(f"seat {w}" in last.lower() for w in winners), last
    data = json.loads(runner.invoke(app, ["replay", str(record), "--json"]).stdout)
    assert data["winners"] == winners and data["victory"]


@pytest.mark.parametrize(
    ("game", "tiebreak"), [("classic", "coins"), ("duel", "civilian VP"), ("architects", "stages")]
)
def test_the_final_table_heads_the_tiebreak_column_with_the_games_own(
    game: str, tiebreak: str
) -> None:
    from wonders.cli import render
    from wonders.core.registry import get_game

    state = get_game(game).setup({}, 1)
    rng = random.Random(1)
    while not state.is_terminal():
        (p, *_) = state.to_move()
        state.apply(p, rng.choice(state.legal_actions(p)))
    table = render.result_table(
        state.result(), None, get_game(game).part("present").tiebreak_name()
    )
    assert table.columns[-1].header == tiebreak


def test_a_team_games_replay_shows_the_team_totals_and_the_winning_team(tmp_path: Path) -> None:
    args = ["simulate", "classic", "--players", "4", "--expansions", "cities", "--teams",
            "--games", "1", "--seed", "0", "--bots", "random",
            "--record", str(tmp_path)]  # fmt: skip
    assert runner.invoke(app, args).exit_code == 0
    (record,) = tmp_path.glob("*.json")
    from wonders.core.records import GameRecord, replay

    teams = replay(GameRecord.load(record)).result().extra["teams"]
    best = next(t for t in teams if t["rank"] == 1)
    out = runner.invoke(app, ["replay", str(record)], terminal_width=200)
    assert out.exit_code == 0, out.output
    assert "Team scores" in out.stdout
    members = " and ".join(f"seat {s}" for s in best["seats"])
    assert out.stdout.strip().splitlines()[-1] == (
        f"The team of {members} wins with {best['total']} VP."
    )


def test_the_winning_team_is_told_to_its_players_and_a_shared_win_to_all() -> None:
    from wonders.classic.present import victory_line

    players = [{"seat": s, "total": t, "tiebreak": 3, "rank": 1, "breakdown": {}}
               for s, t in enumerate((40, 30, 20, 25))]  # fmt: skip
    teams = [{"seats": [0, 1], "total": 70, "coins": 6, "rank": 1},
             {"seats": [2, 3], "total": 45, "coins": 6, "rank": 2}]  # fmt: skip
    result = {"players": players, "winners": [0, 1], "teams": teams}
    names = ["Ann", "Bob", "Cy", "Dee"]
    assert victory_line(result, 1, names) == "Your team (with Ann) wins with 70 VP."
    assert victory_line(result, 2, names) == "The team of Ann and Bob wins with 70 VP."
    teams[1].update(total=70, rank=1)
    shared = {**result, "winners": [0, 1, 2, 3]}
    assert victory_line(shared, None, names) == (
        "The teams Ann and Bob; Cy and Dee share the victory with 70 VP each."
    )
