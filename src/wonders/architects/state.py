"""7 Wonders Architects (2-7 players) on the shared protocol.

Seats are clockwise; seat ``p``'s left neighbour is ``p + 1``. Seat ``p``'s wonder deck lies
face up between ``p`` and its left neighbour, so ``p`` takes from its own deck (left), from
its right neighbour's deck (right) and from the face-down central deck.

A turn is a series of ordinary decisions by the player whose turn it is:

1. ``take`` the top card of the left, right or central deck (empty decks are not offered).
   At the start of the turn the cat's holder looks at the central deck's top card: from then
   until that card leaves the deck, only that player's view shows it.
2. Then, until nothing is left to do, the player chooses among what is owed, in any order:
   the oldest pending card effect (a progress token's extra card, Alexandria's card from any
   deck, Halicarnassus's search then pick, Babylon's token), a science token (when the green
   cards hold 2 equal or 3 different symbols) and a wonder stage (when one can be paid).
   Building and taking science tokens are compulsory: the turn does not end while either is
   possible. Ephesus's central card, Olympia's two cards and Rhodes's shield need no choice
   and happen when the stage is built.
3. The end of the turn: the battle if the last conflict token was flipped this turn, then
   the end of the game if the player's wonder is complete.

Rulings taken here (also in docs/ARCHITECTS.md):
- A stage is paid with exactly the cards needed: grey cards of the pattern plus yellow cards,
  each a wild resource; the player may spend a yellow card even for a resource they hold.
  No card may be superfluous. Economy makes one yellow card worth 2 coins once a turn; a
  payment may use it or not (keeping it for a second stage the same turn).
- Progress tokens that give an extra card trigger on any card taken (the turn's card,
  another extra card, a wonder effect's card), each at most once a turn; the extra card is
  taken, not optional, from the left, right or central deck (whichever are not empty).
- Pending card effects are resolved in the order they arose; builds and science tokens may
  be interleaved with them as the player wishes.
- 2 players: more shields than the opponent is 1 victory token, at least twice as many
  (and at least 2) is 2; so 1 shield against 0 is 1 token, 2 against 0 or 1 is 2.
- With no progress token left (none face up, stack empty) science and Babylon give nothing.
- A player with no deck to take from (left, right and central all empty) is skipped; if no
  player can take a card, the game ends at once.
- Politics counts the cat icons on the player's blue cards (the 2-point blue cards).
"""

from __future__ import annotations

import random
from typing import Any

from wonders.architects.actions import KINDS, STACK, Action
from wonders.architects.cards import (
    CENTRAL,
    RESOURCES,
    SCIENCE,
    STAGES,
    ArchitectsCatalog,
    ArchitectsWonder,
    catalog,
)
from wonders.core.errors import IllegalActionError, OptionsError
from wonders.core.protocol import JSON, PlayerResult, Result, State, rank_players

MIN_PLAYERS, MAX_PLAYERS = 2, 7
CONFLICT_TOKENS = {2: 3, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6}
FACE_UP_TOKENS = 3
SEARCH_DEPTH = 5
VICTORY_POINTS = 3
CAT_POINTS = 2
CATEGORIES = ("wonder", "cat", "blue", "military", "progress")

# pending card effects
MAIN, EXTRA, ANY, SEARCH, PICK, BABYLON = "main", "extra", "any", "search", "pick", "babylon"


