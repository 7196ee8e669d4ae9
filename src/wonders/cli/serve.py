"""``wonders serve``: the web table (lobby, tables, spectators) behind uvicorn.

With ``--workers N`` uvicorn runs N processes on the one port, each making its app with
``worker_app`` from the configuration ``serve`` leaves in the environment (they share a
PostgreSQL database and hear each other's moves through it or Redis).
"""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING, Annotated

import typer

from wonders.core.i18n import N_, _

if TYPE_CHECKING:
    from fastapi import FastAPI

DB_ENV = "WONDERS_SERVE_DB"  # the workers' --db
BOT_DELAY_ENV = "WONDERS_SERVE_BOT_DELAY"  # the workers' --bot-delay


def worker_app() -> FastAPI:
    """The app of one of ``--workers`` processes: the database and bot delay from
    ``$WONDERS_SERVE_DB`` and ``$WONDERS_SERVE_BOT_DELAY``; pub/sub, limits and origins from
    the variables ``create_app`` reads."""
    from wonders.web.app import create_app

    return create_app(os.environ.get(DB_ENV) or None, float(os.environ.get(BOT_DELAY_ENV, 0.7)))


def serve(
    host: Annotated[
        str, typer.Option(help=N_("address to listen on (0.0.0.0: the whole network)"))
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("port to listen on"))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "database URL (default: SQLite in $WONDERS_DATA or ~/.local/share/wonders/"
                "wonders.db; e.g. postgresql://user@host/dbname)"
            )
        ),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help=N_("seconds a bot waits before it plays"))] = 0.7,
    pubsub: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "Redis URL through which several server processes tell each other of moves "
                "(default: $WONDERS_PUBSUB; none: PostgreSQL's NOTIFY, or one process on SQLite)"
            )
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            help=N_(
                "server processes sharing the port (more than 1 needs a PostgreSQL --db; "
                "each process counts the limits on its own)"
            )
        ),
    ] = 1,
    limits: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "what one client address may do: KIND=COUNT/SECONDS (COUNT at once, then COUNT "
                "more every SECONDS) for create (tables), join, post (other requests) and "
                "message (WebSocket messages), sockets=COUNT (connections open at once), "
                "KIND=off, or off for none (default: $WONDERS_LIMITS, else create=30/600,"
                "join=60/60,post=600/60,message=600/60,sockets=64)"
            )
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            help=N_(
                "another site (scheme://host or scheme://host:port) whose pages may use this "
                "server; give it again for more (default: $WONDERS_ORIGINS, comma-separated)"
            )
        ),
    ] = None,
) -> None:
    """Start the web table: open http://HOST:PORT/ to create tables and invite friends."""
    try:
        import uvicorn

        from wonders.web.app import MAX_MESSAGE, PUBSUB_ENV, create_app
        from wonders.web.guard import LIMITS_ENV, ORIGINS_ENV, parse_limits, parse_origins
        from wonders.web.pubsub import check_url
        from wonders.web.store import database_url, make_engine, migrate
        from wonders.web.tables import DATABASE_FAULTS
    except ImportError as exc:
        raise typer.BadParameter(
            _("the web table needs the 'web' extra: pip install 'wonders[web]' ({name})").format(
                name=exc.name
            )
        ) from None
    if not 0 < port < 65536:
        raise typer.BadParameter(_("--port must be 1 to 65535"))
    if workers < 1:
        raise typer.BadParameter(_("--workers must be 1 or more"))
    if workers > 1 and (db is None or database_url(db).startswith("sqlite")):
        raise typer.BadParameter(
            _("--workers above 1 needs a PostgreSQL --db: an SQLite file serves one process")
        )
    pubsub = pubsub or os.environ.get(PUBSUB_ENV) or None
    try:
        if pubsub is not None:
            check_url(pubsub)
        chosen = parse_limits(os.environ.get(LIMITS_ENV, "") if limits is None else limits)
        origins = parse_origins(
            os.environ.get(ORIGINS_ENV, "") if allow_origin is None else allow_origin
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    app: FastAPI | str = "wonders.cli.serve:worker_app"
    if workers == 1:
        app = create_app(db, bot_delay, pubsub, chosen, origins)
    else:
        with contextlib.suppress(*DATABASE_FAULTS):  # away: each worker waits for it, migrates
            migrate(make_engine(db))  # once, before the workers start
        os.environ.update(
            {
                DB_ENV: db or "",
                BOT_DELAY_ENV: repr(bot_delay),
                PUBSUB_ENV: pubsub or "",
                LIMITS_ENV: str(chosen),
                ORIGINS_ENV: ",".join(sorted(origins)),
            }
        )
    uvicorn.run(
        app,
        factory=workers > 1,
        workers=workers,
        host=host,
        port=port,
        log_level="info",
        ws_max_size=MAX_MESSAGE,  # a WebSocket frame past the app's limit (uvicorn's: 16 MiB)
    )
