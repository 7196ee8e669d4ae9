"""The `wonders` command for 7 Wonders (base game, Leaders, Cities, the Free City), end to
end through typer's test runner, and its terminal renderings: play with piped choices (the
`--plain` line mode), simulate, score booklets, the card catalogue."""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.classic.cities_scenario import build, city, give, new_game, set_coins, set_turn
from tests.classic.parts import cities
from tests.cli.pilot import assert_snapshot, first_screens, play_by_keys, screen_of
from wonders.bots import make_bot
from wonders.classic import advice, describe
from wonders.classic.actions import Action
from wonders.classic.payments import purchase_plan
from wonders.classic.plain import choice_lines, city_lines, state_lines, teammate_sentence
from wonders.classic.present import Log, action_label, decision
from wonders.classic.state import ClassicState, setup
from wonders.classic.tui import ClassicScreen
from wonders.cli.app import app
from wonders.cli.session import SeatTable, Session, bot_seed
from wonders.cli.tui import make_app
from wonders.core.records import GameRecord
from wonders.core.records import replay as replay_record

runner = CliRunner()
Chooser = Callable[[ClassicState, list[Action]], int]


@pytest.fixture(autouse=True)
def records_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play` saves its game record: into the test's folder, never the user's."""
    monkeypatch.setenv("WONDERS_RECORDS", str(tmp_path / "records"))


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def run_wide(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """The command's exit code, output and errors, on a terminal wide enough for 8 seats."""
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def scripted_prefer(
    options: dict[str, Any], seed: int, seat: int, prefer: Collection[str]
) -> tuple[list[int], set[str], ClassicState]:
    """The numbers to type so that ``seat`` plays the first action of a preferred kind.

    Mirrors `wonders play`: random bots seeded with ``bot_seed`` move first, then the human.
    """
    state = setup(dict(options), seed)
    bots = {p: make_bot("random", bot_seed(seed, p)) for p in range(state.num_players)}
    typed: list[int] = []
    phases: set[str] = set()
    while not state.is_terminal():
        for p in state.to_move():
            if p != seat:
                state.apply(p, bots[p].choose(state, p))
        if seat not in state.to_move():
            continue
        phases.add(state.phase)
        actions = state.legal_actions(seat)
        i = next((i for i, a in enumerate(actions) if a.kind in prefer), 0)
        typed.append(i + 1)
        state.apply(seat, actions[i])
    return typed, phases, state


def your_total(out: str) -> int:
    scores = out[out.index("Final scores") :]
    row = next(line for line in scores.splitlines() if re.match(r"\d+\. You: ", line))
    return int(row.split(": ", 1)[1].split(" VP", 1)[0])  # "2. You: 38 VP, 31 coins."


# ---------------------------------------------------------------- the basics


def test_play_a_whole_game_with_piped_choices() -> None:
    code, out, _ = run(
        "play", "classic", "--players", "3", "--bots", "random", "--seed", "3",
        stdin="x\n99\n" + "1\n" * 40,
    )  # fmt: skip
    assert code == 0, out
    assert "“x” is not a choice: type a number from 1 to" in out
    assert "Please type a number from 1 to" in out
    assert "Final scores" in out
    assert "Age III" in out
    assert "1. Build " in out and ("Missing" in out or " coins" in out)


def test_play_with_a_chosen_wonder_and_seat() -> None:
    code, out, _ = run(
        "play", "classic", "--seat", "2", "--wonder", "Gizah", "--sides", "B", "--seed", "1",
        "--bots", "random", stdin="1\n" * 40,
    )  # fmt: skip
    assert code == 0
    assert "You are seat 2" in out
    assert "You: Giza B, " in out
    code, _, err = run("play", "classic", "--wonder", "Atlantis", stdin="")
    assert code == 1 and "unknown wonder" in err


def test_play_stops_clearly_when_input_ends() -> None:
    code, _, err = run("play", "classic", "--seed", "1", stdin="1\n")
    assert code == 1
    assert "input ended" in err


def test_simulate_json_is_deterministic_and_complete() -> None:
    args = ("simulate", "classic", "--players", "4", "--games", "3", "--seed", "7", "--json")
    code, out, _ = run(*args)
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"games", "seconds", "games_per_second", "results"}
    assert data["games"] == 3
    assert [r["seed"] for r in data["results"]] == [7, 8, 9]
    for r in data["results"]:
        assert len(r["totals"]) == 4 and r["winners"]
    again = json.loads(run(*args)[1])
    assert again["results"] == data["results"]


def test_simulated_records_replay(tmp_path: Path) -> None:
    code, out, _ = run(
        "simulate", "classic", "--games", "2", "--seed", "5", "--bots", "greedy",
        "--json", "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    results = json.loads(out)["results"]
    files = sorted(tmp_path.glob("classic-*.json"))
    assert [f.name for f in files] == ["classic-5.json", "classic-6.json"]
    code, out, _ = run("replay", str(files[0]), "--json")
    assert code == 0
    assert json.loads(out) == results[0]
    code, out, _ = run("replay", str(files[1]))
    assert code == 0 and "Final scores" in out


BASE_SHEET = {
    "game": "classic",
    "players": [
        {"name": "Ann", "wonder": "Rhodos", "side": "A", "stages": 2,
         "cards": ["Baths", "Altar"], "coins": 6, "military": [1, 3]},
        {"name": "Bob", "wonder": "Giza", "side": "B", "stages": 0,
         "cards": ["Workshop"], "coins": 3, "military": [-1]},
        {"name": "Cy", "wonder": "Babylon", "side": "A", "stages": 3,
         "cards": [], "coins": 0, "military": []},
    ],
}  # fmt: skip


def test_score_sheet(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(BASE_SHEET))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0
    players = json.loads(out)["players"]
    ann = players[0]
    # Ann: military 4, coins 2, wonder 3, civilian 2 + 3
    assert ann["breakdown"]["civilian"] == 5 and ann["total"] == 4 + 2 + 3 + 5
    assert [p["name"] for p in players] == ["Ann", "Bob", "Cy"]
    code, out, _ = run("score", str(path))
    assert code == 0 and "Ann" in out
    bad = json.loads(json.dumps(BASE_SHEET))
    bad["players"][1]["cards"] = ["Workshopp"]
    path.write_text(json.dumps(bad))
    code, _, err = run("score", str(path))
    assert code == 1 and "Workshopp" in err


def test_cards_json() -> None:
    code, out, _ = run("cards", "classic", "--json")
    assert code == 0
    listed = json.loads(out)
    cards = [c for c in listed if c["color"] != "wonder"]
    assert len(cards) == 78
    keys = {"name", "age", "color", "cost", "chains_from", "copies", "effect", "text"}
    assert set(cards[0]) == keys
    assert set(cards[0]["cost"]) == {"coins", "resources"}
    code, out, _ = run("cards", "classic", "--players", "7", "--age", "1", "--json")
    age1 = json.loads(out)
    assert sum(len(c["copies"]) for c in age1) == 49
    code, out, _ = run("cards", "classic", "--players", "3", "--age", "1", "--json")
    assert sum(len(c["copies"]) for c in json.loads(out)) == 21
    code, out, _ = run("cards", "classic", "--age", "3")
    assert code == 0 and "Guild" in out


def test_cards_with_the_leaders_expansion() -> None:
    code, out, _ = run("cards", "classic", "--expansions", "leaders", "--json")
    assert code == 0
    cards = json.loads(out)
    leaders = [c for c in cards if c["color"] == "white"]
    assert len(leaders) == 36
    assert all(c["age"] is None and not c["cost"]["resources"] for c in leaders)
    assert {c["name"]: c["cost"]["coins"] for c in leaders}["Pericles"] == 6
    guilds = {c["name"] for c in cards if c["color"] == "purple"}
    assert {"Gamers Guild", "Courtesans Guild", "Diplomats Guild", "Architects Guild"} <= guilds
    code, out, _ = run("cards", "classic", "--json")
    assert not any(c["color"] == "white" for c in json.loads(out))
    code, out, _ = run("cards", "classic", "--expansions", "leaders", "--players", "3")
    assert code == 0 and "leader" in out and "Maecenas" in out
    code, _, err = run("cards", "classic", "--expansions", "armada")
    assert code == 1 and "unknown expansion" in err


def test_score_a_leaders_sheet(tmp_path: Path) -> None:
    sheet = {
        "game": "classic",
        "expansions": ["leaders"],
        "players": [
            {"name": "Ann", "wonder": "Roma", "side": "A", "stages": 2,
             "cards": ["Apothecary", "Courtesans Guild"], "coins": 9, "military": [1],
             "leaders": ["Euclid", "Midas"], "courtesan": "Cleopatra"},
            {"name": "Bob", "wonder": "Giza", "side": "A", "stages": 1, "cards": ["Baths"],
             "coins": 3, "military": [-1], "leaders": ["Cleopatra"]},
            {"name": "Cy", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": [],
             "coins": 3, "military": []},
        ],
    }  # fmt: skip
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0, out
    ann, bob, _ = json.loads(out)["players"]
    assert ann["breakdown"]["science"] == 4  # two compasses, one of them Euclid's
    assert ann["breakdown"]["leaders"] == 3  # Midas: 9 coins
    assert ann["breakdown"]["guilds"] == 5  # the courtesan's Cleopatra
    assert bob["breakdown"]["leaders"] == 5
    code, out, _ = run("score", str(path))
    assert code == 0 and "lead" in out
    sheet["players"][2]["courtesan"] = "Cleopatra"  # type: ignore[index]
    path.write_text(json.dumps(sheet))
    code, _, err = run("score", str(path))
    assert code == 1 and "Courtesans Guild" in err


@pytest.mark.parametrize(
    "options",
    [
        ("--players", "2"),
        ("--expansions", "leaders"),
        ("--players", "2", "--expansions", "leaders"),
    ],
)
def test_play_the_free_city_and_leaders_with_piped_choices(options: tuple[str, ...]) -> None:
    code, out, _ = run(
        "play", "classic", *options, "--bots", "greedy", "--seed", "4", stdin="1\n" * 80
    )
    assert code == 0, out
    assert "Final scores" in out
    if "2" in options:
        assert "Free City" in out
    if "leaders" in options:
        assert "Leader draft" in out and "recruitment" in out


def test_simulate_two_players_with_leaders() -> None:
    code, out, _ = run(
        "simulate", "classic", "--players", "2", "--expansions", "leaders",
        "--games", "2", "--bots", "greedy", "--json",
    )  # fmt: skip
    assert code == 0, out
    assert all(len(r["totals"]) == 2 for r in json.loads(out)["results"])


# ---------------------------------------- sub-decisions, hidden information, payments, booklets


@pytest.mark.parametrize(
    ("wonder", "phase", "banner"),
    [
        (
            "Halicarnassus",
            "discard_build",
            "Halicarnassus' wonder stage: you build one card of the discard pile now, for free.",
        ),
        (
            "Babylon",
            "extra_card",
            "Babylon B's power: you play the last card of your hand too, instead of discarding it.",
        ),
    ],
)
def test_play_asks_the_wonder_sub_decisions(wonder: str, phase: str, banner: str) -> None:
    seed, seat = 3, 1
    options = {"players": 3, "sides": "B", "wonders": [None, wonder, None]}
    typed, phases, state = scripted_prefer(options, seed, seat, ("wonder", "discard_build"))
    assert phase in phases
    code, out, err = run(
        "play", "classic", "--players", "3", "--seat", str(seat), "--sides", "B",
        "--wonder", wonder, "--bots", "random", "--seed", str(seed),
        stdin="".join(f"{n}\n" for n in typed),
    )  # fmt: skip
    assert code == 0, err
    assert banner in out
    assert your_total(out) == state.result().players[seat].total


def test_play_hides_the_cards_others_sell_or_bury() -> None:
    seed, seat = 5, 0
    typed, _, _ = scripted_prefer({"players": 4}, seed, seat, ("sell",))
    code, out, _ = run(
        "play", "classic", "--players", "4", "--bots", "random", "--seed", str(seed),
        stdin="".join(f"{n}\n" for n in typed),
    )  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    mine = [x for x in lines if x.startswith("You sold ")]
    others = r"[A-Z]\w+ \((your left|your right|seat \d)\)"
    theirs = [x for x in lines if re.match(others + " sold ", x)]
    assert mine and all("a card" not in x for x in mine)
    assert theirs and all(x.endswith(" sold a card") for x in theirs)
    buried = [x for x in lines if re.match(others + " built wonder stage", x)]
    assert all(" with " not in x for x in buried)
    assert "Age I, turn 1" in out and "Age III, turn 6 (hands passed to the left)" in out
    assert "Final scores" in out and "Your cards at the end" in out


def test_play_shows_your_board_and_your_neighbours() -> None:
    code, out, _ = run(
        "play", "classic", "--players", "5", "--seat", "2", "--bots", "random", "--seed", "8",
        stdin="\n-1\n1.5\n0\n" + "1\n" * 45,
    )  # fmt: skip
    assert code == 0
    assert out.count("Please type a number from 1 to") == 2  # -1 and 0
    assert "“1.5” is not a choice: type a number from 1 to" in out
    assert "\nType a number from 1 to" in out  # the empty line
    # your city and your neighbours by wonder and place, the others named
    assert "You: Giza A, 3 coins, 0 shields, 0 of 3 wonder stages built." in out
    assert "Rhodes (your left): 3 coins" in out and "Ephesus (your right): 3 coins" in out
    assert "The other cities: Babylon (seat 0) and Alexandria (seat 4)." in out
    assert "You produce 1 stone." in out


def test_payment_choices_say_what_is_bought_from_whom() -> None:
    for seed in range(40):
        state = setup({"players": 3}, seed)
        rng = make_bot("random", seed)
        while not state.is_terminal():
            for p in state.to_move():
                paid = [a for a in state.legal_actions(p) if a.left or a.right]
                if p == 0 and paid:
                    action = paid[0]
                    view = state.view(0)
                    text = action_label(view, action.to_json())
                    assert text.startswith(
                        "Build " + ("wonder stage" if action.kind == "wonder" else action.card)
                    )
                    city = state.cities[0]
                    cost = (
                        city.next_stage.cost  # type: ignore[union-attr]
                        if action.kind == "wonder"
                        else state.cat.card_named(action.card).cost
                    )
                    market = city.market(state.cities[state.left(0)], state.cities[state.right(0)])
                    plan = purchase_plan(cost, market, (action.left, action.right))
                    assert plan is not None
                    left, right = (Log(view).name(state.left(0)), Log(view).name(state.right(0)))
                    assert (f"to {left} for " in text) == any(plan[0])
                    assert (f"to {right} for " in text) == any(plan[1])
                    return
                state.apply(p, rng.choose(state, p))
    pytest.fail("no game offered a payment to neighbours")


def test_simulate_summary_and_per_game_seeds() -> None:
    code, out, _ = run("simulate", "classic", "--players", "3", "--games", "2", "--seed", "4")
    assert code == 0
    assert "wins" in out and "mean score" in out and "games a second" in out
    _, one, _ = run("simulate", "classic", "--games", "1", "--seed", "5", "--json")
    _, two, _ = run("simulate", "classic", "--games", "2", "--seed", "4", "--json")
    assert json.loads(two)["results"][1] == json.loads(one)["results"][0]


MARKUP_SHEET = {
    "game": "classic",
    "players": [
        {"name": "Ann", "wonder": "Rhodes", "side": "A", "stages": 2,
         "cards": ["Baths", "Altar", "Stockade"], "coins": 6, "military": [1, 3]},
        {"name": "[/]Bob", "wonder": "Giza", "side": "B", "stages": 1,
         "cards": ["Workshop", "Apothecary"], "coins": 9, "military": [-1]},
        {"name": "Cy", "wonder": "Babylon", "side": "A", "stages": 3,
         "cards": ["Lumber Yard"], "coins": 0, "military": [-1, 1]},
    ],
}  # fmt: skip


def test_score_sheet_json_and_table(tmp_path: Path) -> None:
    pytest.importorskip("wonders.classic.booklet")
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(MARKUP_SHEET))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0
    players = json.loads(out)["players"]
    assert [p["name"] for p in players] == ["Ann", "[/]Bob", "Cy"]
    for p in players:
        assert set(p) == {"name", "total", "rank", "breakdown"}
        assert sum(p["breakdown"].values()) == p["total"]
    keys = [(p["total"], MARKUP_SHEET["players"][i]["coins"]) for i, p in enumerate(players)]  # type: ignore[index]
    for p, key in zip(players, keys, strict=True):
        assert p["rank"] == 1 + sum(other > key for other in keys)
    code, out, _ = run("score", str(path))
    assert code == 0
    assert "[/]Bob" in out and "Score booklet" in out  # names are shown, not read as markup


def test_score_a_two_player_sheet_shows_the_free_city_unranked(tmp_path: Path) -> None:
    sheet = json.loads(json.dumps(MARKUP_SHEET))
    sheet["players"][2]["free_city"] = True
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet))
    code, out, _ = run("score", str(path), "--json")
    assert code == 0
    scored = json.loads(out)
    assert [p["name"] for p in scored["players"]] == ["Ann", "[/]Bob"]
    assert scored["free_city"]["name"] == "Cy"
    code, out, _ = run("score", str(path))
    assert code == 0 and "Cy (the Free City)" in out


def test_score_sheet_errors(tmp_path: Path) -> None:
    pytest.importorskip("wonders.classic.booklet")
    path = tmp_path / "sheet.json"
    bad = json.loads(json.dumps(MARKUP_SHEET))
    bad["players"][1]["cards"] = ["Workshop", "Flying Machine"]
    path.write_text(json.dumps(bad))
    code, _, err = run("score", str(path), "--json")
    assert code == 1
    assert "[/]Bob: unknown card 'Flying Machine'" in err
    code, _, err = run("score", str(tmp_path / "missing.json"))
    assert code == 1 and "cannot read the score sheet" in err


def test_cards_at_a_player_count() -> None:
    code, out, _ = run("cards", "classic", "--players", "4", "--json")
    assert code == 0
    cards = [c for c in json.loads(out) if c["color"] != "wonder"]  # boards: no player count
    assert all(c["copies"] and max(c["copies"]) <= 4 for c in cards if c["color"] != "purple")
    guilds = [c for c in cards if c["color"] == "purple"]
    assert len(guilds) == 10 and all(c["age"] == 3 for c in guilds)
    per_age = {a: sum(len(c["copies"]) for c in cards if c["age"] == a) for a in (1, 2)}
    assert per_age == {1: 28, 2: 28}
    code, out, _ = run("cards", "classic", "--players", "4", "--age", "2")
    assert code == 0 and "Sawmill" in out and "Lumber Yard" not in out


# ---------------------------------------------------------------- the Cities expansion


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
    code, out, err = run_wide(
        "play", "classic", "--players", "4", "--expansions", "cities", "--teams",
        "--bots", "random", "--seed", str(seed), stdin=typed,
    )  # fmt: skip
    assert code == 0, err
    assert "You are seat 0. Your wonder is Babylon B. Your teammate is Petra, on your left." in out
    assert "Petra (your teammate) shows you their hand: " in out
    assert "Pay your losses or take debt" in out and ", you must lose " in out
    assert "each coin you do not pay becomes a debt token, -1 VP at the end." in out
    debt = state.cities[0].debt
    assert debt > 0
    assert f"took {debt} debt" in out and f"take {debt} debt token" in out
    assert "Your debt tokens: " in out  # your city's line
    result = state.result()
    assert your_total(out) == result.players[0].total
    debts = next(x for x in out.splitlines() if x.startswith("Debt: "))
    assert f"you {-debt}," in debts  # the debt category, each city's
    teams = [x for x in out.splitlines() if re.match(r"\d\. The team of ", x)]
    expected = sorted(result.extra["teams"], key=lambda t: t["rank"])
    assert [re.findall(r"\d+", x.split(": ", 1)[1])[:2] for x in teams] == [
        [str(t["total"]), str(t["coins"])] for t in expected
    ]
    assert sum(bool(re.search(r"\byou\b", x)) for x in teams) == 1  # yours, with Petra


def test_play_two_players_decides_the_free_citys_debt() -> None:
    options = {"players": 2, "expansions": ["cities"]}
    seed = 3  # seat 0 decides for the Free City (city 2) once with these bots
    typed, phases, state = scripted(options, seed, 0, no_payment)
    assert ("debt", 2) in phases
    code, out, err = run_wide(
        "play", "classic", "--players", "2", "--expansions", "cities", "--bots", "random",
        "--seed", str(seed), stdin=typed,
    )  # fmt: skip
    assert code == 0, err
    assert "Pay the Free City's losses or take debt" in out and "must lose" in out
    assert state.cities[2].debt > 0
    assert f"The Free City scored {state.result().extra['free_city']['total']}" in out


def test_play_eight_players_with_leaders_in_teams() -> None:
    options = {"players": 8, "expansions": ["cities", "leaders"], "teams": True}
    typed, _, state = scripted(options, 2, 3, first)
    code, out, err = run_wide(
        "play", "classic", "--players", "8", "--expansions", "cities,leaders", "--teams",
        "--seat", "3", "--bots", "random", "--seed", "2", stdin=typed,
    )  # fmt: skip
    assert code == 0, err
    assert "Your teammate is " in out and "Leader draft" in out
    scores = out[out.index("Final scores") :].splitlines()
    players = [x for x in scores if re.match(r"\d\. (?!The team)[^:]+: \d+ VP, \d+ coins\.$", x)]
    assert len(players) == 8
    assert your_total(out) == state.result().players[3].total
    assert len([x for x in scores if re.match(r"\d\. The team of ", x)]) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "classic", "--players", "8"), "8 players need the Cities expansion"),
        (("simulate", "classic", "--players", "8"), "8 players need the Cities expansion"),
        (("simulate", "classic", "--players", "9", "--expansions", "cities"), "2 to 8"),
        (("play", "classic", "--players", "4", "--teams"), "team game needs the Cities"),
        (("simulate", "classic", "--players", "5", "--expansions", "cities", "--teams"),
         "the team game is for 4, 6 or 8 players, not 5"),
        (("simulate", "duel", "--teams"), "--teams is for 7 Wonders, not"),
        (("play", "architects", "--teams"), "--teams is for 7 Wonders, not"),
        (("cards", "classic", "--players", "9", "--expansions", "cities"), "must be 2 to 8"),
    ],
)  # fmt: skip
def test_table_option_errors_are_one_line(args: tuple[str, ...], message: str) -> None:
    code, out, err = run_wide(*args, stdin="")
    assert code == 1 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert message in err and "Traceback" not in err


def test_simulate_eight_players_in_teams_records_and_replays(tmp_path: Path) -> None:
    code, out, err = run_wide(
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
    code, out, _ = run_wide("replay", str(record), "--json")
    assert code == 0 and json.loads(out)["totals"] == results[0]["totals"]
    code, out, _ = run_wide(
        "simulate", "classic", "--players", "6", "--expansions", "cities", "--teams",
        "--games", "1",
    )  # fmt: skip
    assert code == 0 and "in teams" in out
    assert "0 + 1" in out and "2 + 3" in out and "4 + 5" in out  # the teams' table


def test_simulate_without_teams_lists_no_team_totals() -> None:
    code, out, _ = run_wide(
        "simulate", "classic", "--players", "4", "--expansions", "cities", "--no-teams",
        "--games", "1", "--json",
    )  # fmt: skip
    assert code == 0 and "teams" not in json.loads(out)["results"][0]


def test_cards_with_cities() -> None:
    code, out, _ = run_wide("cards", "classic", "--expansions", "cities", "--json")
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
    assert set(boards) == {"Petra", "Byzantium", "Alexandria", "Babylon", "Ephesus", "Giza",
                           "Halicarnassus", "Olympia", "Rhodes"}  # fmt: skip
    assert boards["Petra"]["sides"]["B"][1]["cost"] == {"coins": 14}
    assert boards["Byzantium"]["produces"] == "stone"
    assert not any(c["color"] == "white" for c in listed)  # no leaders without Leaders
    code, out, _ = run_wide("cards", "classic", "--expansions", "cities,leaders", "--json")
    leaders = {c["name"] for c in json.loads(out) if c["color"] == "white"}
    cities_leaders = {"Berenice", "Caligula", "Diocletian", "Darius", "Aspasia", "Semiramis"}
    assert cities_leaders <= leaders and len(leaders) == 42
    code, out, _ = run_wide("cards", "classic", "--json")
    base = json.loads(out)
    assert not any(c["color"] == "black" for c in base)
    assert len([c for c in base if c["color"] == "wonder"]) == 7  # the base game's boards


def test_cards_with_cities_at_eight_players_and_as_a_table() -> None:
    code, out, _ = run_wide(
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
    assert "black" in line and "random" in line and "every other city loses 2 coins" in line
    board = next(x for x in wide.stdout.splitlines() if "Byzantium" in x)
    assert "board" in board and "a diplomacy token" in board


CITIES_SHEET: dict[str, Any] = {
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
    path.write_text(json.dumps(CITIES_SHEET))
    code, out, _ = run_wide("score", str(path), "--json")
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
    code, out, _ = run_wide("score", str(path))
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
    data = json.loads(json.dumps(CITIES_SHEET))
    for edit in edits:
        edit(data)
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data))
    code, out, err = run_wide("score", str(path))
    assert code == 1 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert message in err and "Traceback" not in err


def text(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=250, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_events_of_cities_in_words() -> None:
    state = setup({"players": 2, "expansions": ["cities"]}, 1)
    log = Log(state.view(None))
    fc, one = log.name(2), log.name(1)
    assert log.lines([{"type": "losses", "owed": {"1": 2, "2": 3}}]) == [
        f"Coin losses to settle: {one} owes 2 coins, {fc} owes 3 coins"
    ]
    debt = {"type": "debt", "seat": 1, "lost": 3, "paid": 1, "debt": 2}
    assert log.lines([debt]) == [
        f"{one} paid 1 coin of a loss of 3 coins and took 2 debt tokens (-2 VP)"
    ]
    assert log.lines([{**debt, "paid": 3, "debt": 0}]) == [f"{one} lost 3 coins"]
    assert log.lines([{"type": "diplomacy", "seat": 2, "age": 1}]) == [
        f"{fc} uses a diplomacy token and sits out the conflicts of Age I"
    ]
    conflict = {"type": "conflict", "age": 2, "winner": 0, "loser": 2, "shields": [2, 1]}
    zero = log.name(0)
    assert log.lines([{**conflict, "tokens": 2}]) == [
        f"Age II conflict: {zero} beat {fc}, 2 shields to 1 (2 tokens each)"
    ]
    assert log.lines([conflict]) == [f"Age II conflict: {zero} beat {fc}, 2 shields to 1"]


def test_cities_effects_in_words() -> None:
    words = describe.effect_text
    assert words({"type": "lose_coins", "coins": 2}) == (
        "every other city loses 2 coins (or takes debt)"
    )
    assert words({"type": "lose_coins", "coins": 1}) == (
        "every other city loses 1 coin (or takes debt)"
    )
    assert words({"type": "lose_coins_per", "coins": 1, "count": ["victory_tokens"]}) == (
        "every other city loses 1 coin per victory token of its own (or takes debt)"
    )
    assert "from the left costs 1 less" in words(
        {"type": "first_trade_discount", "sides": ["left"]}
    )
    assert "each neighbour takes 2 coins" in words({"type": "neighbours_coins", "coins": 2})
    for kind in ("diplomacy", "mask", "produce_owned", "produce_unowned", "free_stage_resources",
                 "bank_bonus", "free_black_per_age", "defeats_as_shields"):  # fmt: skip
        assert words({"type": kind}) == describe.CITIES_WORDS[kind]


def test_panels_show_debt_diplomacy_masks_and_black_cards() -> None:
    state = new_game("Giza", "Rhodes", "Babylon", "Petra")
    state = give(state, 1, "Residence", "Pigeon Loft", "Apothecary")
    state = city(state, 1, debt=4)
    view = state.view(0)
    panel = "\n".join(city_lines(view, 1, Log(view)))
    assert "Debt tokens: 4. Diplomacy tokens: 1." in panel
    assert "Black: Pigeon Loft, Residence." in panel
    assert "1 mask" in panel
    assert "debt -4" in panel


def test_debt_choices_say_what_is_paid_and_what_becomes_debt() -> None:
    state = new_game("Giza", "Rhodes", "Babylon")
    state = set_turn(state, 1, 1, {0: ["Hideout", *["Altar"] * 7]})
    state = set_coins(state, 3, 0, 2)
    state.apply(1, build("Altar"))  # no coins: the loss becomes debt at once
    state.apply(2, Action("sell", "Altar"))  # 3 coins, in hand when the loss is settled
    state.apply(0, build("Hideout"))  # every other city loses 1 coin
    assert state.phase == "debt" and cities(state).owed == {2: 1}
    assert state.cities[1].debt == 1
    actions = state.legal_actions(2)
    view = state.view(2)
    shown = "\n".join(choice_lines(view, actions))
    assert "Pay the whole loss of 1 coin." in shown
    assert "Pay nothing and take 1 debt token (-1 VP at the end)." in shown


def test_a_dock_purchase_is_explained() -> None:
    # Giza (seat 0) with the Clandestine Dock West: papyrus from Rhodes (its left) costs 2 - 1.
    state = new_game("Giza", "Rhodes", "Babylon")
    state = give(state, 0, "Clandestine Dock West")
    state = give(state, 1, "Press")
    state = set_turn(state, 1, 1, {0: ["Scriptorium", *["Altar"] * 7]})
    action = next(
        a for a in state.legal_actions(0) if a.card == "Scriptorium" and a.kind == "build"
    )
    assert (action.left, action.right) == (1, 0)
    assert action_label(state.view(0), action.to_json()) == (
        "Build Scriptorium, paying 1 coin to Rhodes (your left) for 1 papyrus."
    )


def test_the_teammates_hand_is_shown() -> None:
    state = new_game("Giza", "Rhodes", "Babylon", "Petra", teams=True)
    state = set_turn(state, 1, 1, {1: ["Hideout", "Militia", *["Altar"] * 6]})
    shown = "\n".join(state_lines(state.view(0)))
    assert teammate_sentence(state.view(0), 1) == "Your teammate is Rhodes, on your left."
    assert "Rhodes (your teammate) shows you their hand: Hideout, Militia, Altar" in shown


# ---------------------------------------------------------------- plain descriptions


def test_every_card_board_and_leader_has_a_plain_text() -> None:
    code, out, _ = run("cards", "classic", "--expansions", "leaders,cities", "--json")
    assert code == 0
    listed = json.loads(out)
    for entry in listed:
        assert entry["text"] and "_" not in entry["text"], entry  # no raw effect names
    boards = {c["name"]: c for c in listed if c["color"] == "wonder"}
    assert len(boards) == 10  # the base seven, Roma (Leaders), Petra and Byzantium (Cities)
    for board in boards.values():
        for stages in board["sides"].values():
            assert all(" -> " in stage["text"] for stage in stages)
    ephesus = boards["Ephesus"]["sides"]["A"]
    assert ephesus[1]["text"] == "2 wood -> 9 coins"  # the stage's reward, not only its cost
    assert "last card of each Age" in boards["Babylon"]["sides"]["B"][1]["text"]
    assert boards["Petra"]["sides"]["B"][1]["text"].startswith("14 coins -> ")
    cards = {c["name"]: c["text"] for c in listed if c["color"] != "wonder"}
    assert cards["Marketplace"].endswith("chains into Caravansery")
    assert "; free with Marketplace; chains into Lighthouse" in cards["Caravansery"]
    assert cards["Vineyard"] == "1 coin now per brown card in your city and both neighbours'"
    assert cards["Scientists Guild"] == "science: any one symbol, chosen at the end"
    assert cards["Pericles"] == "2 VP at the end per red card in your city"


def test_effect_words_are_translatable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every word of a description goes through the gettext function, the resources' too."""
    from wonders.classic import describe
    from wonders.core import present

    def french(text: str) -> str:
        return text.replace("VP", "PV").replace("coins", "pièces").replace(" wood", " bois!")

    monkeypatch.setattr(describe, "_", french)
    for module in (describe, present):  # coins: core.present's, the one coin count
        monkeypatch.setattr(module, "ngettext", lambda s, p, n: french(s if n == 1 else p))
    assert describe.effect_text({"type": "coins", "coins": 9}) == "9 pièces"
    stage = {"cost": {"wood": 2}, "effect": [{"type": "points", "points": 3}]}
    assert describe.stage_text(stage) == "2 bois! -> 3 PV"  # "{n} wood": a count, translated


# ---------------------------------------------------------------- the full-screen table


def fits(screen: str) -> bool:
    lines = screen.splitlines()
    return len(lines) <= 24 and all(len(line) <= 80 for line in lines)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3},
        {"players": 3, "expansions": ["leaders"]},
        {"players": 4, "expansions": ["cities"], "teams": True},
        {"players": 2},
    ],
    ids=["base", "leaders", "cities-teams", "free-city"],
)
def test_the_table_plays_whole_games_by_keys(options: dict[str, Any], tmp_path: Path) -> None:
    played = play_by_keys("classic", options, 3, tmp_path)
    state = played.session.state
    assert state.is_terminal()
    assert all(fits(s) for s in played.screens)  # every screen of the game fits 80x24
    assert "Final scores" in played.screens[-1]
    path = played.app.record_path
    assert path is not None and path.parent == tmp_path
    replayed = replay_record(GameRecord.load(path))  # the saved record replays the game
    assert replayed.result().to_json() == state.result().to_json()


def test_the_tables_first_screen(tmp_path: Path) -> None:
    options = {"players": 3, "sides": "A", "wonders": ["Ephesus", None, None]}
    session = Session("classic", options, 3, 0)
    shots = screen_of(lambda: make_app(session, tmp_path), ["enter"])
    first = shots[0].splitlines()
    assert len(first) == 24
    assert first[0].startswith("Age I turn 1 · Ephesus A · 3 coins · 0 shields · about 1 VP")
    assert "Your city" in first[1] and "The table" in first[1]
    assert "Ephesus A · produces 1 papyrus" in first[2]
    assert "· 2: 2 wood -> 9 coins" in shots[0]  # stage rewards, not only costs
    assert "(your left)" in shots[0] and "(your right)" in shots[0]
    assert "Choose a card to play — Build a card of your hand, build your next" in shots[0]
    hand = [line for line in first if "│" in line]
    card = hand[0].split("│")[0].strip()
    assert card.split()[-1] in ("free", "coin", "coins", "build")  # the cost for you
    assert "•" in shots[0]  # the highlighted card's ways to be played
    assert "Age I: hands pass to the left" in shots[0]
    assert "How to play it? (Esc: back to the list)" in shots[1]


def test_the_tables_keys_open_help_cities_and_log(tmp_path: Path) -> None:
    session = Session("classic", {"players": 5}, 4, 0)
    keys = ["question_mark", "escape", "o", "escape", "l", "escape", "c", "escape"]
    shots = screen_of(lambda: make_app(session, tmp_path), keys)
    assert "Keys" in shots[1] and "every city in full" in shots[1]
    state: Any = session.state
    names = {state.cities[p].wonder.name for p in range(5)}
    assert all(name in shots[3] for name in names)  # the other cities, one key away
    assert "Every city" in shots[3]
    assert "Log" in shots[5] and "Age I" in shots[5]
    assert "Your city" in shots[7]
    assert shots[8] == shots[0]  # Esc closes each page


def test_a_hand_card_says_what_it_chains_into(tmp_path: Path) -> None:
    session = Session("classic", {"players": 3}, 1, 0)
    session.bots_move()
    view = ClassicScreen(SeatTable(session))
    details = "\n".join(str(c.detail) for c in view.choices())
    assert "chains into" in details or "free with" in details


def test_the_status_line_estimates_your_score(tmp_path: Path) -> None:
    session = Session("classic", {"players": 3}, 2, 0)
    view = ClassicScreen(SeatTable(session))
    rng = random.Random(2)
    while not session.state.is_terminal():
        session.bots_move()
        if session.state.is_terminal():
            break
        state: Any = session.state
        expected = sum(state.score_breakdown(0).values())
        assert view.status().endswith(f"about {expected} VP")
        session.apply(0, rng.choice(session.state.legal_actions(0)))
    final = text(view.final())
    assert "Your cards at the end" in final  # each card of yours and what it did


# ---------------------------------------------------------------- the log in words


def test_the_log_names_seats_splits_coins_and_says_why() -> None:
    options = {"players": 4, "sides": "B", "wonders": ["Giza", "Rhodes", "Babylon", "Ephesus"]}
    state = setup(options, 1)
    log = Log(state.view(0))
    lines = log.lines(
        [
            {"type": "turn", "age": 1, "turn": 6},
            {"type": "build", "seat": 1, "card": "Baths", "paid": {"left": 0, "right": 2}},
            {"type": "sell", "seat": 0, "card": "Altar"},
            {"type": "coins", "seat": 0, "amount": 5},
            {"type": "coins", "seat": 2, "amount": 1},
            {"type": "wonder", "seat": 2, "stage": 2, "paid": {"left": 0, "right": 0}},
            {"type": "sell", "seat": 2},
        ]
    )
    assert lines[0] == "Age I, turn 6 (hands passed to the left)"
    assert lines[1] == "Rhodes (your left) built Baths, paying 2 coins to you"
    assert lines[2] == "You sold Altar"
    assert lines[3] == (
        "You received 5 coins: 3 coins for the sale, 2 coins from trade with Rhodes (your left)"
    )
    assert lines[4] == "Babylon (seat 2) received 1 coin from cards and wonders"  # not "1 coins"
    assert lines[5].startswith("Babylon (seat 2) built wonder stage 2 (")
    assert lines[6] == "Babylon (seat 2) sold a card (Babylon B: the last card of the Age)"
    assert log.lines([{"type": "age", "age": 2}]) == ["Age II: hands pass to the right"]
    right = log.name(3)
    assert right == "Ephesus (your right)"


def test_plain_leaders_draft_shows_your_wonder_once_per_round_and_buys() -> None:
    code, out, _ = run(
        "play", "classic", "--expansions", "leaders", "--bots", "random", "--seed", "4",
        "--plain", stdin="1\n" * 80,
    )  # fmt: skip
    assert code == 0, out
    assert out.count("Leader draft, round 1") == 1
    assert "Keep a leader" in out and "keep one leader of the packet" in out
    assert "Your leaders" in out  # the leaders kept so far, from the draft's second round
    assert "stage 1:" in out  # your wonder (and its stages) during the draft
    assert "Your cards at the end" in out  # each card's points and what it did
    assert "Game record saved: " in out


def test_payments_with_leaders_say_what_they_buy() -> None:
    for seed in range(40):
        state = setup({"players": 3, "expansions": ["leaders"]}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == "draft" and 0 in state.to_move():
                bought = [
                    a for a in state.legal_actions(0)
                    if a.kind == "build" and (a.left or a.right) and not a.bank
                ]  # fmt: skip
                if bought and not any(k.startswith("discount:") for k in state.cities[0].lp):
                    label = action_label(state.view(0), bought[0].to_json())
                    assert re.search(r"coins? to .+ for \d+ [a-z]+", label), label
                    return
            for p in state.to_move():
                state.apply(p, rng.choice(state.legal_actions(p)))
    pytest.fail("no purchase met in 40 games")


def test_the_free_citys_panel_says_its_side_and_choices_show_costs() -> None:
    state = setup({"players": 2}, 1)
    free_city = state.n - 1
    side = "left" if state.left(0) == free_city else "right"
    view = state.view(0)
    assert city_lines(view, free_city, Log(view))[0].startswith(
        f"{state.cities[free_city].wonder.name} (the Free City, your {side})"
    )
    wonder = state.cities[free_city].wonder.name
    assert Log(view).name(free_city) == f"{wonder} (the Free City, your {side})"
    lines = choice_lines(view, state.legal_actions(0))
    assert any(re.search(r"paying \d+ coins? to|at no cost", line) for line in lines), lines


def test_the_mouse_chooses_a_card_and_a_way(tmp_path: Path) -> None:
    session = Session("classic", {"players": 3}, 7, 0)
    state: Any = session.state
    hand = list(state.view(0)["hand"])
    shots = screen_of(lambda: make_app(session, tmp_path), [("#choices", 3, 1)])
    assert "How to play it?" in shots[1]  # the second card opened
    assert hand[1] in shots[1]
    shots = screen_of(lambda: make_app(session, tmp_path), [("#choices", 3, 1), ("#choices", 3, 0)])
    assert "Age I turn 2" in shots[2].splitlines()[0]  # its first way was played


def test_snapshots_of_the_7_wonders_table() -> None:
    shots = first_screens("classic", {"players": 4, "sides": "A"}, 11, ["enter", "escape", "o"])
    assert_snapshot("classic-hand", shots[0])
    assert_snapshot("classic-ways", shots[1])
    assert_snapshot("classic-all-cities", shots[3])
    leaders = first_screens("classic", {"players": 3, "expansions": ["leaders"]}, 2, ["enter"])
    assert_snapshot("classic-leader-draft", leaders[0])
    assert leaders[1].count("Leader draft, round 1") == 1  # the log's line, not repeated
    assert "Your leaders: " in leaders[1].splitlines()[2]  # kept leaders above your wonder


def test_q_leaves_a_game_only_when_pressed_twice(tmp_path: Path) -> None:
    async def drive() -> tuple[str, bool, bool]:
        app = make_app(Session("classic", {"players": 3}, 2, 0), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            asked, running = app.screen_text(), app.is_running
            await pilot.press("q")
            await pilot.pause()
            return asked, running, app.is_running

    asked, after_one, after_two = asyncio.run(drive())
    assert "Press q again to leave" in asked
    assert after_one and not after_two
    assert not list(tmp_path.iterdir())  # an unfinished game leaves no record


def test_a_card_you_cannot_build_says_why(tmp_path: Path) -> None:
    for seed in range(10):
        session = Session("classic", {"players": 3}, seed, 0, "random")
        rng = random.Random(seed)
        while not session.state.is_terminal():
            session.bots_move()
            if session.state.is_terminal():
                break
            table = SeatTable(session)
            view = table.view()
            actions = table.legal_actions()
            built = {a.card for a in actions if a.kind in ("build", "free_build")}
            blocked = [n for n in view["hand"] if n not in built]
            if view["phase"] == "draft" and blocked:
                game = ClassicScreen(table)
                details = {
                    str(c.label).split("  ")[0].strip(): str(c.detail) for c in game.choices()
                }
                reasons = [advice.why_not(view, n) for n in blocked]
                assert all(r and r in details[n] for n, r in zip(blocked, reasons, strict=True))
                plain = "\n".join(choice_lines(view, actions))
                assert all(r in plain for r in reasons)
                return
            session.apply(0, rng.choice(actions))
    pytest.fail("no hand held a card that cannot be built")


def test_a_score_of_nothing_has_no_empty_parentheses() -> None:
    """Report: the table read "score now ≈ 0 ()" for a city scoring nothing yet."""
    session = Session("classic", {"players": 3}, 1, 0)
    state: Any = session.state
    session.state = city(state, 1, coins=0)  # no treasury point: nothing scores
    board = text(ClassicScreen(SeatTable(session)).board(1))
    assert "score now ≈ 0" in board and "()" not in board


def test_the_tables_choices_are_the_games_words_and_a_leader_sent_back_is_no_build() -> None:
    """Report: Roma B's "send a leader back" listed every leader as "can't build"."""
    options = {
        "players": 4,
        "expansions": ["leaders"],
        "sides": "B",
        "wonders": ["Roma", None, None, None],
    }
    for seed in range(6):
        session = Session("classic", options, seed, 0, "random")
        table = SeatTable(session)
        rng = random.Random(seed)
        table.start()
        while not table.is_over():
            view, actions = table.view(), table.legal_actions()
            game = ClassicScreen(table)
            legal = [a.to_json() for a in actions]
            title, prompt = decision(view, legal)
            assert game.prompt() == f"{title} — {prompt}"
            if view["phase"] == "return_leader":
                choices = game.choices()
                assert all(
                    str(c.label).startswith(a.card[:20])
                    for c, a in zip(choices, actions, strict=True)
                )
                assert not any("can't" in str(c.label) for c in choices)
                assert [c.detail for c in choices]
                assert "Send a leader back to the box" in game.prompt()
                return
            table.act(rng.choice(actions))
    pytest.fail("no game sent a leader back")
