"""A table's work is bounded in time (issue 21, "one hung plugin stops the whole web
server"): a decide hook that never returns costs its own request a 503 naming the table
and nothing recorded, while other tables and the lobby keep answering and the server
still shuts down."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_live import claimed, free_port

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee import Extension, Referee, Registry, hookimpl
from referee_web import Limits, create_app


class _Hang:
    """A house rule whose decide hook waits for ``gate`` whenever Ann acts."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.entered = threading.Event()

    @hookimpl(tryfirst=True)
    def referee_decide(self, decision: Any, action: Any) -> None:
        if action.seat == "Ann":
            self.entered.set()
            self.gate.wait(60)


class _Offer:
    def __init__(self, plugin: object) -> None:
        self.plugin = plugin

    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return [Extension(name="hang", game="nim", title="hang", plugin=self.plugin, kind="house rule", default=False)]


@pytest.fixture
def hang() -> Iterator[_Hang]:
    plugin = _Hang()
    yield plugin
    plugin.gate.set()


def _start(web_db: str, hang: _Hang, work_timeout: float = 1.0) -> TestClient:
    app = create_app(
        web_db, registry=Registry([_Offer(hang)]), limits=Limits(rate=10_000, burst=10_000), tick=0.05, work_timeout=work_timeout
    )
    client = TestClient(app)
    client.__enter__()
    return client


def _open(client: TestClient, extensions: list[str]) -> tuple[str, dict[str, str]]:
    created = client.post("/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"], "extensions": extensions}).json()
    return created["table"], claimed(client, created)


def _auth(tokens: dict[str, str], role: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {tokens[role]}"}


def test_web_a_hung_table_times_out_its_request_and_the_others_keep_answering(web_db: str, hang: _Hang) -> None:
    client = _start(web_db, hang)
    try:
        stuck, stuck_tokens = _open(client, ["hang"])
        other, other_tokens = _open(client, [])
        before = client.get(f"/api/tables/{stuck}/seats/gamesmaster/state", headers=_auth(stuck_tokens, "gamesmaster")).json()["length"]
        started = time.monotonic()
        refused = client.post(
            f"/api/tables/{stuck}/seats/Ann/act", json={"action": "call", "args": {"call": "odd"}}, headers=_auth(stuck_tokens, "Ann")
        )
        assert refused.status_code == 503, refused.text
        assert stuck in refused.json()["error"] and "nothing was recorded" in refused.json()["error"]
        assert time.monotonic() - started < 5
        # The lobby and another table are served meanwhile; the stuck one is set aside.
        assert client.get("/api/games").status_code == 200
        other_state = client.get(f"/api/tables/{other}/seats/Bob/state", headers=_auth(other_tokens, "Bob"))
        assert other_state.status_code == 200
        request = other_state.json()["view"]["requests"][0]["id"]
        moved = client.post(
            f"/api/tables/{other}/seats/Bob/act",
            json={"action": "call", "args": {"call": "odd"}, "request": request},
            headers=_auth(other_tokens, "Bob"),
        )
        assert moved.status_code == 200, moved.text
        aside = client.get(f"/api/tables/{stuck}/seats/gamesmaster/state", headers=_auth(stuck_tokens, "gamesmaster"))
        assert aside.status_code == 503 and "set aside" in aside.json()["error"]
        # When the hook returns at last, what it decided is not recorded: the request was told so.
        hang.gate.set()
        deadline = time.monotonic() + 10
        while True:
            state = client.get(f"/api/tables/{stuck}/seats/gamesmaster/state", headers=_auth(stuck_tokens, "gamesmaster"))
            if state.status_code == 200:
                break
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert state.json()["length"] == before
    finally:
        hang.gate.set()
        client.__exit__(None, None, None)


SERVER = """
import sys
sys.path.insert(0, {here!r})
import uvicorn
from referee import Registry
from referee_web import Limits, create_app
from referee_web.connections import ConnectionLimits, uvicorn_options
from test_web_work import _Hang, _Offer

app = create_app({db!r}, registry=Registry([_Offer(_Hang())]), limits=Limits(rate=10_000, burst=10_000), work_timeout=60)
uvicorn.run(app, host="127.0.0.1", port={port}, log_level="warning", lifespan="on", **uvicorn_options(ConnectionLimits()))
"""


def test_web_the_server_stops_on_sigterm_while_a_table_is_hung(web_db: str, tmp_path: Path) -> None:
    port = free_port()
    script = tmp_path / "serve.py"
    script.write_text(SERVER.format(here=str(Path(__file__).parent), db=web_db, port=port), encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                created = httpx.post(f"{base}/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"], "extensions": ["hang"]})
                break
            except httpx.TransportError:
                assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        table, tokens = created.json()["table"], claimed(httpx, created.json(), base)
        with pytest.raises(httpx.TimeoutException):
            httpx.post(
                f"{base}/api/tables/{table}/seats/Ann/act",
                json={"action": "call", "args": {"call": "odd"}},
                headers=_auth(tokens, "Ann"),
                timeout=1,
            )
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
        assert time.monotonic() - started < 15
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


