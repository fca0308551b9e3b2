"""Run the server: ``referee serve`` (or ``referee-web``) starts uvicorn on one address.

Several processes may serve one PostgreSQL database (each started the same way, on its
own port, or behind one proxy): an action appended by one reaches the pages connected to
another through PostgreSQL's ``LISTEN``/``NOTIFY``.  A SQLite store is for one process.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .limits import WORK_TIMEOUT, ConnectionLimits, Limits


def serve(
    db: str | None = None,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    limits: Limits | None = None,
    bot_pause: float = 0.3,
    log_level: str = "info",
    watch: float = 0.0,
    connections: ConnectionLimits | None = None,
    work_timeout: float = WORK_TIMEOUT,
) -> None:
    """Serve the tables kept at ``db`` until interrupted (Ctrl-C or SIGTERM)."""
    import uvicorn

    # The server is imported when it is run: `referee --help` reads only the options above.
    from .app import create_app
    from .connections import uvicorn_options

    app = create_app(db, limits=limits, bot_pause=bot_pause, watch=watch, work_timeout=work_timeout, own_process=True)
    shown_host = f"[{host}]" if ":" in host else host
    print(f"serving tables at http://{shown_host}:{port}/ (open it in a browser to start a table; Ctrl-C stops)", flush=True)
    # The access log names paths only: tokens travel in headers and WebSocket messages.
    options = uvicorn_options(connections or ConnectionLimits())
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws="auto", lifespan="on", **options)


WATCH_HELP = (
    "with a SQLite store shared by several server processes: seconds between looks for moves the others made "
    "(default 0: one process; PostgreSQL tells every process at once)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Every option of the server but ``--db`` and ``--log-level`` (``referee serve`` adds these same ones)."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--rate", type=float, default=Limits.rate, help=f"requests a second one client address may send (default {Limits.rate:g})"
    )
    parser.add_argument(
        "--burst", type=int, default=Limits.burst, help=f"requests one client address may send at once (default {Limits.burst})"
    )
    parser.add_argument("--bot-pause", type=float, default=0.3, help="seconds between two bot actions, so people can follow (default 0.3)")
    parser.add_argument("--watch", type=float, default=0.0, metavar="SECONDS", help=WATCH_HELP)
    add_limit_arguments(parser)


def _at_least_one(text: str) -> int:
    # 0 would start a server that refuses every connection.
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} would refuse every connection; at least 1")
    return value


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """What the server refuses, beyond the request rate (``referee serve`` shows these too)."""
    c, t = ConnectionLimits(), Limits()
    parser.add_argument(
        "--tables-per-minute",
        type=int,
        default=t.tables_per_minute,
        metavar="N",
        help=f"tables one client address may open a minute (default {t.tables_per_minute})",
    )
    parser.add_argument(
        "--max-entries",
        type=int,
        default=t.entries,
        metavar="N",
        help=f"entries a table's log may grow to; then only the gamesmaster acts, to end it (default {t.entries:,})",
    )
    parser.add_argument(
        "--bot-actions",
        type=int,
        default=t.bot_actions,
        metavar="N",
        help=f"actions bots take at one table while the server runs; then they wait and the gamesmaster can end the table (default {t.bot_actions:,})",
    )
    parser.add_argument(
        "--work-timeout",
        type=float,
        default=WORK_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds one piece of a table's work may take; then its request gets 503 and the table is set aside (default {WORK_TIMEOUT:g})",
    )
    parser.add_argument(
        "--header-timeout",
        type=float,
        default=c.header_timeout,
        metavar="SECONDS",
        help=f"seconds a client has to send a request's headers before the connection is dropped (default {c.header_timeout:g})",
    )
    parser.add_argument(
        "--connections-per-client",
        type=_at_least_one,
        default=c.per_client,
        metavar="N",
        help=f"open connections one client address may hold; more are closed at once (default {c.per_client})",
    )
    parser.add_argument(
        "--max-connections",
        type=_at_least_one,
        default=c.concurrency,
        metavar="N",
        help=f"connections (live pages among them) and requests served at once; more get 503 (default {c.concurrency:,}: "
        "a table's seats hold two each, a live page and one for answers)",
    )
    parser.add_argument(
        "--ws-compression",
        action="store_true",
        help="compress the updates sent to live pages (WebSocket per-message deflate): fewer bytes on slow links, "
        "more server CPU for every update (default off)",
    )


def run(args: argparse.Namespace) -> None:
    serve(
        args.db,
        host=args.host,
        port=args.port,
        limits=Limits(
            rate=args.rate,
            burst=args.burst,
            tables_per_minute=getattr(args, "tables_per_minute", Limits.tables_per_minute),
            entries=getattr(args, "max_entries", Limits.entries),
            bot_actions=getattr(args, "bot_actions", Limits.bot_actions),
        ),
        work_timeout=getattr(args, "work_timeout", WORK_TIMEOUT),
        bot_pause=args.bot_pause,
        log_level=args.log_level,
        watch=getattr(args, "watch", 0.0),
        connections=ConnectionLimits(
            header_timeout=getattr(args, "header_timeout", ConnectionLimits.header_timeout),
            per_client=getattr(args, "connections_per_client", ConnectionLimits.per_client),
            concurrency=getattr(args, "max_connections", ConnectionLimits.concurrency),
            ws_compression=getattr(args, "ws_compression", ConnectionLimits.ws_compression),
        ),
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="referee-web", description="Serve Referee tables to browsers.")
    parser.add_argument("--db", help="where tables are kept (default: REFEREE_DB, then the user's data folder)")
    parser.add_argument("--log-level", default="info", help="debug, info, warning or error")
    add_arguments(parser)
    run(parser.parse_args(argv))
