"""The games' chance models: a chance node for every hidden card dealt or revealed (what the
OpenSpiel games, ``wonders.envs.openspiel``, expose as chance nodes).

The engines deal everything at ``setup`` from a seed. The OpenSpiel games keep the engine
deterministic (every world is ``setup(options, 0)``, its wonders and sides given as options
chosen by chance) and decide each card by an explicit chance node when it is dealt or
comes into sight: the wonders and sides, each hand of an Age as it is dealt, each card laid
out, turned face up or drawn. A chance node's outcomes are the cards that may lie there
given everything decided so far, with their probabilities under the rulebook's shuffle
(``Pool``); the chosen card is written into the world (``commit``: into a copy of its lists,
or for the setup into its JSON, read back with ``from_json``), exchanged with the
undecided place that held it. Until then the world's undecided places hold arbitrary
cards, never shown: no information state determines a hidden card.

A card is decided no earlier than it is dealt into a hand (the Free City's deck with the
hands), laid out or turned face up (Duel), drawn by Roma B or the Great Library, or put on
top of its pile (Architects' central deck and token stack: before anyone sees it, which
is the same game, the chance node's outcome being seen by nobody).

A game's ``ChanceModel`` (its registry part ``chance``: ``wonders.<game>.chance``) says where
the cards of a move are decided:

- ``first``: the chance nodes before the engine's setup (the wonders and sides, given to
  ``setup`` as options);
- ``reveals(before, after)``: the places a move (``before`` -> ``after``; ``before`` None
  for the setup) shows for the first time, as a ``Batch``. A batch on ``before`` (``pre``)
  is decided, then the move is played again on the world holding its cards (7 Wonders'
  next Age and Roma B's leaders, Duel's cards and tokens, whose events name them); one on
  ``after`` (``post``, and the setup's) is written into the world the move made
  (Architects' new tops, which nothing reads before the next move). No model's move owes
  both.

Places are ``(kind, a, b, c)`` tuples, each model's own; each batch place draws from a
``Pool`` (the model's reading of the deck it comes from).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wonders.core.protocol import JSON
from wonders.core.protocol import State as EngineState
from wonders.core.registry import get_game

Place = tuple[str, int, int, int]


class Pool:
    """The cards that may lie in some undecided places, as classes: each a multiset of
    cards (outcome ids and their counts) and how many of the undecided places hold one of
    its cards. A card of a class of ``size`` cards, ``count`` of it, ``k`` of the ``places``
    places is at a given place with probability ``k / places * count / size`` (a class of
    which every card lies in the places has ``k == size``: the plain shuffle)."""

    def __init__(self, classes: list[tuple[dict[int, int], int]]) -> None:
        self.classes = [(dict(counts), k) for counts, k in classes]

    @classmethod
    def shuffled(cls, cards: list[int]) -> Pool:
        """Every one of ``cards`` lies in the undecided places, in a random order."""
        return cls([(dict(Counter(cards)), len(cards))])

    def copy(self) -> Pool:
        return Pool(self.classes)

    def outcomes(self) -> list[tuple[int, float]]:
        if len(self.classes) == 1 and self.classes[0][1] > 0:  # the usual plain shuffle
            counts = self.classes[0][0]
            size = sum(counts.values())
            return sorted([(card, count / size) for card, count in counts.items() if count > 0])
        places = sum(k for _, k in self.classes)
        out: dict[int, float] = {}
        for counts, k in self.classes:
            size = sum(counts.values())
            if k <= 0 or size <= 0:
                continue
            for card, count in counts.items():
                if count > 0:
                    out[card] = out.get(card, 0.0) + k * count / (places * size)
        return sorted(out.items())

    def take(self, card: int) -> None:
        for i, (counts, k) in enumerate(self.classes):
            if counts.get(card, 0) > 0 and k > 0:
                counts[card] -= 1
                self.classes[i] = (counts, k - 1)
                return
        raise ValueError(f"chance outcome {card} is not possible here")


class Batch:
    """The chance nodes of one move (or of the setup): the places to decide in order, each
    with the key of its pool, and the outcomes chosen so far. ``base`` is the world they are
    written into: the world before the move (``pre``), after it (``post``, ``setup``), or
    None before the setup (``options``). ``played`` is the move, (seat, engine action) in
    order, played again on the world of a ``pre`` batch once its cards are written."""

    def __init__(
        self,
        kind: str,
        base: EngineState | None,
        places: list[tuple[Place, str]],
        pools: dict[str, Pool],
    ) -> None:
        self.kind = kind
        self.base = base
        self.places = places
        self.pools = pools
        self.chosen: list[int] = []
        self.played: list[tuple[int, Any]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> Batch:
        return self.copy()  # OpenSpiel's clone deep-copies a state's attributes

    def copy(self) -> Batch:
        other = Batch(
            self.kind, self.base, self.places, {k: p.copy() for k, p in self.pools.items()}
        )
        other.chosen = list(self.chosen)
        other.played = self.played
        return other

    def place(self) -> tuple[Place, str]:
        """The place the next chance node decides, and its pool's key."""
        return self.places[len(self.chosen)]

    def outcomes(self) -> list[tuple[int, float]]:
        return self.pools[self.place()[1]].outcomes()

    def choose(self, card: int) -> None:
        self.pools[self.place()[1]].take(card)
        self.chosen.append(card)

    def done(self) -> bool:
        return len(self.chosen) == len(self.places)

    def decided(self) -> list[tuple[Place, int]]:
        """The places decided so far, with their outcomes."""
        return [(place, card) for (place, _), card in zip(self.places, self.chosen, strict=False)]


Slot = tuple[list[Any], int]  # a place in a world's list (or its JSON's), and its index


def remove_slot(slots: list[Slot], slot: Slot) -> None:
    """Take ``slot`` out of ``slots`` (the same list object, not an equal one)."""
    for k, (lst, j) in enumerate(slots):
        if lst is slot[0] and j == slot[1]:
            del slots[k]
            return
    raise ValueError("not an undecided place")


def swap_in(slots: list[Slot], target: Slot, value: Any) -> None:
    """Put ``value`` at ``target``, exchanged with the first of ``slots`` (undecided places
    of the same deck) that holds it."""
    lst, i = target
    if lst[i] == value:
        return
    for other, j in slots:
        if (other is not lst or j != i) and other[j] == value:
            other[j], lst[i] = lst[i], value
            return
    raise ValueError(f"{value!r} is not among the undecided cards")


class ChanceModel:
    """A game's chance nodes (see the module's docstring); ``names`` are the outcomes'
    strings, the outcome ids their indices."""

    names: list[str]

    def __init__(self, name: str, options: JSON) -> None:
        self.game = get_game(name)
        self.options = dict(options)

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceModel:
        return self  # never changed once made

    def first(self) -> Batch | None:
        """The chance nodes before the setup (None: none)."""
        return None

    def setup(self, batch: Batch | None) -> EngineState:
        """The world of the setup, with the outcomes of ``first``'s batch."""
        state: EngineState = self.game.setup(dict(self.options), 0)
        return state

    def reveals(self, before: EngineState | None, after: EngineState) -> Batch | None:
        raise NotImplementedError

    def commit(self, batch: Batch) -> EngineState:
        """``batch.base`` with the chosen cards written in (a new state)."""
        raise NotImplementedError


def chance_model(name: str, options: JSON) -> ChanceModel | None:
    """``name``'s chance model with these setup options (None: the game has none)."""
    game = get_game(name)
    if not game.has("chance"):
        return None
    model: ChanceModel = game.part("chance")(name, options)
    return model
