"""Two server processes on one PostgreSQL database (issue 15, "PostgreSQL and more than one
process"): racing answers on one table are recorded once each, never lost; a move made
through one process reaches a page connected to the other (LISTEN/NOTIFY); a process
killed in the middle of play leaves a log that verifies, which the other process goes on with.

Runs when ``REFEREE_TEST_POSTGRES`` names a database (``.ci/run`` starts one).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from web_live import claimed, free_port
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from referee import Referee

URL = os.environ.get("REFEREE_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="needs a PostgreSQL database: set REFEREE_TEST_POSTGRES (see .ci/postgres.sh)")


@contextmanager
def process(bot_pause: float = 0.0) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """One server process on the test database; yields its address."""
    port = free_port()
    command = [sys.executable, "-m", "referee_web", "--db", str(URL), "--port", str(port), "--rate", "100000", "--burst", "100000"]
    command += ["--bot-pause", str(bot_pause), "--log-level", "warning"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    address = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{address}/api/games", timeout=1).status_code == 200:
                break
        except httpx.TransportError:
            pass
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "the server exited"
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)
    try:
        yield address, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _create(address: str, game: str, seats: list[str], **body: object) -> dict[str, object]:
    response = httpx.post(f"{address}/api/tables", json={"game": game, "seats": seats, **body}, timeout=30)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _auth(token: object) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _state(address: str, table: object, role: str, token: object) -> dict[str, object]:
    response = httpx.get(f"{address}/api/tables/{table}/seats/{role}/state", headers=_auth(token), timeout=30)
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_web_pg_racing_answers_through_two_processes_are_recorded_once_each() -> None:
    seats = ["Al", "Bea", "Cy", "Di", "Ed", "Flo"]
    with process() as (a, _), process() as (b, _):
        created = _create(a, "pigsty", seats)
        table, tokens = created["table"], claimed(httpx, created, a)
        assert isinstance(tokens, dict)
        requests = {seat: _state(a, table, seat, tokens[seat])["view"]["requests"][0]["id"] for seat in seats}  # type: ignore[index]

        def send(job: tuple[str, str]) -> int:
            address, seat = job
            body = {"action": "orders", "args": {"text": "G 1"}, "request": requests[seat]}
            return httpx.post(
                f"{address}/api/tables/{table}/seats/{seat}/act", json=body, headers=_auth(tokens[seat]), timeout=60
            ).status_code

        # Every answer goes to both processes at once, twice over.
        jobs = [(address, seat) for seat in seats for address in (a, b, a, b)]
        with ThreadPoolExecutor(len(jobs)) as pool:
            statuses = list(pool.map(send, jobs))
        per_seat = [statuses[i : i + 4] for i in range(0, len(statuses), 4)]
        assert all(s.count(200) == 1 and all(x in (200, 409, 422) for x in s) for s in per_seat), per_seat
        exported = httpx.get(f"{b}/api/tables/{table}/seats/gamesmaster/export", headers=_auth(tokens["gamesmaster"]), timeout=60).json()
        assert exported["verify"]["ok"], exported["verify"]
        log = _state(b, table, "gamesmaster", tokens["gamesmaster"])
        taken = [e for e in log["entries"] if e["type"] == "referee.ActionTaken" and e["seat"] in seats]  # type: ignore[union-attr]
        answered = [e for e in taken if not e["text"].endswith("Claim seat")]  # each seat's claim is an action too
        assert sorted(e["seat"] for e in answered) == sorted(seats), "each answer once: none lost, none twice"
        assert [e["seq"] for e in log["entries"]] == list(range(1, int(log["length"]) + 1))  # type: ignore[union-attr,arg-type]
        assert log["view"]["round"] == 2  # type: ignore[index]


def test_web_pg_a_move_through_one_process_is_pushed_to_a_page_on_the_other() -> None:
    with process() as (a, _), process() as (b, _):
        created = _create(a, "nim", ["Ann", "Bob"])
        table, tokens = created["table"], claimed(httpx, created, b)
        assert isinstance(tokens, dict)
        with connect(f"ws://{b.removeprefix('http://')}/api/tables/{table}/seats/Bob/live") as bob:
            bob.send(json.dumps({"token": tokens["Bob"], "after": 0}))
            first = json.loads(bob.recv(timeout=30))
            request = _state(a, table, "Ann", tokens["Ann"])["view"]["requests"][0]["id"]  # type: ignore[index]
            done = httpx.post(
                f"{a}/api/tables/{table}/seats/Ann/act",
                json={"action": "call", "args": {"call": "odd"}, "request": request},
                headers=_auth(tokens["Ann"]),
            )
            assert done.status_code == 200, done.text
            pushed = json.loads(bob.recv(timeout=10))
        assert pushed["after"] == first["length"] and pushed["entries"], "the other process's move arrived by itself"
        assert all(e["hidden"] for e in pushed["entries"] if e["seat"] == "Ann")


def _a_pimp_game_under_way(a: str, b: str) -> tuple[object, object]:
    """A Pimp table opened on ``a`` whose bots have started playing, seen from ``b``, and not
    yet over: its table and gamesmaster credential.

    Four pimps over the full 20 turns: a game of two ends in its first turns about one time
    in five ("the only one left"), sooner than a poll may see it begin. Even four may end
    early, so a game over before it was seen under way is set aside for another (three at
    most)."""
    for _ in range(3):
        pimps = ["Ann", "Bob", "Cy", "Di"]
        created = _create(a, "pimp", pimps, bots=pimps, options={"turns": 20})
        table, tokens = created["table"], created["tokens"]
        assert isinstance(tokens, dict)
        gm = tokens["gamesmaster"]
        opened = int(_state(b, table, "gamesmaster", gm)["length"])
        deadline = time.monotonic() + 180
        while int((seen := _state(b, table, "gamesmaster", gm))["length"]) < opened + 20:
            assert time.monotonic() < deadline, "the bots did not start"
            time.sleep(0.02)
        if not seen["over"]:
            return table, gm
    raise AssertionError("three Pimp games were over before they were seen under way")


def test_web_pg_a_process_killed_during_play_leaves_nothing_half_written() -> None:
    """Bots play a Pimp table as fast as they can on one process, which is killed (SIGKILL)
    mid-game; the log verifies as it stands, and the other process finishes the game."""
    with process() as (b, _):
        with process() as (a, killed):
            table, gm = _a_pimp_game_under_way(a, b)
            killed.kill()
            killed.wait()
        # The other process, told of every move, may be playing on meanwhile: whatever it has
        # reached, the log as it stands verifies.
        exported = httpx.get(f"{b}/api/tables/{table}/seats/gamesmaster/export", headers=_auth(gm), timeout=120).json()
        assert exported["verify"]["ok"], exported["verify"]
    # A process started afterwards finds the table waiting for its bots, and finishes it.
    with process() as (c, _):
        deadline = time.monotonic() + 600
        while not _state(c, table, "gamesmaster", gm)["over"]:
            assert time.monotonic() < deadline, "the bots did not go on"
            time.sleep(0.2)
        final = httpx.get(f"{c}/api/tables/{table}/seats/gamesmaster/export", headers=_auth(gm), timeout=120).json()
        assert final["full"] and final["verify"]["ok"], final["verify"]


def test_web_pg_a_seat_is_claimed_once_across_processes_and_a_reissue_on_one_revokes_it_on_the_other() -> None:
    """Seats claimed, not handed out (issue 21), with two processes: browsers racing to claim
    one invitation through both get one credential; a re-issue through one process closes the
    seat's page connected to the other, and its credential is refused there at once."""
    with process() as (a, _), process() as (b, _):
        created = _create(a, "nim", ["Ann", "Bob"])
        table, gm = created["table"], created["tokens"]["gamesmaster"]  # type: ignore[index]
        invitation = created["invitations"]["Ann"]  # type: ignore[index]

        def claim(address: str) -> httpx.Response:
            return httpx.post(f"{address}/api/tables/{table}/seats/Ann/claim", headers=_auth(invitation), timeout=60)

        with ThreadPoolExecutor(12) as pool:
            answers = list(pool.map(claim, [a, b] * 6))
        assert sorted(r.status_code for r in answers) == [200] + [409] * 11, [r.text for r in answers]
        credential = next(r.json()["credential"] for r in answers if r.status_code == 200)
        assert _state(b, table, "Ann", credential)["view"]["seat"] == "Ann"  # type: ignore[index]
        with connect(f"ws://{b.removeprefix('http://')}/api/tables/{table}/seats/Ann/live") as ann:
            ann.send(json.dumps({"token": credential, "after": 0}))
            assert json.loads(ann.recv(timeout=30))["type"] == "update"
            done = httpx.post(f"{a}/api/tables/{table}/seats/gamesmaster/reissue", json={"seat": "Ann"}, headers=_auth(gm), timeout=60)
            assert done.status_code == 200, done.text
            while "error" not in (told := json.loads(ann.recv(timeout=10))):
                pass
        assert told["status"] == 403 and "re-issued Ann's invitation" in told["error"], told
        refused = httpx.get(f"{b}/api/tables/{table}/seats/Ann/state", headers=_auth(credential), timeout=30)
        assert refused.status_code == 403 and "re-issued Ann's invitation" in refused.json()["error"]
        log = _state(b, table, "gamesmaster", gm)
        kinds = [e["type"] for e in log["entries"]]  # type: ignore[union-attr]
        assert kinds.count("referee.SeatClaimed") == 1 and kinds.count("referee.InvitationReissued") == 1


