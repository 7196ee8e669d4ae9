"""7 Wonders in words (``wonders.classic.present``): the log (``Log``), the one narrator of the
terminal, the web and the learning environments' ``render()``, every event of every variant in
plain sentences, seats named for the reader; each decision (``decision``) and each legal action
(``action_label``) in whole sentences; and the players' reports (Babylon B's note, Olympia's
free build, grammar, where coins come from, the debt's cause, the wonder stage's reward)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from tests.classic import cities_scenario, scenario
from tests.classic.parts import cities
from wonders.classic import advice
from wonders.classic.actions import Action
from wonders.classic.present import QUIET, Log, action_label, decision
from wonders.classic.state import ClassicState, setup
from wonders.core.present import Heading
from wonders.core.protocol import JSON
from wonders.core.registry import get_game

# every variant: the base game (3-7), the Free City (2), Leaders, Cities (8), the team game
VARIANTS: list[JSON] = [
    {"players": 3, "sides": "A"},
    {"players": 7, "sides": "B"},
    {"players": 2},
    {"players": 2, "expansions": ["leaders", "cities"]},
    {"players": 4, "expansions": ["leaders"], "sides": "B"},
    {"players": 8, "expansions": ["cities"]},
    {"players": 5, "expansions": ["leaders", "cities"]},
    {"players": 4, "expansions": ["leaders", "cities"], "teams": True},
    {"players": 6, "expansions": ["cities"], "teams": True},
]


def played(options: JSON, seed: int) -> tuple[ClassicState, dict[int | None, JSON]]:
    """A game played to its end at random, and each reader's view at its start."""
    state = setup(options, seed)
    readers: list[int | None] = [*range(state.players), None]
    start = {reader: state.view(reader) for reader in readers}
    rng = random.Random(seed)
    while not state.is_terminal():
        for p in state.to_move():
            if p in state.to_move():
                state.apply(p, rng.choice(state.legal_actions(p)))
    return state, start


def new_log(
    options: JSON, seat: int | None = 0, names: list[str] | None = None
) -> tuple[Log, ClassicState]:
    state = setup(options, 1)
    return Log(state.view(seat), names), state


# ---------------------------------------------------------------- every event, every variant


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: str(sorted(o.items())))
def test_every_event_reads_in_plain_words(options: JSON) -> None:
    for seed in range(3):
        state, start = played(options, seed)
        names = [f"Name{p}" for p in range(state.players)]
        for reader, first in start.items():
            events = state.view(reader)["events"]
            for table_names in (names, None):
                log = Log(first, table_names)
                lines = []
                for event in events:
                    kind = event["type"]
                    assert kind in QUIET or hasattr(log, "_on_" + kind), kind
                    text = log.line(event)
                    if kind in QUIET:
                        assert text is None
                    if text:
                        lines.append(text)
                assert lines
                for text in lines:
                    assert "{" not in text and "[bold]" not in text, text
                    assert "_" not in text and "(s)" not in text, text
                    assert "you " + "uses" not in text.lower(), text
                    assert not text.startswith("you"), text
                if reader is not None and table_names:
                    assert not any(f"Name{reader}" in t for t in lines)  # "you" instead
                    others = [f"Name{p}" for p in range(state.players) if p != reader]
                    assert any(o in t for t in lines for o in others)


def test_the_registry_names_this_log_and_it_works_fed_in_pieces() -> None:
    """The terminal feeds the new events after each decision, the web all of them at once to
    a fresh narrator: the same lines (the registry's part is this class)."""
    assert get_game("classic").part("narrator") is Log
    state, start = played({"players": 3, "expansions": ["leaders", "cities"]}, 3)
    events = state.view(1)["events"]
    whole = Log(start[1]).lines(events)
    log = Log(start[1])
    rng = random.Random(0)
    pieces: list[str] = []
    shown = 0
    while shown < len(events):
        step = rng.randint(1, 7)
        pieces += log.lines(events[shown : shown + step])
        shown += step
    assert pieces == whole


