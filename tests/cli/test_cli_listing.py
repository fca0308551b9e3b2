"""``referee tables`` answers from the summaries the store keeps; ``referee migrate`` gives
every table kept before summaries its own, so no listing folds a table again."""

from __future__ import annotations

from referee import Referee, Registry, TableStore


def _store_kept_before_summaries(db, count: int) -> list[str]:
    with Referee(":memory:") as source, TableStore(db) as old:
        tables = [source.open("pigsty", ["Bill", "Ted", "Zed"], seed=f"old-{n}") for n in range(count)]
        source.act(tables[0], "Bill", "orders", {"text": "G 1"})
        for table in tables:
            old.create(table, "pigsty", source.entries(table), source.store.secret(table))
    return tables


def _listed_without_any_game(db) -> list[str]:
    with Referee(db, registry=Registry([], entry_points=False), read_only=True) as bare:
        return [info.table_id for info in bare.tables()]


def test_an_old_store_lists_right_and_migrate_keeps_its_summaries(cli, tmp_path) -> None:
    db = tmp_path / "old.sqlite"
    tables = _store_kept_before_summaries(db, 3)
    listed = cli("tables", "--json", db=db).json()
    assert [t["table_id"] for t in listed] == tables
    assert listed[0]["waiting_for"] == ["Ted", "Zed"] and listed[1]["waiting_for"] == ["Bill", "Ted", "Zed"]
    assert _listed_without_any_game(db) == []  # read-only: each listing folds them, nothing was kept

    migrated = cli("migrate", "--json", db=db)
    assert migrated.code == 0, migrated.err
    assert migrated.json()["migrated"] == []  # nothing of 0.1's layout to copy
    assert _listed_without_any_game(db) == tables
    assert cli("tables", "--json", db=db).json() == listed
