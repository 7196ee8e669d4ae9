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