# ---------------------------------------------------------------- seats and sections


def test_seats_are_named_by_wonder_and_place_or_by_the_tables_names() -> None:
    options = {"players": 4, "wonders": ["Giza", "Rhodes", "Babylon", "Ephesus"]}
    log, _ = new_log(options)
    assert [log.name(p) for p in range(4)] == [
        "you",
        "Rhodes (your left)",
        "Babylon (seat 2)",
        "Ephesus (your right)",
    ]
    named, _ = new_log(options, names=["Ann", "Bob", "Cid", "Dee"])
    assert [named.name(p) for p in range(1, 4)] == ["Bob (your left)", "Cid", "Dee (your right)"]
    spectator, _ = new_log(options, seat=None)
    assert spectator.name(0) == "Giza (seat 0)"
    build = {"type": "build", "seat": 0, "card": "Baths", "paid": {"left": 0, "right": 0}}
    assert spectator.lines([build]) == ["Giza (seat 0) built Baths"]
    assert named.lines([build]) == ["You built Baths"]


def test_the_free_city_and_who_played_its_card() -> None:
    state = setup({"players": 2}, 1)
    fc = state.n - 1
    side = "left" if state.left(0) == fc else "right"
    wonder = state.cities[fc].wonder.name
    log = Log(state.view(0))
    assert log.name(fc) == f"{wonder} (the Free City, your {side})"
    event = {"type": "build", "seat": fc, "card": "Baths", "paid": {}, "by": 0}
    assert log.lines([event]) == [
        f"{wonder} (the Free City, your {side}, played by you) built Baths"
    ]
    named = Log(state.view(1), ["Ann", "Bob"])
    where = "left" if state.left(1) == fc else "right"
    assert named.lines([event]) == [f"The Free City (your {where}, played by Ann) built Baths"]
    spectator = Log(state.view(None), ["Ann", "Bob"])
    assert spectator.lines([event]) == ["The Free City (played by Ann) built Baths"]
    turn = {"type": "free_city", "controller": 1, "turn": 2}
    assert named.lines([turn]) == ["You play the Free City's card in turn 2"]
    assert Log(state.view(0), ["Ann", "Bob"]).lines([turn]) == [
        f"Bob (your {'right' if side == 'left' else 'left'}) plays the Free City's card in turn 2"
    ]


def test_sections_are_plain_headings_with_ages_in_roman() -> None:
    log, _ = new_log({"players": 3})
    lines = log.lines(
        [
            {"type": "leader_draft", "round": 1},
            {"type": "age", "age": 2},
            {"type": "recruitment", "age": 2},
            {"type": "turn", "age": 2, "turn": 1},
            {"type": "turn", "age": 2, "turn": 2},
        ]
    )
    assert lines == [
        "Leader draft, round 1",
        "Age II: hands pass to the right",
        "Age II: recruitment",
        "Age II, turn 1",
        "Age II, turn 2 (hands passed to the right)",
    ]
    assert all(isinstance(line, Heading) for line in lines)


# ---------------------------------------------------------------- the players' reports


def test_babylon_b_is_said_only_for_babylon_b_and_not_after_a_recruitment() -> None:
    """Report: "(Babylon B: it plays the last card of the Age too)" after recruitments,
    sales and stages in Ages II and III, even with Babylon on side A."""
    options = {"players": 3, "expansions": ["leaders"], "wonders": ["Babylon", "Giza", "Rhodes"]}
    last_turn = [
        {"type": "turn", "age": 1, "turn": 6},
        {"type": "build", "seat": 0, "card": "Baths", "paid": {"left": 0, "right": 0}},
        {"type": "sell", "seat": 1},
    ]
    recruitment = [
        {"type": "age", "age": 2},
        {"type": "recruitment", "age": 2},
        {"type": "recruit_turn", "age": 2},
        {"type": "wonder", "seat": 0, "stage": 1, "card": "Nero", "paid": {"left": 0, "right": 0}},
        {"type": "sell", "seat": 1},
        {"type": "recruit", "seat": 2, "card": "Caesar", "paid": {"bank": 5}},
    ]
    for side in ("A", "B"):
        log, _ = new_log({**options, "sides": side})
        lines = log.lines(last_turn + recruitment)
        assert not any("Babylon B" in line for line in lines), lines
    side_a, _ = new_log({**options, "sides": "A"})
    twice = [*last_turn, {"type": "sell", "seat": 0, "card": "Altar"}]
    assert not any("Babylon B" in line for line in side_a.lines(twice))
    side_b, _ = new_log({**options, "sides": "B"})
    assert side_b.lines(twice)[-1] == "You sold Altar (Babylon B: the last card of the Age)"


