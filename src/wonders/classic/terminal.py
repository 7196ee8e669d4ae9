"""What 7 Wonders' two terminal front ends (the full-screen table, ``tui.py``, and
``--plain``, ``plain.py``) share beside ``present.py``'s sentences: each wonder stage as
"cost -> reward", what each card makes free."""

from __future__ import annotations

from wonders.classic import advice, describe
from wonders.classic.views import ClassicView


def stage_texts(view: ClassicView, p: int) -> list[str]:
    """Each stage of ``p``'s board side as "cost -> reward"."""
    entry = advice.city_entries(view)[p]
    board = advice.catalog(view).wonder_named(entry["wonder"])
    return [describe.stage_text(s) for s in board.to_json()["sides"][entry["side"]]]


def chains_into(view: ClassicView) -> dict[str, list[str]]:
    """For each card name of the game, the cards it makes free."""
    return describe.chains_into([c.to_json() for c in advice.catalog(view).cards])
