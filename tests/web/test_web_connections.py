"""What the server refuses at the connection (issue 21, "the server under attack"): a request
whose headers do not arrive in time is dropped, and one client address holds a bounded
number of connections, so half-sent requests cannot exhaust the server's file descriptors."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

import httpx
import pytest
import uvicorn
from web_live import free_port

from referee_web import Limits, create_app
from referee_web.connections import ConnectionLimits, uvicorn_options


@contextmanager
def _serving(db: str, limits: ConnectionLimits) -> Iterator[int]:
    app = create_app(db, limits=Limits(rate=10_000, burst=10_000))
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on", **uvicorn_options(limits))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(20)


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_web_a_half_sent_request_is_dropped_after_the_header_timeout(tmp_path: Path) -> None:
    with _serving(str(tmp_path / "w.sqlite"), ConnectionLimits(header_timeout=0.5, per_client=64)) as port:
        started = time.monotonic()
        sockets = [socket.create_connection(("127.0.0.1", port)) for _ in range(5)]
        for sock in sockets:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
        with closing(sockets[0]):
            assert all(_closed_within(sock, 5) for sock in sockets)
        assert time.monotonic() - started < 4
        for sock in sockets:
            sock.close()
        # A whole request on a fresh connection is served as ever.
        assert httpx.get(f"http://127.0.0.1:{port}/api/games").status_code == 200


def test_web_one_client_address_holds_a_bounded_number_of_connections(tmp_path: Path) -> None:
    with _serving(str(tmp_path / "w.sqlite"), ConnectionLimits(header_timeout=30, per_client=4)) as port:
        sockets = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
        try:
            time.sleep(0.3)
            closed = [_closed_within(sock, 0.3) for sock in sockets]
            assert closed.count(True) == 6, closed
        finally:
            for sock in sockets:
                sock.close()
        deadline = time.monotonic() + 5
        while True:  # the server notices the closed ones, then has room again
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_web_referee_serve_help_documents_every_limit(capsys) -> None:
    from referee_cli.main import main

    with suppress(SystemExit):
        main(["serve", "--help"])
    shown = capsys.readouterr().out
    for option in (
        "--tables-per-minute",
        "--max-entries",
        "--bot-actions",
        "--work-timeout",
        "--header-timeout",
        "--connections-per-client",
        "--max-connections",
        "--ws-compression",
    ):
        assert option in shown


def test_web_referee_serve_max_connections_bounds_what_is_served_at_once(monkeypatch, tmp_path: Path) -> None:
    """A club night of 1,000 tables holds 8,000 connections (every seat a live page and one
    for its answers): the host raises the bound past the default of 1,000."""
    import referee_web.serve

    given: dict[str, object] = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **options: given.update(options))
    referee_web.serve.main(["--db", str(tmp_path / "w.sqlite"), "--max-connections", "10000"])
    assert given["limit_concurrency"] == 10_000
    referee_web.serve.main(["--db", str(tmp_path / "w.sqlite")])
    assert given["limit_concurrency"] == ConnectionLimits().concurrency == 1_000


@pytest.mark.parametrize("option", ["--max-connections", "--connections-per-client"])
@pytest.mark.parametrize(
    ("value", "said"), [("0", "would refuse every connection"), ("-3", "would refuse every connection"), ("many", "is not a whole number")]
)
def test_web_referee_serve_refuses_a_connection_bound_that_would_serve_nobody(
    monkeypatch, capsys, tmp_path: Path, option: str, value: str, said: str
) -> None:
    import referee_web.serve

    monkeypatch.setattr("uvicorn.run", lambda app, **options: pytest.fail("the server started"))
    with pytest.raises(SystemExit) as exited:
        referee_web.serve.main(["--db", str(tmp_path / "w.sqlite"), option, value])
    assert exited.value.code == 2
    assert option in (error := capsys.readouterr().err) and said in error


def _extensions(port: int) -> str | None:
    """The WebSocket extensions the server agreed to, for a client that offers per-message
    deflate as browsers do (the route accepts before the page says hello)."""
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{port}/api/tables/t/seats/Ann/live", open_timeout=10) as socket:
        assert socket.response is not None
        return socket.response.headers.get("Sec-WebSocket-Extensions")


def test_web_live_pages_are_sent_uncompressed_unless_the_host_asks(tmp_path: Path) -> None:
    """Compressing every update cost more server CPU than the rest of sending it (issue 23):
    off by default, ``--ws-compression`` turns it on."""
    with _serving(str(tmp_path / "w.sqlite"), ConnectionLimits()) as port:
        assert _extensions(port) is None
    with _serving(str(tmp_path / "w.sqlite"), ConnectionLimits(ws_compression=True)) as port:
        assert "permessage-deflate" in (_extensions(port) or "")
