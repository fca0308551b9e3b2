"""Several processes opening one new PostgreSQL store at once (only with REFEREE_TEST_POSTGRES)."""

from __future__ import annotations

import multiprocessing
import statistics
import time
import uuid
from typing import Any

from referee import TableStore

from .common import Comparison, Settings, progress
from .databases import drop_database, fresh_database


def _open_store(url: str, barrier: Any, results: Any) -> None:
    barrier.wait()
    start = time.perf_counter()
    try:
        TableStore(url).close()
        results.put(("ok", time.perf_counter() - start))
    except Exception as exc:  # the point is to count any failure, whatever it is
        results.put((f"{type(exc).__name__}: {exc}", time.perf_counter() - start))


def measure_pg_open(settings: Settings, url: str) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    failures: list[str] = []
    seconds: list[float] = []
    for round_ in range(settings.pg_rounds):
        database = fresh_database(url)
        try:
            barrier, results = context.Barrier(4), context.Queue()
            processes = [context.Process(target=_open_store, args=(database, barrier, results)) for _ in range(4)]
            for p in processes:
                p.start()
            outcomes = [results.get(timeout=120) for _ in processes]
            for p in processes:
                p.join()
        finally:
            drop_database(url, database)
        for outcome, elapsed in outcomes:
            seconds.append(elapsed)
            if outcome != "ok":
                failures.append(outcome)
        progress(f"[pg-open] round {round_ + 1}/{settings.pg_rounds}: {sum(o != 'ok' for o, _ in outcomes)} of 4 failed")
    return {
        "key": "pg-open",
        "title": "4 processes opening one new PostgreSQL store at once",
        "goal": "none fail",
        "opens": len(seconds),
        "failed": len(failures),
        "failures": failures[:5],
        "open_ms_median": statistics.median(seconds) * 1000,
    }


LOCKING = "eventsourcing.postgres:PostgresApplicationRecorder"
"""eventsourcing's own recorder, which locks the whole events table for each write."""
WRITES = 300
"""Transactions each writer commits per measurement."""


def _write(url: str, topic: str, writer: int, barrier: Any, results: Any) -> None:
    """Commit ``WRITES`` transactions of two records (an entry and a table's summary, as
    an accepted action writes) to a table of this writer's own."""
    from eventsourcing.persistence import StoredEvent

    from referee.store import _env_for, _factory

    env = {**_env_for(url, False), "APPLICATION_RECORDER_TOPIC": topic, "CREATE_TABLE": "no"}
    factory = _factory(env)
    recorder = factory.application_recorder()
    table = uuid.uuid5(uuid.NAMESPACE_URL, f"{url} {writer} {uuid.uuid4()}")
    summary = uuid.uuid5(table, "summary")
    barrier.wait()
    start = time.perf_counter()
    for n in range(1, WRITES + 1):
        recorder.insert_events([StoredEvent(table, n, "entry", b"x" * 300), StoredEvent(summary, n, "summary", b"y" * 120)])
    results.put(time.perf_counter() - start)
    factory.close()


def _writers(url: str, topic: str, count: int) -> float:
    """Transactions per second of ``count`` processes writing at once, each to its own table."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(count), context.Queue()
    processes = [context.Process(target=_write, args=(url, topic, n, barrier, results)) for n in range(count)]
    for p in processes:
        p.start()
    seconds = [results.get(timeout=300) for _ in processes]
    for p in processes:
        p.join()
    return count * WRITES / max(seconds)


def measure_pg_writers(settings: Settings, url: str) -> Comparison:
    """Two processes writing to different tables at once: the store's recorder against
    eventsourcing's, which takes a lock of the whole events table per write."""
    from .common import compare

    database = fresh_database(url)
    try:
        TableStore(database).close()  # the schema, made once
        return compare(
            "pg-writers",
            "2 processes committing actions to their own tables on PostgreSQL, transactions/s",
            "above 1 (no lock of the whole table)",
            settings,
            "txn/s",
            ("referee.postgres.TablesRecorder", lambda: _writers(database, "referee.postgres:TablesRecorder", 2)),
            ("eventsourcing's locking recorder", lambda: _writers(database, LOCKING, 2)),
        )
    finally:
        drop_database(url, database)
