"""Duel's words shared by every front end (``wonders.duel.present``): the log for a seat and
a spectator, with the table's names (the web) or without (the terminal), who won and how."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console

from tests.duel import scenario
from wonders.cli.session import SeatTable, Session
from wonders.core.present import Heading, age_name, seat_view
from wonders.core.protocol import JSON
from wonders.duel import advice, describe, present
from wonders.duel import plain as duel_front
from wonders.duel.cards import catalog
from wonders.duel.present import (
    QUIET,
    SAY,
    Log,
    action_label,
    decision,
    pawn,
    reward,
    victory_line,
)
from wonders.duel.state import DuelState, setup
from wonders.duel.tui import DuelScreen

NAMES = ["Ann", "Bob"]
# "you" in a third-person sentence: "you plays again", "You gets", "you took" of the web
THIRD_PERSON_YOU = re.compile(r"\b[Yy]ou (plays|takes|uses|gets|starts|builds|moves|loses)\b")


def finished(options: JSON, seed: int) -> DuelState:
    state = setup(options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        (p,) = state.to_move()
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def said(reader: int | None, events: list[JSON], names: list[str] | None = NAMES) -> list[str]:
    return Log(seat_view(reader), names).lines(events)


def test_a_tokens_power_is_told_under_the_name_the_data_gives_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sentences name the token whose data holds the effect (tokens.toml), so data that
    moved Urbanism's chain coins to Masonry would be told as Masonry's."""
    tokens = catalog().tokens
    masonry = next(t for t in tokens if t.name == "Masonry")
    moved = [
        replace(t, effects={**t.effects, "chain_coins": 4}) if t is masonry else t
        for t in tokens
        if not t.effects.get("chain_coins")
    ]
    monkeypatch.setattr(present, "catalog", lambda: replace(catalog(), tokens=tuple(moved)))
    (line,) = said(0, [{"type": "urbanism", "player": 0, "coins": 4}])
    assert line == "You received 4 coins for building by a chain (Masonry)"


@pytest.mark.parametrize("options", [{}, {"first_game": True}])
def test_every_event_of_every_variant_reads_in_plain_words(options: JSON) -> None:
    seen: set[str] = set()
    for seed in range(6):
        state = finished(options, seed)
        for reader in (0, 1, None):
            view = state.view(reader)
            for names in (NAMES, None):
                log = Log(view, names)
                for event in view["events"]:
                    seen.add(event["type"])
                    text = log.line(event)
                    if event["type"] in QUIET:
                        assert text is None
                        continue
                    assert text, event
                    for bad in ("{", "}", "[bold]", "_", "(s)", "Age 1", "Age 2", "Age 3"):
                        assert bad not in text, text
                    assert not THIRD_PERSON_YOU.search(text), text
                    if reader is not None and names is not None:
                        assert NAMES[reader] not in text, text  # the reader is "you"
                    if reader is None:  # nobody is "you" (a wonder's own text aside)
                        plain = text.replace(reward(event.get("wonder", "")) or "\0", "")
                        assert not re.search(r"\b[Yy]ou", plain), text
                lines = log.lines(view["events"][:3])
                assert all(t[0] == t[0].upper() for t in lines)
    assert seen <= set(SAY) | QUIET, seen - set(SAY) - QUIET


def test_the_rival_is_your_rival_in_the_terminal_and_named_in_the_web() -> None:
    events: list[JSON] = [
        {"type": "build", "player": 1, "card": "Baths", "paid": 2},
        {"type": "replay", "player": 1},
    ]
    assert said(0, events, None) == ["Your rival built Baths for 2 coins", "Your rival plays again"]
    assert said(0, events) == ["Bob built Baths for 2 coins", "Bob plays again"]
    assert said(None, events, None) == ["Player 2 built Baths for 2 coins", "Player 2 plays again"]


