"""Positions for the Cities rule scenarios (the base ``scenario`` helpers, Cities' catalogue).

A game is set up with ``{"expansions": ["cities"]}`` (and Leaders or teams when asked): 8 cards
a hand and 7 turns an Age (7 and 6 at 8 players). Seat ``p``'s left neighbour is ``p + 1``,
its right neighbour ``p - 1``. Buildings, stages, leaders, coins and hands are written through
``City.add_card`` / ``build_stage`` / ``add_leader`` so the city's derived facts stay right;
turns are played through the real engine, debt phase included (``settle``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tests.classic.parts import leaders
from wonders.classic.actions import Action
from wonders.classic.cards import Card, Catalog, catalog_for
from wonders.classic.state import ClassicState, setup

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
        skip_leaders(state)
    return state


def skip_leaders(state: ClassicState) -> None:
    """Leaders: draft the first leader offered each round, then recruit nobody (every leader
    sold in the recruitment), reaching Age I turn 1 with empty leader hands."""
    while state.phase == "leader_draft":
        for seat in state.to_move():
            state.apply(seat, state.legal_actions(seat)[0])
    leaders(state).hands = [[] for _ in range(state.players)]
    leaders(state).hand_masks = [[] for _ in range(state.players)]
    state.pending = [None] * state.n
    state.turn, state.phase = 1, "draft"
    touch(state)


def touch(state: ClassicState) -> None:
    state._legal.clear()


def give(state: ClassicState, seat: int, *cards: str | Card) -> None:
    """Buildings already standing in a city (built earlier: no coins, no losses now)."""
    leaders = state.leaders_on
    for c in cards:
        state.cities[seat].add_card(card(c, leaders=leaders) if isinstance(c, str) else c)
    touch(state)


def give_age(state: ClassicState, seat: int, name: str, age: int) -> None:
    give(state, seat, card(name, age, leaders=state.leaders_on))


def give_leader(state: ClassicState, seat: int, name: str) -> None:
    """A leader already recruited (its lasting effects on; nothing happens on arrival)."""
    state.cities[seat].add_leader(card(name, leaders=True))
    touch(state)


def give_stages(state: ClassicState, seat: int, count: int) -> None:
    for _ in range(count):
        state.cities[seat].build_stage(card("Altar"))
    touch(state)


def set_discard(state: ClassicState, *names: str) -> None:
    """The discard pile: these Age I cards (as if sold on the Age's first turn)."""
    state.discard = [card(n) for n in names]
    state.discard_from = [(1, 0, i, 0) for i in range(len(names))]
    state.discard_seen = [0] * len(names)
    touch(state)


def set_coins(state: ClassicState, *amounts: int) -> None:
    assert len(amounts) == state.n
    for city, amount in zip(state.cities, amounts, strict=True):
        city.coins = amount
    touch(state)


def set_tokens(state: ClassicState, seat: int, *tokens: int) -> None:
    state.cities[seat].tokens = list(tokens)
    touch(state)


def set_turn(
    state: ClassicState, age: int, turn: int, hands: Mapping[int, Sequence[str]] | None = None
) -> None:
    """Jump to ``turn`` of ``age``: every hand holds ``hand_size + 1 - turn`` cards, the
    given ones or FILLER cards."""
    size = state.hand_size + 1 - turn
    state.age, state.turn = age, turn
    for seat in range(state.n):
        names = list(hands[seat]) if hands and seat in hands else list(FILLER[:size])
        assert len(names) == size, f"seat {seat} needs {size} cards on turn {turn}"
        state.hands[seat] = [card(n, age, state.leaders_on) if _in_age(n, age) else card(n)
                             for n in names]  # fmt: skip
    touch(state)


def _in_age(name: str, age: int) -> bool:
    return any(c.age == age for c in cat(True).by_name[name.lower()])


def play_turn(state: ClassicState, moves: Mapping[int, Action] | None = None) -> None:
    """Every seat owing a card plays: the given action, or sells its first card."""
    moves = moves or {}
    assert state.phase == "draft", f"a sub-decision is owed: {state.phase}"
    assert set(moves) <= set(state.to_move()), "a move for a seat that owes none"
    for seat in state.to_move():
        state.apply(seat, moves.get(seat) or Action("sell", state.hands[seat][0].name))


def settle(state: ClassicState, paid: Mapping[int, int]) -> None:
    """The debt phase: each losing city pays what ``paid`` says (0 when not given)."""
    assert state.phase == "debt", f"no debt phase now: {state.phase}"
    while state.phase == "debt":
        seat = state.to_move()[0]
        city = state.acting_city(seat)
        state.apply(seat, Action("pay", bank=paid.get(city, 0)))


def end_age(state: ClassicState, age: int) -> None:
    """Play the last turn of ``age`` (everyone sells a filler): the conflicts run."""
    set_turn(state, age, state.turns_per_age)
    play_turn(state)


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
