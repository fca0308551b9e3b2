"""Referee benchmarks: every figure is a RATIO to a baseline measured in the same run.

Run with ``nox -s bench`` (a few minutes on 2 cores), ``nox -s bench -- --quick`` (a smoke run
with a 10,000-entry long table), or ``python tests/bench/run.py --help``.  Nothing here asserts
a speed: the machines are shared and noisy, so a threshold would flake.  Each comparison runs
its subject and its baseline side by side, in alternating order, ``--reps`` times (default 5)
after one untimed warm-up, and reports the median of the per-repetition ratios.

Every ratio is ``subject rate / baseline rate`` (higher is better, 1.0 is "as fast as the
baseline"); ``x time`` is its inverse, how many times longer the subject takes.  The rows are
those of issue 9, each with its goal:

``verify/<game>``    ``referee.verify`` of one long bot game (in-process) against decoding the
    same JSON lines with ``msgspec.json.decode(line, type=Entry)``; entries/s.  The time of one
    verify is reported beside it.  Goal: ratio >= 0.25; a 6-seat Pimp game under 100 ms.
``durable/<game>``   the same bot game played with ``Referee.open`` + ``play_bots`` on a SQLite
    file against raw ``sqlite3`` writing the same lines, one commit per action, with the
    journal mode and ``synchronous`` of eventsourcing's own connection; actions/s.  Goal >= 0.5.
``warm-act/<store>`` one ``Referee.act`` on a warm table of ``--long`` entries (default
    100,000) against one on a table of 100, on SQLite and in memory; actions/s.  Goal: x time
    <= 1.2.
``cli-act``          ``referee act`` (a new process) on a stored table of ``--long`` entries
    against one of 100: wall time and the subprocess's peak RSS.  Goal: x time <= 1.5.
``cli-tables``       ``referee tables`` with one ``--long``-entry table in the store against a
    store with one table of 100.  Goal: independent of the table's length.
``cli-help`` / ``cli-games``  ``referee --help`` and ``referee games`` against
    ``python -c pass``.  Goal: x time <= 6 / <= 10.
``pg-open``          4 processes opening one PostgreSQL store at once, ``--pg-rounds`` times on
    a fresh database each (only with ``REFEREE_TEST_POSTGRES`` set): opens that failed.  Goal: 0.

The long tables are grown with a throwaway game (``tests/kernel/tally.py``: each action adds
one mark, three entries) played in memory and copied stored event by stored event into a
SQLite file, snapshots included, so that the file is exactly what playing on SQLite would
have left.  The CLI finds that game as a third party's plugin would be found: an entry point,
declared by a ``.dist-info`` folder written next to the store and put on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import json
import multiprocessing
import os
import platform
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

import referee.logging
from referee import MEMORY, Entry, Referee, Registry, TableStore, verify
from referee.log import encode_line

ROOT = Path(__file__).resolve().parents[2]
KERNEL_TESTS = ROOT / "tests" / "kernel"
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
SYNCHRONOUS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}
SHORT = 100
"""Entries of the short table every long one is compared with."""
ROWS = ("verify", "durable", "warm-act", "cli-act", "cli-tables", "cli-start", "pg-open")


@dataclass(frozen=True)
class GameSpec:
    """One installed game's long bot game: the workload of ``verify`` and ``durable``."""

    name: str
    seats: int
    extensions: list[str] | None
    """None: the game's default extensions; [] plays the rulebook alone (no house rules)."""


GAMES = (
    GameSpec("pimp", 6, None),
    GameSpec("cashnguns", 6, None),
    GameSpec("pigsty", 5, []),
    GameSpec("backhanding", 6, None),
    GameSpec("pornstar", 4, None),
)


# -- settings and reporting --------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    reps: int
    long: int
    min_time: float
    cli_runs: int
    pg_rounds: int
    tmpdir: str | None
    only: tuple[str, ...]
    quick: bool


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Series:
    label: str
    unit: str
    rates: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    def show(self) -> str:
        spread = (max(self.rates) - min(self.rates)) / self.median if self.rates else 0.0
        return f"{self.median:>10,.1f} {self.unit} ±{spread * 50:.0f}%"


