"""Referee 0.1's store, kept as it was (git show e8e11ce:kernel/src/referee/store.py) to build
stores in the old layout for `referee migrate` tests.

Persistence through eventsourcing: one aggregate (stream) per table.

Each stored event holds one log entry as its canonical JSON line, so the bytes that
were hashed are the bytes that are kept.  A table's seed lives in a second, private
aggregate and enters the log only when the game ends.

Where the store lives, by precedence: an explicit ``db`` argument (the CLI's ``--db``),
the ``REFEREE_DB`` environment variable, then ``$XDG_DATA_HOME/referee/referee.sqlite``
(``~/.local/share/referee/referee.sqlite``).  ``:memory:`` keeps everything in this
process only; a ``postgresql://user:pass@host:port/dbname`` address uses PostgreSQL
(install ``eventsourcing[postgres]``).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from urllib.parse import unquote, urlparse

import msgspec
from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from .errors import ConcurrentWrite, RefereeError, UnknownTable
from .log import Entry, encode_line

__all__ = ["TableStore", "default_db_path", "MEMORY"]

MEMORY = ":memory:"
_NAMESPACE = uuid.UUID("6f0cbb0e-5c8b-4b7a-9d6a-2f6c1d0a7e11")


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "referee" / "referee.sqlite"


def resolve_db(db: str | os.PathLike[str] | None) -> str:
    if db is None or str(db) == "":
        db = os.environ.get("REFEREE_DB") or default_db_path()
    return str(db)


class TableStream(Aggregate):
    """The stored log of one table."""

    @staticmethod
    def create_id(table_id: str) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, f"table:{table_id}")

    @event("Opened")
    def __init__(self, table_id: str, game: str, lines: list[str]) -> None:
        self.table_id = table_id
        self.game = game
        self.lines = list(lines)

    @event("Appended")
    def append(self, lines: list[str]) -> None:
        self.lines.extend(lines)

    def __deepcopy__(self, memo: dict[int, object]) -> TableStream:
        # Lines are immutable strings: copying the list is enough, and keeps the
        # per-action copy a writer takes from the cache cheap on long logs.
        copy = object.__new__(TableStream)
        copy.__dict__.update(self.__dict__)
        copy.lines = list(self.lines)
        return copy


class TableSeed(Aggregate):
    """A table's secret seed, kept out of the log until the game ends."""

    @staticmethod
    def create_id(table_id: str) -> uuid.UUID:
        return uuid.uuid5(_NAMESPACE, f"seed:{table_id}")

    @event("Kept")
    def __init__(self, table_id: str, seed: str) -> None:
        self.seed = seed


_OPENED_TOPIC = get_topic(TableStream.Opened)  # type: ignore[attr-defined]  # made by @event


class _Tables(Application):
    name = "RefereeTables"


def _env_for(db: str) -> dict[str, str]:
    # The cache fast-forwards from the database on every read, so several processes
    # sharing one store still see each other's appends.
    cache = {"AGGREGATE_CACHE_MAXSIZE": "256"}
    if db == MEMORY:
        return {"PERSISTENCE_MODULE": "eventsourcing.popo", **cache}
    if db.startswith(("postgres://", "postgresql://")):
        url = urlparse(db)
        return {
            **cache,
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": url.path.lstrip("/"),
            "POSTGRES_HOST": url.hostname or "localhost",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": unquote(url.username or ""),
            "POSTGRES_PASSWORD": unquote(url.password or ""),
        }
    path = Path(db).expanduser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RefereeError(f"cannot create the folder for the table store {path}: {exc.strerror}") from None
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path), **cache}


class TableStore:
    """Tables' logs and seeds in one eventsourcing application."""

    def __init__(self, db: str | os.PathLike[str] | None = None) -> None:
        self.location = resolve_db(db)
        env = _env_for(self.location)
        try:
            # Constructor settings outrank the environment, so a stray
            # PERSISTENCE_MODULE cannot send a table somewhere the user did not ask for.
            self.app = _Tables(env=env)
        except Exception as exc:  # the persistence module's message names the real cause
            raise RefereeError(f"cannot open the table store {self.location}: {exc}") from None

    def close(self) -> None:
        self.app.close()

    def __enter__(self) -> TableStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------
    def create(self, table_id: str, game: str, entries: Sequence[Entry], seed: str) -> None:
        stream = TableStream(table_id=table_id, game=game, lines=[encode_line(e).decode() for e in entries])
        secret = TableSeed(table_id=table_id, seed=seed)
        try:
            self.app.save(stream, secret)
        except IntegrityError:
            raise ConcurrentWrite(f"a table with id {table_id!r} already exists") from None

    def append(self, table_id: str, expected_length: int, entries: Sequence[Entry]) -> None:
        """Append atomically, refusing if the log is no longer ``expected_length`` long."""
        stream = self._stream(table_id, for_update=True)
        if len(stream.lines) != expected_length:
            raise ConcurrentWrite(f"table {table_id} changed while the action was decided")
        stream.append(lines=[encode_line(e).decode() for e in entries])
        try:
            self.app.save(stream)
        except IntegrityError:
            raise ConcurrentWrite(f"table {table_id} changed while the action was decided") from None

    # -- reading ----------------------------------------------------------------
    def _stream(self, table_id: str, *, for_update: bool = False) -> TableStream:
        try:
            # Readers share the cached stream; a writer works on its own copy, so a
            # rejected save cannot leave unsaved lines in the cache.
            stream: Aggregate = self.app.repository.get(TableStream.create_id(table_id), deepcopy_from_cache=for_update)
        except AggregateNotFoundError:
            raise UnknownTable(f"no table {table_id!r} in {self.location}") from None
        assert isinstance(stream, TableStream)
        return stream

    def entries(self, table_id: str) -> list[Entry]:
        return [msgspec.json.decode(line, type=Entry) for line in self._stream(table_id).lines]

    def head(self, table_id: str) -> tuple[int, str]:
        """The log's length and its last entry's hash, without decoding the whole log."""
        lines = self._stream(table_id).lines
        return len(lines), msgspec.json.decode(lines[-1], type=Entry).hash

    def seed(self, table_id: str) -> str:
        try:
            secret: Aggregate = self.app.repository.get(TableSeed.create_id(table_id))
        except AggregateNotFoundError:
            raise UnknownTable(f"no seed kept for table {table_id!r}") from None
        assert isinstance(secret, TableSeed)
        return secret.seed

    def exists(self, table_id: str) -> bool:
        return TableStream.create_id(table_id) in self.app.repository

    def table_ids(self) -> Iterator[tuple[str, str]]:
        """``(table_id, game)`` of every stored table, oldest first."""
        start: int | None = None
        while True:
            page = self.app.recorder.select_notifications(start, 500, topics=[_OPENED_TOPIC], inclusive_of_start=start is None)
            for notification in page:
                opened = self.app.mapper.to_domain_event(notification)
                yield opened.table_id, opened.game  # type: ignore[attr-defined]
            if len(page) < 500:
                return
            start = page[-1].id
