"""A toy game registered from tests: proof that a game is a package plus one registry entry.

"High card": two players are dealt 3 of the cards 1-6 (the rest unseen); they take turns
playing a card face up, seat 0 first in each trick; the higher card takes the trick. Most
tricks wins (3 tricks: no ties). Hidden information: the other hand and the unseen cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from wonders.core.errors import IllegalActionError, OptionsError
from wonders.core.plugin import GameInfo
from wonders.core.protocol import JSON, PlayerResult, Result, State, View, rank_players

CARDS = list(range(1, 7))
HAND = 3


class HighCardView(View):
    """The game's view: the protocol's fields and its own, each declared (mypy checks every
    read of them)."""

    hand: list[int] | None  # None for a spectator
    hand_sizes: list[int]
    trick: list[int]
    tricks: list[int]


@dataclass(frozen=True)
class Play:
    card: int

    def to_json(self) -> JSON:
        return {"kind": "play", "card": self.card}


class HighCard(State):
    game_name = "highcard"

    def __init__(self) -> None:
        self.seed = 0
        self.hands: list[list[int]] = [[], []]
        self.unseen: list[int] = []
        self.trick: list[int] = []
        self.tricks = [0, 0]
        self._events: list[JSON] = []

    @property
    def num_players(self) -> int:
        return 2

    def to_move(self) -> list[int]:
        return [] if self.is_terminal() else [len(self.trick)]

    def legal_actions(self, player: int) -> list[Any]:
        return [Play(c) for c in sorted(self.hands[player])] if player in self.to_move() else []

    def apply(self, player: int, action: Any) -> None:
        if action not in self.legal_actions(player):
            raise IllegalActionError(f"illegal for seat {player} now: {action!r}")
        self.hands[player].remove(action.card)
        self.trick.append(action.card)
        self._events.append({"type": "play", "player": player, "card": action.card})
        if len(self.trick) == 2:
            winner = 0 if self.trick[0] > self.trick[1] else 1
            self.tricks[winner] += 1
            self._events.append({"type": "trick", "player": winner})
            self.trick = []

    def is_terminal(self) -> bool:
        return sum(self.tricks) == HAND

    def result(self) -> Result:
        if not self.is_terminal():
            raise IllegalActionError("the game is not over")
        ranks = rank_players([(t, 0) for t in self.tricks])
        players = [PlayerResult(p, t, {"tricks": t}, ranks[p]) for p, t in enumerate(self.tricks)]
        return Result(players, [p for p in (0, 1) if ranks[p] == 1])

    def view(self, player: int | None) -> HighCardView:
        return {
            "game": "highcard",
            "seat": player,
            "hand": sorted(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "trick": list(self.trick),
            "tricks": list(self.tricks),
            "to_move": self.to_move(),
            "events": list(self._events),
        }

    def clone(self) -> HighCard:
        return HighCard.from_json(self.to_json())

    def to_json(self) -> JSON:
        return {
            "game": "highcard",
            "seed": self.seed,
            "hands": [list(h) for h in self.hands],
            "unseen": list(self.unseen),
            "trick": list(self.trick),
            "tricks": list(self.tricks),
            "events": [dict(e) for e in self._events],
        }

    @classmethod
    def from_json(cls, data: JSON) -> HighCard:
        s = cls()
        s.seed = data["seed"]
        s.hands = [list(h) for h in data["hands"]]
        s.unseen = list(data["unseen"])
        s.trick = list(data["trick"])
        s.tricks = list(data["tricks"])
        s._events = [dict(e) for e in data["events"]]
        return s

    def sample_world(self, player: int, rng: random.Random) -> HighCard:
        world = self.clone()
        other = 1 - player
        pool = sorted(world.hands[other] + world.unseen)
        rng.shuffle(pool)
        n = len(world.hands[other])
        world.hands[other], world.unseen = pool[:n], pool[n:]
        return world

    def action_from_json(self, data: Any) -> Play:
        if (
            not isinstance(data, dict)
            or data.get("kind") != "play"
            or set(data)
            != {
                "kind",
                "card",
            }
        ):
            raise IllegalActionError("a High card action is {'kind': 'play', 'card': N}")
        return Play(int(data["card"]))

    @property
    def events(self) -> list[JSON]:
        return self._events


def setup(options: JSON, seed: int) -> HighCard:
    if set(options) - {"players"} or options.get("players", 2) != 2:
        raise OptionsError("High card is for 2 players and has no options")
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    s = HighCard()
    s.seed = seed
    s.hands = [deck[:HAND], deck[HAND : 2 * HAND]]
    s.unseen = deck[2 * HAND :]
    return s


def from_json(data: JSON) -> HighCard:
    return HighCard.from_json(data)


GAME = GameInfo(
    name="highcard",
    title="High card",
    min_players=2,
    max_players=2,
    default_players=2,
    rules="tests.core.toy_game",
    parts={
        "present": "tests.core.toy_front",
        "narrator": "tests.core.toy_front:Log",
        "help": "tests.core.toy_front:help_sections",
        "plain": "tests.core.toy_front",
        "tui": "tests.core.toy_front:HighCardScreen",
        "codec": "tests.core.toy_front:HighCardCodec",
    },
)
