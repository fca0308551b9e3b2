"""Work done in other processes by the race tests (spawned processes import this module)."""

from __future__ import annotations

import time
from typing import Any

import tally

from referee import Referee, Registry, TableStore


def registry() -> Registry:
    return Registry([tally], entry_points=False)


def mark_as(db: str, seat: str, tables: list[str], marks: int, start: Any, results: Any) -> None:
    """Mark ``marks`` times as ``seat`` on each of ``tables`` in turn; report every
    acknowledged action's entry number, or the error that stopped this seat."""
    acknowledged: list[tuple[str, int]] = []
    try:
        with Referee(db, registry=registry()) as app:
            start.wait()
            for _ in range(marks):
                for table in tables:
                    entries = app.act(table, seat, "mark", {})
                    acknowledged += [(table, e.seq) for e in entries if e.type == "referee.ActionTaken"]
        results.put((seat, acknowledged, None))
    except Exception as exc:  # the test reports whatever stopped a seat
        results.put((seat, acknowledged, f"{type(exc).__name__}: {exc}"))


def open_store(db: str, start: Any, results: Any) -> None:
    """Open (and close) the store at ``db`` once every process is ready; report how it went."""
    start.wait()
    began = time.perf_counter()
    try:
        TableStore(db).close()
        results.put((None, time.perf_counter() - began))
    except Exception as exc:  # the test counts any failure
        results.put((f"{type(exc).__name__}: {exc}", time.perf_counter() - began))
