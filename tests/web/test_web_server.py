"""The web server (issue 15, "Server"): tables with secret join links, a seat that sees and
acts only as itself, pushed updates with catch-up, bots and deadlines on the server,
exports with their verify result, and a clear HTTP error that appends nothing for every
bad request."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee_web import Limits


def _nim(open_table: Any, **body: Any) -> Any:
    return open_table("nim", ["Ann", "Bob"], **body)


# -- tables and links ----------------------------------------------------------------------


def test_web_creating_a_table_gives_each_person_seat_an_invitation_and_the_gamesmaster_a_link(open_table) -> None:
    table = open_table("cashnguns", ["Ann", "Bob", "Cleo", "Dino"], bots=["Cleo", "Dino"], options={"deadline": 0}, extensions=[])
    assert set(table.invitations) == {"Ann", "Bob"}, "bot seats get no invitation"
    assert set(table.tokens) == {"Ann", "Bob", "gamesmaster"}
    assert len({*table.tokens.values(), *table.invitations.values()}) == 5, "a claim's credential is not its invitation"
    assert table.state("gamesmaster")["bots"] == ["Cleo", "Dino"]


def test_web_tokens_are_kept_as_digests_only(open_table, web_db: str) -> None:
    table = _nim(open_table)
    stored = Path(web_db).read_bytes()
    for token in table.tokens.values():
        assert token.encode() not in stored
    for invitation in table.invitations.values():
        assert invitation.encode() not in stored
    with sqlite3.connect(web_db) as conn:
        digests = [r[0] for r in conn.execute("SELECT digest FROM referee_web_keys WHERE table_id = ?", (table.id,))]
        digests += [
            d for row in conn.execute("SELECT digest, credential FROM referee_web_invitations WHERE table_id = ?", (table.id,)) for d in row
        ]
    # The gamesmaster's link, the spectator link, and each seat's invitation and credential.
    assert len(digests) == 6 and all(len(d) == 64 for d in digests)


def test_web_a_token_opens_its_own_seat_only(open_table) -> None:
    table = _nim(open_table)
    client = table.client
    assert client.get(table.url("Ann", "state"), headers=table.auth("Ann")).status_code == 200
    wrong = client.get(table.url("Ann", "state"), headers=table.auth("Bob"))
    assert wrong.status_code == 403 and "does not open" in wrong.json()["error"]
    gm = client.get(table.url("gamesmaster", "state"), headers=table.auth("Ann"))
    assert gm.status_code == 403
    missing = client.get(table.url("Ann", "state"))
    assert missing.status_code == 401 and missing.json() == {"error": missing.json()["error"], "status": 401}


def test_web_a_seat_sees_only_its_own_requests_and_never_another_seats_sealed_call(open_table) -> None:
    """Nim's calls are sealed: Bob's page holds Ann's call as a hidden entry, told from its
    header alone (who made a choice, never which), in Bob's words."""
    table = _nim(open_table)
    ann = table.requests("Ann")
    assert [r["seat"] for r in ann] == ["Ann"]
    assert table.act("Ann", "call", {"call": "odd"}, ann[0]["id"]).status_code == 200
    bob = table.state("Bob")
    assert [r["seat"] for r in bob["view"]["requests"]] == ["Bob"]
    hidden = [e for e in bob["entries"] if e["hidden"]]
    assert hidden and all(e["kind"] in ("hidden", "bookkeeping") for e in hidden)
    told = [e["text"] for e in hidden if e["type"] == "nim.StartCalled"]
    assert len(told) == 1 and "Ann" in told[0] and "odd" not in told[0].replace("odd or even", "")
    assert not re.search(r"\bodd\b(?! or even)", json.dumps([e for e in bob["entries"] if e["seat"] == "Ann"]))
    mine = table.state("Ann")
    assert any("odd" in e["text"] for e in mine["entries"] if not e["hidden"] and e["seat"] == "Ann")


def test_web_a_seat_acts_only_for_itself(open_table) -> None:
    table = _nim(open_table)
    before = table.length()
    bob_request = table.requests("Bob")[0]["id"]
    response = table.act("Ann", "call", {"call": "odd"}, bob_request, seat="Bob")
    assert response.status_code == 403 and response.json()["error"] == "a seat acts only for itself"
    # Naming Bob's request from Ann's seat is refused as a request not open for Ann, and nothing is kept.
    response = table.act("Ann", "call", {"call": "odd"}, bob_request)
    assert response.status_code == 409
    assert table.length() == before


