"""Tables at any length (issue 9): a 100,000-entry table loads, acts and verifies, and agrees
with a replay from its first entry; the state restored from a snapshot and the entries after
it equals a full replay, for random bot games of every installed game."""

from __future__ import annotations

from unittest import mock

import msgspec
import pytest
import tally
from budgets import examples
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import referee.session
from referee import MEMORY, Referee, RefereeError, Registry, TableStore, replay
from referee.store import SNAPSHOT_EVERY

LONG = 100_000


def registry() -> Registry:
    return Registry([tally], entry_points=False)


def same(a: referee.TableState, b: referee.TableState) -> bool:
    return msgspec.to_builtins(a) == msgspec.to_builtins(b)


def copy_store(source: TableStore, target: TableStore) -> None:
    """Every stored event (log, secrets, snapshots, index) of ``source`` into ``target``."""
    start = None
    while True:
        page = source.recorder.select_notifications(start, 5000, inclusive_of_start=start is None)
        if page:
            target.recorder.insert_events(list(page))
        if len(page) < 5000:
            return
        start = page[-1].id


@pytest.fixture(scope="module")
def long_table(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """A SQLite file holding one tally table of at least 100,000 entries.

    Played in memory and copied stored event by stored event (snapshots included): the
    file holds exactly what playing on SQLite would have left, in a tenth of the time.
    """
    db = str(tmp_path_factory.mktemp("long") / "long.sqlite")
    with TableStore(MEMORY) as memory:
        app = Referee(registry=registry(), store=memory)
        table = app.open("tally", ["Ann", "Bob"], seed="long", table_id="tally-long")
        length = memory.length(table)
        while length < LONG:
            length += len(app.act(table, "Ann" if length % 2 else "Bob", "mark", {}))
        with TableStore(db) as target:
            copy_store(memory, target)
    return db, table


def test_a_long_table_loads_from_its_latest_snapshot_as_a_replay_would_fold_it(long_table):
    db, table = long_table
    with Referee(db, registry=registry()) as app:
        entries = app.entries(table)
        assert len(entries) >= LONG
        snapshot = app.store.snapshot(table)
        assert snapshot is not None and len(entries) - snapshot.seq < SNAPSHOT_EVERY
        # Loading must not fall back to replaying the whole log.
        with mock.patch.object(referee.session, "fold_entries", side_effect=AssertionError("replayed from the first entry")):
            loaded = app.state(table)
        _rules, replayed = replay(registry(), entries)
        assert same(loaded, replayed)


def test_a_long_table_takes_actions_and_verifies(long_table):
    db, table = long_table
    with Referee(db, registry=registry()) as app:
        before = app.view(table, None)["view"]["totals"]
        appended = app.act(table, "Ann", "mark", {})
        assert [e.type for e in appended] == ["referee.ActionTaken", "tally.MarkMade", "referee.RequestOpened"]
        assert app.view(table, None)["view"]["totals"] == {**before, "Ann": before["Ann"] + 1}
        entries = app.entries(table)
        assert entries[-1] == appended[-1]
        _rules, replayed = replay(registry(), entries)
        assert same(app.state(table), replayed)
        verdict = app.audit.verify_table(table)
        assert verdict.ok, verdict.message
    with Referee(db, registry=registry()) as again:  # a new process sees the same table
        assert same(again.state(table), replayed)


# -- snapshot equals replay, over random bot games of every game ------------------------------


def installed() -> Registry:
    return Registry()


GAMES = sorted(installed().games)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seats=st.integers(0, 3), actions=st.integers(1, 300), seed=st.text(min_size=1, max_size=8))
def test_snapshot_and_tail_equal_a_full_replay(game, seats, actions, seed):
    """Any bot game stopped after any number of actions: a new Referee loads it from its latest
    snapshot and the entries after it, to the state a replay from the first entry gives."""
    registry = installed()
    spec = registry.games[game]
    count = min(spec.min_seats + seats, spec.max_seats or 6)
    names = [f"P{n}" for n in range(count)]
    with TableStore(MEMORY) as store:
        app = Referee(registry=registry, store=store)
        table = app.open(game, names, seed=seed)
        try:
            app.bots.play(table, names, max_actions=actions)
        except RefereeError as exc:
            assert "without the game ending" in exc.message
        entries = app.entries(table)
        snapshot = store.snapshot(table)
        if len(entries) > SNAPSHOT_EVERY and not app.over(table):
            assert snapshot is not None
        event(f"{game}: {'from a snapshot' if snapshot is not None else 'no snapshot yet'}")
        fresh = Referee(registry=registry, store=store)
        if snapshot is not None:
            with mock.patch.object(referee.session, "fold_entries", side_effect=AssertionError("replayed from the first entry")):
                loaded = fresh.state(table)
        else:
            loaded = fresh.state(table)
        _rules, replayed = replay(registry, entries)
        assert same(loaded, replayed)
