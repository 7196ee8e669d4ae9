"""The `wonders` command with the Cities expansion: 8 players, teams, the debt decision in
terminal play, black cards and boards in the catalogue, and Cities score sheets."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.classic.cities_scenario import build, give, new_game, set_coins, set_turn
from wonders.bots import make_bot
from wonders.classic.actions import Action
from wonders.classic.state import ClassicState, setup
from wonders.cli import render
from wonders.cli.app import app, bot_seed

runner = CliRunner()
Chooser = Callable[[ClassicState, list[Action]], int]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """The command's exit code, output and errors, on a terminal wide enough for 8 seats."""
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def first(state: ClassicState, actions: list[Action]) -> int:
    return 0


def no_payment(state: ClassicState, actions: list[Action]) -> int:
    """Pay nothing in the debt phase (all of it as debt); otherwise the first choice."""
    return len(actions) - 1 if state.phase == "debt" else 0


def scripted(
    options: dict[str, Any], seed: int, seat: int, choose: Chooser
) -> tuple[str, list[tuple[str, Any]], ClassicState]:
    """The input to type so that ``seat`` plays ``choose``'s actions, mirroring `wonders
    play` (random bots seeded with ``bot_seed`` move first), with the phases met."""
    state = setup(dict(options), seed)
    bots = {p: make_bot("random", bot_seed(seed, p)) for p in range(state.num_players)}
    typed: list[int] = []
    phases: list[tuple[str, Any]] = []
    while not state.is_terminal():
        for p in state.to_move():
            if p != seat:
                state.apply(p, bots[p].choose(state, p))
        if seat not in state.to_move():
            continue
        phases.append((state.phase, state.view(seat).get("deciding_for")))
        actions = state.legal_actions(seat)
        i = choose(state, actions)
        typed.append(i + 1)
        state.apply(seat, actions[i])
    return "".join(f"{n}\n" for n in typed), phases, state


def rows(out: str, title: str) -> list[list[str]]:
    """The cells of each row of the table titled ``title`` in ``out``."""
    part = out[out.index(title) :]
    lines = part.splitlines()[1:]
    start = next(i for i, x in enumerate(lines) if x.startswith("┡")) + 1
    found = []
    for line in lines[start:]:
        if line.startswith("└"):
            break
        found.append([c.strip() for c in line.split("│")[1:-1]])
    return found


def test_play_a_team_game_with_a_debt_decision() -> None:
    options = {"players": 4, "expansions": ["cities"], "teams": True}
    seed = 6  # seat 0 meets a debt decision with these bots
    typed, phases, state = scripted(options, seed, 0, no_payment)
    assert ("debt", 0) in phases
    code, out, err = run(
        "play", "classic", "--players", "4", "--expansions", "cities", "--teams",
        "--bots", "random", "--seed", str(seed), stdin=typed,
    )  # fmt: skip
    assert code == 0, err
    assert "You are seat 0. Your teammate is seat 1." in out
    assert "1 (teammate, left)" in out and "Your teammate's hand (seat 1)" in out
    assert "Coin losses: You must lose" in out
    assert "Pay what you choose; every coin not paid is a debt token (-1 VP at the end)." in out
    debt = state.cities[0].debt
    assert debt > 0
    assert f"took {debt} debt" in out and f"take {debt} debt (-{debt} VP)" in out
    assert "debt 0 · diplomacy" in out  # the city panels
    result = state.result()
    scores = {r[1]: r for r in rows(out, "Final scores")}
    assert int(scores["0 (you)"][-2]) == result.players[0].total
    assert int(scores["0 (you)"][-3]) == -debt  # the debt column, last before the total
    assert set(scores) == {"0 (you)", "1 (teammate)", "2", "3"}
    teams = rows(out, "Team scores")
    expected = sorted(result.extra["teams"], key=lambda t: t["rank"])
    assert [(int(r[0]), int(r[2]), int(r[3])) for r in teams] == [
        (t["rank"], t["total"], t["coins"]) for t in expected
    ]
    assert "0 (you) + 1 (teammate)" in [r[1] for r in teams]


def test_play_two_players_decides_the_free_citys_debt() -> None:
    options = {"players": 2, "expansions": ["cities"]}
    seed = 3  # seat 0 decides for the Free City (city 2) once with these bots
    typed, phases, state = scripted(options, seed, 0, no_payment)
    assert ("debt", 2) in phases
    code, out, err = run(
        "play", "classic", "--players", "2", "--expansions", "cities", "--bots", "random",
        "--seed", str(seed), stdin=typed,
    )  # fmt: skip
    assert code == 0, err
    assert "The Free City must lose" in out and "The Free City's choices" in out
    assert state.cities[2].debt > 0
    assert f"The Free City scored {state.result().extra['free_city']['total']}" in out


