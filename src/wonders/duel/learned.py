"""The ``learned`` bot's network for 7 Wonders Duel (the registry's ``network`` part; the
bot and the trunk are ``wonders.bots.learned``): how a Duel observation becomes the trunk's
inputs, and the policy head's outputs every action's logit."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from wonders.bots.learned import Array, Network

# Duel's encoding (``wonders.envs.duel``): the observation's fields this module reads
OBS_SIZE = 1884
NUM_ACTIONS = 1193
STRUCTURE = slice(247, 1707)  # 20 places x 73 cards, the face-up card of each place
PLACES, CARDS, WONDERS = 20, 73, 12
ACCESSIBLE = slice(1747, 1767)  # 1 if the place's card can be taken
CARD_BASE = 25  # the first card action (wait, 12 wonder picks, 10 tokens, 2 starts)
CARD_KINDS = 4  # build, sell, destroy, discard_build; then one index per wonder
FEATURE_SIZE = OBS_SIZE - PLACES * CARDS + 2 * CARDS
HEAD_SIZE = CARD_BASE + CARDS * CARD_KINDS + WONDERS + CARDS


def features(obs: npt.NDArray[Any]) -> Array:
    """The network's input for observations ``obs`` (one vector, or a batch in rows)."""
    obs = np.asarray(obs, dtype=np.float32)
    structure = obs[..., STRUCTURE].reshape(*obs.shape[:-1], PLACES, CARDS)
    accessible = obs[..., ACCESSIBLE]
    open_cards = np.einsum("...p,...pc->...c", accessible, structure)
    covered = structure.sum(axis=-2) - open_cards
    x = np.concatenate(
        [obs[..., : STRUCTURE.start], obs[..., STRUCTURE.stop :], open_cards, covered], axis=-1
    )
    out: Array = np.log1p(np.maximum(x, 0.0)).astype(np.float32)
    return out


def logits(head: npt.NDArray[Any]) -> Array:
    """The ``NUM_ACTIONS`` logits of the policy head's outputs (one row or a batch)."""
    lead = head.shape[:-1]
    direct = head[..., :CARD_BASE]
    at = CARD_BASE + CARDS * CARD_KINDS
    kinds = head[..., CARD_BASE:at].reshape(*lead, CARDS, CARD_KINDS)
    wonder = head[..., at : at + WONDERS]
    card = head[..., at + WONDERS :]
    under = wonder[..., None, :] + card[..., :, None]  # card x wonder
    cards = np.concatenate([kinds, under], axis=-1).reshape(*lead, CARDS * (CARD_KINDS + WONDERS))
    return np.concatenate([direct, cards], axis=-1).astype(np.float32)


class DuelNetwork(Network):
    """Duel's: ``features`` and ``logits`` above."""

    game = "duel"
    whole_observation = True
    feature_size = FEATURE_SIZE
    head_size = HEAD_SIZE
    num_actions = NUM_ACTIONS

    def features(self, obs: npt.NDArray[Any]) -> Array:
        return features(obs)

    def logits(self, head: npt.NDArray[Any], obs: npt.NDArray[Any]) -> Array:
        return logits(head)


def network(codec: Any) -> Network:
    """Duel's network (the same on every Duel codec)."""
    return DuelNetwork()
