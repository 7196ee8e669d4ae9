"""The Architects log, decisions, actions and end sentence (``wonders.architects.present``):
every event of every seat's view, every decision and every legal action in whole, plain
sentences; the reader addressed in sentences of their own."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

from tests.architects.helpers import (
    at,
    built_stages,
    do,
    face_up,
    game,
    give,
    of_seat,
    stack,
    take,
    tokens,
)
from wonders.architects import advice
from wonders.architects import plain as architects_front
from wonders.architects.cards import catalog
from wonders.architects.describe import kind_text
from wonders.architects.present import Log, action_label, decision, victory_line
from wonders.architects.state import ArchitectsState, setup
from wonders.core.present import Heading

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
BOOKKEEPING = {"setup", "end_turn"}
# "you plays", "you takes", "You looks": the reader put into a third-person sentence
YOU_AS_THIRD_PERSON = re.compile(r"\b[Yy]ou (?!was\b)[a-z]+s\b")
SPECTATOR_YOU = re.compile(r"\b[Yy]ou\b|\((?:your left|your right|yours|theirs)\)")
ONE_PLURAL = re.compile(r"(?<![\d.])1 (?:[a-z]+ )?(?:coins|cards|shields|tokens|stages)\b")


def random_game(options: dict[str, Any], seed: int) -> ArchitectsState:
    state = setup(options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def check_plain(text: str) -> None:
    assert "{" not in text and "[bold]" not in text and "[/" not in text and "_" not in text
    assert "(s)" not in text and not ONE_PLURAL.search(text), text
    assert not YOU_AS_THIRD_PERSON.search(text), text


def say(events: list[dict[str, Any]], view: dict[str, Any], names: Any = None) -> list[str]:
    return Log(view, names).lines(events)


VARIANTS = [
    ({"players": 2}, 1),
    ({"players": 3}, 2),
    ({"players": 4}, 3),
    ({"players": 5}, 4),
    ({"players": 6}, 5),
    ({"players": 7}, 6),
    ({"players": 7}, 7),
    ({"players": 2, "wonders": ["Halicarnassus", "Babylon"]}, 8),
    ({"players": 3, "wonders": ["Alexandria", "Olympia", "Ephesus"]}, 9),
]


@pytest.mark.parametrize(("options", "seed"), VARIANTS)
def test_every_event_reads_in_plain_words(options: dict[str, Any], seed: int) -> None:
    state = random_game(options, seed)
    n = options["players"]
    seen: set[str] = set()
    for seat in [*range(n), None]:
        view = state.view(seat)
        start = setup(options, seed).view(seat)
        for names in (None, NAMES[:n]):
            for narrator_view in (start, view):  # the terminal's start, the web's fresh one
                log = Log(narrator_view, names)
                for event in view["events"]:
                    text = log.line(event)
                    if event["type"] in BOOKKEEPING:
                        assert text is None
                        continue
                    assert text, event
                    check_plain(text)
                    seen.add(event["type"])
                    if seat is None:  # a spectator is never "you" (token rules say "your")
                        assert not SPECTATOR_YOU.search(text), text
    assert {"turn", "take", "game_over"} <= seen


def test_the_rare_events_read_too() -> None:
    """Events a random game seldom logs: nothing left for an effect, no deck left, a token
    from the stack, a search of fewer than 5 cards; and an event type the narrator does not
    know still shows."""
    view = game("Giza", "Babylon", "Halicarnassus").view(0)
    events = [
        *({"type": "nothing", "seat": s, "effect": e} for s in (0, 1) for e in
          ("extra", "any", "search", "babylon", "pick")),
        {"type": "no_cards"},
        {"type": "progress", "seat": 1, "token": "Tactics", "from": "Babylon", "from_stack": True},
        {"type": "search", "seat": 2, "deck": "Babylon", "count": 1},
        {"type": "shuffle", "deck": "Babylon"},
    ]  # fmt: skip
    for names in (None, NAMES[:3]):
        lines = say(events, view, names)
        assert len(lines) == len(events)
        for text in lines:
            check_plain(text)
    lines = say(events, view)
    assert lines[0] == "You get no extra card: no deck is left to take it from"
    assert lines[6] == "Babylon gets no card from Alexandria: every deck is empty"
    assert lines[10] == "No one has a deck left to take from: the game ends"
    assert lines[11] == (
        "Babylon drew Tactics from the token stack with Babylon's stage: 2 shields"
    )
    assert lines[12] == "Halicarnassus looked at the top 1 card of the Babylon deck"
    assert lines[13] == "The other cards go back into the Babylon deck, shuffled"
    assert say([{"type": "new_thing", "x": 1}], view) == ["New thing (x 1)"]


def test_the_reader_is_never_the_subject_of_a_third_person_sentence() -> None:
    """Today's words: "you takes one more card (Urbanism)", "you looks at the top 5 cards",
    "You: Urbanism gave one more card"."""
    view = game("Giza", "Babylon", "Halicarnassus").view(0)
    events = [
        {"type": "extra_card", "seat": 0, "token": "Urbanism"},
        {"type": "search", "seat": 0, "deck": "Giza", "count": 5},
        {"type": "take", "seat": 0, "deck": "Giza", "card": "wood", "searched": True},
        {"type": "cat", "seat": 0},
        {"type": "conflict", "seat": 0, "flipped": 2, "battle_side": 2},
        {"type": "turn", "seat": 0, "turn": 4},
        {"type": "build", "seat": 0, "stage": 1, "points": 4, "paid": ["wood", "stone"]},
        {"type": "progress", "seat": 0, "token": "Urbanism", "from": "science",
         "used": ["tablet", "tablet"]},
    ]  # fmt: skip
    assert say(events, view) == [
        "Urbanism gives you one more card",
        "You looked at the top 5 cards of the Giza deck (your left)",
        "You kept wood from the top of the Giza deck (your left)",
        "You took the cat",
        "You flipped 2 conflict tokens to the battle side (2 of 3)",
        "Turn 4: you play",
        "You built stage 1 (4 VP) with wood, stone",
        "You took the progress token Urbanism spending tablet, tablet: once a turn, taking "
        "wood or brick gives one more card",
    ]
    others = [{**e, "seat": 1} for e in events]
    assert say(others, view)[:2] == [
        "Urbanism gives Babylon one more card",
        "Babylon looked at the top 5 cards of the Giza deck (your left)",
    ]
    assert say(others, view, NAMES[:3])[6] == (
        "Bob built stage 1 of Babylon (3 VP) with wood, stone"
    )


def test_counts_are_words_and_the_battle_names_its_winners() -> None:
    """Today's words: "flipped 1 conflict token(s)", "Battle! shields [1, 0, 3]; ..."."""
    view = game("Giza", "Babylon", "Halicarnassus").view(1)
    events = [
        {"type": "conflict", "seat": 2, "flipped": 1, "battle_side": 3},
        {"type": "battle", "shields": [1, 0, 3], "won": [1, 0, 2]},
        {"type": "battle", "shields": [0, 0], "won": [0, 0]},
    ]
    assert say(events, view) == [
        "Halicarnassus flipped 1 conflict token to the battle side (3 of 3)",
        "Battle! Giza won 1 victory token (1 shield). Halicarnassus won 2 victory tokens "
        "(3 shields). The cards with horns are discarded.",
        "Battle! No one won a victory token. The cards with horns are discarded.",
    ]
    mine = say([{"type": "battle", "shields": [1, 2, 3], "won": [0, 1, 2]}], view, NAMES)
    assert mine == [
        "Battle! You won 1 victory token (2 shields). Cy won 2 victory tokens (3 shields). "
        "The cards with horns are discarded."
    ]


