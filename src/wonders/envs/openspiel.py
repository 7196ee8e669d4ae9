"""The games as OpenSpiel Python games, registered when this module is imported:
``python_wonders_classic``, ``python_wonders_duel`` and ``python_wonders_architects``.

- Parameters: classic ``players`` (2-8), ``expansions`` (``leaders``, ``cities`` or
  ``leaders+cities``: a comma would end the parameter in a game string), ``teams``
  (bool), ``sides`` (``A``, ``B``, ``random``); architects ``players`` (2-7); duel
  ``first_game`` (bool); every game ``deals`` (deprecated, default 0: below). Classic's
  ``team_rewards`` (bool, default False; the PettingZoo environments' option of that name)
  needs the team game (``teams=True`` with Cities: 4, 6 or 8 players in pairs): the
  returns are then the teams' (below).
- Chance (``wonders.core.chance``, each game's ``chance`` part): a chance node deals each
  card when someone first sees it, over the cards that may lie there given everything dealt
  so far, with the rulebook's probabilities: the wonders and sides, the 7 Wonders hands at
  each Age (and the leaders), Duel's tokens, wonders offered and every card of a structure
  laid out or turned face up, each new top of an Architects deck, central deck and token
  stack. A card nobody has seen is not decided, so no information state determines a hidden
  card, and a history replays exactly (the engine is ``setup(options, 0)`` with the chosen
  cards written in). The outcomes are the model's ``names`` (``"card Baths"``, ``"token
  Law"``...: ``action_to_string``); ``max_chance_outcomes`` counts them. A card that can
  only be one thing (the last of a deal, the last wonder) is no chance node: it is dealt at
  once with the node before it, as OpenSpiel's games do, and is not in the history (which
  still replays exactly: the card follows from it). At a chance node
  the views show the world before the move being dealt (and "the deal is to come" before the
  setup); the information state already holds the move. ``deals=k`` (k >= 1, deprecated)
  restores the former model, which reveals every hidden card to anyone who can tell the
  deals apart: one chance node at the start choosing ``setup(options, seed)`` among ``k``
  seeds (also what a game without a chance model gets, with 1000 seeds).
- Classic is a simultaneous-move game (``Dynamics.SIMULTANEOUS``): every decision node is
  a simultaneous node, where a seat that owes no decision has only the ``WAIT`` action
  (0); Duel and Architects are sequential. At a simultaneous node OpenSpiel's convention
  holds (its C++ ``SimMoveState``; ``docs/api_reference/state_legal_actions.md`` and
  ``state_apply_action.md``): ``legal_actions(player)`` is the seat's own actions,
  ``apply_actions([a0, a1, ...])`` plays one per seat, ``legal_actions()`` is the *flat
  joint actions* ``0 .. prod_p len(legal_actions(p)) - 1`` and ``apply_action(flat)``
  plays the joint action it encodes: player 0's digit first, in mixed radix, each digit
  an index into that player's sorted legal actions (``joint_action(flat)`` decodes it; the
  history records the joint action, as after ``apply_actions``);
  ``action_to_string(flat)`` is ``"[name0, name1, ...]"``. The count grows with the
  players: at most a few thousand at 3 players and about 10^5 at 4, but up to 10^7-10^8 at
  7 and 10^9 or more at 8, where ``legal_actions()`` lists them all (as OpenSpiel does:
  memory and time in proportion; prefer ``legal_actions(player)`` there). Beyond
  ``2**31 - 1``, which OpenSpiel's own count of flat joint actions (a C++ ``int``) cannot
  hold, ``legal_actions()`` raises ``ValueError``; ``apply_action(flat)`` still decodes.
- Imperfect information. The observation tensor (``perfect_recall=False``) is the
  environment's observation vector of ``view(player)`` (``wonders.envs`` codecs). The
  information-state tensor adds two ``num_actions`` counts: how often each action was
  offered to the player at its decisions (in 7 Wonders this records the hands it held)
  and how often it chose each; then the ordered history: one row of ``players + 1``
  entries per move the player saw, in order, up to the game's maximum length: the mover
  one-hot (counted clockwise from the player) and the action's index + 1 when the player
  knows it: its own moves, and every move of Duel and Architects (their moves are
  public). In 7 Wonders the other seats' choices are hidden: the rows are the player's
  own decisions in order (what the others revealed is in the observation; the hands it
  was offered are the counts). Two histories that differ in what the player did or saw
  played, or in its order, give different tensors. The strings are: the observation string the
  JSON view without its event log; the information-state string the JSON view with the
  player's redacted event log and the sequence of its decisions (the actions offered,
  the one chosen), which is what the player observed and did, in order.
- Returns: 0 until the end, then each seat's ``outcome_rewards`` (zero-sum, in [-1, 1]).
  With ``team_rewards=True``, the teams' instead (``team_outcome_rewards``, as PettingZoo's):
  +1 to both players of the team that wins alone, 0 to the teams sharing a win, -1 to every
  other team. With two teams (4 players) that is zero-sum; with three or four it is not
  (one team winning alone: 2 - 2 * 2 = -2 at 6 players, -4 at 8; every team sharing the
  win: 0), so the game's type says ``GENERAL_SUM`` there and ``utility_sum()`` is None.
- Action indices are the codecs' (``wonders.envs.classic`` etc. document them).
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from wonders.core.chance import Batch, chance_model
from wonders.core.errors import OptionsError
from wonders.core.protocol import JSON
from wonders.core.protocol import State as EngineState
from wonders.core.registry import game_names, get_game
from wonders.envs import make_codec
from wonders.envs.codec import WAIT, Codec, outcome_rewards, team_outcome_rewards, teams_of

DEFAULT_DEALS = 1000  # the seeded deals of a game without a chance model


def _params(game: str) -> dict[str, Any]:
    """The game's OpenSpiel parameters and their defaults: its command-line options (the
    registry's ``flags``), the players when they vary, ``team_rewards`` where there are
    teams, and ``deals`` (deprecated: 0, the default, is the chance model)."""
    info = get_game(game)
    params: dict[str, Any] = {}
    if info.min_players != info.max_players:
        params["players"] = info.default_players
    defaults = {"expansions": "", "teams": False, "sides": "random", "first_game": False}
    params |= {flag: value for flag, value in defaults.items() if flag in info.flags}
    if "teams" in info.flags:
        params["team_rewards"] = False
    params["deals"] = 0
    return params


# OpenSpiel counts a node's flat joint actions in a C++ int (action_view.h).
MAX_FLAT_JOINT_ACTIONS = 2**31 - 1


def game_type(game: str, utility: Any = None) -> Any:
    """The game's OpenSpiel type: zero-sum (``utility`` says otherwise, e.g. ``GENERAL_SUM``
    for team rewards at three or more teams)."""
    info = get_game(game)
    simultaneous, low, high = info.simultaneous, info.min_players, info.max_players
    return pyspiel.GameType(
        short_name=f"python_wonders_{game}",
        long_name=f"Python wonders {game}",
        dynamics=(
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        ),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if utility is None else utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_params(game),
    )


def engine_options(game: str, params: dict[str, Any]) -> JSON:
    """The engine's setup options from the OpenSpiel parameters (``expansions`` joined by
    ``+`` or ``,``)."""
    expansions = str(params.get("expansions", "")).replace("+", ",")
    players = params.get("players")
    return get_game(game).options(
        int(players) if players is not None else None,
        params.get("sides"),
        expansions,
        bool(params.get("teams", False)),
        bool(params.get("first_game", False)),
    )


class _Data:
    """What a game's states need: the engine's options, setup, the codec and the chance
    model."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        full = {**_params(name), **params}
        self.name = name
        self.params = full
        self.options = engine_options(name, full)
        self.module = get_game(name)
        self.module.setup(dict(self.options), 0)  # bad options fail here, with their reason
        self.codec: Codec = make_codec(name, self.options)
        self.deals = int(full["deals"])
        if self.deals < 0:
            raise OptionsError(f"deals must be 0 (the chance model) or more, got {self.deals}")
        # the chance model, or (``deals`` >= 1, or a game without one) one seeded deal
        self.model = chance_model(name, self.options) if self.deals == 0 else None
        if self.model is None and self.deals == 0:
            self.deals = DEFAULT_DEALS
        self.chance_outcomes = len(self.model.names) if self.model is not None else self.deals
        self.simultaneous = self.module.simultaneous
        self.max_length = self.module.max_decisions
        self._initial: Batch | None = None
        # the teams whose returns they share (``team_rewards``), else None
        self.teams: list[list[int]] | None = None
        if bool(full.get("team_rewards", False)):
            self.teams = teams_of(name, self.module.setup(dict(self.options), 0))

    @property
    def zero_sum(self) -> bool:
        """Whether the returns sum to 0 at every end: the seats' ranking, or two teams'."""
        return self.teams is None or len(self.teams) == 2

    def returns(self, result: Any) -> list[float]:
        """Each seat's return from the engine's result."""
        n = self.codec.num_players
        if self.teams is None:
            return outcome_rewards(result, n)
        return team_outcome_rewards(result, self.teams, n)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Data:
        return self  # shared by the game's states (OpenSpiel's clone deep-copies theirs)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (OpenSpiel's serialization) as what makes it: the name and parameters
        return (_Data, (self.name, self.params))

    def initial_batch(self) -> Batch:
        """The chance nodes a game begins with (made once, copied): those before the setup,
        or the setup's."""
        if self._initial is None:
            model = self.model
            assert model is not None
            batch = model.first()
            if batch is None:
                batch = model.reveals(None, model.setup(None))
            if batch is None:
                raise ValueError(f"{self.name}'s chance model deals nothing at the start")
            self._initial = batch
        return self._initial.copy()

    def knows_move(self, player: int, mover: int) -> bool:
        """Whether ``player`` knows the action ``mover`` chose: its own, or any move of the
        sequential games (Duel's and Architects' moves are public)."""
        return mover == player or not self.simultaneous