def test_a_free_build_names_olympia_or_caligula() -> None:
    """Report: Olympia A's free build reads "free (Olympia or Caligula)" in a base game."""
    olympia, _ = new_log({"players": 3, "sides": "A", "wonders": ["Olympia", None, None]})
    free = {"type": "build", "seat": 0, "card": "Apothecary", "free": True, "paid": {}}
    assert olympia.lines([free]) == ["You built Apothecary free with Olympia's power"]
    options = {
        "players": 3,
        "sides": "A",
        "wonders": ["Olympia", "Giza", None],
        "expansions": ["leaders", "cities"],
    }
    both, _ = new_log(options)
    black = {**free, "card": "Militia"}
    lines = both.lines(
        [
            {"type": "age", "age": 1},
            {"type": "recruit", "seat": 0, "card": "Caligula", "paid": {"bank": 3}},
            black,  # Caligula's power first on a black card
            black,  # then Olympia's (the same Age)
            {"type": "age", "age": 2},
            {**black, "seat": 1},
        ]
    )
    assert lines[2:4] == [
        "You built Militia free with Caligula's power",
        "You built Militia free with Olympia's power",
    ]
    assert lines[-1] == "Giza (your left) built Militia free"  # Giza has neither: no guess
    # the web gives the view of now with the whole log: Caligula only from his recruitment
    state = cities_scenario.give_leader(setup(options, 1), 0, "Caligula")
    later = Log(state.view(0))
    assert later.lines([black]) == ["You built Militia free with Olympia's power"]


def test_grammar_for_you_counts_and_ages() -> None:
    """Report: "You uses a diplomacy token", "1 coins", "Age 1"."""
    log, _ = new_log({"players": 4, "expansions": ["cities"]})
    lines = log.lines(
        [
            {"type": "diplomacy", "seat": 0, "age": 1},
            {"type": "diplomacy", "seat": 1, "age": 1},
            {"type": "conflict", "age": 1, "winner": 2, "loser": 0, "shields": [1, 0]},
            {"type": "losses", "owed": {"0": 1, "1": 2}},
            {"type": "debt", "seat": 0, "lost": 1, "paid": 0, "debt": 1},
            {"type": "debt", "seat": 1, "lost": 2, "paid": 1, "debt": 1},
            {"type": "recruit", "seat": 1, "card": "Nero", "paid": {"bank": 1}},
            {"type": "coins", "seat": 0, "amount": 1},
        ]
    )
    wonders = [log.name(p) for p in range(4)]
    assert lines == [
        "You use a diplomacy token and sit out the conflicts of Age I",
        f"{wonders[1]} uses a diplomacy token and sits out the conflicts of Age I",
        f"Age I conflict: {wonders[2]} beat you, 1 shield to 0",
        f"Coin losses to settle: you owe 1 coin, {wonders[1]} owes 2 coins",
        "You took 1 debt token (-1 VP) instead of losing 1 coin",
        f"{wonders[1]} paid 1 coin of a loss of 2 coins and took 1 debt token (-1 VP)",
        f"{wonders[1]} recruited Nero for 1 coin",
        "You received 1 coin from cards and wonders",
    ]


