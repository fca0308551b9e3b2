"""Referee benchmarks: every speed is a RATIO to a baseline measured in the same run.

Run with ``nox -s bench`` (about a minute on 2 cores), ``nox -s bench -- --quick`` (a smoke run
of about 15 s), or ``python tests/bench/run.py --help``.  Nothing here asserts a speed: the
machines are shared and noisy, so an absolute figure means little and a threshold would flake.
Each comparison takes its subject and its baseline side by side, in alternating order, several
times (``--reps``, default 5); it reports the median rate of each with its spread, and the
median of the per-repetition ratios with their range.

Every ratio is ``subject rate / baseline rate`` (higher is better; 1.0 is "as fast as the
baseline"); the ``x time`` column is its inverse: how many times longer the subject takes for
the same work.

``durability``  Whole Pigsty bot games (``Referee.open`` + ``Referee.play_bots``, fixed seeds)
    on the default SQLite store, a temporary file, against the same games on the in-memory
    (POPO) store; actions/s.  The cost of writing every action to disk, including the reads
    eventsourcing does before each write.  Entries appended/s is given too.
``append``      ``Referee.act`` alone, replaying the recorded actions of those games on a fresh
    SQLite store, against raw ``sqlite3`` inserting the same JSON lines, grouped the same way
    (one transaction per action), with the journal mode (WAL) and ``synchronous`` setting that
    eventsourcing's SQLite connection has (read from it at run time); entries/s.  What the
    kernel (deciding, sealing, eventsourcing's load-and-save) costs on top of the database.
``replay``      ``referee.replay(registry, entries)`` against decoding the same JSON lines with
    ``msgspec.json.decode(line, type=Entry)``, the floor of any replay; entries/s.
``verify``      ``referee.verify`` (checks the hash chain, then re-decides every action)
    against ``referee.replay`` of the same entries; entries/s.
``load``        The first ``Referee.state()`` of a stored table on a new ``Referee`` over the
    same SQLite file (read the stream, decode the lines, replay) against ``replay`` of the same,
    already decoded, entries in memory; entries/s.  The file is in the OS page cache, so this
    is "a cold process, a warm disk".  The cost of creating the ``Referee`` (opening the store)
    is reported beside it, not in the ratio.

A ratio moving between runs on the same machine means more than any absolute figure; compare
ratios of one kind of machine only.  ``--profile`` adds cProfile summaries of a long game (the
slowest parts of the kernel), outside the timed measurements.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib.metadata
import io
import json
import os
import platform
import pstats
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

import referee.logging
import referee_pigsty.plugin
from referee import MEMORY, Entry, Referee, Registry, TableStore, replay, verify

MEASUREMENTS = ("durability", "append", "replay", "load")
GAME = "pigsty"
FARMERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
SYNCHRONOUS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}


# -- settings and reporting --------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    games: int
    """Pigsty games per sample (fixed seeds ``bench-0`` ...)."""
    seats: int
    reps: int
    """Repetitions of each comparison; medians are taken over them."""
    min_time: float
    """Fast operations (decode, replay, verify) are looped until a sample lasts this long (s)."""
    tmpdir: str | None
    only: tuple[str, ...]
    profile: bool

    @property
    def farmers(self) -> list[str]:
        return list(FARMERS[: self.seats])


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Series:
    """One side of a comparison: a rate per repetition."""

    label: str
    unit: str
    rates: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def spread(self) -> float:
        """(max - min) / median: how far apart the repetitions were."""
        return (max(self.rates) - min(self.rates)) / self.median if self.rates else 0.0

    def show(self) -> str:
        return f"{self.median:>10,.0f} {self.unit} ±{self.spread * 50:.0f}%"


@dataclass
class Comparison:
    """A subject against its baseline, measured in the same repetitions."""

    key: str
    title: str
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
            "unit": self.subject.unit,
            "subject": {"label": self.subject.label, "median": self.subject.median, "rates": self.subject.rates},
            "baseline": {"label": self.baseline.label, "median": self.baseline.median, "rates": self.baseline.rates},
            "ratio": {"median": self.ratio, "min": min(self.ratios), "max": max(self.ratios), "all": self.ratios},
            "notes": self.notes,
            **self.extra,
        }


def compare(
    key: str,
    title: str,
    settings: Settings,
    unit: str,
    subject: tuple[str, Callable[[], float]],
    baseline: tuple[str, Callable[[], float]],
) -> Comparison:
    """Run ``subject`` and ``baseline`` (each returning one rate) ``settings.reps`` times.

    The order alternates between repetitions so that a machine slowing down or speeding up
    during the run weighs on both sides alike; each ratio pairs the two samples of one
    repetition.  One untimed round first warms caches, imports and the allocator.
    """
    result = Comparison(key, title, Series(subject[0], unit), Series(baseline[0], unit))
    progress(f"[{key}] warm-up")
    subject[1]()
    baseline[1]()
    sides = [(subject, result.subject), (baseline, result.baseline)]
    for rep in range(1, settings.reps + 1):
        for (label, run), series in sides if rep % 2 else reversed(sides):
            gc.collect()
            rate = run()
            series.rates.append(rate)
            progress(f"[{key}] repetition {rep}/{settings.reps}: {label:<28} {rate:>10,.0f} {unit}")
    return result


def looped(run: Callable[[], int], min_time: float) -> float:
    """Rate of ``run`` (which returns how many items it handled), looped for ``min_time`` s."""
    items, start = 0, time.perf_counter()
    while True:
        items += run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return items / elapsed


# -- the games ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedGame:
    """One bot game as recorded on the in-memory store: what to replay, write and load."""

    table_id: str
    seed: str
    seats: list[str]
    lines: list[str]
    """The full log as exported (JSON Lines), the bytes the store keeps."""
    entries: list[Entry]
    actions: list[tuple[str, str, dict[str, Any]]]
    """``(seat, action, args)`` of every ActionTaken, in order."""
    groups: list[list[str]]
    """The lines appended together: the opening's, then each action's."""


def game_ids(settings: Settings) -> list[str]:
    # A fixed table id as well as a fixed seed: the bots may draw on either.
    return [f"bench-{n}" for n in range(settings.games)]


def play(app: Referee, settings: Settings) -> tuple[int, int]:
    """Open and play every game to its end with bots; ``(actions, entries)`` appended."""
    actions = entries = 0
    farmers = settings.farmers

    def count(_request: object, appended: list[Entry]) -> None:
        nonlocal actions, entries
        actions += 1
        entries += len(appended)

    for game_id in game_ids(settings):
        table_id = app.open(GAME, farmers, seed=game_id, table_id=game_id)
        entries += len(app.entries(table_id))
        app.play_bots(table_id, farmers, on_step=count)
    return actions, entries


def record_games(registry: Registry, settings: Settings) -> list[PlayedGame]:
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        play(app, settings)
        played = []
        for game_id in game_ids(settings):
            if not app.state(game_id).over:
                raise RuntimeError(f"bot game {game_id} did not end")
            lines = app.export(game_id).splitlines()
            entries = [msgspec.json.decode(line, type=Entry) for line in lines]
            actions: list[tuple[str, str, dict[str, Any]]] = []
            groups: list[list[str]] = []
            for entry, line in zip(entries, lines):
                if entry.type == "referee.ActionTaken" or not groups:
                    groups.append([])
                if entry.type == "referee.ActionTaken" and entry.event is not None:
                    actions.append((entry.event["seat"], entry.event["action"], entry.event["args"]))
                groups[-1].append(line)
            played.append(PlayedGame(game_id, game_id, settings.farmers, lines, entries, actions, groups))
    return played


class Scratch:
    """Fresh SQLite files in one temporary folder, removed with their -wal and -shm files."""

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


def eventsourcing_sqlite_pragmas(scratch: Scratch, registry: Registry) -> dict[str, Any]:
    """``journal_mode`` and ``synchronous`` as eventsourcing's own SQLite connection has them.

    eventsourcing 9.5 sets WAL and leaves ``synchronous`` at SQLite's default; reading it from
    a live connection keeps the raw baseline honest if either changes.
    """
    with scratch.file("pragmas") as path, Referee(path, registry=registry) as app:
        try:
            datastore = app.store.app.recorder.datastore  # type: ignore[attr-defined]
            with datastore.transaction(commit=False) as cursor:
                cursor.execute("PRAGMA journal_mode")
                journal = cursor.fetchone()[0]
                cursor.execute("PRAGMA synchronous")
                synchronous = int(cursor.fetchone()[0])
            source = "eventsourcing's connection"
        except AttributeError:  # another eventsourcing layout: a plain connection's defaults
            with sqlite3.connect(path) as plain:
                journal = "wal"
                synchronous = int(plain.execute("PRAGMA synchronous").fetchone()[0])
            source = "a plain sqlite3 connection (eventsourcing's was not reachable)"
    return {"journal_mode": str(journal).lower(), "synchronous": synchronous, "source": source}


# -- 1. durability: whole bot games, SQLite against memory -----------------------------------


def measure_durability(registry: Registry, settings: Settings, games: list[PlayedGame], scratch: Scratch) -> Comparison:
    expected = sum(len(g.actions) for g in games)
    entry_rates: dict[str, list[float]] = {"sqlite": [], "memory": []}

    def sample(kind: str) -> Callable[[], float]:
        def run() -> float:
            with scratch.file("games") as path, Referee(registry=registry, store=TableStore(path if kind == "sqlite" else MEMORY)) as app:
                start = time.perf_counter()
                actions, entries = play(app, settings)
                elapsed = time.perf_counter() - start
            if actions != expected:
                raise RuntimeError(f"the bot games took {actions} actions on {kind}, {expected} on the recording: not the same games")
            entry_rates[kind].append(entries / elapsed)
            return actions / elapsed

        return run

    result = compare(
        "durability",
        f"bot games ({settings.games} x {settings.seats} farmers): SQLite / memory",
        settings,
        "actions/s",
        ("SQLite store (temp file)", sample("sqlite")),
        ("in-memory store", sample("memory")),
    )
    # Entries/s rides along with actions/s; drop the warm-up's, which compare() did not keep.
    sqlite_entries, memory_entries = entry_rates["sqlite"][1:], entry_rates["memory"][1:]
    result.extra["entries_per_s"] = {"sqlite": sqlite_entries, "memory": memory_entries}
    result.notes.append(
        f"entries appended/s: SQLite {statistics.median(sqlite_entries):,.0f}, memory {statistics.median(memory_entries):,.0f}"
        f" ({sum(len(g.entries) for g in games) / expected:.1f} entries per action)"
    )
    return result


# -- 2. append: Referee.act against raw sqlite3 --------------------------------------------


def act_all(registry: Registry, games: list[PlayedGame], path: Path) -> tuple[int, float]:
    """Open every game on a store at ``path`` and retake its recorded actions with ``act``."""
    entries, elapsed = 0, 0.0
    with Referee(path, registry=registry) as app:
        for game in games:
            app.open(GAME, game.seats, seed=game.seed, table_id=game.table_id)
            start = time.perf_counter()
            for seat, action, args in game.actions:
                entries += len(app.act(game.table_id, seat, action, args))
            elapsed += time.perf_counter() - start
    expected = sum(len(g.entries) - len(g.groups[0]) for g in games)
    if entries != expected:
        raise RuntimeError(f"Referee.act appended {entries} entries, the recording has {expected}: not the same games")
    return entries, elapsed


def insert_raw(games: list[PlayedGame], path: Path, pragmas: dict[str, Any]) -> tuple[int, float]:
    """The same lines with plain sqlite3: one transaction per action, as the kernel commits."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute(f"PRAGMA journal_mode={pragmas['journal_mode']}")
        connection.execute(f"PRAGMA synchronous={pragmas['synchronous']}")
        connection.execute(
            "CREATE TABLE log (stream TEXT NOT NULL, position INTEGER NOT NULL, line TEXT NOT NULL, PRIMARY KEY (stream, position))"
        )
        insert = "INSERT INTO log (stream, position, line) VALUES (?, ?, ?)"
        lines, elapsed = 0, 0.0
        for game in games:
            position = 0

            def write(group: list[str], table_id: str = game.table_id) -> None:
                nonlocal position
                rows = [(table_id, position + n, line) for n, line in enumerate(group, start=1)]
                connection.execute("BEGIN")
                connection.executemany(insert, rows)
                connection.execute("COMMIT")
                position += len(group)

            write(game.groups[0])  # the opening, untimed as Referee.open is
            start = time.perf_counter()
            for group in game.groups[1:]:
                write(group)
                lines += len(group)
            elapsed += time.perf_counter() - start
    finally:
        connection.close()
    return lines, elapsed


