"""Fixtures for the web server: a server on a throwaway store, driven through HTTP and WebSocket."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette 1.x points at a renamed httpx for its test client; httpx is what it runs on here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from playwright.sync_api import Browser, sync_playwright
from web_live import ARGS, CHROMIUM, Table, claimed

from referee_web import Limits, create_app


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
    """``open_table("nim", ["Ann", "Bob"], bots=[...], options={...})`` on a fresh server;
    each person's seat is claimed (``claim=False``: left to the test)."""
    clients: dict[str, TestClient] = {}

    def make(game: str, seats: list[str], *, client: TestClient | None = None, claim: bool = True, **body: Any) -> Table:
        if client is None:
            client = clients.get("default") or clients.setdefault("default", server())
        response = client.post("/api/tables", json={"game": game, "seats": seats, **body})
        assert response.status_code == 201, response.text
        created = response.json()
        tokens = claimed(client, created) if claim else dict(created["tokens"])
        return Table(created["table"], tokens, client, seats, dict(created["invitations"]))

    return make


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, shared by a module's browser tests."""
    if not Path(CHROMIUM).exists():
        # Chromium is a system package, not pip's: a machine with only Python skips these, as
        # it skips PostgreSQL's; CI installs it and allows no skip (REFEREE_NO_SKIPS).
        pytest.skip(f"the end-to-end tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