def test_coins_say_where_they_came_from() -> None:
    """Report: the web's trade income read "took N coins" with no source, like a sale."""
    options = {"players": 4, "wonders": ["Giza", "Rhodes", "Babylon", "Ephesus"]}
    events = [
        {"type": "turn", "age": 1, "turn": 2},
        {"type": "build", "seat": 1, "card": "Baths", "paid": {"left": 0, "right": 2}},
        {"type": "build", "seat": 3, "card": "Altar", "paid": {"left": 1, "right": 0}},
        {"type": "sell", "seat": 0, "card": "Loom"},
        {"type": "sell", "seat": 2},
        {"type": "coins", "seat": 0, "amount": 6},
        {"type": "coins", "seat": 2, "amount": 3},
        {"type": "coins", "seat": 1, "amount": 2},
    ]
    log, _ = new_log(options)
    lines = log.lines(events)
    assert lines[1:] == [
        "Rhodes (your left) built Baths, paying 2 coins to you",
        "Ephesus (your right) built Altar, paying 1 coin to you",
        "You sold Loom",
        "Babylon (seat 2) sold a card",
        "You received 6 coins: 3 coins for the sale, 2 coins from trade with Rhodes (your left), "
        "1 coin from trade with Ephesus (your right)",
        "Babylon (seat 2) received 3 coins for the sale",
        "Rhodes (your left) received 2 coins from cards and wonders",
    ]
    web, _ = new_log(options, seat=2, names=["Ann", "Bob", "Cid", "Dee"])
    lines = web.lines(events)
    assert lines[5] == (
        "Ann received 6 coins: 3 coins for the sale, 2 coins from trade with Bob (your right), "
        "1 coin from trade with Dee (your left)"
    )
    assert lines[6] == "You received 3 coins for the sale"


def test_payments_name_who_received_them_with_petras_coin_stage() -> None:
    log, _ = new_log(
        {"players": 3, "sides": "A", "wonders": ["Petra", None, None], "expansions": ["cities"]}
    )
    stage = {"type": "wonder", "seat": 0, "stage": 2, "card": "Loom", "paid": {"left": 0}}
    assert log.lines([stage]) == [
        "You built wonder stage 2 (7 VP) with Loom, paying 7 coins to the bank"
    ]


def test_hidden_cards_stay_hidden_and_a_recruitment_says_leader() -> None:
    log, _ = new_log({"players": 3, "expansions": ["leaders"]})
    lines = log.lines(
        [
            {"type": "wonder", "seat": 1, "stage": 1, "paid": {"left": 0, "right": 0}},
            {"type": "recruitment", "age": 1},
            {"type": "recruit_turn", "age": 1},
            {"type": "wonder", "seat": 1, "stage": 2, "paid": {"left": 0, "right": 0}},
            {"type": "sell", "seat": 2},
            {"type": "return", "seat": 2},
            {"type": "discard", "seat": 2},
        ]
    )
    one, two = (log.name(p) for p in (1, 2))
    assert lines[0].startswith(f"{one} built wonder stage 1 (") and " with " not in lines[0]
    assert lines[2].startswith(f"{one} built wonder stage 2 (")
    assert lines[2].endswith(") with a leader")
    assert lines[3:] == [f"{two} sold a leader", f"{two} sent a leader back to the box"]


def test_cities_losses_say_whose_card_caused_them() -> None:
    log, _ = new_log({"players": 3, "expansions": ["cities"]})
    lair = {"type": "build", "seat": 1, "card": "Lair", "paid": {"left": 0, "right": 0}}
    lines = log.lines([lair, {"type": "losses", "owed": {"0": 2, "2": 2}}])
    one, two = log.name(1), log.name(2)
    assert lines[1] == (
        f"Coin losses to settle, caused by Lair of {one}: you owe 2 coins, {two} owes 2 coins"
    )