# -- many processes behind one address (issue 23, "Many processes") ---------------------------

FARMERS = ["Ann", "Bob", "Cleo"]
TURNS = 25
"""Pigsty turns a table plays: each is three farmers' sealed orders, the last of which resolves it."""


@dataclass
class Page:
    """One farmer's browser: its page's live connection and its answers, sent to the process
    the load balancer gives it; when that process is gone, it goes to the other one, as a
    page reconnecting through the balancer would."""

    table: str
    seat: str
    token: str
    home: str
    held: int = 0
    seqs: list[int] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)
    uncertain: list[str] = field(default_factory=list)
    """Answers whose process died before answering: recorded or not, never twice."""
    answered: set[str] = field(default_factory=set)
    through: Counter[str] = field(default_factory=Counter)
    """Answers acknowledged, by the process that acknowledged them."""
    over: bool = False


async def _play(page: Page, client: httpx.AsyncClient, survivor: str, dead: asyncio.Event) -> None:
    headers = _auth(page.token)
    while not page.over:
        if dead.is_set():
            page.home = survivor
        try:
            async with connect_async(f"ws://{page.home.removeprefix('http://')}/api/tables/{page.table}/seats/{page.seat}/live") as live:
                # A page reconnecting sends the last entry it holds and is sent what it lacks.
                await live.send(json.dumps({"token": page.token, "after": page.held}))
                while not page.over:
                    update = json.loads(await asyncio.wait_for(live.recv(), timeout=60))
                    assert "error" not in update, update
                    assert update["after"] == page.held, (page.seat, update["after"], page.held)
                    page.seqs += [e["seq"] for e in update["entries"]]
                    page.held, page.over = update["length"], update["over"]
                    for request in update["view"]["requests"]:
                        if request["id"] not in page.answered:
                            page.answered.add(request["id"])
                            await _answer(page, client, headers, request["id"], survivor, dead)
        except TimeoutError:
            raise AssertionError(f"{page.seat}'s page at {page.table} waited 60 s for the table to go on") from None
        except (OSError, WebSocketException):
            assert dead.is_set(), f"{page.seat} at {page.table} lost its live connection to a process still running"