def test_the_reader_has_sentences_of_their_own() -> None:
    """The web said "you plays again", "you took 1 coins", "you moved the conflict pawn 1
    space(s)": the reader's own sentences now, in both front ends."""
    events: list[JSON] = [
        {"type": "replay", "player": 0},
        {"type": "pick_wonder", "player": 0, "wonder": "The Pyramids"},
        {"type": "coins", "player": 0, "coins": 1, "card": "Tavern"},
        {"type": "military", "player": 0, "shields": 1, "position": 1},
        {"type": "economy", "player": 0, "coins": 1},
        {"type": "destroy", "player": 0, "card": "Press"},
    ]
    assert said(0, events) == [
        "You play again",
        "You took The Pyramids",
        "You received 1 coin from Tavern",
        "You moved the conflict pawn 1 space toward Bob's capital",
        "You received 1 coin that Bob paid the bank for resources (Economy)",
        "You discarded Bob's Press",
    ]
    assert said(1, events, None) == [
        "Your rival plays again",
        "Your rival took The Pyramids",
        "Your rival received 1 coin from Tavern",
        "Your rival moved the conflict pawn 1 space toward your capital",
        "Your rival received the 1 coin you paid the bank for resources (Economy)",
        "Your rival discarded your Press",
    ]
    assert said(None, events)[-2:] == [
        "Ann received the 1 coin Bob paid the bank for resources (Economy)",
        "Ann discarded Bob's Press",
    ]


def test_counts_agree_with_their_number() -> None:
    """Not "1 coins" nor "coin(s)" (the web's military token and Economy lines)."""
    events: list[JSON] = [
        {"type": "build", "player": 0, "card": "Stone pit", "paid": 1},
        {"type": "military_token", "player": 1, "coins": 2},
        {"type": "military_token", "player": 0, "coins": 0},
        {"type": "sell", "player": 1, "card": "Altar", "coins": 1},
        {"type": "military", "player": 1, "shields": 3, "position": -2},
    ]
    assert said(0, events) == [
        "You built Stone pit for 1 coin",
        "Bob lost 2 coins to a military token",
        "You had no coins to lose to the military token",
        "Bob sold Altar for 1 coin",
        "Bob moved the conflict pawn 3 spaces toward your capital; "
        "the conflict pawn is 2 spaces toward your capital",
    ]
    assert pawn(0, 0) == "the conflict pawn is in the centre"


def test_ages_are_written_i_ii_iii_and_open_a_section() -> None:
    lines = said(0, [{"type": "age", "age": 2, "cards": []}], None)
    assert lines == ["Age II: its structure is laid out"]
    assert isinstance(lines[0], Heading)
    state = finished({}, 1)
    for line in Log(state.view(0)).lines(state.view(0)["events"]):
        assert "[" not in line and not re.search(r"Age \d", line)


def test_who_chose_who_starts_each_age_with_names_and_for_a_spectator() -> None:
    events: list[JSON] = [
        {"type": "first", "age": 1, "player": 0, "chooser": None},
        {"type": "first", "age": 2, "player": 1, "chooser": 0},
        {"type": "first", "age": 3, "player": 1, "chooser": 1},
    ]
    assert said(0, events) == [
        "You start Age I",
        "You chose Bob to start Age II",
        "Bob chose to start Age III",
    ]
    assert said(1, events) == [
        "Ann starts Age I",
        "Ann chose you to start Age II",
        "You chose to start Age III",
    ]
    assert said(None, events)[1] == "Ann chose Bob to start Age II"
    assert all(isinstance(line, Heading) for line in said(None, events))


def test_the_great_library_draw_is_named_to_its_drawer_only() -> None:
    event: JSON = {"type": "library", "player": 0, "tokens": ["Law", "Masonry", "Strategy"]}
    assert said(0, [event]) == [
        "You drew 3 progress tokens from the box (The Great Library): Law, Masonry and Strategy"
    ]
    for reader in (1, None):
        (line,) = said(reader, [event])
        assert line == "Ann drew 3 progress tokens from the box (The Great Library)"


def test_the_game_over_line_says_who_won_by_supremacy() -> None:
    over: list[JSON] = [{"type": "game_over", "victory": "military", "winner": 1}]
    assert said(0, over, None) == ["Game over: your rival wins by military supremacy"]
    assert said(1, over) == ["Game over: you win by military supremacy"]
    science: list[JSON] = [{"type": "game_over", "victory": "science", "winner": 0}]
    assert said(1, science) == ["Game over: Ann wins by scientific supremacy"]
    civilian: list[JSON] = [{"type": "game_over", "victory": "civilian", "winner": None}]
    assert said(None, civilian) == ["Game over after Age III: the points decide"]


# ---------------------------------------------------------------- who won and how


def result(victory: str, winners: list[int], totals: list[int], blue: list[int]) -> JSON:
    ranks = [1 if p in winners else 2 for p in (0, 1)]
    return {
        "totals": totals,
        "winners": winners,
        "victory": victory,
        "players": [
            {
                "seat": p,
                "total": totals[p],
                "rank": ranks[p],
                "tiebreak": blue[p],
                "breakdown": {"civilian": blue[p]},
            }
            for p in (0, 1)
        ],
    }


