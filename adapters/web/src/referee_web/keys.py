"""The server's own records beside the tables: who may act for which seat, and which turn
reports the gamesmaster has published.

A join link carries a random token; only its SHA-256 is kept, so whoever reads the store
learns no link.  A token is checked by comparing digests with ``hmac.compare_digest``
(constant time).  The records live in the same database as the tables (a table of their
own in the SQLite file or the PostgreSQL database), so every server process on one
PostgreSQL database admits the same links; an in-memory store keeps them in memory.

On PostgreSQL the same connection also carries the change notices (``NOTIFY``) that tell
the other processes a table has new entries.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

CHANNEL = "referee_web"
"""The PostgreSQL channel on which a process announces a table that changed."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS referee_web_keys (table_id TEXT NOT NULL, role TEXT NOT NULL, digest TEXT NOT NULL, "
    "PRIMARY KEY (table_id, role))",
    "CREATE TABLE IF NOT EXISTS referee_web_reports (table_id TEXT NOT NULL, round INTEGER NOT NULL, PRIMARY KEY (table_id, round))",
)


def new_token() -> str:
    """A join token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def postgres_conninfo(url: str) -> str:
    """libpq connection settings for a ``postgresql://`` address, as the store reads it."""
    import psycopg

    parsed = urlparse(url)
    info = psycopg.conninfo.make_conninfo(
        dbname=parsed.path.lstrip("/"),
        host=parsed.hostname or "localhost",
        port=str(parsed.port or 5432),
        user=unquote(parsed.username or ""),
    )
    if parsed.password:
        info += f" password={unquote(parsed.password)}"
    return info


def is_postgres(location: str) -> bool:
    return urlparse(location).scheme in ("postgres", "postgresql") if "://" in location else False


class SeatKeys:
    """Digests of join tokens per (table, seat or ``gamesmaster``), and published reports."""

    def __init__(self, location: str) -> None:
        self.location = location
        self._memory: dict[tuple[str, str], str] | None = None
        self._reports: set[tuple[str, int]] = set()
        self._conn: Any = None
        self._cache: dict[tuple[str, str], str] = {}
        self.postgres = is_postgres(location)
        if location == ":memory:":
            self._memory = {}
        elif self.postgres:
            import psycopg

            self._conn = psycopg.connect(postgres_conninfo(location), autocommit=True)
            with self._conn.transaction():
                # Several processes may start at once: create the tables under a lock.
                self._conn.execute("SELECT pg_advisory_xact_lock(4206662)")
                for statement in _SCHEMA:
                    self._conn.execute(statement)
        else:
            path = Path(location).expanduser()
            path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
            for statement in _SCHEMA:
                self._conn.execute(statement)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s") if self.postgres else statement

    def issue(self, table_id: str, roles: list[str]) -> dict[str, str]:
        """A fresh token for each role (a seat, or ``gamesmaster``); only digests are kept."""
        tokens = {role: new_token() for role in roles}
        if self._memory is not None:
            for role, token in tokens.items():
                self._memory[(table_id, role)] = digest(token)
            return tokens
        rows = [(table_id, role, digest(token)) for role, token in tokens.items()]
        if self.postgres:
            with self._conn.transaction(), self._conn.cursor() as cur:
                cur.executemany(self._sql("INSERT INTO referee_web_keys (table_id, role, digest) VALUES (?, ?, ?)"), rows)
        else:
            with self._conn:
                self._conn.execute("BEGIN")
                self._conn.executemany("INSERT INTO referee_web_keys (table_id, role, digest) VALUES (?, ?, ?)", rows)
        return tokens

    def _stored(self, table_id: str, role: str) -> str | None:
        if self._memory is not None:
            return self._memory.get((table_id, role))
        cached = self._cache.get((table_id, role))
        if cached is not None:
            return cached
        row = self._conn.execute(
            self._sql("SELECT digest FROM referee_web_keys WHERE table_id = ? AND role = ?"), (table_id, role)
        ).fetchone()
        if row is None:
            return None
        # A digest never changes once issued: read it once.
        if len(self._cache) > 100_000:
            self._cache.clear()
        self._cache[(table_id, role)] = str(row[0])
        return str(row[0])

    def check(self, table_id: str, role: str, token: str) -> bool:
        """Whether ``token`` opens ``role`` at ``table_id``, compared in constant time.  A
        role with no token still costs a comparison, so timing tells nothing either way."""
        stored = self._stored(table_id, role)
        given = digest(token)
        if stored is None:
            hmac.compare_digest(given, given)
            return False
        return hmac.compare_digest(given, stored)

    def known(self, table_id: str) -> bool:
        """Whether this server opened ``table_id`` (and so holds links to it)."""
        return self._stored(table_id, "gamesmaster") is not None

    def tables(self) -> list[str]:
        if self._memory is not None:
            return sorted({t for t, _ in self._memory})
        return [str(r[0]) for r in self._conn.execute("SELECT DISTINCT table_id FROM referee_web_keys ORDER BY table_id").fetchall()]

    def publish(self, table_id: str, round: int) -> None:
        if self._memory is not None:
            self._reports.add((table_id, round))
            return
        conflict = " ON CONFLICT DO NOTHING" if self.postgres else ""
        verb = "INSERT" if self.postgres else "INSERT OR IGNORE"
        self._conn.execute(self._sql(f"{verb} INTO referee_web_reports (table_id, round) VALUES (?, ?){conflict}"), (table_id, round))

    def published(self, table_id: str) -> list[int]:
        if self._memory is not None:
            return sorted(r for t, r in self._reports if t == table_id)
        rows = self._conn.execute(self._sql("SELECT round FROM referee_web_reports WHERE table_id = ? ORDER BY round"), (table_id,))
        return [int(r[0]) for r in rows.fetchall()]

    def notify(self, table_id: str) -> None:
        """Tell every process listening on this PostgreSQL database that ``table_id`` changed."""
        if self.postgres:
            self._conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
