"""What an Architects view holds (``ArchitectsState.view``), field by field: front ends,
advice and the observers read these keys, and mypy checks every read."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from wonders.core.protocol import ResultView, View, game_view


class ArchitectsPlayerView(TypedDict):
    """One player's wonder and cards in front of it, all public."""

    seat: int
    wonder: str
    stages: list[int]  # the stages built, in building order
    next_stages: list[int]  # the stages the next build may be
    cards: dict[str, int]  # card kind -> how many in front
    shields: int
    victory_tokens: int
    progress: list[str]  # progress tokens taken
    cat: bool  # holds the cat


class DeckView(TypedDict):
    """The deck between two neighbours: only its top card may be face up."""

    deck: str  # the wonder whose deck it is
    between: list[int]  # the two seats that draw from it
    size: int
    top: str | None


class CentralView(TypedDict):
    size: int
    top: NotRequired[str]  # only to a player who saw it (the cat)


class TokensView(TypedDict):
    face_up: list[str]  # progress tokens on offer
    stack: int  # face-down progress tokens left


class ConflictView(TypedDict):
    battle_side: int  # conflict tokens turned to their battle side
    total: int


class SearchingView(TypedDict):
    """Halicarnassus's search: the deck and how many cards; the cards to the searcher only."""

    deck: str
    count: int
    cards: NotRequired[list[str]]


class ArchitectsView(View):
    turn: int
    current: int
    players: list[ArchitectsPlayerView]
    decks: list[DeckView]
    central: CentralView
    tokens: TokensView
    conflict: ConflictView
    discard: dict[str, int]  # card kind -> how many discarded
    pending: list[str]  # the effects still to resolve this turn, oldest first
    searching: NotRequired[SearchingView]
    result: NotRequired[ResultView]


def architects_view(view: View) -> ArchitectsView:
    """A front end's ``View`` as Architects' (checked by its ``game`` field)."""
    seen: ArchitectsView = game_view(view, "architects")
    return seen
