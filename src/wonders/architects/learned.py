"""The ``learned`` bot's network for 7 Wonders Architects (the registry's ``network`` part;
the bot and the trunk are ``wonders.bots.learned``): its inputs and outputs are the same
size at every player count, so one set of weights plays each count it was trained for."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from wonders.bots.learned import NO_CHANCE, Array, Network


class ArchitectsNetwork(Network):
    """Architects' at the codec's player count (its inputs and outputs are the same size at
    every count)."""

    game = "architects"
    OWN, RIGHT, CENTRAL, SEARCH_OWN, SEARCH_RIGHT, REST = 1, 2, 3, 4, 5, 6

    def __init__(self, codec: Any) -> None:
        self.players = n = int(codec.num_players)
        self.seats = [int(b) for b in codec.o_players]
        self.decks = [int(b) for b in codec.o_decks]
        self.seat_size = sum(size for _, size in codec.player_fields)
        self.deck_size = 1 + len(codec.kinds)
        self.common = self.seats[0]
        self.nw = len(codec.wonders)
        self.take_base, self.search_base = codec.take_base, codec.search_base
        self.num_actions = int(codec.num_actions)
        self.feature_size = self.common + 4 * self.seat_size + 3 * self.deck_size + 1
        self.head_size = self.REST + self.num_actions - codec.pick_base
        base = np.full(self.num_actions, self.head_size, dtype=np.intp)
        base[0] = 0
        base[self.take_base + self.nw] = self.CENTRAL
        base[codec.pick_base :] = self.REST + np.arange(self.num_actions - codec.pick_base)
        self.base = base
        self.right = self.seats[n - 1]

    def features(self, obs: npt.NDArray[Any]) -> Array:
        obs = np.asarray(obs, dtype=np.float32)
        s, d = self.seat_size, self.deck_size
        seats = [obs[..., b : b + s] for b in self.seats]
        decks = [obs[..., b : b + d] for b in self.decks]
        rivals = np.sum(seats[1:], axis=0)
        others = np.sum(decks[1:-1], axis=0) if len(decks) > 2 else np.zeros_like(decks[0])
        count = np.full((*obs.shape[:-1], 1), self.players, dtype=np.float32)
        mine = [obs[..., : self.common], seats[0], seats[1], seats[-1], rivals]
        x = np.concatenate([*mine, decks[0], decks[-1], others, count], axis=-1)
        out: Array = np.log1p(np.maximum(x, 0.0)).astype(np.float32)
        return out

    def deck_wonders(self, obs: npt.NDArray[Any]) -> npt.NDArray[np.intp]:
        """The wonders (their codec indices) of the seat's own deck and of its right
        neighbour's, the two it may take from: ``(..., 2)``."""
        obs = np.asarray(obs)
        own = np.argmax(obs[..., self.common : self.common + self.nw], axis=-1)
        right = np.argmax(obs[..., self.right : self.right + self.nw], axis=-1)
        out: npt.NDArray[np.intp] = np.stack([own, right], axis=-1).astype(np.intp)
        return out

    def action_map(self, obs: npt.NDArray[Any]) -> npt.NDArray[np.intp]:
        """For every action index, the head's output that is its logit (``head_size``: none)."""
        decks = self.deck_wonders(obs)
        own, right = decks[..., :1], decks[..., 1:]
        out = np.broadcast_to(self.base, (*decks.shape[:-1], self.num_actions)).copy()
        for at, wonder, index in (
            (self.take_base, own, self.OWN),
            (self.take_base, right, self.RIGHT),
            (self.search_base, own, self.SEARCH_OWN),
            (self.search_base, right, self.SEARCH_RIGHT),
        ):
            np.put_along_axis(out, at + wonder, index, axis=-1)
        return out

    def logits(self, head: npt.NDArray[Any], obs: npt.NDArray[Any]) -> Array:
        head = np.asarray(head, dtype=np.float32)
        none = np.full((*head.shape[:-1], 1), NO_CHANCE, dtype=np.float32)
        out: Array = np.take_along_axis(
            np.concatenate([head, none], axis=-1), self.action_map(obs), axis=-1
        )
        return out


def network(codec: Any) -> Network:
    """Architects' network at ``codec``'s player count."""
    return ArchitectsNetwork(codec)
