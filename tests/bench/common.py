"""What every group of rows shares: settings, progress lines, timed comparisons, count rows,
scratch files and the bot games every per-game row plays."""

from __future__ import annotations

import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from referee import MEMORY, Entry, Referee, Registry, TableStore
from referee.log import encode_line

ROOT = Path(__file__).resolve().parents[2]
KERNEL_TESTS = ROOT / "tests" / "kernel"
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
SHORT = 100
"""Entries of the short table every long one is compared with."""


@dataclass(frozen=True)
class GameSpec:
    """One installed game's bot game: the workload of every per-game row."""

    name: str
    seats: int
    extensions: list[str] | None
    """None: the game's default extensions; [] plays the rulebook alone (no house rules)."""


GAMES = (
    GameSpec("pigsty", 5, []),
    GameSpec("cashnguns", 6, None),
    GameSpec("pimp", 6, None),
    GameSpec("backhanding", 6, None),
    GameSpec("pornstar", 4, None),
)


@dataclass(frozen=True)
class Settings:
    reps: int
    long: int
    tables: int
    """Tables in the store of the ``cli-tables`` row."""
    min_time: float
    cli_runs: int
    pg_rounds: int
    tmpdir: str | None
    only: tuple[str, ...]
    games: tuple[str, ...]
    quick: bool
    max_actions: int = 0
    """Actions of each bot game played on SQLite or through the web server (0: to its end)."""

    def wants(self, row: str) -> bool:
        return row in self.only


_STARTED = time.perf_counter()


def progress(message: str) -> None:
    print(f"{time.perf_counter() - _STARTED:6.1f}s {message}", file=sys.stderr, flush=True)


# -- timed comparisons --------------------------------------------------------------------


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
    """A timed row: ratio = subject rate / baseline rate (higher is better)."""

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
            "kind": "time",
            "title": self.title,
            "goal": self.goal,
            "unit": self.subject.unit,
            "subject": {"label": self.subject.label, "median": self.subject.median, "rates": self.subject.rates},
            "baseline": {"label": self.baseline.label, "median": self.baseline.median, "rates": self.baseline.rates},
            "ratio": {"median": self.ratio, "min": min(self.ratios), "max": max(self.ratios), "x_time": 1 / self.ratio},
            "notes": self.notes,
            **self.extra,
        }


@dataclass
class CountRow:
    """A counted row: how many times something is done per unit of work, against the floor
    the design sets (``ratio`` = floor / count: 1.0 is at the floor, lower is more work)."""

    key: str
    title: str
    unit: str
    """What one is counted per: ``action``, ``event``, ``verify``, ``call``."""
    value: float | None
    """None: the kernel no longer has the name counted (n/a)."""
    floor: float
    goal: str
    notes: list[str] = field(default_factory=list)
    breakdown: dict[str, float] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float | None:
        if self.value is None or self.floor <= 0:
            return None
        return self.floor / self.value if self.value else float("inf")

    def as_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "kind": "count",
            "title": self.title,
            "goal": self.goal,
            "per": self.unit,
            "value": self.value,
            "floor": self.floor,
            "ratio": self.ratio,
            "breakdown": self.breakdown,
            "missing": self.missing,
            "notes": self.notes,
        }


def compare(
    key: str,
    title: str,
    goal: str,
    settings: Settings,
    unit: str,
    subject: tuple[str, Callable[[], float]],
    baseline: tuple[str, Callable[[], float]],
    *,
    warm_up: bool = True,
) -> Comparison:
    """Run ``subject`` and ``baseline`` (each returning one rate) ``settings.reps`` times,
    alternating which goes first so a machine slowing down mid-run weighs on both, after
    one untimed run of each (``warm_up``)."""
    result = Comparison(key, title, goal, Series(subject[0], unit), Series(baseline[0], unit))
    if warm_up:
        progress(f"[{key}] warm-up")
        subject[1]()
        baseline[1]()
    sides = [(subject, result.subject), (baseline, result.baseline)]
    for rep in range(1, settings.reps + 1):
        for (label, run), series in sides if rep % 2 else reversed(sides):
            gc.collect()
            series.rates.append(run())
            progress(f"[{key}] {rep}/{settings.reps}: {label:<40} {series.rates[-1]:>12,.1f} {unit}")
    return result


def looped(run: Callable[[], int], min_time: float) -> float:
    """Rate of ``run`` (which returns how many items it handled), looped for ``min_time`` s."""
    items, start = 0, time.perf_counter()
    while True:
        items += run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return items / elapsed


def timed(run: Callable[[], object], min_time: float) -> float:
    """Runs of ``run`` per second, looped for at least ``min_time`` s."""

    def once() -> int:
        run()
        return 1

    return looped(once, min_time)


class Scratch:
    """Files in one temporary folder, SQLite files removed with their -wal and -shm."""

    def __init__(self, parent: str | None) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="referee-bench-", dir=parent)
        self.path = Path(self._dir.name)
        self._n = 0

    def new(self, name: str, suffix: str = ".sqlite") -> Path:
        self._n += 1
        return self.path / f"{self._n:03d}-{name}{suffix}"

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


def open_game(app: Referee, spec: GameSpec, table_id: str | None = None) -> str:
    seats = list(NAMES[: spec.seats])
    table_id = table_id or f"bench-{spec.name}"
    return app.open(spec.name, seats, seed=f"bench-{spec.name}", table_id=table_id, extensions=spec.extensions)


class _Enough(Exception):
    """Stops ``play_bots`` after the actions asked for."""


def play_game(app: Referee, spec: GameSpec, max_actions: int = 0) -> int:
    """Open and play ``spec``'s bot game to its end (or ``max_actions``); returns the actions taken."""
    table_id = open_game(app, spec)
    actions = 0

    def count(_request: object, _entries: object) -> None:
        nonlocal actions
        actions += 1
        if actions == max_actions:
            raise _Enough

    with suppress(_Enough):
        app.bots.play(table_id, list(NAMES[: spec.seats]), on_step=count)
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


def grouped(entries: Sequence[Entry]) -> list[list[bytes]]:
    """The stored lines appended together: the opening's, then each action's."""
    groups: list[list[bytes]] = []
    for entry in entries:
        if entry.type == "referee.ActionTaken" or not groups:
            groups.append([])
        groups[-1].append(encode_line(entry))
    return groups


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


@dataclass
class Missing:
    """A row that could not be measured in this run (a name the kernel no longer has)."""

    key: str
    title: str
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "kind": "n/a", "title": self.title, "reason": self.reason}


Row = Comparison | CountRow | Missing