def test_lines_are_plain_and_sections_are_headings() -> None:
    view = game("Giza", "Babylon").view(None)
    lines = say(
        [
            {"type": "turn", "seat": 0, "turn": 1},
            {"type": "take", "seat": 0, "deck": "central", "card": "blue2cat"},
            {"type": "game_over", "totals": [3, 2]},
        ],
        view,
    )
    assert lines == ["Turn 1: Giza plays", "Giza took blue 2 VP + cat from the central deck",
                     "The game is over"]  # fmt: skip
    assert [isinstance(line, Heading) for line in lines] == [True, False, True]


def test_decks_lie_left_and_right_of_the_reader() -> None:
    view = game("Giza", "Babylon", "Halicarnassus", "Rhodes").view(1)
    take = {"type": "take", "seat": 3, "card": "wood"}
    decks = ["Giza", "Babylon", "Halicarnassus"]
    assert say([{**take, "deck": d} for d in decks], view) == [
        "Rhodes took wood from the Giza deck (your right)",
        "Rhodes took wood from the Babylon deck (your left)",
        "Rhodes took wood from the Halicarnassus deck",
    ]
    duel = game("Giza", "Babylon").view(1)
    assert say([{**take, "seat": 0, "deck": d} for d in decks[:2]], duel) == [
        "Giza took wood from the Giza deck (theirs)",
        "Giza took wood from the Babylon deck (yours)",
    ]


