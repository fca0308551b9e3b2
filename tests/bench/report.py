"""The printed table and the JSON document of one run."""

from __future__ import annotations

import importlib.metadata
import os
import platform
import sqlite3
from collections.abc import Sequence
from typing import Any

from .common import Comparison, CountRow, Missing, Row, Settings

COUNTED = ("reads/", "copies/", "encodes/", "rules/")
"""Key prefixes of the counted rows."""
DISTRIBUTIONS = ("referee", "eventsourcing", "msgspec", "pluggy", "starlette", "referee-pigsty", "referee-cashnguns", "referee-pimp")


def versions() -> dict[str, str]:
    found = {"python": platform.python_version(), "sqlite": sqlite3.sqlite_version}
    for dist in DISTRIBUTIONS:
        try:
            found[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            found[dist] = "not installed"
    return found


def _number(value: float | None, places: int = 2) -> str:
    if value is None:
        return "n/a"
    if value == float("inf"):
        return "inf"
    return f"{value:,.{places}f}"


def counted_table(rows: Sequence[CountRow | Missing]) -> list[str]:
    header = f"{'row':<28} {'per':<7} {'count':>9} {'floor':>6} {'ratio':>7}  goal"
    lines = ["Counted: how often per unit of work; ratio = floor / count (1.0 is the floor, lower is more work)", header, "-" * len(header)]
    for r in rows:
        if isinstance(r, Missing):
            lines.append(f"{r.key:<28} n/a: {r.reason}")
            continue
        gone = f"  (n/a: {', '.join(r.missing)})" if r.missing else ""
        lines.append(f"{r.key:<28} {r.unit:<7} {_number(r.value):>9} {r.floor:>6g} {_number(r.ratio, 3):>7}  {r.goal}{gone}")
    return lines


def timed_table(rows: Sequence[Comparison | Missing], pg: dict[str, Any] | None, pg_wanted: bool = True) -> list[str]:
    header = f"{'row':<24} {'subject (median)':<30} {'baseline (median)':<30} {'ratio':>7} {'[min-max]':<15} {'x time':>8}  goal"
    lines = ["Timed: ratio = subject rate / baseline rate, both measured in this run; x time = 1 / ratio", header, "-" * len(header)]
    for r in rows:
        if isinstance(r, Missing):
            lines.append(f"{r.key:<24} n/a: {r.reason}")
            continue
        low, high = min(r.ratios), max(r.ratios)
        lines.append(
            f"{r.key:<24} {r.subject.show():<30} {r.baseline.show():<30} {r.ratio:>7.3f} [{low:.3f}-{high:.3f}] {1 / r.ratio:>8.2f}  {r.goal}"
        )
    if pg is None and not pg_wanted:
        pass
    elif pg is None:
        lines.append(f"{'pg-open':<24} skipped (set REFEREE_TEST_POSTGRES to a PostgreSQL address to run it)")
    else:
        lines.append(
            f"{'pg-open':<24} {pg['failed']} of {pg['opens']} opens failed (median open {pg['open_ms_median']:,.0f} ms)  goal: {pg['goal']}"
        )
    return lines


def details(results: Sequence[Row]) -> list[str]:
    lines: list[str] = []
    for r in results:
        lines.append(f"{r.key}: {r.title}")
        if isinstance(r, Comparison):
            lines.append(f"    subject: {r.subject.label}; baseline: {r.baseline.label}")
        if isinstance(r, (Comparison, CountRow)):
            lines += [f"    {note}" for note in r.notes]
        if isinstance(r, CountRow) and r.breakdown:
            lines.append("    " + "; ".join(f"{label} {value:,.2f}" for label, value in r.breakdown.items()))
    return lines


def text(results: Sequence[Row], pg: dict[str, Any] | None, settings: Settings, seconds: float) -> str:
    found = versions()
    counted = [r for r in results if isinstance(r, CountRow) or (isinstance(r, Missing) and r.key.startswith(COUNTED))]
    timed = [r for r in results if isinstance(r, Comparison) or (isinstance(r, Missing) and not r.key.startswith(COUNTED))]
    lines = [
        "Referee benchmarks: every figure next to a baseline or floor measured in the same run",
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; " + ", ".join(f"{k} {v}" for k, v in found.items()),
        f"{settings.reps} repetitions, {settings.cli_runs} run(s) of a command per sample, long table {settings.long:,} entries, "
        f"{settings.tables:,} tables for cli-tables; run took {seconds:.0f} s",
        "",
        *counted_table(counted),
        "",
        *timed_table(timed, pg, settings.wants("pg-open")),
        "",
        *details(results),
    ]
    if pg and pg["failures"]:
        lines.append("pg-open failures: " + "; ".join(pg["failures"]))
    return "\n".join(lines)


def document(results: Sequence[Row], pg: dict[str, Any] | None, settings: Settings, started: str, seconds: float) -> dict[str, Any]:
    return {
        "started": started,
        "seconds": seconds,
        "machine": {"system": platform.system(), "machine": platform.machine(), "cpus": os.cpu_count()},
        "versions": versions(),
        "settings": dict(settings.__dict__),
        "results": [r.as_json() for r in results],
        "pg_open": pg if pg is not None else "skipped (REFEREE_TEST_POSTGRES not set)",
    }
