"""The ``learned`` bot: a small neural network trained by self-play and play against the
greedy bot (``benchmarks/train.py``, PyTorch), played here with NumPy only.

For each decision: the seat's observation (``wonders.envs.make_codec(game).observe``, what
the learning environments give) -> the game's ``features`` -> a two-layer perceptron -> the
logits of every action index -> the legal action of highest logit (the codec's legal-action
map). It is deterministic: the seed is taken, as every bot takes one, and never used.

The weights ship in the package, one file a game (``data/<game>_policy.npz``, float16):
Duel and Architects have them (``learned_games()``). Each file records the game and the
player counts it was trained for (Duel's, the first, records nothing: it is Duel's, at 2).
In a game without weights, or at a player count its weights were not trained for, the
bot's first move is a one-line ``OptionsError``.

Every game's network is the same trunk, ``w1, b1`` (ReLU), ``w2, b2`` (ReLU), with a policy
head ``wp, bp`` and a value head ``wv, bv`` (the expected reward, -1 to 1, of the seat to
move: what a search could use as a learned evaluation, ``value``); the games differ in their
inputs and in how the policy head's outputs become the ``num_actions`` logits (``Network``;
the training script builds the same in PyTorch from these):

Duel (``DuelNetwork``):

- ``features(obs)``: the Duel observation with its 20 x 73 one-hot of the structure's
  face-up cards replaced by two counts per card (face up and accessible; face up and
  covered), everything passed through ``log1p`` (coins and points near the one-hot's
  scale): ``FEATURE_SIZE`` numbers.
- ``logits``: ``HEAD_SIZE`` outputs: one of its own for every index up to the card actions
  and each card's build / sell / destroy / discard-build, and for "wonder W with card C"
  the sum of a wonder's and a card's output.

Architects (``ArchitectsNetwork``, the same size at every player count, so one set of
weights can play any count it was trained for):

- features: the observation's common part; the seat's own, its left and right neighbours'
  and the sum of every rival's fields; its own deck, its right neighbour's (the two it
  takes from) and the sum of the others; the player count; all through ``log1p``.
- logits: the decks are named by wonder in the codec's actions, so the head has one output
  for "take from my deck", "from my right neighbour's", "from the central deck" (and the
  same for Halicarnassus' search), mapped to the wonders' indices of the observation; every
  other action has its own output. The other decks have none: at 4 players and more the
  bot never takes from a far deck, which only a "take from any deck" effect offers.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from wonders.core.errors import OptionsError
from wonders.core.i18n import _
from wonders.core.present import listed
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


NO_CHANCE = -1e9  # the logit of an action index no output stands for


class Network:
    """How one game's observations become the trunk's inputs (``features``) and the policy
    head's ``head_size`` outputs its ``num_actions`` logits (``logits``); one row or a batch
    in rows."""

    game = ""
    feature_size = 0
    head_size = 0
    num_actions = 0

    def features(self, obs: npt.NDArray[Any]) -> Array:
        raise NotImplementedError

    def logits(self, head: npt.NDArray[Any], obs: npt.NDArray[Any]) -> Array:
        raise NotImplementedError


class DuelNetwork(Network):
    """Duel's: ``features`` and ``logits`` above."""

    game = "duel"
    feature_size = FEATURE_SIZE
    head_size = HEAD_SIZE
    num_actions = NUM_ACTIONS

    def features(self, obs: npt.NDArray[Any]) -> Array:
        return features(obs)

    def logits(self, head: npt.NDArray[Any], obs: npt.NDArray[Any]) -> Array:
        return logits(head)


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


def network(game: str, codec: Any) -> Network:
    """The network of ``game`` on ``codec``'s encoding (``make_codec(game, options)``)."""
    if game == "duel":
        return DuelNetwork()
    if game == "architects":
        return ArchitectsNetwork(codec)
    raise OptionsError(_("the learned bot has no weights for {game} yet").format(game=_title(game)))


def _title(game: str) -> str:
    """A game's title in the reader's language (its name if it is not registered)."""
    from wonders.core.registry import game_names, get_game

    return get_game(game).titled() if game in game_names() else game


