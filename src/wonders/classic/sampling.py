"""Sampling a world consistent with what one player knows (for search over hidden cards).

A hidden card is in another player's hand, in the discard pile (sold, or discarded at the end
of an Age), under a wonder stage, or in an Age not dealt yet. Each card dealt this game came
from a *packet* (the hand first dealt to a seat in an Age) and left it at a known removal
index, so what a player saw when a packet passed through their hands pins it down:

- cards the player handled themselves (own hand, own sales and wonder markers, own 7th card)
  and the discard pile as Halicarnassus saw it are known exactly;
- the cards that left a packet between two of the player's sightings of it, by other hands
  and face down, are a known multiset: they are shuffled among those places only;
- the rest (what left a packet before the player first saw it, packets never seen, future
  Ages) is shuffled freely among the unknown places of its Age; in Age III the guilds among
  those places are redrawn from the guilds the player has not seen.

Other players' choices made this turn but not yet revealed are forgotten (they must choose
again in the sampled world); the event log keeps only what the player saw.

The 2-player game (the Free City) and the Leaders' cards use a simpler bookkeeping: each card
in a hand (and each leader in a hand, a draft packet or the box) carries the set of seats
that know it is there, kept as long as no hidden choice may have moved it; every card nobody
told the player about (those places, cards sold, discarded or buried by others, the Free
City's deck, the Ages to come) is shuffled among those places, by Age (leaders among
leaders). This never reveals more than the player knows; it may forget a little (a card the
player saw leave a hand face down may be dealt back to another hidden place).
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import TYPE_CHECKING

from wonders.classic.cards import Card

BOX = -1  # the provenance "age" of a leader (see state.BOX)

if TYPE_CHECKING:
    from wonders.classic.state import ClassicState

IN_HAND = 99  # removal index of a card still in a hand: after every removal
# a place a card can be written back to: ("hand", seat, i), ("discard", i, 0),
# ("buried", seat, i) or ("future", age, seat * 7 + i)
Place = tuple[str, int, int]


def sample_world(state: ClassicState, player: int, rng: random.Random) -> ClassicState:
    world = state.clone()
    n = state.n
    for q in range(n):
        if q != player and not _keeps_choice(state, player, q):
            world.pending[q] = None
    if state.leaders_on:
        _sample_leaders(state, world, player, rng)
    if state.free_city:
        _sample_free_city(state, world, player, rng)
        _filter_events(state, world, player)
        return world
    groups: dict[tuple[int, int, int], list[Place]] = defaultdict(list)
    free: dict[int, list[Place]] = defaultdict(list)

    def classify(place: Place, age: int, packet: int, index: int, remover: int) -> None:
        if remover == player:
            return
        seen = _last_sighting(state, player, age, packet, index)
        if seen is None:
            free[age].append(place)
        else:
            groups[(age, packet, seen)].append(place)

    for q in range(n):
        if q == player:
            continue
        packet = state._packet(q)
        for i in range(len(state.hands[q])):
            classify(("hand", q, i), state.age, packet, IN_HAND, q)
        for i, (age, pk, idx, remover) in enumerate(state.buried_from[q]):
            if age == BOX:
                continue  # a leader under a stage: _sample_leaders
            classify(("buried", q, i), age, pk, idx, remover)
    for i, (age, pk, idx, remover) in enumerate(state.discard_from):
        if not state.discard_seen[i] >> player & 1:
            classify(("discard", i, 0), age, pk, idx, remover)
    for age in range(state.age + 1, 4):
        for q, hand in enumerate(state.ages[age - 1]):
            free[age].extend(("future", age, q * 7 + i) for i in range(len(hand)))

    for places in groups.values():
        _shuffle_into(world, places, rng)
    for age, places in free.items():
        cards = [_get(state, p) for p in places]
        if age == 3:
            cards = _redraw_guilds(state, cards, free_places=places, rng=rng)
        rng.shuffle(cards)
        for place, card in zip(places, cards, strict=True):
            _set(world, place, card)
    _filter_events(state, world, player)
    return world


def _keeps_choice(state: ClassicState, player: int, q: int) -> bool:
    """Choices the sampled world keeps: "nothing to recruit", and the Free City's card when
    ``player`` chose it."""
    pending = state.pending[q]
    if pending is not None and pending.kind == "skip" and state.phase == "recruit":
        return True
    return state.free_city and q >= state.players and state.controller() == player


def _knowers(event: dict[str, object]) -> tuple[int, ...]:
    return tuple(x for x in (event.get("seat"), event.get("by")) if isinstance(x, int))


def _filter_events(state: ClassicState, world: ClassicState, player: int) -> None:
    world._events = [
        e if not e.get("secret") or player in _knowers(e) else _without_card(e)
        for e in state.events
    ]
    world._legal = {}


def _shuffle_free(
    state: ClassicState, world: ClassicState, free: dict[int, list[Place]], rng: random.Random
) -> None:
    for age, places in free.items():
        cards = [_get(state, p) for p in places]
        if age == 3:
            cards = _redraw_guilds(state, cards, free_places=places, rng=rng)
        rng.shuffle(cards)
        for place, card in zip(places, cards, strict=True):
            _set(world, place, card)


def _sample_free_city(
    state: ClassicState, world: ClassicState, player: int, rng: random.Random
) -> None:
    """2 players: re-deal the Age cards ``player`` does not know (module doc)."""
    free: dict[int, list[Place]] = defaultdict(list)
    for q in range(state.n):
        if q != player:
            for i, mask in enumerate(state.hand_masks[q]):
                if not mask >> player & 1:
                    free[state.age].append(("hand", q, i))
    for i, (age, _, _, remover) in enumerate(state.discard_from):
        if remover != player and not state.discard_seen[i] >> player & 1:
            free[age].append(("discard", i, 0))
    for q in range(state.n):
        for i, (age, _, _, remover) in enumerate(state.buried_from[q]):
            if age != BOX and remover != player:
                free[age].append(("buried", q, i))
    for age in range(state.age + 1, 4):
        for q, hand in enumerate(state.ages[age - 1]):
            free[age].extend(("future", age, q * 7 + i) for i in range(len(hand)))
    _shuffle_free(state, world, free, rng)


def _sample_leaders(
    state: ClassicState, world: ClassicState, player: int, rng: random.Random
) -> None:
    """Re-deal the leaders ``player`` does not know: other hands and packets, the box, the
    leaders under others' wonder stages."""
    places: list[tuple[str, int, int]] = []
    for q in range(state.players):
        if q == player:
            continue
        places += [("lh", q, i) for i, m in enumerate(state.leader_masks[q]) if not m >> player & 1]
        places += [("lp", q, i) for i, m in enumerate(state.packet_masks[q]) if not m >> player & 1]
    places += [("box", i, 0) for i, m in enumerate(state.box_masks) if not m >> player & 1]
    for q in range(state.n):
        for i, (age, _, _, remover) in enumerate(state.buried_from[q]):
            if age == BOX and remover != player:
                places.append(("lb", q, i))
    cards = [_get_leader(state, p) for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        kind, a, b = place
        if kind == "lh":
            world.leader_hands[a][b] = card
        elif kind == "lp":
            world.packets[a][b] = card
        elif kind == "box":
            world.box[a] = card
        else:
            world.cities[a].buried[b] = card


def _get_leader(state: ClassicState, place: tuple[str, int, int]) -> Card:
    kind, a, b = place
    if kind == "lh":
        return state.leader_hands[a][b]
    if kind == "lp":
        return state.packets[a][b]
    if kind == "box":
        return state.box[a]
    return state.cities[a].buried[b]


def _without_card(event: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in event.items() if k != "card"}


def _last_sighting(
    state: ClassicState, player: int, age: int, packet: int, index: int
) -> int | None:
    """The last removal index <= ``index`` at which ``player`` held the packet, if any."""
    step = -1 if age == 2 else 1
    last_turn = state.turn if age == state.age else 6
    best = None
    for turn in range(1, last_turn + 1):
        if (packet + step * (turn - 1)) % state.n == player and turn - 1 <= index:
            best = turn - 1
    return best


def _get(state: ClassicState, place: Place) -> Card:
    kind, a, b = place
    if kind == "hand":
        return state.hands[a][b]
    if kind == "discard":
        return state.discard[a]
    if kind == "buried":
        return state.cities[a].buried[b]
    return state.ages[a - 1][b // 7][b % 7]


def _set(world: ClassicState, place: Place, card: Card) -> None:
    kind, a, b = place
    if kind == "hand":
        world.hands[a][b] = card
    elif kind == "discard":
        world.discard[a] = card
    elif kind == "buried":
        world.cities[a].buried[b] = card
    else:
        world.ages[a - 1][b // 7][b % 7] = card


def _shuffle_into(world: ClassicState, places: list[Place], rng: random.Random) -> None:
    cards = [_get(world, p) for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        _set(world, place, card)


def _redraw_guilds(
    state: ClassicState, cards: list[Card], free_places: list[Place], rng: random.Random
) -> list[Card]:
    """Replace the guilds among unknown Age III places by guilds the player has not seen."""
    hidden = {p for p in free_places}
    visible: set[str] = {c.name for city in state.cities for c in city.cards if c.is_guild}
    for q, hand in enumerate(state.hands):
        visible.update(c.name for i, c in enumerate(hand) if ("hand", q, i) not in hidden)
    for i, c in enumerate(state.discard):
        if ("discard", i, 0) not in hidden:
            visible.add(c.name)
    for q, city in enumerate(state.cities):
        visible.update(c.name for i, c in enumerate(city.buried) if ("buried", q, i) not in hidden)
    count = sum(1 for c in cards if c.is_guild)
    if not count:
        return cards
    pool = [g for g in state.cat.guilds if g.name not in visible]
    drawn = iter(rng.sample(pool, count))
    return [next(drawn) if c.is_guild else c for c in cards]
