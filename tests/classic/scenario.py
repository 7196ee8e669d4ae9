"""Build a 7 Wonders game in a chosen position, for the rule scenarios.

A scenario starts from ``new_game`` (chosen wonders and sides, in seat order: seat ``p``'s
left neighbour is ``p + 1``, its right neighbour ``p - 1``), then changes what the rule
under test needs: buildings already in a city (``give``), wonder stages (``give_stages``),
coins, hands, the Age and turn (``set_turn``), the discard pile. Turns are then played through
the real engine (``play_turn``), so every rule is checked where the game applies it.

Positions are built through the state's saved form, never its fields: each helper returns a
NEW state, read back by ``from_json`` from ``to_json`` with some of its fields replaced
(``at`` for the top-level fields, ``city`` for a city's, ``leaders_at`` for the Leaders
part's). Loading rebuilds each city's derived facts (production, discounts, shields,
science) from its cards and stages, so the position is what a game that reached it would
hold. A scenario keeps the state returned (``state = give(state, 0, "Loom")``); the state
given is left as it was. Cards are saved as ``[name, age]``, and what travels with a list
stays in step with it: a 2-player hand's ``hand_masks``, the buried cards' and the discard
pile's provenances.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from wonders.classic.actions import Action
from wonders.classic.cards import Card, catalog
from wonders.classic.state import ClassicState, from_json, setup
from wonders.core.errors import IllegalActionError
from wonders.core.protocol import JSON

Payment = tuple[int, int]

# Cards to fill a hand nobody cares about: free to build, no effect on trading or coins.
FILLER = ("Altar", "Theater", "Pawnshop", "Baths", "Apothecary", "Workshop", "Scriptorium")


# ---------------------------------------------------------------- cards and actions


def card(name: str, age: int | None = None) -> Card:
    """The card of that name (the Age I one when a name exists in two Ages, unless told)."""
    found = catalog().by_name[name.lower()]
    if age is None:
        return found[0]
    return next(c for c in found if c.age == age)


def build(name: str, left: int = 0, right: int = 0) -> Action:
    return Action("build", name, left, right)


def wonder(marker: str, left: int = 0, right: int = 0) -> Action:
    return Action("wonder", marker, left, right)


def sell(name: str) -> Action:
    return Action("sell", name)


# ---------------------------------------------------------------- the saved form


def saved(state: ClassicState) -> JSON:
    """The state's saved form (``to_json``), as read back from its JSON text: a copy that
    shares nothing with the state."""
    data: JSON = json.loads(json.dumps(state.to_json()))
    return data


def at(state: ClassicState, **fields: Any) -> ClassicState:
    """``state`` with these fields of its saved form replaced (``to_json``'s names and
    notation: cards as ``[name, age]``, provenances as ``[age, packet, index, remover]``),
    read back by ``from_json``: a new state; ``state`` is left as it was."""
    data = saved(state)
    unknown = set(fields) - set(data)
    assert not unknown, f"no such field in a saved 7 Wonders game: {unknown}"
    data.update(fields)
    return from_json(data)


def city(state: ClassicState, seat: int, **fields: Any) -> ClassicState:
    """``state`` with these fields of city ``seat``'s saved form replaced (``cards``,
    ``buried``, ``buried_from``, ``coins``, ``tokens``...; with the expansions ``leaders``,
    ``debt``, ``diplomacy``...)."""
    cities = saved(state)["cities"]
    unknown = set(fields) - set(cities[seat])
    assert not unknown, f"no such field in a saved city: {unknown}"
    cities[seat].update(fields)
    return at(state, cities=cities)


def ref(c: Card) -> list[Any]:
    """A card as the saved form names it: ``[name, age]``."""
    return [c.name, c.age]


def hand_masks(data: JSON, hands: Mapping[int, Sequence[Any]]) -> dict[str, Any]:
    """At 2 players, the ``hand_masks`` field for new ``hands`` (seat -> cards): each
    player knows the cards of its own hand, nobody the Free City's deck; no field with no
    Free City."""
    if "hand_masks" not in data:
        return {}
    masks = data["hand_masks"]
    players = data["options"]["players"]
    for seat, held in hands.items():
        masks[seat] = [1 << seat if seat < players else 0] * len(held)
    return {"hand_masks": masks}


def diplomacy(saved_city: JSON, tokens: int) -> dict[str, Any]:
    """With Cities, the ``diplomacy`` field of a city given ``tokens`` more diplomacy tokens
    (the buildings, stages or leaders that bring one bring it when they arrive)."""
    if "diplomacy" not in saved_city or not tokens:
        return {}
    return {"diplomacy": saved_city["diplomacy"] + tokens}


def diplomacy_tokens(*cards: Card) -> int:
    return sum(1 for c in cards for e in c.effects if e.type == "diplomacy")


def leaders_at(state: ClassicState, **fields: Any) -> ClassicState:
    """``state`` with these fields of the Leaders part's saved form replaced (``hands``,
    ``hand_masks``, ``box``, ``returns``...; leaders by name)."""
    part = saved(state)["leaders"]
    unknown = set(fields) - set(part)
    assert not unknown, f"no such field in the saved Leaders part: {unknown}"
    return at(state, leaders={**part, **fields})


def leader_hand(state: ClassicState, seat: int, *names: str) -> ClassicState:
    """The leaders in ``seat``'s hand, known to that seat only."""
    part = saved(state)["leaders"]
    part["hands"][seat] = list(names)
    part["hand_masks"][seat] = [1 << seat] * len(names)
    return leaders_at(state, hands=part["hands"], hand_masks=part["hand_masks"])


