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
from typing import TYPE_CHECKING

from wonders.classic.cards import BLACK, Card
from wonders.classic.free_city import FreeCity, free_city_of
from wonders.classic.leaders import BOX, Leaders, leaders_of
from wonders.core.draws import sample, shuffle, shuffle_all
from wonders.core.protocol import JSON

if TYPE_CHECKING:
    from wonders.classic.turn import ClassicState

IN_HAND = 99  # removal index of a card still in a hand: after every removal
# A place a card can be written back to, as one int: ``kind << 16 | a << 8 | b`` with
# (HAND, seat, index), (DISCARD, index, 0) or (BURIED, seat, index); leaders' places use
# (LEADER_HAND, seat, index), (PACKET, seat, index), (BOX_PLACE, index, 0) and (BURIED, seat,
# index) too. No list here is longer than 255. The Ages not dealt yet are
# dealt again whole (_shuffle_free).
HAND, DISCARD, BURIED = 0, 1, 2
LEADER_HAND, PACKET, BOX_PLACE = 3, 4, 5


def sample_world(state: ClassicState, player: int, rng: random.Random) -> ClassicState:
    world = state.clone()
    n = state.n
    known = knowing_seats(state, player)
    for q in range(n):
        if q != player and not _keeps_choice(state, player, q):
            world.pending[q] = None
    leaders = leaders_of(state)
    if leaders is not None:
        world_leaders = leaders_of(world)
        assert world_leaders is not None
        _sample_leaders(state, leaders, world, world_leaders, known, rng)
    free_city = free_city_of(state)
    if free_city is not None:
        _sample_free_city(state, free_city, world, player, rng)
        _filter_events(state, world, player)
        return world
    # each hidden place goes by its provenance (age, packet, removal index, remover): to the
    # group of the player's last sighting of the packet before it left, shuffled among
    # themselves, or (never seen) to its Age's free places; keys and places in the order
    # of the hands, the buried cards, then the discard pile
    groups: dict[int, list[int]] = {}  # age << 16 | packet << 8 | sighting -> places
    free: list[list[int]] = [[], [], [], []]  # by Age
    seats = [q for q in range(n) if known >> q & 1]
    age = state.age
    for q in range(n):
        size = len(state.hands[q])
        if known >> q & 1 or not size:
            continue
        packet = state._packet(q)
        seen = _last_sighting(state, seats, age, packet, IN_HAND)
        target = free[age] if seen < 0 else _group(groups, age << 16 | packet << 8 | seen)
        for i in range(size):
            target.append(HAND << 16 | q << 8 | i)
    for q in range(n):
        for i, (a, packet, index, remover) in enumerate(state.buried_from[q]):
            # a leader under a stage (BOX) is _sample_leaders'
            if a != BOX and not known >> remover & 1:
                place = BURIED << 16 | q << 8 | i
                seen = _last_sighting(state, seats, a, packet, index)
                if seen < 0:
                    free[a].append(place)
                else:
                    _group(groups, a << 16 | packet << 8 | seen).append(place)
    seen_by = state.discard_seen
    for i, (a, packet, index, remover) in enumerate(state.discard_from):
        if not seen_by[i] >> player & 1 and not known >> remover & 1:
            place = DISCARD << 16 | i << 8
            seen = _last_sighting(state, seats, a, packet, index)
            if seen < 0:
                free[a].append(place)
            else:
                _group(groups, a << 16 | packet << 8 | seen).append(place)

    if groups:
        places_of = list(groups.values())
        decks = [_canonical([_get(world, p) for p in places]) for places in places_of]
        shuffle_all(rng, decks)
        for places, cards in zip(places_of, decks, strict=True):
            for k in range(len(places)):
                _set(world, places[k], cards[k])
    _shuffle_free(state, world, free, rng)
    _filter_events(state, world, player)
    return world


def _canonical(cards: list[Card]) -> list[Card]:
    """``cards`` sorted in place by card type, so that what is drawn depends on the multiset
    of hidden cards (what the player knows) and the rng, never on their true order."""
    cards.sort(key=_card_id)
    return cards


def _card_id(card: Card) -> int:
    return card.id


def _group(groups: dict[int, list[int]], key: int) -> list[int]:
    found = groups.get(key)
    if found is None:
        found = groups[key] = []
    return found


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
    return q >= state.players and state.controller() == player


