"""The table runtime reads a table once per change (DESIGN "The table runtime: each thing done
once"): every question is answered from one session, a write updates it without reading,
and another writer's entries are still seen, by one look at the stream's head."""

from __future__ import annotations

from collections import Counter
from typing import Any

import highroll
import pytest
import tally

from referee import IllegalAction, Referee, RefereeError, Registry, TableStore

READS = ("entries", "length", "snapshot", "secret", "exists", "table_id_of", "table_ids")


def counting(store: TableStore) -> Counter[str]:
    """Count every read of ``store`` by method name."""
    reads: Counter[str] = Counter()
    for name in READS:
        method = getattr(store, name)

        def counted(*args: Any, _name: str = name, _method: Any = method, **kwargs: Any) -> Any:
            reads[_name] += 1
            return _method(*args, **kwargs)

        setattr(store, name, counted)
    return reads


@pytest.fixture
def db(tmp_path) -> str:
    return str(tmp_path / "tables.sqlite")


def referee_on(db: str) -> Referee:
    return Referee(db, registry=Registry([tally], entry_points=False))


def cycle(app: Referee, table: str, seat: str) -> None:
    """One action and everything a player's screen and a bot ask about the table after it."""
    [request] = [r for r in app.requests(table) if r.seat == seat]
    app.act(table, seat, "mark", {}, request=request.id)
    app.view(table, seat)
    app.requests(table)
    app.visible_entries(table, seat, after=1)
    app.bots.answer(table, next(r for r in app.requests(table) if r.seat == seat))


def test_one_look_at_the_head_answers_a_whole_action_cycle(db) -> None:
    with referee_on(db) as app:
        table = app.open("tally", ["Ann", "Bob"], seed="s")
        cycle(app, table, "Ann")
        reads = counting(app.store)
        with app.reading(table):
            cycle(app, table, "Bob")
        assert reads == Counter({"length": 1})


def test_each_question_looks_at_the_head_once_and_a_write_reads_nothing(db) -> None:
    with referee_on(db) as app:
        table = app.open("tally", ["Ann", "Bob"], seed="s")
        cycle(app, table, "Ann")
        reads = counting(app.store)
        [request] = [r for r in app.requests(table) if r.seat == "Bob"]
        reads.clear()
        app.act(table, "Bob", "mark", {}, request=request.id)
        assert reads == Counter()
        app.view(table, "Bob")
        app.visible_entries(table, "Bob", after=1)
        app.bots.answer(table, app.requests(table)[0])
        # view, visible_entries, bot_answer and requests: one look each, no entry read again.
        assert reads == Counter({"length": 4})


def test_a_caller_that_knows_the_table_is_current_reads_nothing(db) -> None:
    with referee_on(db) as app:
        table = app.open("tally", ["Ann", "Bob"], seed="s")
        reads = counting(app.store)
        with app.reading(table, current=True):
            cycle(app, table, "Ann")
            app.entries(table)
            app.export(table)
        assert reads == Counter()


def test_bots_playing_read_the_table_once(db) -> None:
    with referee_on(db) as app:
        table = app.open("tally", ["Ann", "Bob"], seed="s")
        reads = counting(app.store)
        steps = []
        with pytest.raises(RefereeError, match="without the game ending"):
            app.bots.play(table, ["Ann", "Bob"], on_step=lambda request, entries: steps.append(request), max_actions=30)
        assert len(steps) == 30
        assert reads == Counter({"length": 1})


def test_another_writers_entries_are_seen_and_read_once(db) -> None:
    with referee_on(db) as mine, referee_on(db) as theirs:
        table = mine.open("tally", ["Ann", "Bob"], seed="s")
        mine.view(table, "Ann")
        theirs.act(table, "Bob", "mark", {}, request=next(r.id for r in theirs.requests(table) if r.seat == "Bob"))
        reads = counting(mine.store)
        assert mine.view(table, None)["view"] == theirs.view(table, None)["view"]
        assert reads == Counter({"length": 1, "entries": 1})
        reads.clear()
        assert mine.visible_entries(table, None) == theirs.visible_entries(table, None)
        assert mine.length(table) == theirs.length(table)
        assert reads == Counter({"length": 2})