# ---------------------------------------------------------------- positions


def new_game(*wonders: str, sides: str | Sequence[str] = "A", seed: int = 0) -> ClassicState:
    """A game at Age I, turn 1 with these wonders in seat order (one player per wonder)."""
    side_opt: str | list[str] = sides if isinstance(sides, str) else list(sides)
    return setup({"players": len(wonders), "wonders": list(wonders), "sides": side_opt}, seed)


def give(state: ClassicState, seat: int, *cards: str | Card) -> ClassicState:
    """Buildings already standing in a city (no coins when built: they were built earlier)."""
    added = [card(c) if isinstance(c, str) else c for c in cards]
    was = saved(state)["cities"][seat]
    return city(
        state,
        seat,
        cards=[*was["cards"], *(ref(c) for c in added)],
        **diplomacy(was, diplomacy_tokens(*added)),
    )


def give_stages(state: ClassicState, seat: int, count: int) -> ClassicState:
    """Wonder stages already built, each with a marker card under it: an Age I Altar,
    buried by the city from its own hand (its provenance: Age I, its own packet, the stage's
    index as removal index)."""
    under = card("Altar")
    was = saved(state)["cities"][seat]
    done = was["stages"]
    stages = state.cities[seat].stages_def[done : done + count]
    assert len(stages) == count, f"city {seat} has {len(state.cities[seat].stages_def)} stages"
    return city(
        state,
        seat,
        stages=done + count,
        buried=[*was["buried"], *[ref(under)] * count],
        buried_from=[
            *was["buried_from"],
            *([under.age, seat, done + i, seat] for i in range(count)),
        ],
        **diplomacy(was, sum(s.diplomacy for s in stages)),
    )


def set_coins(state: ClassicState, *amounts: int) -> ClassicState:
    """Every seat's coins, in seat order."""
    assert len(amounts) == state.n
    cities = saved(state)["cities"]
    return at(state, cities=[{**c, "coins": a} for c, a in zip(cities, amounts, strict=True)])


def set_hand(state: ClassicState, seat: int, *cards: str | Card) -> ClassicState:
    """The cards in ``seat``'s hand (at 2 players, known to their holder only)."""
    data = saved(state)
    held = [ref(card(c) if isinstance(c, str) else c) for c in cards]
    data["hands"][seat] = held
    return at(state, hands=data["hands"], **hand_masks(data, {seat: held}))


def set_tokens(state: ClassicState, seat: int, *tokens: int) -> ClassicState:
    return city(state, seat, tokens=list(tokens))


