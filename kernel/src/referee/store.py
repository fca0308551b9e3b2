"""Persistence through eventsourcing's recorders: one stored event per log entry.

Each table is one stream whose stored event number *n* is log entry *n*: its topic is
the event's tag, its state the entry's canonical JSON line, so the bytes that were
committed to are the bytes that are kept.  An action's entries are inserted in one
transaction at the positions after the last one the writer read; a concurrent writer
makes the insert fail whole (eventsourcing's ``IntegrityError``), and the service decides
the action again.  Nothing is read to append.

Beside each table's log the store keeps, in streams of their own:

* the table's secrets (seed and table key), which enter the log only when the game ends;
* snapshots of the folded table state every ``SNAPSHOT_EVERY`` entries, so loading a
  table costs the same at any length;
* an index of tables (id and game), and beside each table a summary of it as of its
  last entry (seats, round, whether it is over, who it waits for), so listing tables
  reads neither a log nor a plugin.  A summary is written with the entries it follows,
  in the same transaction; an append without one writes a marker instead, so a table
  is listed without a summary, and its reader folds it, only where none covers its last
  entry (``TableStore.listing``).  A writer from before summaries were kept writes
  neither: a table it moves lists as of its last summary until its next move here.

Where the store lives, by precedence: an explicit ``db`` argument (the CLI's ``--db``),
the ``REFEREE_DB`` environment variable, then ``$XDG_DATA_HOME/referee/referee.sqlite``
(``~/.local/share/referee/referee.sqlite``).  ``:memory:`` keeps everything in this
process only; a ``postgresql://user:pass@host:port/dbname`` address uses PostgreSQL
(install ``referee[postgres]``).

Stores written by Referee 0.1 (one aggregate holding every line of a table) are read and
copied into this layout by ``referee.upcasting`` (``referee migrate``).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote, urlparse

import msgspec
from eventsourcing.persistence import ApplicationRecorder, InfrastructureFactory, IntegrityError, PersistenceError, StoredEvent
from eventsourcing.popo import POPOApplicationRecorder, POPOFactory
from eventsourcing.utils import Environment

from .errors import BadLog, ConcurrentWrite, RefereeError, UnknownTable
from .log import MAX_LINE_BYTES, Entry, decode_line, encode_line

if TYPE_CHECKING:
    from .table import TableState

__all__ = ["MEMORY", "SNAPSHOT_EVERY", "TableSecret", "TableStore", "TableSummary", "default_db_path", "resolve_db", "summary_of"]

MEMORY = ":memory:"
SNAPSHOT_EVERY = 256
"""Entries between snapshots: the most a load ever folds."""

_NAMESPACE = uuid.UUID("6f0cbb0e-5c8b-4b7a-9d6a-2f6c1d0a7e11")
_INDEX = uuid.uuid5(_NAMESPACE, "index:tables")
_SECRET_TOPIC = "referee.store.TableSecretKept"
_SNAPSHOT_TOPIC = "referee.store.TableSnapshotTaken"
_LISTED_TOPIC = "referee.store.TableListed"
_SUMMARY_TOPIC = "referee.store.TableSummarized"


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "referee" / "referee.sqlite"


def resolve_db(db: str | os.PathLike[str] | None) -> str:
    if db is None or str(db) == "":
        db = os.environ.get("REFEREE_DB") or default_db_path()
    return str(db)


def store_exists(db: str) -> bool:
    """Whether a store is at ``db`` already (a file store; any other kind is assumed there)."""
    if db == MEMORY or "://" in db:
        return True
    try:
        return Path(db).expanduser().is_file()
    except (OSError, ValueError):
        return False


def _stream(kind: str, table_id: str) -> uuid.UUID:
    # Ids differing only in case are one table: they read alike to a person.
    return uuid.uuid5(_NAMESPACE, f"{kind}:{table_id.casefold()}")


class TableSecret(msgspec.Struct, frozen=True):
    """What the log keeps secret until the game ends: the seed and the table key (hex);
    and what it never reveals: the private host key that signs receipts (hex; empty for a
    table opened before receipts, or imported)."""

    seed: str
    key: str = ""
    host: str = ""


class Snapshot(msgspec.Struct, frozen=True):
    seq: int
    """The entry the state was folded to."""
    last_hash: str
    fingerprint: str
    """Which plugin code folded it; a snapshot made by other code is not used."""
    state: bytes


class _Listed(msgspec.Struct, frozen=True):
    table_id: str
    game: str


class TableSummary(msgspec.Struct, frozen=True):
    """A table as a listing shows it, as of its ``entries``-th entry: only what every seat
    may know (the rules make seats, round, result and who must answer public)."""

    game: str
    seats: tuple[str, ...]
    entries: int
    round: int
    over: bool
    winners: tuple[str, ...] = ()
    waiting_for: tuple[str, ...] = ()


def summary_of(state: TableState, entries: int) -> TableSummary:
    """The summary of a table folded to its ``entries``-th entry."""
    return TableSummary(
        game=state.game_name,
        seats=tuple(state.seats),
        entries=entries,
        round=state.flow.round,
        over=state.over,
        winners=tuple(state.result.winners) if state.result else (),
        waiting_for=tuple(sorted({r.seat for r in state.flow.requests.values()})),
    )


class _MemoryRecorder(POPOApplicationRecorder):
    """eventsourcing's in-memory recorder, reading a stream's tail without scanning it
    (its own scan makes every read cost as much as the stream is long)."""

    def select_events(
        self,
        originator_id: uuid.UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        if desc or gt is None:
            return super().select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
        with self._database_lock:
            index = self._stored_events_index[str(originator_id)]
            found: list[StoredEvent] = []
            position = gt + 1
            while position in index and (lte is None or position <= lte) and (limit is None or len(found) < limit):
                found.append(self._stored_events[index[position]])
                position += 1
            return found


class MemoryFactory(POPOFactory):
    def application_recorder(self) -> ApplicationRecorder:
        return _MemoryRecorder()


def _env_for(db: str, read_only: bool = False) -> dict[str, str]:
    if db == MEMORY:
        return {"PERSISTENCE_MODULE": f"{__name__}:MemoryFactory"}
    scheme = urlparse(db).scheme if "://" in db else ""
    if scheme in ("postgres", "postgresql"):
        url = urlparse(db)
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": url.path.lstrip("/"),
            "POSTGRES_HOST": url.hostname or "localhost",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": unquote(url.username or ""),
            "POSTGRES_PASSWORD": unquote(url.password or ""),
            "APPLICATION_RECORDER_TOPIC": "referee.postgres:TablesRecorder",
        }
    if scheme:
        raise RefereeError(f"cannot keep tables at {db!r}: a store is a file path, {MEMORY}, or a postgresql:// address")
    path = Path(db).expanduser()
    if read_only:
        # Reading creates nothing: no file, no folder, no schema; a store on a read-only
        # medium (or shared read-only) is read through SQLite's own read-only mode.
        if not store_exists(db):
            raise RefereeError(f"no store at {db} (nothing has been kept there yet)")
        uri = f"file:{quote(str(path.resolve()))}?mode=ro"
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": uri, "CREATE_TABLE": "no"}
    if path.parent.is_dir():
        pass
    elif path == default_db_path():
        # Only the default location's folder is made: a store named by hand in a folder
        # that is not there is more likely a mistyped path than a wish for new folders.
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RefereeError(f"cannot create the folder for the table store {path}: {exc.strerror}") from None
    else:
        raise RefereeError(
            f"cannot keep tables at {path}: the folder {path.parent} does not exist "
            "(create it first, or name a store in a folder that exists)"
        )
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}


def _factory(env: dict[str, str]) -> InfrastructureFactory[Any]:
    return InfrastructureFactory.construct(Environment(name="RefereeTables", env=env))


def _open_postgres(env: dict[str, str]) -> InfrastructureFactory[Any]:
    """Create the schema once, under an advisory lock: eventsourcing's own create-on-open
    fails when several processes open a new database at once."""
    try:
        import psycopg
    except ImportError:
        raise RefereeError("PostgreSQL storage needs its extra: pip install 'referee[postgres]'") from None
    conninfo = psycopg.conninfo.make_conninfo(
        dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"], user=env["POSTGRES_USER"]
    )
    if env["POSTGRES_PASSWORD"]:
        conninfo += f" password={env['POSTGRES_PASSWORD']}"
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(4206661)")
        try:
            exists = conn.execute("SELECT to_regclass('refereetables_events') IS NOT NULL").fetchone()
            factory = _factory({**env, "CREATE_TABLE": "no" if exists and exists[0] else "yes"})
            factory.application_recorder()
        finally:
            conn.execute("SELECT pg_advisory_unlock(4206661)")
    return _factory({**env, "CREATE_TABLE": "no"})


class TableStore:
    """Tables' logs, secrets, snapshots and index in one eventsourcing recorder."""

    def __init__(self, db: str | os.PathLike[str] | None = None, *, read_only: bool = False) -> None:
        """``read_only``: the store must exist already and is never written (nor created)."""
        self.location = resolve_db(db)
        self._together: list[tuple[str, list[StoredEvent]]] | None = None
        env = _env_for(self.location, read_only)
        try:
            # Constructor settings outrank the environment, so a stray
            # PERSISTENCE_MODULE cannot send a table somewhere the user did not ask for.
            if env["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
                self.factory = _open_postgres(env)
            else:
                self.factory = _factory(env)
            self.recorder: ApplicationRecorder = self.factory.application_recorder()
            if read_only:
                # Read once now: a file that is no store (or a store in a layout that
                # cannot be read without writing) is refused here, in one sentence.
                self.recorder.select_events(_INDEX, limit=1)
        except RefereeError:
            raise
        except Exception as exc:  # the persistence module's message names the real cause
            raise RefereeError(f"cannot open the table store {self.location}: {exc}") from None

    def close(self) -> None:
        self.factory.close()

    def __enter__(self) -> TableStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------
    def create(self, table_id: str, game: str, entries: Sequence[Entry], secret: TableSecret, summary: TableSummary | None = None) -> None:
        """Store a new table's first entries, its secrets, its place in the index and,
        where given, its ``summary`` as of the last of those entries."""
        self.create_lines(table_id, game, [(entry, encode_line(entry)) for entry in entries], secret, summary)

    def create_lines(
        self, table_id: str, game: str, sealed: Sequence[tuple[Entry, bytes]], secret: TableSecret, summary: TableSummary | None = None
    ) -> None:
        """``create`` for entries whose log lines are made already (``referee.log.seal_lines``):
        each line is stored as given, so the body bytes committed to are the bytes kept."""
        log_id = _stream("log", table_id)
        records = [
            *_records(log_id, 0, sealed),
            StoredEvent(_stream("secret", table_id), 1, _SECRET_TOPIC, msgspec.json.encode(secret)),
        ]
        if summary is not None:
            records.append(_summary_record(table_id, len(sealed), summary))
        listed = msgspec.json.encode(_Listed(table_id, game))
        for attempt in range(50):
            latest = self.recorder.select_events(_INDEX, desc=True, limit=1)
            position = latest[0].originator_version + 1 if latest else 1
            try:
                self.recorder.insert_events([*records, StoredEvent(_INDEX, position, _LISTED_TOPIC, listed)])
                return
            except IntegrityError:
                if self.exists(table_id):
                    raise ConcurrentWrite(f"a table with id {self.table_id_of(table_id)!r} already exists") from None
                time.sleep(min(0.001 * 2**attempt, 0.05))  # another table was listed first
        raise ConcurrentWrite(f"the table index of {self.location} kept changing; table {table_id} was not created")

    def append(
        self, table_id: str, after: int, entries: Sequence[Entry], snapshot: Snapshot | None = None, summary: TableSummary | None = None
    ) -> None:
        """Append atomically at positions ``after + 1 ...``; ConcurrentWrite if taken.
        ``summary``: the table as of the last entry appended, kept for listings."""
        self.append_lines(table_id, after, [(entry, encode_line(entry)) for entry in entries], snapshot, summary)

    # -- reading ----------------------------------------------------------------
    def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        """The entries after ``after`` (all by default); UnknownTable if there is no such table."""
        stored = self.recorder.select_events(_stream("log", table_id), gt=after)
        if not stored and after == 0:
            raise UnknownTable(f"no table {table_id!r} in {self.location}")
        entries = [decode_line(s.state, where=f"table {table_id} entry {s.originator_version}", checked=False) for s in stored]
        if after == 0 and entries[0].event is not None and entries[0].event.get("table_id") != table_id:
            raise UnknownTable(f"no table {table_id!r} in {self.location} (there is {entries[0].event.get('table_id')!r})")
        return entries

    def length(self, table_id: str) -> int:
        last = self.recorder.select_events(_stream("log", table_id), desc=True, limit=1)
        return last[0].originator_version if last else 0

    def secret(self, table_id: str) -> TableSecret:
        stored = self.recorder.select_events(_stream("secret", table_id), limit=1)
        if not stored:
            raise UnknownTable(f"no secrets kept for table {table_id!r}")
        return msgspec.json.decode(stored[0].state, type=TableSecret)

    def snapshot(self, table_id: str) -> Snapshot | None:
        stored = self.recorder.select_events(_stream("snapshot", table_id), desc=True, limit=1)
        if not stored:
            return None
        try:
            return msgspec.msgpack.decode(stored[0].state, type=Snapshot)
        except msgspec.DecodeError:
            return None  # unreadable snapshots only cost a full replay

    def exists(self, table_id: str) -> bool:
        return bool(self.recorder.select_events(_stream("log", table_id), limit=1))

    def table_id_of(self, table_id: str) -> str:
        """The id as stored, for an id that may differ from it in case."""
        first = self.recorder.select_events(_stream("log", table_id), limit=1)
        if not first:
            raise UnknownTable(f"no table {table_id!r} in {self.location}")
        entry = decode_line(first[0].state, where=f"table {table_id} entry 1")
        return str((entry.event or {}).get("table_id", table_id))

    def table_ids(self) -> Iterator[tuple[str, str]]:
        """``(table_id, game)`` of every stored table, oldest first, from the index."""
        for stored in self.recorder.select_events(_INDEX):
            listed = msgspec.json.decode(stored.state, type=_Listed)
            yield listed.table_id, listed.game

    def listing(self) -> Iterator[tuple[str, str, TableSummary | None]]:
        """``(table_id, game, summary)`` of every stored table, oldest first: one read of the
        index and one of each table's latest summary, never its log.  ``None`` where the
        table has no summary of its last entry (kept before summaries were, or appended to
        without one): the reader folds that table and may ``keep_summary``."""
        for table_id, game in self.table_ids():
            yield table_id, game, self._latest_summary(table_id)

    def _latest_summary(self, table_id: str) -> TableSummary | None:
        kept = self.recorder.select_events(_stream("summary", table_id), desc=True, limit=1)
        if not kept or not kept[0].state:
            return None
        try:
            return msgspec.json.decode(kept[0].state, type=TableSummary)
        except msgspec.DecodeError:
            return None  # an unreadable summary only costs folding the table

    def keep_summary(self, table_id: str, summary: TableSummary) -> bool:
        """Keep the summary a reader worked out for a table that had none of its last
        entry, so the next listing need not fold it again; whether it was kept.  It is
        not if the table changed meanwhile (its next append brings its own), another
        reader kept this one first, or the store cannot be written (a read-only file):
        the next listing folds the table again, nothing worse."""
        if self.length(table_id) != summary.entries:
            return False
        try:
            self.recorder.insert_events([_summary_record(table_id, summary.entries, summary, worked_out=True)])
        except PersistenceError:
            return False
        return True

    def legacy_tables(self) -> list[str]:
        """Deprecated: ``referee.upcasting.legacy_tables(store)``."""
        from ._deprecation import warn
        from .upcasting import legacy_tables

        warn("TableStore.legacy_tables()", "referee.upcasting.legacy_tables(store)")
        return legacy_tables(self)

    def migrate(self, table_id: str) -> int:
        """Deprecated: ``referee.upcasting.migrate_table(store, table_id)``."""
        from ._deprecation import warn
        from .upcasting import migrate_table

        warn("TableStore.migrate(table_id)", "referee.upcasting.migrate_table(store, table_id)")
        return migrate_table(self, table_id)

    def append_lines(
        self,
        table_id: str,
        after: int,
        sealed: Sequence[tuple[Entry, bytes]],
        snapshot: Snapshot | None = None,
        summary: TableSummary | None = None,
    ) -> None:
        """``append`` for entries whose log lines are made already (``referee.log.seal_lines``):
        each line is stored as given, so the body bytes committed to are the bytes kept."""
        records = _records(_stream("log", table_id), after, sealed)
        if sealed:
            records.append(_summary_record(table_id, after + len(sealed), summary))
        if snapshot is not None:
            records.append(StoredEvent(_stream("snapshot", table_id), snapshot.seq, _SNAPSHOT_TOPIC, msgspec.msgpack.encode(snapshot)))
        if self._together is not None:
            self._together.append((table_id, records))
            return
        self._insert(f"table {table_id}", records)

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """Group commit: the appends made inside the block (to any tables) are written at
        its end in one transaction, all or none (``ConcurrentWrite`` if any position was
        taken meanwhile: then none is, and each must be decided again).  Nothing appended
        inside is stored before the block ends, so nothing may be acknowledged before."""
        if self._together is not None:
            yield
            return
        self._together = []
        try:
            yield
            held = self._together
        finally:
            self._together = None
        if held:
            self.write_together([record for _, records in held for record in records], sorted({table for table, _ in held}))

    def write_together(self, records: Sequence[StoredEvent], tables: Sequence[str]) -> None:
        """The one transaction at the end of ``together``."""
        self._insert(f"table{'s' if len(tables) > 1 else ''} {', '.join(tables)}", records)

    def _insert(self, tables: str, records: Sequence[StoredEvent]) -> None:
        try:
            self.recorder.insert_events(list(records))
        except IntegrityError:
            raise ConcurrentWrite(f"{tables} changed while the action was decided") from None
        except Exception as exc:
            if _transient(exc):
                raise ConcurrentWrite(f"{tables} was busy while the action was decided ({exc})") from exc
            raise RefereeError(f"the table store refused {tables}'s entries ({type(exc).__name__}: {exc}); nothing was recorded") from exc


_RETRY_SQLSTATES = frozenset({"40001", "40P01"})
"""PostgreSQL's serialization failure and deadlock: the transaction may simply be tried again."""


def _transient(exc: BaseException) -> bool:
    """Whether a write failed only because another writer held the database at that moment
    (SQLite's lock, PostgreSQL's serialization failure or deadlock): deciding the action
    again is the cure, as for a position another writer took first."""
    seen: BaseException | None = exc
    while seen is not None:
        if getattr(seen, "sqlstate", None) in _RETRY_SQLSTATES:
            return True
        if isinstance(seen, sqlite3.OperationalError) and any(word in str(seen) for word in ("locked", "busy")):
            return True
        seen = seen.__cause__
    return False


def _summary_record(table_id: str, entries: int, summary: TableSummary | None, *, worked_out: bool = False) -> StoredEvent:
    """The summary of a table as of its ``entries``-th entry; ``None`` marks that entry as
    summarized by nobody.  Numbered twice the entries (plus one for a reader's summary,
    kept after the fact), so the latest record is always the newest entry's: an append's
    summary fails or commits with its entries, and a marker outranks an older summary."""
    state = msgspec.json.encode(summary) if summary is not None else b""
    return StoredEvent(_stream("summary", table_id), 2 * entries + worked_out, _SUMMARY_TOPIC, state)


def _records(log_id: uuid.UUID, after: int, sealed: Sequence[tuple[Entry, bytes]]) -> list[StoredEvent]:
    records = []
    for position, (entry, line) in enumerate(sealed, start=after + 1):
        if entry.seq != position:
            raise BadLog(f"entry {entry.seq} cannot be stored at position {position}")
        if len(line) > MAX_LINE_BYTES:
            raise RefereeError(
                f"entry {entry.seq} ({entry.type}) would take {len(line):,} bytes, more than the {MAX_LINE_BYTES:,} "
                "a log line may; nothing was recorded"
            )
        records.append(StoredEvent(log_id, position, entry.type, line))
    return records