@dataclass
class Comparison:
    key: str
    title: str
    goal: str
    subject: Series
    baseline: Series
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratios(self) -> list[float]:
        return [s / b for s, b in zip(self.subject.rates, self.baseline.rates)]

    @property
    def ratio(self) -> float:
        return statistics.median(self.ratios)

    def as_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "goal": self.goal,
            "unit": self.subject.unit,
            "subject": {"label": self.subject.label, "median": self.subject.median, "rates": self.subject.rates},
            "baseline": {"label": self.baseline.label, "median": self.baseline.median, "rates": self.baseline.rates},
            "ratio": {"median": self.ratio, "min": min(self.ratios), "max": max(self.ratios), "x_time": 1 / self.ratio},
            "notes": self.notes,
            **self.extra,
        }


def compare(
    key: str,
    title: str,
    goal: str,
    settings: Settings,
    unit: str,
    subject: tuple[str, Callable[[], float]],
    baseline: tuple[str, Callable[[], float]],
) -> Comparison:
    """Run ``subject`` and ``baseline`` (each returning one rate) ``settings.reps`` times,
    alternating which goes first so a machine slowing down mid-run weighs on both."""
    result = Comparison(key, title, goal, Series(subject[0], unit), Series(baseline[0], unit))
    progress(f"[{key}] warm-up")
    subject[1]()
    baseline[1]()
    sides = [(subject, result.subject), (baseline, result.baseline)]
    for rep in range(1, settings.reps + 1):
        for (label, run), series in sides if rep % 2 else reversed(sides):
            gc.collect()
            series.rates.append(run())
            progress(f"[{key}] {rep}/{settings.reps}: {label:<34} {series.rates[-1]:>12,.1f} {unit}")
    return result


def looped(run: Callable[[], int], min_time: float) -> float:
    """Rate of ``run`` (which returns how many items it handled), looped for ``min_time`` s."""
    items, start = 0, time.perf_counter()
    while True:
        items += run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return items / elapsed


class Scratch:
    """Files in one temporary folder, SQLite files removed with their -wal and -shm."""

    def __init__(self, parent: str | None) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="referee-bench-", dir=parent)
        self.path = Path(self._dir.name)
        self._n = 0

    def new(self, name: str) -> Path:
        self._n += 1
        return self.path / f"{self._n:03d}-{name}.sqlite"

    @staticmethod
    def remove(path: Path) -> None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)

    @contextmanager
    def file(self, name: str) -> Iterator[Path]:
        path = self.new(name)
        try:
            yield path
        finally:
            self.remove(path)

    def close(self) -> None:
        self._dir.cleanup()


# -- the bot games ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedGame:
    spec: GameSpec
    table_id: str
    lines: list[bytes]
    """The full log as exported, the bytes the store keeps (with the end's reveal)."""
    entries: list[Entry]
    groups: list[list[bytes]]
    """Lines appended together: the opening's, then each action's."""

    @property
    def seats(self) -> list[str]:
        return list(NAMES[: self.spec.seats])

    @property
    def actions(self) -> int:
        return len(self.groups) - 1


def play_game(app: Referee, spec: GameSpec) -> int:
    """Open and play ``spec``'s bot game to its end; returns the actions taken."""
    seats = list(NAMES[: spec.seats])
    table_id = app.open(spec.name, seats, seed=f"bench-{spec.name}", table_id=f"bench-{spec.name}", extensions=spec.extensions)
    actions = 0

    def count(_request: object, _entries: object) -> None:
        nonlocal actions
        actions += 1

    app.play_bots(table_id, seats, on_step=count)
    return actions


def record_game(registry: Registry, spec: GameSpec) -> PlayedGame:
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        play_game(app, spec)
        table_id = f"bench-{spec.name}"
        if not app.over(table_id):
            raise RuntimeError(f"the {spec.name} bot game did not end")
        stored = app.entries(table_id)
        lines = [line.encode() for line in app.export(table_id).splitlines()]
    entries = [msgspec.json.decode(line, type=Entry) for line in lines]
    return PlayedGame(spec, table_id, lines, entries, grouped(stored))