def result(*players: tuple[int, int]) -> dict[str, Any]:
    """A Result JSON from (points, stages) per seat, ranked as the engine ranks them."""
    keys = list(players)
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    return {
        "totals": [p for p, _ in players],
        "winners": [s for s, r in enumerate(ranks) if r == 1],
        "victory": "points",
        "players": [
            {"seat": s, "total": p, "rank": ranks[s], "tiebreak": st, "breakdown": {}}
            for s, (p, st) in enumerate(players)
        ],
    }


def test_victory_line_says_who_won_and_how() -> None:
    names = ["Giza", "Babylon", "Rhodes"]
    plain = result((30, 3), (41, 5), (35, 4))
    assert victory_line(plain, 0, names) == "Babylon wins with 41 VP."
    assert victory_line(plain, 1, names) == "You win with 41 VP."
    tie = result((40, 4), (40, 5), (35, 4))
    assert victory_line(tie, 0, names) == (
        "Babylon wins on the tie-break: 40 VP like you, but 5 wonder stages built against "
        "4 wonder stages."
    )
    assert victory_line(tie, 1, names) == (
        "You win on the tie-break: 40 VP like Giza, but 5 wonder stages built against "
        "4 wonder stages."
    )
    shared = result((40, 5), (40, 5), (40, 5))
    assert victory_line(shared, None, ["Ann", "Bob", "Cy"]) == (
        "Ann, Bob and Cy share the victory: 40 VP and 5 wonder stages each."
    )
    assert victory_line(shared, 2, names) == (
        "You share the victory with Giza and Babylon: 40 VP and 5 wonder stages each."
    )


def test_the_plain_end_screen_says_who_won() -> None:
    state = random_game({"players": 3}, 11)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    architects_front.final(console, state.view(2), state.result())
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    wonders = [w.name for w in state.wonders]
    line = victory_line(state.result().to_json(), 2, wonders)
    assert line and line in out


# ---------------------------------------------------------------- decisions and actions


def asked(state: ArchitectsState, seat: int = 0, names: Any = None) -> tuple[str, str]:
    legal = [a.to_json() for a in state.legal_actions(seat)]
    return decision(state.view(seat), legal, names)


def labels(state: ArchitectsState, seat: int = 0, names: Any = None) -> list[str]:
    view = state.view(seat)
    return [action_label(view, a.to_json(), names) for a in state.legal_actions(seat)]


