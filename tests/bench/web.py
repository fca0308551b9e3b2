"""A bounded loopback load benchmark of the web server (issue 15): actions per second and the
latency of one action (p50, p99) with 1, 10 and 100 tables played at once, on SQLite and on
PostgreSQL, served by one and by two server processes.

Run with ``nox -s web_bench`` (``-- --quick`` for a short run; ``REFEREE_TEST_POSTGRES=...``
adds the PostgreSQL rows).  Nothing is asserted: it reports.

Each table is a three-farmer Pigsty table whose seats are played by this script as three
people's browsers would: each seat holds its live WebSocket and answers each request pushed
to it (``POST .../act``, empty orders).  The last orders of a turn
also resolve the turn.  Tables are opened before the clock starts.  With two processes, the
seats of a table talk to alternate processes, so most actions follow one taken on the other
process.  The latency is the round trip of ``POST .../act``, which decides, appends, and
returns; the client runs in this process on the same machine, so it competes with the
servers for the same cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def _server(db: str, watch: float):  # type: ignore[no-untyped-def]
    port = _port()
    # The load comes from one address: the limits a server sets per client would measure themselves.
    command = [sys.executable, "-m", "referee_web", "--db", db, "--port", str(port), "--rate", "1000000", "--burst", "1000000"]
    command += ["--tables-per-minute", "1000000", "--connections-per-client", "1000000"]
    command += ["--watch", str(watch)]
    proc = subprocess.Popen([*command, "--bot-pause", "0", "--log-level", "warning"], stdout=subprocess.DEVNULL)
    address = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{address}/api/games", timeout=2).status_code == 200:
                break
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the server on {db} did not start")
        time.sleep(0.1)
    try:
        yield address
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


SEATS = ["Ann", "Bob", "Cleo"]


def _answer(shapes: dict[str, Any]) -> dict[str, Any]:
    """The plainest legal answer of each field: empty orders, the first option, the least amount."""
    args: dict[str, Any] = {}
    for name, shape in shapes.items():
        kind = shape["kind"]
        if kind == "text":
            args[name] = ""
        elif kind == "pick":
            args[name] = shape["options"][0]["value"]
        elif kind == "amount":
            args[name] = shape.get("min", 0)
    return args


async def _open(client: httpx.AsyncClient, address: str) -> dict[str, Any]:
    """A table, with each seat's invitation claimed as its browser would (the claims are not timed)."""
    body = {"game": "pigsty", "seats": SEATS, "options": {"turn_limit": 100_000}}
    opened = dict((await client.post(f"{address}/api/tables", json=body)).json())
    for seat, invitation in opened["invitations"].items():
        url = f"{address}/api/tables/{opened['table']}/seats/{seat}/claim"
        opened["tokens"][seat] = (await client.post(url, headers={"Authorization": f"Bearer {invitation}"})).json()["credential"]
    return opened