def _without_date(response: Any) -> tuple[int, bytes, dict[str, str]]:
    headers = {k: v for k, v in response.headers.items() if k != "date"}
    return response.status_code, response.content, headers


@pytest.mark.parametrize("game", ["nim", "cashnguns", "pigsty"])
def test_web_another_seats_request_id_and_an_unknown_one_get_the_same_answer(open_table, game: str) -> None:
    """Issue 21, L3: guessing request ids tells a seat nothing of what other seats are asked."""
    seats = {"nim": ["Ann", "Bob"], "cashnguns": ["Ann", "Bob", "Cleo", "Dino"], "pigsty": ["Ann", "Bob", "Cleo"]}[game]
    table = open_table(game, seats, **({"options": {"deadline": 0}} if game == "cashnguns" else {}))
    before = table.length()
    ann, cleo = table.requests("Ann")[0], table.requests(seats[-1])[0]
    others = table.act("Ann", ann["action"], {}, cleo["id"])
    nobodys = table.act("Ann", ann["action"], {}, cleo["id"][:-1] + "?")
    assert others.status_code == 409 and "not open for Ann" in others.json()["error"]
    assert _without_date(others) == _without_date(nobodys)
    assert table.length() == before


# -- bad requests: a clear error, nothing appended ------------------------------------------


@pytest.mark.parametrize(
    ("send", "status", "words"),
    [
        (lambda t: t.client.post(t.url("Ann", "act"), content=b"{not json", headers=t.auth("Ann")), 400, "not JSON"),
        (lambda t: t.client.post(t.url("Ann", "act"), content=b"[1, 2]", headers=t.auth("Ann")), 400, "JSON object"),
        (lambda t: t.client.post(t.url("Ann", "act"), content=b"\xff\xfe", headers=t.auth("Ann")), 400, "not JSON"),
        (
            lambda t: t.client.post("/api/tables/nim-00000000/seats/Ann/act", json={"action": "call"}, headers=t.auth("Ann")),
            404,
            "no table",
        ),
        (lambda t: t.client.post("/api/tables/..%2F/seats/Ann/act", json={"action": "call"}, headers=t.auth("Ann")), 404, ""),
        (lambda t: t.client.post(t.url("Zed", "act"), json={"action": "call"}, headers=t.auth("Ann")), 404, "no seat 'Zed'"),
        (lambda t: t.client.post(t.url("Ann", "act"), json={"action": "call"}), 401, "token"),
        (lambda t: t.client.post(t.url("Ann", "act"), json={"action": "call"}, headers=t.auth("Ann", "x" * 32)), 403, "does not open"),
        (
            lambda t: t.client.post(t.url("Ann", "act"), json={"action": "call", "args": {"call": "x" * 70_000}}, headers=t.auth("Ann")),
            413,
            "bytes",
        ),
        (lambda t: t.act("Ann", "call", {"call": "seven"}), 422, "not offered"),
        (lambda t: t.act("Ann", "call", {"call": "odd"}, "r9.no.such"), 409, "not open for Ann"),
        (lambda t: t.act("Ann", "call", [1]), 400, "args"),
        (
            lambda t: t.client.post(t.url("Ann", "act"), content=b'{"action": "call", "args": {"call": NaN}}', headers=t.auth("Ann")),
            400,
            "not JSON",
        ),
        (lambda t: t.act("Ann", ""), 400, "action"),
        (lambda t: t.client.get(t.url("Ann", "state"), params={"after": "-1"}, headers=t.auth("Ann")), 400, "after"),
        (lambda t: t.client.get(t.url("Ann", "state"), params={"after": "999999"}, headers=t.auth("Ann")), 400, "fewer"),
        (lambda t: t.client.get(t.url("Ann", "replay"), params={"to": "0"}, headers=t.auth("Ann")), 400, "entries 1 to"),
        (lambda t: t.client.post(t.url("Ann", "report"), json={}, headers=t.auth("Ann")), 403, ""),
        (lambda t: t.client.get("/api/nothing"), 404, ""),
        (lambda t: t.client.put(t.url("Ann", "act"), json={}), 405, ""),
    ],
    ids=[
        "malformed",
        "not-an-object",
        "not-utf8",
        "unknown-table",
        "bad-table-id",
        "unknown-seat",
        "no-token",
        "wrong-token",
        "oversized",
        "illegal",
        "stale",
        "args-not-object",
        "not-standard-json",
        "no-action",
        "negative-after",
        "after-beyond",
        "replay-zero",
        "seat-publishes",
        "no-route",
        "wrong-method",
    ],
)
def test_web_every_bad_request_gets_a_clear_error_and_appends_nothing(open_table, send: Any, status: int, words: str) -> None:
    table = _nim(open_table, bots=[])
    before = table.length()
    response = send(table)
    assert response.status_code == status, response.text
    body = response.json()
    assert body["status"] == status and words in body["error"] and "\n" not in body["error"]
    assert table.length() == before