def _filter_events(state: ClassicState, world: ClassicState, player: int) -> None:
    """The cards of the secret events ``player`` does not know taken out of the world's log
    (the clone's own copy of the state's)."""
    events = world._events
    teams = state.cities_on and state.teams  # else ``knows`` is the event's seat or "by"
    for i in state.secret_events():
        event = events[i]
        if teams:
            knows = state.knows(player, event)
        else:
            seat, by = event.get("seat"), event.get("by")
            knows = (isinstance(seat, int) and seat == player) or (
                isinstance(by, int) and by == player
            )
        if not knows:
            events[i] = _without_card(event)


# _without_card's memo: id(event) -> (the event, kept alive so the id stays its own, and its
# copy without the card); events never change once logged, and clones share them
_HIDDEN: dict[int, tuple[JSON, JSON]] = {}
_HIDDEN_LIMIT = 1 << 16


def _shuffle_free(
    state: ClassicState, world: ClassicState, free: list[list[int]], rng: random.Random
) -> None:
    """Deal the unknown places of each Age (``free``, by Age) their cards again, guilds and
    black cards redrawn from those the player has not seen; then the hands of the Ages not
    dealt yet (unknown to everyone), each Age's cards in the order of the seats and of their
    hands."""
    visible = _visible_names(state, free)
    for age in range(4):
        places = free[age]
        if not places:
            continue
        cards = _canonical(_redraw(state, age, [_get(state, p) for p in places], visible, rng))
        shuffle(rng, cards)
        for k in range(len(places)):
            _set(world, places[k], cards[k])
    for age in range(state.age + 1, 4):
        dealt = [card for hand in state.ages[age - 1] for card in hand]
        cards = _canonical(_redraw(state, age, dealt, visible, rng))
        shuffle(rng, cards)
        k = 0
        for hand in world.ages[age - 1]:
            for i in range(len(hand)):
                hand[i] = cards[k]
                k += 1


def _sample_free_city(
    state: ClassicState, free_city: FreeCity, world: ClassicState, player: int, rng: random.Random
) -> None:
    """2 players: re-deal the Age cards ``player`` does not know (module doc)."""
    free: list[list[int]] = [[], [], [], []]
    for q in range(state.n):
        if q != player:
            for i, mask in enumerate(free_city.hand_masks[q]):
                if not mask >> player & 1:
                    free[state.age].append(HAND << 16 | q << 8 | i)
    for i, (age, _, _, remover) in enumerate(state.discard_from):
        if remover != player and not state.discard_seen[i] >> player & 1:
            free[age].append(DISCARD << 16 | i << 8)
    for q in range(state.n):
        for i, (age, _, _, remover) in enumerate(state.buried_from[q]):
            if age != BOX and remover != player:
                free[age].append(BURIED << 16 | q << 8 | i)
    _shuffle_free(state, world, free, rng)


def _sample_leaders(
    state: ClassicState,
    leaders: Leaders,
    world: ClassicState,
    world_leaders: Leaders,
    known: int,
    rng: random.Random,
) -> None:
    """Re-deal the leaders the seats in ``known`` do not know: other hands and packets, the
    box, the leaders under others' wonder stages."""
    places: list[int] = []  # (kind, a, b) as in _set, the box's as (BOX_PLACE, index, 0)
    cards: list[Card] = []
    for q in range(state.players):
        if known >> q & 1:
            continue
        hand, masks = leaders.hands[q], leaders.hand_masks[q]
        for i in range(len(masks)):
            if not masks[i] & known:
                places.append(LEADER_HAND << 16 | q << 8 | i)
                cards.append(hand[i])
        hand, masks = leaders.packets[q], leaders.packet_masks[q]
        for i in range(len(masks)):
            if not masks[i] & known:
                places.append(PACKET << 16 | q << 8 | i)
                cards.append(hand[i])
    box, masks = leaders.box, leaders.box_masks
    for i in range(len(masks)):
        if not masks[i] & known:
            places.append(BOX_PLACE << 16 | i << 8)
            cards.append(box[i])
    for q in range(state.n):
        for i, (age, _, _, remover) in enumerate(state.buried_from[q]):
            if age == BOX and not known >> remover & 1:
                places.append(BURIED << 16 | q << 8 | i)
                cards.append(state.cities[q].buried[i])
    shuffle(rng, _canonical(cards))
    for k in range(len(places)):
        kind, a, b = places[k] >> 16, places[k] >> 8 & 255, places[k] & 255
        if kind == LEADER_HAND:
            world_leaders.hands[a][b] = cards[k]
        elif kind == PACKET:
            world_leaders.packets[a][b] = cards[k]
        elif kind == BOX_PLACE:
            world_leaders.box[a] = cards[k]
        else:
            _set(world, places[k], cards[k])


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


