"""Listing tables reads the store's index and each table's summary, never a log (DESIGN:
storage; a listing costs the same whatever the tables hold)."""

from __future__ import annotations

import highroll
import pytest

from referee import Referee, Registry, TableInfo, TableStore
from referee.store import TableSummary


def registry() -> Registry:
    return Registry([highroll], entry_points=False)


class CountingStore(TableStore):
    """A store that counts how often a table's log is read."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.logs_read: list[str] = []

    def entries(self, table_id: str, after: int = 0):  # type: ignore[no-untyped-def]
        self.logs_read.append(table_id)
        return super().entries(table_id, after)


def folded_info(app: Referee, table_id: str) -> TableInfo:
    """What a listing must say of a table, worked out from its folded state."""
    state = app.state(table_id)
    return TableInfo(
        table_id=table_id,
        game=state.game_name,
        seats=state.seats,
        entries=len(app.entries(table_id)),
        round=state.flow.round,
        over=state.over,
        winners=state.result.winners if state.result else (),
        waiting_for=tuple(sorted({r.seat for r in state.flow.requests.values()})),
    )


def test_the_listing_reads_no_log_and_needs_no_installed_game(tmp_path) -> None:
    db = tmp_path / "tables.sqlite"
    with Referee(db, registry=registry()) as app:
        tables = [app.open("highroll", ["Ann", "Bob"], seed=f"s{n}") for n in range(3)]
        app.act(tables[1], "Ann", "bid", {"chips": 1})
        app.act(tables[2], "Ann", "bid", {"chips": 2})
        app.act(tables[2], "Bob", "bid", {"chips": 0})
        expected = [folded_info(app, t) for t in tables]
    assert expected[2].over and not expected[0].over

    store = CountingStore(db)
    # No game installed at all: a listing that folded any table could not list it.
    with Referee(registry=Registry([], entry_points=False), store=store) as bare:
        assert bare.tables() == expected
    assert store.logs_read == []


def test_the_summary_follows_every_action_to_the_end(memory_referee) -> None:
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob", "Cy"], seed="s")
    assert app.tables() == [folded_info(app, table)]
    for seat, chips in (("Ann", 1), ("Bob", 3), ("Cy", 2)):
        app.act(table, seat, "bid", {"chips": chips})
        assert app.tables() == [folded_info(app, table)]
    (listed,) = app.tables()
    assert listed.over and listed.winners and listed.waiting_for == ()


def _old_style_copy(source: Referee, tables: list[str], db) -> None:
    """``tables`` written into a new store the way a store kept before summaries holds them."""
    with TableStore(db) as old:
        for table in tables:
            old.create(table, "highroll", source.entries(table), source.store.secret(table))


def test_a_store_kept_before_summaries_lists_by_folding_each_table_once(memory_referee, tmp_path) -> None:
    source = memory_referee(highroll)
    tables = [source.open("highroll", ["Ann", "Bob"], seed=f"s{n}") for n in range(2)]
    source.act(tables[1], "Bob", "bid", {"chips": 3})
    expected = [folded_info(source, t) for t in tables]
    db = tmp_path / "old.sqlite"
    _old_style_copy(source, tables, db)

    # Read-only: listed right, by folding, and nothing written.
    before = db.read_bytes()
    reader = CountingStore(db, read_only=True)
    with Referee(registry=registry(), store=reader, read_only=True) as app:
        assert app.tables() == expected
    assert sorted(set(reader.logs_read)) == sorted(tables)
    # A store opened read-only under a writable referee: the summaries cannot be kept, and
    # the listing is still whole.
    with Referee(registry=registry(), store=TableStore(db, read_only=True)) as app:
        assert app.tables() == expected
    assert db.read_bytes() == before

    # Writable: folded once more, and the summaries worked out are kept...
    with Referee(db, registry=registry()) as app:
        assert app.tables() == expected
    # ...so the next listing folds nothing, even with no game installed.
    again = CountingStore(db)
    with Referee(registry=Registry([], entry_points=False), store=again) as bare:
        assert bare.tables() == expected
    assert again.logs_read == []


def test_entries_appended_without_a_summary_are_never_listed_stale(memory_referee, tmp_path) -> None:
    source = memory_referee(highroll)
    table = source.open("highroll", ["Ann", "Bob"], seed="s")
    opened = len(source.entries(table))
    source.act(table, "Ann", "bid", {"chips": 2})
    expected = folded_info(source, table)

    with TableStore(tmp_path / "mixed.sqlite") as store:
        entries = source.entries(table)
        first = source.tables()[0]
        summary = TableSummary(game="highroll", seats=first.seats, entries=opened, round=1, over=False, waiting_for=("Ann", "Bob"))
        store.create(table, "highroll", entries[:opened], source.store.secret(table), summary)
        store.append(table, opened, entries[opened:])  # a writer that keeps no summary
        with Referee(registry=registry(), store=store) as app:
            assert app.tables() == [expected]
            assert expected.waiting_for == ("Bob",)


@pytest.mark.parametrize("read_only", [False, True], ids=["writable", "read-only"])
def test_a_table_that_cannot_be_folded_is_left_out_of_an_old_listing(memory_referee, tmp_path, read_only) -> None:
    source = memory_referee(highroll)
    table = source.open("highroll", ["Ann", "Bob"], seed="s")
    db = tmp_path / "old.sqlite"
    _old_style_copy(source, [table], db)
    with Referee(db, registry=Registry([], entry_points=False), read_only=read_only) as bare:
        assert bare.tables() == []
    with Referee(db, registry=registry(), read_only=read_only) as app:
        assert [info.table_id for info in app.tables()] == [table]


def test_an_imported_table_is_listed_without_reading_its_log(tmp_path) -> None:
    with Referee(tmp_path / "source.sqlite", registry=registry()) as source:
        table = source.open("highroll", ["Ann", "Bob"], seed="s")
        source.act(table, "Ann", "bid", {"chips": 1})
        source.act(table, "Bob", "bid", {"chips": 2})
        log = source.export(table)
        expected = [folded_info(source, table)]

    with Referee(tmp_path / "target.sqlite", registry=registry()) as target:
        assert target.audit.import_log(log) == table
    store = CountingStore(tmp_path / "target.sqlite")
    with Referee(registry=Registry([], entry_points=False), store=store) as bare:
        assert bare.tables() == expected
    assert store.logs_read == []
