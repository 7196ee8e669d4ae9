"""The OpenSpiel games' chance model (``wonders.core.chance`` and each game's ``chance``
part; issue 36, item 1):
every card is dealt by a chance node when first seen, over the cards that may lie there, so
that nothing hidden follows from an information state; ``resample_from_infostate`` draws
worlds the model allows."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import wonders.envs.openspiel  # noqa: E402  (registers the games)
from tests.classic.parts import leaders  # noqa: E402
from tests.envs.spiel import advance, deal, move  # noqa: E402
from wonders.core.chance import Pool  # noqa: E402
from wonders.core.registry import get_game  # noqa: E402

GAMES = [
    "python_wonders_duel",
    "python_wonders_duel(first_game=True)",
    "python_wonders_architects(players=2)",
    "python_wonders_architects(players=7)",
    "python_wonders_classic",
    "python_wonders_classic(players=2)",
    "python_wonders_classic(players=4,expansions=leaders+cities,teams=True)",
    "python_wonders_classic(players=7,expansions=leaders)",
]


def _name(state: Any, card: int) -> str:
    """An outcome's card, wonder, side, leader or token name (its string, kind word cut)."""
    return str(state.wgame.model.names[card].split(" ", 1)[1])


def _shows(state: Any, decided: list[tuple[tuple[str, int, int, int], int]]) -> None:
    """The world written by the last chance node of a batch shows each card it dealt."""
    e = state.engine
    shown = [(place, _name(state, card)) for place, card in decided]
    if e.game_name == "duel":
        for (kind, a, b, _), name in shown:
            if kind == "card":
                assert e.decks[a][b] == name
                if e.age == a and e.structure.cards[b] is not None:
                    assert e.structure.cards[b] == name and e.structure.face_up[b]
            elif kind == "token":
                assert name in e.board_tokens
            elif kind == "box":
                assert name in e.pending[-1][2]
            else:  # the wonders offered (or already picked and given)
                assert name in e.offer + e.cities[0].wonders + e.cities[1].wonders
    elif e.game_name == "architects":
        f = e.f
        for (kind, a, _, _), name in shown:
            if kind == "deck":
                top = f.names[e.decks[a][-1]]
            elif kind in ("central", "held"):
                top = f.names[e.central[-1] if kind == "central" else e.held[a]]
            else:
                top = e.stack[-1] if kind == "stack" else e.face_up[a]
            assert top == name
    else:
        dealt = [name for (kind, *_), name in shown if kind in ("hand", "age")]
        if dealt:  # every hand of the Age as dealt (the Free City's drawn card moved)
            held = Counter(f"{c.name} ({'I' * c.age})" for hand in e.hands for c in hand)
            assert held == Counter(dealt)
        packets = [name for (kind, *_), name in shown if kind == "packet"]
        if packets:
            assert [c.name for packet in leaders(e).packets for c in packet] == packets
        drawn = {name for (kind, *_), name in shown if kind == "box"}
        if drawn:
            assert drawn <= {c.name for hand in leaders(e).hands for c in hand}