def measure_append(
    registry: Registry, settings: Settings, games: list[PlayedGame], scratch: Scratch, pragmas: dict[str, Any]
) -> Comparison:
    def kernel() -> float:
        with scratch.file("act") as path:
            entries, elapsed = act_all(registry, games, path)
        return entries / elapsed

    def raw() -> float:
        # Much quicker than the kernel's side, and fsync-bound: looped, on a fresh file each
        # time, so that one slow flush of a shared disk does not decide the sample.
        lines, elapsed = 0, 0.0
        while elapsed < settings.min_time:
            with scratch.file("raw") as path:
                more, seconds = insert_raw(games, path, pragmas)
            lines, elapsed = lines + more, elapsed + seconds
        return lines / elapsed

    sync = SYNCHRONOUS.get(pragmas["synchronous"], str(pragmas["synchronous"]))
    result = compare(
        "append",
        "Referee.act on SQLite / raw sqlite3, one commit per action",
        settings,
        "entries/s",
        ("Referee.act (SQLite)", kernel),
        (f"raw sqlite3 ({pragmas['journal_mode']}, sync {sync})", raw),
    )
    result.notes.append(f"both sides: journal_mode={pragmas['journal_mode']}, synchronous={sync}, as read from {pragmas['source']}")
    return result


# -- 3. replay and verify ------------------------------------------------------------------


