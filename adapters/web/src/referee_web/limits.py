"""The server's limits and their defaults, in one place for the hub, the app and the command line
(which reads them without importing the server)."""

from __future__ import annotations

from dataclasses import dataclass

WORK_TIMEOUT = 20.0
"""Seconds one piece of a table's work may take before its request gets 503 (see ``Hub``)."""


@dataclass(frozen=True)
class Limits:
    """What one client may send and one table may grow to.  ``rate`` requests a second per
    client address on average, ``burst`` at once; a body of at most ``body`` bytes;
    ``tables_per_minute`` tables opened per client address; ``entries`` in one table's log
    (then only the gamesmaster acts, to end it); ``bot_actions`` taken by bots at one table
    while this server runs (then bots wait: an all-bot table cannot play forever)."""

    body: int = 64 * 1024
    rate: float = 20.0
    burst: int = 60
    tables_per_minute: int = 10
    entries: int = 20_000
    bot_actions: int = 2_000


@dataclass(frozen=True)
class ConnectionLimits:
    """``header_timeout``: seconds a client has to send a request's line and headers.
    ``keep_alive``: seconds an idle connection is kept.  ``per_client``: open connections
    one client address may hold.  ``concurrency``: requests and connections served at once
    before new ones get 503.  ``header_bytes``: largest request line and headers.
    ``ws_compression``: offer live pages per-message deflate.  Off by default: an update is a
    few kilobytes, and compressing the four updates of a Cash'n'Guns answer cost the server
    0.8 ms of CPU (measured: more than a quarter of its event loop's work), on the one core
    Python gives it; worth it only for pages far away on slow links."""

    header_timeout: float = 5.0
    keep_alive: float = 5.0
    per_client: int = 64
    concurrency: int = 1000
    header_bytes: int = 16 * 1024
    ws_compression: bool = False