class _HangAtSetup:
    """A house rule whose setup hook waits for ``gate``: opening a table with it hangs."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.left = threading.Event()

    @hookimpl(tryfirst=True)
    def referee_setup(self, decision: Any) -> None:
        self.gate.wait(60)
        self.left.set()


def test_web_a_table_whose_opening_timed_out_is_not_created_when_the_work_ends_late(web_db: str) -> None:
    """The 503 says nothing was recorded: the late opening neither stores the table nor issues its links."""
    plugin = _HangAtSetup()
    app = create_app(web_db, registry=Registry([_Offer(plugin)]), limits=Limits(rate=10_000, burst=10_000), tick=0.05, work_timeout=1.0)
    client = TestClient(app)
    client.__enter__()
    try:
        refused = client.post("/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"], "extensions": ["hang"]})
        assert refused.status_code == 503, refused.text
        assert "nothing was recorded" in refused.json()["error"]
        plugin.gate.set()
        assert plugin.left.wait(10)
        time.sleep(0.3)  # the late work's write comes right after the hook returns
        with Referee(web_db) as kept:
            assert kept.tables() == []
        # The server still opens tables.
        assert client.post("/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"]}).status_code == 201
    finally:
        plugin.gate.set()
        client.__exit__(None, None, None)


def test_web_work_whose_lane_the_watch_gave_up_first_is_still_answered_overdue_in_time() -> None:
    """The watch (which gives up a lane whose job ran too long, whether or not anyone waits)
    may get there before the request's own wait ends: the request still answers "nothing
    was recorded" when its time is up, and never waits on for the stuck work."""
    import asyncio

    from referee_web.lanes import Lanes, Overdue

    gate = threading.Event()

    async def scenario() -> float:
        lanes = Lanes(timeout=1.0)
        lanes.start(asyncio.get_running_loop())
        request = asyncio.ensure_future(lanes.run(gate.wait, (30,), "t1"))
        await asyncio.sleep(0.3)
        lanes.timeout = 0.1  # the watch's own bound, passed already: it gives the lane up now
        lanes.watch()
        started = time.monotonic()
        with pytest.raises(Overdue, match="nothing was recorded"):
            await asyncio.wait_for(request, 5)
        waited = time.monotonic() - started
        gate.set()
        await asyncio.sleep(0.3)  # the stuck job ends and releases its table while the loop runs
        return waited

    try:
        assert asyncio.run(scenario()) < 2
    finally:
        gate.set()


def test_web_work_that_waited_its_turn_is_given_its_whole_time_once_it_runs() -> None:
    """A job that started only after a long queue (a server starting on a store of many
    tables drives each one) is not taken for stuck when its request's wait runs out while
    it runs: it finishes, and its worker is not given up (each fresh worker holds store
    connections of its own: giving up workers one after another exhausted PostgreSQL's)."""
    import asyncio

    from referee_web.lanes import Lanes

    async def scenario() -> tuple[list[str], int]:
        lanes = Lanes(timeout=0.5)
        lanes.start(asyncio.get_running_loop())
        first = lanes._made
        queued = [asyncio.ensure_future(lanes.run(time.sleep, (0.2,), "t1")) for _ in range(2)]
        await asyncio.sleep(0)
        # Submitted with those two: it starts at about 0.4 s and is running when its
        # request has waited 0.5 s.
        last = asyncio.ensure_future(lanes.run(lambda: time.sleep(0.3) or "done", (), "t1"))
        await asyncio.gather(*queued)
        return [await last], lanes._made - first

    answered, given_up = asyncio.run(scenario())
    assert answered == ["done"]
    assert given_up == 0
