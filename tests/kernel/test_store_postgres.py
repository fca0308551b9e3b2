"""The same storage guarantees on PostgreSQL, for servers shared by several processes.

Runs when ``REFEREE_TEST_POSTGRES`` names a database (``.ci/run`` starts one with
``.ci/postgres.sh``); skipped otherwise.
"""

from __future__ import annotations

import os
import secrets

import highroll
import pytest

from referee import ConcurrentWrite, Referee, Registry, TableStore

URL = os.environ.get("REFEREE_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="needs a PostgreSQL database: set REFEREE_TEST_POSTGRES (see .ci/postgres.sh)")


def registry():
    return Registry([highroll], entry_points=False)


def fresh_id():
    return f"highroll-pg-{secrets.token_hex(6)}"


def test_a_table_survives_the_process_on_postgres():
    with Referee(URL, registry=registry()) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="s", table_id=fresh_id())
        app.act(table, "Ann", "bid", {"chips": 1})
    with Referee(URL, registry=registry()) as again:
        assert again.view(table, "Ann")["view"]["bids"] == {"Ann": 1}
        again.act(table, "Bob", "bid", {"chips": 2})
        assert again.state(table).over
        assert again.audit.verify_table(table).ok
        assert table in {t.table_id for t in again.tables()}


def test_two_writers_never_lose_an_event_on_postgres():
    first, second = Referee(URL, registry=registry()), Referee(URL, registry=registry())
    table = first.open("highroll", ["Ann", "Bob", "Cy"], seed="s", table_id=fresh_id())
    second.state(table)
    first.act(table, "Ann", "bid", {"chips": 1})
    second.act(table, "Bob", "bid", {"chips": 2})
    assert [e.type for e in first.entries(table)].count("highroll.BidMade") == 2
    first.close()
    second.close()


def test_a_stale_append_writes_nothing_on_postgres():
    store = TableStore(URL)
    app = Referee(registry=registry(), store=store)
    table = app.open("highroll", ["Ann", "Bob"], seed="s", table_id=fresh_id())
    length = len(store.entries(table))
    app.act(table, "Ann", "bid", {"chips": 1})
    with pytest.raises(ConcurrentWrite):
        store.append(table, length, store.entries(table)[-2:])
    assert len(store.entries(table)) == length + 2
    app.close()