def decode_all(games: Sequence[PlayedGame]) -> int:
    for game in games:
        for line in game.lines:
            msgspec.json.decode(line, type=Entry)
    return sum(len(g.lines) for g in games)


def replay_all(registry: Registry, games: Sequence[PlayedGame]) -> int:
    for game in games:
        replay(registry, game.entries)
    return sum(len(g.entries) for g in games)


def verify_all(registry: Registry, games: Sequence[PlayedGame]) -> int:
    for game in games:
        verify(registry, game.entries)
    return sum(len(g.entries) for g in games)


def measure_replay(registry: Registry, settings: Settings, games: list[PlayedGame]) -> list[Comparison]:
    for game in games:  # a correctness check, once, so that a failing verify is not timed as a fast one
        verdict = verify(registry, game.entries)
        if not verdict.ok:
            raise RuntimeError(f"the recorded game {game.table_id} does not verify: {verdict.message}")
    replay_side = ("referee.replay", lambda: looped(lambda: replay_all(registry, games), settings.min_time))
    return [
        compare(
            "replay",
            "referee.replay / msgspec decode of the same lines",
            settings,
            "entries/s",
            replay_side,
            ("msgspec.json.decode(type=Entry)", lambda: looped(lambda: decode_all(games), settings.min_time)),
        ),
        compare(
            "verify",
            "referee.verify / referee.replay",
            settings,
            "entries/s",
            ("referee.verify", lambda: looped(lambda: verify_all(registry, games), settings.min_time)),
            replay_side,
        ),
    ]


