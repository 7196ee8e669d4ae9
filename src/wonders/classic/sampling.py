"""Sampling a world consistent with what one player knows (for search over hidden cards).

A hidden card is in another player's hand, in the discard pile (sold, or discarded at the end
of an Age), under a wonder stage, or in an Age not dealt yet. Each card dealt this game came
from a *packet* (the hand first dealt to a seat in an Age) and left it at a known removal
index, so what a player saw when a packet passed through their hands pins it down:

- cards the player handled themselves (own hand, own sales and wonder markers, own last card)
  and the discard pile as Halicarnassus saw it are known exactly;
- the cards that left a packet between two of the player's sightings of it, by other hands
  and face down, are a known multiset: they are shuffled among those places only;
- the rest (what left a packet before the player first saw it, packets never seen, future
  Ages) is shuffled freely among the unknown places of its Age; in Age III the guilds among
  those places are redrawn from the guilds the player has not seen, and with Cities the black
  cards among them from that Age's nine black cards the player has not seen (the deck holds
  only some of the nine, so which ones is unknown too).

Cities' team game: teammates show each other their hands (the view lists the teammate's hand
and leader hand), so the player knows what the teammate holds, handled, sold and buried as
well as their own: the pair's sightings and removals count as the player's. The discard pile
a teammate looked at (Halicarnassus) is not in the player's view and stays unknown.

Other players' choices made this turn but not yet revealed are forgotten (they must choose
again in the sampled world): cards chosen in the draft and, with Cities, what the others
chose to pay of a loss in the debt phase; the event log keeps only what the player saw.

The 2-player game (the Free City) and the Leaders' cards use a simpler bookkeeping: each card
in a hand (and each leader in a hand, a draft packet or the box) carries the set of seats
that know it is there, kept as long as no hidden choice may have moved it; every card nobody
told the player about (those places, cards sold, discarded or buried by others, the Free
City's deck, the Ages to come) is shuffled among those places, by Age (leaders among
leaders), guilds and black cards redrawn as above. This never reveals more than the player
knows; it may forget a little (a card the player saw leave a hand face down may be dealt back
to another hidden place).
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import TYPE_CHECKING

from wonders.classic.cards import BLACK, Card
from wonders.classic.leaders import BOX
from wonders.core.draws import sample, shuffle
from wonders.core.protocol import JSON

if TYPE_CHECKING:
    from wonders.classic.turn import ClassicState, Provenance

IN_HAND = 99  # removal index of a card still in a hand: after every removal
# a place a card can be written back to: ("hand", seat, i), ("discard", i, 0),
# or ("buried", seat, i) (the Ages not dealt yet are dealt again whole: _shuffle_free)
Place = tuple[str, int, int]


def sample_world(state: ClassicState, player: int, rng: random.Random) -> ClassicState:
    world = state.clone()
    n = state.n
    known = knowing_seats(state, player)
    for q in range(n):
        if q != player and not _keeps_choice(state, player, q):
            world.pending[q] = None
    if state.leaders_on:
        _sample_leaders(state, world, known, rng)
    if state.free_city:
        _sample_free_city(state, world, player, rng)
        _filter_events(state, world, player)
        return world
    groups: dict[tuple[int, int, int], list[Place]] = defaultdict(list)
    free: dict[int, list[Place]] = defaultdict(list)
    # the hidden places with their provenance (age, packet, removal index, remover)
    hidden: list[tuple[Place, Provenance]] = []
    for q in range(n):
        if known >> q & 1:
            continue
        prov = (state.age, state._packet(q), IN_HAND, q)
        for i in range(len(state.hands[q])):
            hidden.append((("hand", q, i), prov))
    for q in range(n):
        for i, prov in enumerate(state.buried_from[q]):
            if prov[0] != BOX:  # a leader under a stage: _sample_leaders
                hidden.append((("buried", q, i), prov))
    for i, prov in enumerate(state.discard_from):
        if not state.discard_seen[i] >> player & 1:
            hidden.append((("discard", i, 0), prov))
    for place, (age, packet, index, remover) in hidden:
        if known >> remover & 1:
            continue
        seen = _last_sighting(state, known, age, packet, index)
        if seen is None:
            free[age].append(place)
        else:
            groups[(age, packet, seen)].append(place)

    for places in groups.values():
        _shuffle_into(world, places, rng)
    _shuffle_free(state, world, free, rng)
    _filter_events(state, world, player)
    return world


def knowing_seats(state: ClassicState, player: int) -> int:
    """The bit mask of the seats whose hands ``player`` sees: their own, and their teammate's
    in the team game."""
    mate = state.teammate(player)
    return 1 << player | (1 << mate if mate is not None else 0)


def _keeps_choice(state: ClassicState, player: int, q: int) -> bool:
    """Choices the sampled world keeps: "nothing to recruit", and the Free City's card (or
    its payment of a loss) when ``player`` chose it."""
    pending = state.pending[q]
    if pending is not None and pending.kind == "skip" and state.phase == "recruit":
        return True
    return state.free_city and q >= state.players and state.controller() == player


def _filter_events(state: ClassicState, world: ClassicState, player: int) -> None:
    events = list(state.events)
    for i in state.secret_events():
        if not state.knows(player, events[i]):
            events[i] = _without_card(events[i])
    world._events = events
    world._legal = {}


# _without_card's memo: id(event) -> (the event, kept alive so the id stays its own, and its
# copy without the card); events never change once logged, and clones share them
_HIDDEN: dict[int, tuple[JSON, JSON]] = {}
_HIDDEN_LIMIT = 1 << 16


def _shuffle_free(
    state: ClassicState, world: ClassicState, free: dict[int, list[Place]], rng: random.Random
) -> None:
    """Deal the unknown places of each Age their cards again, guilds and black cards redrawn
    from those the player has not seen; then the hands of the Ages not dealt yet (unknown to
    everyone), each Age's cards in the order of the seats and of their hands."""
    hidden = {place for places in free.values() for place in places}
    visible = _visible_names(state, hidden)
    for age, places in sorted(free.items()):
        cards = _redraw(state, age, [_get(state, p) for p in places], visible, rng)
        shuffle(rng, cards)
        for place, card in zip(places, cards, strict=True):
            _set(world, place, card)
    for age in range(state.age + 1, 4):
        dealt = [card for hand in state.ages[age - 1] for card in hand]
        cards = _redraw(state, age, dealt, visible, rng)
        shuffle(rng, cards)
        k = 0
        for hand in world.ages[age - 1]:
            for i in range(len(hand)):
                hand[i] = cards[k]
                k += 1


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
    _shuffle_free(state, world, free, rng)


