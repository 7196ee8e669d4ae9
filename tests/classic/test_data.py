"""The card and board data: loaded and validated, equal to the printed cards, dealt right for
every table size; a broken data document is refused with a DataError.

``REFERENCE`` is shared/reference/classic-base.md's card tables, copied row by row (name, Age,
colour, cost, chains from, copies by minimum player count, effect); the tests read it with
their own small parser, independently of data/cards.toml.
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from wonders.classic.cards import RESOURCES, age_deck, catalog, parse_catalog
from wonders.classic.state import setup
from wonders.core.errors import DataError

REFERENCE = [
    ("Clay Pit", 1, "brown", "1 coin", "-", "3", "produces one of ore/clay"),
    ("Clay Pool", 1, "brown", "free", "-", "3 5", "produces clay"),
    ("Excavation", 1, "brown", "1 coin", "-", "4", "produces one of stone/clay"),
    ("Forest Cave", 1, "brown", "1 coin", "-", "5", "produces one of wood/ore"),
    ("Lumber Yard", 1, "brown", "free", "-", "3 4", "produces wood"),
    ("Mine", 1, "brown", "1 coin", "-", "6", "produces one of stone/ore"),
    ("Ore Vein", 1, "brown", "free", "-", "3 4", "produces ore"),
    ("Stone Pit", 1, "brown", "free", "-", "3 5", "produces stone"),
    ("Timber Yard", 1, "brown", "1 coin", "-", "3", "produces one of wood/stone"),
    ("Tree Farm", 1, "brown", "1 coin", "-", "6", "produces one of wood/clay"),
    ("Glassworks", 1, "grey", "free", "-", "3 6", "produces glass"),
    ("Loom", 1, "grey", "free", "-", "3 6", "produces loom"),
    ("Press", 1, "grey", "free", "-", "3 6", "produces papyrus"),
    (
        "East Trading Post",
        1,
        "yellow",
        "free",
        "-",
        "3 7",
        "buy clay/stone/ore/wood from right neighbour for 1 coin",
    ),
    (
        "Marketplace",
        1,
        "yellow",
        "free",
        "-",
        "3 6",
        "buy loom/glass/papyrus from left & right neighbour for 1 coin",
    ),
    ("Tavern", 1, "yellow", "free", "-", "4 5 7", "5 coins once"),
    (
        "West Trading Post",
        1,
        "yellow",
        "free",
        "-",
        "3 7",
        "buy clay/stone/ore/wood from left neighbour for 1 coin",
    ),
    ("Altar", 1, "blue", "free", "-", "3 5", "2 VP"),
    ("Baths", 1, "blue", "1 stone", "-", "3 7", "3 VP"),
    ("Pawnshop", 1, "blue", "free", "-", "4 7", "3 VP"),
    ("Theater", 1, "blue", "free", "-", "3 6", "2 VP"),
    ("Apothecary", 1, "green", "1 loom", "-", "3 5", "science: compass"),
    ("Scriptorium", 1, "green", "1 papyrus", "-", "3 4", "science: tablet"),
    ("Workshop", 1, "green", "1 glass", "-", "3 7", "science: gear"),
    ("Barracks", 1, "red", "1 ore", "-", "3 5", "1 shield(s)"),
    ("Guard Tower", 1, "red", "1 clay", "-", "3 4", "1 shield(s)"),
    ("Stockade", 1, "red", "1 wood", "-", "3 7", "1 shield(s)"),
    ("Brickyard", 2, "brown", "1 coin", "-", "3 4", "produces clay + clay"),
    ("Foundry", 2, "brown", "1 coin", "-", "3 4", "produces ore + ore"),
    ("Quarry", 2, "brown", "1 coin", "-", "3 4", "produces stone + stone"),
    ("Sawmill", 2, "brown", "1 coin", "-", "3 4", "produces wood + wood"),
    ("Glassworks", 2, "grey", "free", "-", "3 5", "produces glass"),
    ("Loom", 2, "grey", "free", "-", "3 5", "produces loom"),
    ("Press", 2, "grey", "free", "-", "3 5", "produces papyrus"),
    (
        "Bazar",
        2,
        "yellow",
        "free",
        "-",
        "4 7",
        "2 coin(s) once per grey cards in self + left + right",
    ),
    (
        "Caravansery",
        2,
        "yellow",
        "2 wood",
        "Marketplace",
        "3 5 6",
        "produces one of wood/stone/ore/clay (not tradable)",
    ),
    (
        "Forum",
        2,
        "yellow",
        "2 clay",
        "East Trading Post, West Trading Post",
        "3 6 7",
        "produces one of glass/papyrus/loom (not tradable)",
    ),
    (
        "Vineyard",
        2,
        "yellow",
        "free",
        "-",
        "3 6",
        "1 coin(s) once per brown cards in self + left + right",
    ),
    ("Aqueduct", 2, "blue", "3 stone", "Baths", "3 7", "5 VP"),
    ("Courthouse", 2, "blue", "2 clay, 1 loom", "Scriptorium", "3 5", "4 VP"),
    ("Statue", 2, "blue", "1 wood, 2 ore", "Theater", "3 7", "4 VP"),
    ("Temple", 2, "blue", "1 wood, 1 clay, 1 glass", "Altar", "3 6", "3 VP"),
    ("Dispensary", 2, "green", "2 ore, 1 glass", "Apothecary", "3 4", "science: compass"),
    ("Laboratory", 2, "green", "2 clay, 1 papyrus", "Workshop", "3 5", "science: gear"),
    ("Library", 2, "green", "2 stone, 1 loom", "Scriptorium", "3 6", "science: tablet"),
    ("School", 2, "green", "1 wood, 1 papyrus", "-", "3 7", "science: tablet"),
    ("Archery Range", 2, "red", "2 wood, 1 ore", "Workshop", "3 6", "2 shield(s)"),
    ("Stables", 2, "red", "1 wood, 1 ore, 1 clay", "Apothecary", "3 5", "2 shield(s)"),
    ("Training Ground", 2, "red", "1 wood, 2 ore", "-", "4 6 7", "2 shield(s)"),
    ("Walls", 2, "red", "3 stone", "-", "3 7", "2 shield(s)"),
    (
        "Arena",
        3,
        "yellow",
        "2 stone, 1 ore",
        "Dispensary",
        "3 5 7",
        "3 coin(s) once per wonder stages in self; 1 VP at end per wonder stages in self",
    ),
    (
        "Chamber of Commerce",
        3,
        "yellow",
        "2 clay, 1 papyrus",
        "-",
        "4 6",
        "2 coin(s) once per grey cards in self; 2 VP at end per grey cards in self",
    ),
    (
        "Haven",
        3,
        "yellow",
        "1 wood, 1 ore, 1 loom",
        "Forum",
        "3 4",
        "1 coin(s) once per brown cards in self; 1 VP at end per brown cards in self",
    ),
    (
        "Lighthouse",
        3,
        "yellow",
        "1 stone, 1 glass",
        "Caravansery",
        "3 6",
        "1 coin(s) once per yellow cards in self; 1 VP at end per yellow cards in self",
    ),
    ("Gardens", 3, "blue", "1 wood, 2 clay", "Statue", "3 4", "5 VP"),
    (
        "Palace",
        3,
        "blue",
        "1 wood, 1 stone, 1 ore, 1 clay, 1 glass, 1 papyrus, 1 loom",
        "-",
        "3 7",
        "8 VP",
    ),
    ("Pantheon", 3, "blue", "1 ore, 2 clay, 1 glass, 1 papyrus, 1 loom", "Temple", "3 6", "7 VP"),
    ("Senate", 3, "blue", "2 wood, 1 stone, 1 ore", "Library", "3 5", "6 VP"),
    ("Town Hall", 3, "blue", "2 stone, 1 ore, 1 glass", "-", "3 5 6", "6 VP"),
    ("Academy", 3, "green", "3 stone, 1 glass", "School", "3 7", "science: compass"),
    ("Lodge", 3, "green", "2 clay, 1 papyrus, 1 loom", "Dispensary", "3 6", "science: compass"),
    ("Observatory", 3, "green", "2 ore, 1 glass, 1 loom", "Laboratory", "3 7", "science: gear"),
    ("Study", 3, "green", "1 wood, 1 papyrus, 1 loom", "School", "3 5", "science: gear"),
    ("University", 3, "green", "2 wood, 1 glass, 1 papyrus", "Library", "3 4", "science: tablet"),
    ("Arsenal", 3, "red", "2 wood, 1 ore, 1 loom", "-", "3 4 7", "3 shield(s)"),
    ("Circus", 3, "red", "3 stone, 1 ore", "Training Ground", "4 5 6", "3 shield(s)"),
    ("Fortifications", 3, "red", "1 stone, 3 ore", "Walls", "3 7", "3 shield(s)"),
    ("Siege Workshop", 3, "red", "1 wood, 3 clay", "Laboratory", "3 5", "3 shield(s)"),
    (
        "Builders Guild",
        3,
        "purple",
        "2 stone, 2 clay, 1 glass",
        "-",
        "-",
        "1 VP at end per wonder stages in left + self + right",
    ),
    (
        "Craftsmens Guild",
        3,
        "purple",
        "2 stone, 2 ore",
        "-",
        "-",
        "2 VP at end per grey cards in left + right",
    ),
    (
        "Magistrates Guild",
        3,
        "purple",
        "3 wood, 1 stone, 1 loom",
        "-",
        "-",
        "1 VP at end per blue cards in left + right",
    ),
    (
        "Philosophers Guild",
        3,
        "purple",
        "3 clay, 1 papyrus, 1 loom",
        "-",
        "-",
        "1 VP at end per green cards in left + right",
    ),
    (
        "Scientists Guild",
        3,
        "purple",
        "2 wood, 2 ore, 1 papyrus",
        "-",
        "-",
        "science: any one symbol (chosen at game end)",
    ),
    (
        "Shipowners Guild",
        3,
        "purple",
        "3 wood, 1 glass, 1 papyrus",
        "-",
        "-",
        "1 VP at end per brown/grey/purple cards in self",
    ),
    (
        "Spies Guild",
        3,
        "purple",
        "3 clay, 1 glass",
        "-",
        "-",
        "1 VP at end per red cards in left + right",
    ),
    (
        "Strategists Guild",
        3,
        "purple",
        "1 stone, 2 ore, 1 loom",
        "-",
        "-",
        "1 VP at end per defeat tokens in left + right",
    ),
    (
        "Traders Guild",
        3,
        "purple",
        "1 glass, 1 papyrus, 1 loom",
        "-",
        "-",
        "1 VP at end per yellow cards in left + right",
    ),
    (
        "Workers Guild",
        3,
        "purple",
        "1 wood, 1 stone, 2 ore, 1 clay",
        "-",
        "-",
        "1 VP at end per brown cards in left + right",
    ),
]

Norm = tuple[Any, ...]


def reference_effects(text: str) -> list[Norm]:
    """The reference table's effect text as normalised effects."""
    out: list[Norm] = []
    for part in text.split("; "):
        m = re.fullmatch(r"produces one of ([a-z/]+)( \(not tradable\))?", part)
        if m:
            out.append(("produce_choice", tuple(sorted(m.group(1).split("/")))))
            continue
        m = re.fullmatch(r"produces ([a-z]+(?: \+ [a-z]+)*)", part)
        if m:
            out.append(("produce", tuple(sorted(m.group(1).split(" + ")))))
            continue
        m = re.fullmatch(r"buy ([a-z/]+) from (left|right|left & right) neighbour for 1 coin", part)
        if m:
            sides = tuple(sorted(m.group(2).split(" & ")))
            out.append(("trade_discount", tuple(sorted(m.group(1).split("/"))), sides))
            continue
        m = re.fullmatch(r"(\d+) (coins once|VP|shield\(s\))", part)
        if m:
            kind = {"coins once": "coins", "VP": "points", "shield(s)": "shields"}[m.group(2)]
            out.append((kind, int(m.group(1))))
            continue
        m = re.fullmatch(
            r"science: (compass|gear|tablet|any one symbol \(chosen at game end\))", part
        )
        if m:
            out.append(("science", m.group(1).split()[0]))
            continue
        m = re.fullmatch(r"(\d+) (coin\(s\) once|VP at end) per ([a-z/ ]+) in ([a-z +]+)", part)
        if m:
            kind = "coins_per" if m.group(2).startswith("coin") else "points_per"
            what = m.group(3)
            counted = (
                ("wonder_stages",)
                if what == "wonder stages"
                else ("defeat_tokens",)
                if what == "defeat tokens"
                else tuple(what.removesuffix(" cards").split("/"))
            )
            whose = tuple(sorted(m.group(4).split(" + ")))
            out.append((kind, int(m.group(1)), tuple(sorted(counted)), whose))
            continue
        raise AssertionError(f"unparsed reference effect {part!r}")
    return sorted(out)


