"""The server's own records beside the tables: who may act for which seat, and which turn
reports the gamesmaster has published.

The gamesmaster's link carries a random token.  A seat's link is an invitation: the first
browser to open it claims the seat and is given the seat's credential, a fresh token that
only that browser ever holds; the invitation then opens nothing.  The gamesmaster may
re-issue a seat's invitation, which revokes the seat's credential.  Of every token only its
SHA-256 is kept, so whoever reads the store learns no link and no credential; a token is
checked by comparing digests with ``hmac.compare_digest`` (constant time).  Revoked and
replaced digests are kept too, so that a browser presenting one is told what happened to
it rather than only that it is refused.

The records live in the same database as the tables (tables of their own in the SQLite
file or the PostgreSQL database), so every server process on one PostgreSQL database admits
the same links and sees the same claims; an in-memory store keeps them in an in-memory
SQLite database on its one worker thread.

On PostgreSQL the same connection also carries the change notices (``NOTIFY``) that tell
the other processes a table has new entries.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from referee import GAMESMASTER

from .showing import SPECTATORS

CHANNEL = "referee_web"
"""The PostgreSQL channel on which a process announces a table that changed."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS referee_web_keys (table_id TEXT NOT NULL, role TEXT NOT NULL, digest TEXT NOT NULL, "
    "PRIMARY KEY (table_id, role))",
    "CREATE TABLE IF NOT EXISTS referee_web_reports (table_id TEXT NOT NULL, round INTEGER NOT NULL, PRIMARY KEY (table_id, round))",
    # A seat's current invitation, when it was claimed, and the credential its claim gave.
    "CREATE TABLE IF NOT EXISTS referee_web_invitations (table_id TEXT NOT NULL, seat TEXT NOT NULL, digest TEXT NOT NULL, "
    "issued_at TEXT NOT NULL, claimed_at TEXT, credential TEXT, PRIMARY KEY (table_id, seat))",
    # Invitations replaced and credentials revoked by a re-issue (``kind``), and when.
    "CREATE TABLE IF NOT EXISTS referee_web_revoked (table_id TEXT NOT NULL, role TEXT NOT NULL, digest TEXT NOT NULL, "
    "kind TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (table_id, role, digest))",
)


