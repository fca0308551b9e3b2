"""Several processes opening one new PostgreSQL store at once (only with REFEREE_TEST_POSTGRES)."""

from __future__ import annotations

import multiprocessing
import statistics
import time
import uuid
from typing import Any

from referee import TableStore

from .common import Settings, progress


def _open_store(url: str, barrier: Any, results: Any) -> None:
    barrier.wait()
    start = time.perf_counter()
    try:
        TableStore(url).close()
        results.put(("ok", time.perf_counter() - start))
    except Exception as exc:  # the point is to count any failure, whatever it is
        results.put((f"{type(exc).__name__}: {exc}", time.perf_counter() - start))


def fresh_database(url: str) -> str:
    import psycopg

    name = f"referee_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name


def drop_database(url: str, name_url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name_url.rsplit('/', 1)[1]} WITH (FORCE)")


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
