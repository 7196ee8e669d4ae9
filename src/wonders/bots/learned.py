"""The ``learned`` bot: a small neural network trained by self-play and play against the
greedy bot (``benchmarks/train.py``, PyTorch), played here with NumPy only.

For each decision: the seat's observation (``wonders.envs.make_codec(game).observe``, what
the learning environments give) -> the game's ``features`` -> a two-layer perceptron -> the
logits of every action index -> the legal action of highest logit (the codec's legal-action
map). It is deterministic: the seed is taken, as every bot takes one, and never used.

The weights ship in the package, one file a game (``data/<game>_policy.npz``, float16):
Duel, Architects (2 and 4 players) and 7 Wonders (3 and 4 players) have them
(``learned_games()``).
Each file records the game and the player counts it was trained for (Duel's, the first,
records nothing: it is Duel's, at 2).
In a game without weights, or at a player count its weights were not trained for, the
bot's first move is a one-line ``OptionsError``.

Every game's network is the same trunk, ``w1, b1`` (ReLU), ``w2, b2`` (ReLU), with a policy
head ``wp, bp`` and a value head ``wv, bv`` (the expected reward, -1 to 1, of the seat to
move: what a search could use as a learned evaluation, ``value``); the games differ in their
inputs and in how the policy head's outputs become the ``num_actions`` logits (``Network``;
the training script builds the same in PyTorch from these):

Each game's ``Network`` is its registry part ``network`` (``wonders.<game>.learned``).

Duel (``wonders.duel.learned.DuelNetwork``):

- ``features(obs)``: the Duel observation with its 20 x 73 one-hot of the structure's
  face-up cards replaced by two counts per card (face up and accessible; face up and
  covered), everything passed through ``log1p`` (coins and points near the one-hot's
  scale): ``FEATURE_SIZE`` numbers.
- ``logits``: ``HEAD_SIZE`` outputs: one of its own for every index up to the card actions
  and each card's build / sell / destroy / discard-build, and for "wonder W with card C"
  the sum of a wonder's and a card's output.

Architects (``wonders.architects.learned.ArchitectsNetwork``, the same size at every player
count, so one set of weights can play any count it was trained for):

- features: the observation's common part; the seat's own, its left and right neighbours'
  and the sum of every rival's fields; its own deck, its right neighbour's (the two it
  takes from) and the sum of the others; the player count; all through ``log1p``.
- logits: the decks are named by wonder in the codec's actions, so the head has one output
  for "take from my deck", "from my right neighbour's", "from the central deck" (and the
  same for Halicarnassus' search), mapped to the wonders' indices of the observation; every
  other action has its own output. The other decks have none: at 4 players and more the
  bot never takes from a far deck, which only a "take from any deck" effect offers.

7 Wonders (``wonders.classic.learned.ClassicNetwork``, the same size at every count and
option set): the seat's own city, its two neighbours' and the sum of the others, the hand's
cards it does not own yet; the head sums, for an action, its card's output (taking the
card, or giving it up), its kind's and its payment slot's.
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

WEIGHTS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")


NO_CHANCE = -1e9  # the logit of an action index no output stands for


class Network:
    """How one game's observations become the trunk's inputs (``features``) and the policy
    head's ``head_size`` outputs its ``num_actions`` logits (``logits``); one row or a batch
    in rows."""

    game = ""
    feature_size = 0
    head_size = 0
    num_actions = 0
    # its features read the observation as laid out (its size must be the weights'), not
    # parts that are the same size at every player count
    whole_observation = False

    def features(self, obs: npt.NDArray[Any]) -> Array:
        raise NotImplementedError

    def logits(self, head: npt.NDArray[Any], obs: npt.NDArray[Any]) -> Array:
        raise NotImplementedError


def network(game: str, codec: Any) -> Network:
    """The network of ``game`` on ``codec``'s encoding (``make_codec(game, options)``): the
    game's ``network`` part (``wonders.<game>.learned``)."""
    from wonders.core.registry import game_names, get_game

    if game not in game_names() or not get_game(game).has("network"):
        raise OptionsError(
            _("the learned bot has no weights for {game} yet").format(game=_title(game))
        )
    made: Network = get_game(game).part("network")(codec)
    return made


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
            from wonders.core.registry import get_game
            from wonders.envs import make_codec

            info = get_game(self.game)
            options = {"players": n} if info.min_players != info.max_players else {}
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


def check_fits(game: str, players: int) -> Policy:
    """The shipped network of ``game`` if it plays ``players`` players; else an OptionsError
    in one line (no weights for the game, or not at that count)."""
    policy = load_policy(game)
    if players not in policy.players:
        raise OptionsError(
            _("the learned bot plays {game} at {counts} players only, not {players}").format(
                game=_title(game),
                counts=listed([str(n) for n in sorted(policy.players)]),
                players=players,
            )
        )
    return policy


class LearnedBot:
    """Plays the legal action the shipped network rates highest (deterministic)."""

    name = "learned"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the bot is deterministic
        self.codecs: dict[tuple[str, int], tuple[Any, Network]] = {}
        self.policies: dict[str, Policy] = {}  # read once a bot (a file read costs 1 ms)

    def _codec(self, state: State) -> tuple[Policy, Any, Network]:
        game = state.game_name
        policy = self.policies.get(game)
        if policy is None:
            policy = self.policies[game] = load_policy(game)
        players = state.num_players
        found = self.codecs.get((game, players))
        if found is None:
            check_fits(game, players)
            from wonders.envs import make_codec
            from wonders.envs.codec import ENCODING_VERSION

            codec = make_codec(game, getattr(state, "options", None))
            net = policy.network(players)
            sizes = (net.feature_size, net.head_size, codec.num_actions, ENCODING_VERSION)
            fit = (*policy.w["w1"].shape[:1], *policy.w["wp"].shape[1:], policy.num_actions)
            if sizes != (*fit, policy.encoding) or (
                net.whole_observation and codec.layout.size != policy.obs_size
            ):
                raise OptionsError(
                    _("the learned bot's weights for {game} do not fit its encoding").format(
                        game=_title(game)
                    )
                )
            found = self.codecs[game, players] = (codec, net)
        return policy, *found

    def check(self, state: State) -> None:
        """An OptionsError in one line if the weights do not play ``state``'s table."""
        self._codec(state)

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
