"""The ``learned`` bot: a small neural network trained by self-play and play against the
greedy bot (``benchmarks/train_duel.py``, PyTorch), played here with NumPy only.

For each decision: the seat's observation (``wonders.envs.make_codec(game).observe``, what
the learning environments give) -> ``features`` -> a two-layer perceptron -> the logits of
every action index -> the legal action of highest logit (the codec's legal-action map). It
is deterministic: the seed is taken, as every bot takes one, and never used.

The weights ship in the package, one file a game (``data/<game>_policy.npz``, float16):
only Duel has them so far (``learned_games()``). In a game without weights the bot's first
move is a one-line ``OptionsError``.

The network (the training script builds the same one in PyTorch from these constants):

- ``features(obs)``: the Duel observation with its 20 x 73 one-hot of the structure's
  face-up cards replaced by two counts per card (face up and accessible; face up and
  covered), everything passed through ``log1p`` (coins and points near the one-hot's
  scale): ``FEATURE_SIZE`` numbers.
- ``w1, b1`` (ReLU), ``w2, b2`` (ReLU): the trunk; ``wp, bp``: the policy head, ``HEAD_SIZE``
  numbers made into the ``num_actions`` logits by ``logits``: an output of its own for
  every index up to the card actions and each card's build / sell / destroy /
  discard-build, and for "wonder W with card C" the sum of a wonder's and a card's output;
  ``wv, bv``: the value head (the expected reward, -1 to 1, of the seat to move: what a
  search could use as a learned evaluation, ``value``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from wonders.core.errors import OptionsError
from wonders.core.i18n import _
from wonders.core.protocol import State

Array = npt.NDArray[np.float32]

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
WEIGHTS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")


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


class Policy:
    """The network of one game's weights (float32 for the arithmetic)."""

    def __init__(self, weights: dict[str, npt.NDArray[Any]]) -> None:
        self.w = {k: np.asarray(weights[k], dtype=np.float32) for k in WEIGHTS}
        self.obs_size = int(weights["obs_size"])
        self.num_actions = int(weights["num_actions"])
        self.encoding = int(weights["encoding_version"])

    def trunk(self, x: Array) -> Array:
        w = self.w
        h = np.maximum(x @ w["w1"] + w["b1"], 0.0)
        out: Array = np.maximum(h @ w["w2"] + w["b2"], 0.0)
        return out

    def logits(self, obs: npt.NDArray[Any]) -> Array:
        """Every action's logit for observation ``obs``."""
        return logits(self.trunk(features(obs)) @ self.w["wp"] + self.w["bp"])

    def value(self, obs: npt.NDArray[Any]) -> float:
        """The value head's estimate of the final reward of the observing seat."""
        v = self.trunk(features(obs)) @ self.w["wv"] + self.w["bv"]
        return float(np.tanh(v.reshape(-1)[0]))


def learned_games() -> tuple[str, ...]:
    """The games that have shipped weights."""
    suffix = "_policy.npz"
    data = resources.files("wonders.bots") / "data"
    return tuple(sorted(f.name[: -len(suffix)] for f in data.iterdir() if f.name.endswith(suffix)))


@cache
def load_policy(game: str) -> Policy:
    """The shipped network of ``game``; an OptionsError for a game without one."""
    if game not in learned_games():
        raise OptionsError(_("the learned bot has no weights for {game} yet").format(game=game))
    data = resources.files("wonders.bots") / "data" / f"{game}_policy.npz"
    with data.open("rb") as f, np.load(f) as weights:
        return Policy(dict(weights))


class LearnedBot:
    """Plays the legal action the shipped network rates highest (deterministic)."""

    name = "learned"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the bot is deterministic
        self.codecs: dict[str, Any] = {}

    def _codec(self, state: State) -> tuple[Policy, Any]:
        game = state.game_name
        policy = load_policy(game)
        codec = self.codecs.get(game)
        if codec is None:
            from wonders.envs import make_codec

            codec = self.codecs[game] = make_codec(game, getattr(state, "options", None))
            from wonders.envs.codec import ENCODING_VERSION

            sizes = (codec.layout.size, codec.num_actions, ENCODING_VERSION)
            if sizes != (policy.obs_size, policy.num_actions, policy.encoding):
                raise OptionsError(
                    _("the learned bot's weights for {game} do not fit its encoding").format(
                        game=game
                    )
                )
        return policy, codec

    def choose(self, state: State, player: int) -> Any:
        policy, codec = self._codec(state)
        legal, _mask = codec.legal_and_mask(state, player)
        scores = policy.logits(codec.observe(state, player))
        best = max(legal, key=lambda i: (scores[i], -i))
        return legal[best]

    def value(self, state: State, player: int) -> float:
        """The value head's estimate (-1 to 1) of ``player``'s final reward from ``state``."""
        policy, codec = self._codec(state)
        return policy.value(codec.observe(state, player))
