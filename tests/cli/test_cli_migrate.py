"""``referee migrate``: tables kept in Referee 0.1's layout (one aggregate per table holding
every line) are copied into the current one, once, and then play, list and verify as usual."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

LEGACY = Path(__file__).with_name("legacy_store_0_1.py")

# Run apart: the 0.1 store must be importable as ``referee.store`` (its stored topics name
# that module), which this test process's own store module is.
BUILD = textwrap.dedent(
    """
    import sys, types
    from referee import Referee

    path, legacy = sys.argv[1], sys.argv[2]
    tables = []
    with Referee(":memory:") as app:
        done = app.open("pigsty", ["Ann", "Bob", "Cy"], seed="old-finished", table_id="old-finished")
        app.bots.play(done, ["Ann", "Bob", "Cy"])
        live = app.open("pigsty", ["Ann", "Bob", "Cy"], seed="old-live", table_id="old-live")
        app.act(live, "Ann", "orders", {"text": "I 5"})
        tables = [(t, app.entries(t), app.store.secret(t).seed) for t in (done, live)]
    old = types.ModuleType("referee.store")
    old.__package__ = "referee"
    sys.modules["referee.store"] = old
    exec(compile(open(legacy).read(), legacy, "exec"), old.__dict__)
    with old.TableStore(path) as store:
        for table_id, entries, seed in tables:
            store.create(table_id, "pigsty", entries, seed)
            print(table_id, len(entries))
    """
)


def _legacy_store(path: Path) -> dict[str, int]:
    made = subprocess.run([sys.executable, "-c", BUILD, str(path), str(LEGACY)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    return {table: int(n) for table, n in (line.split() for line in made.stdout.splitlines())}


def test_migrate_copies_old_tables_once_and_they_verify_and_play_on(cli, tmp_path) -> None:
    store = tmp_path / "old.sqlite"
    made = _legacy_store(store)
    assert set(made) == {"old-finished", "old-live"}
    assert cli("tables", "--json", db=store).json() == []  # the old layout is not listed as such

    moved = cli("migrate", db=store)
    assert moved.code == 0, moved.err
    for table, count in made.items():
        assert f"copied table {table}: {count} log entries" in moved.out
    assert "2 tables copied" in moved.out

    again = cli("migrate", "--json", db=store)
    assert again.code == 0, again.err
    assert again.json()["migrated"] == []  # idempotent: nothing is copied twice

    listed = {t["table_id"]: t for t in cli("tables", "--json", db=store).json()}
    assert listed["old-finished"]["over"] is True and listed["old-finished"]["entries"] == made["old-finished"]
    assert listed["old-live"]["over"] is False
    checked = cli("verify", "old-finished", db=store)
    assert checked.code == 0, checked.out + checked.err
    # The unfinished table goes on in the new layout: its next action is stored after it.
    assert cli("act", "old-live", "Bob", "orders", "G 2", db=store).code == 0
    assert cli("tables", "--json", db=store).json()[1]["entries"] > made["old-live"]


def test_migrate_makes_no_store_where_there_is_none(cli, tmp_path) -> None:
    missing = tmp_path / "nothing" / "here.sqlite"
    result = cli("migrate", db=missing)
    assert result.code == 2
    assert "no store at" in result.err
    assert not missing.parent.exists()
