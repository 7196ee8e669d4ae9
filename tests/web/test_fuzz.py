"""Any JSON at all sent as an action is refused with a one-line error and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wonders.web.service import TableService, WebError
from wonders.web.store import Store, make_engine, migrate

KINDS = ["build", "sell", "wonder", "pick_wonder", "take", "token", "pay", "skip", "start"]
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 99) | st.text(max_size=12) | st.sampled_from(KINDS),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
ACTIONS = (
    st.fixed_dictionaries(
        {"kind": st.sampled_from(KINDS)},
        optional={k: VALUES for k in ("card", "pay", "wonder", "deck", "token", "seat", "coins")},
    )
    | VALUES
)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Any:
    engine = make_engine(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.db'}")
    migrate(engine)
    service = TableService(Store(engine))
    made = [
        service.create(g, o, [{"kind": "human"}] * n, seed=4)
        for g, o, n in [("classic", {"players": 3}, 3), ("duel", {}, 2), ("architects", {}, 3)]
    ]
    return service, [service.get(m.table_id) for m in made]


@settings(max_examples=60, deadline=None)
@given(action=ACTIONS, which=st.integers(0, 2))
def test_any_json_action_is_refused_or_legal_and_nothing_else(
    tables: Any, action: Any, which: int
) -> None:
    service, lives = tables
    live = lives[which]
    seat = live.state.to_move()[0]
    legal = [a.to_json() for a in live.state.legal_actions(seat)]
    before = (json.dumps(live.state.to_json(), sort_keys=True), dict(live.row.pending), live.count)
    try:
        canonical = live.state.action_from_json(action).to_json()
    except Exception:
        canonical = None
    try:
        service.act(live, seat, action)
    except WebError as exc:
        assert "\n" not in str(exc) and str(exc)
        after = (json.dumps(live.state.to_json(), sort_keys=True), live.row.pending, live.count)
        assert after == before
    else:  # it was a legal action after all: the game moved on by exactly that
        assert canonical in legal