class _Facts:
    """Per-kind facts as tuples indexed by kind number (precomputed once)."""

    def __init__(self, cat: ArchitectsCatalog) -> None:
        self.names: tuple[str, ...] = tuple(cat.kinds)
        self.index = {name: i for i, name in enumerate(self.names)}
        kinds = [cat.kinds[n] for n in self.names]
        self.color = tuple(k.color for k in kinds)
        self.gold = tuple(k.coin for k in kinds)
        self.resource = tuple(RESOURCES.index(k.resource) if k.resource else -1 for k in kinds)
        self.science = tuple(SCIENCE.index(k.science) if k.science else -1 for k in kinds)
        self.points = tuple(k.points for k in kinds)
        self.cat = tuple(k.cat for k in kinds)
        self.shields = tuple(k.shields for k in kinds)
        self.horns = tuple(k.horns for k in kinds)
        self.gold_kind = self.gold.index(True)
        self.res_kind = tuple(self.resource.index(r) for r in range(len(RESOURCES)))
        self.sci_kind = tuple(self.science.index(s) for s in range(len(SCIENCE)))
        self.red_kinds = tuple(i for i, k in enumerate(kinds) if k.color == "red")
        self.horned = tuple(i for i, k in enumerate(kinds) if k.horns)
        self.blue_kinds = tuple(i for i, k in enumerate(kinds) if k.color == "blue")
        self.tokens = {t.name: t.effects for t in cat.tokens}
        # token name -> the kinds (or "stage") that give an extra card
        self.extra_on = {
            t.name: frozenset(t.effects["extra_card_on"])
            for t in cat.tokens
            if "extra_card_on" in t.effects
        }
        self.wonders = {w.name: w for w in cat.wonders}


_FACTS: _Facts | None = None


def facts() -> _Facts:
    global _FACTS
    if _FACTS is None:
        _FACTS = _Facts(catalog())
    return _FACTS


def normalize_options(options: JSON) -> JSON:
    """Check the options and fill in defaults; an impossible option is an OptionsError."""
    if not isinstance(options, dict):
        raise OptionsError("options must be an object")
    known = {"players", "wonders"}
    unknown = set(options) - known
    if unknown:
        raise OptionsError(f"unknown option(s) {sorted(unknown)}; known: {sorted(known)}")
    players = options.get("players", 3)
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise OptionsError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
    names: list[str | None] = [None] * players
    wonders = options.get("wonders")
    if wonders is not None:
        if not isinstance(wonders, list) or len(wonders) != players:
            raise OptionsError("wonders must list one wonder (or null for random) per seat")
        known_w = facts().wonders
        for i, w in enumerate(wonders):
            if w is None or w == "random":
                continue
            if not isinstance(w, str):
                raise OptionsError(f"seat {i}: a wonder must be a name")
            match = next((k for k in known_w if k.lower() == w.lower()), None)
            if match is None:
                raise OptionsError(f"unknown wonder {w!r}; wonders: {', '.join(known_w)}")
            names[i] = match
        chosen = [n for n in names if n]
        if len(set(chosen)) != len(chosen):
            raise OptionsError("two seats cannot have the same wonder")
    return {"players": players, "wonders": names}


