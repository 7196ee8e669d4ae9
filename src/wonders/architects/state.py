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
from typing import Any, Final

from wonders.architects import sampling, scoring
from wonders.architects.actions import KINDS, STACK, Action, ActionTable, table
from wonders.architects.cards import CENTRAL, STAGES, ArchitectsWonder, Facts, facts
from wonders.architects.views import ArchitectsPlayerView, ArchitectsView, SearchingView
from wonders.core.draws import shuffle, shuffle_all
from wonders.core.errors import IllegalActionError, OptionsError
from wonders.core.i18n import _, every_language, ngettext
from wonders.core.protocol import JSON, PlayerResult, Result, State, rank_players

MIN_PLAYERS, MAX_PLAYERS = 2, 7
CONFLICT_TOKENS = {2: 3, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6}
FACE_UP_TOKENS = 3

# pending card effects
MAIN, EXTRA, ANY, SEARCH, PICK, BABYLON = "main", "extra", "any", "search", "pick", "babylon"


def normalize_options(options: JSON) -> JSON:
    """Check the options and fill in defaults; an impossible option is an OptionsError."""
    if not isinstance(options, dict):
        raise OptionsError(_("options must be an object"))
    known = {"players", "wonders"}
    unknown = set(options) - known
    if unknown:
        raise OptionsError(
            ngettext(
                "unknown option {unknown}; known: {known}",
                "unknown options {unknown}; known: {known}",
                len(unknown),
            ).format(unknown=", ".join(sorted(unknown)), known=", ".join(sorted(known)))
        )
    players = options.get("players", 3)
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionsError(
            _("players must be a whole number, got {players}").format(players=repr(players))
        )
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionsError(
            _("players must be {min_players} to {max_players}, got {players}").format(
                min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, players=repr(players)
            )
        )
    names: list[str | None] = [None] * players
    wonders = options.get("wonders")
    if wonders is not None:
        if not isinstance(wonders, list) or len(wonders) != players:
            raise OptionsError(_("wonders must list one wonder (or null for random) per seat"))
        known_w = facts().wonders
        for i, w in enumerate(wonders):
            if w is None or w == "random":
                continue
            if not isinstance(w, str):
                raise OptionsError(_("seat {i}: a wonder must be a name").format(i=i))
            match = every_language("architects", known_w).get(w.strip().casefold())
            if match is None:
                raise OptionsError(
                    _("unknown wonder {w}; wonders: {known_w}").format(
                        w=repr(w), known_w=", ".join(known_w)
                    )
                )
            names[i] = match
        chosen = [n for n in names if n]
        if len(set(chosen)) != len(chosen):
            raise OptionsError(_("two seats cannot have the same wonder"))
    return {"players": players, "wonders": names}


def setup(options: JSON, seed: int) -> ArchitectsState:
    """A new game: wonders dealt, decks and tokens shuffled from the seed."""
    opts = normalize_options(options)
    f = facts()
    rng = random.Random(seed)
    free = [name for name in f.wonders if name not in opts["wonders"]]
    shuffle(rng, free)
    wonders = [f.wonders[name] if name else f.wonders[free.pop()] for name in opts["wonders"]]
    decks = [list(f.deck_cards[w.name]) for w in wonders]
    central = list(f.deck_cards[CENTRAL])
    shuffle_all(rng, [*decks, central])  # each deck in turn, then the central deck
    stack = list(f.tokens_in_box)
    shuffle(rng, stack)
    face_up = [stack.pop() for _ in range(FACE_UP_TOKENS)]
    state = ArchitectsState(opts, seed, wonders, decks, central, face_up, stack)
    state._log.append(
        {"type": "setup", "wonders": [w.name for w in wonders], "tokens": list(face_up)}
    )
    state._start_turn(0)
    return state


NO_EVENTS: Final[list[JSON]] = []  # the empty log of clones: never appended to (``_unshare``)
DERIVED: Final = frozenset({"_past", "_log", "_shared", "_legal"})


