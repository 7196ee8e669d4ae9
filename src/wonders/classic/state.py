"""7 Wonders (base game, 3-7 players) on the shared protocol.

A turn: every player picks an action at once (``to_move`` lists those who still owe one);
when all are in, the turn resolves: cards leave the hands, payments are made from the coins
each player had at the start of the turn, cards and stages are placed, then coin effects are
counted (so Vineyard and Bazar see neighbours' cards built the same turn), then the coins
received arrive. Wonder powers that act after the turn are decisions of their own, in the
order of RULES-NOTES: Babylon B's extra card, then the 7th cards are discarded, then
Halicarnassus builds from the discard pile. After the 6th turn of an Age come the conflicts.

Rulings taken here (also in docs/RULINGS.md):
- Babylon B plays its last card with the coins it has after turn 6 resolved.
- Halicarnassus may decline (``skip``); with nothing buildable in the pile nothing happens.
- Olympia A's free build is offered for every card the city may build that is not free anyway.
"""

from __future__ import annotations

import random
from typing import Any

from wonders.classic import scoring
from wonders.classic.actions import KINDS, Action
from wonders.classic.cards import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Catalog,
    age_deck,
    catalog,
)
from wonders.classic.city import City
from wonders.classic.payments import FREE, payment_options
from wonders.core.errors import IllegalActionError, OptionsError
from wonders.core.protocol import JSON, PlayerResult, Result, State, rank_players

HAND_SIZE = 7
TURNS_PER_AGE = 6
SELL_COINS = 3
VICTORY_TOKEN = {1: 1, 2: 3, 3: 5}
DEFEAT_TOKEN = -1

DRAFT, EXTRA, DISCARD_BUILD, OVER = "draft", "extra_card", "discard_build", "over"

# where a hidden card came from: (age, packet, removal index, remover); a packet is the
# hand first dealt to that seat in that Age, and the removal index counts its cards taken
Provenance = tuple[int, int, int, int]


def normalize_options(options: JSON) -> JSON:
    """Check the options and fill in defaults; an impossible option is an OptionsError."""
    known = {"players", "sides", "wonders"}
    unknown = set(options) - known
    if unknown:
        raise OptionsError(f"unknown option(s) {sorted(unknown)}; known: {sorted(known)}")
    players = options.get("players", 3)
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionsError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
    sides = options.get("sides", "random")
    side_list = [sides] * players if isinstance(sides, str) else sides
    if not isinstance(side_list, list) or len(side_list) != players:
        raise OptionsError("sides must be A, B, random, or one of those per seat")
    for s in side_list:
        if s not in ("A", "B", "random"):
            raise OptionsError(f"a side must be A, B or random, got {s!r}")
    wonders = options.get("wonders")
    cat = catalog()
    names: list[str | None] = [None] * players
    if wonders is not None:
        if not isinstance(wonders, list) or len(wonders) != players:
            raise OptionsError("wonders must list one wonder (or null for random) per seat")
        for i, w in enumerate(wonders):
            if w is None or w == "random":
                continue
            if not isinstance(w, str):
                raise OptionsError(f"seat {i}: a wonder must be a name")
            try:
                names[i] = cat.wonder_named(w).name
            except KeyError:
                known_w = ", ".join(x.name for x in cat.wonders)
                raise OptionsError(f"unknown wonder {w!r}; wonders: {known_w}") from None
        chosen = [n for n in names if n]
        if len(set(chosen)) != len(chosen):
            raise OptionsError("two seats cannot have the same wonder")
    return {"players": players, "sides": side_list, "wonders": names}


