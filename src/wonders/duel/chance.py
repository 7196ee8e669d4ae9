"""7 Wonders Duel's chance model (``wonders.core.chance``): where each hidden
card is decided, for the OpenSpiel game's chance nodes."""

from __future__ import annotations

from typing import Any

from wonders.core.chance import Batch, ChanceModel, Place, Pool, swap_in
from wonders.core.protocol import JSON
from wonders.core.protocol import State as EngineState


class DuelChance(ChanceModel):
    """Duel: the five board tokens and the first four wonders at the setup; the next four
    wonders; each card of a structure seen face up (at its layout, or turned over); the
    three tokens the Great Library draws. An Age I or II structure holds 20 of the Age's 23
    cards (three are removed unseen): each unseen card of the Age is as likely at a place
    laid out or turned face up. In Age III the structure holds 17 of the Age's 20 cards and
    3 of the 7 guilds: a place holds a given unseen Age card with probability (17 - Age
    cards seen) / (places unseen x (20 - Age cards seen)), a given unseen guild (3 - guilds
    seen) / (places unseen x (7 - guilds seen))."""

    def __init__(self, name: str, options: JSON) -> None:
        super().__init__(name, options)
        from wonders.duel import sampling
        from wonders.duel.city import token_names, wonder_facts
        from wonders.duel.structure import CARDS_PER_AGE

        self.tokens = list(token_names())
        self.wonders = list(wonder_facts())
        self.ages = {age: sampling.age_cards(age) for age in (1, 2, 3)}
        self.guilds = sampling.guild_names()
        self.in_play = sampling.GUILDS_IN_PLAY
        self.per_age = CARDS_PER_AGE
        cards = [c for age in (1, 2, 3) for c in self.ages[age]] + self.guilds
        self.names = (
            [f"token {t}" for t in self.tokens]
            + [f"wonder {w}" for w in self.wonders]
            + [f"card {c}" for c in cards]
        )
        self.token_id = {t: i for i, t in enumerate(self.tokens)}
        self.wonder_id = {w: len(self.tokens) + i for i, w in enumerate(self.wonders)}
        base = len(self.tokens) + len(self.wonders)
        self.card_id = {c: base + i for i, c in enumerate(cards)}
        self.id_name = {
            i: n for d in (self.token_id, self.wonder_id, self.card_id) for n, i in d.items()
        }

    @staticmethod
    def _laid(state: Any, age: int) -> bool:
        return state.structure is not None and state.phase != "draft" and state.age == age

    def _seen_slots(self, state: Any, age: int) -> list[int]:
        """The places of ``age``'s structure seen in ``state`` (face up or taken)."""
        if not self._laid(state, age):
            return []
        s = state.structure
        return [i for i in range(len(s.cards)) if s.cards[i] is None or s.face_up[i]]

    def _age_pool(self, state: Any, age: int, exclude: set[int]) -> Pool:
        """The pool of ``age``'s undecided places: the cards seen are those of the places
        seen in ``state`` (but ``exclude``, the batch's own)."""
        deck = state.decks.get(age, [])
        seen = {deck[i] for i in self._seen_slots(state, age) if i not in exclude}
        age_unseen = [self.card_id[c] for c in self.ages[age] if c not in seen]
        places = self.per_age - len(seen)  # the undecided places of the structure
        if age < 3:
            return Pool([({c: 1 for c in age_unseen}, places)])
        guild_unseen = [self.card_id[g] for g in self.guilds if g not in seen]
        guilds_seen = len(self.guilds) - len(guild_unseen)
        return Pool(
            [
                ({c: 1 for c in age_unseen}, places - (self.in_play - guilds_seen)),
                ({g: 1 for g in guild_unseen}, self.in_play - guilds_seen),
            ]
        )

    def reveals(self, before: EngineState | None, after: EngineState) -> Batch | None:
        a: Any = after
        places: list[tuple[Place, str]] = []
        pools: dict[str, Pool] = {}
        if before is None:
            places += [(("token", k, 0, 0), "tokens") for k in range(len(a.board_tokens))]
            pools["tokens"] = Pool.shuffled([self.token_id[t] for t in self.tokens])
            if a.offer:
                places += [(("offer", k, 0, 0), "wonders") for k in range(len(a.offer))]
                pools["wonders"] = Pool.shuffled([self.wonder_id[w] for w in self.wonders])
            if self._laid(a, a.age):  # the first game: Age I laid out at once
                up = [i for i in range(len(a.structure.cards)) if a.structure.face_up[i]]
                places += [(("card", a.age, i, 0), "cards") for i in up]
                pools["cards"] = self._age_pool(a, a.age, set(up))
            return Batch("setup", after, places, pools)
        b: Any = before
        offered = len(b.unseen_wonders) - len(a.unseen_wonders)
        if offered > 0:
            places += [(("wonder", k, 0, 0), "wonders") for k in range(offered)]
            pools["wonders"] = Pool.shuffled([self.wonder_id[w] for w in b.unseen_wonders])
        drawn = len(b.box_tokens) - len(a.box_tokens)
        if drawn > 0:
            places += [(("box", k, 0, 0), "box") for k in range(drawn)]
            pools["box"] = Pool.shuffled([self.token_id[t] for t in b.box_tokens])
        if a.structure is not None and a.phase != "draft":
            age, up = a.age, a.structure.face_up
            if self._laid(b, age):
                was = b.structure.face_up
                new = [i for i in range(len(up)) if up[i] and not was[i]]
            else:
                new = [i for i in range(len(up)) if up[i]]
            if new:
                places += [(("card", age, i, 0), "cards") for i in new]
                pools["cards"] = self._age_pool(b, age, set())
        return Batch("pre", before, places, pools) if places else None

    def commit(self, batch: Batch) -> EngineState:
        """A move's cards written into a copy of the world's lists (the move, played again,
        shows and logs them); the setup's into its JSON, whose events name them."""
        if batch.kind == "setup":
            return self._commit_setup(batch)
        base: Any = batch.base
        world: Any = base.clone()  # its own lists, the base's left alone (shared with clones)
        world.unseen_wonders = list(base.unseen_wonders)
        world.box_tokens = list(base.box_tokens)
        world.decks, world.removed = dict(base.decks), dict(base.removed)
        ages: set[int] = set()
        fixed: set[tuple[int, int]] = set()  # (age, place) decided so far
        batch_cards = {(p[1], p[2]) for p, _ in batch.places if p[0] == "card"}
        for (kind, k, i, _), card in batch.decided():
            name = self.id_name[card]
            if kind in ("wonder", "box"):
                lst = world.unseen_wonders if kind == "wonder" else world.box_tokens
                swap_in([(lst, j) for j in range(k + 1, len(lst))], (lst, k), name)
                continue
            if k not in ages:  # an Age's lists are never changed in place: new ones
                ages.add(k)
                world.decks[k], world.removed[k] = list(base.decks[k]), list(base.removed[k])
            self._place_card(base, world.decks[k], world.removed[k], k, i, name, batch_cards, fixed)
            fixed.add((k, i))
        structure = base.structure
        if structure is not None and structure.age in ages:
            world.structure = structure.copy()
            deck, cards = world.decks[structure.age], world.structure.cards
            for i in range(len(cards)):
                if cards[i] is not None:
                    cards[i] = deck[i]
        state: EngineState = world
        return state

    def _commit_setup(self, batch: Batch) -> EngineState:
        base: Any = batch.base
        data = base.to_json()
        tokens: list[str] = []
        offer: list[str] = []
        fixed: set[tuple[int, int]] = set()
        batch_cards = {(p[1], p[2]) for p, _ in batch.places if p[0] == "card"}
        for (kind, k, i, _), card in batch.decided():
            name = self.id_name[card]
            if kind == "token":
                tokens.append(name)
            elif kind == "offer":
                offer.append(name)
            else:  # the first game's Age I
                deck, removed = data["decks"][str(k)], data["removed"][str(k)]
                self._place_card(base, deck, removed, k, i, name, batch_cards, fixed)
                fixed.add((k, i))
        data["board_tokens"] = sorted(tokens)
        data["box_tokens"] = [t for t in self.tokens if t not in tokens]
        if offer:
            data["offer"] = offer
            data["unseen_wonders"] = [w for w in self.wonders if w not in offer]
        structure = data["structure"]
        if structure is not None:
            deck = data["decks"][str(data["age"])]
            structure["cards"] = list(deck)
        for event in data["events"]:  # the setup's events name what it shows
            if event["type"] == "wonders_offered":
                event["wonders"] = list(data["offer"])
            elif event["type"] == "age" and structure is not None:
                event["cards"] = [
                    c if up else None
                    for c, up in zip(structure["cards"], structure["face_up"], strict=True)
                ]
        state: EngineState = self.game.from_json(data)
        return state

    def _place_card(
        self,
        base: Any,
        deck: list[str],
        removed: list[str],
        age: int,
        i: int,
        name: str,
        batch_cards: set[tuple[int, int]],
        fixed: set[tuple[int, int]],
    ) -> None:
        """Put ``name`` at place ``i`` of ``age``'s ``deck``, exchanged with an undecided
        place or a removed card; a guild out of the game comes in for one in an undecided
        place (a guild is never among the removed cards)."""
        seen = set(self._seen_slots(base, age))
        open_ = [
            j
            for j in range(len(deck))
            if j != i and (j not in seen or (age, j) in batch_cards) and (age, j) not in fixed
        ]
        guilds = set(self.guilds)
        x = deck[i]
        if x == name:
            return
        for j in open_:
            if deck[j] == name:
                deck[i], deck[j] = name, x
                return
        if name in removed:
            r = removed.index(name)
            if x in guilds:  # the guild moves to an undecided place, whose card is removed
                j = next(j for j in open_ if deck[j] not in guilds)
                deck[j], removed[r] = x, deck[j]
            else:
                removed[r] = x
        elif x not in guilds:  # a guild out of the game comes in for one in an undecided place
            j = next(j for j in open_ if deck[j] in guilds)
            deck[j] = x
        deck[i] = name
