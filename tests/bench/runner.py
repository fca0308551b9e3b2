"""Puts the rows together: options, the order rows run in, the report.

Every game installed is played (a missing one is left out with a message); ``--only`` and
``--game`` narrow the run.  Progress goes to stderr as the rows run, the table to stdout,
every sample, ratio, count and note to the JSON file.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import referee.logging
from referee import Registry

from . import counts, durable, lab, long, postgres, processes, report, searching, verifying
from .common import GAMES, KERNEL_TESTS, ROOT, Row, Scratch, Settings, progress, record_game

ROWS = (
    "counts",
    "verify",
    "verify-floor",
    "cli-verify",
    "durable",
    "cli-game",
    "lab",
    "cli-tables",
    "warm-act",
    "cli-act-long",
    "cli-tables-long",
    "cli-start",
    "pg-open",
    "pg-writers",
    "search",
)
"""Groups of rows, as ``--only`` names them (README.md says which rows each one makes)."""


def parse(argv: Sequence[str] | None) -> tuple[Settings, str]:
    parser = argparse.ArgumentParser(
        description="Referee benchmarks: ratios to baselines measured in the same run (tests/bench/README.md)."
    )
    parser.add_argument("--quick", action="store_true", help="a short run (about 2 minutes on 2 cores): fewer repetitions, shorter loops")
    parser.add_argument("--json", metavar="FILE", default="bench-results/latest.json", help="where the JSON goes (default %(default)s)")
    parser.add_argument("--reps", type=int, help="repetitions per timed comparison (default 5; --quick 3)")
    parser.add_argument("--long", type=int, help="entries of the long table (default 100,000; --quick 5,000)")
    parser.add_argument("--tables", type=int, help="tables in the store of the cli-tables row (default 1,000; --quick 1,000)")
    parser.add_argument("--min-time", type=float, help="seconds per sample of a looped measurement (default 0.5; --quick 0.1)")
    parser.add_argument("--cli-runs", type=int, help="runs of a command per sample (default 3; --quick 1)")
    parser.add_argument("--pg-rounds", type=int, default=10, help="rounds of 4 concurrent PostgreSQL opens (default 10; --quick 3)")
    parser.add_argument(
        "--max-actions",
        type=int,
        help="actions of each bot game played on SQLite (durable) or through the web server (counts); 0: to its end (default; --quick 40)",
    )
    parser.add_argument("--tmpdir", help="where the SQLite files go (the filesystem decides what a commit costs)")
    parser.add_argument("--only", action="append", choices=ROWS, help="run only these groups of rows (repeatable)")
    parser.add_argument("--game", action="append", choices=[g.name for g in GAMES], help="play only these games (repeatable)")
    args = parser.parse_args(argv)
    settings = Settings(
        reps=args.reps or (3 if args.quick else 5),
        long=args.long or (5_000 if args.quick else 100_000),
        tables=args.tables or 1_000,
        min_time=args.min_time or (0.1 if args.quick else 0.5),
        cli_runs=args.cli_runs or (1 if args.quick else 3),
        pg_rounds=args.pg_rounds if not args.quick else min(args.pg_rounds, 3),
        tmpdir=args.tmpdir,
        only=tuple(args.only or ROWS),
        games=tuple(args.game or [g.name for g in GAMES]),
        quick=args.quick,
        max_actions=args.max_actions if args.max_actions is not None else (40 if args.quick else 0),
    )
    return settings, args.json


PER_GAME = {"counts", "verify", "verify-floor", "cli-verify", "durable", "cli-game", "lab", "search"}
LONG = {"warm-act", "cli-act-long", "cli-tables-long"}


def game_rows(registry: Registry, settings: Settings, scratch: Scratch) -> list[Row]:
    results: list[Row] = []
    pragmas = durable.eventsourcing_pragmas(scratch) if settings.wants("durable") else {}
    for spec in GAMES:
        if spec.name not in settings.games:
            continue
        if spec.name not in registry.games:
            progress(f"{spec.name} is not installed: its rows are left out")
            continue
        progress(f"== {spec.name}: recording a {spec.seats}-seat bot game")
        game = record_game(registry, spec)
        if settings.wants("counts"):
            results += counts.rows_for_game(registry, game, scratch.new(f"web-{spec.name}"), max_actions=settings.max_actions)
            progress(f"[rules/cli/verify/{spec.name}] counting one referee verify FILE")
            results.append(processes.verify_file_row(registry, game.lines, spec.name, scratch))
        if settings.wants("verify"):
            results.append(verifying.measure_verify(registry, settings, game))
        if settings.wants("verify-floor"):
            results.append(verifying.measure_floor(registry, settings, game))
        if settings.wants("cli-verify"):
            results.append(verifying.measure_cli_verify(settings, game, scratch))
        if settings.wants("durable"):
            results.append(durable.measure_durable(registry, settings, game, scratch, pragmas))
        if settings.wants("cli-game"):
            results += processes.game_rows(registry, settings, spec, scratch)
        if settings.wants("lab"):
            results += lab.lab_rows(registry, settings, spec)
        if settings.wants("search") and (row := searching.measure_search(registry, settings, game)) is not None:
            results.append(row)
    return results


def as_installed() -> None:
    """Run the measured commands as a pip install leaves them: with their bytecode written.
    ``pip install`` compiles a package's modules; an editable checkout (and an environment
    with ``PYTHONDONTWRITEBYTECODE`` set) would compile every module on every start, which
    is not the start-up a user sees."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    for part in ("kernel", "plugins", "adapters"):
        compileall.compile_dir(ROOT / part, quiet=1)


def main(argv: Sequence[str] | None = None) -> int:
    settings, json_path = parse(argv)
    as_installed()
    referee.logging.configure("error")  # the kernel's info lines would drown the progress
    started, clock = datetime.now(UTC), time.perf_counter()
    scratch = Scratch(settings.tmpdir)
    results: list[Row] = []
    pg: dict[str, Any] | None = None
    try:
        # The tally game is found the way any installed plugin is, here and in the CLI's
        # processes, so the tables built here are the same plugin set the CLI loads.
        site = long.tally_plugin_dir(scratch)
        sys.path[:0] = [str(site), str(KERNEL_TESTS)]
        registry = Registry()
        if PER_GAME & set(settings.only):
            results += game_rows(registry, settings, scratch)
        if settings.wants("cli-tables"):
            results += processes.tables_rows(registry, settings, scratch)
        if LONG & set(settings.only):
            results += long.long_rows(registry, settings, scratch, site)
        if settings.wants("cli-start"):
            results += processes.start_rows(settings)
        url = os.environ.get("REFEREE_TEST_POSTGRES")
        if url and settings.wants("pg-open"):
            pg = postgres.measure_pg_open(settings, url)
        if url and settings.wants("pg-writers"):
            results.append(postgres.measure_pg_writers(settings, url))
    finally:
        scratch.close()
    seconds = time.perf_counter() - clock
    print(report.text(results, pg, settings, seconds))
    Path(json_path).parent.mkdir(parents=True, exist_ok=True)
    document = report.document(results, pg, settings, started.isoformat(timespec="seconds"), seconds)
    Path(json_path).write_text(json.dumps(document, indent=2) + "\n")
    progress(f"results written to {json_path}")
    return 0
