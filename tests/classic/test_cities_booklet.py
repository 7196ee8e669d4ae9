"""The score booklet with the Cities expansion: black cards, debt, masks, the new boards and
guilds, Cities leaders, 8 players, teams, and every malformed Cities sheet."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from wonders.classic.booklet import score_sheet, score_table
from wonders.core.errors import InputError

# Clockwise: a player's left neighbour is the next one in the list, the right one the previous
# (wrapping). Ann: left Bob, right Dee. Bob: left Cy, right Ann. Cy: left Dee, right Bob.
# Dee: left Ann, right Cy.
PLAYERS: list[dict[str, Any]] = [
    {"name": "Ann", "wonder": "Petra", "side": "B", "stages": 2,
     "cards": ["Hideout", "Secret Society", "Pigeon Loft", "Tabularium"],
     "coins": 7, "military": [1, 3], "debt": 2},
    {"name": "Bob", "wonder": "Byzantium", "side": "A", "stages": 2,
     "cards": ["Apothecary", "Workshop", "Scriptorium"], "coins": 3, "military": [-1]},
    {"name": "Cy", "wonder": "Giza", "side": "A", "stages": 0,
     "cards": ["Guild of Shadows", "Spy Ring", "Torture Chamber"], "coins": 0, "military": []},
    {"name": "Dee", "wonder": "Rhodes", "side": "A", "stages": 0,
     "cards": ["Slave Market", "Mourners Guild", "Lodge"], "coins": 1,
     "military": [5, 5, -1], "debt": 0},
]  # fmt: skip


def sheet(teams: bool = False, **changes: Any) -> dict[str, Any]:
    players = copy.deepcopy(PLAYERS)
    for key, extra in changes.items():
        players[int(key[1:])].update(extra)
    data: dict[str, Any] = {"game": "classic", "expansions": ["cities"], "players": players}
    if teams:
        data["teams"] = [["Ann", "Bob"], ["Cy", "Dee"]]
    return data


def test_a_hand_scored_cities_game() -> None:
    # Ann (Petra B, 2 stages): military 1 + 3 = 4; treasury 7 // 3 = 2; wonder 3 + 14 = 17;
    # science: Pigeon Loft's mask copies one green symbol of Bob (Apothecary compass,
    # Workshop gear, Scriptorium tablet) or Dee (Lodge compass): one symbol = 1;
    # cities: Hideout 2 + Secret Society 1 per own black card (4) + Tabularium 6 = 12;
    # debt -2. Total 4 + 2 + 17 + 1 + 12 - 2 = 34.
    # Bob (Byzantium A, 2 stages): military -1; treasury 1; wonder 3 + 2 = 5; science one of
    # each symbol: 1 + 1 + 1 + 7 = 10. Total -1 + 1 + 5 + 10 = 15.
    # Cy (Giza A): two masks (Spy Ring, Torture Chamber) copy the greens of Dee (Lodge
    # compass) and Bob (compass, gear, tablet): two compasses (Lodge, Apothecary) make
    # 2 * 2 = 4, more than a compass and a gear (1 + 1 = 2); guilds: Guild of Shadows, black
    # cards of Dee 1 and Bob 0 = 1. Total 4 + 1 = 5.
    # Dee (Rhodes A): military 5 + 5 - 1 = 9; science Lodge compass 1; guilds: Mourners,
    # victory tokens of Ann 2 and Cy 0 = 2; cities: Slave Market, own victory tokens 2.
    # Total 9 + 1 + 2 + 2 = 14.
    # Ranks: Ann 34, Bob 15, Dee 14, Cy 5.
    players = score_table(sheet())
    assert [(p["name"], p["total"], p["rank"]) for p in players] == [
        ("Ann", 34, 1),
        ("Bob", 15, 2),
        ("Cy", 5, 4),
        ("Dee", 14, 3),
    ]
    ann, bob, cy, dee = (p["breakdown"] for p in players)
    assert list(ann) == [
        "military", "treasury", "wonder", "civilian", "science", "commerce", "guilds",
        "cities", "debt",
    ]  # fmt: skip
    assert ann == {
        "military": 4, "treasury": 2, "wonder": 17, "civilian": 0, "science": 1,
        "commerce": 0, "guilds": 0, "cities": 12, "debt": -2,
    }  # fmt: skip
    assert bob["wonder"] == 5 and bob["science"] == 10 and bob["debt"] == 0
    assert cy["science"] == 4 and cy["guilds"] == 1 and cy["cities"] == 0
    assert dee == {
        "military": 9, "treasury": 0, "wonder": 0, "civilian": 0, "science": 1,
        "commerce": 0, "guilds": 2, "cities": 2, "debt": 0,
    }  # fmt: skip


def test_masks_copy_only_the_neighbours_green_cards() -> None:
    # Cy's neighbours without green cards: the masks copy nothing.
    data = sheet(p1={"cards": ["Workshop"]}, p3={"cards": []})
    # Workshop (gear) on Bob's side: one mask copies it, the other finds nothing: 1.
    assert score_table(data)[2]["breakdown"]["science"] == 1
    data = sheet(p1={"cards": []}, p3={"cards": []})
    assert score_table(data)[2]["breakdown"]["science"] == 0


def test_debt_costs_one_point_a_token() -> None:
    base = score_table(sheet())[0]
    more = score_table(sheet(p0={"debt": 9}))[0]
    assert more["breakdown"]["debt"] == -9
    assert base["total"] - more["total"] == 9 - 2


def test_a_team_game_ranks_teams_by_total_then_coins() -> None:
    # Ann + Bob: 34 + 15 = 49, coins 7 + 3 = 10; Cy + Dee: 5 + 14 = 19, coins 0 + 1 = 1.
    scored = score_sheet(sheet(teams=True))
    assert scored["teams"] == [
        {"players": ["Ann", "Bob"], "total": 49, "coins": 10, "rank": 1},
        {"players": ["Cy", "Dee"], "total": 19, "coins": 1, "rank": 2},
    ]
    assert [p["rank"] for p in scored["players"]] == [1, 1, 2, 2]  # the team's rank
    # Dee with 91 coins: treasury 30, Dee 14 + 30 = 44, Cy + Dee 5 + 44 = 49, a tie with
    # Ann + Bob on 49; their coins 0 + 91 > 10: Cy and Dee rank first.
    tied = score_sheet(sheet(teams=True, p3={"coins": 91}))
    assert [t["total"] for t in tied["teams"]] == [49, 49]
    assert [t["rank"] for t in tied["teams"]] == [2, 1]
    assert [p["rank"] for p in tied["players"]] == [2, 2, 1, 1]


def test_teams_may_wrap_around_the_list() -> None:
    data = sheet()
    data["teams"] = [["Dee", "Ann"], ["Bob", "Cy"]]  # Ann sits on Dee's left (wrapping)
    scored = score_sheet(data)
    assert [t["total"] for t in scored["teams"]] == [14 + 34, 15 + 5]
    assert "teams" not in score_sheet(sheet())  # no team game, no team rows


def test_eight_players_with_cities() -> None:
    wonders = [
        "Petra",
        "Byzantium",
        "Giza",
        "Rhodes",
        "Babylon",
        "Olympia",
        "Ephesus",
        "Alexandria",
    ]
    players = [
        {"name": f"P{i}", "wonder": w, "side": "A", "stages": 0, "cards": [], "coins": 3,
         "military": []}
        for i, w in enumerate(wonders)
    ]  # fmt: skip
    data = {"game": "classic", "expansions": ["cities"], "players": players}
    data["teams"] = [[f"P{i}", f"P{i + 1}"] for i in range(0, 8, 2)]
    scored = score_sheet(data)
    assert [p["total"] for p in scored["players"]] == [1] * 8  # 3 coins: 1 point each
    assert [t["rank"] for t in scored["teams"]] == [1] * 4
    del data["expansions"]
    del data["teams"]
    with pytest.raises(InputError, match="3 to 7 players, got 8"):
        score_table(data)


def test_cities_with_leaders() -> None:
    # Ann recruits Darius (1 VP per own black card: 4) and Aspasia (2 VP): leaders 6.
    # Bob's Cities leaders give no points.
    data = sheet(
        p0={"leaders": ["Darius", "Aspasia"]},
        p1={"leaders": ["Semiramis", "Caligula", "Berenice", "Diocletian"]},
    )
    data["expansions"] = ["cities", "leaders"]
    ann, bob, _, _ = score_table(data)
    assert ann["breakdown"]["leaders"] == 4 + 2
    assert bob["breakdown"]["leaders"] == 0
    assert list(ann["breakdown"])[-3:] == ["leaders", "cities", "debt"]
    assert ann["total"] == 34 + 6


INVALID: list[tuple[str, dict[str, Any], str]] = [
    ("unknown card", {"p0": {"cards": ["Hideout", "Speakeasy"]}}, "Ann: unknown card 'Speakeasy'"),
    ("debt as text", {"p0": {"debt": "2"}}, "Ann: debt must be a whole number, got '2'"),
    ("debt as float", {"p0": {"debt": 1.5}}, "Ann: debt must be a whole number, got 1.5"),
    ("debt as bool", {"p0": {"debt": True}}, "Ann: debt must be a whole number, got True"),
    ("negative debt", {"p0": {"debt": -1}}, "Ann: debt (debt tokens held) cannot be negative"),
    ("Petra stage 3", {"p0": {"stages": 3}}, "Ann: stages must be 0 to 2 for Petra B, got 3"),
    ("black card twice", {"p0": {"cards": ["Lair", "lair"]}}, "Ann: Lair is listed twice"),
    ("a leader without leaders", {"p0": {"leaders": ["Darius"]}}, "unknown key(s) ['leaders']"),
    ("Cities leader as card", {"p0": {"cards": ["Darius"]}}, 'add "leaders" to "expansions"'),
]


@pytest.mark.parametrize(
    ("changes", "message"), [(c, m) for _, c, m in INVALID], ids=[i for i, _, _ in INVALID]
)
def test_invalid_cities_entries(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        score_table(sheet(**changes))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"p1": {"cards": ["Hideout"]}}, "Bob: unknown card 'Hideout' (a name of the Cities"),
        ({"p1": {"cards": ["Guild of Shadows"]}}, 'add "cities" to "expansions"'),
        ({"p0": {"wonder": "Petra"}}, "Ann: 'Petra' is not a wonder of this game (a name of"),
        ({"p1": {"debt": 1}}, "Bob: unknown key(s) ['debt']"),
        ({"p1": {"debt": 1}}, """('debt' needs "cities" in "expansions")"""),
    ],
)
def test_cities_names_need_the_expansion(changes: dict[str, Any], message: str) -> None:
    base: list[dict[str, Any]] = [
        {"name": "Ann", "wonder": "Giza", "side": "A", "stages": 0, "cards": [], "coins": 0,
         "military": []},
        {"name": "Bob", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": [], "coins": 0,
         "military": []},
        {"name": "Cy", "wonder": "Babylon", "side": "A", "stages": 0, "cards": [], "coins": 0,
         "military": []},
    ]  # fmt: skip
    for key, extra in changes.items():
        base[int(key[1:])].update(extra)
    with pytest.raises(InputError) as caught:
        score_table({"game": "classic", "players": base})
    assert message in str(caught.value)


def test_a_cities_leader_needs_the_cities_expansion() -> None:
    data = sheet(p0={"leaders": ["Darius"]})
    data["expansions"] = ["leaders"]
    for p in data["players"]:
        p.pop("debt", None)
        p["cards"] = []
    data["players"][0]["wonder"] = "Roma"
    data["players"][1]["wonder"] = "Babylon"
    with pytest.raises(InputError, match=r"Ann: unknown leader 'Darius' .*\"cities\""):
        score_table(data)


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        ([["Ann", "Bob"], ["Cy", "Eve"]], "names 'Eve', who is not a player"),
        ([["Ann", "Bob"], ["Cy"]], "a team must be a pair of player names"),
        ([["Ann", "Bob"], ["Cy", 4]], "a team must be a pair of player names"),
        ([["Ann", "Bob"], ["Bob", "Cy"]], "Bob is in two teams"),
        ([["Ann", "Bob"]], "Cy is in no team"),
        ([["Bob", "Ann"], ["Cy", "Dee"]], "Ann must sit on Bob's left"),
        ([["Ann", "Cy"], ["Bob", "Dee"]], "Cy must sit on Ann's left"),
        ({"Ann": "Bob"}, "teams must be a list of pairs"),
    ],
)
def test_invalid_teams(teams: Any, message: str) -> None:
    data = sheet()
    data["teams"] = teams
    with pytest.raises(InputError) as caught:
        score_sheet(data)
    assert message in str(caught.value)


def test_teams_need_cities_an_even_table_and_distinct_names() -> None:
    data = sheet(teams=True)
    data["expansions"] = []
    for p in data["players"]:
        p.pop("debt", None)
    with pytest.raises(InputError, match="teams need the Cities expansion"):
        score_sheet(data)
    data = sheet(teams=True)
    data["players"] = data["players"][:3]
    with pytest.raises(InputError, match="4, 6 or 8 players, got 3"):
        score_sheet(data)
    data = sheet(teams=True, p2={"name": "Ann"})
    with pytest.raises(InputError, match="two players are named 'Ann'"):
        score_sheet(data)