async def _answer(page: Page, client: httpx.AsyncClient, headers: dict[str, str], request: str, survivor: str, dead: asyncio.Event) -> None:
    url = f"/api/tables/{page.table}/seats/{page.seat}/act"
    body = {"action": "orders", "args": {"text": ""}, "request": request}
    try:
        done = await client.post(page.home + url, json=body, headers=headers)
    except httpx.TransportError:
        assert dead.is_set(), f"{page.seat}'s answer at {page.table} failed on a process still running"
        # Sent again through the balancer: it names its request, so it is recorded once at most.
        page.home = survivor
        page.uncertain.append(request)
        done = await client.post(page.home + url, json=body, headers=headers)
        assert done.status_code in (200, 409), done.text  # 409: the dead process had recorded it
        return
    assert done.status_code == 200, (page.seat, page.table, done.status_code, done.text)
    page.acknowledged.append(request)
    page.through[page.home] += 1


async def _club_night(a: str, b: str, killed: subprocess.Popen[bytes], tables: list[dict[str, Any]]) -> list[Page]:
    pages = [Page(t["table"], seat, t["tokens"][seat], (a, b)[(n + i) % 2]) for n, t in enumerate(tables) for i, seat in enumerate(FARMERS)]
    dead = asyncio.Event()
    # Every page and answer of the killed process is in flight when it dies: the load is saturated.
    async with httpx.AsyncClient(timeout=60) as client:
        playing = [asyncio.ensure_future(_play(page, client, b, dead)) for page in pages]
        target = len(tables) * len(FARMERS) * TURNS // 3
        deadline = time.monotonic() + 120
        while sum(len(p.acknowledged) for p in pages) < target:
            assert time.monotonic() < deadline, "the tables did not get going"
            assert not any(task.done() for task in playing), [t.exception() for t in playing if t.done()]
            await asyncio.sleep(0.01)
        assert not any(p.over for p in pages), "killed in the middle of every game"
        killed.kill()
        dead.set()
        await asyncio.wait_for(asyncio.gather(*playing), timeout=600)
    return pages