def _last_sighting(state: ClassicState, seats: list[int], age: int, packet: int, index: int) -> int:
    """The last removal index <= ``index`` at which one of ``seats`` held the packet, -1 if
    none. The packet is in seat ``packet + step * t`` (mod n) after ``t`` removals, for the
    ``t`` before this Age's turn (every turn of an Age gone by)."""
    n = state.n
    step = -1 if age == 2 else 1
    last = (state.turn if age == state.age else state.turns_per_age) - 1
    limit = index if index < last else last
    best = -1
    for seat in seats:
        first = (step * (seat - packet)) % n  # the first t at which ``seat`` holds it
        if first <= limit:
            t = first + (limit - first) // n * n
            if t > best:
                best = t
    return best


def _get(state: ClassicState, place: int) -> Card:
    kind, a, b = place >> 16, place >> 8 & 255, place & 255
    if kind == HAND:
        return state.hands[a][b]
    if kind == DISCARD:
        return state.discard[a]
    return state.cities[a].buried[b]


def _set(world: ClassicState, place: int, card: Card) -> None:
    kind, a, b = place >> 16, place >> 8 & 255, place & 255
    if kind == HAND:
        world.hands[a][b] = card
    elif kind == DISCARD:
        world.discard[a] = card
    else:
        world.cities[a].buried[b] = card


def _visible_names(state: ClassicState, free: list[list[int]]) -> int:
    """The names of the cards outside the unknown places ``free`` (built, held, or known to
    be in a hand, the discard pile or under a stage), as a bit mask of ``Card.name_id``."""
    n = state.n
    hidden_hand = [0] * n  # bit masks of the indices of the unknown places
    hidden_buried = [0] * n
    hidden_discard = 0
    for places in free:
        for place in places:
            kind, a, b = place >> 16, place >> 8 & 255, place & 255
            if kind == HAND:
                hidden_hand[a] |= 1 << b
            elif kind == DISCARD:
                hidden_discard |= 1 << a
            else:
                hidden_buried[a] |= 1 << b
    visible = 0
    for q in range(n):
        city = state.cities[q]
        visible |= city.names
        hidden = hidden_hand[q]
        hand = state.hands[q]
        for i in range(len(hand)):
            if not hidden >> i & 1:
                visible |= 1 << hand[i].name_id
    discard = state.discard
    for i in range(len(discard)):
        if not hidden_discard >> i & 1:
            visible |= 1 << discard[i].name_id
    for q in range(n):
        hidden = hidden_buried[q]
        buried = state.cities[q].buried
        for i in range(len(buried)):
            if not hidden >> i & 1:
                visible |= 1 << buried[i].name_id
    return visible


def _redraw(
    state: ClassicState, age: int, cards: list[Card], visible: int, rng: random.Random
) -> list[Card]:
    """The unknown places' cards of one Age with their guilds replaced by guilds the player
    has not seen, and (Cities) their black cards by that Age's black cards not seen; the
    unknown cards themselves are among those drawn from."""
    if age == 3:
        _replace(cards, "purple", state.cat.guilds, visible, rng)
    if state.cities_on:
        _replace(cards, BLACK, state.cat.blacks[age], visible, rng)
    return cards


def _replace(
    cards: list[Card], color: str, pool: tuple[Card, ...], visible: int, rng: random.Random
) -> None:
    """Replace the cards of ``color`` by a sample of ``pool``'s cards not ``visible``."""
    slots = [i for i in range(len(cards)) if cards[i].color == color]
    if not slots:  # a sample of none draws nothing
        return
    unseen = [c for c in pool if not visible >> c.name_id & 1]
    drawn = sample(rng, unseen, len(slots))
    for k in range(len(slots)):
        cards[slots[k]] = drawn[k]