# -- 4. load: a stored table on a new Referee --------------------------------------------


def measure_load(registry: Registry, settings: Settings, games: list[PlayedGame], scratch: Scratch) -> Comparison:
    path = scratch.new("stored")
    act_all(registry, games, path)
    opens: list[float] = []

    def load() -> float:
        """Entries/s of the first ``state()`` of each game, each on a new Referee, looped."""
        entries, loading, start = 0, 0.0, time.perf_counter()
        while time.perf_counter() - start < settings.min_time:
            for game in games:
                before = time.perf_counter()
                with Referee(path, registry=registry) as app:
                    opened = time.perf_counter()
                    app.state(game.table_id)
                    loading += time.perf_counter() - opened
                opens.append(opened - before)
                entries += len(game.entries)
        return entries / loading

    result = compare(
        "load",
        "first Referee.state() on a new Referee (SQLite) / replay in memory",
        settings,
        "entries/s",
        ("first state(), new Referee", load),
        ("referee.replay", lambda: looped(lambda: replay_all(registry, games), settings.min_time)),
    )
    Scratch.remove(path)
    result.notes.append(
        f"creating the Referee (opening the SQLite store), not in the ratio: median {statistics.median(opens) * 1000:.2f} ms;"
        f" a game's log is about {statistics.median(len(g.entries) for g in games):.0f} entries"
    )
    result.extra["open_store_seconds"] = statistics.median(opens)
    return result


