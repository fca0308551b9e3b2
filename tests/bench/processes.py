"""The CLI as people run it, a new process each time: wall time and peak RSS against
``python -c pass``, and what one call does (plugin managers built, store reads), counted by
``probe.py`` in a process of its own."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee import MEMORY, Referee, Registry, TableStore

from .common import NAMES, Comparison, CountRow, GameSpec, Scratch, Settings, compare, copy_store, open_game, progress

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

PROBE = Path(__file__).with_name("probe.py")

Argv = list[str] | Callable[[], list[str]]
"""A command, or a function giving the next one (a command that changes the store, such as
``act``, needs a fresh answer each run; preparing it is not timed)."""


@dataclass
class Run:
    seconds: float
    rss_mib: float


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
    subject: tuple[str, Argv, dict[str, str]],
    baseline: tuple[str, Argv, dict[str, str]],
) -> Comparison:
    """Runs/s of two commands (each sample the median of ``cli_runs`` runs), with peak RSS."""
    rss: dict[str, list[float]] = {"subject": [], "baseline": []}

    def sampler(side: str, argv: Argv, env: dict[str, str]) -> Callable[[], float]:
        def run() -> float:
            runs = [run_process(argv() if callable(argv) else argv, env) for _ in range(settings.cli_runs)]
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
        warm_up=not settings.quick,
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


def nothing() -> tuple[str, list[str], dict[str, str]]:
    """The baseline of every start-up row: a Python that does nothing."""
    return ("python -c pass", [sys.executable, "-c", "pass"], dict(os.environ))


# -- what one call does, counted -----------------------------------------------------------


def probe(arguments: Sequence[str], env: dict[str, str], out: Path) -> dict[str, Any]:
    """``referee ARGUMENTS`` run once in a new process by ``probe.py``, counting as it goes."""
    done = subprocess.run([sys.executable, str(PROBE), str(out), *arguments], env=env, capture_output=True, text=True)
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"referee {' '.join(arguments)} failed under the probe ({done.returncode}): {done.stderr.strip()[-500:]}")
    found: dict[str, Any] = json.loads(out.read_text())
    out.unlink()
    return found


def probe_row(command: str, found: dict[str, Any], floor: float = 1.0) -> CountRow:
    rules = found["totals"]["rules"]
    row = CountRow(
        f"rules/cli/{command}",
        f"plugin managers (Rules) built by one `referee {command}`",
        "call",
        None if rules is None else float(rules),
        floor,
        f"{floor:g}",
        missing=found["missing"].get("rules", []),
    )
    reads = found["totals"]["reads"]
    row.breakdown = {f"store reads: {label}": float(n) for label, n in found["counts"]["reads"].items()}
    row.notes.append(f"store reads in that call: {'n/a' if reads is None else reads}; full state copies: {found['totals']['copies']}")
    return row


# -- rows ------------------------------------------------------------------------------------


#: What every ``referee`` call imports before any of Referee's own code runs: the parser, the
#: entry-point metadata, and the libraries the design chooses (the store's SQLite backend
#: comes with eventsourcing).  A CLI call cannot start faster than this; its rows are
#: read against ``python -c pass`` and against this floor.
LIBRARIES = "import argparse, importlib.metadata, msgspec, pluggy, structlog, eventsourcing.sqlite"


def start_rows(settings: Settings) -> list[Comparison]:
    plain = dict(os.environ)
    return [
        measure_process(
            "cli-floor",
            "importing the libraries every referee call needs / python -c pass (the floor of the CLI rows)",
            "x time (the floor: no goal)",
            settings,
            ("import the libraries", [sys.executable, "-c", LIBRARIES], plain),
            nothing(),
        ),
        measure_process(
            "cli-help",
            "referee --help / python -c pass",
            "x time <= 6",
            settings,
            ("referee --help", [*referee_command(), "--help"], plain),
            nothing(),
        ),
        measure_process(
            "cli-games",
            "referee games / python -c pass",
            "x time <= 10",
            settings,
            ("referee games", [*referee_command(), "games"], plain),
            nothing(),
        ),
    ]


class ActionFeed:
    """The next legal ``referee act`` on a game's table in a SQLite store: a bot's answer to
    the first open request, chosen here (uncounted, untimed); a new table when one ends."""

    def __init__(self, registry: Registry, spec: GameSpec, db: Path) -> None:
        self.spec = spec
        self.db = db
        self.app = Referee(db, registry=registry)
        self.tables = 0
        self.table_id = self._new_table()

    def _new_table(self) -> str:
        self.tables += 1
        return open_game(self.app, self.spec, f"cli-{self.spec.name}-{self.tables}")

    def base(self) -> list[str]:
        return [*referee_command(), "--log-level", "error", "--db", str(self.db)]

    def arguments(self) -> list[str]:
        if self.app.over(self.table_id):
            self.table_id = self._new_table()
        request = self.app.requests(self.table_id)[0]
        answer = self.app.bots.answer(self.table_id, request)
        return ["act", self.table_id, request.seat, request.action, "--args", json.dumps(answer), "--request", request.id]

    def act(self) -> list[str]:
        return [*self.base(), *self.arguments()]

    def view(self) -> list[str]:
        seat = NAMES[0]
        if not self.app.over(self.table_id):
            seat = self.app.requests(self.table_id)[0].seat
        return [*self.base(), "view", self.table_id, "--seat", seat]

    def close(self) -> None:
        self.app.close()


def game_rows(registry: Registry, settings: Settings, spec: GameSpec, scratch: Scratch) -> list[Comparison | CountRow]:
    """``referee act`` and ``referee view`` on a table of ``spec``'s game against ``python -c
    pass``; and the plugin managers each builds."""
    feed = ActionFeed(registry, spec, scratch.new(f"cli-{spec.name}"))
    env = dict(os.environ)
    try:
        rows: list[Comparison | CountRow] = [
            measure_process(
                f"cli-act/{spec.name}",
                f"referee act on a {spec.name} table (a bot's answer) / python -c pass",
                "x time <= 10",
                settings,
                ("referee act", feed.act, env),
                nothing(),
            ),
            measure_process(
                f"cli-view/{spec.name}",
                f"referee view of a {spec.name} table / python -c pass",
                "x time <= 10",
                settings,
                ("referee view", feed.view, env),
                nothing(),
            ),
        ]
        progress(f"[rules/cli/{spec.name}] counting one act and one view")
        out = scratch.new("probe", ".json")
        act = probe(["--log-level", "error", "--db", str(feed.db), *feed.arguments()], env, out)
        view = probe(feed.view()[len(referee_command()) :], env, out)
        for command, found in (("act", act), ("view", view)):
            row = probe_row(command, found)
            row.key = f"rules/cli/{command}/{spec.name}"
            row.title += f" on a {spec.name} table"
            rows.append(row)
        return rows
    finally:
        feed.close()


def many_tables_store(registry: Registry, count: int, path: Path) -> None:
    """``count`` small three-seat Pigsty tables (the rulebook alone), opened in memory by
    ``Referee.open`` and copied, stored event by stored event, into a SQLite file."""
    with TableStore(MEMORY) as memory:
        app = Referee(registry=registry, store=memory)
        for n in range(count):
            app.open("pigsty", list(NAMES[:3]), seed=f"many-{n}", table_id=f"pigsty-{n:05d}", extensions=[])
        with TableStore(path) as target:
            copy_store(memory, target)


def tables_rows(registry: Registry, settings: Settings, scratch: Scratch) -> list[Comparison | CountRow]:
    """``referee tables`` with ``settings.tables`` tables in the store against ``python -c pass``."""
    if "pigsty" not in registry.games:
        progress("pigsty is not installed: the cli-tables row is left out")
        return []
    path = scratch.new(f"{settings.tables}-tables")
    progress(f"[cli-tables] opening {settings.tables:,} Pigsty tables")
    many_tables_store(registry, settings.tables, path)
    argv = [*referee_command(), "--log-level", "error", "--db", str(path), "tables"]
    row = measure_process(
        "cli-tables",
        f"referee tables with {settings.tables:,} small Pigsty tables in the store / python -c pass",
        "reported (seconds per call)",
        settings,
        (f"referee tables ({settings.tables:,} tables)", argv, dict(os.environ)),
        nothing(),
    )
    row.extra["seconds"] = 1 / row.subject.median
    row.notes.insert(0, f"one `referee tables` with {settings.tables:,} tables: {1 / row.subject.median:,.2f} s")
    progress("[rules/cli/tables] counting one call")
    found = probe(argv[len(referee_command()) :], dict(os.environ), scratch.new("probe", ".json"))
    counted = probe_row("tables", found)
    counted.title += f" with {settings.tables:,} Pigsty tables"
    return [row, counted]


def verify_file_row(registry: Registry, lines: Sequence[bytes], game: str, scratch: Scratch) -> CountRow:
    """The plugin managers one `referee verify FILE` builds."""
    path = scratch.new(f"{game}-log", ".jsonl")
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    found = probe(["--log-level", "error", "verify", str(path)], dict(os.environ), scratch.new("probe", ".json"))
    row = probe_row("verify", found)
    row.key = f"rules/cli/verify/{game}"
    row.title += f" of a {game} log"
    return row
