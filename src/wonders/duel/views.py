"""What a Duel view holds (``DuelState.view``), field by field: front ends, advice and the
observers read these keys, and mypy checks every read."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from wonders.core.protocol import View, game_view


class CityFields(TypedDict):
    """A city as saved (``City.to_json``): what rebuilds it."""

    coins: int
    cards: list[str]  # in building order
    wonders: list[str]  # its wonders, built or not
    built: dict[str, str]  # each built wonder -> the Age card under it
    tokens: list[str]  # progress tokens


class DuelCityView(CityFields):
    """One city, all public."""

    seat: int
    science: dict[str, int]  # scientific symbol -> how many
    points: int  # its victory points now


class SlotView(TypedDict):
    """One place of the Age's structure (face-down cards show no name)."""

    card: str | None
    taken: bool
    face_up: bool
    accessible: bool


class PendingView(TypedDict):
    """The decision a card or token left owed (the oldest first)."""

    kind: str  # library, destroy, mausoleum, token, start...
    player: int
    tokens: NotRequired[list[str]]  # library: the three tokens drawn from the box
    color: NotRequired[str]  # destroy: the colour of card to take


class MilitaryView(TypedDict):
    position: int  # the conflict pawn, from player 0's side (-9) to player 1's (+9)
    tokens: list[list[int]]  # [player, zone] of each military token still on the board


class DuelView(View):
    phase: str  # draft, play, over
    age: int
    current: int
    players: list[DuelCityView]
    structure: list[SlotView]  # empty during the wonder draft
    discard: list[str]
    board_tokens: list[str]  # progress tokens on the board
    military: MilitaryView
    offer: list[str]  # wonders offered in the draft
    pending: PendingView | None
    gone_wonders: list[str]  # the wonder no one can build any more
    victory: str | None  # how the game ended (military, science, civilian)
    winner: int | None


def duel_view(view: View) -> DuelView:
    """A front end's ``View`` as Duel's (checked by its ``game`` field)."""
    seen: DuelView = game_view(view, "duel")
    return seen
