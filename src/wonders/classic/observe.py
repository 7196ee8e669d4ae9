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
from wonders.core.obsbuf import Dense, Observer

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


NONE: list[Card] = []  # an absent field's input (never changed)


def _names(cards: list[Card], leaders: list[Card], copied: Card | None) -> list[str]:
    names = [card.name for card in cards]
    names.extend([card.name for card in leaders])
    if copied is not None:
        names.append(copied.name)
    return names


def _cost(a: Action) -> tuple[int, int, int, int]:
    return (a.left + a.right + a.bank, a.left, a.right, a.bank)


class ClassicObserver(Observer):
    """Offsets and vocabularies come from the codec (one layout, defined there)."""

    def __init__(
        self,
        size: int,
        num_actions: int,
        players: int,
        cards: dict[str, int],
        wonders: dict[str, int],
        offsets: dict[str, int],
        cities: list[int],
    ) -> None:
        super().__init__(num_actions, players)
        self.dense = [Dense(size) for _ in range(players)]
        # each city's part (the same at every seat's relative place): the cities end the
        # layout, one after another, the Free City last
        self.parts = [Dense(size - cities[-1]) for _ in cities]
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

    def observe(self, state: ClassicGame, seat: int) -> bytearray:
        """``seat``'s observation (``core.obsbuf.Dense``: the seat's float32 buffer, kept
        and written again; the caller copies it)."""
        buf = self.dense[seat]
        index = self.cards
        phase = state.phase
        buf.one(self.o_phase, PHASES.index(phase) if phase in PHASES else -1)
        buf.put(self.o_age, state.age)
        buf.put(self.o_turn, state.turn)
        buf.put(self.o_pass, 1 if state._pass_to() == "left" else 0)
        buf.put(self.o_discard_size, len(state.discard))
        leaders = state.leaders_on
        drafting = leaders and phase == LEADER_DRAFT
        buf.put(self.o_box, len(state.box) if leaders else 0)
        buf.put(self.o_round, state.draft_round if drafting else 0)
        to_move = state.to_move()
        buf.put(self.o_owes, 1 if seat in to_move else 0)
        buf.put(self.o_chosen, 1 if state.pending[seat] is not None else 0)
        buf.put(self.o_for_free, 1 if state.free_city and state._fc_choosing(seat) else 0)
        buf.count_named(self.o_hand, index, state.hands[seat])
        building = phase == DISCARD_BUILD and to_move == [seat]
        buf.count_named(self.o_discard, index, state.discard if building else NONE)
        mate = state.teammate(seat)
        buf.count_named(self.o_lhand, index, state.leader_hands[seat] if leaders else NONE)
        buf.count_named(self.o_packet, index, state.packets[seat] if drafting else NONE)
        mate_hand, mate_packet = NONE, NONE
        if leaders and mate is not None:
            mate_hand = state.leader_hands[mate]
            if drafting:
                mate_packet = state.packets[mate]
        buf.count_named(self.o_mate_l, index, mate_hand)
        buf.count_named(self.o_mate_p, index, mate_packet)
        if mate is not None and state.cities_on:
            buf.count_named(self.o_mate, index, state.hands[mate])
        else:
            buf.count_named(self.o_mate, index, NONE)
            mate = None  # the view names a teammate only with Cities
        n = self.n
        teammate = len(self.wonders) + 13  # the one entry of a city that depends on the seat
        for p in range(n):
            base = self.o_cities[(p - seat) % n]
            if buf.paste(base, self._city(state, p, p, p in to_move, state._chosen(p))):
                buf.force(base + teammate, 1 if p == mate else 0)
            else:
                buf.put(base + teammate, 1 if p == mate else 0)
        if state.free_city:
            buf.paste(self.o_cities[n], self._city(state, FREE_CITY, n, False, False))
        return bytearray(buf.buf)

    def _city(self, state: ClassicGame, p: int, k: int, moving: bool, chosen: bool) -> Dense:
        """City ``p``'s part of every seat's observation, written in the ``k``-th part
        (its teammate entry stays 0: the seat's)."""
        part = self.parts[k]
        city: City = state.cities[p]
        part.one(0, self.wonders.get(city.wonder.name, -1))
        b = len(self.wonders)
        wins = 0
        defeats = 0
        for t in city.tokens:
            if t > 0:
                wins += t
            elif t < 0:
                defeats += 1
        part.put(b, 1 if city.side == "B" else 0)
        part.put(b + 1, city.stages)
        part.put(b + 2, len(city.stages_def))
        part.put(b + 3, city.coins)
        part.put(b + 4, city.shields)
        part.put(b + 5, wins)
        part.put(b + 6, defeats)
        part.put(b + 7, len(state.hands[p]))
        leaders = state.leaders_on and p < state.players
        part.put(b + 8, len(state.leader_hands[p]) if leaders else 0)
        part.put(b + 9, 1 if chosen else 0)
        cities = state.cities_on
        part.put(b + 10, city.debt if cities else 0)
        part.put(b + 11, city.diplomacy if cities else 0)
        part.put(b + 12, state.owed.get(p, 0) if cities else 0)
        part.put(b + 14, 1 if moving else 0)
        c = b + 15
        built = city.cards
        recruited = city.leaders if leaders else NONE
        copied = city.copied if leaders else None
        before = part.inputs[c]
        if (
            before is not None
            and before[0] == built
            and before[1] == recruited
            and before[2] is copied
        ):
            return part
        old = _names(before[0], before[1], before[2]) if before is not None else []
        part.recount(c, self.cards, old, _names(built, recruited, copied))
        part.inputs[c] = (list(built), list(recruited), copied)
        return part

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