def test_the_team_game_names_the_teammate() -> None:
    log, _ = new_log({"players": 4, "expansions": ["cities"], "teams": True})
    state = setup({"players": 4, "expansions": ["cities"], "teams": True}, 1)
    mate = state.view(0)["teammate"]
    assert log.name(mate).endswith("(your teammate)")
    doubled = {"type": "conflict", "age": 3, "winner": 0, "loser": 3, "tokens": 2}
    assert log.lines([doubled]) == [f"Age III conflict: you beat {log.name(3)} (2 tokens each)"]


def test_the_victory_line_says_who_won_and_how() -> None:
    from wonders.classic.present import victory_line

    def result(totals: list[int], coins: list[int], winners: list[int]) -> dict[str, object]:
        players = [
            {"seat": s, "total": t, "tiebreak": c, "rank": 1, "breakdown": {}}
            for s, (t, c) in enumerate(zip(totals, coins, strict=True))
        ]
        return {"players": players, "winners": winners, "victory": "points"}

    names = ["Ann", "Bob", "Cy"]
    assert victory_line(result([50, 40, 30], [1, 2, 3], [0]), 0, names) == "You win with 50 VP."
    assert victory_line(result([50, 40, 30], [1, 2, 3], [0]), 1, names) == "Ann wins with 50 VP."
    assert victory_line(result([50, 50, 30], [4, 1, 3], [0]), 1, names) == (
        "Ann wins on the tie-break: 50 VP like you, but 4 coins against 1 coin."
    )
    assert victory_line(result([50, 50, 30], [2, 2, 3], [0, 1]), 1, names) == (
        "You share the victory with Ann (50 VP)."
    )
    assert victory_line(result([50, 50, 30], [2, 2, 3], [0, 1]), None, names) == (
        "Ann and Bob share the victory (50 VP)."
    )


# ---------------------------------------------------------------- decisions and actions


Edit = Callable[[ClassicState, int], ClassicState]


def decisions(
    options: JSON, seed: int, edit: Edit | None = None
) -> Iterator[tuple[ClassicState, int, JSON, list[JSON]]]:
    """Every decision of a game played at random: (state, seat, view, legal actions); a
    test may change the position before the seat decides: ``edit(state, seat)`` returns the
    state to go on from (built through the saved form, ``scenario.at``)."""
    state = setup(options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        for p in state.to_move():
            if p in state.to_move():
                if edit is not None:
                    state = edit(state, p)
                actions = state.legal_actions(p)
                yield state, p, state.view(p), [a.to_json() for a in actions]
                state.apply(p, rng.choice(state.legal_actions(p)))


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: str(sorted(o.items())))
def test_every_decision_and_every_choice_reads_in_whole_sentences(options: JSON) -> None:
    phases: set[str] = set()
    for seed in range(2):
        for state, _seat, view, legal in decisions(options, seed):
            phases.add(view["phase"])
            for names in (None, [f"Name{p}" for p in range(state.players)]):
                title, prompt = decision(view, legal, names)
                assert title and prompt, view["phase"]
                for text in (title, prompt):
                    assert "{" not in text and "(s)" not in text and "Decision" not in text
                    assert "_" not in text and text[0].isupper(), text
                assert prompt.endswith("."), prompt
                labels = [action_label(view, a, names) for a in legal]
                assert len(set(labels)) == len(labels), labels  # two actions never read alike
                for label in labels:
                    assert label and label[0].isupper() and label.endswith("."), label
                    assert "{" not in label and "(s)" not in label and "_" not in label, label
    assert "draft" in phases


def test_a_spectator_or_a_seat_owing_nothing_has_no_decision() -> None:
    state = setup({"players": 3}, 1)
    assert decision(state.view(None), []) == ("", "")
    assert decision(state.view(0), []) == ("", "")


