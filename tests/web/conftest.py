"""Fixtures for the web server: a server on a throwaway store, driven through HTTP and WebSocket."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette 1.x points at a renamed httpx for its test client; httpx is what it runs on here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee_web import Limits, create_app


@dataclass
class Table:
    id: str
    tokens: dict[str, str]
    client: TestClient
    seats: list[str] = field(default_factory=list)

    def auth(self, role: str, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[role] if token is None else token}"}

    def url(self, role: str, what: str) -> str:
        return f"/api/tables/{self.id}/seats/{role}/{what}"

    def state(self, role: str, after: int = 0) -> dict[str, Any]:
        response = self.client.get(self.url(role, "state"), params={"after": after}, headers=self.auth(role))
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, role: str, action: str, args: dict[str, Any] | None = None, request: str | None = None, **extra: Any) -> Any:
        body: dict[str, Any] = {"action": action, "args": args or {}, **extra}
        if request is not None:
            body["request"] = request
        return self.client.post(self.url(role, "act"), json=body, headers=self.auth(role))

    def length(self) -> int:
        """Entries in the log, as the gamesmaster counts them."""
        return int(self.state("gamesmaster")["length"])

    def requests(self, role: str) -> list[dict[str, Any]]:
        return list(self.state(role)["view"]["requests"])

    def wait(self, done: Callable[[], bool], timeout: float = 30.0) -> None:
        """Bots and deadlines run on the server: wait for them, without a fixed sleep."""
        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, "the server did not get there in time"
            time.sleep(0.02)


@pytest.fixture
def web_db(tmp_path: Path) -> str:
    return str(tmp_path / "web.sqlite")


@pytest.fixture
def server(web_db: str) -> Iterator[Callable[..., Any]]:
    """``server(limits=..., bot_pause=...)``: a running server (TestClient) on this test's SQLite store."""
    started: list[TestClient] = []

    def start(*, limits: Limits | None = None, bot_pause: float = 0.0, db: str | None = None) -> TestClient:
        app = create_app(db or web_db, limits=limits or Limits(rate=10_000, burst=10_000), bot_pause=bot_pause, tick=0.05)
        client = TestClient(app)
        client.__enter__()
        started.append(client)
        return client

    yield start
    for client in reversed(started):
        client.__exit__(None, None, None)


@pytest.fixture
def open_table(server: Callable[..., TestClient]) -> Callable[..., Table]:
    """``open_table("nim", ["Ann", "Bob"], bots=[...], options={...})`` on a fresh server."""
    clients: dict[str, TestClient] = {}

    def make(game: str, seats: list[str], *, client: TestClient | None = None, **body: Any) -> Table:
        if client is None:
            client = clients.get("default") or clients.setdefault("default", server())
        response = client.post("/api/tables", json={"game": game, "seats": seats, **body})
        assert response.status_code == 201, response.text
        created = response.json()
        return Table(created["table"], created["tokens"], client, seats)

    return make