# -- verify: in-process, against msgspec decoding ------------------------------------------------


def measure_verify(registry: Registry, settings: Settings, game: PlayedGame) -> Comparison:
    lines, entries = game.lines, game.entries
    verdict = verify(registry, entries)
    if not verdict.ok:
        raise RuntimeError(f"the recorded {game.spec.name} game does not verify: {verdict.message}")
    seconds: list[float] = []

    def run_verify() -> float:
        start = time.perf_counter()
        verify(registry, entries)
        elapsed = time.perf_counter() - start
        seconds.append(elapsed)
        return len(entries) / elapsed

    def run_decode() -> int:
        for line in lines:
            msgspec.json.decode(line, type=Entry)
        return len(lines)

    result = compare(
        f"verify/{game.spec.name}",
        f"verify one {game.spec.seats}-seat {game.spec.name} bot game ({len(entries):,} entries, {game.actions} actions)",
        "ratio >= 0.25" + ("; one verify < 100 ms" if game.spec.name == "pimp" else ""),
        settings,
        "entries/s",
        ("referee.verify", run_verify),
        ("msgspec.json.decode(line, type=Entry)", lambda: looped(run_decode, settings.min_time)),
    )
    ms = statistics.median(seconds[1:]) * 1000
    result.extra["verify_ms"] = ms
    result.notes.append(f"one verify of the whole game: {ms:,.0f} ms (median)")
    return result


# -- durable: bot play on SQLite against raw sqlite3 ------------------------------------------


def eventsourcing_pragmas(scratch: Scratch) -> dict[str, Any]:
    """``journal_mode`` and ``synchronous`` as eventsourcing's own SQLite connection has them."""
    with scratch.file("pragmas") as path, TableStore(path) as store:
        datastore = store.recorder.datastore  # type: ignore[attr-defined]
        with datastore.transaction(commit=False) as cursor:
            cursor.execute("PRAGMA journal_mode")
            journal = str(cursor.fetchone()[0]).lower()
            cursor.execute("PRAGMA synchronous")
            synchronous = int(cursor.fetchone()[0])
    return {"journal_mode": journal, "synchronous": synchronous}


