"""The server process and Python's cycle collector (issue 23): a full collection stops the
whole process, and with the default thresholds it ran every few seconds under a club
night's load, 60 to 130 ms each, which the slowest updates waited behind.  ``referee
serve`` freezes what it loaded once started and collects in larger batches
(``referee_web.collector``); an application embedding the server keeps its own settings.
The log's entries, the objects a server holds most of, are not tracked at all."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import referee_web.app
import referee_web.serve
from referee import Referee
from referee_web import create_app
from referee_web.collector import THRESHOLDS


@pytest.fixture
def collector_restored() -> Iterator[None]:
    thresholds = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_web_referee_serve_settles_the_collector_once_the_server_has_started(tmp_path: Path, collector_restored: None) -> None:
    gc.unfreeze()
    app = create_app(str(tmp_path / "t.sqlite"), own_process=True)
    assert gc.get_freeze_count() == 0
    with TestClient(app) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold() == THRESHOLDS
        # The games' plugins were loaded by the start: they are frozen with the rest.
        assert gc.get_freeze_count() > 1_000


def test_web_an_application_embedding_the_server_keeps_its_collector_settings(tmp_path: Path, collector_restored: None) -> None:
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    with TestClient(create_app(str(tmp_path / "t.sqlite"))) as client:
        assert client.get("/api/games").status_code == 200
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_web_the_serve_command_runs_the_server_as_its_process_s_own(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    made: dict[str, Any] = {}

    def recorded(*args: Any, **options: Any) -> str:
        made.update(options)
        return "app"

    monkeypatch.setattr(referee_web.app, "create_app", recorded)
    monkeypatch.setattr("uvicorn.run", lambda *args, **options: None)
    referee_web.serve.serve(str(tmp_path / "t.sqlite"))
    assert made["own_process"] is True


def test_a_logs_entries_are_left_out_of_the_cycle_collector(tmp_path: Path) -> None:
    with Referee(str(tmp_path / "t.sqlite")) as app:
        table = app.open("cashnguns", ["Ann", "Bob", "Cleo", "Dan"])
        entries = app.entries(table)
        assert entries and not any(gc.is_tracked(entry) for entry in entries)
