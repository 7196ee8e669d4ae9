"""The search bots (``montecarlo``, ``ismcts``) think in a separate process, so their seconds
of computing do not hold the server's interpreter; the quick bots play in a worker thread.
The state travels as its JSON (``to_json`` and the registry's ``from_json``)."""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor

from wonders.bots import SEARCH_BOTS, make_bot
from wonders.core.protocol import JSON, State
from wonders.core.registry import get_game


def is_search_bot(name: str) -> bool:
    return name.split(":")[0] in SEARCH_BOTS


def choose_elsewhere(game: str, state_json: JSON, seat: int, name: str, seed: int) -> JSON:
    """Run in the pool: the bot's choice for ``seat`` in the game ``state_json``."""
    state = get_game(game).from_json(state_json)
    action: JSON = make_bot(name, seed).choose(state, seat).to_json()
    return action


class Thinkers:
    """A small process pool, started at the first search bot's move."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def choose(self, state: State, seat: int, name: str, seed: int) -> JSON:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")  # no fork of a threaded server
                self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
            pool = self._pool
        future = pool.submit(choose_elsewhere, state.game_name, state.to_json(), seat, name, seed)
        return future.result()

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)
                self._pool = None