class _Clock:
    """The timed window: every seat is connected and has its first update before it opens."""

    def __init__(self, seats: int) -> None:
        self.waiting = seats
        self.ready = asyncio.Event()
        self.go = asyncio.Event()
        self.until = 0.0

    def arrived(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.ready.set()


async def _seat(
    client: httpx.AsyncClient,
    address: str,
    table: str,
    seat: str,
    token: str,
    clock: _Clock,
    latencies: list[float],
    counts: dict[str, int],
) -> None:
    """One seat's browser: it holds the live connection, and answers each request pushed to it."""
    headers = {"Authorization": f"Bearer {token}"}
    answered: set[str] = set()
    async with connect(f"ws://{address.removeprefix('http://')}/api/tables/{table}/seats/{seat}/live", max_size=None) as socket:
        await socket.send(json.dumps({"token": token, "after": 0}))
        update = json.loads(await socket.recv())
        clock.arrived()
        await clock.go.wait()
        while True:
            for request in update.get("view", {}).get("requests", []):
                if request["id"] in answered or time.monotonic() >= clock.until:
                    continue
                answered.add(request["id"])
                began = time.perf_counter()
                done = await client.post(
                    f"{address}/api/tables/{table}/seats/{seat}/act",
                    json={"action": request["action"], "args": _answer(request["answer"]), "request": request["id"]},
                    headers=headers,
                )
                latencies.append(time.perf_counter() - began)
                counts[str(done.status_code)] = counts.get(str(done.status_code), 0) + 1
            left = clock.until - time.monotonic()
            if left <= 0:
                return
            try:
                update = json.loads(await asyncio.wait_for(socket.recv(), timeout=left))
            except TimeoutError:
                return


async def _load(addresses: list[str], tables: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    counts: dict[str, int] = {}
    limits = httpx.Limits(max_connections=max(20, tables * 3), max_keepalive_connections=max(20, tables * 3))
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        # Tables are opened and every page connected before the clock starts: that is not what is measured.
        opened = [await _open(client, addresses[n % len(addresses)]) for n in range(tables)]
        clock = _Clock(tables * len(SEATS))
        seats = [
            asyncio.ensure_future(
                _seat(client, addresses[i % len(addresses)], t["table"], seat, t["tokens"][seat], clock, latencies, counts)
            )
            for t in opened
            for i, seat in enumerate(SEATS)
        ]
        await clock.ready.wait()
        began = time.monotonic()
        clock.until = began + seconds
        clock.go.set()
        await asyncio.gather(*seats)
        elapsed = time.monotonic() - began
    latencies.sort()
    ok = counts.get("200", 0)
    return {
        "actions": ok,
        "actions_per_s": ok / elapsed,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else None,
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else None,
        "statuses": counts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="2 s per row instead of 8")
    parser.add_argument("--seconds", type=float, help="seconds of load per row")
    parser.add_argument("--tables", default="1,10,100", help="table counts, comma-separated")
    parser.add_argument("--json", default="bench-results/web.json", help="where to write every figure")
    options = parser.parse_args()
    seconds = options.seconds or (2.0 if options.quick else 8.0)
    counts = [int(n) for n in options.tables.split(",")]
    stores: list[tuple[str, str]] = []
    scratch = tempfile.TemporaryDirectory(prefix="referee-web-bench-")
    stores.append(("sqlite", str(Path(scratch.name) / "bench.sqlite")))
    if os.environ.get("REFEREE_TEST_POSTGRES"):
        stores.append(("postgresql", os.environ["REFEREE_TEST_POSTGRES"]))
    else:
        print("REFEREE_TEST_POSTGRES is not set: SQLite rows only", file=sys.stderr)
    rows = []
    print(f"{'store':<11} {'processes':>9} {'tables':>6} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8}  statuses")
    for store, db in stores:
        for processes in (1, 2):
            with ExitStack() as stack:
                # Two processes on one SQLite file see each other's moves by looking (PostgreSQL: NOTIFY).
                watch = 0.05 if processes > 1 and store == "sqlite" else 0.0
                addresses = [stack.enter_context(_server(db, watch)) for _ in range(processes)]
                for tables in counts:
                    row = {"store": store, "processes": processes, "tables": tables, **asyncio.run(_load(addresses, tables, seconds))}
                    rows.append(row)
                    print(
                        f"{store:<11} {processes:>9} {tables:>6} {row['actions_per_s']:>10.0f} {row['p50_ms']:>8.1f} {row['p99_ms']:>8.1f}  {row['statuses']}",
                        flush=True,
                    )
    out = Path(options.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "when": datetime.now(UTC).isoformat(timespec="seconds"),
                "python": platform.python_version(),
                "cores": os.cpu_count(),
                "seconds": seconds,
                "rows": rows,
            },
            indent=2,
        ),
        encoding="utf-8",
    )
    scratch.cleanup()


if __name__ == "__main__":
    main()