def setup(options: JSON, seed: int) -> ClassicState:
    """A new game: wonders and sides dealt, the three Ages' hands dealt from the seed."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionsError("the seed must be an integer")
    opts = normalize_options(options)
    n = opts["players"]
    cat = catalog()
    rng = random.Random(seed)
    free = [w for w in cat.wonders if w.name not in opts["wonders"]]
    rng.shuffle(free)
    cities = []
    for seat in range(n):
        name = opts["wonders"][seat]
        wonder = cat.wonder_named(name) if name else free.pop()
        side = opts["sides"][seat]
        if side == "random":
            side = rng.choice(("A", "B"))
        cities.append(City(wonder, side))
    ages: list[list[list[Card]]] = []
    for age in (1, 2, 3):
        deck = age_deck(cat, age, n)
        if age == 3:
            deck += rng.sample(list(cat.guilds), n + 2)
        rng.shuffle(deck)
        ages.append([deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)])
    state = ClassicState(cat, opts, seed, cities, ages)
    state._start_age(1)
    return state


class ClassicState(State):
    game_name = "classic"

    def __init__(
        self,
        cat: Catalog,
        options: JSON,
        seed: int,
        cities: list[City],
        ages: list[list[list[Card]]],
    ) -> None:
        self.cat = cat
        self.options = options
        self.seed = seed
        self.cities = cities
        self.n = len(cities)
        self.ages = ages  # the hands to deal at the start of each Age not started yet
        self.age = 0
        self.turn = 0
        self.hands: list[list[Card]] = [[] for _ in cities]
        self.pending: list[Action | None] = [None] * self.n
        self.phase = DRAFT
        self.queue: list[int] = []  # seats owing a sub-decision of the current phase
        self.extra_done = False  # Babylon's extra card handled this turn
        self.discard: list[Card] = []
        self.discard_from: list[Provenance] = []
        self.discard_seen: list[int] = []  # bit mask of the seats that looked at each card
        self.buried_from: list[list[Provenance]] = [[] for _ in cities]
        self.halicarnassus: list[int] = []  # seats whose stage lets them build from discard
        self._events: list[JSON] = []
        self._legal: dict[int, list[Action]] = {}
        self._result: Result | None = None

    # ------------------------------------------------------------ protocol

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def events(self) -> list[JSON]:
        return self._events

    def left(self, seat: int) -> int:
        return (seat + 1) % self.n

    def right(self, seat: int) -> int:
        return (seat - 1) % self.n

    def to_move(self) -> list[int]:
        if self.phase == DRAFT:
            return [p for p in range(self.n) if self.pending[p] is None]
        if self.phase == OVER:
            return []
        return self.queue[:1]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int) -> list[Action]:
        cached = self._legal.get(player)
        if cached is not None:
            return cached
        if player not in self.to_move():
            acts: list[Action] = []
        elif self.phase == DISCARD_BUILD:
            acts = self._discard_build_actions(player)
        else:
            acts = self._card_actions(player, self.hands[player], olympia=self.phase == DRAFT)
        self._legal[player] = acts
        return acts

    def apply(self, player: int, action: Any) -> None:
        if not isinstance(action, Action) or action.kind not in KINDS:
            raise IllegalActionError(f"not a 7 Wonders action: {action!r}")
        if not 0 <= player < self.n:
            raise IllegalActionError(f"no seat {player} in a {self.n}-player game")
        if player not in self.to_move():
            raise IllegalActionError(f"seat {player} owes no decision now")
        if action not in self.legal_actions(player):
            raise IllegalActionError(f"seat {player} cannot {action.describe()} now")
        if self.phase == DRAFT:
            self.pending[player] = action
            self._legal.pop(player, None)
            if all(a is not None for a in self.pending):
                self._resolve_turn()
        elif self.phase == EXTRA:
            self.queue.pop(0)
            self._legal.clear()
            self._play_card(player, action, self._take_from_hand(player, action.card))
            if not self.queue:
                self._after_turn()
        else:
            self.queue.pop(0)
            self._legal.clear()
            if action.kind == "discard_build":
                self._build_from_discard(player, action.card)
            self._after_turn()

    def action_from_json(self, data: JSON) -> Action:
        return Action.from_json(data)

    # ------------------------------------------------------------ legal actions

    def _card_actions(self, p: int, hand: list[Card], olympia: bool) -> list[Action]:
        city = self.cities[p]
        lc, rc = self.cities[self.left(p)], self.cities[self.right(p)]
        budget = city.coins
        stage = city.next_stage
        market = city.market(lc, rc)
        stage_pay = payment_options(stage.cost, market, budget) if stage is not None else ()
        free_power = (
            olympia and "free_build_per_age" in city.powers and city.free_build_age != self.age
        )
        acts: list[Action] = []
        seen: set[str] = set()
        for card in hand:
            name = card.name
            if name in seen:
                continue
            seen.add(name)
            if card.name_id not in city.names:
                if card.free or city.chain_free(card):
                    acts.append(Action("build", name))
                else:
                    if card.coins <= budget:
                        pays = (
                            payment_options(card.cost, market, budget - card.coins)
                            if any(card.cost)
                            else FREE
                        )
                        for left, right in pays:
                            acts.append(Action("build", name, left, right))
                    if free_power:
                        acts.append(Action("free_build", name))
            for left, right in stage_pay:
                acts.append(Action("wonder", name, left, right))
            acts.append(Action("sell", name))
        return acts

    def _discard_build_actions(self, p: int) -> list[Action]:
        city = self.cities[p]
        names = sorted({c.name for c in self.discard if not city.has_name(c)})
        return [Action("discard_build", name) for name in names] + [Action("skip")]

    # ------------------------------------------------------------ turn flow

    def _start_age(self, age: int) -> None:
        self.age = age
        self.turn = 1
        self.hands = self.ages[age - 1]
        self.ages[age - 1] = []  # dealt: the initial hands are history, not state
        self.pending = [None] * self.n
        self.phase = DRAFT
        self._legal.clear()
        self._events.append({"type": "age", "age": age})

    def _packet(self, seat: int) -> int:
        """The packet (first holder this Age) of the hand ``seat`` holds now."""
        step = -1 if self.age == 2 else 1  # Ages I and III pass left (seat + 1)
        return (seat - step * (self.turn - 1)) % self.n

    def _provenance(self, seat: int) -> Provenance:
        return (self.age, self._packet(seat), HAND_SIZE - len(self.hands[seat]), seat)

    def _take_from_hand(self, seat: int, name: str) -> tuple[Card, Provenance]:
        hand = self.hands[seat]
        prov = self._provenance(seat)
        for i, card in enumerate(hand):
            if card.name == name:
                del hand[i]
                return card, prov
        raise AssertionError(f"{name} not in hand")  # legal_actions checked it

    def _resolve_turn(self) -> None:
        actions = [a for a in self.pending if a is not None]
        self.pending = [None] * self.n
        self._legal.clear()
        self._events.append({"type": "turn", "age": self.age, "turn": self.turn})
        taken = [self._take_from_hand(p, a.card) for p, a in enumerate(actions)]
        income = [0] * self.n
        built: list[tuple[int, Card]] = []
        stages: list[tuple[int, int]] = []
        for p, action in enumerate(actions):
            card, prov = taken[p]
            bank = self._pay(p, action, card, income)
            self._place(p, action, card, prov, bank, income, built, stages)
        self._settle(income, built, stages)
        self.extra_done = False
        self._after_turn()

    def _pay(self, p: int, action: Action, card: Card, income: list[int]) -> int:
        """Coins leave the city: the card's bank cost (not for chains) and the trades.

        Returns the coins paid to the bank."""
        city = self.cities[p]
        bank = card.coins if action.kind == "build" and not city.chain_free(card) else 0
        city.coins -= bank + action.left + action.right
        income[self.left(p)] += action.left
        income[self.right(p)] += action.right
        return bank

    def _place(
        self,
        p: int,
        action: Action,
        card: Card,
        prov: Provenance,
        bank: int,
        income: list[int],
        built: list[tuple[int, Card]],
        stages: list[tuple[int, int]],
    ) -> None:
        city = self.cities[p]
        kind = action.kind
        if kind in ("build", "free_build"):
            city.add_card(card)
            if kind == "free_build":
                city.free_build_age = self.age
            built.append((p, card))
            self._events.append(
                {"type": "build", "seat": p, "card": card.name, "free": kind == "free_build",
                 "paid": {"left": action.left, "right": action.right, "bank": bank}}
            )  # fmt: skip
        elif kind == "wonder":
            stages.append((p, city.stages))
            stage = city.build_stage(card)
            self.buried_from[p].append(prov)
            self._events.append(
                {"type": "wonder", "seat": p, "stage": city.stages, "card": card.name,
                 "secret": True, "paid": {"left": action.left, "right": action.right}}
            )  # fmt: skip
            if "build_from_discard" in stage.powers:
                self.halicarnassus.append(p)
        else:  # sell
            self._to_discard(card, prov)
            income[p] += SELL_COINS
            self._events.append({"type": "sell", "seat": p, "card": card.name, "secret": True})

    def _to_discard(self, card: Card, prov: Provenance) -> None:
        self.discard.append(card)
        self.discard_from.append(prov)
        self.discard_seen.append(0)

    def _coins_when_built(self, p: int, card: Card) -> int:
        city = self.cities[p]
        lc, rc = self.cities[self.left(p)], self.cities[self.right(p)]
        coins = card.coins_now
        for e in card.effects:
            if e.type == "coins_per":
                coins += scoring.effect_value(e, city, lc, rc)
        return coins

    def _settle(
        self, income: list[int], built: list[tuple[int, Card]], stages: list[tuple[int, int]]
    ) -> None:
        """Coin effects of what was placed (counted after all placing), then income arrives."""
        for p, card in built:
            income[p] += self._coins_when_built(p, card)
        for p, stage_index in stages:
            income[p] += self.cities[p].stages_def[stage_index].coins_now
        self._receive(income)

    def _receive(self, income: list[int]) -> None:
        for p, amount in enumerate(income):
            if amount:
                self.cities[p].coins += amount
                self._events.append({"type": "coins", "seat": p, "amount": amount})

    def _play_card(self, p: int, action: Action, taken: tuple[Card, Provenance]) -> None:
        """One card played on its own (Babylon B's last card): pay, place, coins at once."""
        income = [0] * self.n
        built: list[tuple[int, Card]] = []
        stages: list[tuple[int, int]] = []
        bank = self._pay(p, action, taken[0], income)
        self._place(p, action, taken[0], taken[1], bank, income, built, stages)
        self._settle(income, built, stages)

    def _build_from_discard(self, p: int, name: str) -> None:
        for i, card in enumerate(self.discard):
            if card.name == name:
                del self.discard[i], self.discard_from[i], self.discard_seen[i]
                break
        else:
            raise AssertionError(f"{name} not in the discard pile")
        self.cities[p].add_card(card)
        self._events.append({"type": "build", "seat": p, "card": name, "from_discard": True})
        self._receive([self._coins_when_built(p, card) if q == p else 0 for q in range(self.n)])

    def _after_turn(self) -> None:
        """Run the end-of-turn steps in order, stopping at the next decision owed."""
        last_turn = self.turn == TURNS_PER_AGE
        if last_turn and not self.extra_done:
            self.extra_done = True
            extra = [
                p
                for p in range(self.n)
                if "play_last_card" in self.cities[p].powers and self.hands[p]
            ]
            if extra:
                self.phase, self.queue = EXTRA, extra
                return
        if last_turn:
            for p in range(self.n):
                while self.hands[p]:
                    card, prov = self._take_from_hand(p, self.hands[p][0].name)
                    self._to_discard(card, prov)
                    self._events.append(
                        {"type": "discard", "seat": p, "card": card.name, "secret": True}
                    )
        while self.halicarnassus:
            p = self.halicarnassus.pop(0)
            if any(not self.cities[p].has_name(c) for c in self.discard):
                mask = 1 << p
                self.discard_seen = [m | mask for m in self.discard_seen]
                self.phase, self.queue = DISCARD_BUILD, [p]
                self._legal.clear()
                return
        self._legal.clear()
        if not last_turn:
            self._pass_hands()
            self.turn += 1
            self.phase, self.queue = DRAFT, []
            return
        self._conflicts()
        if self.age < 3:
            self._start_age(self.age + 1)
        else:
            self.phase, self.queue = OVER, []
            self._result = self._compute_result()
            self._events.append({"type": "game_over", "totals": self._result.totals})

    def _pass_hands(self) -> None:
        step = -1 if self.age == 2 else 1
        moved: list[list[Card]] = [[] for _ in range(self.n)]
        for p in range(self.n):
            moved[(p + step) % self.n] = self.hands[p]
        self.hands = moved

    def _conflicts(self) -> None:
        win = VICTORY_TOKEN[self.age]
        for p in range(self.n):
            q = self.left(p)
            a, b = self.cities[p], self.cities[q]
            if a.shields == b.shields:
                continue
            winner, loser = (p, q) if a.shields > b.shields else (q, p)
            self.cities[winner].tokens.append(win)
            self.cities[loser].tokens.append(DEFEAT_TOKEN)
            self._events.append(
                {"type": "conflict", "age": self.age, "winner": winner, "loser": loser,
                 "shields": [self.cities[winner].shields, self.cities[loser].shields]}
            )  # fmt: skip

    # ------------------------------------------------------------ scoring

    def score_breakdown(self, p: int) -> dict[str, int]:
        return scoring.score_city(
            self.cities[p], self.cities[self.left(p)], self.cities[self.right(p)]
        )

    def _compute_result(self) -> Result:
        breakdowns = [self.score_breakdown(p) for p in range(self.n)]
        totals = [sum(b.values()) for b in breakdowns]
        coins = [c.coins for c in self.cities]
        ranks = rank_players(list(zip(totals, coins, strict=True)))
        players = [
            PlayerResult(p, totals[p], breakdowns[p], ranks[p], coins[p]) for p in range(self.n)
        ]
        return Result(players, [p for p in range(self.n) if ranks[p] == 1])

    def result(self) -> Result:
        if self._result is None:
            raise IllegalActionError("the game is not over")
        return self._result

    # ------------------------------------------------------------ views

    def view(self, player: int | None) -> JSON:
        """What ``player`` may know; ``None`` is a spectator (no hand, no hidden card)."""
        players = []
        for p, city in enumerate(self.cities):
            players.append(
                {
                    "seat": p,
                    "wonder": city.wonder.name,
                    "side": city.side,
                    "stages": city.stages,
                    "stages_total": len(city.stages_def),
                    "coins": city.coins,
                    "shields": city.shields,
                    "tokens": list(city.tokens),
                    "buildings": [c.name for c in city.cards],
                    "hand_size": len(self.hands[p]),
                    "chosen": self.phase == DRAFT and self.pending[p] is not None,
                }
            )
        out: JSON = {
            "game": "classic",
            "seat": player,
            "age": self.age,
            "turn": self.turn,
            "phase": self.phase,
            "pass_to": "right" if self.age == 2 else "left",
            "to_move": self.to_move(),
            "players": players,
            "discard_size": len(self.discard),
            "events": [self._redact(e, player) for e in self._events],
        }
        if player is not None:
            out["hand"] = [c.name for c in self.hands[player]]
            mine = self.pending[player]
            out["chosen"] = mine.to_json() if mine is not None else None
            if self.phase == DISCARD_BUILD and self.queue[:1] == [player]:
                out["discard"] = sorted(c.name for c in self.discard)
        if self.phase == OVER:
            out["result"] = self.result().to_json()
        return out

    @staticmethod
    def _redact(event: JSON, player: int | None) -> JSON:
        if event.get("secret") and event.get("seat") != player:
            return {k: v for k, v in event.items() if k not in ("card", "secret")}
        return {k: v for k, v in event.items() if k != "secret"}

    # ------------------------------------------------------------ copies and JSON

    def clone(self) -> ClassicState:
        other = ClassicState.__new__(ClassicState)
        other.__dict__.update(self.__dict__)
        other.cities = [c.clone() for c in self.cities]
        other.hands = [list(h) for h in self.hands]
        other.ages = [[list(h) for h in age] for age in self.ages]
        other.pending = list(self.pending)
        other.queue = list(self.queue)
        other.discard = list(self.discard)
        other.discard_from = list(self.discard_from)
        other.discard_seen = list(self.discard_seen)
        other.buried_from = [list(b) for b in self.buried_from]
        other.halicarnassus = list(self.halicarnassus)
        other._events = list(self._events)
        other._legal = {}
        return other

    def to_json(self) -> JSON:
        def ref(card: Card) -> list[Any]:
            return [card.name, card.age]

        return {
            "game": "classic",
            "options": self.options,
            "seed": self.seed,
            "age": self.age,
            "turn": self.turn,
            "phase": self.phase,
            "queue": list(self.queue),
            "extra_done": self.extra_done,
            "cities": [
                {
                    "wonder": c.wonder.name,
                    "side": c.side,
                    "stages": c.stages,
                    "cards": [ref(x) for x in c.cards],
                    "buried": [ref(x) for x in c.buried],
                    "buried_from": [list(p) for p in self.buried_from[i]],
                    "coins": c.coins,
                    "tokens": list(c.tokens),
                    "free_build_age": c.free_build_age,
                }
                for i, c in enumerate(self.cities)
            ],
            "hands": [[ref(x) for x in h] for h in self.hands],
            "ages": [[[ref(x) for x in h] for h in age] for age in self.ages],
            "pending": [a.to_json() if a else None for a in self.pending],
            "discard": [ref(x) for x in self.discard],
            "discard_from": [list(p) for p in self.discard_from],
            "discard_seen": list(self.discard_seen),
            "halicarnassus": list(self.halicarnassus),
            "events": list(self._events),
        }

    @classmethod
    def from_json(cls, data: JSON) -> ClassicState:
        cat = catalog()
        cards = {(c.name, c.age): c for c in cat.cards}

        def card(ref: list[Any]) -> Card:
            return cards[(ref[0], ref[1])]

        def prov(x: list[int]) -> Provenance:
            return (x[0], x[1], x[2], x[3])

        cities = []
        for c in data["cities"]:
            city = City(cat.wonder_named(c["wonder"]), c["side"], coins=0)
            for marker in c["buried"]:
                city.build_stage(card(marker))
            for x in c["cards"]:
                city.add_card(card(x))
            city.coins = c["coins"]
            city.tokens = list(c["tokens"])
            city.free_build_age = c["free_build_age"]
            cities.append(city)
        ages = [[[card(x) for x in h] for h in age] for age in data["ages"]]
        state = cls(cat, data["options"], data["seed"], cities, ages)
        state.age, state.turn, state.phase = data["age"], data["turn"], data["phase"]
        state.queue = list(data["queue"])
        state.extra_done = data["extra_done"]
        state.hands = [[card(x) for x in h] for h in data["hands"]]
        state.pending = [Action.from_json(a) if a else None for a in data["pending"]]
        state.discard = [card(x) for x in data["discard"]]
        state.discard_from = [prov(x) for x in data["discard_from"]]
        state.discard_seen = list(data["discard_seen"])
        state.buried_from = [[prov(x) for x in c["buried_from"]] for c in data["cities"]]
        state.halicarnassus = list(data["halicarnassus"])
        state._events = list(data["events"])
        if state.phase == OVER:
            state._result = state._compute_result()
        return state

    # ------------------------------------------------------------ hidden information

    def sample_world(self, player: int, rng: random.Random) -> ClassicState:
        from wonders.classic.sampling import sample_world

        return sample_world(self, player, rng)