class EventChunk:
    """Events a state shares with its clones: never changed. ``before`` holds the earlier
    ones, so a clone shares a state's whole log without copying it."""

    def __init__(self, before: EventChunk | None, events: list[JSON]) -> None:
        self.before = before
        self.events = events


def two_player_battle(mine: int, theirs: int) -> int:
    """Victory tokens won at 2 players: 1 for more shields, 2 for at least twice as many and
    at least 2 (so 1 shield against 0 wins 1 token, 2 against 0 or 1 wins 2)."""
    if mine <= theirs:
        return 0
    return 2 if mine >= max(2, 2 * theirs) else 1


class ArchitectsState(State):
    game_name = "architects"

    # Cards are kind numbers (``facts()``); tokens, decks and pending effects are names.
    # The rows of ``decks``, ``have``, ``built`` and ``progress`` (one per seat) are never
    # changed in place: a change puts a new row in the table.
    # A clone is copy-on-write: it shares every list of its source (``_shared`` set on both)
    # until either applies an action, which first copies the tables and the lists changed in
    # place (``_unshare``); rows stay shared for good. The event log is ``_past`` (events
    # shared with clones, never changed) then ``_log`` (this state's own, appended to); a
    # clone moves its source's ``_log`` into a new ``_past`` shared by both, and both then
    # share an empty ``_log`` until they unshare. Code that changes a state by hand (tests)
    # must do so on a state it has not cloned.
    f: Facts
    acts: ActionTable
    options: JSON
    seed: int
    n: int
    wonders: list[ArchitectsWonder]
    deck_index: dict[str, int]  # wonder name -> its deck's index
    take_acts: list[Action]  # each deck's take action; the central deck's last (index n)
    search_acts: list[Action]  # each deck's search action
    next_stages: list[tuple[tuple[int, ...], ...]]  # each seat's Facts.next_stages table
    decks: list[list[int]]  # seat p's deck, between p and p + 1; the top is the last item
    central: list[int]  # the top is the last item
    face_up: list[str]
    stack: list[str]  # the top is the last item
    have: list[list[int]]  # cards in front, by kind
    built: list[list[int]]  # stage numbers in building order
    progress: list[list[str]]
    victory: list[int]
    discard: list[int]  # by kind
    cat: int | None
    conflict_total: int
    conflict: int  # tokens on their battle side
    battle: bool  # the last token was flipped this turn
    turn: int
    current: int
    queue: list[str]  # pending effects, oldest first
    used: list[str]  # tokens used this turn ("Economy", extra-card tokens)
    knows_top: int  # bit mask of the seats that know the central deck's top card
    held: list[int]  # Halicarnassus: the cards looked at
    held_deck: int
    shuffles: int
    over: bool
    _past: EventChunk | None
    _log: list[JSON]
    _shared: bool
    _legal: list[Action] | None  # this decision's legal actions, once computed
    _result: Result | None

    def __init__(
        self,
        options: JSON,
        seed: int,
        wonders: list[ArchitectsWonder],
        decks: list[list[int]],
        central: list[int],
        face_up: list[str],
        stack: list[str],
        copy_of: ArchitectsState | None = None,
    ) -> None:
        """A new game's state, or (``copy_of``) a copy of that state's other fields: compiled,
        ``__new__`` runs ``__init__``, so the copy constructor lives here (see ``clone``)."""
        self.options = options
        self.seed = seed
        self.n = len(wonders)
        self.wonders = wonders
        self.decks = decks
        self.central = central
        self.face_up = face_up
        self.stack = stack
        if copy_of is not None:
            o = copy_of
            self.f = o.f
            self.acts = o.acts
            self.deck_index = o.deck_index
            self.take_acts = o.take_acts
            self.search_acts = o.search_acts
            self.next_stages = o.next_stages
            self._result = o._result
            self.cat = o.cat
            self.conflict_total = o.conflict_total
            self.conflict = o.conflict
            self.battle = o.battle
            self.turn = o.turn
            self.current = o.current
            self.knows_top = o.knows_top
            self.held_deck = o.held_deck
            self.shuffles = o.shuffles
            self.over = o.over
            self.have = o.have
            self.built = o.built
            self.progress = o.progress
            self.victory = o.victory
            self.discard = o.discard
            self.queue = o.queue
            self.used = o.used
            self.held = o.held
            if o._log:
                o._past = EventChunk(o._past, o._log)
                o._log = NO_EVENTS
            self._past = o._past
            self._log = o._log  # empty, and copied before either appends (_unshare)
            self._shared = True
            o._shared = True
            self._legal = o._legal  # never changed in place
            return
        f = facts()
        self.f = f
        self.acts = table()
        self.deck_index = {w.name: i for i, w in enumerate(wonders)}
        # the take actions of each deck, the central deck's last; the search actions
        self.take_acts = [self.acts.take[w.name] for w in wonders] + [self.acts.take[CENTRAL]]
        self.search_acts = [self.acts.search[w.name] for w in wonders]
        self.next_stages = [f.next_stages[w.name] for w in wonders]
        k = len(f.names)
        self.have = [[0] * k for _ in wonders]
        self.built = [[] for _ in wonders]
        self.progress = [[] for _ in wonders]
        self.victory = [0] * self.n
        self.discard = [0] * k
        self.cat = None
        self.conflict_total = CONFLICT_TOKENS[self.n]
        self.conflict = 0
        self.battle = False
        self.turn = 0
        self.current = 0
        self.queue = []
        self.used = []
        self.knows_top = 0
        self.held = []
        self.held_deck = -1
        self.shuffles = 0
        self.over = False
        self._past = None
        self._log = []
        self._shared = False
        self._legal = None
        self._result = None

    # ------------------------------------------------------------ protocol

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def events(self) -> list[JSON]:
        if self._past is not None:  # gathered into this state's own log
            chunks: list[list[JSON]] = []
            chunk: EventChunk | None = self._past
            while chunk is not None:
                chunks.append(chunk.events)
                chunk = chunk.before
            log: list[JSON] = []
            for i in range(len(chunks) - 1, -1, -1):
                log.extend(chunks[i])
            log.extend(self._log)
            self._past = None
            self._log = log
        return self._log

    def _unshare(self) -> None:
        """Own the lists shared with a clone (see the class's comment)."""
        self.decks = self.decks[:]
        self.central = self.central[:]
        self.face_up = self.face_up[:]
        self.stack = self.stack[:]
        self.have = self.have[:]
        self.built = self.built[:]
        self.progress = self.progress[:]
        self.victory = self.victory[:]
        self.discard = self.discard[:]
        self.queue = self.queue[:]
        self.used = self.used[:]
        self.held = self.held[:]
        self._log = self._log[:]
        self._shared = False

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
            raise IllegalActionError(
                _("not a 7 Wonders Architects action: {action}").format(action=repr(action))
            )
        if not isinstance(player, int) or not 0 <= player < self.n:
            raise IllegalActionError(
                _("no seat {player} in a {n}-player game").format(player=player, n=self.n)
            )
        if self.over:
            raise IllegalActionError(_("the game is over"))
        if player != self.current:
            raise IllegalActionError(_("seat {player} owes no decision now").format(player=player))
        if not self._is_legal(action):
            raise IllegalActionError(
                _("seat {player} cannot {action} now").format(
                    player=player, action=action.describe()
                )
            )
        if self._shared:
            self._unshare()
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

    def _is_legal(self, action: Action) -> bool:
        legal = self.legal_actions(self.current)
        for a in legal:
            if a is action:  # the usual case: one of the shared values (no tuple compared)
                return True
        return action in legal

    def action_from_json(self, data: Any) -> Action:
        return Action.from_json(data)

    # ------------------------------------------------------------ facts of a seat

    def side_decks(self, p: int) -> tuple[int, int]:
        """The indexes of the decks on ``p``'s left and right."""
        return p, (p - 1) % self.n

    def shields(self, p: int) -> int:
        f = self.f
        have = self.have[p]
        total = 0
        for k in f.red_kinds:
            total += have[k]
        w = self.wonders[p]
        if w.effect == "shield":
            for s in self.built[p]:
                if s in w.effect_stages:
                    total += 1
        for t in self.progress[p]:
            total += f.token_shields[t]
        return total

    def available_stages(self, p: int) -> list[int]:
        """The stages ``p`` may build next (several where the wonder lets the player choose)."""
        return list(self._next_stages(p))

    def _next_stages(self, p: int) -> tuple[int, ...]:
        mask = 0
        for s in self.built[p]:
            mask |= 1 << s
        return self.next_stages[p][mask]

    def deck_name(self, deck: int | str) -> str:
        return CENTRAL if deck == CENTRAL else self.wonders[int(deck)].name

    # ------------------------------------------------------------ legal actions

    def _compute_legal(self) -> list[Action]:
        p = self.current
        acts = self._effect_actions(p, self.queue[0]) if self.queue else []
        self._add_science_actions(p, acts)
        self._add_build_actions(p, acts)
        return acts

    def _take_sources(self, p: int, what: str) -> list[int]:
        """The decks ``p`` may take from (``n`` is the central deck), empty ones left out."""
        n = self.n
        decks = self.decks
        if what == ANY:
            sources = [d for d in range(n) if decks[d]]
        else:
            sources = [d for d in (p, (p - 1) % n) if decks[d]]  # left, right (n >= 2)
            if what == SEARCH:
                return sources
        if self.central:
            sources.append(n)
        return sources

    def _can_take(self, p: int) -> bool:
        """Whether ``p`` has a deck to take the turn's card from."""
        return bool(self.central or self.decks[p] or self.decks[(p - 1) % self.n])

    def _effect_actions(self, p: int, what: str) -> list[Action]:
        """The choices of the pending effect ``what`` (a new list)."""
        if what in (MAIN, EXTRA, ANY):
            takes = self.take_acts
            return [takes[d] for d in self._take_sources(p, what)]
        if what == SEARCH:
            searches = self.search_acts
            return [searches[d] for d in self._take_sources(p, SEARCH)]
        if what == PICK:
            picks = self.acts.pick
            return [picks[k] for k in sorted(set(self.held))]
        tokens = self.acts.token
        return [tokens[t] for t in self._token_choices()]

    def _token_choices(self) -> list[str]:
        out: list[str] = []
        for t in self.face_up:
            if t not in out:
                out.append(t)
        if self.stack:
            out.append(STACK)
        return out

    def _add_science_actions(self, p: int, acts: list[Action]) -> None:
        """Append the science tokens ``p`` may take: by payment (a pair of each symbol, then
        one of each), then by token."""
        have = self.have[p]
        sci = self.f.sci_kind
        pairs = False
        full = True
        for k in sci:
            c = have[k]
            if c >= 2:
                pairs = True
            if c < 1:
                full = False
        if not pairs and not full:
            return
        tokens = self._token_choices()
        science = self.acts.science
        for use in range(len(sci)):
            if have[sci[use]] >= 2:
                for t in tokens:
                    acts.append(science[t][use])
        if full:
            for t in tokens:
                acts.append(science[t][len(sci)])

    def _add_build_actions(self, p: int, acts: list[Action]) -> None:
        """Append every way to build each stage ``p`` may build next."""
        stages = self._next_stages(p)
        if not stages:
            return
        f = self.f
        engineering = economy = False
        for t in self.progress[p]:
            if t in f.engineering:
                engineering = True
            if t in f.economy and "Economy" not in self.used:
                economy = True
        table = self.acts
        key = table.build_key(self.have[p], engineering, economy)
        for s in stages:
            acts.extend(table.builds(key, s))

    # ------------------------------------------------------------ turn flow

    def _start_turn(self, p: int) -> None:
        """Start ``p``'s turn, or the next seat's that has a deck to take from."""
        for i in range(self.n):
            seat = (p + i) % self.n
            if self._can_take(seat):
                break
        else:
            self._log.append({"type": "no_cards"})
            self._end_game()
            return
        self.current = seat
        self.turn += 1
        self.used = []
        self.queue = [MAIN]
        self._legal = None
        self._log.append({"type": "turn", "seat": seat, "turn": self.turn})
        if self.cat == seat and self.central:
            self.knows_top |= 1 << seat

    def _advance(self) -> None:
        """Drop effects that cannot happen; end the turn when nothing is owed."""
        p = self.current
        legal: list[Action] = []
        while self.queue:
            head = self.queue[0]
            legal = self._effect_actions(p, head)
            if legal:
                break
            self.queue.pop(0)
            self._log.append({"type": "nothing", "seat": p, "effect": head})
        self._add_science_actions(p, legal)
        self._add_build_actions(p, legal)
        if legal:
            self._legal = legal
            return
        self._end_turn()

    def _end_turn(self) -> None:
        p = self.current
        if self.battle:
            self._battle()
        self._log.append({"type": "end_turn", "seat": p})
        if len(self.built[p]) == STAGES:
            self._end_game()
        else:
            self._start_turn(self.left(p))

    def _end_game(self) -> None:
        self.over = True
        self.queue = []
        self._legal = None
        self._result = self._compute_result()
        self._log.append({"type": "game_over", "totals": self._result.totals})

    # ------------------------------------------------------------ what actions do

    def _take(self, p: int, deck: int | str) -> None:
        if deck == CENTRAL:
            kind = self.central.pop()
            self.knows_top = 0
        else:
            cards = self.decks[int(deck)][:]  # a new row (see the class's comment)
            kind = cards.pop()
            self.decks[int(deck)] = cards
        self._log.append(
            {"type": "take", "seat": p, "deck": self.deck_name(deck), "card": self.f.names[kind]}
        )
        self._gain(p, kind)

    def _gain(self, p: int, kind: int) -> None:
        f = self.f
        have = self.have[p][:]
        have[kind] += 1
        self.have[p] = have
        if f.cat[kind] and self.cat != p:
            self.cat = p
            self._log.append({"type": "cat", "seat": p})
        horns = f.horns[kind]
        if horns and self.conflict < self.conflict_total:
            flip = min(horns, self.conflict_total - self.conflict)
            self.conflict += flip
            self._log.append(
                {"type": "conflict", "seat": p, "flipped": flip, "battle_side": self.conflict}
            )
            if self.conflict == self.conflict_total:
                self.battle = True
        self._trigger(p, kind)

    def _trigger(self, p: int, what: int) -> None:
        """Progress tokens that give an extra card when ``what`` (a kind, or ``stage_bit`` for
        a stage) happens."""
        extra = self.f.token_extra
        for t in self.progress[p]:
            if extra.get(t, 0) >> what & 1 and t not in self.used:
                self.used.append(t)
                self.queue.append(EXTRA)
                self._log.append({"type": "extra_card", "seat": p, "token": t})

    def _search(self, p: int, deck: int) -> None:
        cards = self.decks[deck][:]
        count = min(self.wonders[p].look_at, len(cards))
        self.held = [cards.pop() for _ in range(count)]
        self.decks[deck] = cards
        self.held_deck = deck
        self.queue[0] = PICK
        self._log.append(
            {"type": "search", "seat": p, "deck": self.deck_name(deck), "count": count}
        )

    def _pick(self, p: int, kind: int) -> None:
        held = self.held
        held.remove(kind)
        deck = self.decks[self.held_deck] + held
        self.shuffles += 1
        shuffle(random.Random(self.seed * 1_000_003 + self.shuffles), deck)
        self.decks[self.held_deck] = deck
        self._log.append(
            {"type": "take", "seat": p, "deck": self.deck_name(self.held_deck),
             "card": self.f.names[kind], "searched": True}
        )  # fmt: skip
        self._log.append({"type": "shuffle", "deck": self.deck_name(self.held_deck)})
        self.held = []
        self.held_deck = -1
        self._gain(p, kind)

    def _build(self, p: int, stage: int, pay: tuple[str, ...]) -> None:
        f = self.f
        have = self.have[p][:]
        cost = f.costs[stage - 1]
        for name in pay:
            k = f.index[name]
            have[k] -= 1
            self.discard[k] += 1
        self.have[p] = have
        if len(pay) < cost.count:  # a yellow card counted twice
            self.used.append("Economy")
        self.built[p] = [*self.built[p], stage]
        w = self.wonders[p]
        self._log.append(
            {"type": "build", "seat": p, "stage": stage, "points": w.points[stage - 1],
             "paid": list(pay)}
        )  # fmt: skip
        if stage in w.effect_stages:
            self._stage_effect(p, w.effect or "")
        self._trigger(p, self.f.stage_bit)

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
        have = self.have[p][:]
        for name in pay:
            k = self.f.index[name]
            have[k] -= 1
            self.discard[k] += 1
        self.have[p] = have
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
        self.progress[p] = [*self.progress[p], name]
        event: JSON = {"type": "progress", "seat": p, "token": name, "from": why}
        if token == STACK:
            event["from_stack"] = True
        if used is not None:
            event["used"] = used
        self._log.append(event)

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
            have = self.have[p][:]
            for k in self.f.horned:
                self.discard[k] += have[k]
                have[k] = 0
            self.have[p] = have
        self.conflict = 0
        self.battle = False
        self._log.append({"type": "battle", "shields": shields, "won": won})

    # ------------------------------------------------------------ scoring

    def score_breakdown(self, p: int) -> dict[str, int]:
        return scoring.score_city(
            self.have[p], self.wonders[p], self.built[p], self.progress[p],
            self.cat == p, self.victory[p],
        )  # fmt: skip

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
            raise IllegalActionError(_("the game is not over"))
        return self._result

    # ------------------------------------------------------------ views

    def view(self, player: int | None) -> ArchitectsView:
        """What ``player`` may know; ``None`` is a spectator (nothing of the central deck)."""
        f = self.f
        players: list[ArchitectsPlayerView] = []
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
        out: ArchitectsView = {
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
            "events": list(self.events),
        }
        if player is not None and self.central and self.knows_top >> player & 1:
            out["central"]["top"] = f.names[self.central[-1]]
        if self.held:
            searching: SearchingView = {
                "deck": self.deck_name(self.held_deck),
                "count": len(self.held),
            }
            if player == self.current:
                searching["cards"] = sorted(f.names[k] for k in self.held)
            out["searching"] = searching
        if self.over:
            out["result"] = self.result().to_json()
        return out

    # ------------------------------------------------------------ copies and JSON

    def derived_fields(self) -> frozenset[str]:
        """The log's chunks (``events`` is the log), the copy-on-write flag and the legal
        actions' cache."""
        return DERIVED

    def clone(self) -> ArchitectsState:
        """An independent copy, copy-on-write (see the class's comment)."""
        return ArchitectsState(
            self.options,
            self.seed,
            self.wonders,
            self.decks,
            self.central,
            self.face_up,
            self.stack,
            self,
        )

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
            "events": list(self.events),
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
        state._log = list(data["events"])
        if state.over:
            state._result = state._compute_result()
        return state

    # ------------------------------------------------------------ hidden information

    def sample_world(self, player: int, rng: random.Random) -> ArchitectsState:
        """Reshuffle what ``player`` cannot know (sampling.py)."""
        world = self.clone()
        central = self.central
        searched = self.held_deck if player != self.current else -1
        world.central, world.decks, world.held, world.stack = sampling.resample(
            central,
            bool(central) and self.knows_top >> player & 1 == 1,
            self.decks,
            searched,
            self.held,
            self.stack,
            rng,
        )
        if searched >= 0:
            world._legal = None  # the cards held by Halicarnassus changed
        return world


def from_json(data: JSON) -> ArchitectsState:
    """A saved state (``ArchitectsState.to_json``)."""
    return ArchitectsState.from_json(data)
