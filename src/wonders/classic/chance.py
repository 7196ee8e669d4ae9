"""The chance model of 7 Wonders, with Leaders and Cities (``wonders.core.chance``): where
each hidden card is decided, for the OpenSpiel game's chance nodes."""

from __future__ import annotations

from collections import Counter
from typing import Any

from wonders.classic.leaders import Leaders, leaders_of
from wonders.classic.turn import ClassicState
from wonders.core.chance import Batch, ChanceModel, Place, Pool, Slot, remove_slot, swap_in
from wonders.core.protocol import JSON
from wonders.core.protocol import State as EngineState


class ClassicChance(ChanceModel):
    """7 Wonders: each city's wonder and (``sides=random``) side before the setup; every
    card of an Age's hands when the Age is dealt (the Free City's deck too), drawn from the
    Age's deck: its base cards, in Age III its guilds (players + 2 of the guilds, at most
    9) and with Cities its black cards (a sample of the Age's black cards), so a guild or
    black card not yet dealt lies at a place with probability (those of its kind still to
    deal) / (places left x (those of its kind not dealt)); with Leaders the four leaders of
    each seat's draft packet, and those Roma B draws from the box. Everything else a seat
    learns follows from the deal and the moves (passed hands, the discard pile)."""

    def __init__(self, name: str, options: JSON) -> None:
        super().__init__(name, options)
        probe: Any = self.game.setup(dict(options), 0)
        cat = probe.cat
        self.cat = cat
        self.n = probe.n
        self.players = probe.players
        self.sides: list[str] = list(probe.options["sides"])
        self.leaders_on = probe.leaders_on
        self.wonders = [w.name for w in cat.wonders]
        self.cards = list(cat.cards)
        self.leaders = list(cat.leaders)
        offset = len(self.wonders) + 2
        self.names = (
            [f"wonder {w}" for w in self.wonders]
            + ["side A", "side B"]
            + [f"card {c.name} ({'I' * c.age})" for c in self.cards]
            + [f"leader {c.name}" for c in self.leaders]
        )
        self.card_id = {(c.name, c.age): offset + i for i, c in enumerate(self.cards)}
        self.leader_id = {c.name: offset + len(self.cards) + i for i, c in enumerate(self.leaders)}
        self.refs: dict[int, list[Any]] = {i: [n, a] for (n, a), i in self.card_id.items()}
        self.leader_name = {i: n for n, i in self.leader_id.items()}
        self.kind = {  # each card's class in a deck: 0 base, 1 guild, 2 black
            (c.name, c.age): 1 if c.is_guild else 2 if c.color == "black" else 0 for c in cat.cards
        }
        # each Age's deck: the base cards (dealt whole) and how many guilds and black cards
        self.decks: dict[int, tuple[Counter[int], int, int]] = {}
        for age in (1, 2, 3):
            hands = probe.hands if age == probe.age else probe.ages[age - 1]
            dealt = [(c.name, c.age) for hand in hands for c in hand]
            base = Counter(self.card_id[d] for d in dealt if self.kind[d] == 0)
            guilds = sum(1 for d in dealt if self.kind[d] == 1)
            blacks = sum(1 for d in dealt if self.kind[d] == 2)
            self.decks[age] = (base, guilds, blacks)
        self.blacks = {
            age: [self.card_id[(c.name, c.age)] for c in cat.blacks[age]] for age in (1, 2, 3)
        }
        self.guilds = [self.card_id[(c.name, c.age)] for c in cat.guilds]

    def first(self) -> Batch:
        places: list[tuple[Place, str]] = [(("wonder", c, 0, 0), "wonders") for c in range(self.n)]
        pools = {"wonders": Pool.shuffled(list(range(len(self.wonders))))}
        side_a = len(self.wonders)
        for c, side in enumerate(self.sides):
            if side == "random":
                places.append((("side", c, 0, 0), f"side {c}"))
                pools[f"side {c}"] = Pool.shuffled([side_a, side_a + 1])
        return Batch("options", None, places, pools)

    def setup(self, batch: Batch | None) -> EngineState:
        assert batch is not None
        wonders: list[str | None] = [None] * self.n
        sides = list(self.sides)
        for (kind, c, _, _), card in batch.decided():
            if kind == "wonder":
                wonders[c] = self.wonders[card]
            else:
                sides[c] = "A" if card == len(self.wonders) else "B"
        options = {**self.options, "wonders": wonders, "sides": sides}
        state: EngineState = self.game.setup(options, 0)
        return state

    def _deck_pool(self, age: int) -> Pool:
        base, guilds, blacks = self.decks[age]
        classes: list[tuple[dict[int, int], int]] = [(dict(base), sum(base.values()))]
        if guilds:
            classes.append(({g: 1 for g in self.guilds}, guilds))
        if blacks:
            classes.append(({b: 1 for b in self.blacks[age]}, blacks))
        return Pool(classes)

    def reveals(self, before: EngineState | None, after: EngineState) -> Batch | None:
        a: Any = after
        places: list[tuple[Place, str]] = []
        pools: dict[str, Pool] = {}
        if before is None:
            if a.age:
                for c, hand in enumerate(a.hands):
                    places += [(("hand", a.age, c, i), "deck") for i in range(len(hand))]
                pools["deck"] = self._deck_pool(a.age)
            if self.leaders_on:
                for p, packet in enumerate(_leaders(a).packets):
                    places += [(("packet", p, i, 0), "leaders") for i in range(len(packet))]
                pools["leaders"] = Pool.shuffled(list(self.leader_id.values()))
            return Batch("setup", after, places, pools)
        b: Any = before
        if a.age > b.age:
            for c, hand in enumerate(b.ages[a.age - 1]):
                places += [(("age", a.age, c, i), "deck") for i in range(len(hand))]
            pools["deck"] = self._deck_pool(a.age)
        if self.leaders_on:
            drawn = sum(
                e.get("count", 0) for e in a.events[len(b.events) :] if e["type"] == "draw_leaders"
            )
            box, masks = _leaders(b).box, _leaders(b).box_masks
            unseen = [k for k in range(len(box)) if not masks[k]]
            draws = [k for k in range(min(drawn, len(box))) if not masks[k]]
            if draws:
                places += [(("box", k, 0, 0), "box") for k in draws]
                pools["box"] = Pool.shuffled([self.leader_id[box[k].name] for k in unseen])
        return Batch("pre", before, places, pools) if places else None

    def commit(self, batch: Batch) -> EngineState:
        base: Any = batch.base
        data = base.to_json()
        leaders = data.get("leaders")
        decks: list[Slot] = []  # the undecided places of the Age dealt
        leader_slots: list[Slot] = []
        for (kind, a, b, c), _ in batch.places:
            if kind == "hand":
                decks.append((data["hands"][b], c))
            elif kind == "age":
                decks.append((data["ages"][a - 1][b], c))
        if leaders is not None:
            if batch.kind == "setup":
                leader_slots = [(h, i) for h in leaders["packets"] for i in range(len(h))]
                leader_slots += [(leaders["box"], i) for i in range(len(leaders["box"]))]
            else:
                box = leaders["box"]
                leader_slots = [(box, k) for k in range(len(box)) if not leaders["box_masks"][k]]
        for (kind, a, b, c), card in batch.decided():
            if kind in ("hand", "age"):
                slot = (data["hands"][b], c) if kind == "hand" else (data["ages"][a - 1][b], c)
                remove_slot(decks, slot)
                self._place_card(decks, slot, self.refs[card])
            else:
                slot = (leaders["packets"][a], b) if kind == "packet" else (leaders["box"], a)
                remove_slot(leader_slots, slot)
                swap_in(leader_slots, slot, self.leader_name[card])
        state: EngineState = self.game.from_json(data)
        return state

    def _place_card(self, slots: list[Slot], target: Slot, ref: list[Any]) -> None:
        """Put the card ``ref`` at ``target``: exchanged with an undecided place holding it,
        or (a guild or black card not dealt) in for one of its kind, whose place takes the
        target's card unless that is of the same kind."""
        lst, i = target
        x = lst[i]
        if x == ref:
            return
        for other, j in slots:
            if other[j] == ref:
                other[j], lst[i] = x, ref
                return
        kind = self.kind[(ref[0], ref[1])]
        assert kind, f"{ref} is not among the undecided cards"
        if self.kind[(x[0], x[1])] != kind:
            other, j = next((o, j) for o, j in slots if self.kind[(o[j][0], o[j][1])] == kind)
            other[j] = x
        lst[i] = ref


def _leaders(state: ClassicState) -> Leaders:
    """The Leaders part of a game with the expansion."""
    part = leaders_of(state)
    assert part is not None
    return part
