"""Group commit (issue 23): answers for many tables waiting together on a SQLite store are
decided in the order they came and committed in one transaction, each acknowledged only
once that transaction is durable; when the transaction fails because another writer moved
a table on, nothing of it is stored and each answer is decided again on its own."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from web_live import Table

from referee import Referee

TABLES = 6


@pytest.fixture
def tables(open_table, web_db: str) -> tuple[list[Table], Any, Referee]:
    opened = [open_table("pigsty", ["Ann", "Bob", "Cleo"]) for _ in range(TABLES)]
    return opened, opened[0].client, Referee(web_db)


def _inserts(hub: Any) -> list[int]:
    """How many records each transaction of the server's store writes, as it writes them."""
    written: list[int] = []
    recorder = hub.app.store.recorder
    insert = recorder.insert_events

    def counted(records: Any, **kwargs: Any) -> Any:
        written.append(len(records))
        return insert(records, **kwargs)

    recorder.insert_events = counted
    return written


def _answers_together(client: Any, hub: Any, answers: list[tuple[str, str, dict[str, Any]]], meanwhile: Any = None) -> list[Any]:
    """Send ``answers`` while the tables' worker is busy, so that they wait together."""
    gate, busy = threading.Event(), threading.Event()

    def hold() -> None:
        busy.set()
        gate.wait(10)

    held = client.portal.start_task_soon(hub.run, hold)
    busy.wait(10)
    pending = [client.portal.start_task_soon(hub.run, hub._w_act, table, seat, body) for table, seat, body in answers]
    time.sleep(0.3)  # every answer is queued behind the held job
    if meanwhile is not None:
        meanwhile()
    gate.set()
    held.result(10)
    return [future.result(30) for future in pending]


def _first_answer(oracle: Referee, table: Table, seat: str | None = None) -> tuple[str, str, dict[str, Any]]:
    request = next(r for r in oracle.requests(table.id) if seat is None or r.seat == seat)
    return table.id, request.seat, {"action": request.action, "args": oracle.bots.answer(table.id, request), "request": request.id}


def test_web_answers_waiting_together_are_committed_in_one_transaction(tables) -> None:
    opened, client, oracle = tables
    hub = client.app.state.hub
    answers = [_first_answer(oracle, table) for table in opened]
    before = {table.id: oracle.length(table.id) for table in opened}
    written = _inserts(hub)
    done = _answers_together(client, hub, answers)
    assert all(d["appended"] >= 1 for d in done), done
    assert len(written) == 1, f"{len(answers)} answers took {len(written)} transactions"
    for table in opened:
        assert oracle.length(table.id) > before[table.id]
        assert oracle.audit.verify_table(table.id).ok


def test_web_a_group_whose_transaction_fails_stores_nothing_of_it_and_each_answer_is_decided_again(tables, web_db: str) -> None:
    opened, client, oracle = tables
    hub = client.app.state.hub
    # Every page's table is held in memory; then another process answers Bob at table 0.
    answers = [_first_answer(oracle, table, "Ann") for table in opened]
    elsewhere = _first_answer(oracle, opened[0], "Bob")
    taken = [(e.seat, e.type) for e in oracle.entries(opened[0].id)]
    written = _inserts(hub)

    def another_process_answers() -> None:
        with Referee(web_db) as other:
            table_id, seat, body = elsewhere
            other.act(table_id, seat, body["action"], body["args"], request=body["request"])

    done = _answers_together(client, hub, answers, another_process_answers)
    assert all(d["appended"] >= 1 for d in done), done
    # The group's transaction failed whole; then each answer went on its own.
    assert len(written) == 1 + len(answers), written
    log = [(e.seat, e.type) for e in oracle.entries(opened[0].id)]
    for seat in ["Ann", "Bob"]:
        assert log.count((seat, "referee.ActionTaken")) == taken.count((seat, "referee.ActionTaken")) + 1, f"{seat}'s answer recorded once"
    for table in opened:
        assert oracle.audit.verify_table(table.id).ok


def test_web_a_group_never_runs_a_tables_answer_before_that_tables_earlier_work() -> None:
    """Answers waiting behind other work join the group only for tables with none of their
    own work waiting before them: each table's jobs keep the order they came in."""
    from concurrent.futures import wait

    from referee_web.lanes import Grouping, Lane

    ran: list[Any] = []
    gate = threading.Event()

    def answer(table: str, n: int) -> str:
        ran.append(("answer", table, n))
        return table

    def together(calls: list[tuple[Any, ...]]) -> list[Any]:
        ran.append(("together", [(table, n) for table, n in calls]))
        return [table for table, _ in calls]

    def page(table: str) -> None:
        ran.append(("page", table))

    lane = Lane("test", lambda table: None, Grouping(answer, together))
    futures = [lane.submit(gate.wait, (), None)]
    futures += [lane.submit(answer, ("A", 1), "A"), lane.submit(page, ("B",), "B"), lane.submit(answer, ("B", 2), "B")]
    futures += [lane.submit(answer, ("C", 3), "C"), lane.submit(answer, ("A", 4), "A")]
    gate.set()
    wait(futures, timeout=10)
    lane.stop()
    assert ran == [("together", [("A", 1), ("C", 3), ("A", 4)]), ("page", "B"), ("answer", "B", 2)]
    assert [f.result() for f in futures[1:]] == ["A", None, "B", "C", "A"]