# -- profile: where a long game spends its time ------------------------------------------


def top_functions(profile: cProfile.Profile, count: int) -> list[str]:
    """The ``count`` functions with most cumulative time, leaving out this file's own."""
    stats = pstats.Stats(profile, stream=io.StringIO())
    rows = []
    for (filename, line, name), (_cc, calls, _tt, cumulative, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if filename == __file__ or name in ("<built-in method builtins.exec>", "<lambda>"):
            continue
        where = "/".join(Path(filename).parts[-2:]) if filename != "~" else "(built-in)"
        rows.append((cumulative, f"{cumulative:8.3f} s {calls:>9,} calls  {name}  ({where}:{line})"))
    rows.sort(reverse=True)
    return [text for _, text in rows[:count]]


def run_profiles(registry: Registry, settings: Settings, scratch: Scratch) -> list[str]:
    """cProfile of a long bot game on SQLite, and of the replay and verify of its log (not timed)."""
    out = []
    farmers = settings.farmers
    long_options = {"palace_pigs": 100_000}  # the game then ends only by its other ways: a long log
    path = scratch.new("profile")
    with Referee(path, registry=registry) as app:
        table_id = app.open(GAME, farmers, seed="bench-long", table_id="bench-long", options=long_options)
        steps: list[float] = []
        last = time.perf_counter()

        def step(_request: object, _entries: object) -> None:
            nonlocal last
            now = time.perf_counter()
            steps.append(now - last)
            last = now

        profile = cProfile.Profile()
        profile.enable()
        app.play_bots(table_id, farmers, on_step=step)
        profile.disable()
        entries = app.entries(table_id)
    quarter = max(1, len(steps) // 4)
    per_quarter = [statistics.mean(steps[i * quarter : (i + 1) * quarter]) * 1000 for i in range(4)]
    out.append(f"long bot game on SQLite: {len(steps)} actions, {len(entries)} entries (profiled, so slow)")
    out.append("  ms per action by quarter of the game: " + ", ".join(f"{ms:.2f}" for ms in per_quarter))
    out += ["  " + row for row in top_functions(profile, 12)]

    profile = cProfile.Profile()
    profile.enable()
    for _ in range(5):
        replay(registry, entries)
    profile.disable()
    out.append(f"referee.replay of that log ({len(entries)} entries) x5")
    out += ["  " + row for row in top_functions(profile, 10)]

    profile = cProfile.Profile()
    profile.enable()
    verify(registry, entries)
    profile.disable()
    out.append(f"referee.verify of that log ({len(entries)} entries) x1")
    out += ["  " + row for row in top_functions(profile, 10)]
    Scratch.remove(path)
    return out


# -- the report ------------------------------------------------------------------------------


def versions() -> dict[str, str]:
    found = {"python": platform.python_version(), "sqlite": sqlite3.sqlite_version}
    for dist in ("referee", "referee-pigsty", "eventsourcing", "msgspec", "pluggy"):
        try:
            found[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            found[dist] = "not installed"
    return found


def table(results: list[Comparison]) -> str:
    header = f"{'measurement':<11} {'subject (median ± half-range)':<36} {'baseline (median ± half-range)':<36} {'ratio':>6} {'[min-max]':<13} {'x time':>6}"
    lines = [header, "-" * len(header)]
    for r in results:
        low, high = min(r.ratios), max(r.ratios)
        lines.append(
            f"{r.key:<11} {r.subject.show():<36} {r.baseline.show():<36} {r.ratio:>6.3f} [{low:.3f}-{high:.3f}] {1 / r.ratio:>6.1f}"
        )
    lines.append("")
    for r in results:
        lines.append(f"{r.key}: {r.title}")
        lines.append(f"    subject:  {r.subject.label}; baseline: {r.baseline.label}")
        lines += [f"    {note}" for note in r.notes]
    return "\n".join(lines)


def parse(argv: Sequence[str] | None) -> tuple[Settings, str | None]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog="Every speed is a ratio to a baseline of the same run.")
    parser.add_argument("--quick", action="store_true", help="a smoke run of about 15 s: fewer games, repetitions and shorter samples")
    parser.add_argument("--json", metavar="FILE", help="also write every sample and ratio to FILE as JSON")
    parser.add_argument("--games", type=int, help="bot games per sample (default 8; --quick 3)")
    parser.add_argument("--seats", type=int, default=5, help="farmers per game (default 5)")
    parser.add_argument("--reps", type=int, help="repetitions per comparison (default 5; --quick 3)")
    parser.add_argument("--min-time", type=float, help="seconds per sample of the fast loops (default 0.5; --quick 0.1)")
    parser.add_argument("--tmpdir", help="where the SQLite files go (the filesystem decides what a commit costs)")
    parser.add_argument("--only", action="append", choices=MEASUREMENTS, help="run only this measurement (repeatable)")
    parser.add_argument("--profile", action="store_true", help="also profile a long game and its replay (cProfile, untimed)")
    args = parser.parse_args(argv)
    if not 3 <= args.seats <= len(FARMERS):
        parser.error(f"--seats must be 3 to {len(FARMERS)}")
    settings = Settings(
        games=args.games or (3 if args.quick else 8),
        seats=args.seats,
        reps=args.reps or (3 if args.quick else 5),
        min_time=args.min_time or (0.1 if args.quick else 0.5),
        tmpdir=args.tmpdir,
        only=tuple(args.only or MEASUREMENTS),
        profile=args.profile,
    )
    return settings, args.json


def main(argv: Sequence[str] | None = None) -> int:
    settings, json_path = parse(argv)
    referee.logging.configure("error")  # the kernel's info lines would drown the progress
    started, clock = datetime.now(UTC), time.perf_counter()
    # Pigsty alone, not every installed plugin: a house rule installed on one machine (and
    # chosen by default) would change the games, and the ratios would not compare.
    registry = Registry([referee_pigsty.plugin], entry_points=False)
    scratch = Scratch(settings.tmpdir)
    try:
        progress(f"recording {settings.games} bot games of {settings.seats} farmers on the in-memory store")
        games = record_games(registry, settings)
        pragmas = eventsourcing_sqlite_pragmas(scratch, registry)
        results: list[Comparison] = []
        if "durability" in settings.only:
            results.append(measure_durability(registry, settings, games, scratch))
        if "append" in settings.only:
            results.append(measure_append(registry, settings, games, scratch, pragmas))
        if "replay" in settings.only:  # replay and verify
            results += measure_replay(registry, settings, games)
        if "load" in settings.only:
            results.append(measure_load(registry, settings, games, scratch))
        profile = run_profiles(registry, settings, scratch) if settings.profile else []
    finally:
        scratch.close()
    duration = time.perf_counter() - clock

    found = versions()
    actions = sum(len(g.actions) for g in games)
    entries = sum(len(g.entries) for g in games)
    print("Referee benchmarks: ratios to baselines measured in this run (ratio = subject rate / baseline rate; x time = 1 / ratio)")
    print(
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        + ", ".join(f"{k} {v}" for k, v in found.items())
        + f"; SQLite files in {scratch.path.parent}"
    )
    print(
        f"{settings.games} games x {settings.seats} farmers ({actions} actions, {entries} entries), "
        f"{settings.reps} repetitions, loops of {settings.min_time} s; run took {duration:.1f} s"
    )
    print()
    print(table(results))
    if profile:
        print()
        print("\n".join(profile))

    if json_path:
        document = {
            "started": started.isoformat(timespec="seconds"),
            "seconds": duration,
            "machine": {"system": platform.system(), "machine": platform.machine(), "cpus": os.cpu_count()},
            "versions": found,
            "settings": {k: v for k, v in settings.__dict__.items()},
            "sqlite_pragmas": pragmas,
            "workload": {"games": settings.games, "actions": actions, "entries": entries},
            "results": [r.as_json() for r in results],
            "profile": profile,
        }
        Path(json_path).parent.mkdir(parents=True, exist_ok=True)
        Path(json_path).write_text(json.dumps(document, indent=2) + "\n")
        progress(f"results written to {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
