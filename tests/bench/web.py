"""A bounded loopback load benchmark of the web server (issue 15): actions per second and the
latency of one action (p50, p99) with 1, 10 and 100 tables played at once, on SQLite and on
PostgreSQL, served by one and by two server processes.

Run with ``nox -s web_bench`` (``-- --quick`` for a short run; ``REFEREE_TEST_POSTGRES=...``
adds the PostgreSQL rows; ``-- --baseline /path/to/checkout`` measures that checkout's web
server too, row by row in the same run, so the figures compare on a shared machine).
Nothing is asserted: it reports.

Each table is a three-farmer Pigsty table whose seats are played by this script as three
people's browsers would: each seat holds its live WebSocket and answers each request pushed
to it (``POST .../act``, empty orders).  The last orders of a turn
also resolve the turn.  Tables are opened before the clock starts.  With two processes, the
seats of a table talk to alternate processes, so most actions follow one taken on the other
process (``--routing tables``: every seat talks to its table's process, as behind a proxy
that routes by the table in the path).  The latency is the round trip of ``POST .../act``, which decides, appends, and
returns; the update latency runs from an answer sent to another seat's page receiving the
entries it appended (people-paced rows: each answer about ``--pace`` seconds after its
request); the client runs in this process on the same machine, so it competes with the
servers for the same cores.  After each row every table's log is verified from the store.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
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
from databases import drop_database, fresh_database
from websockets.asyncio.client import connect


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_PIDS: dict[str, int] = {}
"""Each server's process by its address, for the CPU time it spends in the timed window."""


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) ``pid`` has used so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def _server(db: str, watch: float, code: str | None = None):  # type: ignore[no-untyped-def]
    """A ``referee serve`` process; ``code``: a checkout whose web adapter it runs instead
    of the installed one (the baseline a row is compared with, measured in the same run)."""
    port = _port()
    env = dict(os.environ)
    if code is not None:
        # The whole checkout (kernel, games, adapters), so a change to any of them is compared.
        tree = Path(code)
        sources = [tree / "kernel" / "src", *sorted(tree.glob("plugins/*/src")), *sorted(tree.glob("adapters/*/src"))]
        env["PYTHONPATH"] = os.pathsep.join([*map(str, sources), env.get("PYTHONPATH", "")])
    # The load comes from one address: the limits a server sets per client would measure themselves.
    command = [sys.executable, "-m", "referee_web", "--db", db, "--port", str(port), "--rate", "1000000", "--burst", "1000000"]
    command += ["--tables-per-minute", "1000000", "--connections-per-client", "1000000", "--max-connections", "1000000"]
    command += ["--watch", str(watch)]
    proc = subprocess.Popen([*command, "--bot-pause", "0", "--log-level", "warning"], stdout=subprocess.DEVNULL, env=env)
    address = f"http://127.0.0.1:{port}"
    _PIDS[address] = proc.pid
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


GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    # A turn limit no row reaches: every table plays all through the timed window.
    "pigsty": (["Ann", "Bob", "Cleo"], {"turn_limit": 100_000}),
    # The club night: four gangsters a table (a game lasts far longer than a row).
    "cashnguns": (["Ann", "Bob", "Cleo", "Dan"], {}),
}


def _answer(shapes: dict[str, Any]) -> dict[str, Any]:
    """The plainest legal answer of each field: empty orders, the first option, the least amount."""
    args: dict[str, Any] = {}
    groups: set[str] = set()
    for name, shape in shapes.items():
        # An optional field is left out, except the first of a group of which one is answered.
        group = shape.get("one_of")
        if shape.get("optional") and (group is None or group in groups):
            continue
        if group is not None:
            groups.add(group)
        kind = shape["kind"]
        if kind == "text":
            args[name] = ""
        elif kind == "pick":
            args[name] = shape["options"][0]["value"]
        elif kind == "amount":
            args[name] = shape.get("min", 0)
        elif kind == "subset":
            args[name] = [o["value"] for o in shape["options"][: shape.get("min", 0)]]
        elif kind == "order":
            args[name] = [o["value"] for o in shape["options"]]
        elif kind == "assign":
            items = shape["items"][: shape.get("min", 0)]
            allowed = shape.get("allowed", {})
            args[name] = {i["value"]: (allowed.get(i["value"]) or [shape["targets"][0]["value"]])[0] for i in items}
        elif kind == "flag":
            args[name] = False
    return args