@pytest.mark.parametrize("name", GAMES)
def test_chance_nodes_are_distributions_that_deal_the_cards_then_shown(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(7)
    state = game.new_initial_state()
    nodes = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            move(state, rng)
            continue
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        assert actions == sorted(set(actions)) == state.legal_actions()
        assert all(0 <= a < game.max_chance_outcomes() for a in actions)
        assert all(p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
        assert state.action_to_string(actions[0]) == state.wgame.model.names[actions[0]]
        impossible = next(a for a in range(game.max_chance_outcomes()) if a not in actions)
        before = state.history()
        with pytest.raises(ValueError, match="not possible"):
            state.apply_action(impossible)
        assert state.history() == before and state.chance_outcomes() == outcomes
        batch = state.batch
        action = rng.choices(actions, [p for _, p in outcomes])[0]
        state.apply_action(action)
        nodes += 1
        if batch.done() and batch.kind != "options":  # its last place dealt, maybe at once
            _shows(state, batch.decided())
    assert nodes > 10


def _replay(game: Any, actions: list[int]) -> Any:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def _same_for(player: int, one: Any, other: Any) -> bool:
    return bool(
        one.information_state_string(player) == other.information_state_string(player)
        and one.information_state_tensor(player) == other.information_state_tensor(player)
        and one.observation_tensor(player) == other.observation_tensor(player)
    )


def test_duel_histories_alike_to_the_players_have_the_same_chance_to_come() -> None:
    """Duel: the board tokens dealt in another order give the same information states, and
    every chance node that follows the same moves has the same outcomes and probabilities:
    what is dealt depends on what the players know, never on the history beyond it."""
    game = pyspiel.load_game("python_wonders_duel")
    one = game.new_initial_state()
    tokens = [one.chance_outcomes()[k][0] for k in (0, 3, 5, 7, 9)]
    for token in tokens:
        one.apply_action(token)
    other = _replay(game, tokens[::-1])
    rng = random.Random(3)
    reveals = 0
    while not one.is_terminal():
        for player in (0, 1):
            assert _same_for(player, one, other)
        if one.is_chance_node():
            outcomes = one.chance_outcomes()
            assert other.chance_outcomes() == outcomes
            reveals += len(outcomes) > 1
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(one.legal_actions())
        one.apply_action(action)
        other.apply_action(action)
    assert reveals > 20 and one.returns() == other.returns()


def test_duel_face_down_cards_are_not_decided_until_turned_up() -> None:
    """Every card turned face up is a chance node over the Age's unseen cards (1/23 each in
    Age I: 20 of 23 cards are laid out): two different cards may come from one history."""
    game = pyspiel.load_game("python_wonders_duel")
    state = game.new_initial_state()
    rng = random.Random(5)
    deal(state, rng)
    while state.engine.phase == "draft":  # the draft, then Age I's layout
        move(state, rng)
        if state.is_chance_node() and state.batch.place()[0][0] == "card":
            break
        deal(state, rng)
    layout = state.chance_outcomes()
    assert [p for _, p in layout] == pytest.approx([1 / 23] * 23)
    deal(state, rng)
    while not state.is_chance_node():  # take cards until one is turned face up
        move(state, rng)
    outcomes = state.chance_outcomes()
    unseen = 23 - sum(state.engine.structure.face_up)  # face up or taken
    assert [p for _, p in outcomes] == pytest.approx([1 / unseen] * unseen)
    (_, age, place, _), _ = state.batch.place()
    first, second = state.clone(), state.clone()
    first.apply_action(outcomes[0][0])
    second.apply_action(outcomes[-1][0])
    deal(first, random.Random(0))
    deal(second, random.Random(0))
    assert first.engine.decks[age][place] != second.engine.decks[age][place]
    for s in (first, second):
        assert s.engine.structure.face_up[place]


def test_classic_hands_of_others_are_not_in_an_information_state() -> None:
    """7 Wonders: two deals that swap one card between seats 1 and 2 give seat 0 the same
    information state, and seats 1 and 2 different ones: the same information state of
    seat 0 leads to different hidden hands."""
    game = pyspiel.load_game("python_wonders_classic(players=3)")
    state = game.new_initial_state()
    deal(state, random.Random(4))
    history = state.history()
    hands = state.engine.hands
    # the Age I deal, seat by seat, but for its last card: the one left, dealt at once
    nodes = len([c for hand in hands for c in hand]) - 1
    dealt = history[len(history) - nodes :]
    size = len(hands[0])
    i = next(k for k in range(size - 1) if hands[1][k].name != hands[2][k].name)
    swapped = list(dealt)
    swapped[size + i], swapped[2 * size + i] = dealt[2 * size + i], dealt[size + i]
    other = _replay(game, history[: len(history) - nodes] + swapped)
    assert _same_for(0, state, other)
    assert not _same_for(1, state, other) and not _same_for(2, state, other)
    assert state.engine.hands[1] != other.engine.hands[1]


def test_architects_central_card_is_dealt_unseen() -> None:
    """Architects: the central deck's top is dealt as soon as it is on top, seen by nobody:
    two different tops give every seat the same information state, and drawing it then
    shows a different card."""
    game = pyspiel.load_game("python_wonders_architects(players=2)")
    state = game.new_initial_state()
    rng = random.Random(6)
    while state.batch is None or state.batch.place()[0][0] != "central":
        state.apply_action(rng.choice(state.legal_actions()))
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert len(outcomes) > 1
    one, other = state.clone(), state.clone()
    one.apply_action(outcomes[0])
    other.apply_action(outcomes[-1])
    deal(one, random.Random(1))
    deal(other, random.Random(1))
    for player in (0, 1):
        assert _same_for(player, one, other)
    assert one.engine.central[-1] != other.engine.central[-1]
    central = next(a for a in one.legal_actions() if "central" in one.action_to_string(a))
    for s in (one, other):
        s.apply_action(central)
        deal(s, random.Random(2))
    assert one.engine.to_json()["have"] != other.engine.to_json()["have"]


def test_resampled_duel_worlds_hold_the_cards_the_chance_model_may_reveal() -> None:
    """A world re-dealt for a player keeps its information state and holds, where the next
    move turns a card face up, a card the chance node may deal there (not always the
    same)."""
    game = pyspiel.load_game("python_wonders_duel")
    state = game.new_initial_state()
    rng = random.Random(8)
    advance(state, rng, 8)  # the draft, and the first moves of Age I

    def revealing() -> tuple[int, Any] | None:
        """A move that turns a card face up, and the state at its chance node."""
        for action in state.legal_actions():
            probe = state.clone()
            probe.apply_action(action)
            if probe.is_chance_node() and probe.batch.place()[0][0] == "card":
                return action, probe
        return None

    found = revealing()
    while found is None:
        move(state, rng)
        deal(state, rng)
        found = revealing()
    action, probe = found
    player = state.current_player()
    (_, age, place, _), _ = probe.batch.place()
    allowed = {_name(probe, a) for a, _ in probe.chance_outcomes()}
    cards = []
    for k in range(40):
        world = state.resample_from_infostate(player, random.Random(k).random)
        assert _same_for(player, world, state)
        cards.append(world.engine.decks[age][place])
        # the world's own chance node for that card deals from the same cards
        world.apply_action(action)
        assert {_name(world, a) for a, _ in world.chance_outcomes()} == allowed
    assert set(cards) <= allowed and len(set(cards)) > 3


def test_resampled_classic_worlds_keep_the_own_hand_and_redeal_the_others() -> None:
    game = pyspiel.load_game("python_wonders_classic(players=4)")
    state = game.new_initial_state()
    advance(state, random.Random(9), 2)
    own = [c.name for c in state.engine.hands[0]]
    others = set()
    for k in range(10):
        world = state.resample_from_infostate(0, random.Random(k).random)
        assert _same_for(0, world, state)
        assert [c.name for c in world.engine.hands[0]] == own
        others.add(tuple(c.name for c in world.engine.hands[1]))
    assert len(others) > 1


def test_resample_before_the_setup_is_a_new_game_and_refused_while_a_move_deals() -> None:
    game = pyspiel.load_game("python_wonders_duel")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    fresh = state.resample_from_infostate(0, random.Random(0).random)
    assert fresh.is_chance_node() and fresh.history() == [] and fresh.engine is None
    rng = random.Random(2)
    deal(state, rng)
    while not state.is_chance_node():
        move(state, rng)
    with pytest.raises(ValueError, match="at a chance node"):
        state.resample_from_infostate(0, rng.random)


def test_duel_age_three_pool_matches_the_engines_shuffle() -> None:
    """Age III lays out 17 of its 20 cards and 3 of the 7 guilds: at a place nothing is
    known of, a guild with probability 3/20 (each 3/140), an Age card 17/400 each; the
    engine's own deal (``setup`` over seeds) agrees."""
    game = pyspiel.load_game("python_wonders_duel")
    model = wonders.envs.openspiel._data(game).model
    world = get_game("duel").setup({}, 0)
    outcomes = dict(model._age_pool(world, 3, set()).outcomes())
    guilds = [model.card_id[g] for g in model.guilds]
    assert sum(outcomes[g] for g in guilds) == pytest.approx(3 / 20)
    assert outcomes[guilds[0]] == pytest.approx(3 / 140)
    assert outcomes[model.card_id[model.ages[3][0]]] == pytest.approx(17 / 400)
    seeds = 3000
    hits = sum(get_game("duel").setup({}, s).decks[3][0] in model.guilds for s in range(seeds))
    assert hits / seeds == pytest.approx(3 / 20, abs=0.025)


def test_pool_classes_weigh_each_card_by_its_share() -> None:
    pool = Pool([({1: 2, 2: 1}, 3), ({7: 1, 8: 1, 9: 1, 10: 1}, 1)])  # 3 base + 1 of 4
    assert dict(pool.outcomes()) == pytest.approx(
        {1: 0.5, 2: 0.25, 7: 1 / 16, 8: 1 / 16, 9: 1 / 16, 10: 1 / 16}
    )
    pool.take(9)  # the one of its class: none of the others may come
    assert dict(pool.outcomes()) == pytest.approx({1: 2 / 3, 2: 1 / 3})
    with pytest.raises(ValueError):
        pool.take(8)