def raw_inserts(game: PlayedGame, path: Path, pragmas: dict[str, Any]) -> float:
    """The game's lines with plain sqlite3, one commit per action; actions/s."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute(f"PRAGMA journal_mode={pragmas['journal_mode']}")
        connection.execute(f"PRAGMA synchronous={pragmas['synchronous']}")
        connection.execute(
            "CREATE TABLE log (stream BLOB NOT NULL, position INTEGER NOT NULL, topic TEXT NOT NULL, state BLOB NOT NULL,"
            " PRIMARY KEY (stream, position))"
        )
        insert = "INSERT INTO log (stream, position, topic, state) VALUES (?, ?, ?, ?)"
        stream = uuid.uuid4().bytes
        position = 0
        start = time.perf_counter()
        for group in game.groups:
            rows = [(stream, position + n, "t", line) for n, line in enumerate(group, start=1)]
            connection.execute("BEGIN")
            connection.executemany(insert, rows)
            connection.execute("COMMIT")
            position += len(group)
        return game.actions / (time.perf_counter() - start)
    finally:
        connection.close()


def grouped(entries: Sequence[Entry]) -> list[list[bytes]]:
    """The stored lines appended together: the opening's, then each action's."""
    groups: list[list[bytes]] = []
    for entry in entries:
        if entry.type == "referee.ActionTaken" or not groups:
            groups.append([])
        groups[-1].append(encode_line(entry))
    return groups


def measure_durable(registry: Registry, settings: Settings, game: PlayedGame, scratch: Scratch, pragmas: dict[str, Any]) -> Comparison:
    # The bots draw from each table's own secret key, so every game played differs: the raw
    # side writes the very lines the last game on SQLite stored, grouped as it appended them.
    last: list[PlayedGame] = []

    def kernel() -> float:
        with scratch.file("durable") as path, Referee(path, registry=registry) as app:
            start = time.perf_counter()
            actions = play_game(app, game.spec)
            elapsed = time.perf_counter() - start
            stored = app.entries(game.table_id)
        last[:] = [PlayedGame(game.spec, game.table_id, [], stored, grouped(stored))]
        if len(last[0].groups) - 1 != actions:
            raise RuntimeError(f"{game.spec.name}: {actions} actions played but {len(last[0].groups) - 1} stored")
        return actions / elapsed

    def raw() -> float:
        # Far quicker than a game and fsync-bound: looped on fresh files, so that one slow
        # flush of a shared disk does not decide the sample.
        seconds, runs = 0.0, 0
        while seconds < settings.min_time:
            with scratch.file("raw") as path:
                seconds += last[0].actions / raw_inserts(last[0], path, pragmas)
            runs += 1
        return runs * last[0].actions / seconds

    sync = SYNCHRONOUS.get(pragmas["synchronous"], str(pragmas["synchronous"]))
    result = compare(
        f"durable/{game.spec.name}",
        f"{game.spec.name} bot game on SQLite / raw sqlite3, same lines, one commit per action",
        "ratio >= 0.5",
        settings,
        "actions/s",
        ("Referee.open + play_bots (SQLite)", kernel),
        (f"raw sqlite3 ({pragmas['journal_mode']}, synchronous {sync})", raw),
    )
    result.notes.append(f"both sides journal_mode={pragmas['journal_mode']}, synchronous={sync} (read from eventsourcing's connection)")
    return result


@dataclass
class Run:
    seconds: float
    rss_mib: float


# -- long tables --------------------------------------------------------------------------------


def tally_plugin_dir(scratch: Scratch) -> Path:
    """A folder that, on ``sys.path``, declares the tally game as an installed plugin."""
    site = scratch.path / "site"
    info = site / "referee_bench_tally-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: referee-bench-tally\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[referee]\ntally = tally\n")
    return site


def copy_store(source: TableStore, target: TableStore) -> int:
    """Every stored event of ``source`` into ``target``, in order; returns how many."""
    copied, start = 0, None
    while True:
        page = source.recorder.select_notifications(start, 5000, inclusive_of_start=start is None)
        if page:
            target.recorder.insert_events(list(page))
            copied += len(page)
        if len(page) < 5000:
            return copied
        start = page[-1].id


def grow(app: Referee, table_id: str, entries: int) -> None:
    """Mark until the table has at least ``entries`` entries (three per mark)."""
    length = app.store.length(table_id)
    while length < entries:
        length += len(app.act(table_id, "Ann", "mark", {}))


def build_tally_tables(registry: Registry, store: TableStore, long: int) -> tuple[str, str]:
    """A ``long``-entry and a 100-entry tally table in ``store``; their ids."""
    app = Referee(registry=registry, store=store)  # not closed: the store outlives it
    short_id = app.open("tally", ["Ann", "Bob"], seed="short", table_id="tally-short")
    grow(app, short_id, SHORT)
    long_id = app.open("tally", ["Ann", "Bob"], seed="long", table_id="tally-long")
    grow(app, long_id, long)
    return long_id, short_id


def measure_warm_act(registry: Registry, settings: Settings, kind: str, store: TableStore, ids: tuple[str, str]) -> Comparison:
    long_id, short_id = ids
    app = Referee(registry=registry, store=store)
    # Warm both: after the first act each table is folded in this process.
    app.act(long_id, "Ann", "mark", {})
    app.act(short_id, "Ann", "mark", {})

    def acting(table_id: str) -> Callable[[], float]:
        def mark() -> int:
            app.act(table_id, "Ann", "mark", {})
            return 1

        return lambda: looped(mark, max(settings.min_time, 0.5))

    length = store.length(long_id)
    return compare(
        f"warm-act/{kind}",
        f"one warm act at entry {length:,} / at entry {SHORT} ({'SQLite file' if kind == 'sqlite' else 'in memory'})",
        "x time <= 1.2",
        settings,
        "actions/s",
        (f"act on the {length:,}-entry table", acting(long_id)),
        (f"act on the {SHORT}-entry table", acting(short_id)),
    )


LAUNCHER = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = child.stderr.read()
_, status, usage = os.wait4(child.pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status), err.decode(errors="replace")[-500:])
"""
"""Runs a command and reports its wall time and peak RSS.  A child's peak RSS counts what
it inherited before exec, so the command is started by this small process, not by the
benchmark (whose own memory would otherwise be every command's peak)."""