def test_play_eight_players_with_leaders_in_teams() -> None:
    options = {"players": 8, "expansions": ["cities", "leaders"], "teams": True}
    typed, _, state = scripted(options, 2, 3, first)
    code, out, err = run(
        "play", "classic", "--players", "8", "--expansions", "cities,leaders", "--teams",
        "--seat", "3", "--bots", "random", "--seed", "2", stdin=typed,
    )  # fmt: skip
    assert code == 0, err
    assert "Your teammate is seat 2" in out and "Leader draft" in out
    scores = {r[1]: r for r in rows(out, "Final scores")}
    assert len(scores) == 8
    assert int(scores["3 (you)"][-2]) == state.result().players[3].total
    assert len(rows(out, "Team scores")) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "classic", "--players", "8"), "8 players need the Cities expansion"),
        (("simulate", "classic", "--players", "8"), "8 players need the Cities expansion"),
        (("simulate", "classic", "--players", "9", "--expansions", "cities"), "2 to 8"),
        (("play", "classic", "--players", "4", "--teams"), "team game needs the Cities"),
        (("simulate", "classic", "--players", "5", "--expansions", "cities", "--teams"),
         "the team game is for 4, 6 or 8 players, not 5"),
        (("simulate", "duel", "--teams"), "--teams is for classic 7 Wonders"),
        (("play", "architects", "--teams"), "--teams is for classic 7 Wonders"),
        (("cards", "classic", "--players", "9", "--expansions", "cities"), "must be 2 to 8"),
    ],
)  # fmt: skip
def test_table_option_errors_are_one_line(args: tuple[str, ...], message: str) -> None:
    code, out, err = run(*args, stdin="")
    assert code == 1 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert message in err and "Traceback" not in err


