"""7 Wonders' observation and action indices read from the state directly (compiled): the
fast path of ``wonders.envs.classic.ClassicCodec``, whose view-based encoder is the
specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games at every option set the environments are tested with): the public fields of every
city, the seat's own hands, its teammate's in the team game, and the discard pile only
while the seat builds from it.
"""

from __future__ import annotations

from wonders.classic.actions import Action
from wonders.classic.cards import Card
from wonders.classic.city import City
from wonders.classic.free_city import FREE_CITY
from wonders.classic.leaders import LEADER_DRAFT
from wonders.classic.state import ClassicGame
from wonders.classic.turn import DISCARD_BUILD
from wonders.core.obsbuf import Entries, Packed

PAY_SLOTS = 8
PAY_COINS_MAX = 15
PAYING = ("build", "wonder", "recruit")
SINGLE = ("sell", "free_build", "discard_build", "draft", "copy", "return")
PER_CARD = len(PAYING) * PAY_SLOTS + len(SINGLE)
SKIP = 1
PAY_BASE = 2
CARD_BASE = PAY_BASE + PAY_COINS_MAX + 1
PHASES = ("leader_draft", "recruit", "draft", "extra_card", "discard_build", "courtesan", "debt")
_OFFSET = {kind: i * PAY_SLOTS for i, kind in enumerate(PAYING)}
_OFFSET.update({kind: len(PAYING) * PAY_SLOTS + i for i, kind in enumerate(SINGLE)})


def _cost(a: Action) -> tuple[int, int, int, int]:
    return (a.left + a.right + a.bank, a.left, a.right, a.bank)


