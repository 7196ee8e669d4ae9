"""Every game refuses an action JSON with a field it does not know, through one shared check."""

from __future__ import annotations

import pytest

from wonders.core import IllegalActionError, setup


@pytest.mark.parametrize(
    ("game", "options"),
    [("classic", {"players": 3}), ("duel", {}), ("architects", {"players": 3})],
)
def test_an_unknown_action_field_is_refused_in_every_game(game: str, options: dict) -> None:
    state = setup(game, options, 4)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)[0].to_json()
    assert state.action_from_json(legal).to_json() == legal  # the known fields parse
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"unknown action field.*'colour'"):
        state.action_from_json({**legal, "colour": "red"})
    assert state.to_json() == before


def test_a_debt_payment_with_a_card_is_refused() -> None:
    state = setup("classic", {"players": 3, "expansions": ["cities"]}, 1)
    with pytest.raises(IllegalActionError, match=r"unknown action field.*'card'"):
        state.action_from_json({"kind": "pay", "coins": 1, "card": "Baths"})
