"""The real-table score booklet: a hand-scored game and every malformed sheet."""

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
    ("unknown top key", _top("date", "today"), "unknown key(s) ['date']"),
    ("players not a list", _top("players", {"Ann": 1}), "players must be a list"),
    ("a player not a dict", _top("players", ["Ann", "Bob", "Cid"]), "player 1 must be"),
    ("missing key", _drop(0, "coins"), "Ann: missing 'coins'"),
    ("unknown player key", _set(0, "coin", 3), "Ann: unknown key(s) ['coin']"),
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


def test_cities_cards_and_leaders_need_their_expansion() -> None:
    with pytest.raises(InputError, match=r'Hideout.*add "cities" to "expansions"'):
        score_table(_with_cards(["Hideout"]))
    leaders_only = sheet()
    leaders_only["expansions"] = ["leaders"]
    leaders_only["players"][0]["leaders"] = ["Caligula"]
    with pytest.raises(InputError, match=r'Caligula.*add "cities" to "expansions"'):
        score_table(leaders_only)
