"""Positions for the Cities rule scenarios (the base ``scenario`` helpers, Cities' catalogue).

A game is set up with ``{"expansions": ["cities"]}`` (and Leaders or teams when asked): 8 cards
a hand and 7 turns an Age (7 and 6 at 8 players). Seat ``p``'s left neighbour is ``p + 1``,
its right neighbour ``p - 1``. Turns are played through the real engine, debt phase included
(``settle``).

Positions are built through the state's saved form, as in ``scenario``: each helper returns a
NEW state read back by ``from_json`` from ``to_json`` with some fields replaced (``at``, and
``city`` for a city's fields; ``leaders_at`` for the Leaders part's), so buildings, stages,
leaders, coins and hands are what a game reaching the position would hold: loading rebuilds
each city's production, discounts, shields, science and leader powers from its cards. What
the saved form keeps as a count rather than derives (a city's diplomacy tokens) is given
with what brings it (a Residence, Byzantium's stage, Aspasia). Keep the state returned:
``state = give(state, 0, "Residence")``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.classic.scenario import (
    at,
    city,
    diplomacy,
    diplomacy_tokens,
    give_stages,
    hand_masks,
    leader_hand,
    leaders_at,
    ref,
    saved,
)
from wonders.classic.actions import Action
from wonders.classic.cards import Card, Catalog, catalog_for
from wonders.classic.state import ClassicState, setup

__all__ = ["at", "city", "give_stages", "leader_hand", "leaders_at", "saved"]

# Free cards with no effect on trading, coins, science or conflicts (fillers for hands).
FILLER = ("Altar", "Theater", "Pawnshop", "Baths", "Altar", "Theater", "Pawnshop", "Baths")


def cat(leaders: bool = False) -> Catalog:
    return catalog_for(["cities", "leaders"] if leaders else ["cities"])


def card(name: str, age: int | None = None, leaders: bool = False) -> Card:
    """A card (or leader) by name; the Age I one when a name is in two Ages, unless told."""
    found = cat(leaders).by_name[name.lower()]
    return found[0] if age is None else next(c for c in found if c.age == age)


def new_game(
    *wonders: str,
    sides: str | Sequence[str] = "A",
    leaders: bool = False,
    teams: bool = False,
    seed: int = 0,
) -> ClassicState:
    """A Cities game at Age I, turn 1 (after the leader draft with Leaders: see
    ``skip_leaders``) with these wonders in seat order."""
    options: dict[str, object] = {
        "players": len(wonders),
        "wonders": list(wonders),
        "sides": sides if isinstance(sides, str) else list(sides),
        "expansions": ["cities", "leaders"] if leaders else ["cities"],
    }
    if teams:
        options["teams"] = True
    state = setup(options, seed)
    if leaders:
        state = skip_leaders(state)
    return state


def skip_leaders(state: ClassicState) -> ClassicState:
    """Leaders: draft the first leader offered each round (played on ``state``), then skip
    the recruitment: the state returned is at Age I turn 1 with empty leader hands."""
    while state.phase == "leader_draft":
        for seat in state.to_move():
            state.apply(seat, state.legal_actions(seat)[0])
    return leaders_at(
        at(state, turn=1, phase="draft", pending=[None] * state.n),
        hands=[[] for _ in range(state.players)],
        hand_masks=[[] for _ in range(state.players)],
    )


def give(state: ClassicState, seat: int, *cards: str | Card) -> ClassicState:
    """Buildings already standing in a city (built earlier: no coins, no losses now; a
    diplomacy card's token still held)."""
    added = [card(c, leaders=state.leaders_on) if isinstance(c, str) else c for c in cards]
    was = saved(state)["cities"][seat]
    return city(
        state,
        seat,
        cards=[*was["cards"], *(ref(c) for c in added)],
        **diplomacy(was, diplomacy_tokens(*added)),
    )


def give_age(state: ClassicState, seat: int, name: str, age: int) -> ClassicState:
    return give(state, seat, card(name, age, leaders=state.leaders_on))


def give_leader(state: ClassicState, seat: int, name: str) -> ClassicState:
    """A leader already recruited (its lasting effects on, Aspasia's token held; nothing
    happens on arrival)."""
    leader = card(name, leaders=True)
    was = saved(state)["cities"][seat]
    return city(
        state,
        seat,
        leaders=[*was["leaders"], leader.name],
        **diplomacy(was, diplomacy_tokens(leader)),
    )


def set_discard(state: ClassicState, *names: str) -> ClassicState:
    """The discard pile: these Age I cards (as if sold on the Age's first turn)."""
    return at(
        state,
        discard=[ref(card(n)) for n in names],
        discard_from=[[1, 0, i, 0] for i in range(len(names))],
        discard_seen=[0] * len(names),
    )


def set_coins(state: ClassicState, *amounts: int) -> ClassicState:
    assert len(amounts) == state.n
    cities = saved(state)["cities"]
    return at(state, cities=[{**c, "coins": a} for c, a in zip(cities, amounts, strict=True)])


def set_tokens(state: ClassicState, seat: int, *tokens: int) -> ClassicState:
    return city(state, seat, tokens=list(tokens))


def set_hand(state: ClassicState, seat: int, *names: str) -> ClassicState:
    """The cards in ``seat``'s hand (the Age I ones; at 2 players, known to their holder)."""
    data = saved(state)
    held = [ref(card(n)) for n in names]
    data["hands"][seat] = held
    return at(state, hands=data["hands"], **hand_masks(data, {seat: held}))


def set_turn(
    state: ClassicState, age: int, turn: int, hands: Mapping[int, Sequence[str]] | None = None
) -> ClassicState:
    """Jump to ``turn`` of ``age``: every hand holds ``hand_size + 1 - turn`` cards, the
    given ones or FILLER cards (at 2 players, each known to its holder only)."""
    size = state.hand_size + 1 - turn
    new: dict[int, list[list[Any]]] = {}
    for seat in range(state.n):
        names = list(hands[seat]) if hands and seat in hands else list(FILLER[:size])
        assert len(names) == size, f"seat {seat} needs {size} cards on turn {turn}"
        new[seat] = [ref(card(n, age, state.leaders_on) if _in_age(n, age) else card(n))
                     for n in names]  # fmt: skip
    data = saved(state)
    return at(
        state, age=age, turn=turn, hands=[new[p] for p in range(state.n)], **hand_masks(data, new)
    )


def _in_age(name: str, age: int) -> bool:
    return any(c.age == age for c in cat(True).by_name[name.lower()])


def play_turn(state: ClassicState, moves: Mapping[int, Action] | None = None) -> None:
    """Every seat owing a card plays (on ``state`` itself): the given action, or sells its
    first card."""
    moves = moves or {}
    assert state.phase == "draft", f"a sub-decision is owed: {state.phase}"
    assert set(moves) <= set(state.to_move()), "a move for a seat that owes none"
    for seat in state.to_move():
        state.apply(seat, moves.get(seat) or Action("sell", state.hands[seat][0].name))


def settle(state: ClassicState, paid: Mapping[int, int]) -> None:
    """The debt phase (played on ``state``): each losing city pays what ``paid`` says (0
    when not given)."""
    assert state.phase == "debt", f"no debt phase now: {state.phase}"
    while state.phase == "debt":
        seat = state.to_move()[0]
        acting = state.acting_city(seat)
        state.apply(seat, Action("pay", bank=paid.get(acting, 0)))


def end_age(state: ClassicState, age: int) -> ClassicState:
    """The last turn of ``age`` (everyone sells a filler) played: the conflicts run. Returns
    the state it was played on."""
    state = set_turn(state, age, state.turns_per_age)
    play_turn(state)
    return state


def build(name: str, left: int = 0, right: int = 0, bank: int = 0) -> Action:
    return Action("build", name, left, right, bank)


def wonder(marker: str, left: int = 0, right: int = 0, bank: int = 0) -> Action:
    return Action("wonder", marker, left, right, bank)


def payments(state: ClassicState, seat: int, kind: str, name: str) -> set[tuple[int, int]]:
    return {
        (a.left, a.right) for a in state.legal_actions(seat) if a.kind == kind and a.card == name
    }


def score(state: ClassicState, seat: int) -> dict[str, int]:
    return state.score_breakdown(seat)