def test_an_action_decided_on_a_table_another_writer_moved_on_is_decided_again(db) -> None:
    with referee_on(db) as mine, referee_on(db) as theirs:
        table = mine.open("tally", ["Ann", "Bob"], seed="s")
        mine.view(table, "Ann")
        # Bob marks elsewhere; this referee's session still holds the table before it.
        theirs.act(table, "Bob", "mark", {}, request=next(r.id for r in theirs.requests(table) if r.seat == "Bob"))
        appended = mine.act(table, "Ann", "mark", {}, request=next(r.id for r in mine.requests(table) if r.seat == "Ann"))
        assert [e.seq for e in appended] == [e.seq for e in mine.entries(table)[-len(appended) :]]
        assert mine.view(table, None)["view"] == {"totals": {"Ann": 1, "Bob": 1}}
        assert theirs.entries(table) == mine.entries(table)
        assert mine.audit.verify_table(table).ok


def test_a_request_answered_by_another_writer_is_refused_after_looking_at_the_table_again(db) -> None:
    with Referee(db, registry=Registry([highroll], entry_points=False)) as mine, referee_on(db) as theirs:
        table = mine.open("highroll", ["Ann", "Bob", "Cy"], seed="s")
        theirs._registry = mine.registry
        request = next(r.id for r in mine.requests(table) if r.seat == "Bob")
        theirs.act(table, "Bob", "bid", {"chips": 1}, request=request)
        # Decided on the table as this referee last saw it, Bob's bid is legal; the store
        # refuses the append, and on the table as it now is the request is closed.
        with pytest.raises(IllegalAction):
            mine.act(table, "Bob", "bid", {"chips": 2}, request=request)
        assert mine.entries(table) == theirs.entries(table)
        assert [r.seat for r in mine.requests(table)] == ["Ann", "Cy"]


def test_a_tables_rules_are_built_once_and_shared_by_every_call(db, monkeypatch) -> None:
    import referee.registry

    built: list[str] = []
    init = referee.registry.Rules.__init__

    def counted(self: Any, registry: Any, game: Any, extensions: Any) -> None:
        built.append(game.name)
        init(self, registry, game, extensions)

    monkeypatch.setattr(referee.registry.Rules, "__init__", counted)
    with referee_on(db) as app:
        table = app.open("tally", ["Ann", "Bob"], seed="s")
        cycle(app, table, "Ann")
        entries = app.entries(table)
        assert app.audit.verify_table(table).ok
        app.audit.replay(entries)
        app.audit.explain(entries, 2)
    with referee_on(db) as other:
        other._registry = app.registry
        other.view(table, "Ann")
    assert built == ["tally"]


def test_a_snapshot_is_trusted_only_where_the_log_has_the_entry_it_names(db) -> None:
    from referee.session import snapshot_of

    with referee_on(db) as app:
        table = app.open("tally", ["Ann", "Bob"], seed="s")
        for _ in range(3):
            cycle(app, table, "Ann")
        truth = app.view(table, None)
        length = app.length(table)
        # A snapshot at the last entry, holding an earlier state and naming no entry of the log.
        rules, earlier = app.audit.replay(app.entries(table), to=length - 4)
        app.store.append(table, length, [], snapshot_of(rules, earlier, length, "0" * 64))
    with referee_on(db) as fresh:
        assert fresh.view(table, None) == truth


def test_reading_a_whole_long_log_holds_no_more_than_max_held(db, monkeypatch) -> None:
    import referee.session

    monkeypatch.setattr(referee.session, "MAX_HELD", 3)
    with referee_on(db) as app:
        table = app.open("tally", ["Ann", "Bob"], seed="s")
        for seat in ("Ann", "Bob", "Ann"):
            cycle(app, table, seat)
        length = app.length(table)
        assert length > 3
        reads = counting(app.store)
        with app.reading(table, current=True):
            assert [e.seq for e in app.entries(table)] == list(range(1, length + 1))
            # The early entries were handed over, not kept: asking again reads them again.
            assert [e.seq for e in app.entries(table)] == list(range(1, length + 1))
            assert [e.seq for e in app.visible_entries(table, None, after=length - 3)] == [length - 2, length - 1, length]
        assert reads == Counter({"entries": 2})