def test_simulate_eight_players_in_teams_records_and_replays(tmp_path: Path) -> None:
    code, out, err = run(
        "simulate", "classic", "--players", "8", "--expansions", "cities", "--teams",
        "--games", "2", "--seed", "3", "--json", "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    results = json.loads(out)["results"]
    for r in results:
        totals = r["totals"]
        assert len(totals) == 8
        assert r["teams"] == [totals[i] + totals[i + 1] for i in range(0, 8, 2)]
        assert r["winners"] and all((w ^ 1) in r["winners"] for w in r["winners"])  # pairs win
    record = tmp_path / "classic-3.json"
    assert json.loads(record.read_text())["options"]["teams"] is True
    code, out, _ = run("replay", str(record), "--json")
    assert code == 0 and json.loads(out)["totals"] == results[0]["totals"]
    code, out, _ = run(
        "simulate", "classic", "--players", "6", "--expansions", "cities", "--teams",
        "--games", "1",
    )  # fmt: skip
    assert code == 0 and "in teams" in out
    assert "0 + 1" in out and "2 + 3" in out and "4 + 5" in out  # the teams' table


def test_simulate_without_teams_lists_no_team_totals() -> None:
    code, out, _ = run(
        "simulate", "classic", "--players", "4", "--expansions", "cities", "--no-teams",
        "--games", "1", "--json",
    )  # fmt: skip
    assert code == 0 and "teams" not in json.loads(out)["results"][0]


def test_cards_with_cities() -> None:
    code, out, _ = run("cards", "classic", "--expansions", "cities", "--json")
    assert code == 0
    listed = json.loads(out)
    black = [c for c in listed if c["color"] == "black"]
    assert len(black) == 27
    assert {a: sum(c["age"] == a for c in black) for a in (1, 2, 3)} == {1: 9, 2: 9, 3: 9}
    hideout = next(c for c in black if c["name"] == "Hideout")
    assert hideout["effect"] == [
        {"type": "points", "points": 2},
        {"type": "lose_coins", "coins": 1},
    ]
    guilds = {c["name"] for c in listed if c["color"] == "purple"}
    assert {"Counterfeiters Guild", "Guild of Shadows", "Mourners Guild"} <= guilds
    boards = {c["name"]: c for c in listed if c["color"] == "wonder"}
    assert set(boards) == {"Petra", "Byzantium"}
    assert boards["Petra"]["sides"]["B"][1]["cost"] == {"coins": 14}
    assert boards["Byzantium"]["produces"] == "stone"
    assert not any(c["color"] == "white" for c in listed)  # no leaders without Leaders
    code, out, _ = run("cards", "classic", "--expansions", "cities,leaders", "--json")
    leaders = {c["name"] for c in json.loads(out) if c["color"] == "white"}
    cities_leaders = {"Berenice", "Caligula", "Diocletian", "Darius", "Aspasia", "Semiramis"}
    assert cities_leaders <= leaders and len(leaders) == 42
    code, out, _ = run("cards", "classic", "--json")
    assert not any(c["color"] in ("black", "wonder") for c in json.loads(out))


def test_cards_with_cities_at_eight_players_and_as_a_table() -> None:
    code, out, _ = run(
        "cards", "classic", "--expansions", "cities", "--players", "8", "--age", "2", "--json"
    )
    assert code == 0
    listed = json.loads(out)
    assert sum(c["color"] == "black" for c in listed) == 9  # black cards: no player count
    assert sum(len(c["copies"]) for c in listed) == 49  # the 7-player Age II deck
    assert not any(c["color"] == "wonder" for c in listed)  # boards have no Age
    wide = runner.invoke(
        app, ["cards", "classic", "--expansions", "cities"], env={"COLUMNS": "250"}
    )
    assert wide.exit_code == 0
    line = next(x for x in wide.stdout.splitlines() if "Lair" in x)
    assert "black" in line and "random" in line and "every other city loses 2 coin(s)" in line
    board = next(x for x in wide.stdout.splitlines() if "Byzantium" in x)
    assert "board" in board and "a diplomacy token" in board


SHEET: dict[str, Any] = {
    "game": "classic",
    "expansions": ["cities"],
    "teams": [["Ann", "Bob"], ["Cy", "Dee"]],
    "players": [
        {"name": "Ann", "wonder": "Petra", "side": "A", "stages": 2,
         "cards": ["Hideout", "Gates of the City"], "coins": 6, "military": [1], "debt": 3},
        {"name": "Bob", "wonder": "Byzantium", "side": "B", "stages": 1, "cards": ["Baths"],
         "coins": 3, "military": [-1]},
        {"name": "Cy", "wonder": "Giza", "side": "A", "stages": 0, "cards": ["Capitol"],
         "coins": 0, "military": []},
        {"name": "Dee", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": [],
         "coins": 9, "military": [], "debt": 1},
    ],
}  # fmt: skip


def test_score_a_cities_team_sheet(tmp_path: Path) -> None:
    # Ann: military 1, treasury 2, wonder 3 + 7 = 10, cities Hideout 2 + Gates 4 = 6,
    # debt -3: 16. Bob: military -1, treasury 1, wonder 3 (B stage 1), civilian Baths 3: 6.
    # Cy: cities Capitol 8: 8. Dee: treasury 3, debt -1: 2.
    # Teams: Ann + Bob 22 (coins 9), Cy + Dee 10 (coins 9).
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEET))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0, out
    scored = json.loads(out)
    assert [p["total"] for p in scored["players"]] == [16, 6, 8, 2]
    assert scored["players"][0]["breakdown"]["cities"] == 6
    assert scored["players"][0]["breakdown"]["debt"] == -3
    assert [p["rank"] for p in scored["players"]] == [1, 1, 2, 2]
    assert scored["teams"] == [
        {"players": ["Ann", "Bob"], "total": 22, "coins": 9, "rank": 1},
        {"players": ["Cy", "Dee"], "total": 10, "coins": 9, "rank": 2},
    ]
    code, out, _ = run("score", str(path))
    assert code == 0
    header = next(x for x in out.splitlines() if "name" in x)
    assert "city" in header and "debt" in header
    assert [r[1:] for r in rows(out, "Teams")] == [
        ["Ann + Bob", "22", "9"],
        ["Cy + Dee", "10", "9"],
    ]


def _edit(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is None:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("edits", "message"),
    [
        ([_edit(("players", 2, "cards"), ["Speakeasy"])], "Cy: unknown card 'Speakeasy'"),
        ([_edit(("players", 0, "debt"), "lots")], "Ann: debt must be a whole number, got 'lots'"),
        ([_edit(("teams", 1, 1), "Eve")], "names 'Eve', who is not a player"),
        ([_edit(("expansions",), None), _edit(("players", 0, "debt"), None),
          _edit(("players", 3, "debt"), None), _edit(("players", 0, "wonder"), "Babylon"),
          _edit(("players", 1, "wonder"), "Olympia")], "teams need the Cities expansion"),
        ([_edit(("expansions",), None), _edit(("teams",), None),
          _edit(("players", 0, "debt"), None), _edit(("players", 3, "debt"), None),
          _edit(("players", 0, "wonder"), "Babylon")], "Ann: unknown card 'Hideout' (a name"),
    ],
)  # fmt: skip
def test_bad_cities_sheets_are_one_line_errors(
    tmp_path: Path, edits: list[Callable[[dict[str, Any]], None]], message: str
) -> None:
    data = json.loads(json.dumps(SHEET))
    for edit in edits:
        edit(data)
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data))
    code, out, err = run("score", str(path))
    assert code == 1 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert message in err and "Traceback" not in err


# ---------------------------------------------------------------- render, directly