def data_effects(effects: list[dict[str, Any]]) -> list[Norm]:
    out: list[Norm] = []
    for e in effects:
        kind = e["type"]
        if kind in ("produce", "produce_choice"):
            key = "resources" if kind == "produce" else "options"
            out.append((kind, tuple(sorted(e[key]))))
        elif kind == "trade_discount":
            out.append((kind, tuple(sorted(e["resources"])), tuple(sorted(e["sides"]))))
        elif kind in ("coins", "points", "shields"):
            out.append((kind, e[kind]))
        elif kind == "science":
            out.append((kind, e["symbol"]))
        else:
            amount = e["coins" if kind == "coins_per" else "points"]
            out.append((kind, amount, tuple(sorted(e["count"])), tuple(sorted(e["whose"]))))
    return sorted(out)


def reference_cost(text: str) -> tuple[int, dict[str, int]]:
    if text == "free":
        return 0, {}
    coins, res = 0, {}
    for part in text.split(", "):
        n, what = part.split()
        if what.startswith("coin"):
            coins = int(n)
        else:
            res[what] = int(n)
    return coins, res


@pytest.mark.parametrize("row", REFERENCE, ids=[f"{r[0]}-{r[1]}" for r in REFERENCE])
def test_card_data_matches_the_printed_card(row: tuple[Any, ...]) -> None:
    name, age, colour, cost, chains, copies, effect = row
    card = next(c for c in catalog().by_name[name.lower()] if c.age == age)
    data = card.to_json()
    assert data["color"] == colour
    coins, res = reference_cost(cost)
    assert data["cost"] == {"coins": coins, "resources": res}
    assert data["chains_from"] == ([] if chains == "-" else chains.split(", "))
    assert data["copies"] == ([] if copies == "-" else [int(x) for x in copies.split()])
    assert data_effects(data["effect"]) == reference_effects(effect)
    assert card.tradable == (colour in ("brown", "grey"))


