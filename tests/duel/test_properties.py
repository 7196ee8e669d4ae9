"""Duel invariants over random seeded games: cards, wonders, tokens and coins conserved,
no face-down card named in any view, JSON and record replay give the same game."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from wonders.core import GameRecord, replay
from wonders.duel.cards import catalog
from wonders.duel.state import DuelState, setup

ALL_TOKENS = {t.name for t in catalog().tokens}
ALL_WONDERS = {w.name for w in catalog().wonders}


def _check(state: DuelState) -> None:
    # every Age card is in exactly one place
    places: list[str] = list(state.discard)
    for city in state.cities:
        places += city.cards + list(city.built.values())
        assert city.coins >= 0
        assert len(set(city.cards)) == len(city.cards)
    laid = state.age if state.structure is not None and state.phase != "draft" else 0
    if state.structure is not None and laid:
        places += [c for c in state.structure.cards if c is not None]
    for age in (1, 2, 3):
        places += state.removed[age]
        if age > laid:
            places += state.decks[age]
    assert len(places) == len(set(places))
    dealt = set(state.decks[1] + state.decks[2] + state.decks[3])
    dealt |= set(state.removed[1] + state.removed[2] + state.removed[3])
    assert set(places) == dealt and len(dealt) == 3 * 23
    # wonders and tokens
    wonders = state.offer + state.unseen_wonders + state.gone_wonders
    for city in state.cities:
        wonders += city.wonders
        assert set(city.built) <= set(city.wonders)
    assert sorted(wonders) == sorted(ALL_WONDERS)
    assert sum(len(c.built) for c in state.cities) <= 7
    tokens = state.board_tokens + state.box_tokens + state.gone_tokens
    for city in state.cities:
        tokens += city.tokens
    for kind, _, data in state.pending:
        if kind == "library":
            tokens += list(data)
    assert sorted(tokens) == sorted(ALL_TOKENS)
    # nobody's view names a face-down card (card names are unique in Duel)
    if state.structure is not None and laid:
        hidden = [
            c
            for c, up in zip(state.structure.cards, state.structure.face_up, strict=True)
            if c is not None and not up
        ]
        for viewer in (0, 1, None):
            text = json.dumps(state.view(viewer))
            for card in hidden + state.removed[laid]:
                assert f'"{card}"' not in text


@given(st.integers(0, 10**6), st.booleans())
def test_random_games_keep_every_invariant(seed: int, first_game: bool) -> None:
    state = setup({"first_game": first_game}, seed)
    rng = random.Random(seed)
    record = GameRecord("duel", {"first_game": first_game}, seed)
    while not state.is_terminal():
        _check(state)
        (player,) = state.to_move()
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        record.actions.append((player, action.to_json()))
    _check(state)
    result = state.result()
    assert result.victory in ("civilian", "military", "science")
    if result.victory != "civilian":
        assert len(result.winners) == 1
    assert DuelState.from_json(json.loads(json.dumps(state.to_json()))).to_json() == (
        state.to_json()
    )
    assert replay(GameRecord.from_json(record.to_json())).to_json() == state.to_json()