def new_token() -> str:
    """A join token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def when(at: str) -> str:
    """A stored time as a person reads it: ``2026-05-01 14:03:09 UTC``."""
    try:
        return datetime.fromisoformat(at).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    except ValueError:
        return at


@dataclass(frozen=True)
class Claim:
    """What presenting an invitation came to: ``credential`` (the seat's new token) when it
    claimed the seat; else ``refused``, one line saying why, and ``status``."""

    credential: str = ""
    claimed_at: str = ""
    refused: str = ""
    status: int = 200


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
    """Digests of tokens per (table, seat or ``gamesmaster``), seats' invitations and their
    claims, and published reports."""

    def __init__(self, location: str) -> None:
        self.location = location
        self._conn: Any = None
        self._cache: dict[tuple[str, str], str] = {}
        self.postgres = is_postgres(location)
        if self.postgres:
            import psycopg

            self._conn = psycopg.connect(postgres_conninfo(location), autocommit=True)
            with self._conn.transaction():
                # Several processes may start at once: create the tables under a lock.
                self._conn.execute("SELECT pg_advisory_xact_lock(4206662)")
                for statement in _SCHEMA:
                    self._conn.execute(statement)
            return
        if location == ":memory:":
            self._conn = sqlite3.connect(":memory:", isolation_level=None)
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

    def _one(self, statement: str, params: tuple[Any, ...]) -> Any:
        return self._conn.execute(self._sql(statement), params).fetchone()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One atomic write: PostgreSQL's transaction, or SQLite's ``BEGIN IMMEDIATE`` (the
        write lock taken first, so two writers of one seat are served one after the other)."""
        if self.postgres:
            with self._conn.transaction():
                yield
            return
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    def _run(self, statement: str, params: tuple[Any, ...]) -> Any:
        return self._conn.execute(self._sql(statement), params)

    def issue(self, table_id: str, roles: list[str]) -> dict[str, str]:
        """A fresh token for each role (the gamesmaster's link); only digests are kept."""
        tokens = {role: new_token() for role in roles}
        with self._transaction():
            for role, token in tokens.items():
                self._run("INSERT INTO referee_web_keys (table_id, role, digest) VALUES (?, ?, ?)", (table_id, role, digest(token)))
        return tokens

    def invite(self, table_id: str, seats: list[str]) -> dict[str, str]:
        """A fresh invitation for each of ``seats`` of a table just opened; only digests are kept."""
        tokens = {seat: new_token() for seat in seats}
        at = now()
        with self._transaction():
            for seat, token in tokens.items():
                self._run(
                    "INSERT INTO referee_web_invitations (table_id, seat, digest, issued_at) VALUES (?, ?, ?, ?)",
                    (table_id, seat, digest(token), at),
                )
        return tokens

    def _stored(self, table_id: str, role: str) -> str | None:
        # The gamesmaster's digest never changes once issued: it is read once.  A seat's link
        # from before invitations is revoked by a re-issue, maybe in another process: read
        # every time.
        cached = self._cache.get((table_id, role))
        if cached is not None:
            return cached
        row = self._one("SELECT digest FROM referee_web_keys WHERE table_id = ? AND role = ?", (table_id, role))
        if row is None:
            return None
        if role == GAMESMASTER:
            if len(self._cache) > 100_000:
                self._cache.clear()
            self._cache[(table_id, role)] = str(row[0])
        return str(row[0])

    def refusal(self, table_id: str, role: str, token: str) -> str | None:
        """None when ``token`` opens ``role`` at ``table_id`` (the gamesmaster's link, a seat's
        credential, or a seat's link from before invitations); else why not, in one line (a
        credential revoked by a re-issue, an invitation shown instead of a credential).
        Digests are compared in constant time, and a role with no token still costs a
        comparison, so timing tells nothing either way."""
        given = digest(token)
        if role != GAMESMASTER:
            row = self._one("SELECT credential FROM referee_web_invitations WHERE table_id = ? AND seat = ?", (table_id, role))
            if row is not None and row[0] is not None and hmac.compare_digest(given, str(row[0])):
                return None
        stored = self._stored(table_id, role)
        if stored is None:
            hmac.compare_digest(given, given)
        elif hmac.compare_digest(given, stored):
            return None
        return self._why_not(table_id, role, given)

    def _why_not(self, table_id: str, role: str, given: str) -> str:
        revoked = self._one(
            "SELECT kind, at FROM referee_web_revoked WHERE table_id = ? AND role = ? AND digest = ?", (table_id, role, given)
        )
        if revoked is not None:
            if revoked[0] == "credential":
                return (
                    f"the gamesmaster re-issued {role}'s invitation at {when(str(revoked[1]))}, so this browser no longer plays "
                    f"{role}; ask the host for the new invitation"
                )
            return f"that invitation to {role}'s seat was replaced by a new one at {when(str(revoked[1]))}; it opens nothing"
        invitation = self._one("SELECT digest, claimed_at FROM referee_web_invitations WHERE table_id = ? AND seat = ?", (table_id, role))
        if invitation is not None and hmac.compare_digest(given, str(invitation[0])):
            if invitation[1] is not None:
                return f"that is {role}'s invitation, claimed at {when(str(invitation[1]))}: it opens nothing now"
            return f"that is {role}'s invitation, not the seat's credential: open it as a link to claim the seat"
        return f"that token does not open {role} at table {table_id}"

    def claim(self, table_id: str, seat: str, invitation: str) -> Claim:
        """Claim ``seat`` with ``invitation``: the first to present it gets the seat's
        credential (one conditional write decides between racing browsers, in any process);
        everyone after is told when the seat was claimed."""
        given = digest(invitation)
        row = self._one("SELECT digest, claimed_at FROM referee_web_invitations WHERE table_id = ? AND seat = ?", (table_id, seat))
        if row is None or not hmac.compare_digest(given, str(row[0])):
            return self._not_an_invitation(table_id, seat, given)
        if row[1] is None:
            credential, at = new_token(), now()
            won = self._run(
                "UPDATE referee_web_invitations SET claimed_at = ?, credential = ? "
                "WHERE table_id = ? AND seat = ? AND digest = ? AND claimed_at IS NULL",
                (at, digest(credential), table_id, seat, given),
            )
            if won.rowcount == 1:
                return Claim(credential=credential, claimed_at=at)
            row = self._one("SELECT digest, claimed_at FROM referee_web_invitations WHERE table_id = ? AND seat = ?", (table_id, seat))
            if row is None or row[1] is None or not hmac.compare_digest(given, str(row[0])):
                return self._not_an_invitation(table_id, seat, given)
        return Claim(
            refused=f"{seat}'s seat was already claimed at {when(str(row[1]))}; ask the host to re-issue the invitation",
            claimed_at=str(row[1]),
            status=409,
        )

    def _not_an_invitation(self, table_id: str, seat: str, given: str) -> Claim:
        replaced = self._one(
            "SELECT at FROM referee_web_revoked WHERE table_id = ? AND role = ? AND digest = ? AND kind = 'invitation'",
            (table_id, seat, given),
        )
        if replaced is not None:
            return Claim(
                refused=f"this invitation to {seat}'s seat was replaced by a new one at {when(str(replaced[0]))}; "
                "ask the host for the new invitation",
                status=410,
            )
        return Claim(refused=f"this is not an invitation to {seat}'s seat at table {table_id}; check the link, or ask the host", status=403)

    def unclaim(self, table_id: str, seat: str, credential: str) -> None:
        """Undo a claim whose record the table refused: the invitation opens again."""
        self._run(
            "UPDATE referee_web_invitations SET claimed_at = NULL, credential = NULL WHERE table_id = ? AND seat = ? AND credential = ?",
            (table_id, seat, digest(credential)),
        )

    def stamp(self, table_id: str, seat: str, credential: str, at: str) -> None:
        """Say the claim happened at ``at``, the time of its entry in the table's log, so that
        what a refused browser is told and what the log shows agree to the second."""
        self._run(
            "UPDATE referee_web_invitations SET claimed_at = ? WHERE table_id = ? AND seat = ? AND credential = ?",
            (at, table_id, seat, digest(credential)),
        )

    def reissue(self, table_id: str, seat: str) -> str:
        """A new invitation for ``seat``; its credential (or its link from before invitations)
        is revoked and its last invitation replaced, all in one write."""
        token, at = new_token(), now()
        lock = " FOR UPDATE" if self.postgres else ""
        with self._transaction():
            row = self._one(
                f"SELECT digest, credential FROM referee_web_invitations WHERE table_id = ? AND seat = ?{lock}", (table_id, seat)
            )
            link = self._one(f"SELECT digest FROM referee_web_keys WHERE table_id = ? AND role = ?{lock}", (table_id, seat))
            gone = [(row[0], "invitation")] if row is not None else []
            gone += [(row[1], "credential")] if row is not None and row[1] is not None else []
            gone += [(link[0], "credential")] if link is not None else []
            conflict = " ON CONFLICT DO NOTHING" if self.postgres else ""
            verb = "INSERT" if self.postgres else "INSERT OR IGNORE"
            for old, kind in gone:
                self._run(
                    f"{verb} INTO referee_web_revoked (table_id, role, digest, kind, at) VALUES (?, ?, ?, ?, ?){conflict}",
                    (table_id, seat, str(old), kind, at),
                )
            self._run("DELETE FROM referee_web_keys WHERE table_id = ? AND role = ?", (table_id, seat))
            self._run("DELETE FROM referee_web_invitations WHERE table_id = ? AND seat = ?", (table_id, seat))
            self._run(
                "INSERT INTO referee_web_invitations (table_id, seat, digest, issued_at) VALUES (?, ?, ?, ?)",
                (table_id, seat, digest(token), at),
            )
        return token

    def invitations(self, table_id: str) -> dict[str, dict[str, str | None]]:
        """Each seat's invitation as the gamesmaster's console shows it: when issued and
        claimed (nothing secret); a seat holding a link from before invitations says so."""
        rows = self._conn.execute(
            self._sql("SELECT seat, issued_at, claimed_at FROM referee_web_invitations WHERE table_id = ?"), (table_id,)
        ).fetchall()
        shown: dict[str, dict[str, str | None]] = {str(r[0]): {"issued_at": str(r[1]), "claimed_at": r[2] and str(r[2])} for r in rows}
        links = self._conn.execute(
            self._sql("SELECT role FROM referee_web_keys WHERE table_id = ? AND role <> ? AND role <> ?"),
            (table_id, GAMESMASTER, SPECTATORS),
        )
        for (seat,) in links.fetchall():
            shown.setdefault(str(seat), {"issued_at": None, "claimed_at": None, "link": "from before invitations"})
        return shown

    def known(self, table_id: str) -> bool:
        """Whether this server opened ``table_id`` (and so holds links to it)."""
        return self._stored(table_id, GAMESMASTER) is not None

    def tables(self) -> list[str]:
        return [str(r[0]) for r in self._conn.execute("SELECT DISTINCT table_id FROM referee_web_keys ORDER BY table_id").fetchall()]

    def publish(self, table_id: str, round: int) -> None:
        conflict = " ON CONFLICT DO NOTHING" if self.postgres else ""
        verb = "INSERT" if self.postgres else "INSERT OR IGNORE"
        self._run(f"{verb} INTO referee_web_reports (table_id, round) VALUES (?, ?){conflict}", (table_id, round))

    def published(self, table_id: str) -> list[int]:
        rows = self._run("SELECT round FROM referee_web_reports WHERE table_id = ? ORDER BY round", (table_id,))
        return [int(r[0]) for r in rows.fetchall()]

    def notify(self, table_id: str, *more: str) -> None:
        """Tell every process listening on this PostgreSQL database that ``table_id`` (and
        each of ``more``) changed: one notice each, sent in one statement."""
        if self.postgres:
            self._conn.execute("SELECT pg_notify(%s, said) FROM unnest(%s::text[]) AS said", (CHANNEL, [table_id, *more]))