def test_the_catalogue_has_exactly_the_printed_cards() -> None:
    cat = catalog()
    assert {(c.name, c.age) for c in cat.cards} == {(r[0], r[1]) for r in REFERENCE}


def test_the_box_has_49_49_and_50_cards_and_7_two_sided_boards() -> None:
    cat = catalog()
    physical = Counter(c.age for c in cat.cards if not c.is_guild for _ in c.copies)
    assert physical == {1: 49, 2: 49, 3: 40}
    assert len(cat.guilds) == 10
    assert physical[3] + len(cat.guilds) == 50
    assert sorted(w.name for w in cat.wonders) == [
        "Alexandria",
        "Babylon",
        "Ephesus",
        "Giza",
        "Halicarnassus",
        "Olympia",
        "Rhodes",
    ]
    assert all(set(w.sides) == {"A", "B"} for w in cat.wonders)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_each_age_deals_seven_cards_a_player(players: int) -> None:
    cat = catalog()
    # the rulebook: a 6-player game uses the 3+, 4+, 5+ and 6+ cards
    for age in (1, 2, 3):
        deck = age_deck(cat, age, players)
        expected = sum(1 for c in cat.cards if c.age == age for m in c.copies if m <= players)
        assert len(deck) == expected
        assert len(deck) == 7 * players - (players + 2 if age == 3 else 0)
        assert not any(c.is_guild for c in deck)
    s = setup({"players": players}, seed=players)
    assert [len(h) for h in s.hands] == [7] * players
    for age in (2, 3):
        assert all(len(h) == 7 for h in s.ages[age - 1])
        assert all(c.age == age for h in s.ages[age - 1] for c in h)
    guilds = [c.name for h in s.ages[2] for c in h if c.is_guild]
    assert len(guilds) == players + 2 and len(set(guilds)) == players + 2