class Policy:
    """The network of one game's weights (float32 for the arithmetic)."""

    def __init__(self, weights: dict[str, npt.NDArray[Any]], game: str = "duel") -> None:
        self.w = {k: np.asarray(weights[k], dtype=np.float32) for k in WEIGHTS}
        self.game = str(weights["game"]) if "game" in weights else game
        self.players = tuple(int(p) for p in weights.get("players", (2,)))
        self.options: list[dict[str, Any]] = (
            json.loads(str(weights["options"])) if "options" in weights else [{}]
        )
        self.obs_size = int(weights["obs_size"])
        self.num_actions = int(weights["num_actions"])
        self.encoding = int(weights["encoding_version"])
        self.networks: dict[int, Network] = {}

    def network(self, players: int | None = None) -> Network:
        """The network at ``players`` (default: the first count trained for)."""
        n = self.players[0] if players is None else players
        if n not in self.networks:
            from wonders.envs import make_codec

            options = {} if self.game == "duel" else {"players": n}
            self.networks[n] = network(self.game, make_codec(self.game, options))
        return self.networks[n]

    def trunk(self, x: Array) -> Array:
        w = self.w
        h = np.maximum(x @ w["w1"] + w["b1"], 0.0)
        out: Array = np.maximum(h @ w["w2"] + w["b2"], 0.0)
        return out

    def logits(self, obs: npt.NDArray[Any], net: Network | None = None) -> Array:
        """Every action's logit for observation ``obs``."""
        net = net or self.network()
        return net.logits(self.trunk(net.features(obs)) @ self.w["wp"] + self.w["bp"], obs)

    def value(self, obs: npt.NDArray[Any], net: Network | None = None) -> float:
        """The value head's estimate of the final reward of the observing seat."""
        net = net or self.network()
        v = self.trunk(net.features(obs)) @ self.w["wv"] + self.w["bv"]
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
        raise OptionsError(
            _("the learned bot has no weights for {game} yet").format(game=_title(game))
        )
    data = resources.files("wonders.bots") / "data" / f"{game}_policy.npz"
    with data.open("rb") as f, np.load(f) as weights:
        return Policy(dict(weights), game)


class LearnedBot:
    """Plays the legal action the shipped network rates highest (deterministic)."""

    name = "learned"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the bot is deterministic
        self.codecs: dict[tuple[str, int], tuple[Any, Network]] = {}

    def _codec(self, state: State) -> tuple[Policy, Any, Network]:
        game = state.game_name
        policy = load_policy(game)
        players = state.num_players
        found = self.codecs.get((game, players))
        if found is None:
            if players not in policy.players:
                raise OptionsError(
                    _(
                        "the learned bot plays {game} at {counts} players only, not {players}"
                    ).format(
                        game=_title(game),
                        counts=listed([str(n) for n in policy.players]),
                        players=players,
                    )
                )
            from wonders.envs import make_codec
            from wonders.envs.codec import ENCODING_VERSION

            codec = make_codec(game, getattr(state, "options", None))
            net = policy.network(players)
            sizes = (net.feature_size, net.head_size, codec.num_actions, ENCODING_VERSION)
            fit = (*policy.w["w1"].shape[:1], *policy.w["wp"].shape[1:], policy.num_actions)
            if sizes != (*fit, policy.encoding) or (
                game == "duel" and codec.layout.size != policy.obs_size
            ):
                raise OptionsError(
                    _("the learned bot's weights for {game} do not fit its encoding").format(
                        game=_title(game)
                    )
                )
            found = self.codecs[game, players] = (codec, net)
        return policy, *found

    def choose(self, state: State, player: int) -> Any:
        policy, codec, net = self._codec(state)
        legal, _mask = codec.legal_and_mask(state, player)
        scores = policy.logits(codec.observe(state, player), net)
        best = max(legal, key=lambda i: (scores[i], -i))
        return legal[best]

    def value(self, state: State, player: int) -> float:
        """The value head's estimate (-1 to 1) of ``player``'s final reward from ``state``."""
        policy, codec, net = self._codec(state)
        return policy.value(codec.observe(state, player), net)
