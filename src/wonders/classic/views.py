"""What a 7 Wonders view holds (``ClassicState.view``), field by field, the expansions' and
the Free City's fields marked as such: front ends, advice and the observers read these
keys, and mypy checks every read."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from wonders.core.protocol import ResultView, View, game_view


class CityPublic(TypedDict):
    """What every player sees of a city (the Free City's too)."""

    seat: int
    wonder: str
    side: str  # "A" or "B"
    stages: int  # stages built
    stages_total: int
    coins: int
    shields: int
    tokens: list[int]  # military tokens, by value (-1 a defeat)
    buildings: list[str]  # in building order
    # Leaders (not for the Free City)
    leaders: NotRequired[list[str]]  # recruited
    courtesan: NotRequired[str | None]  # the leader the Courtesan copies
    leader_hand_size: NotRequired[int]
    # Cities
    debt: NotRequired[int]  # debt tokens (-1 VP each)
    diplomacy: NotRequired[int]  # diplomacy tokens held
    owes: NotRequired[int]  # coins owed now (the debt phase)


class CityView(CityPublic):
    """A player's city."""

    hand_size: int
    chosen: bool  # has chosen this turn (simultaneous phases)


class FreeCityResult(TypedDict):
    total: int
    breakdown: dict[str, int]
    coins: int


class FreeCityView(CityPublic):
    """The Free City of the two-player game, played by the two players in turn."""

    deck_size: int
    controller: int  # the seat playing for it this turn


class ClassicView(View):
    age: int
    turn: int
    phase: str
    pass_to: str  # "left" or "right": where hands go after this turn
    players: list[CityView]
    discard_size: int
    expansions: NotRequired[list[str]]
    # the reader's own (not a spectator's)
    hand: NotRequired[list[str]]
    chosen: NotRequired[dict[str, Any] | None]  # the action chosen this turn, in JSON
    discard: NotRequired[list[str]]  # to the one choosing from the discard pile
    result: NotRequired[ResultView]
    # the Free City
    free_city: NotRequired[FreeCityView]
    free_city_result: NotRequired[FreeCityResult]  # at the end: scored, not ranked
    free_city_chosen: NotRequired[dict[str, Any] | None]  # to its controller
    # the seat or city the reader decides for now: "free_city", or the city in debt
    deciding_for: NotRequired[str | int]
    # Cities' team game (``teams``): the reader's teammate and their hand
    teammate: NotRequired[int]
    teammate_hand: NotRequired[list[str]]
    # Leaders
    box_size: NotRequired[int]  # leaders left in the box
    draft_round: NotRequired[int]
    leader_hand: NotRequired[list[str]]
    leader_packet: NotRequired[list[str]]
    teammate_leader_hand: NotRequired[list[str]]
    teammate_leader_packet: NotRequired[list[str]]


def classic_view(view: View) -> ClassicView:
    """A front end's ``View`` as 7 Wonders' (checked by its ``game`` field)."""
    seen: ClassicView = game_view(view, "classic")
    return seen