def test_web_an_answer_sent_twice_is_recorded_once_the_second_is_stale(open_table) -> None:
    table = _nim(open_table)
    request = table.requests("Ann")[0]["id"]
    assert table.act("Ann", "call", {"call": "even"}, request).status_code == 200
    after = table.length()
    again = table.act("Ann", "call", {"call": "even"}, request)
    assert again.status_code == 409
    assert table.length() == after


def test_web_too_many_requests_from_one_client_get_429_and_append_nothing(server, open_table) -> None:
    client = server(limits=Limits(rate=0.001, burst=5))
    table = open_table("nim", ["Ann", "Bob"], client=client)  # three requests of the five: the table, two claims
    request = table.requests("Ann")[0]["id"]  # four
    statuses = [table.act("Ann", "call", {"call": "odd"}, request).status_code for _ in range(3)]
    assert statuses[0] == 200 and statuses[1:] == [429, 429]
    refused = table.act("Ann", "call", {"call": "odd"}, request)
    assert refused.headers["retry-after"] == "1" and "too many requests" in refused.json()["error"]


def test_web_an_option_naming_a_file_is_refused_so_the_server_reads_none(server, tmp_path: Path) -> None:
    client = server()
    deck = tmp_path / "deck.toml"
    deck.write_text("secret = 1\n", encoding="utf-8")
    for value in (str(deck), "~/.ssh/id_rsa", "../x.toml", {"Ann": str(deck)}):
        response = client.post("/api/tables", json={"game": "pimp", "seats": ["Ann", "Bob"], "options": {"decks": value}})
        assert response.status_code == 400, response.text
        assert "looks like a file path" in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"seats": ["A", "B"]}, "game"),
        ({"game": "nim"}, "seats"),
        ({"game": "nim", "seats": ["A", "B"], "bots": ["C"]}, "bots"),
        ({"game": "nim", "seats": ["A", "B"], "options": [1]}, "options"),
        ({"game": "nim", "seats": ["A", "B"], "options": {"heaps": 99}}, "option"),
        ({"game": "nim", "seats": ["A", "A"]}, "distinct"),
        ({"game": "nim", "seats": ["A", "gamesmaster"]}, "reserved"),
        ({"game": "chess", "seats": ["A", "B"]}, "chess"),
        ({"game": "nim", "seats": [f"S{i}" for i in range(13)]}, "at most"),
    ],
)
def test_web_a_bad_table_is_refused_with_the_reason(server, body: dict[str, Any], words: str) -> None:
    client = server()
    response = client.post("/api/tables", json=body)
    assert response.status_code in (400, 404), response.text
    assert words in response.json()["error"]


_FUZZED: dict[int, Any] = {}
"""One table for every example of the test below (the server fixture lasts the whole test)."""


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["action", "args", "request", "seat", "call", "x"]), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_web_any_json_body_is_answered_without_a_crash(open_table, body: Any) -> None:
    """Invariant: whatever JSON a seat posts, the answer is a JSON error or a recorded action,
    never a 500; a refusal appends nothing."""
    table = _FUZZED.get(id(open_table))
    if table is None:
        _FUZZED.clear()
        table = _FUZZED[id(open_table)] = _nim(open_table)
    before = table.length()
    response = table.client.post(table.url("Ann", "act"), json=body, headers=table.auth("Ann"))
    assert response.status_code < 500, response.text
    if response.status_code != 200:
        assert table.length() == before


# -- pushed updates -------------------------------------------------------------------------


