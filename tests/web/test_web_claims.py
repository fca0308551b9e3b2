"""Seats claimed, not handed out (issue 21): a seat's link is an invitation the first browser
claims; the host's copy is spent with it; the log records the claim; only a logged re-issue
by the gamesmaster takes a seat back, and the browser that held it is told."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from web_live import Table

from referee import Referee
from referee_cli.main import main as cli
from referee_web.keys import SeatKeys


def _claim(table: Any, seat: str, invitation: str | None = None) -> Any:
    given = table.invitations[seat] if invitation is None else invitation
    return table.client.post(table.url(seat, "claim"), headers={"Authorization": f"Bearer {given}"})


def _reissue(table: Any, seat: str, role: str = "gamesmaster") -> Any:
    return table.client.post(table.url(role, "reissue"), json={"seat": seat}, headers=table.auth(role))


def _entries(table: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in table.state("gamesmaster")["entries"] if e["type"] == kind]


def _get(table: Any, seat: str, token: str) -> Any:
    return table.client.get(table.url(seat, "state"), headers={"Authorization": f"Bearer {token}"})


def test_web_an_invitation_claims_its_seat_once_and_the_log_records_when(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], claim=False)
    assert _entries(table, "referee.SeatClaimed") == []
    claimed = _claim(table, "Ann")
    assert claimed.status_code == 200, claimed.text
    credential = claimed.json()["credential"]
    assert credential != table.invitations["Ann"] and claimed.json()["recorded"]
    assert _get(table, "Ann", credential).json()["view"]["seat"] == "Ann"
    (entry,) = _entries(table, "referee.SeatClaimed")
    assert entry["seat"] == "Ann" and entry["text"] == "Ann's seat was claimed through its invitation" and not entry["hidden"]
    assert entry["at"][:19] == claimed.json()["claimed_at"][:19]
    # A second open of the same link, in any browser, the host's included: the time of the first.
    before = table.length()
    again = _claim(table, "Ann")
    assert again.status_code == 409
    words = again.json()["error"]
    stamp = entry["at"][:19].replace("T", " ")
    assert words == f"Ann's seat was already claimed at {stamp} UTC; ask the host to re-issue the invitation", words
    assert table.length() == before


def test_web_the_hosts_copy_of_an_invitation_opens_nothing_once_claimed(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], claim=False)
    host_copy = table.invitations["Ann"]
    # Before the claim, an invitation is no credential either: it only claims.
    unclaimed = _get(table, "Ann", host_copy)
    assert unclaimed.status_code == 403 and "open it as a link to claim the seat" in unclaimed.json()["error"]
    assert _claim(table, "Ann").status_code == 200
    before = table.length()
    for response in (
        _get(table, "Ann", host_copy),
        table.client.post(
            table.url("Ann", "act"), json={"action": "call", "args": {"call": "odd"}}, headers={"Authorization": f"Bearer {host_copy}"}
        ),
    ):
        assert response.status_code == 403 and "claimed at" in response.json()["error"] and "opens nothing" in response.json()["error"]
    with table.client.websocket_connect(table.url("Ann", "live")) as socket:
        socket.send_json({"token": host_copy, "after": 0})
        assert socket.receive_json()["status"] == 403
    # Nor does the gamesmaster's link open a seat.
    assert _get(table, "Ann", table.tokens["gamesmaster"]).status_code == 403
    assert table.length() == before


def test_web_racing_browsers_claim_a_seat_once(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], claim=False)
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: _claim(table, "Ann"), range(12)))
    assert sorted(a.status_code for a in answers) == [200] + [409] * 11
    assert len(_entries(table, "referee.SeatClaimed")) == 1


def test_web_a_reissue_is_logged_revokes_the_seat_and_its_page_is_told(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"])
    old = table.tokens["Ann"]
    with table.client.websocket_connect(table.url("Ann", "live")) as socket:
        socket.send_json({"token": old, "after": 0})
        assert socket.receive_json()["type"] == "update"
        done = _reissue(table, "Ann")
        assert done.status_code == 200, done.text
        told = socket.receive_json()
    assert told["status"] == 403 and "the gamesmaster re-issued Ann's invitation at" in told["error"], told
    assert "this browser no longer plays Ann; ask the host for the new invitation" in told["error"]
    (reissued,) = _entries(table, "referee.InvitationReissued")
    assert reissued["seat"] == "gamesmaster" and "re-issued Ann's invitation" in reissued["text"]
    assert any(e["seat"] == "gamesmaster" and "Reissue invitation" in e["text"] for e in _entries(table, "referee.ActionTaken"))
    # The old credential is refused on every route, with the reason; nothing is appended.
    before = table.length()
    request = table.requests("Bob")[0]["id"]
    acted = table.act("Ann", "call", {"call": "odd"}, request)
    assert acted.status_code == 403 and "re-issued Ann's invitation" in acted.json()["error"]
    assert _get(table, "Ann", old).status_code == 403
    assert table.length() == before
    # The old invitation is spent for good; the new one claims the seat anew, and is logged.
    stale = _claim(table, "Ann")
    assert stale.status_code == 410 and "replaced by a new one at" in stale.json()["error"]
    fresh = _claim(table, "Ann", done.json()["invitation"])
    assert fresh.status_code == 200, fresh.text
    assert _get(table, "Ann", fresh.json()["credential"]).status_code == 200
    assert [e["seat"] for e in _entries(table, "referee.SeatClaimed")] == ["Ann", "Bob", "Ann"]
    # The console says who has claimed, never with what.
    invitations = table.state("gamesmaster")["invitations"]
    assert set(invitations) == {"Ann", "Bob"} and all(v["claimed_at"] for v in invitations.values())
    assert fresh.json()["credential"] not in json.dumps(table.state("gamesmaster"))


def test_web_a_seat_reissued_before_its_claim_gets_a_fresh_invitation(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], claim=False)
    done = _reissue(table, "Ann").json()
    assert _claim(table, "Ann").status_code == 410
    assert _claim(table, "Ann", done["invitation"]).status_code == 200


@pytest.mark.parametrize(
    ("send", "status", "words"),
    [
        (lambda t: t.client.post(t.url("Ann", "claim")), 401, "needs its invitation"),
        (lambda t: _claim(t, "Ann", "x" * 32), 403, "not an invitation to Ann's seat"),
        (lambda t: _claim(t, "Ann", t.invitations["Bob"]), 403, "not an invitation to Ann's seat"),
        (lambda t: t.client.post(t.url("Ann", "claim"), headers={"Authorization": "Bearer é".encode()}), 403, "not an invitation"),
        (lambda t: _claim(t, "Ann", "A" * 20_000), 403, "not an invitation"),
        (lambda t: t.client.post(t.url("Ann", "claim"), headers={"Authorization": b"Bearer \xff\xfe\xed"}), 403, "not an invitation"),
        (lambda t: t.client.post(t.url("Zed", "claim"), headers={"Authorization": "Bearer x"}), 404, "no seat 'Zed'"),
        (lambda t: t.client.post("/api/tables/nim-00000000/seats/Ann/claim", headers={"Authorization": "Bearer x"}), 404, "no table"),
        (lambda t: _claim(t, "gamesmaster", t.tokens["gamesmaster"]), 400, "not an invitation"),
        (lambda t: t.client.get(t.url("Ann", "claim")), 405, ""),
        (lambda t: _reissue(t, "Ann", role="Bob"), 403, "only the gamesmaster"),
        (lambda t: _reissue(t, "Zed"), 404, "no seat 'Zed'"),
        (lambda t: _reissue(t, "gamesmaster"), 400, "only a seat's is re-issued"),
        (lambda t: t.client.post(t.url("gamesmaster", "reissue"), json={"seat": 3}, headers=t.auth("gamesmaster")), 400, "seat:"),
        (lambda t: t.client.post(t.url("gamesmaster", "reissue"), content=b"{", headers=t.auth("gamesmaster")), 400, "not JSON"),
        (lambda t: t.client.post(t.url("gamesmaster", "reissue"), json={"seat": "Ann"}), 401, "token"),
        (lambda t: t.act("gamesmaster", "reissue-invitation", {"seat": "Ann"}), 400, "re-issued from the gamesmaster's console"),
        (lambda t: t.act("Bob", "claim-seat"), 400, "claimed by opening its invitation"),
    ],
    ids=[
        "no-invitation",
        "unknown",
        "another-seats",
        "not-ascii",
        "long",
        "not-utf8",
        "unknown-seat",
        "unknown-table",
        "gamesmaster",
        "wrong-method",
        "seat-reissues",
        "reissue-unknown-seat",
        "reissue-gamesmaster",
        "reissue-bad-seat",
        "reissue-not-json",
        "reissue-no-token",
        "act-reissue",
        "act-claim",
    ],
)
def test_web_a_bad_claim_or_reissue_gets_a_clear_refusal_and_appends_nothing(open_table, send: Any, status: int, words: str) -> None:
    table = open_table("nim", ["Ann", "Bob"], claim=False)
    table.tokens["Bob"] = _claim(table, "Bob").json()["credential"]
    before = table.length()
    response = send(table)
    assert response.status_code == status, response.text
    body = response.json()
    assert body["status"] == status and words in body["error"] and "\n" not in body["error"] and "Traceback" not in body["error"]
    assert table.length() == before
    assert _claim(table, "Ann").status_code == 200, "a refused claim spends nothing"


def test_web_the_log_with_claims_and_reissues_verifies_and_replays(open_table, tmp_path: Path, capsys) -> None:
    table = open_table("nim", ["Ann", "Bob"], bots=["Bob"])
    request = table.requests("Ann")[0]["id"]
    assert table.act("Ann", "call", {"call": "odd"}, request).status_code == 200
    invitation = _reissue(table, "Ann").json()["invitation"]
    table.tokens["Ann"] = _claim(table, "Ann", invitation).json()["credential"]
    assert table.act("gamesmaster", "automate", {"seats": ["Ann", "Bob"]}).status_code == 200
    table.wait(lambda: table.state("Ann")["over"])
    exported = table.client.get(table.url("Ann", "export"), headers=table.auth("Ann")).json()
    assert exported["full"] and exported["verify"]["ok"], exported["verify"]
    log = tmp_path / "claimed.jsonl"
    log.write_text(exported["jsonl"], encoding="utf-8")
    kinds = [json.loads(line)["type"] for line in exported["jsonl"].splitlines()]
    assert kinds.count("referee.SeatClaimed") == 2 and kinds.count("referee.InvitationReissued") == 1
    for argv in (["verify", str(log)], ["replay", str(log)], ["replay", str(log), "--seat", "Ann", "--to", "12"]):
        with pytest.raises(SystemExit) as done:
            cli(["--db", str(tmp_path / "cli.sqlite"), *argv])
        assert done.value.code == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert "OK:" in out and "claimed through its invitation" in out
    # Nothing of a token reaches the log: no invitation, no credential, no digest of either.
    secrets = [*table.invitations.values(), invitation, *table.tokens.values()]
    for secret in secrets:
        assert secret not in exported["jsonl"] and hashlib.sha256(secret.encode()).hexdigest() not in exported["jsonl"]
    with Referee(":memory:") as referee:
        entries = referee.audit.load_log(exported["jsonl"], source="export")
        claims = [e.event for e in entries if e.type in ("referee.SeatClaimed", "referee.InvitationReissued")]
        assert claims == [{"seat": "Ann"}, {"seat": "Ann"}, {"seat": "Ann"}]


def _world(server: Any, web_db: str, call: str) -> tuple[str, str]:
    """Nim on one seed, where Bob's call is sealed: Bob calls ``call``; then Ann claims her
    seat.  What Ann holds (the claim's answer, her page) and what Bob's page shows, each with
    the table's id, the times and Ann's fresh credential made neutral."""
    client = server(db=web_db)
    with Referee(web_db) as referee:
        table_id = referee.open("nim", ["Ann", "Bob"], seed="two worlds")
    keys = SeatKeys(web_db)
    table = Table(table_id, keys.issue(table_id, ["gamesmaster"]), client, ["Ann", "Bob"], keys.invite(table_id, ["Ann", "Bob"]))
    keys.close()
    table.tokens["Bob"] = _claim(table, "Bob").json()["credential"]
    assert table.act("Bob", "call", {"call": call}, table.requests("Bob")[0]["id"]).status_code == 200
    claimed = _claim(table, "Ann").json()
    assert set(claimed) == {"table", "seat", "credential", "claimed_at", "recorded"}
    ann = _neutral({**claimed, "credential": "C"}, table.id) + _neutral(_get(table, "Ann", claimed["credential"]).json(), table.id)
    return ann, _neutral(table.state("Bob"), table.id)


def _neutral(value: Any, table_id: str) -> str:
    text = json.dumps(value, sort_keys=True).replace(table_id, "TABLE")
    # The log's head hash differs with every hidden commitment and carries nothing else
    # (docs/security.md, "Noninterference": hashes are not compared).
    text = re.sub(r'"head": "[0-9a-f]+"', '"head": "HEAD"', text)
    return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[^\"]*", "TIME", text)


def test_web_two_worlds_a_claim_tells_a_seat_nothing_of_another_seats_sealed_answer(server, tmp_path: Path) -> None:
    """Two tables alike but for Bob's sealed call: Ann's claim, and everything her page then
    gets, are the same in both (her credential and the clock aside)."""
    worlds = [_world(server, str(tmp_path / f"{call}.sqlite"), call) for call in ("odd", "even")]
    (ann_odd, bob_odd), (ann_even, bob_even) = worlds
    assert "SeatClaimed" in ann_odd
    assert ann_odd == ann_even
    # The test of the test: the worlds do differ, and what is compared would show it.
    assert bob_odd != bob_even


def test_web_a_claim_after_the_end_records_nothing_and_reads_the_finished_table(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], claim=False)
    assert table.act("gamesmaster", "abandon", {"reason": "nobody came"}).status_code == 200
    length = table.length()
    claimed = _claim(table, "Ann")
    assert claimed.status_code == 200 and claimed.json()["recorded"] is False
    assert _get(table, "Ann", claimed.json()["credential"]).json()["over"]
    assert _reissue(table, "Bob").json()["recorded"] is False
    assert table.length() == length


def test_web_a_bots_seat_gets_an_invitation_only_by_a_reissue_and_is_handed_to_its_player(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"], bots=["Bob"])
    assert set(table.invitations) == {"Ann"}
    assert "Bob" not in table.state("gamesmaster")["invitations"]
    invitation = _reissue(table, "Bob").json()["invitation"]
    bob = _claim(table, "Bob", invitation)
    assert bob.status_code == 200, bob.text
    assert table.act("gamesmaster", "automate", {"seats": []}).status_code == 200
    assert _get(table, "Bob", bob.json()["credential"]).json()["bots"] == []


def test_web_a_seat_link_from_before_invitations_works_until_its_invitation_is_reissued(open_table, web_db: str) -> None:
    """Migration: a table opened by an older server holds each seat's link as its key."""
    table = open_table("nim", ["Ann", "Bob"], claim=False)
    with sqlite3.connect(web_db) as conn:
        conn.execute("DELETE FROM referee_web_invitations WHERE table_id = ? AND seat = 'Ann'", (table.id,))
        conn.execute(
            "INSERT INTO referee_web_keys (table_id, role, digest) VALUES (?, 'Ann', ?)",
            (table.id, hashlib.sha256(b"an-old-link").hexdigest()),
        )
    assert _get(table, "Ann", "an-old-link").status_code == 200
    assert table.state("gamesmaster")["invitations"]["Ann"]["link"] == "from before invitations"
    invitation = _reissue(table, "Ann").json()["invitation"]
    revoked = _get(table, "Ann", "an-old-link")
    assert revoked.status_code == 403 and "re-issued Ann's invitation" in revoked.json()["error"]
    assert _claim(table, "Ann", invitation).status_code == 200