_DATA: dict[str, _Data] = {}


def _data(game: Any) -> _Data:
    """The data of a pyspiel game object (OpenSpiel may rebuild the Python object, e.g.
    when unpickling, without our attributes: the data is looked up by the game string)."""
    key = str(game)
    data = _DATA.get(key)
    if data is None:
        name = game.get_type().short_name.removeprefix("python_wonders_")
        data = _DATA[key] = _Data(name, dict(game.get_parameters()))
    return data


class WondersGame(pyspiel.Game):  # type: ignore[misc]
    """One of the games, with its options as parameters."""

    game_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        data = _Data(self.game_name, dict(params or {}))
        general = pyspiel.GameType.Utility.GENERAL_SUM
        super().__init__(
            game_type(self.game_name, None if data.zero_sum else general),
            pyspiel.GameInfo(
                num_distinct_actions=data.codec.num_actions,
                max_chance_outcomes=data.chance_outcomes,
                num_players=data.codec.num_players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0 if data.zero_sum else None,
                max_game_length=data.max_length,
            ),
            data.params,
        )
        _DATA.setdefault(str(self), data)

    def new_initial_state(self) -> WondersState:
        return WondersState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(_data(self), perfect_recall)


class _Decisions(list[list[tuple[tuple[int, ...], int]]]):
    """Each player's decisions: OpenSpiel's ``clone`` deep-copies a state's attributes, and
    the entries are immutable, so a deep copy copies the lists only."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Decisions:
        return _Decisions(list(d) for d in self)


class _Moves(list[tuple[int, int]]):
    """The moves of the game (immutable entries; a deep copy is a shallow one)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Moves:
        return _Moves(self)