def setup(options: JSON, seed: int) -> ArchitectsState:
    """A new game: wonders dealt, decks and tokens shuffled from the seed."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionsError("the seed must be an integer")
    opts = normalize_options(options)
    f = facts()
    cat = catalog()
    rng = random.Random(seed)
    free = [name for name in f.wonders if name not in opts["wonders"]]
    rng.shuffle(free)
    wonders = [f.wonders[name] if name else f.wonders[free.pop()] for name in opts["wonders"]]
    decks = []
    for w in wonders:
        deck = [f.index[k] for k, c in cat.decks[w.name].items() for _ in range(c)]
        rng.shuffle(deck)
        decks.append(deck)
    central = [f.index[k] for k, c in cat.decks[CENTRAL].items() for _ in range(c)]
    rng.shuffle(central)
    stack = [t.name for t in cat.tokens]
    rng.shuffle(stack)
    face_up = [stack.pop() for _ in range(FACE_UP_TOKENS)]
    state = ArchitectsState(opts, seed, wonders, decks, central, face_up, stack)
    state._events.append(
        {"type": "setup", "wonders": [w.name for w in wonders], "tokens": list(face_up)}
    )
    state._start_turn(0)
    return state


def two_player_battle(mine: int, theirs: int) -> int:
    """Victory tokens won at 2 players: 1 for more shields, 2 for at least twice as many and
    at least 2 (so 1 shield against 0 wins 1 token, 2 against 0 or 1 wins 2)."""
    if mine <= theirs:
        return 0
    return 2 if mine >= max(2, 2 * theirs) else 1


class ArchitectsState(State):
    game_name = "architects"

    def __init__(
        self,
        options: JSON,
        seed: int,
        wonders: list[ArchitectsWonder],
        decks: list[list[int]],
        central: list[int],
        face_up: list[str],
        stack: list[str],
    ) -> None:
        f = facts()
        self.f = f
        self.options = options
        self.seed = seed
        self.n = len(wonders)
        self.wonders = wonders
        self.deck_index = {w.name: i for i, w in enumerate(wonders)}
        self.decks = decks  # seat p's deck, between p and p + 1; the top is the last item
        self.central = central  # the top is the last item
        self.face_up = face_up
        self.stack = stack  # the top is the last item
        k = len(f.names)
        self.have: list[list[int]] = [[0] * k for _ in wonders]  # cards in front, by kind
        self.built: list[list[int]] = [[] for _ in wonders]  # stage numbers in building order
        self.progress: list[list[str]] = [[] for _ in wonders]
        self.victory = [0] * self.n
        self.discard = [0] * k
        self.cat: int | None = None
        self.conflict_total = CONFLICT_TOKENS[self.n]
        self.conflict = 0  # tokens on their battle side
        self.battle = False  # the last token was flipped this turn
        self.turn = 0
        self.current = 0
        self.queue: list[str] = []
        self.used: list[str] = []  # tokens used this turn ("Economy", extra-card tokens)
        self.knows_top = 0  # bit mask of the seats that know the central deck's top card
        self.held: list[int] = []  # Halicarnassus: the cards looked at
        self.held_deck = -1
        self.shuffles = 0
        self.over = False
        self._events: list[JSON] = []
        self._legal: list[Action] | None = None
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
        return [] if self.over else [self.current]

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.current:
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def apply(self, player: int, action: Any) -> None:
        if not isinstance(action, Action) or action.kind not in KINDS:
            raise IllegalActionError(f"not a 7 Wonders Architects action: {action!r}")
        if not isinstance(player, int) or not 0 <= player < self.n:
            raise IllegalActionError(f"no seat {player} in a {self.n}-player game")
        if self.over:
            raise IllegalActionError("the game is over")
        if player != self.current:
            raise IllegalActionError(f"seat {player} owes no decision now")
        if action not in self.legal_actions(player):
            raise IllegalActionError(f"seat {player} cannot {action.describe()} now")
        self._legal = None
        kind = action.kind
        if kind == "take":
            self.queue.pop(0)
            deck = CENTRAL if action.deck == CENTRAL else self.deck_index[action.deck]
            self._take(player, deck)
        elif kind == "search":
            self._search(player, self.deck_index[action.deck])
        elif kind == "pick":
            self.queue.pop(0)
            self._pick(player, self.f.index[action.card])
        elif kind == "build":
            self._build(player, action.stage, action.pay)
        elif kind == "science":
            self._science(player, action.pay, action.token)
        else:  # token (Babylon)
            self.queue.pop(0)
            self._take_token(player, action.token, "Babylon")
        self._advance()

    def action_from_json(self, data: JSON) -> Action:
        return Action.from_json(data)

    # ------------------------------------------------------------ facts of a seat

    def side_decks(self, p: int) -> tuple[int, int]:
        """The indexes of the decks on ``p``'s left and right."""
        return p, (p - 1) % self.n

    def shields(self, p: int) -> int:
        f = self.f
        have = self.have[p]
        total = sum(have[k] for k in f.red_kinds)
        w = self.wonders[p]
        if w.effect == "shield":
            total += sum(1 for s in self.built[p] if s in w.effect_stages)
        for t in self.progress[p]:
            total += f.tokens[t].get("shields", 0)
        return int(total)

    def available_stages(self, p: int) -> list[int]:
        """The stages ``p`` may build next (several where the wonder lets the player choose)."""
        built = self.built[p]
        for group in self.wonders[p].order:
            left = [s for s in group if s not in built]
            if left:
                return left
        return []

    def deck_name(self, deck: int | str) -> str:
        return CENTRAL if deck == CENTRAL else self.wonders[int(deck)].name

    def _deck(self, deck: int | str) -> list[int]:
        return self.central if deck == CENTRAL else self.decks[int(deck)]

    # ------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list[Action]:
        p = self.current
        acts: list[Action] = []
        if self.queue:
            acts.extend(self._effect_actions(p, self.queue[0]))
        acts.extend(self._science_actions(p))
        acts.extend(self._build_actions(p))
        return acts

    def _take_sources(self, p: int, what: str) -> list[int | str]:
        if what == ANY:
            sources: list[int | str] = list(range(self.n))
        elif what == SEARCH:
            sources = list(dict.fromkeys(self.side_decks(p)))
            return [d for d in sources if self.decks[int(d)]]
        else:
            sources = list(dict.fromkeys(self.side_decks(p)))
        sources.append(CENTRAL)
        return [d for d in sources if self._deck(d)]

    def _effect_actions(self, p: int, what: str) -> list[Action]:
        if what in (MAIN, EXTRA, ANY):
            return [Action("take", deck=self.deck_name(d)) for d in self._take_sources(p, what)]
        if what == SEARCH:
            return [Action("search", deck=self.deck_name(d)) for d in self._take_sources(p, SEARCH)]
        if what == PICK:
            names = self.f.names
            return [Action("pick", card=names[k]) for k in sorted(set(self.held))]
        return [Action("token", token=t) for t in self._token_choices()]

    def _token_choices(self) -> list[str]:
        out = list(dict.fromkeys(self.face_up))
        if self.stack:
            out.append(STACK)
        return out

    def _science_actions(self, p: int) -> list[Action]:
        f = self.f
        have = self.have[p]
        counts = [have[k] for k in f.sci_kind]
        if max(counts) < 2 and min(counts) < 1:
            return []
        tokens = self._token_choices()
        if not tokens:
            return []
        sets: list[tuple[str, ...]] = []
        for s, c in enumerate(counts):
            if c >= 2:
                name = f.names[f.sci_kind[s]]
                sets.append((name, name))
        if min(counts) >= 1:
            sets.append(tuple(sorted(f.names[k] for k in f.sci_kind)))
        return [Action("science", pay=use, token=t) for use in sets for t in tokens]

    def _build_actions(self, p: int) -> list[Action]:
        stages = self.available_stages(p)
        if not stages:
            return []
        f = self.f
        have = self.have[p]
        res = tuple(min(have[k], 4) for k in f.res_kind)
        gold = min(have[f.gold_kind], 4)
        tokens = self.progress[p]
        engineering = any(f.tokens[t].get("ignore_same_different") for t in tokens)
        economy = (
            any(f.tokens[t].get("gold_counts_double") for t in tokens)
            and "Economy" not in self.used
        )
        costs = catalog().costs
        acts = []
        for s in stages:
            cost = costs[s - 1]
            for pay in payments(res, gold, cost.count, cost.same, engineering, economy):
                acts.append(Action("build", stage=s, pay=pay))
        return acts

    # ------------------------------------------------------------ turn flow

    def _start_turn(self, p: int) -> None:
        """Start ``p``'s turn, or the next seat's that has a deck to take from."""
        for i in range(self.n):
            seat = (p + i) % self.n
            if self._take_sources(seat, MAIN):
                break
        else:
            self._events.append({"type": "no_cards"})
            self._end_game()
            return
        self.current = seat
        self.turn += 1
        self.used = []
        self.queue = [MAIN]
        self._legal = None
        self._events.append({"type": "turn", "seat": seat, "turn": self.turn})
        if self.cat == seat and self.central:
            self.knows_top |= 1 << seat

    def _advance(self) -> None:
        """Drop effects that cannot happen; end the turn when nothing is owed."""
        p = self.current
        while self.queue:
            head = self.queue[0]
            if head == PICK or self._effect_actions(p, head):
                break
            self.queue.pop(0)
            self._events.append({"type": "nothing", "seat": p, "effect": head})
        if self.queue or self._science_actions(p):
            self._legal = None
            return
        legal = self._build_actions(p)
        if legal:
            self._legal = legal
            return
        self._end_turn()

    def _end_turn(self) -> None:
        p = self.current
        if self.battle:
            self._battle()
        self._events.append({"type": "end_turn", "seat": p})
        if len(self.built[p]) == STAGES:
            self._end_game()
        else:
            self._start_turn(self.left(p))

    def _end_game(self) -> None:
        self.over = True
        self.queue = []
        self._legal = None
        self._result = self._compute_result()
        self._events.append({"type": "game_over", "totals": self._result.totals})

    # ------------------------------------------------------------ what actions do

    def _take(self, p: int, deck: int | str) -> None:
        cards = self._deck(deck)
        kind = cards.pop()
        if deck == CENTRAL:
            self.knows_top = 0
        self._events.append(
            {"type": "take", "seat": p, "deck": self.deck_name(deck), "card": self.f.names[kind]}
        )
        self._gain(p, kind)

    def _gain(self, p: int, kind: int) -> None:
        f = self.f
        self.have[p][kind] += 1
        if f.cat[kind] and self.cat != p:
            self.cat = p
            self._events.append({"type": "cat", "seat": p})
        horns = f.horns[kind]
        if horns and self.conflict < self.conflict_total:
            flip = min(horns, self.conflict_total - self.conflict)
            self.conflict += flip
            self._events.append(
                {"type": "conflict", "seat": p, "flipped": flip, "battle_side": self.conflict}
            )
            if self.conflict == self.conflict_total:
                self.battle = True
        self._trigger(p, f.names[kind])

    def _trigger(self, p: int, what: str) -> None:
        """Progress tokens that give an extra card when ``what`` (a kind or "stage") happens."""
        for t in self.progress[p]:
            on = self.f.extra_on.get(t)
            if on is not None and what in on and t not in self.used:
                self.used.append(t)
                self.queue.append(EXTRA)
                self._events.append({"type": "extra_card", "seat": p, "token": t})

    def _search(self, p: int, deck: int) -> None:
        cards = self.decks[deck]
        count = min(SEARCH_DEPTH, len(cards))
        self.held = [cards.pop() for _ in range(count)]
        self.held_deck = deck
        self.queue[0] = PICK
        self._events.append(
            {"type": "search", "seat": p, "deck": self.deck_name(deck), "count": count}
        )

    def _pick(self, p: int, kind: int) -> None:
        held = self.held
        held.remove(kind)
        deck = self.decks[self.held_deck]
        deck.extend(held)
        self.shuffles += 1
        random.Random(self.seed * 1_000_003 + self.shuffles).shuffle(deck)
        self._events.append(
            {"type": "take", "seat": p, "deck": self.deck_name(self.held_deck),
             "card": self.f.names[kind], "searched": True}
        )  # fmt: skip
        self._events.append({"type": "shuffle", "deck": self.deck_name(self.held_deck)})
        self.held = []
        self.held_deck = -1
        self._gain(p, kind)

    def _build(self, p: int, stage: int, pay: tuple[str, ...]) -> None:
        f = self.f
        have = self.have[p]
        cost = catalog().costs[stage - 1]
        for name in pay:
            k = f.index[name]
            have[k] -= 1
            self.discard[k] += 1
        if len(pay) < cost.count:  # a yellow card counted twice
            self.used.append("Economy")
        self.built[p].append(stage)
        w = self.wonders[p]
        self._events.append(
            {"type": "build", "seat": p, "stage": stage, "points": w.points[stage - 1],
             "paid": list(pay)}
        )  # fmt: skip
        if stage in w.effect_stages:
            self._stage_effect(p, w.effect or "")
        self._trigger(p, "stage")

    def _stage_effect(self, p: int, effect: str) -> None:
        if effect == "take_any_deck_top":
            self.queue.append(ANY)
        elif effect == "take_progress_token":
            self.queue.append(BABYLON)
        elif effect == "search_side_deck":
            self.queue.append(SEARCH)
        elif effect == "take_central_top":
            if self.central:
                self._take(p, CENTRAL)
        elif effect == "take_both_side_tops":
            for d in self.side_decks(p):
                if self.decks[d]:
                    self._take(p, d)
        # "shield": Rhodes's stages count in ``shields``

    def _science(self, p: int, pay: tuple[str, ...], token: str) -> None:
        have = self.have[p]
        for name in pay:
            k = self.f.index[name]
            have[k] -= 1
            self.discard[k] += 1
        self._take_token(p, token, "science", list(pay))

    def _take_token(self, p: int, token: str, why: str, used: list[str] | None = None) -> None:
        if token == STACK:
            name = self.stack.pop()
        else:
            name = token
            i = self.face_up.index(token)
            if self.stack:
                self.face_up[i] = self.stack.pop()
            else:
                del self.face_up[i]
        self.progress[p].append(name)
        event: JSON = {"type": "progress", "seat": p, "token": name, "from": why}
        if token == STACK:
            event["from_stack"] = True
        if used is not None:
            event["used"] = used
        self._events.append(event)

    def _battle(self) -> None:
        shields = [self.shields(p) for p in range(self.n)]
        won = [0] * self.n
        if self.n == 2:
            for p in (0, 1):
                won[p] = two_player_battle(shields[p], shields[1 - p])
        else:
            for p in range(self.n):
                for q in (self.left(p), self.right(p)):
                    if shields[q] < shields[p]:
                        won[p] += 1
        for p in range(self.n):
            self.victory[p] += won[p]
            for k in self.f.horned:
                self.discard[k] += self.have[p][k]
                self.have[p][k] = 0
        self.conflict = 0
        self.battle = False
        self._events.append({"type": "battle", "shields": shields, "won": won})

    # ------------------------------------------------------------ scoring

    def score_breakdown(self, p: int) -> dict[str, int]:
        f = self.f
        have = self.have[p]
        w = self.wonders[p]
        built = self.built[p]
        tokens = self.progress[p]
        cat_icons = sum(have[k] for k in f.blue_kinds if f.cat[k])
        return {
            "wonder": sum(w.points[s - 1] for s in built),
            "cat": CAT_POINTS if self.cat == p else 0,
            "blue": sum(have[k] * f.points[k] for k in f.blue_kinds),
            "military": VICTORY_POINTS * self.victory[p],
            "progress": progress_points(tokens, len(built) == STAGES, cat_icons, self.victory[p]),
        }

    def _compute_result(self) -> Result:
        breakdowns = [self.score_breakdown(p) for p in range(self.n)]
        totals = [sum(b.values()) for b in breakdowns]
        stages = [len(b) for b in self.built]
        ranks = rank_players(list(zip(totals, stages, strict=True)))
        players = [
            PlayerResult(p, totals[p], breakdowns[p], ranks[p], stages[p]) for p in range(self.n)
        ]
        return Result(players, [p for p in range(self.n) if ranks[p] == 1])

    def result(self) -> Result:
        if self._result is None:
            raise IllegalActionError("the game is not over")
        return self._result

    # ------------------------------------------------------------ views

    def view(self, player: int | None) -> JSON:
        """What ``player`` may know; ``None`` is a spectator (nothing of the central deck)."""
        f = self.f
        players = []
        for p in range(self.n):
            players.append(
                {
                    "seat": p,
                    "wonder": self.wonders[p].name,
                    "stages": list(self.built[p]),
                    "next_stages": self.available_stages(p),
                    "cards": {f.names[k]: c for k, c in enumerate(self.have[p]) if c},
                    "shields": self.shields(p),
                    "victory_tokens": self.victory[p],
                    "progress": list(self.progress[p]),
                    "cat": self.cat == p,
                }
            )
        out: JSON = {
            "game": "architects",
            "seat": player,
            "turn": self.turn,
            "current": self.current,
            "to_move": self.to_move(),
            "players": players,
            "decks": [
                {
                    "deck": w.name,
                    "between": [p, self.left(p)],
                    "size": len(self.decks[p]),
                    "top": f.names[self.decks[p][-1]] if self.decks[p] else None,
                }
                for p, w in enumerate(self.wonders)
            ],
            "central": {"size": len(self.central)},
            "tokens": {"face_up": list(self.face_up), "stack": len(self.stack)},
            "conflict": {"battle_side": self.conflict, "total": self.conflict_total},
            "discard": {f.names[k]: c for k, c in enumerate(self.discard) if c},
            "pending": list(self.queue),
            "events": list(self._events),
        }
        if player is not None and self.central and self.knows_top >> player & 1:
            out["central"]["top"] = f.names[self.central[-1]]
        if self.held:
            out["searching"] = {"deck": self.deck_name(self.held_deck), "count": len(self.held)}
            if player == self.current:
                out["searching"]["cards"] = sorted(f.names[k] for k in self.held)
        if self.over:
            out["result"] = self.result().to_json()
        return out

    # ------------------------------------------------------------ copies and JSON

    def clone(self) -> ArchitectsState:
        other = ArchitectsState.__new__(ArchitectsState)
        other.__dict__.update(self.__dict__)
        other.decks = [list(d) for d in self.decks]
        other.central = list(self.central)
        other.face_up = list(self.face_up)
        other.stack = list(self.stack)
        other.have = [list(h) for h in self.have]
        other.built = [list(b) for b in self.built]
        other.progress = [list(t) for t in self.progress]
        other.victory = list(self.victory)
        other.discard = list(self.discard)
        other.queue = list(self.queue)
        other.used = list(self.used)
        other.held = list(self.held)
        other._events = list(self._events)
        other._legal = None
        return other

    def to_json(self) -> JSON:
        names = self.f.names

        def kinds(cards: list[int]) -> list[str]:
            return [names[k] for k in cards]

        def counts(row: list[int]) -> dict[str, int]:
            return {names[k]: c for k, c in enumerate(row) if c}

        return {
            "game": "architects",
            "options": self.options,
            "seed": self.seed,
            "wonders": [w.name for w in self.wonders],
            "decks": [kinds(d) for d in self.decks],
            "central": kinds(self.central),
            "face_up": list(self.face_up),
            "stack": list(self.stack),
            "have": [counts(h) for h in self.have],
            "built": [list(b) for b in self.built],
            "progress": [list(t) for t in self.progress],
            "victory": list(self.victory),
            "discard": counts(self.discard),
            "cat": self.cat,
            "conflict": self.conflict,
            "battle": self.battle,
            "turn": self.turn,
            "current": self.current,
            "queue": list(self.queue),
            "used": list(self.used),
            "knows_top": self.knows_top,
            "held": kinds(self.held),
            "held_deck": self.held_deck,
            "shuffles": self.shuffles,
            "over": self.over,
            "events": list(self._events),
        }

    @classmethod
    def from_json(cls, data: JSON) -> ArchitectsState:
        f = facts()

        def kinds(cards: list[str]) -> list[int]:
            return [f.index[k] for k in cards]

        def counts(row: dict[str, int]) -> list[int]:
            out = [0] * len(f.names)
            for k, c in row.items():
                out[f.index[k]] = c
            return out

        wonders = [f.wonders[name] for name in data["wonders"]]
        state = cls(
            dict(data["options"]),
            data["seed"],
            wonders,
            [kinds(d) for d in data["decks"]],
            kinds(data["central"]),
            list(data["face_up"]),
            list(data["stack"]),
        )
        state.have = [counts(h) for h in data["have"]]
        state.built = [list(b) for b in data["built"]]
        state.progress = [list(t) for t in data["progress"]]
        state.victory = list(data["victory"])
        state.discard = counts(data["discard"])
        state.cat = data["cat"]
        state.conflict = data["conflict"]
        state.battle = data["battle"]
        state.turn = data["turn"]
        state.current = data["current"]
        state.queue = list(data["queue"])
        state.used = list(data["used"])
        state.knows_top = data["knows_top"]
        state.held = kinds(data["held"])
        state.held_deck = data["held_deck"]
        state.shuffles = data["shuffles"]
        state.over = data["over"]
        state._events = list(data["events"])
        if state.over:
            state._result = state._compute_result()
        return state

    # ------------------------------------------------------------ hidden information

    def sample_world(self, player: int, rng: random.Random) -> ArchitectsState:
        """Reshuffle what ``player`` cannot know: the central deck (but a top card the player
        looked at), every face-up deck below its visible top, the cards another player is
        looking at with Halicarnassus (but the one that was on top), the token stack."""
        world = self.clone()
        central = world.central
        keep = 1 if central and self.knows_top >> player & 1 else 0
        hidden = central[: len(central) - keep]
        rng.shuffle(hidden)
        central[: len(hidden)] = hidden
        for d, deck in enumerate(world.decks):
            pool = deck[:-1]
            searched = d == world.held_deck and player != world.current
            if searched:
                pool += world.held[1:]
            rng.shuffle(pool)
            if searched:
                extra = len(world.held) - 1
                world.held[1:] = pool[:extra]
                pool = pool[extra:]
            deck[: len(deck) - 1] = pool
        rng.shuffle(world.stack)
        return world


