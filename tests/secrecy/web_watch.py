"""What the web server shows a watcher of one world, for the noninterference check
(``referee.testing.worlds.Observer``): its state as a page reads it, its export, the
answers to acting with other seats' request ids (and an id nobody has), and the first
WebSocket frame of its live page.

Each world gets a server of its own, in-process (Starlette's test client), serving that
world's referee: the server is made on an in-memory store and its worker is handed the
world's referee, so the server reads exactly the table the kernel's part compared.  A
spectator is watched through the table's spectator link (its state and its live page,
headers included); the gamesmaster's console is watched as ``gamesmaster``.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

with warnings.catch_warnings():
    # Starlette 1.x points at a renamed httpx for its test client; httpx is what it runs on here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee import GAMESMASTER, Referee
from referee.testing import CheckFailed
from referee.testing.worlds import normalized
from referee_web import Limits, create_app
from referee_web.showing import SPECTATORS

UNLIMITED = Limits(rate=1_000_000, burst=1_000_000, tables_per_minute=1_000_000)


def _without_clock(value: Any) -> Any:
    """``value`` without the times entries were appended, nor the short head hash (the
    chain's, which differs with every hidden commitment: not compared, see the check)."""
    if isinstance(value, dict):
        return {k: _without_clock(v) for k, v in value.items() if k not in ("at", "head")}
    if isinstance(value, list):
        return [_without_clock(v) for v in value]
    return value


class WebWatch:
    """An observer serving each world it is shown from a server of its own."""

    def __init__(self) -> None:
        self._served: dict[int, tuple[TestClient, dict[str, str], Referee]] = {}

    def forget(self, app: Referee) -> None:
        served = self._served.pop(id(app), None)
        if served is not None:
            served[0].__exit__(None, None, None)

    def close(self) -> None:
        for client, _, _ in self._served.values():
            client.__exit__(None, None, None)
        self._served.clear()

    def _server(self, app: Referee, table: str) -> tuple[TestClient, dict[str, str]]:
        served = self._served.get(id(app))
        if served is not None and served[2] is app:
            return served[0], served[1]
        client = TestClient(create_app(":memory:", registry=app.registry, limits=UNLIMITED))
        client.__enter__()
        hub = client.app.state.hub  # type: ignore[attr-defined]

        def serve_this_world() -> dict[str, str]:
            hub._local.app = app
            return hub._w_keys.issue(table, [*app.info(table).seats, GAMESMASTER, SPECTATORS])

        tokens = client.portal.call(hub.run, serve_this_world)  # type: ignore[union-attr]
        self._served[id(app)] = (client, tokens, app)
        return client, tokens

    def __call__(
        self, app: Referee, table: str, watcher: str | None, after: int, probes: Sequence[tuple[str, str]], step: int
    ) -> dict[str, Any]:
        client, tokens = self._server(app, table)
        if watcher is None:
            return self._spectator(client, table, tokens[SPECTATORS], after)
        auth = {"Authorization": f"Bearer {tokens[watcher]}"}
        base = f"/api/tables/{table}/seats/{watcher}"
        seen: dict[str, Any] = {}
        state = client.get(f"{base}/state", params={"after": after}, headers=auth)
        seen["web state"] = [state.status_code, _without_clock(state.json())]
        if watcher != GAMESMASTER and not step:
            # The gamesmaster's export is a verify of the whole table: the same verdict in
            # every world that verifies, and the costliest answer the server gives.
            exported = client.get(f"{base}/export", headers=auth).json()
            lines = (exported.pop("jsonl") or "").splitlines()[after:]
            seen["web export"] = [exported, [normalized(json.loads(line)) for line in lines]]
        answers = {}
        for request_id, action in probes:
            response = client.post(f"{base}/act", json={"action": action, "args": {}, "request": request_id}, headers=auth)
            if response.is_success:
                raise CheckFailed(f"the server let {watcher} act with request {request_id!r}, which is not its own: {response.text}")
            answers[request_id] = [response.status_code, response.json(), _headers(response.headers)]
        seen["web refusals"] = answers
        with self._live(client, base, tokens[watcher], after) as frame:
            seen["web live frame"] = _without_clock(frame)
        return seen

    def _spectator(self, client: TestClient, table: str, token: str, after: int) -> dict[str, Any]:
        base = f"/api/tables/{table}/spectators"
        auth = {"Authorization": f"Bearer {token}"}
        state = client.get(f"{base}/state", params={"after": after}, headers=auth)
        seen: dict[str, Any] = {"web spectator state": [state.status_code, _without_clock(state.json()), _headers(state.headers)]}
        with self._live(client, base, token, after) as frame:
            seen["web spectator live frame"] = _without_clock(frame)
        return seen

    @staticmethod
    @contextmanager
    def _live(client: TestClient, base: str, token: str, after: int) -> Iterator[Any]:
        with client.websocket_connect(f"{base}/live") as socket:
            socket.send_text(json.dumps({"token": token, "after": after}))
            yield socket.receive_json()


def _headers(headers: Any) -> dict[str, str]:
    """A response's headers, less the date and length (the length follows the body)."""
    return {k: v for k, v in headers.items() if k.lower() not in ("date", "content-length")}