def test_victory_line_says_who_won_how_and_why_a_lower_total_wins() -> None:
    military = result("military", [1], [31, 20], [9, 3])
    assert victory_line(military, 0) == (
        "Your rival won by military supremacy: the conflict pawn reached your capital. "
        "Supremacy wins at once, whatever the points (20 VP to 31)."
    )
    assert victory_line(military, 1, NAMES).startswith(
        "You won by military supremacy: the conflict pawn reached Ann's capital."
    )
    assert victory_line(military, None, NAMES).startswith("Bob won by military supremacy")
    science = result("science", [0], [40, 35], [0, 0])
    assert victory_line(science, 0) == (
        "You won by scientific supremacy: 6 different science symbols."
    )
    assert victory_line(result("civilian", [0], [60, 52], [20, 9]), 1) == (
        "Your rival won on points: 60 VP to 52."
    )
    assert victory_line(result("civilian", [1], [55, 55], [12, 17]), 1) == (
        "You won on points: 55 VP each, and more civilian VP (17 to 12)."
    )
    assert victory_line(result("civilian", [0, 1], [50, 50], [8, 8]), 0) == (
        "A shared victory: 50 VP each and 8 civilian VP each."
    )


def played_out(seed: int) -> Session:
    """A finished game at the table, seat 0 playing its first choice against random bots."""
    session = Session("duel", {}, seed, 0, "random")
    session.bots_move()
    while not session.state.is_terminal():
        session.apply(0, session.state.legal_actions(0)[0])
        session.bots_move()
    return session


def screen(renderable: Any) -> str:
    console = Console(file=io.StringIO(), width=300, color_system=None)
    console.print(renderable)
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    return out


def test_both_end_screens_say_who_won_and_how() -> None:
    session = played_out(2)
    result_json = session.state.result().to_json()
    line = victory_line(result_json, 0)
    assert line.startswith(("You won", "Your rival won", "A shared victory"))
    console = Console(file=io.StringIO(), width=300, color_system=None)
    duel_front.final(console, session.state.view(0), session.state.result())
    assert line in console.file.getvalue()  # type: ignore[attr-defined]
    assert line in screen(DuelScreen(SeatTable(session)).final())


# ---------------------------------------------------------------- what a card costs you


def test_the_cost_shown_is_the_cards_own_coins_plus_the_trade() -> None:
    """Forum costs 3 coins and 1 clay: without clay the shown cost is 3 + the clay's price,
    ``advice.card_cost``; the table's help says so (it named the trade alone)."""
    session = Session("duel", {"first_game": True}, 1, 0, "random")
    state = session.state
    assert isinstance(state, DuelState)
    state = scenario.new_age(state, 2)  # an Age II structure with Forum on offer, seat 0 to play
    state = scenario.offer(state, "Forum")
    state = scenario.coins(state, 20, 7)
    session.state = state  # the table plays the position built
    view = state.view(0)
    total, trade = advice.card_cost(view, 0, "Forum")
    assert trade >= 2 and total == 3 + trade
    build = {"kind": "build", "card": "Forum"}
    assert action_label(view, build) == (
        f"Build Forum for {total} coins: 3 coins printed on it and {trade} coins to the bank "
        "for 1 clay."
    )
    game = DuelScreen(SeatTable(session))
    forum = next(c for c in game.choices() if str(c.label).startswith("Forum"))
    assert str(forum.label).split()[-2:] == [str(total), "coins"]
    assert action_label(view, build) in [str(way.label) for way in forum.children]
    assert "what it costs you now, trade included" in game.help()


# ---------------------------------------------------------------- decisions and actions


def age_two(*offered: str, seed: int = 1) -> DuelState:
    """A first-game table in Age II, ``offered`` cards accessible, seat 0 to play with 30
    coins (7 for its rival)."""
    state = setup({"first_game": True}, seed)
    state = scenario.new_age(state, 2)
    state = scenario.offer(state, *offered)
    state = scenario.coins(state, 30, 7)
    return state


def labels(state: DuelState, seat: int = 0, names: list[str] | None = NAMES) -> list[str]:
    view = state.view(seat)
    return [action_label(view, a.to_json(), names) for a in state.legal_actions(seat)]


def asked(state: DuelState, seat: int = 0, names: list[str] | None = NAMES) -> tuple[str, str]:
    legal = [a.to_json() for a in state.legal_actions(seat)]
    return decision(state.view(seat), legal, names)