def run_process(argv: Sequence[str], env: dict[str, str]) -> Run:
    """Run ``argv`` to its end; its wall time and peak resident memory (this child only)."""
    out = subprocess.run([sys.executable, "-c", LAUNCHER, *argv], env=env, capture_output=True, text=True, check=True).stdout
    seconds, maxrss, code, stderr = out.split(" ", 3)
    if int(code) != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({code}): {stderr.strip()}")
    # ru_maxrss is in KiB on Linux, bytes on macOS.
    return Run(float(seconds), int(maxrss) / (1024 * 1024 if sys.platform == "darwin" else 1024))


def measure_process(
    key: str,
    title: str,
    goal: str,
    settings: Settings,
    subject: tuple[str, list[str], dict[str, str]],
    baseline: tuple[str, list[str], dict[str, str]],
) -> Comparison:
    """Runs/s of two commands (each sample the median of ``cli_runs`` runs), with peak RSS."""
    rss: dict[str, list[float]] = {"subject": [], "baseline": []}

    def sampler(side: str, argv: list[str], env: dict[str, str]) -> Callable[[], float]:
        def run() -> float:
            runs = [run_process(argv, env) for _ in range(settings.cli_runs)]
            rss[side].append(max(r.rss_mib for r in runs))
            return 1 / statistics.median(r.seconds for r in runs)

        return run

    result = compare(
        key,
        title,
        goal,
        settings,
        "runs/s",
        (subject[0], sampler("subject", subject[1], subject[2])),
        (baseline[0], sampler("baseline", baseline[1], baseline[2])),
    )
    subject_ms, baseline_ms = 1000 / result.subject.median, 1000 / result.baseline.median
    peak = {side: max(values) for side, values in rss.items()}
    result.extra["ms"] = {"subject": subject_ms, "baseline": baseline_ms}
    result.extra["peak_rss_mib"] = peak
    result.notes.append(
        f"wall time {subject_ms:,.0f} ms against {baseline_ms:,.0f} ms; peak RSS {peak['subject']:,.0f} MiB against {peak['baseline']:,.0f} MiB"
    )
    return result


def referee_command() -> list[str]:
    found = Path(sys.executable).parent / "referee"
    return [str(found)] if found.exists() else [sys.executable, "-m", "referee_cli.main"]


# -- PostgreSQL: opening one store from several processes at once ------------------------------


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


# -- the report ------------------------------------------------------------------------------


