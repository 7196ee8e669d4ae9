"""PettingZoo environments for every game: ``env(game, **options)`` (AEC) and
``parallel_env(game, **options)`` (Parallel).

- Agents are ``player_0`` .. ``player_{n-1}`` (the seats, clockwise). The environment's
  name (``metadata["name"]``) ends with the encoding's version (``codec.ENCODING_VERSION``).
- Every agent has the same spaces, returned as the same objects on every call:
  ``Discrete(codec.num_actions)`` actions and ``Dict(observation=Box(0, 1000, (size,),
  float32), action_mask=MultiBinary(num_actions))`` observations (the encodings are
  documented in ``wonders.envs.classic``, ``duel`` and ``architects``).
- An agent that owes no decision has only the ``WAIT`` action (index 0) in its mask.
- Parallel: each step takes one action from every agent that owes a decision (in 7
  Wonders' simultaneous turns, all of them); the actions of the other agents are ignored.
  AEC: ``agent_selection`` is the first seat that owes a decision; the engine keeps a
  simultaneous turn's choices hidden until every seat has chosen.
- Illegal actions, by default (``illegal="terminate"``), as in PettingZoo's classic games:
  an action not in the agent's mask ends the game at once, with reward -1 for the
  offender and 0 for the others, every agent terminated and truncated (what PettingZoo's
  ``TerminateIllegalWrapper`` does), ``infos[offender]["illegal_action"] = True``, and
  no action of that step applied. AEC: ``env()`` wraps ``WondersAEC`` the way
  ``pettingzoo.classic``'s ``env()`` does: ``TerminateIllegalWrapper(illegal_reward=-1)``
  (plus the flag), ``AssertOutOfBoundsWrapper`` (an action outside the space, or None for
  an agent still playing, fails its assertion and changes nothing) and
  ``OrderEnforcingWrapper``; read attributes such as ``engine`` through it. Parallel
  (no PettingZoo wrapper exists): the same within ``WondersParallel``; each offender of a
  step (an action not in its mask, or none given, from an agent that owes a decision)
  gets -1, and an action outside the space raises ``ValueError`` before anything changes.
  ``illegal="lowest"`` keeps the earlier behaviour: the action (also one outside the space,
  or a missing one) is replaced by the legal action of lowest index and play goes on, with
  no penalty; ``env(illegal="lowest")`` is ``WondersAEC`` itself, unwrapped. Either way
  the flag stays in the offender's ``infos`` until it acts again (AEC: its next ``last()``
  shows it; other agents' steps no longer clear it).
- ``metadata["is_parallelizable"]`` is False for every game: PettingZoo's
  ``aec_to_parallel`` needs every agent to act once per cycle, in order, while Duel and
  Architects are turn-based and 7 Wonders has decisions one seat makes alone
  (Halicarnassus, Babylon's last card, Cities' debts, the 2-player Free City's card), so
  it stops with "expected agent ... got agent ..." (or steps an agent out of turn into an
  illegal action). ``parallel_env`` is the Parallel form.
- Rewards are 0 until the end, then ``outcome_rewards``: (players beaten - players
  beating you) / (n - 1) (+1 / -1 / 0 in a 2-player game; teammates share their team's
  rank). The last ``infos`` hold ``result`` (the engine's result JSON: totals, ranks,
  score breakdowns) and ``score`` (the agent's own breakdown).
- ``team_rewards=True`` (only for a game with teams: 7 Wonders' team game, ``teams=True``
  with Cities; otherwise an ``OptionsError``) rewards teams instead: +1 to both players of
  the team that wins alone, 0 to the teams sharing a win, -1 to every other team (the
  teams are the spectator view's ``teams``; the winners, the result's).
- ``state()`` (both forms) is a global state for centralised critics (MAPPO): the
  concatenation of every seat's observation, ``player_0``'s first, each as that seat's
  ``observation`` (so it holds every hand, never the decks' hidden order);
  ``state_space`` is ``Box(0, 1000, (n * size,), float32)``. The Parallel form
  concatenates the observations it handed out at the last ``reset`` or ``step``.
- The name (``metadata["name"]``, ``wonders_<game>_v<N>``) carries the encoding's version
  ``N`` (``codec.ENCODING_VERSION``, today 1), shared with the Gymnasium ids
  (``wonders.envs.gym``): it changes whenever a seeded game could give other
  observations, masks, action indices or default rewards; additions (new options such as
  ``team_rewards``, ``state()``, new ``infos`` keys) keep it.
- ``reset(seed=s)`` plays the engine's game with seed ``s`` (so the same deal and, with the
  same actions, the same game); ``reset()`` without a seed draws the next game's seed
  from a generator seeded by the last seed given.
- ``render()`` prints (``render_mode="human"``) or returns (``"ansi"``) what the
  terminal's ``--plain`` front end shows the seat to act (AEC: ``agent_selection``;
  Parallel: the first seat owing a decision, else seat 0): the events since the last
  render in words, the position, the seat's numbered choices, or the result
  (``wonders.envs.render``).

- ``env.engine`` is the engine's state (to read, e.g. for a bot) and
  ``env.action_index(agent, action)`` an engine action's index: how a protocol bot plays a
  seat of the AEC environment (``examples/train_duel.py``).

Options are the game's own ``setup`` options, e.g. ``env("classic", players=5,
expansions=["leaders"], sides="A")``, ``env("duel")``, ``env("architects", players=4)``,
besides ``render_mode``, ``illegal`` (``"terminate"`` or ``"lowest"``) and
``team_rewards``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from wonders.core.errors import OptionsError
from wonders.core.protocol import JSON, State
from wonders.core.registry import get_game
from wonders.envs import make_codec
from wonders.envs.codec import (
    ENCODING_VERSION,
    OBS_HIGH,
    Codec,
    Vector,
    outcome_rewards,
    team_outcome_rewards,
    teams_of,
)
from wonders.envs.render import SeatRenderer

__all__ = ["WondersAEC", "WondersParallel", "env", "parallel_env"]

RENDER_MODES = ["human", "ansi"]
ILLEGAL = ("terminate", "lowest")  # what an illegal action does (the module's docs)
ILLEGAL_REWARD = -1.0  # the offender's, as in PettingZoo's classic games


def _check_illegal(illegal: str) -> None:
    if illegal not in ILLEGAL:
        raise OptionsError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")


class _Table:
    """What both forms share: the engine's state, the codec, seeding, observations."""

    def __init__(self, game: str, options: JSON, team_rewards: bool = False) -> None:
        self.game = game
        self.options = dict(options)
        self.module = get_game(game)
        # bad options fail here, with their reason, before anything else is built
        self.state: State = self.module.setup(dict(self.options), 0)
        self.teams: list[list[int]] | None = None
        if team_rewards:
            self.teams = teams_of(game, self.state)
        self.codec: Codec = make_codec(game, self.options)
        self.n = self.codec.num_players
        self.agent_names = [f"player_{i}" for i in range(self.n)]
        self.seat_of = {a: i for i, a in enumerate(self.agent_names)}
        self.obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, OBS_HIGH, shape=(self.codec.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.MultiBinary(self.codec.num_actions),
            }
        )
        self.act_space = spaces.Discrete(self.codec.num_actions)
        self.state_space = spaces.Box(
            0.0, OBS_HIGH, shape=(self.n * self.codec.layout.size,), dtype=np.float32
        )
        self.seeds = random.Random()
        self.legal_now: dict[int, dict[int, Any]] = {}
        self.masks: dict[int, Any] = {}  # the mask made with legal_now's, until handed out
        self.renderer = SeatRenderer(game)

    def new_game(self, seed: int | None) -> None:
        if seed is not None:
            game_seed = int(seed)  # numpy integers too
            self.seeds = random.Random(game_seed)
        else:
            game_seed = self.seeds.getrandbits(31)
        self.state = self.module.setup(dict(self.options), game_seed)
        self.legal_now.clear()
        self.masks.clear()
        self.renderer.reset()

    def legal(self, seat: int) -> dict[int, Any]:
        """``seat``'s legal actions by index, kept until the state changes (an AEC step
        needs them for the observation's mask and again to play)."""
        legal = self.legal_now.get(seat)
        if legal is None:
            legal, self.masks[seat] = self.codec.legal_and_mask(self.state, seat)
            self.legal_now[seat] = legal
        return legal

    def observation(self, seat: int) -> dict[str, Any]:
        legal = self.legal(seat)
        mask = self.masks.pop(seat, None)  # each observation gets a mask of its own
        return {
            "observation": self.codec.observe(self.state, seat),
            "action_mask": self.codec.mask(legal) if mask is None else mask,
        }

    def is_legal(self, seat: int, action: Any) -> bool:
        try:
            return int(action) in self.legal(seat)
        except (TypeError, ValueError):
            return False

    def play(self, seat: int, action: Any) -> bool:
        """Apply ``action`` (an index) for ``seat``; returns whether it was illegal (then the
        legal action of lowest index is played instead)."""
        legal = self.legal(seat)
        illegal = not self.is_legal(seat, action)
        index = min(legal) if illegal else int(action)
        chosen = legal[index]
        if chosen is not None:
            self.state.apply(seat, chosen)
            self.legal_now.clear()
            self.masks.clear()
        return illegal

    def apply(self, seat: int, action: Any) -> None:
        """Apply the engine action ``action`` (e.g. a bot's) for ``seat``."""
        self.state.apply(seat, action)
        self.legal_now.clear()
        self.masks.clear()

    def global_state(self, observations: list[Vector] | None = None) -> Vector:
        """Every seat's observation (or ``observations``, seat by seat), concatenated."""
        if observations is None:
            observations = [self.codec.observe(self.state, s) for s in range(self.n)]
        return np.concatenate(observations)

    def final(self) -> tuple[list[float], list[JSON]]:
        result = self.state.result()
        if self.teams is None:
            rewards = outcome_rewards(result, self.n)
        else:
            rewards = team_outcome_rewards(result, self.teams, self.n)
        data = result.to_json()
        infos = []
        for seat in range(self.n):
            score = next((p.breakdown for p in result.players if p.seat == seat), {})
            infos.append({"result": data, "score": dict(score)})
        return rewards, infos

    def render_text(self, seat: int | None = None) -> str:
        """The terminal's text for ``seat`` (default: the first seat owing a decision)."""
        if seat is None:
            movers = self.state.to_move()
            seat = movers[0] if movers else 0
        return self.renderer.text(self.state, seat)


