"""Running a tournament's games: in this process, on local cores, or as Ray tasks."""

from __future__ import annotations

import multiprocessing
import socket
from collections.abc import Callable
from typing import Any

from wonders.core.errors import OptionsError
from wonders.core.i18n import _
from wonders.tournament.games import run_game
from wonders.tournament.schedule import GameSpec

Outcome = dict[str, Any]
OnDone = Callable[[Outcome], None]


def run_local(specs: list[GameSpec], workers: int, on_done: OnDone | None = None) -> list[Outcome]:
    """Every game with ``workers`` processes (1: in this process); sorted by game."""
    if workers < 1:
        raise OptionsError(_("--workers must be at least 1"))
    outcomes: list[Outcome] = []
    if workers == 1 or len(specs) == 1:
        for spec in specs:
            outcomes.append(run_game(spec))
            if on_done:
                on_done(outcomes[-1])
    else:
        context = multiprocessing.get_context("spawn")  # no forked Ray or rich state
        with context.Pool(min(workers, len(specs))) as pool:
            for outcome in pool.imap_unordered(run_game, specs):
                outcomes.append(outcome)
                if on_done:
                    on_done(outcome)
    return sorted(outcomes, key=lambda o: o["index"])


def connect_ray(address: str | None) -> Any:
    """The ``ray`` module, connected to the cluster at ``address`` (``local``: a new local
    Ray; ``auto``: the running one; ``host:port`` or ``ray://host:port``; None: the instance
    this process already started, else a new local one)."""
    try:
        import ray
    except ImportError:
        raise OptionsError(
            _("--ray needs the ray package: pip install 'wonders[cluster]'")
        ) from None
    if not ray.is_initialized():
        _check_reachable(address)
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise OptionsError(
                _("cannot reach a Ray cluster at {address}: {reason}").format(
                    address=repr(address), reason=exc
                )
            ) from None
    return ray


def run_ray(
    specs: list[GameSpec], address: str | None, on_done: OnDone | None = None
) -> list[Outcome]:
    """Every game as a Ray task on the cluster at ``address`` (see ``connect_ray``)."""
    ray = connect_ray(address)
    task = ray.remote(run_game)
    pending = [task.remote(spec) for spec in specs]
    outcomes: list[Outcome] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            outcomes.append(ray.get(ref))
            if on_done:
                on_done(outcomes[-1])
    return sorted(outcomes, key=lambda o: o["index"])


def _check_reachable(address: str | None, timeout: float = 5.0) -> None:
    """A ``host:port`` or ``ray://host:port`` address that does not answer is a clear error
    now (Ray itself waits a long time for it)."""
    if address in (None, "auto", "local"):
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        raise OptionsError(
            _("bad Ray address {address}: write host:port, ray://host:port, auto or local").format(
                address=repr(address)
            )
        )
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise OptionsError(
            _("cannot reach a Ray cluster at {address}: {reason}").format(
                address=repr(address), reason=exc
            )
        ) from None