def test_web_the_other_seats_move_is_pushed_and_a_reconnecting_page_catches_up(open_table) -> None:
    table = _nim(open_table)
    with table.client.websocket_connect(table.url("Bob", "live")) as bob:
        bob.send_json({"token": table.tokens["Bob"], "after": 0})
        first = bob.receive_json()
        assert first["type"] == "update" and first["entries"][0]["seq"] == 1
        seen = first["length"]
        request = table.requests("Ann")[0]["id"]
        assert table.act("Ann", "call", {"call": "odd"}, request).status_code == 200
        pushed = bob.receive_json()
        assert pushed["after"] == seen and [e["seq"] for e in pushed["entries"]] == list(range(seen + 1, pushed["length"] + 1))
        assert all(e["hidden"] for e in pushed["entries"] if e["seat"] == "Ann")
    # A page that saw entries 1..seen comes back: it gets exactly what it lacks.
    with table.client.websocket_connect(table.url("Bob", "live")) as again:
        again.send_json({"token": table.tokens["Bob"], "after": seen})
        caught_up = again.receive_json()
        assert [e["seq"] for e in caught_up["entries"]] == [e["seq"] for e in pushed["entries"]]


def test_web_a_socket_with_a_wrong_token_is_closed_with_the_reason(open_table) -> None:
    table = _nim(open_table)
    with table.client.websocket_connect(table.url("Bob", "live")) as socket:
        socket.send_json({"token": table.tokens["Ann"], "after": 0})
        refused = socket.receive_json()
    assert refused["status"] == 403 and "does not open" in refused["error"]
    with table.client.websocket_connect(table.url("Bob", "live")) as socket:
        socket.send_text("not json")
        assert socket.receive_json()["status"] == 400


@pytest.mark.parametrize(
    ("hello", "words"),
    [
        ('{"token": "T", "after": 1180591620717411303424}', "after"),
        ("[" * 200_000, "at most"),
        ('{"token": "T", "after": 0, "x": ' + "[" * 20_000 + "]" * 20_000 + "}", "JSON"),
    ],
    ids=["after-2**70", "deep-nesting", "deep-inside"],
)
def test_web_a_socket_hello_too_large_or_too_deep_is_closed_with_the_reason(open_table, hello: str, words: str, caplog) -> None:
    """Issue 21: such a hello raised inside the server."""
    table = _nim(open_table)
    caplog.set_level(logging.ERROR)
    with table.client.websocket_connect(table.url("Ann", "live")) as socket:
        socket.send_text(hello.replace('"T"', json.dumps(table.tokens["Ann"])))
        refused = socket.receive_json()
    assert refused["status"] == 400 and words in refused["error"], refused
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # A later ask with a number too large is refused the same way.
    with table.client.websocket_connect(table.url("Ann", "live")) as socket:
        socket.send_json({"token": table.tokens["Ann"], "after": 0})
        assert socket.receive_json()["type"] == "update"
        socket.send_text('{"after": 1180591620717411303424}')
        refused = socket.receive_json()
    assert refused["status"] == 400 and "after" in refused["error"], refused
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# -- bots, deadlines, exports -----------------------------------------------------------------


def test_web_bots_play_their_seats_on_the_server_to_the_end_and_the_log_verifies(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], bots=["Ann", "Bob"])
    table.wait(lambda: table.state("gamesmaster")["over"])
    exported = table.client.get(table.url("gamesmaster", "export"), headers=table.auth("gamesmaster")).json()
    assert exported["full"] and exported["verify"]["ok"], exported["verify"]
    assert len(exported["jsonl"].splitlines()) == table.length()


def test_web_bots_answer_as_soon_as_a_person_has(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], bots=["Bob"])
    request = table.requests("Ann")[0]["id"]
    assert table.act("Ann", "call", {"call": "odd"}, request).status_code == 200
    table.wait(lambda: "Bob" not in table.state("Ann")["view"]["waiting_for"])


def test_web_a_deadline_is_enforced_by_the_server_clock_through_the_gamesmaster(open_table) -> None:
    """Cash'n'Guns, delaying: a gangster who has not chosen a bullet card in time sits the round out."""
    table = open_table("cashnguns", ["Ann", "Bob", "Cleo", "Dino"], bots=["Bob", "Cleo", "Dino"], options={"deadline": 1}, extensions=[])
    assert table.requests("Ann")[0]["deadline"] == 1
    # The gamesmaster reads the log in the third person ("Ann sits ..."); Ann's page says "You sit ...".
    table.wait(lambda: any("Ann" in e["text"] and "sits" in e["text"] for e in table.state("gamesmaster")["entries"]), timeout=20)
    entries = table.state("Ann")["entries"]
    expired = [e for e in entries if e["seat"] == "gamesmaster"]
    assert expired, "the deadline was closed by the gamesmaster's expire"
    exported = table.client.get(table.url("gamesmaster", "export"), headers=table.auth("gamesmaster")).json()
    assert exported["verify"]["ok"], exported["verify"]