def test_olympias_free_build_names_its_power_in_a_base_game() -> None:
    """Report: "build Apothecary free (Olympia or Caligula)" in a base game, its web dialog
    titled "Decision: Discard pile", the turn offering it "Decision: Decision"."""
    state = scenario.new_game("Olympia", "Giza", "Rhodes")
    state = scenario.give_stages(state, 0, 2)  # Olympia A's second stage: a free build an Age
    state = scenario.set_turn(
        state, 1, 2, {0: ["Apothecary", "Altar", "Baths", "Theater", "Pawnshop", "Loom"]}
    )
    view, legal = state.view(0), [a.to_json() for a in state.legal_actions(0)]
    title, prompt = decision(view, legal)
    assert title == "Choose a card to play"
    assert "Olympia's power is ready: once an Age, you may build a card free." in prompt
    free = {"kind": "free_build", "card": "Apothecary"}
    assert free in legal
    assert action_label(view, free) == "Build Apothecary free with Olympia's power."
    assert action_label(view, free, ["Ann", "Bob", "Cid"]) == (
        "Build Apothecary free with Olympia's power."
    )


def test_caligulas_free_build_comes_first_for_a_black_card() -> None:
    state = cities_scenario.new_game("Olympia", "Giza", "Rhodes", leaders=True)
    state = cities_scenario.give_stages(state, 0, 2)
    state = cities_scenario.give_leader(state, 0, "Caligula")
    hand = ["Militia", "Apothecary", *cities_scenario.FILLER[:5]]
    state = cities_scenario.set_turn(state, 1, 2, {0: hand})
    view, legal = state.view(0), [a.to_json() for a in state.legal_actions(0)]
    assert {"kind": "free_build", "card": "Militia"} in legal
    assert action_label(view, {"kind": "free_build", "card": "Militia"}) == (
        "Build Militia free with Caligula's power."
    )
    assert action_label(view, {"kind": "free_build", "card": "Apothecary"}) == (
        "Build Apothecary free with Olympia's power."
    )
    _title, prompt = decision(view, legal)
    assert "Olympia's power is ready" in prompt and "Caligula's power is ready" in prompt


def test_the_debt_decision_says_whose_card_caused_it_and_what_a_coin_unpaid_costs() -> None:
    """Report: the web's debt decision read "pay 1 coins / pay 0 coins", without the card
    that caused the loss or the debt token a coin not paid becomes."""
    state = cities_scenario.new_game("Giza", "Rhodes", "Babylon")
    state = cities_scenario.set_turn(state, 1, 1, {0: ["Hideout", *["Altar"] * 7]})
    state = cities_scenario.set_coins(state, 3, 0, 2)
    state.apply(1, Action("build", "Altar"))  # no coins: the loss becomes debt at once
    state.apply(2, Action("sell", "Altar"))  # 3 coins, in hand when the loss is settled
    state.apply(0, Action("build", "Hideout"))  # every other city loses 1 coin
    assert state.phase == "debt" and cities(state).owed == {2: 1}
    view, legal = state.view(2), [a.to_json() for a in state.legal_actions(2)]
    assert decision(view, legal) == (
        "Pay your losses or take debt",
        "Because of Hideout of Giza (your left), you must lose 1 coin, and you have 5 coins. "
        "Pay what you choose: each coin you do not pay becomes a debt token, -1 VP at the end.",
    )
    names = ["Ann", "Bob", "Cid"]
    assert decision(view, legal, names)[1].startswith("Because of Hideout of Ann (your left),")
    assert [action_label(view, a) for a in legal] == [
        "Pay the whole loss of 1 coin.",
        "Pay nothing and take 1 debt token (-1 VP at the end).",
    ]


def test_the_free_citys_debt_is_decided_by_its_controller() -> None:
    state = cities_scenario.new_game("Giza", "Rhodes")
    fc = state.n - 1
    state = cities_scenario.set_turn(state, 1, 1, {0: ["Hideout", *["Altar"] * 7]})
    state = cities_scenario.set_coins(state, 3, 3, 4)
    state.apply(0, Action("build", "Hideout"))
    while state.phase != "debt":
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        state.apply(p, next((a for a in actions if a.kind == "sell"), actions[0]))
    decider = next(p for p in state.to_move() if state.view(p).get("deciding_for") == fc)
    view = state.view(decider)
    legal = [a.to_json() for a in state.legal_actions(decider)]
    title, prompt = decision(view, legal)
    assert title == "Pay the Free City's losses or take debt"
    assert "Hideout of" in prompt or "your Hideout" in prompt
    assert "You choose what it pays" in prompt
    labels = [action_label(view, a) for a in legal]
    assert labels[0].startswith("Pay the whole loss of ") and labels[-1].startswith("Pay nothing")


