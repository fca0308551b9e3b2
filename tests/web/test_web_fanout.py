"""One read per table change, fanned out (issue 23): an accepted action is decided on the
table the server holds in memory, appended once, and every open page is sent what it may
see without the store being read again; seat credentials are checked from memory, and a
re-issue still revokes at once.

Reads are counted exactly, at the store's recorder (every ``select_events`` is one read
transaction) and on the server's own records (every ``SELECT``), so these tests fail as
soon as an action costs one read more."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient
from web_live import Table, claimed

from referee import Referee
from referee_web import Limits, create_app
from referee_web.updates import Ask, Page


class Counted:
    """Reads made by the server's workers: the tables' store and the server's records."""

    def __init__(self, hub: Any) -> None:
        self.store = 0
        self.records = 0
        recorder = hub.app.store.recorder
        select = recorder.select_events

        def counted_select(*args: Any, **kwargs: Any) -> Any:
            self.store += 1
            return select(*args, **kwargs)

        recorder.select_events = counted_select
        hub.keys._conn = _CountingConnection(hub.keys._conn, self)
        # Credentials are looked at again every few seconds by design: these tests count
        # what an action costs, however long a loaded machine takes to play them.
        hub.credential_seconds = 3600.0

    @property
    def total(self) -> int:
        return self.store + self.records

    def clear(self) -> None:
        self.store = self.records = 0