def versions() -> dict[str, str]:
    found = {"python": platform.python_version(), "sqlite": sqlite3.sqlite_version}
    for dist in ("referee", "eventsourcing", "msgspec", "pluggy", "referee-pigsty", "referee-cashnguns", "referee-pimp"):
        try:
            found[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            found[dist] = "not installed"
    return found


def table(results: list[Comparison], pg: dict[str, Any] | None) -> str:
    header = f"{'row':<18} {'subject (median)':<30} {'baseline (median)':<30} {'ratio':>7} {'[min-max]':<15} {'x time':>7}  goal"
    lines = [header, "-" * len(header)]
    for r in results:
        low, high = min(r.ratios), max(r.ratios)
        lines.append(
            f"{r.key:<18} {r.subject.show():<30} {r.baseline.show():<30} {r.ratio:>7.3f} [{low:.3f}-{high:.3f}] {1 / r.ratio:>7.2f}  {r.goal}"
        )
    if pg is None:
        lines.append(f"{'pg-open':<18} skipped (set REFEREE_TEST_POSTGRES to a PostgreSQL address to run it)")
    else:
        lines.append(
            f"{'pg-open':<18} {pg['failed']} of {pg['opens']} opens failed (median open {pg['open_ms_median']:,.0f} ms)  goal: {pg['goal']}"
        )
    lines.append("")
    for r in results:
        lines.append(f"{r.key}: {r.title}")
        lines.append(f"    subject: {r.subject.label}; baseline: {r.baseline.label}")
        lines += [f"    {note}" for note in r.notes]
    if pg and pg["failures"]:
        lines.append("pg-open failures: " + "; ".join(pg["failures"]))
    return "\n".join(lines)


def parse(argv: Sequence[str] | None) -> tuple[Settings, str]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: a 10,000-entry long table, 3 repetitions, short loops")
    parser.add_argument("--json", metavar="FILE", default="bench-results/latest.json", help="where the JSON goes (default %(default)s)")
    parser.add_argument("--reps", type=int, help="repetitions per comparison (default 5; --quick 3)")
    parser.add_argument("--long", type=int, help="entries of the long table (default 100,000; --quick 10,000)")
    parser.add_argument("--min-time", type=float, help="seconds per sample of the decoding loop (default 0.5; --quick 0.1)")
    parser.add_argument("--cli-runs", type=int, help="runs of a command per sample (default 3; --quick 1)")
    parser.add_argument("--pg-rounds", type=int, default=10, help="rounds of 4 concurrent PostgreSQL opens (default 10)")
    parser.add_argument("--tmpdir", help="where the SQLite files go (the filesystem decides what a commit costs)")
    parser.add_argument("--only", action="append", choices=ROWS, help="run only these rows (repeatable)")
    args = parser.parse_args(argv)
    settings = Settings(
        reps=args.reps or (3 if args.quick else 5),
        long=args.long or (10_000 if args.quick else 100_000),
        min_time=args.min_time or (0.1 if args.quick else 0.5),
        cli_runs=args.cli_runs or (1 if args.quick else 3),
        pg_rounds=args.pg_rounds if not args.quick else min(args.pg_rounds, 3),
        tmpdir=args.tmpdir,
        only=tuple(args.only or ROWS),
        quick=args.quick,
    )
    return settings, args.json


def main(argv: Sequence[str] | None = None) -> int:
    settings, json_path = parse(argv)
    referee.logging.configure("error")  # the kernel's info lines would drown the progress
    started, clock = datetime.now(UTC), time.perf_counter()
    scratch = Scratch(settings.tmpdir)
    results: list[Comparison] = []
    pg: dict[str, Any] | None = None
    try:
        # The tally game is found the way any installed plugin is, here and in the CLI's
        # processes, so the tables built here are the same plugin set the CLI loads.
        site = tally_plugin_dir(scratch)
        sys.path[:0] = [str(site), str(KERNEL_TESTS)]
        registry = Registry()
        pragmas = eventsourcing_pragmas(scratch)
        if "verify" in settings.only or "durable" in settings.only:
            for spec in GAMES:
                if spec.name not in registry.games:
                    progress(f"{spec.name} is not installed: its rows are left out")
                    continue
                progress(f"recording a {spec.seats}-seat {spec.name} bot game")
                game = record_game(registry, spec)
                if "verify" in settings.only:
                    results.append(measure_verify(registry, settings, game))
                if "durable" in settings.only:
                    results.append(measure_durable(registry, settings, game, scratch, pragmas))

        long_rows = {"warm-act", "cli-act", "cli-tables"} & set(settings.only)
        if long_rows:
            progress(f"growing a {settings.long:,}-entry tally table in memory")
            memory = TableStore(MEMORY)
            memory_ids = build_tally_tables(registry, memory, settings.long)
            long_db = scratch.new("long")
            with TableStore(long_db) as target:
                copied = copy_store(memory, target)
            progress(f"copied {copied:,} stored events to {long_db.name}")
            if "warm-act" in settings.only:
                with TableStore(long_db) as on_disk:
                    results.append(measure_warm_act(registry, settings, "sqlite", on_disk, memory_ids))
                results.append(measure_warm_act(registry, settings, "memory", memory, memory_ids))
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(KERNEL_TESTS), os.environ.get("PYTHONPATH", "")])}
            cli = [*referee_command(), "--log-level", "error", "--db", str(long_db)]
            if "cli-act" in settings.only:
                long_id, short_id = memory_ids
                results.append(
                    measure_process(
                        "cli-act",
                        f"referee act on a table of {settings.long:,} entries / of {SHORT}",
                        "x time <= 1.5",
                        settings,
                        ("referee act (long table)", [*cli, "act", long_id, "Ann", "mark", "--args", "{}"], env),
                        ("referee act (short table)", [*cli, "act", short_id, "Ann", "mark", "--args", "{}"], env),
                    )
                )
            if "cli-tables" in settings.only:
                only_long = scratch.new("only-long")
                with TableStore(MEMORY) as alone:
                    app = Referee(registry=registry, store=alone)
                    app.open("tally", ["Ann", "Bob"], seed="alone", table_id="tally-alone")
                    grow(app, "tally-alone", settings.long)
                    with TableStore(only_long) as target:
                        copy_store(alone, target)
                only_short = scratch.new("only-short")
                with TableStore(MEMORY) as alone:
                    app = Referee(registry=registry, store=alone)
                    app.open("tally", ["Ann", "Bob"], seed="alone", table_id="tally-alone")
                    grow(app, "tally-alone", SHORT)
                    with TableStore(only_short) as target:
                        copy_store(alone, target)
                base = [*referee_command(), "--log-level", "error", "--db"]
                results.append(
                    measure_process(
                        "cli-tables",
                        f"referee tables: one {settings.long:,}-entry table in the store / one {SHORT}-entry table",
                        "independent of the table's length",
                        settings,
                        ("referee tables (one long table)", [*base, str(only_long), "tables"], env),
                        ("referee tables (one short table)", [*base, str(only_short), "tables"], env),
                    )
                )
        if "cli-start" in settings.only:
            plain = dict(os.environ)
            nothing = ("python -c pass", [sys.executable, "-c", "pass"], plain)
            results.append(
                measure_process(
                    "cli-help",
                    "referee --help / python -c pass",
                    "x time <= 6",
                    settings,
                    ("referee --help", [*referee_command(), "--help"], plain),
                    nothing,
                )
            )
            results.append(
                measure_process(
                    "cli-games",
                    "referee games / python -c pass",
                    "x time <= 10",
                    settings,
                    ("referee games", [*referee_command(), "games"], plain),
                    nothing,
                )
            )
        url = os.environ.get("REFEREE_TEST_POSTGRES")
        if url and "pg-open" in settings.only:
            pg = measure_pg_open(settings, url)
    finally:
        scratch.close()
    duration = time.perf_counter() - clock

    found = versions()
    print("Referee benchmarks (issue 9): ratio = subject rate / baseline rate, both measured in this run; x time = 1 / ratio")
    print(f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; " + ", ".join(f"{k} {v}" for k, v in found.items()))
    print(f"{settings.reps} repetitions, long table {settings.long:,} entries; run took {duration:.0f} s")
    print()
    print(table(results, pg))
    document = {
        "started": started.isoformat(timespec="seconds"),
        "seconds": duration,
        "machine": {"system": platform.system(), "machine": platform.machine(), "cpus": os.cpu_count()},
        "versions": found,
        "settings": dict(settings.__dict__),
        "results": [r.as_json() for r in results],
        "pg_open": pg if pg is not None else "skipped (REFEREE_TEST_POSTGRES not set)",
    }
    Path(json_path).parent.mkdir(parents=True, exist_ok=True)
    Path(json_path).write_text(json.dumps(document, indent=2) + "\n")
    progress(f"results written to {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