def _sample_leaders(
    state: ClassicState, world: ClassicState, known: int, rng: random.Random
) -> None:
    """Re-deal the leaders the seats in ``known`` do not know: other hands and packets, the
    box, the leaders under others' wonder stages."""
    places: list[tuple[str, int, int]] = []
    for q in range(state.players):
        if known >> q & 1:
            continue
        places += [("lh", q, i) for i, m in enumerate(state.leader_masks[q]) if not m & known]
        places += [("lp", q, i) for i, m in enumerate(state.packet_masks[q]) if not m & known]
    places += [("box", i, 0) for i, m in enumerate(state.box_masks) if not m & known]
    for q in range(state.n):
        for i, (age, _, _, remover) in enumerate(state.buried_from[q]):
            if age == BOX and not known >> remover & 1:
                places.append(("lb", q, i))
    cards = [_get_leader(state, p) for p in places]
    shuffle(rng, cards)
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


def _without_card(event: JSON) -> JSON:
    """The event without its card (the same copy every time for the same event)."""
    found = _HIDDEN.get(id(event))
    if found is not None and found[0] is event:
        return found[1]
    if len(_HIDDEN) >= _HIDDEN_LIMIT:
        _HIDDEN.clear()
    copy = {k: v for k, v in event.items() if k != "card"}
    _HIDDEN[id(event)] = (event, copy)
    return copy


def _last_sighting(
    state: ClassicState, known: int, age: int, packet: int, index: int
) -> int | None:
    """The last removal index <= ``index`` at which a seat of ``known`` held the packet."""
    step = -1 if age == 2 else 1
    last_turn = state.turn if age == state.age else state.turns_per_age
    best = None
    for turn in range(1, last_turn + 1):
        holder = (packet + step * (turn - 1)) % state.n
        if known >> holder & 1 and turn - 1 <= index:
            best = turn - 1
    return best


def _get(state: ClassicState, place: Place) -> Card:
    kind, a, b = place
    if kind == "hand":
        return state.hands[a][b]
    if kind == "discard":
        return state.discard[a]
    return state.cities[a].buried[b]


def _set(world: ClassicState, place: Place, card: Card) -> None:
    kind, a, b = place
    if kind == "hand":
        world.hands[a][b] = card
    elif kind == "discard":
        world.discard[a] = card
    else:
        world.cities[a].buried[b] = card


def _shuffle_into(world: ClassicState, places: list[Place], rng: random.Random) -> None:
    cards = [_get(world, p) for p in places]
    shuffle(rng, cards)
    for place, card in zip(places, cards, strict=True):
        _set(world, place, card)


def _visible_names(state: ClassicState, hidden: set[Place]) -> int:
    """The names of the cards outside the unknown places (built, held, or known to be in a
    hand, the discard pile or under a stage), as a bit mask of ``Card.name_id``."""
    visible = 0
    for city in state.cities:
        visible |= city.names
    for q, hand in enumerate(state.hands):
        for i, c in enumerate(hand):
            if ("hand", q, i) not in hidden:
                visible |= 1 << c.name_id
    for i, c in enumerate(state.discard):
        if ("discard", i, 0) not in hidden:
            visible |= 1 << c.name_id
    for q, city in enumerate(state.cities):
        for i, c in enumerate(city.buried):
            if ("buried", q, i) not in hidden:
                visible |= 1 << c.name_id
    return visible


def _redraw(
    state: ClassicState, age: int, cards: list[Card], visible: int, rng: random.Random
) -> list[Card]:
    """The unknown places' cards of one Age with their guilds replaced by guilds the player
    has not seen, and (Cities) their black cards by that Age's black cards not seen; the
    unknown cards themselves are among those drawn from."""
    pools: dict[str, list[Card]] = {}
    if age == 3:
        pools["purple"] = [g for g in state.cat.guilds if not visible >> g.name_id & 1]
    if state.cities_on:
        pools[BLACK] = [c for c in state.cat.blacks[age] if not visible >> c.name_id & 1]
    out = list(cards)
    for color, pool in pools.items():
        slots = [i for i, c in enumerate(out) if c.color == color]
        for i, card in zip(slots, sample(rng, pool, len(slots)), strict=True):
            out[i] = card
    return out
