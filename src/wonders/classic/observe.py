"""7 Wonders' observation and action indices read from the state directly (compiled): the
fast path of ``wonders.envs.classic.ClassicCodec``, whose view-based encoder is the
specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games at every option set the environments are tested with): the public fields of every
city, the seat's own hands, its teammate's in the team game, and the discard pile only
while the seat builds from it.
"""

from __future__ import annotations

from typing import Any, Final

from wonders.classic.actions import Action
from wonders.classic.cards import Card, Wonder
from wonders.classic.cities import cities_of
from wonders.classic.city import City
from wonders.classic.free_city import FREE_CITY, free_city_of
from wonders.classic.leaders import LEADER_DRAFT, leaders_of
from wonders.classic.state import ClassicGame
from wonders.classic.turn import DISCARD_BUILD
from wonders.core.obsbuf import ZEROS, Observer, Run, legal_map

PAY_SLOTS: Final = 8
PAY_COINS_MAX: Final = 15
PAYING: Final = ("build", "wonder", "recruit")
SINGLE: Final = ("sell", "free_build", "discard_build", "draft", "copy", "return")
PER_CARD: Final = len(PAYING) * PAY_SLOTS + len(SINGLE)
SKIP: Final = 1
PAY_BASE: Final = 2
CARD_BASE: Final = PAY_BASE + PAY_COINS_MAX + 1
PHASES: Final = (
    "leader_draft",
    "recruit",
    "draft",
    "extra_card",
    "discard_build",
    "courtesan",
    "debt",
)
_OFFSET: Final = {kind: i * PAY_SLOTS for i, kind in enumerate(PAYING)}
_OFFSET.update({kind: len(PAYING) * PAY_SLOTS + i for i, kind in enumerate(SINGLE)})


NONE: Final[list[Card]] = []  # an absent field's input (never changed)
ONE: Final = b"\x00\x00\x80\x3f"  # 1.0 as float32 (little-endian)
SUMMARY: Final = 13  # a city's numbers after its wonder: side B .. coins it owes


class Counted:
    """A field counting cards by name, kept with the cards it counts (compared by value:
    the state changes its lists in place); ``of`` gives its memory to join."""

    def __init__(self, size: int) -> None:
        self.cards: list[Card] = []
        self.names: list[str] = []  # theirs
        self.run = Run(size)

    def of(self, cards: list[Card], index: dict[str, int]) -> object:
        if cards != self.cards:
            names = [card.name for card in cards]
            self.run.recount(0, index, self.names, names)
            self.cards = list(cards)
            self.names = names
        return self.run.out


