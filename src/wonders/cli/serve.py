"""``wonders serve``: the web table (lobby, tables, spectators) behind uvicorn."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from wonders.core.i18n import N_


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
) -> None:
    """Start the web table: open http://HOST:PORT/ to create tables and invite friends."""
    try:
        import uvicorn

        from wonders.web.app import PUBSUB_ENV, create_app
        from wonders.web.pubsub import check_url
    except ImportError as exc:
        raise typer.BadParameter(
            f"the web table needs the 'web' extra: pip install 'wonders[web]' ({exc.name})"
        ) from None
    if not 0 < port < 65536:
        raise typer.BadParameter("--port must be 1 to 65535")
    pubsub = pubsub or os.environ.get(PUBSUB_ENV) or None
    if pubsub is not None:
        try:
            check_url(pubsub)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    uvicorn.run(create_app(db, bot_delay, pubsub), host=host, port=port, log_level="info")
