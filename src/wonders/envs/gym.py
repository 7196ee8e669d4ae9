"""Gymnasium single-agent environments: one seat learns, the project's bots play the others.

``import wonders.envs.gym`` registers one id per registered game that has a codec, with
``gymnasium.register`` (entry point ``wonders.envs.gym:WondersGym``)::

    import gymnasium
    import wonders.envs.gym  # registers wonders/Classic-v1, wonders/Duel-v1, ...

    env = gymnasium.make("wonders/Duel-v1", opponents="greedy")
    env = gymnasium.make("wonders/Classic-v1", players=3, opponents="random")
    env = gymnasium.make("wonders/Architects-v1", players=4)

- **Ids**: ``wonders/<Name>-v<N>``, ``<Name>`` the registry's game name capitalised
  (``env_id``), ``N`` the encoding's version (``codec.ENCODING_VERSION``), the same as in
  the PettingZoo name ``wonders_<game>_v<N>``: it changes whenever a seeded game could
  give other observations, masks, action indices or rewards under the default options.
  Games registered after the import get theirs from ``register_envs()``.
- **Observations**: the learning seat's PettingZoo observation, ``Dict(observation=Box(0,
  1000, (size,), float32), action_mask=MultiBinary(num_actions))``: the mask travels with
  the observation through vector environments and their auto-resets. ``action_masks()``
  returns the current mask too (sb3-contrib's ``MaskablePPO`` calls it; use
  ``MultiInputPolicy`` for the Dict).
- **Actions**: the PettingZoo environment's ``Discrete(num_actions)`` indices.
- **Opponents**: ``opponents`` is a bot name (``wonders.bots.BOT_NAMES``; search bots with
  a budget, e.g. ``"ismcts:200i"``) for every other seat, or a sequence of one name per
  other seat, clockwise from the learner. They move inside ``reset()`` and ``step()``
  until the learner owes a decision or the game ends. In a simultaneous 7 Wonders turn
  the learner chooses first, seeing what the PettingZoo form shows every seat at the
  turn's start, and the bots owing the same turn after it (the engine keeps its choice
  hidden from them).
- **The learning seat**: ``seat=0`` (default) or any seat, or ``seat="random"``: drawn at
  each reset from the game's seed. ``info["seat"]`` at reset says which.
- **Rewards**: 0 until the end, then the learner's PettingZoo reward: (players beaten -
  players beating it) / (n - 1), so +1 win / -1 loss / 0 tie in a 2-player game;
  ``team_rewards=True`` (team games only): +1 win, 0 shared, -1 loss for the team. The
  last ``info`` holds ``result`` (the engine's result JSON) and ``score``.
- **Seeding**: ``reset(seed=s)`` plays the engine's game ``s`` (the PettingZoo
  environment's ``reset(seed=s)`` deal) with bots seeded from ``s``: the same seed and
  actions give the same game. ``reset()`` without a seed draws the game's seed from
  ``np_random`` (seeded by the last seed given, as Gymnasium requires). Search bots with
  a time budget (``ismcts``, ``ismcts:0.5``) are not reproducible: give an iteration
  budget (``ismcts:200i``).
- **Illegal actions** (not in the mask), as the PettingZoo environments' ``illegal``
  option: ``"terminate"`` (default) ends the game at once with reward -1,
  ``terminated=True`` and ``info["illegal_action"] = True``, nothing played (the PettingZoo
  form also sets truncated; here ``truncated`` stays False, as Gymnasium's ``check_env``
  requires); an action outside the space is a ``ValueError`` before anything changes.
  ``"lowest"`` plays the legal action of lowest index instead, with no penalty, and sets
  the same flag.
- **Truncation**: never (every game ends by its rules within the registry's
  ``max_decisions``). ``step`` after the end, before ``reset``, is a ``RuntimeError``.
- ``render_mode="ansi"``: ``render()`` returns the PettingZoo environment's text for the
  learning seat (what ``wonders play --plain`` shows it); ``"human"`` prints it.

Bad options (unknown game or bot, impossible setup, a seat out of range, the wrong number
of opponents, ``team_rewards`` without teams) are one-line ``OptionsError``s at
construction. ``SoloGame`` is the single-agent game without Gymnasium's envelope; the
batched stepper (``wonders.envs.batch``) steps many of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from wonders.bots import Bot, make_bot
from wonders.core.errors import OptionsError
from wonders.core.protocol import JSON
from wonders.core.registry import get_game, registered
from wonders.envs.codec import ENCODING_VERSION, Mask, Vector
from wonders.envs.pettingzoo import ILLEGAL_REWARD, _check_illegal, _Table

__all__ = ["ENV_VERSION", "SoloGame", "WondersGym", "env_id", "register_envs"]

# The version of every environment name (Gymnasium ids and PettingZoo names alike).
ENV_VERSION = ENCODING_VERSION
RENDER_MODES = ["human", "ansi"]


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``wonders/<Game>-v<ENV_VERSION>``."""
    name = "".join(part.capitalize() for part in game.split("_"))
    return f"wonders/{name}-v{ENV_VERSION}"


def register_envs() -> list[str]:
    """Register the id of every registered game that has a codec (those not registered
    yet: importing this module registers the built-in games'); returns every id."""
    ids = []
    for info in registered():
        if not info.has("codec"):
            continue
        ids.append(env_id(info.name))
        if ids[-1] in gymnasium.registry:
            continue
        gymnasium.register(
            id=ids[-1],
            entry_point="wonders.envs.gym:WondersGym",
            kwargs={"game": info.name},
            nondeterministic=False,
        )
    return ids


