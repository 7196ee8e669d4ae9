"""Duel's words shared by every front end (``wonders.duel.present``): the log for a seat and
a spectator, with the table's names (the web) or without (the terminal), who won and how."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

from tests.duel import scenario
from wonders.cli import duel_front, duel_words
from wonders.cli.session import SeatTable, Session
from wonders.cli.tui.duel import DuelView
from wonders.core.present import Heading
from wonders.core.protocol import JSON
from wonders.duel import advice
from wonders.duel.present import QUIET, SAY, Log, pawn, reward, victory_line
from wonders.duel.state import DuelState, setup
from wonders.duel.structure import Structure

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
    return Log({"seat": reader}, names).lines(events)


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
        "You drew the progress tokens Law, Masonry, Strategy from the box (The Great Library)"
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
    assert line in screen(DuelView(SeatTable(session)).final())


# ---------------------------------------------------------------- what a card costs you


def test_the_cost_shown_is_the_cards_own_coins_plus_the_trade() -> None:
    """Forum costs 3 coins and 1 clay: without clay the shown cost is 3 + the clay's price,
    ``advice.card_cost``; the table's help says so (it named the trade alone)."""
    session = Session("duel", {"first_game": True}, 1, 0, "random")
    state = session.state
    assert isinstance(state, DuelState)
    state.age = 2  # an Age II structure with Forum on offer, seat 0 to play
    state.structure = Structure(2, list(state.decks[2]))
    scenario.offer(state, "Forum")
    scenario.coins(state, 20, 7)
    view = state.view(0)
    total, trade = advice.card_cost(view, 0, "Forum")
    assert trade >= 2 and total == 3 + trade
    build = next(a for a in state.legal_actions(0) if a.kind == "build" and a.card == "Forum")
    assert duel_words.choice_text(view, build) == f"build Forum ({total} coins)"
    game = DuelView(SeatTable(session))
    forum = next(c for c in game.choices() if str(c.label).startswith("Forum"))
    assert str(forum.label).split()[-2:] == [str(total), "coins"]
    assert "paying the coins printed on it, plus 2 coins for each resource" in game.help()
