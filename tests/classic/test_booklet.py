"""The real-table score booklet: a hand-scored game and every malformed sheet, the Free City,
and the sheets with Leaders (leaders, the courtesan, the new category) and with Cities (black
cards, debt, masks, the new boards and guilds, Cities leaders, 8 players, teams)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from wonders.classic.booklet import score_sheet, score_table
from wonders.core.errors import InputError

# Clockwise: Ann's left neighbour is Bob and her right one Cid; Bob's left is Cid, right Ann;
# Cid's left is Ann, right Bob.
SHEET: dict[str, Any] = {
    "game": "classic",
    "players": [
        {
            "name": "Ann",
            "wonder": "babylon",
            "side": "A",
            "stages": 2,
            "cards": [
                "Apothecary",
                "dispensary",
                "Workshop",
                "Magistrates Guild",
                "Clay Pool",
                "Loom",
                "HAVEN",
            ],
            "coins": 6,
            "military": [1, 3, 3, -1],
        },
        {
            "name": "Bob",
            "wonder": "Olympia",
            "side": "B",
            "stages": 3,
            "cards": ["Baths", "Altar", "Scriptorium", "Stone Pit"],
            "coins": 6,
            "military": [1, 3, 5, 5],
        },
        {
            "name": "Cid",
            "wonder": "Gizah",
            "side": "a",
            "stages": 1,
            "cards": ["Philosophers Guild", "Theater", "Statue", "Palace", "Pantheon"],
            "coins": 2,
            "military": [-1, -1, 5],
        },
    ],
}


def sheet() -> dict[str, Any]:
    return copy.deepcopy(SHEET)


def test_a_hand_scored_three_player_game() -> None:
    # Ann (Babylon A, 2 stages): military 1+3+3-1 = 6; treasury 6 // 3 = 2; wonder: stage 1
    # is 3 VP, stage 2 a science wildcard; science: compass 2, gear 1 and the wildcard made a
    # tablet: 4 + 1 + 1 + 7 (one set) = 13 (as a compass 9 + 1 = 10, as a gear 4 + 4 = 8);
    # commerce: Haven, 1 per own brown card (Clay Pool) = 1; guilds: Magistrates, 1 per blue
    # card of the neighbours: Bob 2 + Cid 4 = 6. Total 6 + 2 + 3 + 13 + 1 + 6 = 31.
    # Bob (Olympia B, 3 stages): military 1+3+5+5 = 14; treasury 2; wonder 0 + 5 + 0 = 5;
    # civilian Baths 3 + Altar 2 = 5; science one tablet = 1; guilds: copies the best
    # neighbour guild from his own seat: Magistrates = blue cards of Cid 4 + Ann 0 = 4
    # (Philosophers would be green cards of Cid 0 + Ann 3 = 3). Total 14+2+5+5+1+4 = 31.
    # Cid (Giza A, 1 stage): military -1-1+5 = 3; treasury 2 // 3 = 0; wonder 3; civilian
    # Theater 2 + Statue 4 + Palace 8 + Pantheon 7 = 21; guilds: Philosophers, green cards
    # of Ann 3 + Bob 1 = 4. Total 3 + 0 + 3 + 21 + 4 = 31.
    # All tie on 31: Cid has fewer coins (2) and ranks 3rd; Ann and Bob share 1st (6 coins).
    assert score_table(sheet()) == [
        {
            "name": "Ann",
            "total": 31,
            "rank": 1,
            "breakdown": {
                "military": 6,
                "treasury": 2,
                "wonder": 3,
                "civilian": 0,
                "science": 13,
                "commerce": 1,
                "guilds": 6,
            },
        },
        {
            "name": "Bob",
            "total": 31,
            "rank": 1,
            "breakdown": {
                "military": 14,
                "treasury": 2,
                "wonder": 5,
                "civilian": 5,
                "science": 1,
                "commerce": 0,
                "guilds": 4,
            },
        },
        {
            "name": "Cid",
            "total": 31,
            "rank": 3,
            "breakdown": {
                "military": 3,
                "treasury": 0,
                "wonder": 3,
                "civilian": 21,
                "science": 0,
                "commerce": 0,
                "guilds": 4,
            },
        },
    ]


def test_more_coins_break_a_tie_on_points() -> None:
    data = sheet()
    data["players"][1]["coins"] = 8  # still 2 treasury points
    assert [r["rank"] for r in score_table(data)] == [2, 1, 3]


@pytest.mark.parametrize(
    "names",
    [
        ["Rhodos", "Gizah", "Halikarnassos"],
        ["Ephesos", "Colossus of Rhodes", "Mausoleum of Halicarnassus"],
        ["ALEXANDRIA", "Pyramids of Giza", "Statue of Zeus"],
    ],
)
def test_wonders_by_board_names_and_aliases(names: list[str]) -> None:
    data = sheet()
    for player, name in zip(data["players"], names, strict=True):
        player.update(wonder=name, side="A", stages=1)
    assert len(score_table(data)) == 3


Edit = Callable[[dict[str, Any]], Any]


def _set(player: int, key: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["players"][player][key] = value

    return edit


def _drop(player: int, key: str) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        del data["players"][player][key]

    return edit


def _whole(value: Any) -> Edit:
    return lambda data: value


def _top(key: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data[key] = value

    return edit


def _players(count: int) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        wonders = ["Babylon", "Olympia", "Giza", "Rhodes", "Ephesus", "Alexandria", "Giza"]
        base = data["players"][0]
        data["players"] = [
            {**base, "name": f"P{i}", "wonder": wonders[i % 7]} for i in range(count)
        ]

    return edit


def _no_players(data: dict[str, Any]) -> None:
    del data["players"]


INVALID: list[tuple[str, Edit, str]] = [
    ("not a dict", _whole(["Ann", 31]), "must be a JSON object"),
    ("no players", _no_players, "has no 'players'"),
    ("unknown top key", _top("date", "today"), "unknown key 'date'"),
    ("players not a list", _top("players", {"Ann": 1}), "players must be a list"),
    ("a player not a dict", _top("players", ["Ann", "Bob", "Cid"]), "player 1 must be"),
    ("missing key", _drop(0, "coins"), "Ann: missing 'coins'"),
    ("unknown player key", _set(0, "coin", 3), "Ann: unknown key 'coin'"),
    ("name not a string", _set(1, "name", 7), "player 2: name must be a non-empty string"),
    ("wrong game", _top("game", "duel"), "game must be 'classic'"),
    ("too few players", _players(2), "3 to 7 players, got 2"),
    ("too many players", _players(8), "3 to 7 players, got 8"),
    ("unknown wonder", _set(1, "wonder", "Atlantis"), "Bob: unknown wonder 'Atlantis'"),
    ("wonder not a name", _set(1, "wonder", 3), "Bob: wonder must be a name, got 3"),
    ("side C", _set(2, "side", "C"), "Cid: side must be A or B, got 'C'"),
    ("side not a string", _set(2, "side", 1), "Cid: side must be A or B, got 1"),
    ("same wonder", _set(1, "wonder", "Hanging Gardens"), "Bob: Babylon is already Ann's"),
    ("negative stages", _set(0, "stages", -1), "Ann: stages must be 0 to 3"),
    ("too many stages", _set(0, "stages", 4), "Ann: stages must be 0 to 3 for Babylon A, got 4"),
    ("stages as text", _set(0, "stages", "2"), "Ann: stages must be a whole number, got '2'"),
    ("stages as bool", _set(0, "stages", True), "Ann: stages must be a whole number, got True"),
    ("unknown card", _set(2, "cards", ["Palace", "Hotel"]), "Cid: unknown card 'Hotel'"),
    ("card not a name", _set(2, "cards", ["Palace", 8]), "Cid: a card must be a name, got 8"),
    ("cards not a list", _set(2, "cards", "Palace"), "Cid: cards must be a list"),
    ("same building twice", _set(2, "cards", ["Loom", "loom"]), "Cid: Loom is listed twice"),
    ("negative coins", _set(1, "coins", -2), "Bob: coins cannot be negative, got -2"),
    ("coins not whole", _set(1, "coins", 2.5), "Bob: coins must be a whole number, got 2.5"),
    ("no such token", _set(0, "military", [1, 2]), "Ann: there is no military token 2"),
    ("token as text", _set(0, "military", ["5"]), "Ann: a military token must be a whole"),
    ("military not a list", _set(0, "military", 5), "Ann: military must be a list"),
    ("too many tokens", _set(0, "military", [-1] * 7), "Ann: 7 military tokens"),
    ("three 5s", _set(0, "military", [5, 5, 5]), "Ann: more than two victory tokens of 5"),
]


@pytest.mark.parametrize(
    ("edit", "message"), [(e, m) for _, e, m in INVALID], ids=[i for i, _, _ in INVALID]
)
def test_invalid_sheets_are_input_errors(edit: Edit, message: str) -> None:
    data = sheet()
    replaced = edit(data)
    with pytest.raises(InputError) as caught:
        score_table(data if replaced is None else replaced)
    assert message in str(caught.value)


def test_two_players_the_free_city_is_scored_not_ranked() -> None:
    data = sheet()
    data["players"][2]["free_city"] = True  # Cid's city is the Free City
    scored = score_sheet(data)
    # the same cities, neighbours and points as the three-player game above
    assert [(p["name"], p["total"], p["rank"]) for p in scored["players"]] == [
        ("Ann", 31, 1),
        ("Bob", 31, 1),
    ]
    assert scored["free_city"]["name"] == "Cid" and scored["free_city"]["total"] == 31
    data["players"][0]["coins"] = 3  # Ann: 1 treasury point, 30 in all: second of two
    assert [p["rank"] for p in score_sheet(data)["players"]] == [2, 1]


@pytest.mark.parametrize(
    ("marks", "message"),
    [
        ({0: True, 2: True}, "one of them the Free City"),
        ({2: "yes"}, "free_city must be true"),
    ],
)
def test_free_city_marks_must_be_one_true(marks: dict[int, Any], message: str) -> None:
    data = sheet()
    for i, mark in marks.items():
        data["players"][i]["free_city"] = mark
    with pytest.raises(InputError, match=message):
        score_table(data)


def test_the_free_city_only_at_three_cities() -> None:
    data = sheet()
    fourth = copy.deepcopy(data["players"][2])
    fourth.update(name="Dee", wonder="Rhodes")
    data["players"].append(fourth)
    data["players"][2]["free_city"] = True
    with pytest.raises(InputError, match="three cities"):
        score_table(data)


def test_the_free_city_has_no_leaders() -> None:
    data = sheet()
    data["expansions"] = ["leaders"]
    data["players"][2].update(free_city=True, leaders=["Caesar"])
    with pytest.raises(InputError, match="the Free City has no leaders"):
        score_table(data)


# ---------------------------------------------------------------- tables that cannot exist


def _with_cards(*cards: list[str], players: int = 3) -> dict[str, Any]:
    data = sheet()
    for p, extra in zip(data["players"], cards, strict=False):
        p["cards"] = extra
    return data


def test_a_card_in_more_cities_than_it_has_copies_is_refused() -> None:
    with pytest.raises(InputError, match=r"^Baths is in 2 cities \(Ann, Bob\), but a game at 3 "):
        score_table(_with_cards(["Baths"], ["Baths"]))
    with pytest.raises(InputError, match=r"Magistrates Guild is in 2 cities .* has 1 copy of it"):
        score_table(_with_cards(["Magistrates Guild"], ["Magistrates Guild"]))


def test_a_card_with_a_copy_in_two_ages_may_be_in_two_cities() -> None:
    ann, bob, _ = score_table(_with_cards(["Loom"], ["Loom"]))  # Age I and Age II, 3+ each
    assert ann["total"] and bob["total"]


def test_a_card_not_dealt_at_the_player_count_is_refused() -> None:
    with pytest.raises(InputError, match=r"Ann: Pawnshop is not in the game at 3 players \(it is "):
        score_table(_with_cards(["Pawnshop"]))
    four = sheet()
    four["players"].append(
        {"name": "Dee", "wonder": "Ephesos", "side": "A", "stages": 0, "cards": ["Pawnshop"],
         "coins": 3, "military": []}
    )  # fmt: skip
    assert len(score_table(four)) == 4  # dealt from 4 players


def test_the_free_city_game_uses_the_three_player_cards() -> None:
    data = _with_cards(["Baths"], ["Baths"])
    data["players"][2]["free_city"] = True
    with pytest.raises(InputError, match="at 2 players and the Free City has 1 copy of it"):
        score_sheet(data)


def test_two_players_with_the_same_name_are_refused() -> None:
    data = sheet()
    data["players"][2]["name"] = " ann "
    with pytest.raises(InputError, match="two players are named 'ann'"):
        score_table(data)


# ---------------------------------------------------------------- with Leaders


def leaders_sheet(**changes: Any) -> dict[str, Any]:
    players = [
        {"name": "Ann", "wonder": "Roma", "side": "B", "stages": 1, "cards": ["Apothecary"],
         "coins": 6, "military": [1], "leaders": ["Aristotle", "Ptolemy", "Pythagoras"]},
        {"name": "Bob", "wonder": "Giza", "side": "A", "stages": 0,
         "cards": ["Courtesans Guild", "Diplomats Guild"], "coins": 0, "military": [],
         "leaders": ["Sappho"], "courtesan": "Aristotle"},
        {"name": "Cy", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": [], "coins": 0,
         "military": [], "leaders": ["Nero", "Caesar"]},
    ]  # fmt: skip
    for i, extra in changes.items():
        players[int(i[1:])].update(extra)
    return {"game": "classic", "expansions": ["leaders"], "players": players}


def test_leaders_points_science_and_copies() -> None:
    ann, bob, cy = score_table(leaders_sheet())
    assert ann["breakdown"]["science"] == 3 + 7  # compass (card), tablet, gear (leaders)
    assert ann["breakdown"]["leaders"] == 3  # Aristotle on the one set
    assert bob["breakdown"]["leaders"] == 2  # Sappho
    assert bob["breakdown"]["guilds"] == 3 + 2  # Diplomats: Ann's 3 leaders + Cy's 2; copy: 0
    assert cy["breakdown"]["leaders"] == 0
    assert list(ann["breakdown"])[-1] == "leaders"


def test_without_the_expansion_the_booklet_keeps_seven_categories() -> None:
    data = leaders_sheet()
    del data["expansions"]
    with pytest.raises(InputError, match="unknown key"):
        score_table(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"p0": {"leaders": ["Napoleon"]}}, "unknown leader"),
        ({"p0": {"leaders": ["Sappho", "Sappho"]}}, "listed twice"),
        ({"p0": {"cards": ["Sappho"]}}, "is a leader"),
        ({"p2": {"courtesan": "Sappho"}}, "Courtesans Guild"),
        ({"p1": {"courtesan": "Cleopatra"}}, "not a leader recruited by a neighbour"),
    ],
)
def test_bad_leader_entries_are_named(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        score_table(leaders_sheet(**changes))


def test_unknown_expansion() -> None:
    data = leaders_sheet()
    data["expansions"] = ["armada"]
    with pytest.raises(InputError, match="unknown expansion"):
        score_table(data)


def test_tomyris_defeats_may_come_on_top_of_six_conflicts() -> None:
    # Ann won all six conflicts; her neighbour's Tomyris passed on three defeat tokens.
    military = [1, 1, 3, 3, 5, 5, -1, -1, -1]
    (ann, _, _) = score_table(leaders_sheet(p0={"military": military}))
    assert ann["breakdown"]["military"] == 18 - 3
    with pytest.raises(InputError, match="only 6 conflicts"):  # more defeats than wins
        score_table(leaders_sheet(p0={"military": [1, 3, 5, -1, -1, -1, -1, -1, -1, -1]}))
    without = leaders_sheet(p0={"military": military, "wonder": "Babylon"})
    del without["expansions"]
    for p in without["players"]:
        p.pop("leaders", None)
        p.pop("courtesan", None)
    with pytest.raises(InputError, match="only 6 conflicts"):  # no Tomyris in the base game
        score_table(without)


def test_one_leader_in_two_cities_is_refused() -> None:
    data = leaders_sheet(p1={"leaders": ["Ptolemy"]})
    with pytest.raises(InputError, match="Ptolemy is already Ann's leader"):
        score_table(data)


# ---------------------------------------------------------------- with Cities

# Clockwise: a player's left neighbour is the next one in the list, the right one the previous
# (wrapping). Ann: left Bob, right Dee. Bob: left Cy, right Ann. Cy: left Dee, right Bob.
# Dee: left Ann, right Cy.
CITIES_PLAYERS: list[dict[str, Any]] = [
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


def cities_sheet(teams: bool = False, **changes: Any) -> dict[str, Any]:
    players = copy.deepcopy(CITIES_PLAYERS)
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
    players = score_table(cities_sheet())
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
    data = cities_sheet(p1={"cards": ["Workshop"]}, p3={"cards": []})
    # Workshop (gear) on Bob's side: one mask copies it, the other finds nothing: 1.
    assert score_table(data)[2]["breakdown"]["science"] == 1
    data = cities_sheet(p1={"cards": []}, p3={"cards": []})
    assert score_table(data)[2]["breakdown"]["science"] == 0


def test_debt_costs_one_point_a_token() -> None:
    base = score_table(cities_sheet())[0]
    more = score_table(cities_sheet(p0={"debt": 9}))[0]
    assert more["breakdown"]["debt"] == -9
    assert base["total"] - more["total"] == 9 - 2


def test_a_team_game_ranks_teams_by_total_then_coins() -> None:
    # Ann + Bob: 34 + 15 = 49, coins 7 + 3 = 10; Cy + Dee: 5 + 14 = 19, coins 0 + 1 = 1.
    scored = score_sheet(cities_sheet(teams=True))
    assert scored["teams"] == [
        {"players": ["Ann", "Bob"], "total": 49, "coins": 10, "rank": 1},
        {"players": ["Cy", "Dee"], "total": 19, "coins": 1, "rank": 2},
    ]
    assert [p["rank"] for p in scored["players"]] == [1, 1, 2, 2]  # the team's rank
    # Dee with 91 coins: treasury 30, Dee 14 + 30 = 44, Cy + Dee 5 + 44 = 49, a tie with
    # Ann + Bob on 49; their coins 0 + 91 > 10: Cy and Dee rank first.
    tied = score_sheet(cities_sheet(teams=True, p3={"coins": 91}))
    assert [t["total"] for t in tied["teams"]] == [49, 49]
    assert [t["rank"] for t in tied["teams"]] == [2, 1]
    assert [p["rank"] for p in tied["players"]] == [2, 2, 1, 1]


def test_teams_may_wrap_around_the_list() -> None:
    data = cities_sheet()
    data["teams"] = [["Dee", "Ann"], ["Bob", "Cy"]]  # Ann sits on Dee's left (wrapping)
    scored = score_sheet(data)
    assert [t["total"] for t in scored["teams"]] == [14 + 34, 15 + 5]
    assert "teams" not in score_sheet(cities_sheet())  # no team game, no team rows


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
    data = cities_sheet(
        p0={"leaders": ["Darius", "Aspasia"]},
        p1={"leaders": ["Semiramis", "Caligula", "Berenice", "Diocletian"]},
    )
    data["expansions"] = ["cities", "leaders"]
    ann, bob, _, _ = score_table(data)
    assert ann["breakdown"]["leaders"] == 4 + 2
    assert bob["breakdown"]["leaders"] == 0
    assert list(ann["breakdown"])[-3:] == ["leaders", "cities", "debt"]
    assert ann["total"] == 34 + 6


CITIES_INVALID: list[tuple[str, dict[str, Any], str]] = [
    ("unknown card", {"p0": {"cards": ["Hideout", "Speakeasy"]}}, "Ann: unknown card 'Speakeasy'"),
    ("debt as text", {"p0": {"debt": "2"}}, "Ann: debt must be a whole number, got '2'"),
    ("debt as float", {"p0": {"debt": 1.5}}, "Ann: debt must be a whole number, got 1.5"),
    ("debt as bool", {"p0": {"debt": True}}, "Ann: debt must be a whole number, got True"),
    ("negative debt", {"p0": {"debt": -1}}, "Ann: debt (debt tokens held) cannot be negative"),
    ("Petra stage 3", {"p0": {"stages": 3}}, "Ann: stages must be 0 to 2 for Petra B, got 3"),
    ("black card twice", {"p0": {"cards": ["Lair", "lair"]}}, "Ann: Lair is listed twice"),
    ("a leader without leaders", {"p0": {"leaders": ["Darius"]}}, "unknown key 'leaders'"),
    ("Cities leader as card", {"p0": {"cards": ["Darius"]}}, 'add "leaders" to "expansions"'),
]


@pytest.mark.parametrize(
    ("changes", "message"),
    [(c, m) for _, c, m in CITIES_INVALID],
    ids=[i for i, _, _ in CITIES_INVALID],
)
def test_invalid_cities_entries(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        score_table(cities_sheet(**changes))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"p1": {"cards": ["Hideout"]}}, "Bob: unknown card 'Hideout' (a name of the Cities"),
        ({"p1": {"cards": ["Guild of Shadows"]}}, 'add "cities" to "expansions"'),
        ({"p0": {"wonder": "Petra"}}, "Ann: 'Petra' is not a wonder of this game (a name of"),
        ({"p1": {"debt": 1}}, "Bob: unknown key 'debt'"),
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
    data = cities_sheet(p0={"leaders": ["Darius"]})
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
    data = cities_sheet()
    data["teams"] = teams
    with pytest.raises(InputError) as caught:
        score_sheet(data)
    assert message in str(caught.value)


def test_teams_need_cities_an_even_table_and_distinct_names() -> None:
    data = cities_sheet(teams=True)
    data["expansions"] = []
    for p in data["players"]:
        p.pop("debt", None)
    with pytest.raises(InputError, match="teams need the Cities expansion"):
        score_sheet(data)
    data = cities_sheet(teams=True)
    data["players"] = data["players"][:3]
    with pytest.raises(InputError, match="4, 6 or 8 players, got 3"):
        score_sheet(data)
    data = cities_sheet(teams=True, p2={"name": "Ann"})
    with pytest.raises(InputError, match="two players are named 'Ann'"):
        score_sheet(data)
