"""Tables of many entries: a warm act, ``referee act`` and ``referee tables`` on a long table
against the same on a short one.

The long tables are grown with a throwaway game (``tests/kernel/tally.py``: each action adds
one mark, three entries) played in memory and copied stored event by stored event into a
SQLite file, snapshots included, so that the file is exactly what playing on SQLite would
have left.  The CLI finds that game as a third party's plugin would be found: an entry point,
declared by a ``.dist-info`` folder written next to the store and put on ``PYTHONPATH``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from referee import MEMORY, Referee, Registry, TableStore

from .common import KERNEL_TESTS, SHORT, Comparison, Scratch, Settings, compare, copy_store, looped, progress
from .processes import measure_process, referee_command


def tally_plugin_dir(scratch: Scratch) -> Path:
    """A folder that, on ``sys.path``, declares the tally game as an installed plugin."""
    site = scratch.path / "site"
    info = site / "referee_bench_tally-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: referee-bench-tally\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[referee]\ntally = tally\n")
    return site


def tally_env(site: Path) -> dict[str, str]:
    """The environment in which a CLI process finds the tally game."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(KERNEL_TESTS), os.environ.get("PYTHONPATH", "")])}


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


def one_table_store(registry: Registry, entries: int, path: Path) -> None:
    """A SQLite store holding one tally table of ``entries`` entries."""
    with TableStore(MEMORY) as alone:
        app = Referee(registry=registry, store=alone)
        app.open("tally", ["Ann", "Bob"], seed="alone", table_id="tally-alone")
        grow(app, "tally-alone", entries)
        with TableStore(path) as target:
            copy_store(alone, target)


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

        # A quarter or half a second at least: one act is a fraction of a millisecond.
        return lambda: looped(mark, max(settings.min_time, 0.25 if settings.quick else 0.5))

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


def long_rows(registry: Registry, settings: Settings, scratch: Scratch, site: Path) -> list[Comparison]:
    results: list[Comparison] = []
    progress(f"growing a {settings.long:,}-entry tally table in memory")
    memory = TableStore(MEMORY)
    memory_ids = build_tally_tables(registry, memory, settings.long)
    long_db = scratch.new("long")
    with TableStore(long_db) as target:
        copied = copy_store(memory, target)
    progress(f"copied {copied:,} stored events to {long_db.name}")
    if settings.wants("warm-act"):
        with TableStore(long_db) as on_disk:
            results.append(measure_warm_act(registry, settings, "sqlite", on_disk, memory_ids))
        results.append(measure_warm_act(registry, settings, "memory", memory, memory_ids))
    env = tally_env(site)
    cli = [*referee_command(), "--log-level", "error", "--db", str(long_db)]
    if settings.wants("cli-act-long"):
        long_id, short_id = memory_ids
        results.append(
            measure_process(
                "cli-act-long",
                f"referee act on a table of {settings.long:,} entries / of {SHORT}",
                "x time <= 1.5",
                settings,
                ("referee act (long table)", [*cli, "act", long_id, "Ann", "mark", "--args", "{}"], env),
                ("referee act (short table)", [*cli, "act", short_id, "Ann", "mark", "--args", "{}"], env),
            )
        )
    if settings.wants("cli-tables-long"):
        only_long, only_short = scratch.new("only-long"), scratch.new("only-short")
        one_table_store(registry, settings.long, only_long)
        one_table_store(registry, SHORT, only_short)
        base = [*referee_command(), "--log-level", "error", "--db"]
        results.append(
            measure_process(
                "cli-tables-long",
                f"referee tables: one {settings.long:,}-entry table in the store / one {SHORT}-entry table",
                "independent of the table's length",
                settings,
                ("referee tables (one long table)", [*base, str(only_long), "tables"], env),
                ("referee tables (one short table)", [*base, str(only_short), "tables"], env),
            )
        )
    memory.close()
    return results