class WondersAEC(AECEnv):  # type: ignore[misc]
    """A game as a PettingZoo AEC environment (see the module's docs): it replaces an
    illegal action by the lowest legal one; ``env()`` wraps it to end the game instead."""

    def __init__(
        self,
        game: str = "duel",
        render_mode: str | None = None,
        team_rewards: bool = False,
        **options: Any,
    ):
        super().__init__()
        self.table = _Table(game, options, team_rewards)
        self.state_space = self.table.state_space
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": RENDER_MODES,
            "name": f"wonders_{game}_v{ENCODING_VERSION}",
            "is_parallelizable": False,  # see the module's docs
        }
        self.possible_agents = list(self.table.agent_names)
        self.agents = list(self.possible_agents)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self.table.obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self.table.act_space)
        self._reset_books()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.act_space

    @property
    def engine(self) -> State:
        """The engine's state (everything, hidden parts included: for bots and tests,
        not for the agents being trained). Read it; play through ``step`` only."""
        return self.table.state

    def action_index(self, agent: str, action: Any) -> int:
        """The index of the engine action ``action`` (e.g. a bot's choice) for ``agent``;
        -1 if it is not legal now."""
        seat = self.table.seat_of[agent]
        for index, legal in self.table.legal(seat).items():
            if legal == action:
                return index
        return -1

    def _reset_books(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        movers = self.table.state.to_move()
        return self.possible_agents[movers[0] if movers else 0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.new_game(seed)
        self._reset_books()

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observation(self.table.seat_of[agent])

    def state(self) -> Vector:
        """Every seat's observation, concatenated (the module's docs)."""
        return self.table.global_state()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}  # the others' infos stay until they act (a flag with them)
        if self.table.play(self.table.seat_of[agent], action):
            self.infos[agent]["illegal_action"] = True
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.table.state.is_terminal():
            rewards, infos = self.table.final()
            for seat, a in enumerate(self.possible_agents):
                self.rewards[a] = rewards[seat]
                self.terminations[a] = True
                self.infos[a].update(infos[seat])
            self.agent_selection = self.possible_agents[0]
        else:
            self.agent_selection = self._next_agent()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self.table.render_text(self.table.seat_of[self.agent_selection])
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


class WondersParallel(ParallelEnv):  # type: ignore[misc]
    """A game as a PettingZoo Parallel environment (see the module's docs)."""

    def __init__(
        self,
        game: str = "duel",
        render_mode: str | None = None,
        illegal: str = "terminate",
        team_rewards: bool = False,
        **options: Any,
    ):
        _check_illegal(illegal)
        self.table = _Table(game, options, team_rewards)
        self.state_space = self.table.state_space
        self._handed: list[Vector] | None = None  # the last observations handed out
        self.render_mode = render_mode
        self.illegal = illegal
        self.metadata = {
            "render_modes": RENDER_MODES,
            "name": f"wonders_{game}_v{ENCODING_VERSION}",
        }
        self.possible_agents = list(self.table.agent_names)
        self.agents = list(self.possible_agents)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self.table.obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self.table.act_space)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.act_space

    def _observations(self) -> dict[str, dict[str, Any]]:
        out = {a: self.table.observation(s) for a, s in self.table.seat_of.items()}
        self._handed = [o["observation"] for o in out.values()]
        return out

    def state(self) -> Vector:
        """Every seat's observation, concatenated (the module's docs): those handed out at
        the last ``reset`` or ``step``."""
        return self.table.global_state(self._handed)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        table = self.table
        if self.illegal == "terminate":
            offenders = self._offenders(actions)
            if offenders:
                return self._end_illegal(offenders)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat in table.state.to_move():
            agent = self.possible_agents[seat]
            if seat in table.state.to_move() and table.play(seat, actions.get(agent)):
                infos[agent]["illegal_action"] = True
        observations = self._observations()
        rewards = dict.fromkeys(self.agents, 0.0)
        done = table.state.is_terminal()
        if done:
            final, extra = table.final()
            for seat, a in enumerate(self.possible_agents):
                rewards[a] = final[seat]
                infos[a].update(extra[seat])
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, False)
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _offenders(self, actions: dict[str, Any]) -> list[str]:
        """The agents owing a decision whose action is not in their mask (or missing);
        an action outside the space is refused before anything changes."""
        movers = [self.possible_agents[seat] for seat in self.table.state.to_move()]
        for agent in movers:
            action = actions.get(agent)
            if action is not None and not self.table.act_space.contains(action):
                raise ValueError(f"{agent}'s action {action!r} is not in the action space")
        seat_of = self.table.seat_of
        return [a for a in movers if not self.table.is_legal(seat_of[a], actions.get(a))]

    def _end_illegal(self, offenders: list[str]) -> tuple[dict[str, Any], ...]:
        """End the game as PettingZoo's ``TerminateIllegalWrapper`` ends an AEC one."""
        observations = self._observations()
        rewards = dict.fromkeys(self.agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for agent in offenders:
            rewards[agent] = ILLEGAL_REWARD
            infos[agent]["illegal_action"] = True
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, True)
        self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        text = self.table.render_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