def test_web_pg_two_processes_share_a_club_night_and_one_killed_mid_load_loses_nothing() -> None:
    """Several Pigsty tables, each farmer's page and answers on one of two processes (alternating,
    as a balancer spreads them, so each table's answers cross between processes); one process is
    killed (SIGKILL) mid-load.  The survivor carries every table to its end: every answer
    acknowledged is in its table's log exactly once, an answer in flight when the process died is
    recorded at most once, every page saw every entry it may see in order with none twice, and
    every log verifies."""
    with process() as (b, _):
        with process() as (a, killed):
            tables = []
            for n in range(4):
                created = _create((a, b)[n % 2], "pigsty", FARMERS, options={"turn_limit": TURNS})
                created["tokens"] = claimed(httpx, created, (b, a)[n % 2])
                tables.append(created)
            pages = asyncio.run(_club_night(a, b, killed, tables))
        assert killed.returncode == -signal.SIGKILL
        through = sum((p.through for p in pages), Counter[str]())
        assert through[a] > 0 and through[b] > 0, "both processes took answers"
        print(
            f"acknowledged by the killed process {through[a]}, by the other {through[b]}; in flight at the kill {sum(len(p.uncertain) for p in pages)}"
        )
        with Referee(str(URL)) as oracle:
            for created in tables:
                table = created["table"]
                entries = oracle.entries(table)
                taken = [e for e in entries if e.type == "referee.ActionTaken" and dict(e.event)["action"] == "orders"]
                logged = Counter(str(dict(e.event)["request"]) for e in taken)
                assert all(count == 1 for count in logged.values()), "no answer recorded twice"
                mine = [p for p in pages if p.table == table]
                acknowledged = {r for p in mine for r in p.acknowledged}
                uncertain = {r for p in mine for r in p.uncertain}
                assert acknowledged <= set(logged), f"acknowledged answers lost at {table}: {acknowledged - set(logged)}"
                assert set(logged) <= acknowledged | uncertain, "nothing recorded that nobody sent"
                assert len(logged) == len(FARMERS) * TURNS and oracle.over(table), f"{table} played to its end"
                assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
                for page in mine:
                    # A farmer's page: every entry once, in order, up to the log's end.
                    assert page.seqs == list(range(1, len(entries) + 1)), (page.seat, table)
                verdict = oracle.audit.verify_table(table)
                assert verdict.ok, verdict.message
        gm = tables[0]["tokens"]["gamesmaster"]
        exported = httpx.get(f"{b}/api/tables/{tables[0]['table']}/seats/gamesmaster/export", headers=_auth(gm), timeout=60).json()
        assert exported["verify"]["ok"] and exported["over"], exported["verify"]


def test_web_pg_entries_nobody_announced_reach_every_page_when_one_page_opens() -> None:
    """A process that dies between its commit and its notice announces nothing (here: a
    ``Referee`` acting on the database itself).  The pages connected elsewhere hear nothing,
    until a page opens there (a page of the dead process reconnecting) and reads the head:
    then every page of the table on that process is sent the entries, not only the new one."""
    with process() as (b, _):
        created = _create(b, "pigsty", FARMERS)
        table, tokens = created["table"], claimed(httpx, created, b)
        assert isinstance(table, str)
        with connect(f"ws://{b.removeprefix('http://')}/api/tables/{table}/seats/Ann/live") as ann:
            ann.send(json.dumps({"token": tokens["Ann"], "after": 0}))
            held = json.loads(ann.recv(timeout=30))["length"]
            with Referee(str(URL)) as elsewhere:
                elsewhere.act(table, "Bob", "orders", {"text": ""}, request="turn1.orders.Bob")
            with connect(f"ws://{b.removeprefix('http://')}/api/tables/{table}/seats/Cleo/live") as cleo:
                cleo.send(json.dumps({"token": tokens["Cleo"], "after": 0}))
                assert json.loads(cleo.recv(timeout=30))["length"] > held
                pushed = json.loads(ann.recv(timeout=10))
        assert pushed["after"] == held and [e["seat"] for e in pushed["entries"]][:1] == ["Bob"], pushed["entries"]