async def _open(client: httpx.AsyncClient, address: str, game: str) -> dict[str, Any]:
    """A table, with each seat's invitation claimed as its browser would (the claims are not timed)."""
    seats, options = GAMES[game]
    body = {"game": game, "seats": seats, "options": options}
    opened = dict((await client.post(f"{address}/api/tables", json=body)).json())
    for seat, invitation in opened["invitations"].items():
        url = f"{address}/api/tables/{opened['table']}/seats/{seat}/claim"
        opened["tokens"][seat] = (await client.post(url, headers={"Authorization": f"Bearer {invitation}"})).json()["credential"]
    return opened


class _Keepalive:
    """One seat's own keep-alive HTTP/1.1 connection, as each person's browser holds one:
    a plain request and response on a socket.  (A pooled client shared by 400 seats spends
    more CPU choosing a connection than the server spends on the answer, on the same cores.)"""

    def __init__(self, address: str) -> None:
        host, port = address.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post(self, path: str, body: dict[str, Any], token: str) -> tuple[int, bytes]:
        """The status and body of ``POST path``; a connection the server closed is opened again once."""
        payload = json.dumps(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
        ).encode()
        for attempt in (1, 2):
            try:
                if self._streams is None:
                    self._streams = await asyncio.open_connection(self.host, self.port)
                reader, writer = self._streams
                writer.write(head + payload)
                status = int((await reader.readline()).split()[1])
                length = 0
                while (line := await reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                return status, await reader.readexactly(length)
            except (OSError, IndexError, ValueError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._streams is not None:
            self._streams[1].close()
            self._streams = None


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
    address: str,
    table: str,
    seat: str,
    token: str,
    clock: _Clock,
    latencies: list[float],
    counts: dict[str, int],
    sent: list[tuple[float, str, int]],
    updates: list[float],
    pace: float,
    refusals: list[str],
) -> None:
    """One seat's browser: it holds the live connection, and answers each request pushed to
    it (after ``pace`` seconds or so, as a person would, or at once).  ``sent``: the table's
    answers (when, whose, the length its page held); an update that reaches this page
    with more entries than that page held times another seat's answer (the update latency)."""
    http = _Keepalive(address)
    answered: set[str] = set()
    async with connect(f"ws://{address.removeprefix('http://')}/api/tables/{table}/seats/{seat}/live", max_size=None) as socket:
        await socket.send(json.dumps({"token": token, "after": 0}))
        newest: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        newest.put_nowait(json.loads(await socket.recv()))
        clock.arrived()
        await clock.go.wait()

        async def receive() -> None:
            # A page takes its updates while the person thinks: each is timed as it arrives,
            # not when the person next looks (which would add the thinking to the latency).
            counted = 0
            while (left := clock.until - time.monotonic()) > 0:
                try:
                    update = json.loads(await asyncio.wait_for(socket.recv(), timeout=left))
                except TimeoutError:
                    return
                arrived = time.perf_counter()
                while counted < len(sent) and sent[counted][2] < update.get("length", 0):
                    at, whose, _ = sent[counted]
                    if whose != seat:
                        updates.append(arrived - at)
                    counted += 1
                newest.put_nowait(update)

        receiving = asyncio.create_task(receive())
        try:
            while (left := clock.until - time.monotonic()) > 0:
                try:
                    update = await asyncio.wait_for(newest.get(), timeout=left)
                except TimeoutError:
                    return
                while not newest.empty():
                    update = newest.get_nowait()
                for request in update.get("view", {}).get("requests", []):
                    if request["id"] in answered or time.monotonic() >= clock.until:
                        continue
                    answered.add(request["id"])
                    if pace:
                        await asyncio.sleep(random.uniform(0.5 * pace, 1.5 * pace))
                        if time.monotonic() >= clock.until:
                            return
                    began = time.perf_counter()
                    sent.append((began, seat, update["length"]))
                    body = {"action": request["action"], "args": _answer(request["answer"]), "request": request["id"]}
                    # A kept-alive connection the server closed as it was reused is opened
                    # again and the answer sent again (it names its request: recorded once at most).
                    status, answer = await http.post(f"/api/tables/{table}/seats/{seat}/act", body, token)
                    latencies.append(time.perf_counter() - began)
                    counts[str(status)] = counts.get(str(status), 0) + 1
                    if status != 200 and len(refusals) < 5:
                        refusals.append(f"{status} {seat} {request['action']}: {answer[:300].decode(errors='replace')}")
        finally:
            receiving.cancel()
            http.close()


def _percentile(values: list[float], share: float) -> float | None:
    return 1000 * values[min(len(values) - 1, int(share * len(values)))] if values else None


async def _load(
    addresses: list[str], tables: int, seconds: float, pace: float = 0.0, game: str = "pigsty", by_table: bool = False
) -> dict[str, Any]:
    """``by_table``: every seat of a table talks to the process the table was opened on (as
    a proxy routing by the table in the path sends them); else seats alternate processes."""
    latencies: list[float] = []
    updates: list[float] = []
    counts: dict[str, int] = {}
    refusals: list[str] = []
    limits = httpx.Limits(max_connections=max(20, tables * 3), max_keepalive_connections=max(20, tables * 3))
    async with httpx.AsyncClient(timeout=120, limits=limits) as client:
        # Tables are opened and every page connected before the clock starts: that is not what is measured.
        opened = [await _open(client, addresses[n % len(addresses)], game) for n in range(tables)]
        seats_of = GAMES[game][0]
        clock = _Clock(tables * len(seats_of))
        sent: dict[str, list[tuple[float, str, int]]] = {t["table"]: [] for t in opened}
        seats = [
            asyncio.ensure_future(
                _seat(
                    addresses[(n if by_table else i) % len(addresses)],
                    t["table"],
                    seat,
                    t["tokens"][seat],
                    clock,
                    latencies,
                    counts,
                    sent[t["table"]],
                    updates,
                    pace,
                    refusals,
                )
            )
            for n, t in enumerate(opened)
            for i, seat in enumerate(seats_of)
        ]
        await clock.ready.wait()
        servers, client_cpu = sum(_cpu(_PIDS[a]) for a in addresses), time.process_time()
        began = time.monotonic()
        clock.until = began + seconds
        clock.go.set()
        # For a profiler attached to a server: what it samples from now on is the load.
        print(f"timed window opens: servers {' '.join(str(_PIDS[a]) for a in addresses)}", file=sys.stderr, flush=True)
        await asyncio.gather(*seats)
        elapsed = time.monotonic() - began
        servers, client_cpu = sum(_cpu(_PIDS[a]) for a in addresses) - servers, time.process_time() - client_cpu
    latencies.sort()
    updates.sort()
    ok = counts.get("200", 0)
    return {
        "actions": ok,
        "actions_per_s": ok / elapsed,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else None,
        "p99_ms": _percentile(latencies, 0.99),
        "update_p50_ms": _percentile(updates, 0.5),
        "update_p95_ms": _percentile(updates, 0.95),
        "update_p99_ms": _percentile(updates, 0.99),
        "statuses": counts,
        "refusals": refusals,
        "table_ids": [str(t["table"]) for t in opened],
        # What one accepted action costs in CPU, whatever else the shared machine runs: the
        # servers' (every process) and the load client's (the pages and their answers).
        "server_cpu_ms_per_action": 1000 * servers / ok if ok else None,
        "client_cpu_ms_per_action": 1000 * client_cpu / ok if ok else None,
    }


def _verified(db: str, table_ids: list[str]) -> list[str]:
    """Each table's log verified from the store after the load: the failures, in words."""
    from referee import Referee

    with Referee(db) as app:
        verdicts = {table_id: app.audit.verify_table(table_id) for table_id in table_ids}
    return [f"{table_id}: {v.message}" for table_id, v in verdicts.items() if not v.ok]


def _line(row: dict[str, Any]) -> str:
    def ms(value: float | None) -> str:
        return f"{value:>8.1f}" if value is not None else f"{'-':>8}"

    return (
        f"{row['code']:<8} {row['store']:<10} {row['processes']:>2} {row['tables']:>6} {row['load']:<9} {row['actions_per_s']:>9.0f} "
        f"{ms(row['p50_ms'])} {ms(row['p99_ms'])} {ms(row['update_p50_ms'])} {ms(row['update_p95_ms'])} {ms(row['update_p99_ms'])}"
        f" {ms(row['server_cpu_ms_per_action'])} {ms(row['client_cpu_ms_per_action'])}  {row['statuses']}  load average {row['load_average']:.1f}"
        f"  logs verified {row['verified']}/{row['tables']}"
    )


def _plot(rows: list[dict[str, Any]], path: Path) -> None:
    """Each row's actions/s and update latency (p50, p95, p99) as a picture (matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{r['code']}\n{r['store']} x{r['processes']}\n{r['tables']} tables\n{r['load']}" for r in rows]
    where = range(len(rows))
    figure, (rate, latency) = plt.subplots(2, 1, figsize=(max(6.0, 1.5 * len(rows)), 8), sharex=True)
    rate.bar(where, [r["actions_per_s"] for r in rows], color="#4c72b0")
    rate.set_ylabel("accepted actions / s")
    rate.set_title("Web server under load: every seat a live page (nox -s web_bench)")
    for offset, (key, name) in zip(
        (-0.27, 0, 0.27), [("update_p50_ms", "p50"), ("update_p95_ms", "p95"), ("update_p99_ms", "p99")], strict=True
    ):
        latency.bar([x + offset for x in where], [r[key] or 0 for r in rows], width=0.27, label=f"update {name}")
    latency.set_yscale("log")
    latency.set_ylabel("update latency, ms")
    latency.legend()
    latency.set_xticks(list(where), labels, fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def _scaling(rows: list[dict[str, Any]]) -> list[str]:
    """Each row of more processes against the same load on one process, measured in the same
    run: the ratio of actions/s (more is better) and of the update p99 (less is better)."""
    one = {(r["code"], r["store"], r["tables"], r["load"]): r for r in rows if r["processes"] == 1}
    lines = []
    for row in rows:
        base = one.get((row["code"], row["store"], row["tables"], row["load"]))
        if row["processes"] == 1 or base is None or not base["actions_per_s"]:
            continue
        p99, base_p99 = row["update_p99_ms"], base["update_p99_ms"]
        update = f"{p99 / base_p99:.2f}x" if p99 and base_p99 else "-"
        lines.append(
            f"{row['code']} {row['store']} {row['tables']} tables {row['load']}: {row['processes']} processes / 1: "
            f"actions/s {row['actions_per_s'] / base['actions_per_s']:.2f}x, update p99 {update}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="2 s per row instead of 8")
    parser.add_argument("--seconds", type=float, help="seconds of load per row")
    parser.add_argument("--tables", default="1,10,100", help="table counts played saturated (answers at once), comma-separated")
    parser.add_argument("--paced", default="100", help="table counts played people-paced, comma-separated ('' for none)")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds a person takes to answer, on average (default 2)")
    parser.add_argument("--processes", default="1,2", help="server processes, comma-separated")
    parser.add_argument(
        "--routing",
        choices=["seats", "tables"],
        default="seats",
        help="with several processes: each seat of a table talks to the next process (seats, the default: most "
        "actions follow one taken on another process), or every seat to its table's process (tables: as a proxy "
        "routing by the table in the path)",
    )
    parser.add_argument("--baseline", help="a checkout whose web server is measured too, row by row in the same run (e.g. main)")
    parser.add_argument(
        "--stores", default="sqlite,postgresql", help="stores measured, comma-separated (postgresql needs REFEREE_TEST_POSTGRES)"
    )
    parser.add_argument("--game", default="pigsty", choices=sorted(GAMES), help="the game every table plays (default pigsty)")
    parser.add_argument("--json", default="bench-results/web.json", help="where to write every figure")
    parser.add_argument("--plot", default="bench-results/web.png", help="where to draw them ('' for no picture; needs matplotlib)")
    options = parser.parse_args()
    seconds = options.seconds or (2.0 if options.quick else 8.0)
    counts = [int(n) for n in options.tables.split(",") if n]
    paced = [int(n) for n in options.paced.split(",") if n]
    stores: list[tuple[str, str]] = []
    chosen = options.stores.split(",")
    scratch = tempfile.TemporaryDirectory(prefix="referee-web-bench-")
    if "sqlite" in chosen:
        stores.append(("sqlite", str(Path(scratch.name) / "bench.sqlite")))
    if "postgresql" in chosen and os.environ.get("REFEREE_TEST_POSTGRES"):
        stores.append(("postgresql", os.environ["REFEREE_TEST_POSTGRES"]))
    elif "postgresql" in chosen:
        print("REFEREE_TEST_POSTGRES is not set: no PostgreSQL rows", file=sys.stderr)
    codes: list[tuple[str, str | None]] = [("this", None)]
    if options.baseline:
        codes.append(("baseline", options.baseline))
    loads = [(n, 0.0) for n in counts] + [(n, options.pace) for n in paced]
    rows = []
    print(
        f"{'code':<8} {'store':<10} {'p':>2} {'tables':>6} {'load':<9} {'actions/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'upd p50':>8} {'upd p95':>8} {'upd p99':>8} {'srv cpu':>8} {'cli cpu':>8}  statuses"
    )
    for store, db in stores:
        for processes in [int(n) for n in options.processes.split(",")]:
            for tables, pace in loads:
                # The baseline and this code take turns row by row, so a busy moment of the
                # shared machine weighs on both alike.
                for code, tree in codes:
                    with ExitStack() as stack:
                        # Two processes on one SQLite file see each other's moves by looking (PostgreSQL: NOTIFY).
                        watch = 0.05 if processes > 1 and store == "sqlite" else 0.0
                        # A fresh store per row: a row measures its own tables, not a store the rows before
                        # filled (a server starting looks at every table it opened).
                        if store == "sqlite":
                            where = str(Path(scratch.name) / f"{code}-{processes}-{tables}-{pace:g}.sqlite")
                        else:
                            where = fresh_database(db)
                            stack.callback(drop_database, db, where)
                        addresses = [stack.enter_context(_server(where, watch, tree)) for _ in range(processes)]
                        by_table = options.routing == "tables"
                        measured = asyncio.run(_load(addresses, tables, seconds + (4 * pace if pace else 0), pace, options.game, by_table))
                        # Every table's log, as the load left it, verified from the store.
                        failures = _verified(where, measured.pop("table_ids"))
                    row = {
                        "code": code,
                        "store": store,
                        "processes": processes,
                        "routing": options.routing,
                        "tables": tables,
                        "load": f"paced {pace:g}s" if pace else "saturated",
                        "load_average": os.getloadavg()[0],
                        **measured,
                        "verified": tables - len(failures),
                        "verify_failures": failures,
                    }
                    rows.append(row)
                    print(_line(row), flush=True)
                    for refusal in row["refusals"]:
                        print(f"  refused: {refusal}", file=sys.stderr, flush=True)
                    for failure in failures:
                        print(f"  does not verify: {failure}", file=sys.stderr, flush=True)
    scaling = _scaling(rows)
    for line in scaling:
        print(line)
    out = Path(options.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "when": datetime.now(UTC).isoformat(timespec="seconds"),
                "python": platform.python_version(),
                "cores": os.cpu_count(),
                "seconds": seconds,
                "game": options.game,
                "rows": rows,
                "scaling": scaling,
            },
            indent=2,
        ),
        encoding="utf-8",
    )
    if options.plot and rows:
        try:
            _plot(rows, Path(options.plot))
        except ImportError:
            print("matplotlib is not installed: no picture (pip install matplotlib)", file=sys.stderr)
        else:
            print(f"drawn: {options.plot}")
    scratch.cleanup()


if __name__ == "__main__":
    main()