def test_the_guilds_drawn_change_with_the_seed() -> None:
    drawn = {
        frozenset(c.name for h in setup({"players": 3}, seed=k).ages[2] for c in h if c.is_guild)
        for k in range(12)
    }
    assert len(drawn) > 1


def test_every_chain_comes_from_a_card_of_an_earlier_age() -> None:
    cat = catalog()
    for c in cat.cards:
        for source in c.chains_from:
            assert max(x.age for x in cat.by_name[source.lower()]) < c.age, (c.name, source)


def test_wonders_are_found_by_their_other_names() -> None:
    cat = catalog()
    assert cat.wonder_named("Halikarnassos").name == "Halicarnassus"
    assert cat.wonder_named("colossus of rhodes").name == "Rhodes"


def test_every_wonder_stage_costs_resources_and_boards_produce_one() -> None:
    for w in catalog().wonders:
        assert RESOURCES[w.produces] in RESOURCES
        for side in ("A", "B"):
            assert all(any(st.cost) for st in w.sides[side])


# ---------------------------------------------------------------- broken data


def documents() -> tuple[dict[str, Any], dict[str, Any]]:
    data = resources.files("wonders.classic") / "data"
    cards = tomllib.loads((data / "cards.toml").read_text(encoding="utf-8"))
    wonders = tomllib.loads((data / "wonders.toml").read_text(encoding="utf-8"))
    return copy.deepcopy(cards), copy.deepcopy(wonders)


def card_entry(doc: dict[str, Any], name: str, age: int | None = None) -> dict[str, Any]:
    return next(c for c in doc["card"] if c["name"] == name and (age is None or c["age"] == age))