@pytest.mark.parametrize(("options", "seed"), VARIANTS)
def test_every_decision_and_action_reads_in_words(options: dict[str, Any], seed: int) -> None:
    """At every decision of seeded random games, for the terminal (no names) and the web
    (names): a title and a prompt, and one distinct sentence per legal action; a seat that
    owes nothing, and a spectator, are asked nothing."""
    state = setup(options, seed)
    rng = random.Random(seed)
    n = options["players"]
    titles: set[str] = set()
    while not state.is_terminal():
        (p,) = state.to_move()
        legal = state.legal_actions(p)
        view, actions = state.view(p), [a.to_json() for a in legal]
        for names in (None, NAMES[:n]):
            title, prompt = decision(view, actions, names)
            titles.add(title)
            for text in (title, prompt):
                assert text and "Decision:" not in text, (title, prompt)
                check_plain(text)
            words = [action_label(view, a, names) for a in actions]
            assert len(set(words)) == len(words), words
            for text in words:
                assert text
                check_plain(text)
        assert decision(state.view((p + 1) % n), [], None) == ("", "")
        assert decision(state.view(None), actions, None) == ("", "")
        state.apply(p, rng.choice(legal))
    assert {"Take a card", "Build a wonder stage"} <= titles


def test_the_web_titles_each_decision_and_names_decks_by_wonder_and_place() -> None:
    """Today's web: every Architects decision is titled "Decision" and its buttons read "Take
    the top card of the Giza deck" (which is it for me?), "Build stage 2 with papyrus,
    papyrus" (for what?), "Take stack"."""
    state = game("Halicarnassus", "Giza", "Rhodes")
    state = built_stages(state, 0, [1])
    state = give(state, 0, papyrus=1)
    state = stack(state, "Rhodes", "red0", "blue3", "gold", "gear", "wood", "tablet")
    state = stack(state, "Halicarnassus", "papyrus")
    for names in (None, NAMES[:3]):
        assert asked(state, 0, names) == (
            "Take a card",
            "Take the top card of the deck on your left or right (face up) or of the central "
            "deck (face down). Then build a stage whenever you can pay for it.",
        )
        assert labels(state, 0, names) == [
            "Take papyrus from the Halicarnassus deck (your left)",
            "Take shield from the Rhodes deck (your right)",
            "Take the top card of the central deck, face down",
        ]
    take(state, "Halicarnassus")
    assert asked(state) == (
        "Build a wonder stage",
        "You can pay for a stage of your wonder: you must build it before your turn ends. "
        "Choose the cards you spend.",
    )
    assert labels(state) == [
        "Build stage 2 (3 VP; look at the top 5 cards of your left or right deck and take one) "
        "with papyrus, papyrus"
    ]
    do(state, kind="build", stage=2, pay=["papyrus", "papyrus"])
    assert asked(state) == (
        "Choose a deck to search",
        "Halicarnassus's stage lets you look at the top 5 cards of the deck on your left or "
        "right and keep one; the others go back, shuffled.",
    )
    assert labels(state) == [
        "Look at the top 5 cards of the Halicarnassus deck (your left) and keep one",
        "Look at the top 5 cards of the Rhodes deck (your right) and keep one",
    ]
    do(state, kind="search", deck="Rhodes")
    assert asked(state) == (
        "Keep one of the cards you look at",
        "You look at the top 5 cards of the Rhodes deck (your right): keep one; the others go "
        "back, shuffled.",
    )
    assert labels(state) == ["Keep gold coin", "Keep wood", "Keep gear", "Keep blue 3 VP",
                             "Keep shield"]  # fmt: skip


def test_progress_tokens_by_science_or_by_babylon_say_what_they_cost_and_do() -> None:
    state = game("Babylon", "Giza")
    state = built_stages(state, 0, [1])
    state = face_up(state, "Culture", "Strategy", "Tactics", stack_top="Education")
    state = give(state, 0, glass=1, tablet=1)
    state = stack(state, "Babylon", "tablet")
    take(state, "Babylon")
    assert asked(state) == (
        "Choose a progress token for your science cards",
        "Your science cards show 2 equal or 3 different symbols: you must spend them on a "
        "progress token before your turn ends.",
    )
    assert labels(state) == [
        "Take the progress token Culture spending tablet, tablet: 4 VP with one Culture "
        "token, 12 with both",
        "Take the progress token Strategy spending tablet, tablet: 1 VP per victory token",
        "Take the progress token Tactics spending tablet, tablet: 2 shields",
        "Draw the top token of the stack, face down, spending tablet, tablet",
    ]
    do(state, kind="science", pay=["tablet", "tablet"], token="Tactics")
    state = stack(state, "Babylon", "glass")
    state = at(state, current=0, queue=["main"])
    take(state, "Babylon")
    do(state, kind="build", stage=2, pay=["glass", "glass"])
    assert asked(state) == (
        "Choose a progress token from Babylon",
        "Babylon's stage gives you a progress token: one of those face up, or the top of the "
        "stack, face down.",
    )
    assert labels(state, 0, NAMES[:2]) == [
        "Take the progress token Culture: 4 VP with one Culture token, 12 with both",
        "Take the progress token Strategy: 1 VP per victory token",
        "Take the progress token Education: 2 VP per progress token, this one included",
        "Draw the top token of the stack, face down",
    ]