class CityPart:
    """A city's part of every seat's observation, in runs: ``summary`` (its wonder and
    numbers up to the coins it owes) and ``cards`` (buildings, recruited leaders and the
    copied leader), each kept with what it was written from. The teammate and to-move
    entries between them are the seat's, put at each call."""

    def __init__(self, wonders: int, cards: int) -> None:
        self.summary = Run(wonders + SUMMARY)
        self.wonder: Wonder | None = None
        self.side = ""
        self.stages = -1
        self.coins = -1
        self.shields = -1
        self.tokens: list[int] = []
        self.hand = -1
        self.leader_hand = -1
        self.chosen = False
        self.debt = -1
        self.diplomacy = -1
        self.owes = -1
        self.cards = Run(cards)
        self.names: list[str] = []  # what ``cards`` counts
        self.built: list[Card] | None = None
        self.recruited: list[Card] = []
        self.copied: Card | None = None


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
        super().__init__(num_actions)
        nc = len(cards)
        # the layout: the seat's own fields (the phase, nine numbers, seven counts of cards), then
        # each city's part (the same at every seat's relative place), the Free City last
        fields = ["hand", "leader_hand", "leader_packet", "discard", "teammate_hand"]
        fields += ["teammate_leader_hand", "teammate_leader_packet"]
        assert offsets["phase"] == 0 and offsets["deciding_for_free_city"] == len(PHASES) + 8
        assert [offsets[f] for f in fields] == [len(PHASES) + 9 + k * nc for k in range(7)]
        assert cities[0] == offsets["teammate_leader_packet"] + nc
        assert size == cities[-1] + len(wonders) + SUMMARY + 2 + nc
        self.fields = [[Counted(nc) for _ in range(7)] for _ in range(players)]
        self.parts = [CityPart(len(wonders), nc) for _ in cities]
        self.header = Run(len(PHASES) + 9)  # the seat's own numbers, written at every call
        self.n = players
        self.cards = cards
        self.wonders = wonders
        # each action value's index in its first payment slot, times 2, plus 1 if it pays
        # (actions are immutable values, a bounded set per game: cards x payments)
        self._memo: dict[Action, int] = {}

    def observe(self, state: ClassicGame, seat: int) -> bytearray:
        """``seat``'s observation: its float32 bytes, a new bytearray."""
        index = self.cards
        phase = state.phase
        leaders = leaders_of(state)
        drafting = leaders is not None and phase == LEADER_DRAFT
        to_move = state.to_move()
        head = self.header
        at = len(PHASES)
        head.one_hot(0, at, PHASES.index(phase) if phase in PHASES else -1)
        head.set(at, state.age)
        head.set(at + 1, state.turn)
        head.flag(at + 2, state._pass_to() == "left")
        head.set(at + 3, len(state.discard))
        head.set(at + 4, len(leaders.box) if leaders is not None else 0)
        head.set(at + 5, leaders.draft_round if leaders is not None and drafting else 0)
        head.flag(at + 6, seat in to_move)
        head.flag(at + 7, state.pending[seat] is not None)
        free_city = free_city_of(state)
        head.flag(at + 8, free_city is not None and free_city.choosing(state, seat))
        fields = self.fields[seat]
        building = phase == DISCARD_BUILD and to_move == [seat]
        mate = state.teammate(seat)
        mate_hand, mate_packet = NONE, NONE
        packet = leaders.packets[seat] if leaders is not None and drafting else NONE
        if leaders is not None and mate is not None:
            mate_hand = leaders.hands[mate]
            if drafting:
                mate_packet = leaders.packets[mate]
        if mate is None or not state.cities_on:
            mate = None  # the view names a teammate only with Cities
        runs: list[Any] = [
            head.out,
            fields[0].of(state.hands[seat], index),
            fields[1].of(leaders.hands[seat] if leaders is not None else NONE, index),
            fields[2].of(packet, index),
            fields[3].of(state.discard if building else NONE, index),
            fields[4].of(state.hands[mate] if mate is not None else NONE, index),
            fields[5].of(mate_hand, index),
            fields[6].of(mate_packet, index),
        ]
        n = self.n
        for r in range(n):
            p = (seat + r) % n
            part = self.parts[p]
            self._city(state, p, part, state.chosen(p))
            runs.append(part.summary.out)
            runs.append(ONE if p == mate else ZEROS[1])
            runs.append(ONE if p in to_move else ZEROS[1])
            runs.append(part.cards.out)
        if state.free_city:
            part = self.parts[n]
            self._city(state, FREE_CITY, part, False)
            runs.append(part.summary.out)
            runs.append(ZEROS[2])
            runs.append(part.cards.out)
        return self.join(runs)

    def _city(self, state: ClassicGame, p: int, part: CityPart, chosen: bool) -> None:
        """City ``p``'s runs in ``part``, written again where they changed."""
        city: City = state.cities[p]
        part_leaders = leaders_of(state)
        leaders = part_leaders is not None and p < state.players
        cities = cities_of(state)
        hand = len(state.hands[p])
        leader_hand = len(part_leaders.hands[p]) if part_leaders is not None and leaders else 0
        debt = city.debt if cities is not None else 0
        diplomacy = city.diplomacy if cities is not None else 0
        owes = cities.owed.get(p, 0) if cities is not None else 0
        if not (
            part.coins == city.coins
            and part.stages == city.stages
            and part.shields == city.shields
            and part.hand == hand
            and part.chosen == chosen
            and part.leader_hand == leader_hand
            and part.wonder is city.wonder
            and part.side == city.side
            and part.debt == debt
            and part.diplomacy == diplomacy
            and part.owes == owes
            and part.tokens == city.tokens
        ):
            part.wonder = city.wonder
            part.side = city.side
            part.stages = city.stages
            part.coins = city.coins
            part.shields = city.shields
            part.tokens = list(city.tokens)
            part.hand = hand
            part.leader_hand = leader_hand
            part.chosen = chosen
            part.debt = debt
            part.diplomacy = diplomacy
            part.owes = owes
            wins = 0
            defeats = 0
            for t in city.tokens:
                if t > 0:
                    wins += t
                elif t < 0:
                    defeats += 1
            run = part.summary
            nw = len(self.wonders)
            run.one_hot(0, nw, self.wonders.get(city.wonder.name, -1))
            run.flag(nw, city.side == "B")
            run.set(nw + 1, city.stages)
            run.set(nw + 2, len(city.stages_def))
            run.set(nw + 3, city.coins)
            run.set(nw + 4, city.shields)
            run.set(nw + 5, wins)
            run.set(nw + 6, defeats)
            run.set(nw + 7, hand)
            run.set(nw + 8, leader_hand)
            run.flag(nw + 9, chosen)
            run.set(nw + 10, debt)
            run.set(nw + 11, diplomacy)
            run.set(nw + 12, owes)
        built = city.cards
        recruited = city.leaders if leaders else NONE
        copied = city.copied if leaders else None
        if (
            part.built is not None
            and part.copied is copied
            and part.built == built
            and part.recruited == recruited
        ):
            return
        names = [card.name for card in built]
        names.extend([card.name for card in recruited])
        if copied is not None:
            names.append(copied.name)
        part.cards.recount(0, self.cards, part.names, names)
        part.names = names
        part.built = list(built)
        part.recruited = list(recruited)
        part.copied = copied

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

    def legal(self, actions: list[Action], seat: int) -> dict[int, Any]:
        """Index -> action, each index also set in the mask: from ``indices``, as a
        payment's slot depends on the other legal payments."""
        indices = self.indices(actions, seat)
        mask, base = self.block, self.base
        for i in indices:
            if i >= 0:
                mask[base + i] = 1
        return legal_map(indices, actions)

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