def test_the_unmodified_documents_parse() -> None:
    cards, wonders = documents()
    cat = parse_catalog(cards, wonders)
    assert len(cat.cards) == len(catalog().cards)


def _unknown_cost_resource(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Baths")["cost"]["resources"] = {"marble": 1}


def _unknown_produced_resource(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Clay Pit")["effects"][0]["options"] = ["ore", "gold"]


def _unknown_board_resource(c: dict[str, Any], w: dict[str, Any]) -> None:
    w["wonder"][0]["produces"] = "gold"


def _unknown_stage_cost_resource(c: dict[str, Any], w: dict[str, Any]) -> None:
    w["wonder"][0]["A"][0]["cost"] = {"marble": 2}


def _unknown_effect(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Tavern")["effects"][0] = {"type": "steal_coins", "coins": 5}


def _wonder_power_on_a_card(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Tavern")["effects"][0] = {"type": "build_from_discard"}


def _unknown_stage_effect(c: dict[str, Any], w: dict[str, Any]) -> None:
    w["wonder"][0]["A"][1]["effects"] = [{"type": "teleport"}]


def _unknown_counted_thing(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Spies Guild")["effects"][0]["count"] = ["spies"]


def _unknown_symbol(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Workshop")["effects"][0]["symbol"] = "wheelbarrow"


def _chain_to_unknown_card(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Aqueduct")["chains_from"] = ["Bathhouse"]


def _chain_from_a_later_age(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Baths")["chains_from"] = ["Aqueduct"]


def _chain_within_one_age(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Altar")["chains_from"] = ["Theater"]  # both Age I


def _a_copy_missing(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Clay Pool")["copies"] = [3]  # Age I deals 20 cards to 3 players


def _a_copy_too_many(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Walls")["copies"] = [3, 7, 7]


def _a_copy_for_the_wrong_player_count(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Press", 1)["copies"] = [3, 5]  # one card too many for 5 players


def _a_card_removed(c: dict[str, Any], w: dict[str, Any]) -> None:
    c["card"].remove(card_entry(c, "Palace"))


def _too_few_guilds(c: dict[str, Any], w: dict[str, Any]) -> None:
    for name in ("Spies Guild", "Traders Guild"):
        c["card"].remove(card_entry(c, name))


def _a_card_twice(c: dict[str, Any], w: dict[str, Any]) -> None:
    c["card"].append(dict(card_entry(c, "Altar")))


def _unknown_colour(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Altar")["color"] = "pink"


def _a_fourth_age(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Altar")["age"] = 4


def _a_negative_coin_cost(c: dict[str, Any], w: dict[str, Any]) -> None:
    card_entry(c, "Altar")["cost"] = {"coins": -1}


def _a_stage_that_costs_nothing(c: dict[str, Any], w: dict[str, Any]) -> None:
    w["wonder"][0]["A"][0]["cost"] = {}


def _a_side_without_stages(c: dict[str, Any], w: dict[str, Any]) -> None:
    w["wonder"][0]["B"] = []


BROKEN = [
    (_unknown_cost_resource, "unknown resource"),
    (_unknown_produced_resource, "unknown resource"),
    (_unknown_board_resource, "unknown resource"),
    (_unknown_stage_cost_resource, "unknown resource"),
    (_unknown_effect, "unknown effect"),
    (_wonder_power_on_a_card, "unknown effect"),
    (_unknown_stage_effect, "unknown effect"),
    (_unknown_counted_thing, "count"),
    (_unknown_symbol, "symbol"),
    (_chain_to_unknown_card, "unknown card"),
    (_chain_from_a_later_age, "later Age"),
    (_chain_within_one_age, "Age"),
    (_a_copy_missing, "deals"),
    (_a_copy_too_many, "deals"),
    (_a_copy_for_the_wrong_player_count, "deals"),
    (_a_card_removed, "deals"),
    (_too_few_guilds, "guilds"),
    (_a_card_twice, "twice"),
    (_unknown_colour, "colour"),
    (_a_fourth_age, "age"),
    (_a_negative_coin_cost, "integer"),
    (_a_stage_that_costs_nothing, "costs"),
    (_a_side_without_stages, "stages"),
]


@pytest.mark.parametrize(("mutate", "message"), BROKEN, ids=[m.__name__[1:] for m, _ in BROKEN])
def test_a_broken_data_document_raises_data_error(mutate: Any, message: str) -> None:
    cards, wonders = documents()
    mutate(cards, wonders)
    with pytest.raises(DataError, match=message):
        parse_catalog(cards, wonders)