def test_a_card_says_its_whole_price_or_why_it_is_free_a_sale_its_coins() -> None:
    """The web's buttons read just "Build": each build says its price for you now (the
    card's coins plus the resources bought, ``advice.card_cost``), free and why (a chain),
    and a sale its coins."""
    state = age_two("Aqueduct", "Brewery")
    state = scenario.give(state, 0, "Baths", "Tavern")  # Baths chains into Aqueduct; a yellow card
    said = labels(state)
    assert "Build Aqueduct for free by its chain from Baths." in said
    assert "Sell Aqueduct for 3 coins." in said  # 2, plus 1 for Tavern
    printed = advice.card_cost(state.view(0), 0, "Brewery")
    assert printed == (0, 0) and "Build Brewery for free." in said
    state = scenario.tokens(state, 0, "Urbanism")
    assert (
        "Build Aqueduct for free by its chain from Baths. Urbanism gives you 4 coins for it."
        in (labels(state))
    )
    state = scenario.tokens(state, 1, "Economy")
    state = scenario.offer(state, "Forum")
    total, trade = advice.card_cost(state.view(0), 0, "Forum")
    forum = next(t for t in labels(state) if t.startswith("Build Forum"))
    assert forum.endswith(f" Bob gets the {trade} coins you pay for resources (Economy).")
    assert f"Build Forum for {total} coins" in forum


def test_a_wonder_says_its_cost_and_reward() -> None:
    state = age_two("Baths")
    state = scenario.wonders(state, 0, "The Pyramids", "The Sphinx")
    cost = advice.wonder_cost(state.view(0), 0, "The Pyramids")
    said = labels(state)
    assert f"Build The Pyramids with Baths for {cost} coins: 9 VP." in said
    sphinx = next(t for t in said if t.startswith("Build The Sphinx with Baths"))
    assert sphinx.endswith(": play again at once; 6 VP.")
    state = scenario.tokens(state, 0, "Theology")
    pyramids = next(t for t in labels(state) if t.startswith("Build The Pyramids"))
    assert pyramids.endswith("9 VP. Theology lets you play again.")
    scenario.play(state, scenario.wonder("Baths", "The Sphinx"))
    assert asked(state)[1].startswith("You play again. Take a card of the structure ")


def start_state(seed: int) -> DuelState:
    """Seat 0 choosing who starts Age II of a random game."""
    for s in range(seed, seed + 40):
        state = setup({}, s)
        rng = random.Random(s)
        while not state.is_terminal():
            (p,) = state.to_move()
            view = state.view(p)
            if p == 0 and view["pending"] and view["pending"]["kind"] == "start":
                return state
            state.apply(p, rng.choice(state.legal_actions(p)))
    raise AssertionError("no Age to start")


def test_who_starts_the_next_age_says_why_you_choose_and_names_who_starts() -> None:
    """The web asked "Who starts this Age? You choose" with "I start" / "My rival starts"."""
    state = start_state(0)
    age = age_name(state.age)
    state = scenario.pawn(state, 0)  # nobody leads: the last card's taker chooses
    title, prompt = asked(state)
    assert title == f"Who starts Age {age}?"
    assert prompt.startswith(
        f"Nobody leads in military and you took the last card of Age {age_name(state.age - 1)}, "
        f"so you choose who starts Age {age}."
    )
    state = scenario.pawn(state, -2)  # toward seat 0's capital: Bob leads
    assert asked(state)[1].startswith(
        f"Bob leads in military, so you, the weaker, choose who starts Age {age}."
    )
    assert asked(state, names=None)[1].startswith("Your rival leads in military")
    assert labels(state) == [f"You start Age {age}.", f"Bob starts Age {age}."]
    assert labels(state, names=None)[1] == f"Your rival starts Age {age}."


def test_the_wonder_draft_says_who_takes_what_next() -> None:
    state = setup({}, 3)
    assert asked(state) == (
        "Choose a wonder",
        "Take one of the four wonders on offer. Then Bob takes two of the other three, and "
        "the last one comes back to you.",
    )
    pyramids = next(w for w in catalog().wonders if w.name == "The Pyramids").to_json()
    assert describe.cost_text(pyramids["cost"]) == "3 stone, 1 papyrus"
    state.apply(0, state.legal_actions(0)[0])
    assert asked(state, 1)[1] == (
        "Take one of the three wonders on offer, then one of the two left. The last one goes "
        "to Ann."
    )
    state.apply(1, state.legal_actions(1)[0])
    assert asked(state, 1, None)[1] == (
        "Take one of the two wonders left. The other one goes to your rival."
    )
    assert all(t.startswith("Take ") and " (cost: " in t for t in labels(state, 1))
    assert asked(state, 0) == ("", "")  # not seat 0's decision


