"""7 Wonders Architects at the terminal: a wonder stage with its cost pattern and reward, as
the tables of wonders show it. Every other word (card faces, tokens, decks, decisions and
actions, the log) is ``wonders.architects.present``'s, shared with the web."""

from __future__ import annotations

from wonders.architects import describe
from wonders.architects.cards import catalog


def stage_text(name: str, stage: int) -> str:
    """Stage ``stage`` of the wonder ``name``: "2 different resources -> 4 VP"."""
    known = next(w for w in catalog().wonders if w.name == name)
    return describe.stage_text(catalog(), known, stage)
