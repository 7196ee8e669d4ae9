"""Properties of seeded random Architects games at every player count."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wonders.architects.actions import Action
from wonders.architects.cards import CENTRAL, catalog
from wonders.architects.state import ArchitectsState, setup
from wonders.core import GameRecord, replay


def physical_cards(state: ArchitectsState) -> Counter[str]:
    """Every card of the game wherever it is: decks, in front of players, discarded, held."""
    names = state.f.names
    out: Counter[str] = Counter()
    for deck in [*state.decks, state.central, state.held]:
        out.update(names[k] for k in deck)
    for row in [*state.have, state.discard]:
        for k, c in enumerate(row):
            out[names[k]] += c
    return out


def initial_cards(state: ArchitectsState) -> Counter[str]:
    decks = catalog().decks
    out: Counter[str] = Counter(decks[CENTRAL])
    for w in state.wonders:
        out.update(decks[w.name])
    return out


def in_order(state: ArchitectsState, p: int) -> bool:
    """The built stages are whole groups of the wonder's order, then part of the next."""
    built = list(state.built[p])
    for group in state.wonders[p].order:
        part, built = built[: len(group)], built[len(group) :]
        if not set(part) <= set(group) or len(set(part)) != len(part):
            return False
        if len(part) < len(group):
            return not built
    return True


@settings(max_examples=20)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6))
def test_random_games_keep_the_rules(players: int, seed: int) -> None:
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    total = initial_cards(state)
    record = GameRecord("architects", {"players": players}, seed)
    tokens_total = len(catalog().tokens)
    step = 0
    while not state.is_terminal():
        p = state.to_move()[0]
        assert physical_cards(state) == total
        assert all(in_order(state, q) for q in range(players))
        assert len(state.face_up) + len(state.stack) + sum(map(len, state.progress)) == (
            tokens_total
        )
        if step % 5 == 0:
            _check_no_central_leak(state, rng)
        action = rng.choice(state.legal_actions(p))
        state.apply(p, action)
        record.actions.append((p, action.to_json()))
        step += 1
    assert physical_cards(state) == total
    assert all(in_order(state, q) for q in range(players))
    # the game ended because a wonder was finished (or nobody had a card to take)
    assert any(len(b) == 5 for b in state.built) or not state.central
    record.result = state.result().to_json()
    again = replay(GameRecord.from_json(record.to_json()))
    assert again.to_json() == state.to_json()


def _check_no_central_leak(state: ArchitectsState, rng: random.Random) -> None:
    """Reordering the central deck changes no view but the one of a player who knows its top
    (and that one only when the top itself changes)."""
    other = state.clone()
    rest = other.central[:-1]
    rng.shuffle(rest)
    other.central = rest + other.central[-1:]  # a new list: the clone shares the old one
    for viewer in [*range(state.n), None]:
        assert repr(other.view(viewer)) == repr(state.view(viewer))
        central = state.view(viewer)["central"]
        knows = viewer is not None and state.knows_top >> viewer & 1
        assert ("top" in central) == bool(knows and state.central)


@settings(max_examples=10)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6))
def test_sample_world_keeps_every_view(players: int, seed: int) -> None:
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 120)):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    for viewer in range(players):
        world = state.sample_world(viewer, random.Random(seed + viewer))
        assert world.view(viewer) == state.view(viewer)
        assert world.view(None) == state.view(None)
        assert physical_cards(world) == physical_cards(state)


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    def play(seed: int) -> dict[str, object]:
        state = setup({"players": 4}, seed)
        rng = random.Random(0)
        while not state.is_terminal():
            p = state.to_move()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        return state.to_json()

    assert play(3) == play(3)
    assert play(3) != play(4)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6))
def test_clones_and_sampled_worlds_are_independent(players: int, seed: int) -> None:
    """Clones share the rows that are never changed in place: playing a clone or a sampled
    world to the end leaves the original as it was, and the original's later moves leave
    the clone as it was."""
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.to_move()[0]
        before = state.to_json()
        clone = state.clone()
        world = state.sample_world(p, random.Random(seed + state.turn))
        for copy in (clone, world):
            for _ in range(rng.randrange(1, 30)):
                if copy.is_terminal():
                    break
                q = copy.to_move()[0]
                copy.apply(q, rng.choice(copy.legal_actions(q)))
        assert state.to_json() == before
        kept = clone.to_json()
        state.apply(p, rng.choice(state.legal_actions(p)))
        assert clone.to_json() == kept


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6))
def test_copy_on_write_clones_stay_independent(players: int, seed: int) -> None:
    """A clone shares its source's lists and event log until either moves (state.py):
    whichever moves first, the other does not see it, and each plays on exactly as the
    source would have."""
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.to_move()[0]
        before = state.to_json()
        clone = state.clone()
        grand = clone.clone()
        action = rng.choice(state.legal_actions(p))
        state.apply(p, action)  # the source moves first
        assert clone.to_json() == before
        clone.apply(p, action)
        after = state.to_json()
        assert clone.to_json() == after
        for _ in range(rng.randrange(0, 8)):  # then the clone alone
            if clone.is_terminal():
                break
            q = clone.to_move()[0]
            clone.apply(q, rng.choice(clone.legal_actions(q)))
        assert clone.events[: len(after["events"])] == after["events"]
        assert state.to_json() == after
        assert grand.to_json() == before


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6))
def test_clones_taken_along_a_game_keep_their_moment(players: int, seed: int) -> None:
    """Clones taken at every move, never read until the game is over, each hold the game as
    it was then (their event logs share the source's, chained), and play on like it."""
    state = setup({"players": players}, seed)
    rng = random.Random(seed)
    clones: list[tuple[int, ArchitectsState]] = []
    moves: list[tuple[int, Action]] = []
    while not state.is_terminal():
        p = state.to_move()[0]
        if len(moves) % 3 == 0:
            clones.append((len(moves), state.clone()))
        action = rng.choice(state.legal_actions(p))
        state.apply(p, action)
        moves.append((p, action))
    for at, clone in clones[::4]:
        again = setup({"players": players}, seed)
        for p, action in moves[:at]:
            again.apply(p, action)
        assert clone.to_json() == again.to_json()
        for p, action in moves[at:]:
            clone.apply(p, action)
        assert clone.to_json() == state.to_json()