def test_web_a_seat_exports_what_it_may_see_with_its_verify_result_and_everything_after_the_end(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], bots=["Bob"])
    request = table.requests("Ann")[0]["id"]
    table.act("Ann", "call", {"call": "odd"}, request)
    table.wait(lambda: "Bob" not in table.state("Ann")["view"]["waiting_for"])
    mine = table.client.get(table.url("Ann", "export"), headers=table.auth("Ann")).json()
    assert not mine["full"] and mine["verify"]["ok"] and "hidden" in mine["verify"]["message"]
    lines = [json.loads(line) for line in mine["jsonl"].splitlines()]
    assert any("event" not in line for line in lines), "Bob's sealed call is hidden from Ann"
    # Ann hands her seat to the bots through the gamesmaster; the game ends; all is open.
    done = table.act("gamesmaster", "automate", {"seats": ["Ann", "Bob"]})
    assert done.status_code == 200, done.text
    table.wait(lambda: table.state("Ann")["over"])
    final = table.client.get(table.url("Ann", "export"), headers=table.auth("Ann")).json()
    assert final["full"] and final["verify"]["ok"] and "event" in json.loads(final["jsonl"].splitlines()[-1])


def test_web_replay_shows_the_seat_its_own_view_at_an_earlier_entry(open_table) -> None:
    table = _nim(open_table)
    first = table.client.get(table.url("Ann", "replay"), params={"to": 1}, headers=table.auth("Ann")).json()
    assert first["to"] == 1 and first["view"]["seat"] == "Ann" and first["view"]["requests"] == []
    later = table.client.get(table.url("Ann", "replay"), params={"to": table.length()}, headers=table.auth("Ann")).json()
    assert [r["seat"] for r in later["view"]["requests"]] == ["Ann"]


# -- the gamesmaster of an order-based game -------------------------------------------------------


def test_web_the_pigsty_gamesmaster_sees_who_sent_orders_enters_pasted_orders_closes_and_publishes(open_table) -> None:
    table = open_table("pigsty", ["Bill", "Ted", "Zed"])
    gm = table.state("gamesmaster")
    assert {p["seat"] for p in gm["pasteable"]} == {"Bill", "Ted", "Zed"}
    assert table.act("Bill", "orders", {"text": "I 5"}, table.requests("Bill")[0]["id"]).status_code == 200
    gm = table.state("gamesmaster")
    assert gm["view"]["waiting_for"] == ["Ted", "Zed"]
    assert "I 5" not in json.dumps(gm), "the console says who sent orders, not what"
    ted = next(p for p in gm["pasteable"] if p["seat"] == "Ted")
    entered = table.act("gamesmaster", "orders", {"text": "G 1"}, ted["request"], seat="Ted")
    assert entered.status_code == 200, entered.text
    assert table.state("gamesmaster")["view"]["waiting_for"] == ["Zed"]
    # A seat's page cannot enter orders for another, nor the gamesmaster anything but orders.
    assert table.act("Bill", "orders", {"text": "G 1"}, seat="Zed").status_code == 403
    closed = table.act("gamesmaster", "close", {"turn": 1})
    assert closed.status_code == 200, closed.text
    assert table.state("gamesmaster")["view"]["round"] == 2
    # Seats read a report only once published.
    assert table.client.get(table.url("Bill", "report"), headers=table.auth("Bill")).status_code == 403
    published = table.client.post(table.url("gamesmaster", "report"), json={}, headers=table.auth("gamesmaster"))
    assert published.status_code == 200 and published.json()["round"] == 1 and "Bill" in published.json()["text"]
    read = table.client.get(table.url("Bill", "report"), headers=table.auth("Bill")).json()
    assert read["round"] == 1 and read["text"] == published.json()["text"]
    assert table.state("Bill")["published"] == [1]