def set_turn(
    state: ClassicState, age: int, turn: int, hands: Mapping[int, Sequence[str]] | None = None
) -> ClassicState:
    """Jump to ``turn`` of ``age``: every hand holds ``8 - turn`` cards.

    Hands not given are filled from ``FILLER``. The hands of the Ages after ``age`` are
    the ones dealt at setup."""
    size = 8 - turn
    new: dict[int, list[list[Any]]] = {}
    for seat in range(state.n):
        names = list(hands[seat]) if hands and seat in hands else list(FILLER[:size])
        assert len(names) == size, f"seat {seat} needs {size} cards on turn {turn}"
        new[seat] = [ref(card(n)) for n in names]
    data = saved(state)
    return at(
        state, age=age, turn=turn, hands=[new[p] for p in range(state.n)], **hand_masks(data, new)
    )


def deal(state: ClassicState, hands: Mapping[int, Sequence[str]]) -> ClassicState:
    """New hands for this turn: the given ones, the other seats get as many FILLER cards."""
    sizes = {len(h) for h in hands.values()}
    assert len(sizes) == 1, "hands of one size"
    size = sizes.pop()
    new = {
        seat: [ref(card(n)) for n in (hands[seat] if seat in hands else FILLER[:size])]
        for seat in range(state.n)
    }
    data = saved(state)
    return at(state, hands=[new[p] for p in range(state.n)], **hand_masks(data, new))


def clear_discard(state: ClassicState) -> ClassicState:
    return at(state, discard=[], discard_from=[], discard_seen=[])


def add_discard(
    state: ClassicState, *cards: str | Card, provenance: Sequence[int] = (1, 0, 0, 0)
) -> ClassicState:
    """Cards put on the discard pile, each from ``provenance`` (Age, packet, removal index,
    remover: the seat that discarded it), looked at by nobody since."""
    data = saved(state)
    added = [ref(card(c) if isinstance(c, str) else c) for c in cards]
    return at(
        state,
        discard=[*data["discard"], *added],
        discard_from=[*data["discard_from"], *[list(provenance)] * len(added)],
        discard_seen=[*data["discard_seen"], *[0] * len(added)],
    )


# ---------------------------------------------------------------- playing


def play_turn(state: ClassicState, moves: Mapping[int, Action] | None = None) -> None:
    """Every seat that owes a card choice plays (on ``state`` itself, through
    ``state.apply``): the given action, or sells its first card."""
    moves = moves or {}
    assert set(moves) <= set(state.to_move()), "a move for a seat that owes none"
    for seat in state.to_move():
        state.apply(seat, moves.get(seat) or sell(state.hands[seat][0].name))


def play_until_age(state: ClassicState, age: int) -> None:
    """Everyone sells until ``age`` starts."""
    while state.age < age:
        assert state.phase == "draft", f"a sub-decision is owed: {state.phase}"
        play_turn(state)


def end_age(state: ClassicState, age: int) -> ClassicState:
    """The last turn of ``age`` (everyone sells a filler card) played: the Age's conflicts
    run. Returns the state it was played on."""
    state = set_turn(state, age, 6)
    play_turn(state)
    return state


# ---------------------------------------------------------------- looking


def names(state: ClassicState, seat: int) -> list[str]:
    return [c.name for c in state.cities[seat].cards]


def coins(state: ClassicState) -> list[int]:
    return [c.coins for c in state.cities]


def discard_names(state: ClassicState) -> list[str]:
    return [c.name for c in state.discard]


def payments(state: ClassicState, seat: int, kind: str, name: str) -> set[Payment]:
    """The (left, right) payments offered for ``kind`` with card ``name``."""
    return {
        (a.left, a.right) for a in state.legal_actions(seat) if a.kind == kind and a.card == name
    }


def offered(state: ClassicState, seat: int, kind: str) -> set[str]:
    """The card names offered for an action kind."""
    return {a.card for a in state.legal_actions(seat) if a.kind == kind}


def score(state: ClassicState, seat: int) -> dict[str, int]:
    return state.score_breakdown(seat)


def assert_illegal(state: ClassicState, seat: int, action: object) -> None:
    """The action is refused with IllegalActionError and the state is left exactly as it was."""
    before = state.to_json()
    legal_before = {p: list(state.legal_actions(p)) for p in range(state.n)}
    with pytest.raises(IllegalActionError):
        state.apply(seat, action)
    assert state.to_json() == before
    assert {p: list(state.legal_actions(p)) for p in range(state.n)} == legal_before
