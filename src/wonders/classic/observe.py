"""7 Wonders' observation and action indices read from the state directly (compiled): the
fast path of ``wonders.envs.classic.ClassicCodec``, whose view-based encoder is the
specification.

It reads only what ``view(seat)`` shows (the tests compare both at every step of seeded
games at every option set the environments are tested with): the public fields of every
city, the seat's own hands, its teammate's in the team game, and the discard pile only
while the seat builds from it.
"""

from __future__ import annotations

from typing import Final

from librt.strings import BytesWriter, write_f32_le

from wonders.classic.actions import Action
from wonders.classic.cards import Card, Wonder
from wonders.classic.city import City
from wonders.classic.free_city import FREE_CITY
from wonders.classic.leaders import LEADER_DRAFT
from wonders.classic.state import ClassicGame
from wonders.classic.turn import DISCARD_BUILD
from wonders.core.obsbuf import ZEROS, Observer, counts, one_hot

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


class Counted:
    """A field counting cards by name: its run, kept with the cards it was written from
    (compared by value: the state changes its lists in place)."""

    def __init__(self, size: int) -> None:
        self.cards: list[Card] = []
        self.run = ZEROS[size] if size <= 256 else bytes(4 * size)

    def of(self, cards: list[Card], index: dict[str, int]) -> bytes:
        if cards != self.cards:
            w = BytesWriter()
            counts(w, index, [card.name for card in cards])
            self.run = w.getvalue()
            self.cards = list(cards)
        return self.run


class CityPart:
    """A city's part of every seat's observation, in runs: ``summary`` (its wonder and
    numbers up to the coins it owes) and ``cards`` (buildings, recruited leaders and the
    copied leader), each kept with what it was written from. The teammate and to-move
    entries between them are the seat's, written at each call."""

    def __init__(self) -> None:
        self.summary = b""
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
        self.cards = b""
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
        assert size == cities[-1] + len(wonders) + 15 + nc
        self.fields = [[Counted(nc) for _ in range(7)] for _ in range(players)]
        self.parts = [CityPart() for _ in cities]
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
        leaders = state.leaders_on
        drafting = leaders and phase == LEADER_DRAFT
        to_move = state.to_move()
        w = BytesWriter()
        one_hot(w, len(PHASES), PHASES.index(phase) if phase in PHASES else -1)
        write_f32_le(w, float(state.age))
        write_f32_le(w, float(state.turn))
        write_f32_le(w, 1.0 if state._pass_to() == "left" else 0.0)
        write_f32_le(w, float(len(state.discard)))
        write_f32_le(w, float(len(state.box)) if leaders else 0.0)
        write_f32_le(w, float(state.draft_round) if drafting else 0.0)
        write_f32_le(w, 1.0 if seat in to_move else 0.0)
        write_f32_le(w, 1.0 if state.pending[seat] is not None else 0.0)
        write_f32_le(w, 1.0 if state.free_city and state._fc_choosing(seat) else 0.0)
        fields = self.fields[seat]
        building = phase == DISCARD_BUILD and to_move == [seat]
        mate = state.teammate(seat)
        mate_hand, mate_packet = NONE, NONE
        if leaders and mate is not None:
            mate_hand = state.leader_hands[mate]
            if drafting:
                mate_packet = state.packets[mate]
        if mate is None or not state.cities_on:
            mate = None  # the view names a teammate only with Cities
        runs = [
            w.getvalue(),
            fields[0].of(state.hands[seat], index),
            fields[1].of(state.leader_hands[seat] if leaders else NONE, index),
            fields[2].of(state.packets[seat] if drafting else NONE, index),
            fields[3].of(state.discard if building else NONE, index),
            fields[4].of(state.hands[mate] if mate is not None else NONE, index),
            fields[5].of(mate_hand, index),
            fields[6].of(mate_packet, index),
        ]
        n = self.n
        for r in range(n):
            p = (seat + r) % n
            part = self.parts[p]
            self._city(state, p, part, state._chosen(p))
            runs.append(part.summary)
            runs.append(ONE if p == mate else ZEROS[1])
            runs.append(ONE if p in to_move else ZEROS[1])
            runs.append(part.cards)
        if state.free_city:
            part = self.parts[n]
            self._city(state, FREE_CITY, part, False)
            runs.append(part.summary)
            runs.append(ZEROS[2])
            runs.append(part.cards)
        return bytearray().join(runs)

    def _city(self, state: ClassicGame, p: int, part: CityPart, chosen: bool) -> None:
        """City ``p``'s runs in ``part``, written again where they changed."""
        city: City = state.cities[p]
        leaders = state.leaders_on and p < state.players
        cities = state.cities_on
        hand = len(state.hands[p])
        leader_hand = len(state.leader_hands[p]) if leaders else 0
        debt = city.debt if cities else 0
        diplomacy = city.diplomacy if cities else 0
        owes = state.owed.get(p, 0) if cities else 0
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
            w = BytesWriter()
            one_hot(w, len(self.wonders), self.wonders.get(city.wonder.name, -1))
            write_f32_le(w, 1.0 if city.side == "B" else 0.0)
            write_f32_le(w, float(city.stages))
            write_f32_le(w, float(len(city.stages_def)))
            write_f32_le(w, float(city.coins))
            write_f32_le(w, float(city.shields))
            write_f32_le(w, float(wins))
            write_f32_le(w, float(defeats))
            write_f32_le(w, float(hand))
            write_f32_le(w, float(leader_hand))
            write_f32_le(w, 1.0 if chosen else 0.0)
            write_f32_le(w, float(debt))
            write_f32_le(w, float(diplomacy))
            write_f32_le(w, float(owes))
            part.summary = w.getvalue()
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
        w = BytesWriter()
        counts(w, self.cards, names)
        part.cards = w.getvalue()
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