def test_a_science_pair_says_its_symbol_and_cards() -> None:
    state = age_two("Library")
    state = scenario.give(state, 0, "Scriptorium")
    scenario.play(state, scenario.build("Library"))
    assert asked(state) == (
        "Choose a progress token",
        "Your Scriptorium and Library make a pair of the quill symbol: it earns you a "
        "progress token. Take one of the 5 progress tokens on the board.",
    )
    assert all(t.startswith("Take the progress token ") for t in labels(state))


def test_the_great_library_the_destruction_and_the_mausoleum_are_asked() -> None:
    state = age_two("Baths")
    state = scenario.wonders(state, 0, "The Great Library")
    scenario.play(state, scenario.wonder("Baths", "The Great Library"))
    assert asked(state) == (
        "Keep a progress token",
        "The Great Library drew 3 progress tokens from the box for you. Keep one; the others "
        "leave the game.",
    )
    assert all(t.startswith("Keep the progress token ") for t in labels(state))

    for wonder, colour, card in (
        ("The Statue of Zeus", "brown", "Brickyard"),
        ("Circus Maximus", "grey", "Glassworks"),
    ):
        state = age_two("Baths")
        state = scenario.wonders(state, 0, wonder)
        state = scenario.give(state, 1, card)
        scenario.play(state, scenario.wonder("Baths", wonder))
        assert asked(state) == (
            f"Discard one of Bob's {colour} cards",
            f"{wonder} discards one {colour} card of Bob's. Choose which: it goes to the "
            "discard pile.",
        )
        assert asked(state, names=None)[0] == f"Discard one of your rival's {colour} cards"
        (label,) = labels(state)
        assert label.startswith(f"Discard Bob's {card} (produces ")

    state = age_two("Baths")
    state = scenario.wonders(state, 0, "The Mausoleum")
    state.discard += ["Courthouse", "Brickyard"]
    scenario.play(state, scenario.wonder("Baths", "The Mausoleum"))
    assert asked(state) == (
        "Build a card of the discard pile for free",
        "The Mausoleum lets you build one card of the discard pile for free, with all its "
        "effects. Choose it.",
    )
    assert "Build Courthouse from the discard pile for free (5 VP)." in labels(state)


EVERY_DECISION = {"draft", "play", "token", "library", "destroy", "discard_build", "start"}


@pytest.mark.parametrize(
    ("options", "decisions"),
    # the first game's wonder sets: no draft, no Great Library, no Mausoleum
    [({}, EVERY_DECISION), ({"first_game": True}, {"play", "token", "destroy", "start"})],
)
def test_every_decision_of_every_variant_has_a_title_a_prompt_and_distinct_labels(
    options: JSON, decisions: set[str]
) -> None:
    """Seeded random games: at every decision of every seat a title and a prompt, and a
    different sentence for each legal action (with the web's names and the terminal's)."""
    kinds: set[str] = set()
    for seed in range(12):
        state = setup(options, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            (p,) = state.to_move()
            view, legal = state.view(p), state.legal_actions(p)
            actions = [a.to_json() for a in legal]
            assert decision(state.view(1 - p), actions) == ("", "")
            assert decision(state.view(None), actions) == ("", "")
            for names in (NAMES, None):
                title, prompt = decision(view, actions, names)
                said = [action_label(view, a, names) for a in actions]
                for text in (title, prompt, *said):
                    assert text and text[0] == text[0].upper(), (title, prompt, said)
                    for bad in ("{", "}", "(s)", "Decision", "_", "Age 1", "Age 2", "Age 3"):
                        assert bad not in text, text
                    assert not THIRD_PERSON_YOU.search(text), text
                    if names is not None:
                        assert NAMES[p] not in text, text  # the reader is "you"
                assert prompt.endswith((".", "?")) and all(t.endswith(".") for t in said)
                assert len(set(said)) == len(said), said
            kinds.add(view["phase"] if view["pending"] is None else view["pending"]["kind"])
            state.apply(p, rng.choice(legal))
    assert kinds == decisions


def test_the_web_heading_puts_the_wonder_draft_before_age_i() -> None:
    from wonders.duel.board import board_words
    from wonders.duel.state import setup

    state = setup({}, 3)
    assert board_words(state.view(0), 0, ["A", "B"])["head"] == "Before Age I — Wonder draft"
    state = setup({"first_game": True}, 3)
    assert board_words(state.view(0), 0, ["A", "B"])["head"].startswith("Age I — ")