def progress_points(tokens: list[str], finished: bool, cat_icons: int, victory: int) -> int:
    """End-game points of a player's progress tokens."""
    effects = facts().tokens
    points = 0
    culture = 0
    for t in tokens:
        e = effects[t]
        if "points_finished" in e:
            points += e["points_finished"] if finished else e["points_unfinished"]
        per = e.get("points_per")
        if per:
            count = {
                "cat_icons": cat_icons,
                "victory_tokens": victory,
                "progress_tokens": len(tokens),
            }[per["count"]]
            points += per["points"] * count
        if e.get("culture"):
            culture += 1
    return points + (0, 4, 12)[min(culture, 2)]


_PAYMENTS: dict[tuple[Any, ...], list[tuple[str, ...]]] = {}


def payments(
    res: tuple[int, ...], gold: int, count: int, same: bool, engineering: bool, economy: bool
) -> list[tuple[str, ...]]:
    """Every way to pay a stage of ``count`` resources (``same`` or different) from grey
    cards ``res`` (per resource, capped at 4) and ``gold`` yellow cards, as sorted tuples of
    card kinds; no card is superfluous. ``economy``: one yellow card may count twice."""
    key = (res, gold, count, same, engineering, economy)
    cached = _PAYMENTS.get(key)
    if cached is not None:
        return cached
    greys: list[tuple[int, ...]] = []  # grey multisets as counts per resource
    if engineering:
        _all_greys(res, 0, [], count, greys)
    elif same:
        greys.append((0,) * len(res))
        for r, c in enumerate(res):
            for used in range(1, min(c, count) + 1):
                greys.append(tuple(used if i == r else 0 for i in range(len(res))))
    else:
        _distinct_greys(res, 0, [], count, greys)
    out: list[tuple[str, ...]] = []
    for g in greys:
        wild = count - sum(g)
        options = [wild]
        if economy and wild >= 2:
            options.append(wild - 1)
        for golds in options:
            if golds > gold:
                continue
            names = ["gold"] * golds
            for r, c in enumerate(g):
                names += [RESOURCES[r]] * c
            out.append(tuple(sorted(names)))
    out = sorted(set(out))
    _PAYMENTS[key] = out
    return out


def _distinct_greys(
    res: tuple[int, ...], i: int, acc: list[int], room: int, out: list[tuple[int, ...]]
) -> None:
    if i == len(res):
        out.append(tuple(acc))
        return
    _distinct_greys(res, i + 1, [*acc, 0], room, out)
    if res[i] and room:
        _distinct_greys(res, i + 1, [*acc, 1], room - 1, out)


def _all_greys(
    res: tuple[int, ...], i: int, acc: list[int], room: int, out: list[tuple[int, ...]]
) -> None:
    if i == len(res):
        out.append(tuple(acc))
        return
    for c in range(min(res[i], room) + 1):
        _all_greys(res, i + 1, [*acc, c], room - c, out)