class _TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, which also flags the offender in its
    infos (PettingZoo's only logs a warning)."""

    def step(self, action: Any) -> None:
        raw = self.env.unwrapped
        agent = raw.agent_selection
        live = not (raw.terminations[agent] or raw.truncations[agent])
        super().step(action)
        # a live step ends everyone's game only with the engine's, unless it was illegal
        if live and raw.terminations.get(agent) and not raw.table.state.is_terminal():
            raw.infos[agent]["illegal_action"] = True


def env(
    game: str = "duel",
    render_mode: str | None = None,
    illegal: str = "terminate",
    team_rewards: bool = False,
    **options: Any,
) -> AECEnv:
    """The AEC environment of ``game`` with the game's ``options``: ``WondersAEC`` in
    PettingZoo's standard wrappers, or itself with ``illegal="lowest"`` (the module's
    docs)."""
    _check_illegal(illegal)
    raw = WondersAEC(game, render_mode=render_mode, team_rewards=team_rewards, **options)
    if illegal == "lowest":
        return raw
    wrapped = _TerminateIllegal(raw, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(
    game: str = "duel",
    render_mode: str | None = None,
    illegal: str = "terminate",
    team_rewards: bool = False,
    **options: Any,
) -> WondersParallel:
    """The Parallel environment of ``game`` with the game's ``options``."""
    return WondersParallel(
        game, render_mode=render_mode, illegal=illegal, team_rewards=team_rewards, **options
    )