def text(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=250, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_events_of_cities_in_words() -> None:
    line = render.event_line
    assert line({"type": "losses", "owed": {"1": 2, "2": 3}}, free_city=2) == (
        "Coin losses to settle (coins): seat 1 owes 2, the Free City owes 3"
    )
    debt = {"type": "debt", "seat": 1, "lost": 3, "paid": 1, "debt": 2}
    assert line(debt) == "seat 1 lost 3 coin(s): paid 1, took 2 debt"
    assert line({**debt, "paid": 3, "debt": 0}) == "seat 1 lost 3 coin(s): paid 3"
    assert line({"type": "diplomacy", "seat": 2, "age": 1}, free_city=2) == (
        "the Free City uses a diplomacy token: no conflict for it in Age 1"
    )
    conflict = {"type": "conflict", "age": 2, "winner": 0, "loser": 3, "shields": [2, 1]}
    assert line({**conflict, "tokens": 2}) == "Age 2 conflict: seat 0 beat seat 3 (2 tokens each)"
    assert line(conflict) == "Age 2 conflict: seat 0 beat seat 3"


def test_cities_effects_in_words() -> None:
    words = render.describe_effect
    assert words({"type": "lose_coins", "coins": 2}) == (
        "every other city loses 2 coin(s) (or takes debt)"
    )
    assert "per victory tokens of its own" in words(
        {"type": "lose_coins_per", "coins": 1, "count": ["victory_tokens"]}
    )
    assert "from the left costs 1 less" in words(
        {"type": "first_trade_discount", "sides": ["left"]}
    )
    assert "each neighbour takes 2 coin(s)" in words({"type": "neighbours_coins", "coins": 2})
    for kind in ("diplomacy", "mask", "produce_owned", "produce_unowned", "free_stage_resources",
                 "bank_bonus", "free_black_per_age", "defeats_as_shields"):  # fmt: skip
        assert words({"type": kind}) == render.CITIES_WORDS[kind]


def test_panels_show_debt_diplomacy_masks_and_black_cards() -> None:
    state = new_game("Giza", "Rhodes", "Babylon", "Petra")
    give(state, 1, "Residence", "Pigeon Loft", "Apothecary")
    state.cities[1].debt = 4
    panel = text(render.board(state, 1, 0))
    assert "debt 4 · diplomacy 1" in panel
    assert "black: Pigeon Loft, Residence" in panel
    assert "1 mask(s)" in panel
    table = rows(text(render.cities_table(state, 0)), f"Age {state.age}")
    assert table[1][-2:] == ["4", "1"]  # seat 1: debt, diplomacy


def test_debt_choices_say_what_is_paid_and_what_becomes_debt() -> None:
    state = new_game("Giza", "Rhodes", "Babylon")
    set_turn(state, 1, 1, {0: ["Hideout", *["Altar"] * 7]})
    set_coins(state, 3, 0, 2)
    state.apply(1, build("Altar"))  # no coins: the loss becomes debt at once
    state.apply(2, Action("sell", "Altar"))  # 3 coins, in hand when the loss is settled
    state.apply(0, build("Hideout"))  # every other city loses 1 coin
    assert state.phase == "debt" and state.owed == {2: 1}
    assert state.cities[1].debt == 1
    actions = state.legal_actions(2)
    assert [render.explain(state, 2, a) for a in actions] == [
        "pay 1 coin(s), take 0 debt",
        "pay 0 coin(s), take 1 debt (-1 VP)",
    ]
    assert render.debt_banner(state, 2, 2).startswith(
        "Coin losses: You must lose 1 coin(s) and have 5."  # 2 + 3 for the sold card
    )
    assert render.debt_banner(state, 2, 0).startswith(
        "Coin losses: Seat 2 must lose 1 coin(s) and has 5."
    )


def test_a_dock_purchase_is_explained() -> None:
    # Giza (seat 0) with the Clandestine Dock West: papyrus from Rhodes (its left) costs 2 - 1.
    state = new_game("Giza", "Rhodes", "Babylon")
    give(state, 0, "Clandestine Dock West")
    give(state, 1, "Press")
    set_turn(state, 1, 1, {0: ["Scriptorium", *["Altar"] * 7]})
    action = next(
        a for a in state.legal_actions(0) if a.card == "Scriptorium" and a.kind == "build"
    )
    assert (action.left, action.right) == (1, 0)
    assert render.explain(state, 0, action).endswith("(buys 1 papyrus from the left)")


def test_the_teammates_hand_is_shown() -> None:
    state = new_game("Giza", "Rhodes", "Babylon", "Petra", teams=True)
    set_turn(state, 1, 1, {1: ["Hideout", "Militia", *["Altar"] * 6]})
    shown = text(render.teammate_table(state, 0))
    assert "Your teammate's hand (seat 1)" in shown
    assert "Hideout" in shown and "Militia" in shown and "2 shield(s)" in shown
