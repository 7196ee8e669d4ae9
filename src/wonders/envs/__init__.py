"""Learning environments: every game as PettingZoo and OpenSpiel environments.

- ``wonders.envs.pettingzoo``: ``env(game, **options)`` (AEC) and ``parallel_env(game,
  **options)`` (Parallel), with ``{"observation": Box, "action_mask": MultiBinary}``
  observations and a fixed ``Discrete`` action space per game. An illegal action ends the
  game with -1 for its player (PettingZoo's classic games' rule); ``illegal="lowest"``
  plays the lowest legal action instead and flags it (``wonders.envs.pettingzoo``).
- ``wonders.envs.openspiel``: importing it registers ``python_wonders_classic``,
  ``python_wonders_duel`` and ``python_wonders_architects`` with ``pyspiel``.
- The encodings (``classic``, ``duel``, ``architects``, sharing ``codec``) document their
  action indices and observation fields; ``make_codec(game, options)`` builds one. Each
  is computed by the game's compiled observer (``wonders.<game>.observe``); the view-based
  encoder in these modules is its specification (``codec``'s docstring).

- ``bench``: the environments' step rates beside the engine's (``wonders bench --envs``).

These modules need the ``rl`` extra (``pip install wonders[rl]``: numpy, gymnasium,
pettingzoo, open_spiel).

Speed: the encoding of one decision (observation, action indices, mask), done by compiled
observers that read the state and change in place only the entries whose inputs changed
(``<game>/observe.py``, ``core/obsbuf.py``, checked against the view-based encoders),
costs less than the compiled engine's own work in every game, 0.78 to 0.95 times it
(docs/environments.md).

Not done yet (also in docs/environments.md): OpenSpiel's C++ ``ISMCTSBot`` stops with a
segmentation fault on Python games (OpenSpiel's own ``python_kuhn_poker`` too, open_spiel
2.0.2); ``examples/openspiel_duel_mcts.py`` uses OpenSpiel's Python MCTS over re-dealt
worlds.
"""

from __future__ import annotations

from collections.abc import Callable

from wonders.core.protocol import JSON
from wonders.core.registry import get_game
from wonders.envs.codec import Codec


def make_codec(game: str, options: JSON | None = None) -> Codec:
    """The encoding of ``game`` with ``options`` (as the game's ``setup`` takes them): the
    game's ``codec`` part."""
    codec: Callable[[JSON], Codec] = get_game(game).part("codec")
    return codec(dict(options or {}))