def test_web_thirty_identical_concurrent_closes_close_one_turn(open_table) -> None:
    """Issue 21: 30 identical POSTs of the gamesmaster's close closed 30 turns of Pigsty (rule 9)."""
    from concurrent.futures import ThreadPoolExecutor

    table = open_table("pigsty", ["Bill", "Ted", "Zed"])
    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(lambda _: table.act("gamesmaster", "close", {"turn": 1}).status_code, range(30)))
    assert sorted(statuses) == [200] + [422] * 29
    assert table.state("gamesmaster")["view"]["round"] == 2
    stale = table.act("gamesmaster", "close", {"turn": 1}).json()
    assert "turn 1 is already closed; turn 2 is open now" in stale["error"]
    # A close naming no turn is what raced: the server asks for the turn.
    unnamed = table.act("gamesmaster", "close")
    assert unnamed.status_code == 400 and '{"turn": N}' in unnamed.json()["error"]
    assert table.state("gamesmaster")["view"]["round"] == 2


# -- nothing secret in the diagnostic log ------------------------------------------------------------


def test_web_tokens_are_never_logged(open_table, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table = _nim(open_table)
    table.state("Ann")
    table.client.get(table.url("Ann", "state"), headers=table.auth("Ann", table.tokens["Bob"]))
    table.act("Ann", "call", {"call": "odd"}, table.requests("Ann")[0]["id"])
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert caplog.records, "the test sees the log"
    assert not any(token in logged for token in table.tokens.values())


def test_web_referee_serve_names_the_package_to_install_when_it_is_missing(monkeypatch, capsys) -> None:
    import sys

    from referee_cli.main import main

    monkeypatch.setitem(sys.modules, "referee_web.serve", None)
    with pytest.raises(SystemExit) as exit:
        main(["serve", "--db", ":memory:"])
    assert exit.value.code == 2
    assert "pip install referee-web" in capsys.readouterr().err


# -- limits per client and per table (issue 21: anonymous endless bot tables) ---------------------


def test_web_one_client_opens_a_bounded_number_of_tables_a_minute(server) -> None:
    client = server(limits=Limits(rate=10_000, burst=10_000, tables_per_minute=3))
    statuses = [client.post("/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"]}).status_code for _ in range(4)]
    assert statuses == [201, 201, 201, 429]
    refused = client.post("/api/tables", json={"game": "nim", "seats": ["Ann", "Bob"]})
    assert refused.headers["retry-after"] == "1" and "3 tables a minute" in refused.json()["error"]


def test_web_bots_of_an_endless_table_stop_at_the_servers_limit_and_the_gamesmaster_ends_it(server, open_table) -> None:
    """40 all-bot Pigsty tables with palace_pigs=10**15 played forever and grew the store 1.4 MB/s."""
    client = server(limits=Limits(rate=10_000, burst=10_000, bot_actions=12))
    seats = ["Bill", "Ted", "Zed"]
    table = open_table("pigsty", seats, client=client, bots=seats, options={"palace_pigs": 10**15})
    # Every entry an action causes names its seat: the bots' actions are the ActionTaken ones.
    table.wait(lambda: sum(e["type"] == "referee.ActionTaken" and e["seat"] in seats for e in table.state("gamesmaster")["entries"]) >= 12)
    settled = table.length()
    time.sleep(0.5)
    assert table.length() == settled and not table.state("gamesmaster")["over"]
    ended = table.act("gamesmaster", "abandon", {"reason": "the server's limit of bot actions"})
    assert ended.status_code == 200, ended.text
    assert table.state("gamesmaster")["over"]


def test_web_a_table_at_the_entry_limit_refuses_seats_but_the_gamesmaster_ends_it(server, open_table) -> None:
    client = server(limits=Limits(rate=10_000, burst=10_000, entries=4))
    table = open_table("nim", ["Ann", "Bob"], client=client)
    while table.length() < 4:
        request = table.requests("Ann")[0]
        assert table.act("Ann", "call", {"call": "odd"}, request["id"]).status_code == 200
    before = table.length()
    request = table.requests("Bob")[0]
    refused = table.act("Bob", "call", {"call": "odd"}, request["id"])
    assert refused.status_code == 507 and "limit of 4 entries" in refused.json()["error"]
    assert table.length() == before
    assert table.act("gamesmaster", "abandon", {"reason": "too long"}).status_code == 200
