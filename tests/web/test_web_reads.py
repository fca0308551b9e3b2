"""A page's update reads the table once per change, however many entries it shows (DESIGN
"Adapters": the web server keeps live tables in memory, one read per change, fanned out to
pages)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from referee import Registry
from referee_web.hub import Hub

READS = ("entries", "length", "snapshot", "secret", "exists", "table_id_of", "table_ids")


def counting(store: Any) -> Counter[str]:
    reads: Counter[str] = Counter()
    for name in READS:
        method = getattr(store, name)

        def counted(*args: Any, _name: str = name, _method: Any = method, **kwargs: Any) -> Any:
            reads[_name] += 1
            return _method(*args, **kwargs)

        setattr(store, name, counted)
    return reads


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def test_web_an_update_reads_the_table_once_however_many_entries_it_shows(tmp_path: Path, registry: Registry) -> None:
    hub = Hub(str(tmp_path / "tables.sqlite"), registry=registry)
    app = hub._w_app
    seats = ["Ann", "Bob", "Cy"]
    table = app.open("pigsty", seats, seed="reads")
    reads = counting(app.store)
    first = hub._w_update(table, "Ann", 0)
    assert reads == Counter({"length": 1})
    assert first["length"] == app.length(table) and len(first["entries"]) > 5
    # The table moves on (bots play a few seats' answers), then each seat's page asks.
    for _ in range(5):
        request = app.requests(table)[0]
        hub._w_act(table, request.seat, {"action": request.action, "args": app.bots.answer(table, request), "request": request.id})
    reads.clear()
    updates = [hub._w_update(table, seat, first["length"]) for seat in seats]
    # One look at the head per page, and no entry read: the pages' entries were written here.
    assert reads == Counter({"length": len(seats)})
    assert all(update["length"] == app.length(table) and update["entries"] for update in updates)


def test_web_another_processs_entries_reach_the_page(tmp_path: Path, registry: Registry) -> None:
    db = str(tmp_path / "tables.sqlite")
    hub, elsewhere = Hub(db, registry=registry), Hub(db, registry=registry)
    table = hub._w_app.open("pigsty", ["Ann", "Bob", "Cy"], seed="reads")
    before = hub._w_update(table, "Ann", 0)["length"]
    other = elsewhere._w_app
    request = other.requests(table)[0]
    elsewhere._w_act(table, request.seat, {"action": request.action, "args": other.bots.answer(table, request), "request": request.id})
    update = hub._w_update(table, "Ann", before)
    assert update["length"] == other.length(table) > before
    assert [e["seq"] for e in update["entries"]] == list(range(before + 1, update["length"] + 1))


def test_web_a_server_starting_on_many_tables_folds_none_of_them_to_find_those_in_play(
    tmp_path: Path, registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables a starting server looks at again (bots, deadlines) come from the store's
    index and summaries: no table is loaded, however many there are (issue 23)."""
    import referee.service

    db = str(tmp_path / "tables.sqlite")
    opener = Hub(db, registry=registry)
    tables = [opener._w_app.open("nim", ["Ann", "Bob"], seed=f"many-{n}") for n in range(40)]
    for table in tables:
        opener._w_keys.issue(table, ["gamesmaster"])
    ended = opener._w_app
    for table in tables[:10]:
        ended.act(table, "gamesmaster", "abandon", {"reason": "the club closed"})
    loads: list[str] = []
    cold_load = referee.service.cold_load

    def counted(store: Any, registry: Any, table_id: str) -> Any:
        loads.append(table_id)
        return cold_load(store, registry, table_id)

    monkeypatch.setattr(referee.service, "cold_load", counted)
    starting = Hub(db, registry=registry)
    reads = counting(starting._w_app.store)
    in_play = starting._w_open_tables()
    assert sorted(in_play) == sorted(tables[10:]) and loads == []
    assert reads["entries"] == 0, "no log is read"