def test_the_cat_shows_the_central_top_and_two_players_have_yours_and_theirs() -> None:
    state = game("Giza", "Rhodes")
    state = stack(state, "central", "blue2cat")
    state = stack(state, "Rhodes", "wood")
    state = stack(state, "Giza", "gold")
    state = at(state, cat=0, knows_top=1)
    assert asked(state)[1] == (
        "Take the top card of your deck or your rival's (face up) or of the central deck "
        "(face down). The cat shows you the central deck's top card: blue 2 VP + cat."
    )
    assert labels(state) == [
        "Take gold coin from the Giza deck (yours)",
        "Take wood from the Rhodes deck (theirs)",
        "Take blue 2 VP + cat from the central deck (the cat's peek)",
    ]
    assert "blue 2 VP" not in " ".join(labels(state, 1) + list(asked(state, 1)))


def test_a_stage_says_when_economy_counts_gold_twice_and_when_it_ends_the_game() -> None:
    state = game("Giza", "Rhodes")
    state = tokens(state, 0, "Economy")
    state = give(state, 0, gold=2, brick=1)
    state = stack(state, "Giza", "blue3")
    take(state, "Giza")
    assert "Build stage 1 (4 VP) with gold coin, Economy counting a gold coin as 2 " \
        "resources" in labels(state)  # fmt: skip
    assert "Build stage 1 (4 VP) with brick, gold coin" in labels(state)
    last = game("Giza", "Rhodes")
    last.built[0] = [1, 2, 3, 4]
    last = give(last, 0, wood=1, stone=1, brick=1)
    last = stack(last, "Giza", "glass")
    take(last, "Giza")
    assert labels(last) == [
        "Build stage 5 (8 VP) with brick, glass, stone, wood: your wonder is complete and "
        "the game ends with this turn"
    ]


def test_an_extra_card_names_its_token_and_what_else_is_owed() -> None:
    state = game("Giza", "Rhodes", "Olympia")
    state = tokens(state, 0, "Urbanism")
    state = give(state, 0, gear=2)
    state = stack(state, "Giza", "wood")
    assert asked(state)[1].endswith(
        "Your science cards pay for a progress token too: take it before your turn ends."
    )
    take(state, "Giza")
    assert asked(state) == (
        "Take one more card",
        "Urbanism gives you one more card: the top card of the deck on your left or right or "
        "of the central deck. Your science cards pay for a progress token too: take it "
        "before your turn ends.",
    )


def test_one_victory_token_and_one_horn_read_in_the_singular() -> None:
    """Today's words: "1 victory tokens" on both end screens, "flips 1 conflict token(s)"."""
    state = game("Giza", "Rhodes")
    state = of_seat(state, "victory", 0, 1)
    assert ("1 victory token", 3) in advice.card_points(state.view(0))
    state = of_seat(state, "victory", 0, 2)
    assert ("2 victory tokens", 6) in advice.card_points(state.view(0))
    kinds = catalog().kinds
    assert kind_text(kinds["red1"]) == "1 shield; flips 1 conflict token to the battle side"
    assert kind_text(kinds["red2"]) == "1 shield; flips 2 conflict tokens to the battle side"
    assert kind_text(kinds["red0"]) == "1 shield"
