"""7 Wonders Duel: the rules (seeds/000, numbers from shared/reference/duel.md).

Phases: ``draft`` (the wonder draft: 4 face up, A takes 1, B 2, A the last; then 4 more
starting with B), ``play`` (the three Ages), ``over``. During play one player moves at a
time; the sub-decisions a move causes (a progress token for a science pair, the Great
Library's pick, the Statue of Zeus / Circus Maximus destruction, the Mausoleum's build, who
starts the next Age) are queued in ``pending`` and owed before the turn ends.

Rulings (docs/RULINGS.md, Duel):
- A pair of equal science symbols *lets* the player take a board token; taking one is never
  worse than not, so the pick is owed whenever a token is left.
- Architecture and Masonry waive the dearest resources the player would otherwise buy: that
  is the player's best choice, so the engine makes it (the price is the minimum over all
  choices, Economy included).
- With the pawn at the centre the player who took the Age's last card chooses who starts the
  next Age (the official English rule; the Russian text reads as if that player simply
  starts).
- The next Age's structure is laid out (its face-up cards seen, ``age`` already the new
  Age's) before that choice, as the rulebook orders it ("Prepare the structure for the next
  Age. The player with the weaker military chooses who starts the next Age").
- A replay earned on the Age's last card is lost; a wonder that already replays gains
  nothing from Theology.
- The Mausoleum builds a discarded card with all its effects (shields, science pair) but
  it is not a chain build (no Urbanism coins); with an empty discard pile it does nothing.
- Seat 0 is the first player: first in the draft and first in Age I.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Final

from wonders.core.draws import Draws, draws_to_shuffle
from wonders.core.errors import IllegalActionError, OptionsError
from wonders.core.i18n import _, ngettext
from wonders.core.protocol import JSON, PlayerResult, Result, State, rank_players
from wonders.duel import sampling
from wonders.duel.actions import Action
from wonders.duel.cards import catalog
from wonders.duel.city import (
    CardFacts,
    City,
    WonderFacts,
    card_facts,
    token_names,
    wonder_facts,
)
from wonders.duel.military import MilitaryTrack
from wonders.duel.scoring import score_city, total_points
from wonders.duel.structure import CARDS_PER_AGE, Structure
from wonders.duel.trading import trade_cost, unit_prices
from wonders.duel.views import DuelCityView, DuelView, PendingView, SlotView

START_COINS: Final = 7
SELL_BASE: Final = 2
BOARD_TOKENS: Final = 5
LIBRARY_DRAW: Final = 3
WONDERS_EACH: Final = 4
WONDER_LIMIT: Final = 7
SUPREMACY_SYMBOLS: Final = 6
FIRST_GAME = (
    ("The Pyramids", "The Great Lighthouse", "The Temple of Artemis", "The Statue of Zeus"),
    ("Circus Maximus", "Piraeus", "The Appian Way", "The Colossus"),
)
# the wonder draft: who picks at each step (the 4th card of each round goes to the other
# player automatically): round 1 A, B, B (A gets the last); round 2 B, A, A (B the last)
DRAFT_PICKERS: Final = (0, 1, 1, 1, 0, 0)
OPTIONS = {"players", "first_game"}
DERIVED: Final = frozenset({"_plays", "_wonder_facts", "_shared"})


class DuelState(State):
    game_name = "duel"

    def __init__(self, source: DuelState | None = None) -> None:
        """A blank state, or a copy of ``source`` (``clone``: a copy constructor, since
        compiled classes have no cheap ``__new__``).

        Search clones constantly, so a copy is copy-on-write: it shares every list, dict and
        object of ``source`` (the cities, the structure, the track, the log...) until either
        state applies an action, which first makes its own copies (``_unshare``). Lists never
        changed in place (an Age's deck, the options) stay shared for good. Code that changes
        a state by hand (tests) must do so on a state it has not cloned."""
        if source is not None:
            self._plays: dict[str, _CardPlay] = source._plays
            self._wonder_facts: dict[str, WonderFacts] = source._wonder_facts
            self.seed: int = source.seed
            self.options: JSON = source.options
            self.cities: list[City] = source.cities
            self.phase: str = source.phase
            self.age: int = source.age
            self.current: int = source.current
            self.decks: dict[int, list[str]] = source.decks
            self.removed: dict[int, list[str]] = source.removed
            self.structure: Structure[str] | None = source.structure
            self.discard: list[str] = source.discard
            self.board_tokens: list[str] = source.board_tokens
            self.box_tokens: list[str] = source.box_tokens
            self.gone_tokens: list[str] = source.gone_tokens
            self.military: MilitaryTrack = source.military
            self.offer: list[str] = source.offer
            self.unseen_wonders: list[str] = source.unseen_wonders
            self.gone_wonders: list[str] = source.gone_wonders
            self.draft_step: int = source.draft_step
            self.pending: list[tuple[Any, ...]] = source.pending
            self.replay: bool = source.replay
            self.last_taker: int = source.last_taker
            self.victory: str = source.victory
            self.winner: int | None = source.winner
            self._events: list[JSON] = source._events
            self._shared = True
            source._shared = True
            return
        self._plays = _card_plays()  # the data's tables, held for quick reading
        self._wonder_facts = wonder_facts()
        self.seed = 0
        self.options = {}
        self.cities = [City(START_COINS), City(START_COINS)]
        self.phase = "draft"
        self.age = 1
        self.current = 0
        self.decks = {}  # each Age's 20 cards in structure order
        self.removed = {}  # each Age's 3 cards removed unseen
        self.structure = None
        self.discard = []
        self.board_tokens = []
        self.box_tokens = []  # the 5 set aside, in (hidden) draw order
        self.gone_tokens = []  # the Great Library's 2 returned to the box
        self.military = MilitaryTrack()
        self.offer = []  # face-up wonders of the draft
        self.unseen_wonders = []  # the next 4 of the draft, then the 4 unused
        self.gone_wonders = []  # the 8th wonder, returned by the 7-wonder limit
        self.draft_step = 0
        self.pending = []  # (kind, player, data)
        self.replay = False
        self.last_taker = 0
        self.victory = ""
        self.winner = None
        self._events = []
        self._shared = False  # its lists and objects are also a clone's (see above)

    # -- protocol -------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return 2

    @property
    def events(self) -> list[JSON]:
        return self._events

    def _mover(self) -> int:
        """The seat to move, -1 once the game is over (``to_move`` without a list)."""
        if self.phase == "over":
            return -1
        if self.phase == "draft":
            return DRAFT_PICKERS[self.draft_step]
        if self.pending:
            return int(self.pending[0][1])
        return self.current

    def to_move(self) -> list[int]:
        mover = self._mover()
        return [mover] if mover >= 0 else []

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, player: int) -> list[Action]:
        if player != self._mover() or player < 0:
            return []
        if self.phase == "draft":
            return [Action("pick_wonder", wonder=w) for w in self.offer]
        if self.pending:
            return self._pending_actions()
        return self._turn_actions(player)

    def _is_legal(self, player: int, action: Action) -> bool:
        """``action in self.legal_actions(player)``, without listing them all."""
        if self.phase == "draft" or self.pending:
            return action in self.legal_actions(player)
        assert self.structure is not None
        if action.token or action.seat != -1 or self.structure.open_place(action.card) < 0:
            return False
        city = self.cities[player]
        if action.kind == "sell":
            return not action.wonder
        if action.kind == "build":
            return not action.wonder and self.card_cost(player, action.card)[0] <= city.coins
        if action.kind != "wonder":
            return False
        built = len(self.cities[0].built) + len(self.cities[1].built)
        return (
            action.wonder in city.wonders
            and action.wonder not in city.built
            and built < WONDER_LIMIT
            and self.wonder_cost(player, action.wonder)[0] <= city.coins
        )

    def _pending_actions(self) -> list[Action]:
        kind, player, data = self.pending[0]
        if kind == "token":
            return [Action("token", token=t) for t in self.board_tokens]
        if kind == "library":
            return [Action("token", token=t) for t in data]
        if kind == "destroy":
            opponent = self.cities[1 - player]
            names = sorted({c for c in opponent.cards if card_facts()[c].card.color == data})
            return [Action("destroy", card=c) for c in names]
        if kind == "discard_build":
            return [Action("discard_build", card=c) for c in sorted(set(self.discard))]
        assert kind == "start"
        return [Action("start", seat=0), Action("start", seat=1)]

    def _turn_actions(self, player: int) -> list[Action]:
        assert self.structure is not None
        city = self.cities[player]
        coins = city.coins
        prices = self._prices(player)
        buildable: list[str] = []
        if len(self.cities[0].built) + len(self.cities[1].built) < WONDER_LIMIT:
            waive = city.wonder_waive
            facts = self._wonder_facts
            for w in city.wonders:
                if (
                    w not in city.built
                    and trade_cost(facts[w].need, city.produce, city.choices, prices, waive)
                    <= coins
                ):
                    buildable.append(w)
        plays = self._plays
        acts = []
        cards = self.structure.cards
        for place in self.structure.open_places():
            name = cards[place]
            assert name is not None
            play = plays[name]
            if self._card_cost(city, play, prices)[0] <= coins:
                acts.append(play.build)
            acts.append(play.sell)
            if buildable:
                with_card = play.wonder
                for w in buildable:
                    acts.append(with_card[w])
        return acts

    def apply(self, player: int, action: Any) -> None:
        if not isinstance(action, Action):
            raise IllegalActionError(
                _("not a 7 Wonders Duel action: {action}").format(action=repr(action))
            )
        if player not in (0, 1):
            raise IllegalActionError(
                _("no seat {player} in Duel (seats 0 and 1)").format(player=player)
            )
        if player != self._mover():
            raise IllegalActionError(
                _("seat {player} has no decision to make now").format(player=player)
            )
        if not self._is_legal(player, action):
            raise IllegalActionError(
                _("illegal for seat {player} now: {action}").format(
                    player=player, action=action.describe()
                )
            )
        if self._shared:
            self._unshare()
        if self.phase == "draft":
            self._pick_wonder(player, action.wonder)
            return
        if self.pending:
            pending = self.pending.pop(0)
            self._resolve(pending, action)
            if pending[0] == "start":
                return  # the new Age begins with the chosen player's turn
        else:
            self._play(player, action)
        if self.phase != "over" and not self.pending:
            self._end_turn()

    # -- costs ----------------------------------------------------------------------------

    def card_cost(self, player: int, name: str) -> tuple[int, int]:
        """(coins paid in all, of which to the bank for resources); a chain build is (0, 0)."""
        return self._card_cost(self.cities[player], self._plays[name], self._prices(player))

    def wonder_cost(self, player: int, wonder: str) -> tuple[int, int]:
        city = self.cities[player]
        waive = city.wonder_waive
        trade = trade_cost(
            self._wonder_facts[wonder].need, city.produce, city.choices, self._prices(player), waive
        )
        return trade, trade

    def _prices(self, player: int) -> tuple[int, ...]:
        """The price of one unit of each resource for ``player`` now."""
        return unit_prices(self.cities[1 - player].brown_grey, self.cities[player].fixed)

    def _card_cost(self, city: City, play: _CardPlay, prices: tuple[int, ...]) -> tuple[int, int]:
        chain_in = play.chain_in
        if chain_in is not None and chain_in in city.chains:
            return 0, 0
        waive = city.blue_waive if play.blue else 0
        trade = trade_cost(play.need, city.produce, city.choices, prices, waive)
        return play.coins_cost + trade, trade

    def _pay(self, player: int, total: int, trade: int) -> None:
        self.cities[player].coins -= total
        opponent = self.cities[1 - player]
        if trade and opponent.trade_income:
            opponent.coins += trade
            self._log({"type": "economy", "player": 1 - player, "coins": trade})

    # -- the draft --------------------------------------------------------------------------

    def _pick_wonder(self, player: int, wonder: str) -> None:
        self.offer.remove(wonder)
        self.cities[player].wonders.append(wonder)
        self._log({"type": "pick_wonder", "player": player, "wonder": wonder})
        self.draft_step += 1
        if len(self.offer) == 1:  # the last of the round goes to the round's first picker
            last = self.offer.pop()
            taker = DRAFT_PICKERS[self.draft_step - 3]
            self.cities[taker].wonders.append(last)
            self._log({"type": "pick_wonder", "player": taker, "wonder": last})
            if self.draft_step == len(DRAFT_PICKERS):
                self._start_age(1, 0)
                return
            self.offer = self.unseen_wonders[:WONDERS_EACH]
            del self.unseen_wonders[:WONDERS_EACH]
            self._log({"type": "wonders_offered", "wonders": list(self.offer)})

    # -- a turn -------------------------------------------------------------------------------

    def _take(self, player: int, name: str) -> None:
        assert self.structure is not None
        place = self.structure.open_place(name)  # a legal action's card is accessible
        _, revealed = self.structure.take(place)
        self.last_taker = player
        for i in revealed:
            self._log({"type": "reveal", "place": i, "card": self.structure.cards[i]})

    def _play(self, player: int, action: Action) -> None:
        city = self.cities[player]
        self._take(player, action.card)
        if action.kind == "sell":
            coins = SELL_BASE + city.colors["yellow"]
            city.coins += coins
            self.discard.append(action.card)
            self._log({"type": "sell", "player": player, "card": action.card, "coins": coins})
        elif action.kind == "build":
            total, trade = self.card_cost(player, action.card)
            chained = total == 0 and self._chained(player, action.card)
            self._pay(player, total, trade)
            self._log({"type": "build", "player": player, "card": action.card, "paid": total})
            if chained and city.chain_coins:
                city.coins += city.chain_coins
                self._log({"type": "urbanism", "player": player, "coins": city.chain_coins})
            self._build(player, action.card)
        else:
            self._build_wonder(player, action.wonder, action.card)

    def _chained(self, player: int, name: str) -> bool:
        chain = self._plays[name].chain_in
        return bool(chain) and chain in self.cities[player].chains

    def _build(self, player: int, name: str) -> None:
        """A building enters the city: its immediate effects (coins, shields, science)."""
        city = self.cities[player]
        f = city.add_card(name)
        card = f.card
        coins = card.coins
        if card.coins_per is not None:
            counted = card.coins_per
            cities = self.cities if counted.whose == "most" else [city]
            coins += counted.amount * max(sum(c.count(w) for w in counted.count) for c in cities)
        if coins:
            city.coins += coins
            self._log({"type": "coins", "player": player, "coins": coins, "card": name})
        shields = card.shields
        if shields:
            shields += city.extra_shields
        if shields and self._push(player, shields):
            return
        if card.science:
            self._science(player, card.science)

    def _science(self, player: int, symbol: str) -> None:
        city = self.cities[player]
        if city.symbols() >= SUPREMACY_SYMBOLS:
            self._finish("science", player)
            return
        if city.science[symbol] == 2 and self.board_tokens:
            self.pending.append(("token", player, None))

    def _push(self, player: int, shields: int) -> bool:
        """Move the conflict pawn; True if that was military supremacy (the game is over)."""
        losses, supremacy = self.military.push(player, shields)
        self._log(
            {
                "type": "military",
                "player": player,
                "shields": shields,
                "position": self.military.position,
            }
        )
        for loser, coins in losses:
            lost = min(coins, self.cities[loser].coins)
            self.cities[loser].coins -= lost
            self._log({"type": "military_token", "player": loser, "coins": lost})
        if supremacy:
            self._finish("military", player)
        return supremacy

    def _build_wonder(self, player: int, wonder: str, card: str) -> None:
        total, trade = self.wonder_cost(player, wonder)
        self._pay(player, total, trade)
        city = self.cities[player]
        city.add_wonder(wonder, card)
        self._log({"type": "wonder", "player": player, "wonder": wonder, "paid": total})
        effects = wonder_facts()[wonder].wonder.effects
        if effects.get("coins"):
            city.coins += effects["coins"]
        if effects.get("opponent_loses"):
            opponent = self.cities[1 - player]
            opponent.coins -= min(effects["opponent_loses"], opponent.coins)
        if len(self.cities[0].built) + len(self.cities[1].built) == WONDER_LIMIT:
            for p, c in enumerate(self.cities):
                for w in [w for w in c.wonders if w not in c.built]:
                    c.wonders.remove(w)
                    self.gone_wonders.append(w)
                    self._log({"type": "wonder_returned", "player": p, "wonder": w})
        if effects.get("shields") and self._push(player, effects["shields"]):
            return
        color = effects.get("destroy")
        if color and self.cities[1 - player].colors[color]:
            self.pending.append(("destroy", player, color))
        if effects.get("build_from_discard") and self.discard:
            self.pending.append(("discard_build", player, None))
        if effects.get("progress_from_box") and self.box_tokens:
            drawn = tuple(self.box_tokens[:LIBRARY_DRAW])
            del self.box_tokens[:LIBRARY_DRAW]
            self._log({"type": "library", "player": player, "tokens": list(drawn)})
            self.pending.append(("library", player, drawn))
        if effects.get("replay") or city.wonder_replay:
            self.replay = True

    def _resolve(self, pending: tuple[Any, ...], action: Action) -> None:
        kind, player, data = pending
        city = self.cities[player]
        if kind in ("token", "library"):
            if kind == "token":
                self.board_tokens.remove(action.token)
            else:
                self.gone_tokens += [t for t in data if t != action.token]
            city.add_token(action.token)
            self._log({"type": "token", "player": player, "token": action.token})
            effects = catalog_token(action.token)
            city.coins += effects.get("coins", 0)
            symbol = effects.get("science")
            if symbol:
                self._science(player, symbol)
        elif kind == "destroy":
            self.cities[1 - player].remove_card(action.card)
            self.discard.append(action.card)
            self._log({"type": "destroy", "player": player, "card": action.card})
        elif kind == "discard_build":
            self.discard.remove(action.card)
            self._log({"type": "discard_build", "player": player, "card": action.card})
            self._build(player, action.card)
        else:
            self._begin_age(action.seat, player)

    def _end_turn(self) -> None:
        assert self.structure is not None
        if self.structure.is_empty():
            self.replay = False  # a replay earned with the Age's last card is lost
            if self.age == 3:
                self._finish("civilian", None)
                return
            leader = self.military.leader()
            chooser = self.last_taker if leader is None else 1 - leader
            self._lay_out(self.age + 1)  # first, so that the chooser sees it
            self.pending.append(("start", chooser, None))
            return
        if self.replay:
            self.replay = False
            self._log({"type": "replay", "player": self.current})
        else:
            self.current = 1 - self.current

    def _start_age(self, age: int, first: int) -> None:
        """Age I: laid out, and seat ``first`` starts it (nobody chooses)."""
        self._lay_out(age)
        self._begin_age(first, None)

    def _lay_out(self, age: int) -> None:
        """``age``'s structure is laid out: its face-up cards are seen (``age`` event)."""
        self.phase = "play"
        self.age = age
        self.structure = Structure(age, self.decks[age])
        self._log({"type": "age", "age": age, "cards": self.structure.visible()})

    def _begin_age(self, first: int, chooser: int | None) -> None:
        """The Age laid out begins with seat ``first``'s turn, chosen by ``chooser`` (None in
        Age I) (``first`` event)."""
        self.current = first
        self._log({"type": "first", "age": self.age, "player": first, "chooser": chooser})

    def _finish(self, victory: str, winner: int | None) -> None:
        self.phase = "over"
        self.victory = victory
        self.winner = winner
        self.pending = []
        self._log({"type": "game_over", "victory": victory, "winner": winner})

    def _log(self, event: JSON) -> None:
        if self._shared:
            self._unshare()
        self._events.append(event)

    def _unshare(self) -> None:
        """Own everything shared with a clone (see ``__init__``)."""
        self.cities = [City(0, c) for c in self.cities]
        self.decks = dict(self.decks)
        self.removed = dict(self.removed)
        if self.structure is not None:
            self.structure = self.structure.copy()
        self.discard = list(self.discard)
        self.board_tokens = list(self.board_tokens)
        self.box_tokens = list(self.box_tokens)
        self.gone_tokens = list(self.gone_tokens)
        self.military = MilitaryTrack(self.military.position, set(self.military.tokens))
        self.offer = list(self.offer)
        self.unseen_wonders = list(self.unseen_wonders)
        self.gone_wonders = list(self.gone_wonders)
        self.pending = list(self.pending)
        self._events = list(self._events)
        self._shared = False

    # -- scoring ------------------------------------------------------------------------------

    def breakdown(self, player: int) -> dict[str, int]:
        """Victory points by category (as the score pad); valid at any time."""
        return score_city(self.cities[player], self.cities, self.military.points(player))

    def points(self, player: int) -> int:
        """The sum of ``breakdown(player)`` (without building it)."""
        return total_points(self.cities[player], self.cities, self.military.points(player))

    def result(self) -> Result:
        if self.phase != "over":
            raise IllegalActionError(_("the game is not over"))
        parts = [self.breakdown(p) for p in (0, 1)]
        totals = [sum(b.values()) for b in parts]
        blue = [b["civilian"] for b in parts]
        if self.winner is not None:
            ranks = [1 if p == self.winner else 2 for p in (0, 1)]
            winners = [self.winner]
        else:
            ranks = rank_players([(totals[p], blue[p]) for p in (0, 1)])
            winners = [p for p in (0, 1) if ranks[p] == 1]
        players = [PlayerResult(p, totals[p], parts[p], ranks[p], tiebreak=blue[p]) for p in (0, 1)]
        return Result(players, winners, self.victory)

    # -- hidden information -------------------------------------------------------------------

    def view(self, player: int | None) -> DuelView:
        if player not in (None, 0, 1):
            raise IllegalActionError(_("no seat {player} in Duel").format(player=player))
        structure: list[SlotView] = []
        if self.structure is not None and self.phase != "draft":
            open_places = set(self.structure.accessible())
            for i, card in enumerate(self.structure.cards):
                face_up = self.structure.face_up[i]
                structure.append(
                    {
                        "card": card if face_up else None,
                        "taken": card is None,
                        "face_up": face_up,
                        "accessible": i in open_places,
                    }
                )
        pending: PendingView | None = None
        if self.pending:
            kind, owner, data = self.pending[0]
            pending = {"kind": kind, "player": owner}
            if kind == "library":
                pending["tokens"] = list(data)
            if kind == "destroy":
                pending["color"] = data
        players: list[DuelCityView] = [
            {
                **c.to_json(),
                "seat": p,
                "science": dict(c.science),
                "points": sum(self.breakdown(p).values()),
            }
            for p, c in enumerate(self.cities)
        ]
        return {
            "game": "duel",
            "seat": player,
            "phase": self.phase,
            "age": self.age,
            "current": self.current,
            "to_move": self.to_move(),
            "players": players,
            "structure": structure,
            "discard": list(self.discard),
            "board_tokens": list(self.board_tokens),
            "military": {
                "position": self.military.position,
                "tokens": sorted([p, z] for p, z in self.military.tokens),
            },
            "offer": list(self.offer),
            "pending": pending,
            "gone_wonders": list(self.gone_wonders),
            "victory": self.victory,
            "winner": self.winner,
            # a fresh list; the event dicts are the log's own (never changed once logged),
            # shared by every view: read them, do not change them
            "events": list(self._events),
        }

    def sample_world(self, player: int, rng: random.Random) -> DuelState:
        """Re-deal what ``player`` cannot know (sampling.py)."""
        world = self.clone()
        # own what the re-deal changes; the rest stays shared until the world is played
        world.decks = dict(world.decks)
        world.removed = dict(world.removed)
        if world.structure is not None:
            world.structure = world.structure.copy()
        world.unseen_wonders = list(world.unseen_wonders)
        world.box_tokens = list(world.box_tokens)
        sampling.resample(world, rng)
        return world

    # -- copies and JSON ----------------------------------------------------------------------

    def clone(self) -> DuelState:
        return DuelState(self)

    def derived_fields(self) -> frozenset[str]:
        """The data's tables held for quick reading, and the copy-on-write flag."""
        return DERIVED

    def to_json(self) -> JSON:
        return {
            "game": "duel",
            "seed": self.seed,
            "options": dict(self.options),
            "cities": [c.to_json() for c in self.cities],
            "phase": self.phase,
            "age": self.age,
            "current": self.current,
            "decks": {str(a): list(d) for a, d in self.decks.items()},
            "removed": {str(a): list(d) for a, d in self.removed.items()},
            "structure": None
            if self.structure is None
            else {"cards": list(self.structure.cards), "face_up": list(self.structure.face_up)},
            "discard": list(self.discard),
            "board_tokens": list(self.board_tokens),
            "box_tokens": list(self.box_tokens),
            "gone_tokens": list(self.gone_tokens),
            "military": {
                "position": self.military.position,
                "tokens": sorted([p, z] for p, z in self.military.tokens),
            },
            "offer": list(self.offer),
            "unseen_wonders": list(self.unseen_wonders),
            "gone_wonders": list(self.gone_wonders),
            "draft_step": self.draft_step,
            "pending": [[k, p, list(d) if isinstance(d, tuple) else d] for k, p, d in self.pending],
            "replay": self.replay,
            "last_taker": self.last_taker,
            "victory": self.victory,
            "winner": self.winner,
            "events": [dict(e) for e in self._events],
        }

    @classmethod
    def from_json(cls, data: JSON) -> DuelState:
        s = cls()
        s.seed = data["seed"]
        s.options = dict(data["options"])
        s.cities = [City.from_json(c) for c in data["cities"]]
        s.phase = data["phase"]
        s.age = data["age"]
        s.current = data["current"]
        s.decks = {int(a): list(d) for a, d in data["decks"].items()}
        s.removed = {int(a): list(d) for a, d in data["removed"].items()}
        if data["structure"] is not None:
            structure: Structure[str] = Structure(s.age, list(s.decks[s.age]))
            structure.restore(data["structure"]["cards"], data["structure"]["face_up"])
            s.structure = structure
        s.discard = list(data["discard"])
        s.board_tokens = list(data["board_tokens"])
        s.box_tokens = list(data["box_tokens"])
        s.gone_tokens = list(data["gone_tokens"])
        s.military = MilitaryTrack(
            data["military"]["position"], {(p, z) for p, z in data["military"]["tokens"]}
        )
        s.offer = list(data["offer"])
        s.unseen_wonders = list(data["unseen_wonders"])
        s.gone_wonders = list(data["gone_wonders"])
        s.draft_step = data["draft_step"]
        s.pending = [(k, p, tuple(d) if isinstance(d, list) else d) for k, p, d in data["pending"]]
        s.replay = data["replay"]
        s.last_taker = data["last_taker"]
        s.victory = data["victory"]
        s.winner = data["winner"]
        s._events = [dict(e) for e in data["events"]]
        laid_out = s.structure is None or not s.structure.is_empty()
        if s.pending and s.pending[0][0] == "start" and not laid_out:
            s._lay_out(s.age + 1)  # saved before the next Age was laid out first
        return s

    def action_from_json(self, data: Any) -> Action:
        return Action.from_json(data)


class _CardPlay:
    """What a turn reads of one card: its price and its build, sell and wonder actions, made
    once (actions are immutable, so the legal-action lists share them: building a NamedTuple
    is slow in compiled code)."""

    def __init__(self, facts: CardFacts, wonders: list[str]) -> None:
        card = facts.card
        self.need = facts.need
        self.coins_cost = card.coins_cost
        self.chain_in = card.chain_in
        self.blue = card.color == "blue"
        self.build = Action("build", card.name)
        self.sell = Action("sell", card.name)
        self.wonder = {w: Action("wonder", card.name, w) for w in wonders}


@cache
def _card_plays() -> dict[str, _CardPlay]:
    wonders = list(wonder_facts())
    return {name: _CardPlay(facts, wonders) for name, facts in card_facts().items()}


def catalog_token(name: str) -> dict[str, Any]:
    for t in catalog().tokens:
        if t.name == name:
            return t.effects
    raise KeyError(name)


def setup(options: JSON, seed: int) -> DuelState:
    """A new game: the wonder draft first (or the first-game wonder sets)."""
    if not isinstance(options, dict):
        raise OptionsError(_("options must be a JSON object"))
    unknown = set(options) - OPTIONS
    if unknown:
        raise OptionsError(
            ngettext(
                "unknown Duel option: {unknown}", "unknown Duel options: {unknown}", len(unknown)
            ).format(unknown=", ".join(sorted(unknown)))
        )
    players = options.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionsError(
            _("players must be a whole number, got {players}").format(players=repr(players))
        )
    if players != 2:
        raise OptionsError(_("Duel is for 2 players"))
    first_game = options.get("first_game", False)
    if not isinstance(first_game, bool):
        raise OptionsError(_("first_game must be true or false"))
    rng = random.Random(seed)
    s = DuelState()
    s.seed = seed
    s.options = dict(options)
    tokens = list(token_names())
    wonders = list(wonder_facts())
    count = draws_to_shuffle(len(tokens)) + sampling.GUILDS_IN_PLAY
    for age in (1, 2, 3):
        count += sampling.deal_draws(age, sampling.GUILDS_IN_PLAY)
    if not first_game:
        count += draws_to_shuffle(len(wonders))
    draws = Draws(rng, count)
    draws.shuffle(tokens)
    s.board_tokens = sorted(tokens[:BOARD_TOKENS])
    s.box_tokens = tokens[BOARD_TOKENS:]
    guilds = draws.sample(sampling.guild_names(), sampling.GUILDS_IN_PLAY)
    for age in (1, 2, 3):
        s.decks[age], s.removed[age] = sampling.deal_age(age, draws, guilds)
        assert len(s.decks[age]) == CARDS_PER_AGE
    if first_game:
        for p, names in enumerate(FIRST_GAME):
            s.cities[p].wonders = list(names)
        s.unseen_wonders = [w for w in wonder_facts() if w not in FIRST_GAME[0] + FIRST_GAME[1]]
        s.draft_step = len(DRAFT_PICKERS)
        s._start_age(1, 0)
        return s
    draws.shuffle(wonders)
    s.offer, s.unseen_wonders = wonders[:WONDERS_EACH], wonders[WONDERS_EACH:]
    s._log({"type": "wonders_offered", "wonders": list(s.offer)})
    return s


def from_json(data: JSON) -> DuelState:
    """A saved state (``DuelState.to_json``)."""
    return DuelState.from_json(data)