class _CountingConnection:
    def __init__(self, conn: Any, counted: Counted) -> None:
        self._conn, self._counted = conn, counted

    def execute(self, statement: str, *args: Any) -> Any:
        if statement.lstrip().upper().startswith("SELECT"):
            self._counted.records += 1
        return self._conn.execute(statement, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


@pytest.fixture
def pages(open_table, web_db: str) -> Iterator[tuple[Table, dict[str, Any], Referee]]:
    """A Pigsty table of three people, each seat's page and the gamesmaster's console live."""
    table = open_table("pigsty", ["Ann", "Bob", "Cleo"])
    with ExitStack() as stack:
        sockets = {}
        for role in [*table.seats, "gamesmaster"]:
            socket = stack.enter_context(table.client.websocket_connect(table.url(role, "live")))
            socket.send_json({"token": table.tokens[role], "after": 0})
            assert socket.receive_json()["type"] == "update"
            sockets[role] = socket
        oracle = stack.enter_context(Referee(web_db))
        yield table, sockets, oracle


def _play(table: Table, sockets: dict[str, Any], oracle: Referee, actions: int) -> None:
    """``actions`` answers, each as a person's page sends it; every page waits for its push."""
    for _ in range(actions):
        request = oracle.requests(table.id)[0]
        answer = oracle.bots.answer(table.id, request)
        response = table.act(request.seat, request.action, answer, request.id)
        assert response.status_code == 200, response.text
        length = oracle.length(table.id)
        for role, socket in sockets.items():
            seen = 0
            while seen < length:
                update = socket.receive_json()
                assert update["type"] == "update", (role, update)
                seen = update["length"]


def test_web_an_accepted_action_reads_nothing_beyond_its_append_and_every_page_is_told(pages) -> None:
    table, sockets, oracle = pages
    hub = table.client.app.state.hub
    counted = Counted(hub)
    _play(table, sockets, oracle, 12)
    # Decided on the table in memory, appended once (an append reads nothing), pushed to
    # four pages from memory, each credential checked from memory.
    assert (counted.store, counted.records) == (0, 0), f"{counted.store} store reads and {counted.records} record reads for 12 actions"


def test_web_a_page_shows_what_another_process_appended_after_one_read(pages, web_db: str) -> None:
    table, sockets, oracle = pages
    hub = table.client.app.state.hub
    counted = Counted(hub)
    request = oracle.requests(table.id)[0]
    oracle.act(table.id, request.seat, request.action, oracle.bots.answer(table.id, request), request=request.id)
    # What another process's NOTIFY says of an action: the table's log changed, not the records.
    table.client.portal.call(lambda: hub.heard(table.id, records=False))
    length = oracle.length(table.id)
    for socket in sockets.values():
        update = socket.receive_json()
        while update["length"] < length:
            update = socket.receive_json()
    # The head and the new entries, once for every page; the records are not read again.
    assert counted.store <= 2 and counted.records == 0, (counted.store, counted.records)
    # The server's next own action is decided on the table it caught up with.
    counted.clear()
    _play(table, sockets, oracle, 2)
    assert counted.total == 0


def test_web_a_reissue_revokes_the_seats_page_at_once_though_credentials_are_kept_in_memory(pages) -> None:
    table, sockets, _oracle = pages
    response = table.client.post(table.url("gamesmaster", "reissue"), json={"seat": "Bob"}, headers=table.auth("gamesmaster"))
    assert response.status_code == 200, response.text
    refused = sockets["Bob"].receive_json()
    while "error" not in refused:
        refused = sockets["Bob"].receive_json()
    assert refused["status"] == 403 and "re-issued" in refused["error"]
    assert table.client.get(table.url("Bob", "state"), headers=table.auth("Bob")).status_code == 403


def test_web_a_reissue_made_by_another_process_revokes_at_its_change_notice(pages, web_db: str) -> None:
    table, sockets, oracle = pages
    hub = table.client.app.state.hub
    from referee_web.keys import SeatKeys

    # Another server process on the same store re-issues Bob's invitation: its log entry
    # and its records, as that process's claims work would write them.
    oracle.seating.reissue(table.id, "Bob")
    SeatKeys(web_db).reissue(table.id, "Bob")
    table.client.portal.call(hub.heard, table.id)
    refused = sockets["Bob"].receive_json()
    while "error" not in refused:
        refused = sockets["Bob"].receive_json()
    assert refused["status"] == 403
    assert table.client.get(table.url("Bob", "state"), headers=table.auth("Bob")).status_code == 403


def test_web_every_live_page_receives_exactly_the_entries_its_seat_may_see_once(server, web_db: str) -> None:
    """Cash'n'Guns (rules, A round 2: bullet cards are chosen sealed): the pages a change
    wakes are answered together, and still each page, two of the same seat and a spectator's
    among them, receives every entry its reader may see exactly once, in order, in that
    reader's words, and nothing else: the same as the page would read back afresh."""
    client = server()
    response = client.post("/api/tables", json={"game": "cashnguns", "seats": ["Ann", "Bob", "Cleo", "Dan"]})
    assert response.status_code == 201, response.text
    created = response.json()
    table = Table(created["table"], claimed(client, created), client, ["Ann", "Bob", "Cleo", "Dan"], dict(created["invitations"]))
    pages = [(seat, "seats/" + seat, table.tokens[seat]) for seat in table.seats]
    pages += [("Ann", "seats/Ann", table.tokens["Ann"]), (None, "spectators", created["spectators"])]
    with ExitStack() as stack:
        oracle = stack.enter_context(Referee(web_db))
        sockets, received = [], []
        for _reader, path, token in pages:
            socket = stack.enter_context(client.websocket_connect(f"/api/tables/{table.id}/{path}/live"))
            socket.send_json({"token": token, "after": 0})
            sockets.append(socket)
            received.append([])
        for _ in range(24):
            length = oracle.length(table.id)
            for socket, messages in zip(sockets, received, strict=True):
                while not messages or messages[-1]["length"] < length:
                    messages.append(socket.receive_json())
            request = oracle.requests(table.id)[0]
            acted = table.act(request.seat, request.action, oracle.bots.answer(table.id, request), request.id)
            assert acted.status_code == 200, acted.text
        length = oracle.length(table.id)
        for socket, messages in zip(sockets, received, strict=True):
            while messages[-1]["length"] < length:
                messages.append(socket.receive_json())
        for (reader, path, token), messages in zip(pages, received, strict=True):
            entries = [entry for message in messages for entry in message["entries"]]
            visible = oracle.visible_entries(table.id, reader)
            assert [(e["seq"], e["hidden"]) for e in entries] == [(e.seq, e.redacted) for e in visible], reader
            afresh = client.get(f"/api/tables/{table.id}/{path}/state", headers=table.auth("", token)).json()
            assert entries == afresh["entries"], reader
            assert messages[-1]["view"] == afresh["view"] == msgspec.json.decode(msgspec.json.encode(oracle.view(table.id, reader))), reader
        # The two pages of Ann's seat were sent the same messages.
        assert received[0] == received[4]
        assert any(e["hidden"] for e in afresh["entries"]), "the spectator sees no sealed bullet card: the test shows no secret"


def _standing(hub: Any, table_id: str, pages: int) -> None:
    """Wait until ``pages`` live pages of the table stand waiting for its next change."""
    deadline = time.monotonic() + 10
    while len(hub._standing.get(table_id, {})) < pages:
        assert time.monotonic() < deadline, "the pages did not go back to waiting"
        time.sleep(0.002)


def test_web_the_job_that_decides_an_answer_answers_the_pages_it_wakes(pages) -> None:
    """One job a change: the pages waiting for the table are sent their updates, worked
    out by the job that decided and committed the answer, with no job of their own."""
    table, sockets, oracle = pages
    hub = table.client.app.state.hub
    handed: list[str] = []
    run = hub.run

    async def counted_run(fn: Any, *args: Any) -> Any:
        handed.append(getattr(fn, "__name__", repr(fn)))
        return await run(fn, *args)

    hub.run = counted_run
    for _ in range(8):
        _standing(hub, table.id, len(sockets))
        _play(table, sockets, oracle, 1)
    assert handed.count("_w_pages") == 0, handed
    assert handed.count("_w_act") == 8


def test_web_a_change_without_updates_drops_those_worked_out_for_the_one_before(pages) -> None:
    """A page told of a change must not be answered with the update of an earlier one:
    the next change (a claim, a publication, another process's move) drops it, so the page
    asks for its own."""
    table, _sockets, _oracle = pages
    hub = table.client.app.state.hub
    ask = Ask("Ann", table.tokens["Ann"], 0, False)
    made = Page(3, 3, [], '{"type": "update"}')

    def change_twice() -> bool:
        hub.changed(table.id, drive=False, pages={(ask.role, ask.token, ask.after): made})
        held = (ask.role, ask.token, ask.after) in hub._premade.get(table.id, {})
        hub.changed(table.id, drive=False)
        return held

    assert table.client.portal.call(change_twice)
    assert table.id not in hub._premade
    update = table.client.portal.call(hub.page, table.id, ask)
    assert update is not made and update.length == oracle_length(table)


def oracle_length(table: Table) -> int:
    with Referee(table.client.app.state.hub.app.location) as oracle:
        return oracle.length(table.id)


def _when_fanning_out(hub: Any, then: Any) -> None:
    """Run ``then(table_id)`` inside the first job that works out a change's pages, once
    those updates are made and before the pages are woken with them."""
    fan_out, pages = hub._w_fan_out, hub._w_pages
    state = {"in": False, "done": False}

    def watched_fan_out(*args: Any) -> Any:
        state["in"] = True
        try:
            return fan_out(*args)
        finally:
            state["in"] = False

    def watched_pages(table_id: str, asks: Any) -> Any:
        made = pages(table_id, asks)
        if state["in"] and not state["done"]:
            state["done"] = True
            then(table_id)
        return made

    hub._w_fan_out, hub._w_pages = watched_fan_out, watched_pages


def test_web_a_change_heard_from_elsewhere_while_the_pages_were_worked_out_reaches_them(pages, web_db: str) -> None:
    """Another process appends just after this one's change and its notice is heard before
    this process's pages are woken: the updates worked out before that notice are not
    given, and every page reaches the other process's entries without any further change."""
    table, sockets, oracle = pages
    hub = table.client.app.state.hub
    moved = threading.Event()

    def another_process_moves(table_id: str) -> None:
        with Referee(web_db) as other:
            request = other.requests(table_id)[0]
            other.act(table_id, request.seat, request.action, other.bots.answer(table_id, request), request=request.id)
        hub._loop.call_soon_threadsafe(lambda: hub.heard(table_id, records=False))
        moved.set()

    _when_fanning_out(hub, another_process_moves)
    _standing(hub, table.id, len(sockets))
    request = oracle.requests(table.id)[0]
    assert table.act(request.seat, request.action, oracle.bots.answer(table.id, request), request.id).status_code == 200
    assert moved.wait(10), "the pages were not worked out"
    with Referee(web_db) as afresh:
        length = afresh.length(table.id)
    # Every page goes back to waiting holding the whole table, with no change to come.
    deadline = time.monotonic() + 10
    while True:
        held = sorted(ask.after for ask in hub._standing.get(table.id, {}).values())
        if held == [length] * len(sockets):
            break
        assert time.monotonic() < deadline, f"pages wait holding {held} of {length} entries"
        time.sleep(0.01)


def test_web_pages_slow_to_work_out_neither_hold_up_nor_undo_the_answer(web_db: str) -> None:
    """The answer is recorded and acknowledged before its pages are worked out: rules slow
    to show the table past the server's time limit cost the answer nothing, and the pages,
    told the table is set aside, close with the reason (a page reconnects)."""
    app = create_app(web_db, limits=Limits(rate=10_000, burst=10_000), tick=0.05, work_timeout=0.5)
    with TestClient(app) as client, Referee(web_db) as oracle:
        created = client.post("/api/tables", json={"game": "pigsty", "seats": ["Ann", "Bob", "Cleo"]}).json()
        table = Table(created["table"], claimed(client, created), client, ["Ann", "Bob", "Cleo"], dict(created["invitations"]))
        hub = app.state.hub
        with client.websocket_connect(table.url("gamesmaster", "live")) as socket:
            socket.send_json({"token": table.tokens["gamesmaster"], "after": 0})
            assert socket.receive_json()["type"] == "update"
            _standing(hub, table.id, 1)
            _when_fanning_out(hub, lambda _table_id: time.sleep(1.5))
            request = oracle.requests(table.id)[0]
            before = oracle.length(table.id)
            acted = table.act(request.seat, request.action, oracle.bots.answer(table.id, request), request.id)
            assert acted.status_code == 200, acted.text
            assert oracle.length(table.id) > before
            told = socket.receive_json()
            assert told["status"] == 503 and "did not finish its work" in told["error"], told
        # The slow work ends, and the table is served again.
        deadline = time.monotonic() + 10
        while table.id.casefold() in hub._lanes._set_aside:
            assert time.monotonic() < deadline, "the table stayed set aside"
            time.sleep(0.02)
        assert client.get(table.url("gamesmaster", "state"), headers=table.auth("gamesmaster")).status_code == 200


def test_web_pages_stuck_on_one_table_leave_every_other_table_of_the_same_commit_told(open_table, web_db: str) -> None:
    """Answers for two tables committed together: the rules showing the first table never
    return.  Its worker is given up and the table set aside; the other table's pages are
    still woken with the change committed for them (it is not left behind the stuck work)."""
    first, second = open_table("pigsty", ["Ann", "Bob", "Cleo"]), None
    second = open_table("pigsty", ["Ann", "Bob", "Cleo"], client=first.client)
    client, hub = first.client, first.client.app.state.hub
    stuck, other = sorted([first, second], key=lambda t: t.id)
    hub._lanes.timeout = 0.5
    gate = threading.Event()
    fan_out = hub._w_fan_out

    def hanging_fan_out(table_id: str, drive: bool, heard: int) -> None:
        if table_id == stuck.id:
            gate.wait(30)  # a game's view hook that does not return
        fan_out(table_id, drive, heard)

    with ExitStack() as stack, Referee(web_db) as oracle:
        for table in (stuck, other):
            socket = stack.enter_context(client.websocket_connect(table.url("Ann", "live")))
            socket.send_json({"token": table.tokens["Ann"], "after": 0})
            assert socket.receive_json()["type"] == "update"
            _standing(hub, table.id, 1)
        hub._w_fan_out = hanging_fan_out
        try:
            # The worker is held a moment, so that both answers wait on it and are committed together.
            held = threading.Event()
            holding = client.portal.start_task_soon(hub.run, held.wait, 10)
            answers = []
            for table in (stuck, other):
                request = oracle.requests(table.id)[0]
                body = {"action": request.action, "args": oracle.bots.answer(table.id, request), "request": request.id}
                answers.append(client.portal.start_task_soon(hub.run, hub._w_act, table.id, request.seat, body))
            time.sleep(0.2)
            held.set()
            holding.result(10)
            assert all(answer.result(10)["appended"] >= 1 for answer in answers)
            length = oracle.length(other.id)
            deadline = time.monotonic() + 10
            while [ask.after for ask in hub._standing.get(other.id, {}).values()] != [length]:
                assert time.monotonic() < deadline, "the other table's page was never told of its change"
                time.sleep(0.02)
        finally:
            gate.set()
        deadline = time.monotonic() + 10
        while stuck.id.casefold() in hub._lanes._set_aside:  # the stuck work ends; the table is served again
            assert time.monotonic() < deadline
            time.sleep(0.02)


def test_web_a_table_set_aside_wakes_its_pages_whatever_the_case_of_its_id(server) -> None:
    """The workers know a table by its id casefolded; its pages wait under the id they gave."""
    client = server()
    hub = client.app.state.hub

    def waiting_then_set_aside() -> bool:
        waiter = hub.waiter("Chess-AB12cd34")
        hub._set_aside("chess-ab12cd34")
        return waiter.done()

    assert client.portal.call(waiting_then_set_aside)