class ClassicObserver:
    """Offsets and vocabularies come from the codec (one layout, defined there)."""

    def __init__(
        self,
        size: int,
        players: int,
        cards: dict[str, int],
        wonders: dict[str, int],
        offsets: dict[str, int],
        cities: list[int],
    ) -> None:
        self.size = size
        self.entries = Entries(size)
        self.n = players
        self.cards = cards
        self.wonders = wonders
        self.o_phase = offsets["phase"]
        self.o_age = offsets["age"]
        self.o_turn = offsets["turn"]
        self.o_pass = offsets["pass_left"]
        self.o_discard_size = offsets["discard_size"]
        self.o_box = offsets["box_size"]
        self.o_round = offsets["draft_round"]
        self.o_owes = offsets["owes"]
        self.o_chosen = offsets["chosen"]
        self.o_for_free = offsets["deciding_for_free_city"]
        self.o_hand = offsets["hand"]
        self.o_lhand = offsets["leader_hand"]
        self.o_packet = offsets["leader_packet"]
        self.o_discard = offsets["discard"]
        self.o_mate = offsets["teammate_hand"]
        self.o_mate_l = offsets["teammate_leader_hand"]
        self.o_mate_p = offsets["teammate_leader_packet"]
        self.o_cities = cities
        # each action value's index in its first payment slot, times 2, plus 1 if it pays
        # (actions are immutable values, a bounded set per game: cards x payments)
        self._memo: dict[Action, int] = {}

    def _count(self, buf: Entries, offset: int, cards: list[Card], repeating: bool = False) -> None:
        """Count ``cards`` by name; ``repeating``: a list that may hold two copies of a
        card (a hand, the discard pile; a city never does)."""
        index = self.cards
        if repeating:
            buf.note_repeats([card.name for card in cards])
        for card in cards:
            k = index.get(card.name, -1)
            if k >= 0:
                buf.add(offset + k)

    def observe(self, state: ClassicGame, seat: int) -> Packed:
        """``seat``'s observation (``core.obsbuf``: packed entries)."""
        buf = self.entries
        buf.start()
        phase = state.phase
        if phase in PHASES:
            buf.add(self.o_phase + PHASES.index(phase))
        buf.put(self.o_age, state.age)
        buf.put(self.o_turn, state.turn)
        if state._pass_to() == "left":
            buf.put(self.o_pass, 1)
        buf.put(self.o_discard_size, len(state.discard))
        leaders = state.leaders_on
        if leaders:
            buf.put(self.o_box, len(state.box))
            if phase == LEADER_DRAFT:
                buf.put(self.o_round, state.draft_round)
        to_move = state.to_move()
        if seat in to_move:
            buf.put(self.o_owes, 1)
        if state.pending[seat] is not None:
            buf.put(self.o_chosen, 1)
        if state.free_city and state._fc_choosing(seat):
            buf.put(self.o_for_free, 1)
        self._count(buf, self.o_hand, state.hands[seat], True)
        if phase == DISCARD_BUILD and to_move == [seat]:
            self._count(buf, self.o_discard, state.discard, True)
        mate = state.teammate(seat)
        if leaders:
            self._count(buf, self.o_lhand, state.leader_hands[seat])
            if phase == LEADER_DRAFT:
                self._count(buf, self.o_packet, state.packets[seat])
            if mate is not None:
                self._count(buf, self.o_mate_l, state.leader_hands[mate])
                if phase == LEADER_DRAFT:
                    self._count(buf, self.o_mate_p, state.packets[mate])
        if mate is not None and state.cities_on:
            self._count(buf, self.o_mate, state.hands[mate], True)
        else:
            mate = None  # the view names a teammate only with Cities
        n = self.n
        for p in range(n):
            base = self.o_cities[(p - seat) % n]
            self._city(state, p, base, buf, p == mate, p in to_move, state._chosen(p))
        if state.free_city:
            self._city(state, FREE_CITY, self.o_cities[n], buf, False, False, False)
        return buf.pack()

    def _city(
        self,
        state: ClassicGame,
        p: int,
        base: int,
        buf: Entries,
        mate: bool,
        moving: bool,
        chosen: bool,
    ) -> None:
        city: City = state.cities[p]
        w = self.wonders.get(city.wonder.name, -1)
        if w >= 0:
            buf.add(base + w)
        b = base + len(self.wonders)
        wins = 0
        defeats = 0
        for t in city.tokens:
            if t > 0:
                wins += t
            elif t < 0:
                defeats += 1
        if city.side == "B":
            buf.put(b, 1)
        buf.put(b + 1, city.stages)
        buf.put(b + 2, len(city.stages_def))
        buf.put(b + 3, city.coins)
        buf.put(b + 4, city.shields)
        buf.put(b + 5, wins)
        buf.put(b + 6, defeats)
        buf.put(b + 7, len(state.hands[p]))
        leaders = state.leaders_on and p < state.players
        if leaders:
            buf.put(b + 8, len(state.leader_hands[p]))
        if chosen:
            buf.put(b + 9, 1)
        if state.cities_on:
            buf.put(b + 10, city.debt)
            buf.put(b + 11, city.diplomacy)
            buf.put(b + 12, state.owed.get(p, 0))
        if mate:
            buf.put(b + 13, 1)
        if moving:
            buf.put(b + 14, 1)
        c = b + 15
        self._count(buf, c, city.cards)
        if leaders:
            self._count(buf, c, city.leaders)
            copied = city.copied
            if copied is not None:
                k = self.cards.get(copied.name, -1)
                if k >= 0:
                    if any(card.name == copied.name for card in city.cards):
                        buf.repeated = True  # (a copy of a guild the city has)
                    buf.add(c + k)

    def indices(self, actions: list[Action], seat: int) -> list[int]:
        """Each action's index (-1 if the encoding cannot express it); a payment's slot is
        its rank by ``_cost`` among the legal payments of the same kind and card."""
        out: list[int] = []
        groups: dict[int, list[int]] = {}
        memo = self._memo
        for i, a in enumerate(actions):
            known = memo.get(a)
            if known is None:
                known = memo[a] = self._index(a) * 2 + (1 if a.kind in PAYING else 0)
            index = known >> 1
            out.append(index)
            if index >= 0 and known & 1:
                members = groups.get(index)
                if members is None:
                    groups[index] = [i]
                else:
                    members.append(i)
        for members in groups.values():
            if len(members) > 1:
                ranked = sorted(members, key=lambda i: _cost(actions[i]))
                for slot, i in enumerate(ranked):
                    out[i] = out[i] + slot if slot < PAY_SLOTS else -1
        return out

    def _index(self, a: Action) -> int:
        """The index of ``a`` in its first payment slot."""
        kind = a.kind
        if kind == "skip":
            return SKIP
        if kind == "pay":
            return PAY_BASE + a.bank if a.bank <= PAY_COINS_MAX else -1
        card = self.cards.get(a.card, -1)
        offset = _OFFSET.get(kind, -1)
        if card < 0 or offset < 0:
            return -1
        return CARD_BASE + card * PER_CARD + offset
