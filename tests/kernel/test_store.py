"""Persistence: SQLite by default, atomic appends, optimistic concurrency (DESIGN: storage, invariants)."""

from __future__ import annotations

import sqlite3

import highroll
import pytest
from eventsourcing.persistence import OperationalError

from referee import ConcurrentWrite, Referee, RefereeError, Registry, TableStore
from referee.store import default_db_path, resolve_db


def registry():
    return Registry([highroll], entry_points=False)


def test_a_table_survives_the_process(tmp_path):
    db = tmp_path / "tables.sqlite"
    with Referee(db, registry=registry()) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="s")
        app.act(table, "Ann", "bid", {"chips": 1})
    with Referee(db, registry=registry()) as again:
        assert again.view(table, "Ann")["view"]["bids"] == {"Ann": 1}
        again.act(again.tables()[0].table_id, "Bob", "bid", {"chips": 2})
        assert again.state(table).over
    assert db.exists()


def test_two_writers_never_lose_an_event(tmp_path):
    """DESIGN invariant: two writers racing on one table never lose an event."""
    db = tmp_path / "race.sqlite"
    first = Referee(db, registry=registry())
    second = Referee(db, registry=registry())
    table = first.open("highroll", ["Ann", "Bob", "Cy"], seed="s")
    second.state(table)  # second caches the table as it is now
    first.act(table, "Ann", "bid", {"chips": 1})
    second.act(table, "Bob", "bid", {"chips": 2})  # decided on a stale state, retried on the new one
    types = [e.type for e in first.entries(table)]
    assert types.count("highroll.BidMade") == 2
    assert second.view(table, "Ann")["view"]["bids"] == {"Ann": 1}
    first.close()
    second.close()


def test_a_stale_append_is_refused_and_writes_nothing(tmp_path):
    store = TableStore(tmp_path / "s.sqlite")
    app = Referee(registry=registry(), store=store)
    table = app.open("highroll", ["Ann", "Bob"], seed="s")
    length = len(store.entries(table))
    app.act(table, "Ann", "bid", {"chips": 1})
    with pytest.raises(ConcurrentWrite):
        store.append(table, length, store.entries(table)[-2:])
    assert len(store.entries(table)) == length + 2
    app.close()


def failing_once(monkeypatch, store: TableStore, message: str) -> None:
    """Make the store's next write fail as SQLite fails it with ``message``."""
    insert = store.recorder.insert_events
    failures = [message]

    def insert_events(*args, **kwargs):
        if failures:
            try:
                raise sqlite3.OperationalError(failures.pop())
            except sqlite3.OperationalError as exc:
                raise OperationalError(exc) from exc
        return insert(*args, **kwargs)

    monkeypatch.setattr(store.recorder, "insert_events", insert_events)


def test_a_write_refused_because_the_database_was_busy_is_decided_again(tmp_path, monkeypatch):
    store = TableStore(tmp_path / "s.sqlite")
    with Referee(registry=registry(), store=store) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="s")
        failing_once(monkeypatch, store, "database is locked")
        appended = app.act(table, "Ann", "bid", {"chips": 1})
        assert [e.type for e in store.entries(table)][-len(appended) :] == [e.type for e in appended]
        assert app.view(table, "Ann")["view"]["bids"] == {"Ann": 1}


def test_a_store_failure_keeps_its_cause(tmp_path, monkeypatch):
    store = TableStore(tmp_path / "s.sqlite")
    with Referee(registry=registry(), store=store) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="s")
        length = app.length(table)
        failing_once(monkeypatch, store, "disk I/O error")
        with pytest.raises(RefereeError, match="nothing was recorded") as refused:
            app.act(table, "Ann", "bid", {"chips": 1})
        causes = []
        cause = refused.value.__cause__
        while cause is not None:
            causes.append(cause)
            cause = cause.__cause__
        assert any(isinstance(c, sqlite3.OperationalError) and "disk I/O" in str(c) for c in causes)
        assert app.length(table) == length


def test_where_the_store_lives(monkeypatch, tmp_path):
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "referee" / "referee.sqlite"
    assert resolve_db(None) == str(tmp_path / "referee" / "referee.sqlite")
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "env.sqlite"))
    assert resolve_db(None) == str(tmp_path / "env.sqlite")
    assert resolve_db(tmp_path / "flag.sqlite") == str(tmp_path / "flag.sqlite")


def test_an_unusable_store_is_a_clear_error(tmp_path):
    from referee import RefereeError

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(RefereeError, match=r"the folder .*file/sub does not exist"):
        TableStore(blocker / "sub" / "db.sqlite")


def test_unknown_table(tmp_path):
    from referee import UnknownTable

    with Referee(tmp_path / "x.sqlite", registry=registry()) as app, pytest.raises(UnknownTable, match="no table 'nope'"):
        app.act("nope", "Ann", "bid", {})


def test_import_of_a_finished_game_into_another_store(tmp_path):
    with Referee(tmp_path / "a.sqlite", registry=registry()) as a:
        table = a.open("highroll", ["Ann", "Bob"], seed="s")
        a.act(table, "Ann", "bid", {"chips": 1})
        a.act(table, "Bob", "bid", {"chips": 1})
        text = a.export(table)
    with Referee(tmp_path / "b.sqlite", registry=registry()) as b:
        assert b.audit.import_log(text) == table
        assert b.export(table) == text
        from referee import RefereeError

        with pytest.raises(RefereeError, match="already in"):
            b.audit.import_log(text)
