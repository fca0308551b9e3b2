"""A bot whose answer the rules refuse does not play on: a bot answers the same at the same
length of the log, so asking it again would loop for good, past the server's limit of bot
actions.  The table is set down with a warning naming the seat, which then waits for a
person or the gamesmaster."""

from __future__ import annotations

import logging
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from web_live import claimed

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee import Extension, Registry, hookimpl
from referee_web import Limits, create_app


class _Contrary:
    """A house rule whose bots always call something Nim does not offer."""

    def __init__(self) -> None:
        self.asked = 0
        self._lock = threading.Lock()

    @hookimpl(tryfirst=True)
    def referee_bot_action(self, view: Any, seat: str, request: Any, rng: Any) -> dict[str, Any]:
        with self._lock:
            self.asked += 1
        return {"call": "sideways"}


class _Offer:
    def __init__(self, plugin: object) -> None:
        self.plugin = plugin

    @hookimpl
    def referee_extensions(self) -> list[Extension]:
        return [Extension(name="contrary", game="nim", title="contrary", plugin=self.plugin, kind="house rule", default=False)]


def _start(web_db: str, plugin: _Contrary, **limits: Any) -> TestClient:
    app = create_app(web_db, registry=Registry([_Offer(plugin)]), limits=Limits(rate=10_000, burst=10_000, **limits), tick=0.05)
    client = TestClient(app)
    client.__enter__()
    return client


@pytest.fixture
def contrary_server(web_db: str) -> Iterator[tuple[TestClient, _Contrary]]:
    plugin = _Contrary()
    client = _start(web_db, plugin)
    yield client, plugin
    client.__exit__(None, None, None)


def _wait_for(done: Any) -> None:
    deadline = time.monotonic() + 10
    while not done():
        assert time.monotonic() < deadline, "the server did not get there in time"
        time.sleep(0.02)


def test_web_a_bot_whose_answer_is_refused_stops_and_its_seat_waits(contrary_server, caplog) -> None:
    client, plugin = contrary_server
    caplog.set_level(logging.WARNING, logger="referee_web")
    created = client.post("/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"], "bots": ["Bob"], "extensions": ["contrary"]})
    assert created.status_code == 201, created.text
    table, tokens = created.json()["table"], created.json()["tokens"]
    gamesmaster = {"Authorization": f"Bearer {tokens['gamesmaster']}"}
    deadline = time.monotonic() + 10
    while not [r for r in caplog.records if table in r.getMessage()]:
        assert time.monotonic() < deadline, "the refused bot answer was not reported"
        time.sleep(0.02)
    (warning,) = [r for r in caplog.records if table in r.getMessage()]
    assert warning.levelno == logging.WARNING and "Bob" in warning.getMessage()
    asked = plugin.asked
    length = client.get(f"/api/tables/{table}/seats/gamesmaster/state", headers=gamesmaster).json()["length"]
    time.sleep(0.5)
    # Without the stop the bot is asked again and again, as fast as the worker runs.
    assert plugin.asked == asked <= 2
    state = client.get(f"/api/tables/{table}/seats/gamesmaster/state", headers=gamesmaster)
    assert state.status_code == 200, state.text
    assert state.json()["length"] == length and not state.json()["over"]
    # The gamesmaster can still end the table the bot left waiting.
    ended = client.post(
        f"/api/tables/{table}/seats/gamesmaster/act",
        json={"action": "abandon", "args": {"reason": "a bot answers illegally"}},
        headers=gamesmaster,
    )
    assert ended.status_code == 200, ended.text


def test_web_refused_bot_answers_count_toward_the_servers_limit_of_bot_actions(web_db: str) -> None:
    plugin = _Contrary()
    client = _start(web_db, plugin, bot_actions=1)
    try:
        created = client.post("/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"], "bots": ["Bob"], "extensions": ["contrary"]})
        table, tokens = created.json()["table"], claimed(client, created.json())
        _wait_for(lambda: plugin.asked >= 1)
        ann = {"Authorization": f"Bearer {tokens['Ann']}"}
        request = client.get(f"/api/tables/{table}/seats/Ann/state", headers=ann).json()["view"]["requests"][0]["id"]
        moved = client.post(
            f"/api/tables/{table}/seats/Ann/act", json={"action": "call", "args": {"call": "odd"}, "request": request}, headers=ann
        )
        assert moved.status_code == 200, moved.text
        time.sleep(0.5)
        # The table changed, but the one bot action allowed was spent on the refused answer.
        assert plugin.asked == 1
    finally:
        client.__exit__(None, None, None)