def _opponent_names(opponents: str | Sequence[str], count: int) -> list[str]:
    if isinstance(opponents, str):
        return [opponents] * count
    names = [str(name) for name in opponents]
    if len(names) != count:
        raise OptionsError(
            f"opponents: this game has {count} other seats, got {len(names)} bot names"
        )
    return names


class SoloGame:
    """One game seen from one learning seat, the bots playing the others (the module's
    docs): what ``WondersGym`` and ``BatchStepper`` run."""

    def __init__(
        self,
        game: str = "duel",
        opponents: str | Sequence[str] = "greedy",
        seat: int | str = 0,
        illegal: str = "terminate",
        team_rewards: bool = False,
        **options: Any,
    ) -> None:
        _check_illegal(illegal)
        self.illegal = illegal
        self.table = _Table(game, options, team_rewards)
        n = self.table.n
        whole = isinstance(seat, (int, np.integer)) and not isinstance(seat, bool)
        if seat != "random" and not (whole and 0 <= int(seat) < n):
            raise OptionsError(f"seat must be 0 to {n - 1} or 'random', got {seat!r}")
        self.seat_option = seat
        self.opponents = _opponent_names(opponents, n - 1)
        for name in self.opponents:
            make_bot(name, 0)  # an unknown bot fails here, in one line
        self.seat = 0 if seat == "random" else int(seat)
        self.bots: dict[int, Bot] = {}
        self.over = True  # until the first reset
        self.bot_decisions = 0  # the bots' decisions in every game so far
        self.max_decisions = get_game(game).max_decisions

    @property
    def num_actions(self) -> int:
        return self.table.codec.num_actions

    @property
    def obs_size(self) -> int:
        return self.table.codec.layout.size

    def reset(self, game_seed: int) -> None:
        """A new game, the engine's game ``game_seed``; bots (and a random seat) drawn from
        it; the bots play until the learner owes a decision."""
        table = self.table
        table.new_game(game_seed)
        draws = random.Random(int(game_seed))
        if self.seat_option == "random":
            self.seat = draws.randrange(table.n)
        others = [(self.seat + k) % table.n for k in range(1, table.n)]
        self.bots = {
            s: make_bot(name, draws.getrandbits(31))
            for s, name in zip(others, self.opponents, strict=True)
        }
        self.over = False
        self._advance()

    def _advance(self) -> None:
        """Let the bots move until the learner owes a decision or the game ends."""
        state = self.table.state
        me = self.seat
        for _ in range(100 * self.max_decisions):  # a bound: a game ends long before
            movers = state.to_move()
            if me in movers or state.is_terminal():
                return
            for s in movers:
                if s in state.to_move():
                    self.table.apply(s, self.bots[s].choose(state, s))
                    self.bot_decisions += 1
        raise RuntimeError("the bots did not reach the learner's decision or the end")

    def observation(self) -> tuple[Vector, Mask]:
        """The learner's observation and mask (no legal action once the game is over,
        also when an illegal action ended it)."""
        if self.over:
            table = self.table
            return table.codec.observe(table.state, self.seat), table.codec.mask({})
        obs = self.table.observation(self.seat)
        return obs["observation"], obs["action_mask"]

    def mask(self) -> Mask:
        table = self.table
        return table.codec.mask({} if self.over else table.legal(self.seat))

    def step(self, action: Any) -> tuple[float, bool, JSON]:
        """Play the learner's ``action``, then the bots: (reward, game over, info)."""
        if self.over:
            raise RuntimeError("the game is over: call reset() first")
        table = self.table
        info: JSON = {}
        if self.illegal == "terminate":
            if action is not None and not table.act_space.contains(action):
                raise ValueError(f"action {action!r} is not in the action space")
            if not table.is_legal(self.seat, action):
                self.over = True
                info["illegal_action"] = True
                return ILLEGAL_REWARD, True, info
        if table.play(self.seat, action):
            info["illegal_action"] = True
        self._advance()
        if not table.state.is_terminal():
            return 0.0, False, info
        self.over = True
        rewards, infos = table.final()
        info.update(infos[self.seat])
        return rewards[self.seat], True, info

    def render_text(self) -> str:
        return self.table.render_text(self.seat)


class WondersGym(gymnasium.Env[dict[str, Any], np.int64]):
    """A game as a Gymnasium environment for one learning seat (the module's docs)."""

    # the class's (``gymnasium.make`` reads its render modes); each instance adds its name
    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str = "duel",
        opponents: str | Sequence[str] = "greedy",
        seat: int | str = 0,
        render_mode: str | None = None,
        illegal: str = "terminate",
        team_rewards: bool = False,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionsError(
                f"render_mode must be one of {', '.join(RENDER_MODES)}, got {render_mode!r}"
            )
        self.solo = SoloGame(game, opponents, seat, illegal, team_rewards, **options)
        self.game = game
        self.render_mode = render_mode
        self.observation_space = self.solo.table.obs_space
        self.action_space = self.solo.table.act_space
        self.metadata = {**self.metadata, "name": f"wonders_{game}_v{ENV_VERSION}"}

    @property
    def engine(self) -> Any:
        """The engine's state (everything, hidden parts too: for tests and bots)."""
        return self.solo.table.state

    @property
    def seat(self) -> int:
        """The learning seat of the current game."""
        return self.solo.seat

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        self.solo.reset(game_seed)
        if self.render_mode == "human":
            self.render()
        return self._obs(), {"seat": self.solo.seat}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        reward, done, info = self.solo.step(action)
        if self.render_mode == "human":
            self.render()
        return self._obs(), float(reward), done, False, info

    def _obs(self) -> dict[str, Any]:
        observation, mask = self.solo.observation()
        return {"observation": observation, "action_mask": mask}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now, as booleans (sb3-contrib's convention)."""
        return self.solo.mask().astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: give render_mode='ansi'")
            return None
        text = self.solo.render_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


register_envs()