def test_the_wonder_stage_says_which_stage_its_reward_and_its_payment() -> None:
    """Report: the web's stage button read "Wonder stage with Baths", not which stage nor
    what it gives; an unbuildable stage vanished without a reason."""
    state = scenario.new_game("Giza", "Rhodes", "Babylon")
    state = scenario.give(state, 1, "Stone Pit")
    view = state.view(0)
    stages = [a.to_json() for a in state.legal_actions(0) if a.kind == "wonder"]
    card = stages[0]["card"]
    assert action_label(view, stages[0]) == (
        f"Build wonder stage 1 (3 VP) with {card}, paying 2 coins to Rhodes (your left) "
        "for 1 stone."
    )
    assert action_label(view, stages[0], ["Ann", "Bob", "Cid"]).endswith(
        "paying 2 coins to Bob (your left) for 1 stone."
    )
    assert advice.stage_why_not(view) == ""
    state = scenario.give_stages(state, 0, 1)
    state = scenario.set_coins(state, 0, 3, 3)
    view = state.view(0)
    assert not any(a.kind == "wonder" for a in state.legal_actions(0))
    assert (
        advice.stage_why_not(view)
        == "Your next wonder stage misses 3 wood, even buying from your neighbours."
    )


def test_payments_say_who_is_paid_for_what() -> None:
    state = scenario.new_game("Giza", "Rhodes", "Babylon")
    state = scenario.set_turn(
        state,
        1,
        1,
        {0: ["Baths", "Lumber Yard", "Tree Farm", "Loom", "Altar", "Theater", "Pawnshop"]},
    )
    state = scenario.set_coins(state, 5, 3, 3)
    view = state.view(0)
    legal = [a.to_json() for a in state.legal_actions(0)]
    farm = next(a for a in legal if a["kind"] == "build" and a["card"] == "Tree Farm")
    assert action_label(view, farm) == "Build Tree Farm, paying 1 coin to the bank."
    assert action_label(view, {"kind": "sell", "card": "Baths"}) == "Sell Baths for 3 coins."
    assert action_label(view, {"kind": "build", "card": "Baths"}) == "Build Baths at no cost."


def test_sending_a_leader_back_says_nothing_of_building() -> None:
    """Report: Roma B's "send a leader back" listed every leader as "can't build"."""
    options: JSON = {
        "players": 4,
        "expansions": ["leaders"],
        "sides": "B",
        "wonders": ["Roma", None, None, None],
    }
    met: set[str] = set()

    def too_poor(state: ClassicState, seat: int) -> ClassicState:
        """No coins to recruit in Age II's recruitment."""
        if state.phase == "recruit" and state.age == 2:
            return scenario.city(state, seat, coins=0)
        return state

    for seed in range(4):
        for _state, _seat, view, legal in decisions(options, seed, too_poor):
            phase = view["phase"]
            if phase == "return_leader":
                met.add(phase)
                assert advice.unbuildable(view, legal) == {}
                assert decision(view, legal)[0] == "Send a leader back to the box"
                assert [action_label(view, a) for a in legal] == [
                    f"Send {a['card']} back to the box." for a in legal
                ]
            if phase in ("recruit", "recruit_now"):
                offered = {a["card"] for a in legal if a["kind"] == "recruit"}
                reasons = advice.unbuildable(view, legal)
                for name in view["leader_hand"]:
                    if name in offered:
                        assert name not in reasons
                    else:
                        met.add("too dear")
                        assert reasons[name].startswith(f"Recruiting {name} costs ")
    assert met == {"return_leader", "too dear"}