class _World:
    """The engine state a ``WondersState`` shows, in a box whose deep copy is the engine's
    ``clone`` (OpenSpiel's ``clone`` deep-copies a state's attributes one by one, and a
    compiled engine's frozen card data cannot be deep-copied field by field)."""

    __slots__ = ("game", "state")

    def __init__(self, game: str, state: EngineState | None = None) -> None:
        self.game = game
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        return _World(self.game, self.state.clone() if self.state is not None else None)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (OpenSpiel's serialization) as the engine's JSON, which loads exactly
        data = self.state.to_json() if self.state is not None else None
        return (_load_world, (self.game, data))


def _load_world(game: str, data: JSON | None) -> _World:
    return _World(game, get_game(game).from_json(data) if data is not None else None)


class WondersState(pyspiel.State):  # type: ignore[misc]
    """A game in progress. ``engine`` is the world the views show: None until the setup
    is dealt; at a chance node of a move, the world before that move. ``batch`` holds the
    chance nodes still owed (``wonders.core.chance``, each game's ``chance`` part)."""

    def __init__(self, game: WondersGame, deal: bool = True) -> None:
        super().__init__(game)
        self.wgame = _data(game)
        self._world = _World(self.wgame.name)
        self.batch: Batch | None = None
        # Per player, each decision it made: (the legal indices it was offered, its choice).
        # The offered actions show what it saw then (in 7 Wonders, the hand it held).
        self.decisions = _Decisions([] for _ in range(self.wgame.codec.num_players))
        # Every move of the game, in order: (seat, action index).
        self.moves = _Moves()
        if deal and self.wgame.model is not None:
            self.batch = self.wgame.initial_batch()
            self._force()

    @property
    def engine(self) -> EngineState | None:
        return self._world.state

    @engine.setter
    def engine(self, state: EngineState | None) -> None:
        self._world.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> WondersState:
        # ``copy.deepcopy``'s (OpenSpiel's ``clone`` deep-copies each attribute instead, and
        # copies the history itself)
        other = WondersState(self.get_game(), deal=False)
        other.engine = self.engine.clone() if self.engine is not None else None
        other.batch = self.batch.copy() if self.batch is not None else None
        other.decisions = copy.deepcopy(self.decisions)
        other.moves = copy.deepcopy(self.moves)
        return other

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WondersState:
        """A state the player cannot tell from this one (the engine's ``sample_world``:
        the other hands, face-down cards and decks re-dealt), for ISMCTS and the like. Its
        OpenSpiel history is empty: only its views are meant to be used. Before the setup
        is dealt it is a new game; at the chance nodes of a move it is refused (the move's
        cards are being dealt: resample at the decision nodes)."""
        if self.engine is None:
            return WondersState(self.get_game())
        if self.batch is not None:
            raise ValueError(
                "resample_from_infostate at a chance node: resample at a decision node"
            )
        other = WondersState(self.get_game(), deal=False)
        seed = int(probability_sampler() * 2**31)
        other.engine = self.engine.sample_world(player_id, random.Random(seed))
        other.decisions[player_id] = list(self.decisions[player_id])
        other.moves = _Moves(m for m in self.moves if self.wgame.knows_move(player_id, m[0]))
        return other

    def current_player(self) -> int:
        if self.engine is None or self.batch is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.wgame.simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self.engine.to_move()[0]

    def _legal_actions(self, player: int) -> Sequence[int]:
        if player == pyspiel.PlayerId.CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if self.engine is None or self.batch is not None or self.engine.is_terminal():
            return []
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            count = self.num_flat_joint_actions()
            if count > MAX_FLAT_JOINT_ACTIONS:
                raise ValueError(
                    f"{count} flat joint actions, more than OpenSpiel can count "
                    f"({MAX_FLAT_JOINT_ACTIONS}): use legal_actions(player) and apply_actions"
                )
            return range(count)  # OpenSpiel copies it into its list without a Python list
        return sorted(self.wgame.codec.legal(self.engine, player))

    def _joint_legal(self) -> list[list[int]]:
        """Every player's sorted legal actions at this simultaneous node."""
        engine, codec = self.engine, self.wgame.codec
        assert engine is not None
        return [sorted(codec.legal(engine, p)) for p in range(codec.num_players)]

    def num_flat_joint_actions(self) -> int:
        """How many flat joint actions this simultaneous node has (0 elsewhere)."""
        if self.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
            return 0
        return math.prod(len(legal) for legal in self._joint_legal() if legal)

    def joint_action(self, flat: int) -> list[int]:
        """The joint action (one action per player) that the flat joint action ``flat``
        encodes at this simultaneous node: OpenSpiel's mixed radix, player 0's digit first,
        each digit an index into that player's sorted legal actions."""
        if self.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
            raise ValueError("not a simultaneous node: there are no flat joint actions")
        legal = self._joint_legal()
        count = math.prod(len(actions) for actions in legal if actions)
        flat = int(flat)
        if not 0 <= flat < count:
            raise ValueError(f"flat joint action {flat} is not legal: this node has {count}")
        joint = []
        for actions in legal:
            if not actions:  # as OpenSpiel: a player without actions takes no digit
                joint.append(WAIT)
                continue
            flat, digit = divmod(flat, len(actions))
            joint.append(actions[digit])
        return joint

    def apply_action(self, action: int) -> None:
        """OpenSpiel's ``apply_action``; at a simultaneous node ``action`` is a flat joint
        action, applied as ``apply_actions`` of the joint action it encodes (so the history
        holds each player's action, as OpenSpiel's ``SimMoveState`` records it)."""
        if self.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            self.apply_actions(self.joint_action(action))
        else:
            super().apply_action(action)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node: the cards that may be dealt or shown here and
        their probabilities (the model's), or the seeded deals (``deals`` >= 1)."""
        if self.batch is not None:
            return self.batch.outcomes()
        if self.engine is None:
            p = 1.0 / self.wgame.deals
            return [(k, p) for k in range(self.wgame.deals)]
        return []

    def _apply_action(self, action: int) -> None:
        if self.batch is not None:
            self._deal(action)
            return
        if self.engine is None:
            self.engine = self.wgame.module.setup(dict(self.wgame.options), int(action))
            return
        if self.wgame.simultaneous:  # a flat joint action, from OpenSpiel's C++ side
            self._apply_actions(self.joint_action(action))
            return
        self._move([(self.engine.to_move()[0], action)])

    def _apply_actions(self, actions: list[int]) -> None:
        assert self.engine is not None
        codec = self.wgame.codec
        movers = self.engine.to_move()
        legal = {seat: codec.legal(self.engine, seat) for seat in movers}
        for seat in movers:  # check every seat's action before applying any
            if actions[seat] not in legal[seat]:
                raise ValueError(f"action {actions[seat]} is not legal for player {seat}")
        self._move([(seat, actions[seat]) for seat in movers])

    def _move(self, moves: list[tuple[int, int]]) -> None:
        """Play the seats' actions (indices) on a copy of the world; what the move shows
        for the first time is then dealt by chance nodes (``_settle``)."""
        assert self.engine is not None
        codec = self.wgame.codec
        after = self.engine.clone()
        played: list[tuple[int, Any]] = []
        made: list[tuple[int, tuple[int, ...], int]] = []
        for seat, action in moves:
            if seat not in after.to_move():
                continue
            legal = codec.legal(after, seat)
            if action not in legal:
                raise ValueError(f"action {action} is not legal for player {seat}")
            chosen = legal[action]
            if chosen is not None:
                after.apply(seat, chosen)
                played.append((seat, chosen))
                made.append((seat, tuple(sorted(legal)), action))
        for seat, offered, action in made:
            self.decisions[seat].append((offered, action))
            self.moves.append((seat, action))
        self._settle(self.engine, after, played)

    def _settle(
        self, before: EngineState | None, after: EngineState, played: list[tuple[int, Any]]
    ) -> None:
        """``after`` is the world, unless the move (``before`` -> ``after``, None: the
        setup) shows cards not yet dealt: then chance nodes deal them first."""
        model = self.wgame.model
        batch = model.reveals(before, after) if model is not None else None
        if batch is None:
            self.engine = after
            return
        batch.played = played
        self.batch = batch
        self._force()

    def _force(self) -> None:
        """Deal at once a card that can only be one thing: a place of the batch with a
        single outcome is no chance node (as in OpenSpiel's own games), and is not in the
        history (a history still replays exactly: the card follows from it)."""
        batch = self.batch
        if batch is not None:
            outcomes = batch.outcomes()
            if len(outcomes) == 1:
                self._deal(outcomes[0][0])

    def _deal(self, outcome: int) -> None:
        """A chance node's outcome; the last of a batch writes the cards into the world."""
        batch, model = self.batch, self.wgame.model
        assert batch is not None and model is not None
        batch.choose(outcome)  # raises ValueError, changing nothing, if it is not possible
        if not batch.done():
            self._force()
            return
        self.batch = None
        if batch.kind == "options":
            self._settle(None, model.setup(batch), [])
            return
        world = model.commit(batch)
        if batch.kind == "pre":  # the move again, on the world holding the cards it shows
            world = world.clone()
            for seat, action in batch.played:
                world.apply(seat, action)
        self.engine = world

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            model = self.wgame.model
            return model.names[action] if model is not None else f"deal {action}"
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            names = [self.wgame.codec.action_name(a) for a in self.joint_action(action)]
            return "[" + ", ".join(names) + "]"
        return self.wgame.codec.action_name(action)

    def is_terminal(self) -> bool:
        return self.batch is None and self.engine is not None and self.engine.is_terminal()

    def returns(self) -> list[float]:
        n = self.wgame.codec.num_players
        if not self.is_terminal():
            return [0.0] * n
        assert self.engine is not None
        return self.wgame.returns(self.engine.result())

    def __str__(self) -> str:
        if self.engine is None:
            return "the deal is to come"
        view = self.engine.view(None)
        return json.dumps({k: v for k, v in view.items() if k != "events"}, sort_keys=True)


class Observer:
    """OpenSpiel's PyObserver: a player's observation vector and view strings; with
    ``perfect_recall`` (the information state) also the player's own decisions."""

    def __init__(self, data: _Data, perfect_recall: bool) -> None:
        self.data = data
        self.codec = codec = data.codec
        self.perfect_recall = perfect_recall
        size = codec.layout.size
        n = codec.num_actions
        self.row = codec.num_players + 1
        history = data.max_length * self.row
        self.tensor = np.zeros(size + (2 * n + history if perfect_recall else 0), dtype=np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["offered"] = self.tensor[size : size + n]
            self.dict["chosen"] = self.tensor[size + n : size + 2 * n]
            self.dict["history"] = self.tensor[size + 2 * n :].reshape(data.max_length, self.row)

    def set_from(self, state: WondersState, player: int) -> None:
        self.tensor[:] = 0.0
        if state.engine is None:
            return
        self.dict["observation"][:] = self.codec.observe(state.engine, player)
        if self.perfect_recall:
            offered, chosen = self.dict["offered"], self.dict["chosen"]
            for legal, action in state.decisions[player]:
                offered[list(legal)] += 1.0
                chosen[action] += 1.0
            self._history(state, player)

    def _history(self, state: WondersState, player: int) -> None:
        history, n, knows = self.dict["history"], self.codec.num_players, self.data.knows_move
        moves = [(seat, action) for seat, action in state.moves if knows(player, seat)]
        if len(moves) > len(history):
            raise ValueError(f"more than {len(history)} moves: raise the game's max length")
        for row, (seat, action) in zip(history, moves, strict=False):
            row[(seat - player) % n] = 1.0
            row[n] = action + 1

    def string_from(self, state: WondersState, player: int) -> str:
        if state.engine is None:
            return f"player {player}: the deal is to come"
        view = state.engine.view(player)
        if not self.perfect_recall:
            return json.dumps({k: v for k, v in view.items() if k != "events"}, sort_keys=True)
        return json.dumps({"view": view, "decisions": state.decisions[player]}, sort_keys=True)


def _game_class(name: str) -> type[WondersGame]:
    """The pyspiel game class of the registered game ``name``."""
    title = "".join(part.title() for part in name.split("_"))
    return type(f"Wonders{title}Game", (WondersGame,), {"game_name": name})


# every registered game with a learning-environment codec, registered with pyspiel
GAME_CLASSES: dict[str, type[WondersGame]] = {
    name: _game_class(name) for name in game_names() if get_game(name).has("codec")
}

for _name, _cls in GAME_CLASSES.items():
    pyspiel.register_game(game_type(_name), _cls)

__all__ = [
    "GAME_CLASSES",
    "MAX_FLAT_JOINT_ACTIONS",
    "WAIT",
    "WondersGame",
    "WondersState",
    "engine_options",
]
