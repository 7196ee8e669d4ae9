"""The search bots (``montecarlo``, ``ismcts`` and the levels that name them) think in a
separate process, so their seconds of computing do not hold the server's interpreter; the
quick bots play in a worker thread. The state travels as its JSON (``to_json`` and the
registry's ``from_json``).

A seat plays with ``playing_spec`` of its stored bot name: the web's menu (``seating``) takes
only the levels, the learned bot and the bare bot names, whose budgets the server sets, and
a name stored before the menu (``ismcts:600``) plays as its bare bot, at the server's
default budget.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import connection
from typing import Any

from wonders.bots import BOT_NAMES, LEARNED_BOTS, LEVELS, SEARCH_BOTS, make_bot
from wonders.bots.think import split_spec
from wonders.core.i18n import _
from wonders.core.protocol import JSON, State
from wonders.core.registry import game_names, get_game

FALLBACK = "medium"  # what a stored name that is no bot's any more plays as
STOP_SECONDS = 2.0  # how long ``close`` lets a stopped thinker take to end before killing it


class ThinkersClosed(RuntimeError):
    """The server is shutting down: no bot thinks any more."""


def playing_spec(stored: str | None) -> str:
    """The bot a seat whose stored bot name is ``stored`` plays with: a level or a bare bot
    name as it is, a name with a budget or a playout style as its bare bot or level (at the
    server's budget), anything else (and no name) as ``FALLBACK``."""
    known = LEVELS + LEARNED_BOTS + BOT_NAMES
    if stored in known:
        return stored
    base = split_spec(stored or "")[0]
    return base if base in known else FALLBACK


def is_search_bot(name: str, game: str | None = None) -> bool:
    """Whether the seat's bot searches (and so thinks in the pool): in ``game``, or in any
    game when None (a level may search in one game and not another)."""
    from wonders.bots.levels import level

    spec = playing_spec(name)
    if spec in LEVELS:
        games = game_names() if game is None else [game]
        return any(level(spec, g).bot in SEARCH_BOTS for g in games)
    return spec in SEARCH_BOTS


def choose_elsewhere(game: str, state_json: JSON, seat: int, name: str, seed: int) -> JSON:
    """Run in the pool: the bot's choice for ``seat`` in the game ``state_json``."""
    state = get_game(game).from_json(state_json)
    action: JSON = make_bot(name, seed).choose(state, seat).to_json()
    return action


class Thinkers:
    """A small process pool, started at the first search bot's move. ``close`` ends it at
    once: a search in progress is stopped (its process terminated) and every ``choose``
    waiting, or asked afterwards, raises ``ThinkersClosed``."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._stopped: Future[None] = Future()  # done once closed: wakes every waiting choose

    def choose(self, state: State, seat: int, name: str, seed: int) -> JSON:
        """The choice of the bot ``name`` (played as ``playing_spec(name)``) for ``seat``."""
        spec, state_json = playing_spec(name), state.to_json()
        with self._lock:
            if self._stopped.done():
                raise ThinkersClosed(_("the server is shutting down"))
            if self._pool is None:
                context = multiprocessing.get_context("spawn")  # no fork of a threaded server
                self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
            future = self._pool.submit(
                choose_elsewhere, state.game_name, state_json, seat, spec, seed
            )
        waited: list[Future[Any]] = [future, self._stopped]
        wait(waited, return_when=FIRST_COMPLETED)
        if not self._stopped.done():
            return future.result()
        future.cancel()
        try:  # closed: a choice made in time still counts, a search cut short does not
            return future.result(timeout=0)
        except Exception:
            raise ThinkersClosed(_("the server is shutting down")) from None

    def close(self) -> None:
        """Stop at once: no waiting for a search in progress."""
        with self._lock:
            if not self._stopped.done():
                self._stopped.set_result(None)
            pool, self._pool = self._pool, None
        if pool is None:
            return
        # the running workers (ProcessPoolExecutor.terminate_workers comes with Python 3.14)
        processes = list((pool._processes or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:  # ended: its sentinel is ready (the pool may reap it too)
            if not connection.wait([process.sentinel], STOP_SECONDS):
                process.kill()
