"""The ``learned`` bot's network for 7 Wonders (the registry's ``network`` part; the bot and
the trunk are ``wonders.bots.learned``): how a 7 Wonders observation becomes the trunk's
inputs, and the policy head's outputs every action's logit.

Its inputs and outputs are the same size at every player count and option set (the codec
names every card of the whole catalogue whatever the options), so one set of weights can
play each count it was trained for:

- features: the observation's common part (phase, Age, turn, the seat's own hand, leaders
  and draft packet, the discard pile it may see), without the teammate's hands (the team
  game only); the seat's own city, its left and right neighbours' and the sum of every
  other city (a city's wonder, stage, coins, shields, tokens and cards); the cards of its
  hand it does not own yet (the engine forbids building a second copy: the trunk need not
  learn that product of two inputs); the player count; all through ``log1p`` (coins and
  counts near the one-hots' scale).
- logits: an action index is "kind K of card C" (with a payment slot for the kinds that pay).
  The head has, per card, one output for taking it (build, recruit, free build, build from
  the discard, draft, copy) and one for giving it up (a wonder stage, selling, returning a
  leader), one output per kind and one per kind and payment slot; an action's logit is the
  sum of its card's, kind's and slot's. This keeps the head small (353 outputs for 4548
  indices) and lets what is learned of a card in one kind carry to the others: a card worth
  building is worth taking from the discard pile, a card worth nothing is the one to sell
  or bury under a stage. The first ``CARD_BASE`` indices (wait, skip, pay n coins) have an
  output each.

The logits are a fixed sum of head outputs (``terms``), not a function of the observation,
which is what lets ``benchmarks/train.py`` build the same head in PyTorch from ``logits``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from wonders.bots.learned import Array, Network
from wonders.classic.observe import CARD_BASE, PAY_SLOTS, PAYING, PER_CARD, SINGLE

# the kinds whose card the seat gets (the others give a card up)
TAKE_KINDS = frozenset({"build", "recruit", "free_build", "discard_build", "draft", "copy"})
KINDS = (*PAYING, *SINGLE)
CITY_SCALARS = 15  # the numbers of a city block between its wonder one-hot and its cards


class ClassicNetwork(Network):
    """7 Wonders' at the codec's player count (the same sizes at every count)."""

    game = "classic"

    def __init__(self, codec: Any) -> None:
        self.players = int(codec.num_players)
        self.cities = [int(b) for b in codec.o_cities]
        self.city_size = int(codec.city_size)
        self.common = int(codec.o_mate)  # the teammate's fields come last before the cities
        nc = self.cards = len(codec.cards)
        self.hand = int(codec.o_hand)
        self.city_cards = len(codec.wonders) + CITY_SCALARS  # a city's cards, from its base
        self.num_actions = int(codec.num_actions)
        self.feature_size = self.common + 4 * self.city_size + nc + 1
        self.take = CARD_BASE
        self.give = self.take + nc
        self.kind = self.give + nc
        self.slot = self.kind + len(KINDS)
        self.head_size = self.slot + len(PAYING) * PAY_SLOTS
        self.terms = self._terms()

    def _terms(self) -> npt.NDArray[np.intp]:
        """For every action index, the three head outputs whose sum is its logit
        (``head_size``: an output that is always 0)."""
        pad = self.head_size
        terms = np.full((self.num_actions, 3), pad, dtype=np.intp)
        terms[:CARD_BASE, 0] = np.arange(CARD_BASE)
        paying = len(PAYING) * PAY_SLOTS
        for within in range(PER_CARD):
            k = within // PAY_SLOTS if within < paying else len(PAYING) + within - paying
            card = self.take if KINDS[k] in TAKE_KINDS else self.give
            at = CARD_BASE + within + PER_CARD * np.arange(self.cards)
            terms[at, 0] = card + np.arange(self.cards)
            terms[at, 1] = self.kind + k
            if within < paying:
                terms[at, 2] = self.slot + within
        return terms

    def features(self, obs: npt.NDArray[Any]) -> Array:
        obs = np.asarray(obs, dtype=np.float32)
        size = self.city_size
        cities = [obs[..., b : b + size] for b in self.cities]
        others = np.sum(cities[2:-1], axis=0) if len(cities) > 3 else np.zeros_like(cities[0])
        hand = obs[..., self.hand : self.hand + self.cards]
        owned = cities[0][..., self.city_cards : self.city_cards + self.cards]
        new = hand * (owned == 0)
        count = np.full((*obs.shape[:-1], 1), self.players, dtype=np.float32)
        x = np.concatenate(
            [obs[..., : self.common], cities[0], cities[1], cities[-1], others, new, count],
            axis=-1,
        )
        out: Array = np.log1p(np.maximum(x, 0.0)).astype(np.float32)
        return out

    def logits(self, head: npt.NDArray[Any], obs: npt.NDArray[Any]) -> Array:
        head = np.asarray(head, dtype=np.float32)
        zero = np.zeros((*head.shape[:-1], 1), dtype=np.float32)
        out: Array = np.concatenate([head, zero], axis=-1)[..., self.terms].sum(axis=-1)
        return out


def network(codec: Any) -> Network:
    """7 Wonders' network at ``codec``'s player count."""
    return ClassicNetwork(codec)
