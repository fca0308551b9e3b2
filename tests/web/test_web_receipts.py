"""Over the web: an answer's response carries the host's receipt for it, the state carries the
short head hash, and after the game the server writes a dispute report on an entry as a page
to save (issue 22; docs/security.md, "Receipts")."""

from __future__ import annotations

import json

from referee import load_jsonl
from referee.receipts import Receipt, check, dump_receipts, host_key_of


def test_web_an_answer_returns_its_receipt_and_the_page_state_shows_the_head(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"])
    request = table.requests("Ann")[0]
    response = table.act("Ann", "call", {"call": "odd"}, request["id"])
    assert response.status_code == 200, response.text
    receipt = Receipt(**response.json()["receipt"])
    assert receipt.seat == "Ann" and receipt.table == table.id
    exported = table.client.get(table.url("Ann", "export"), headers=table.auth("Ann")).json()
    copy = load_jsonl(exported["jsonl"].splitlines())
    check(receipt, host_key_of(copy))
    assert copy[receipt.position - 1].hash == receipt.head
    assert table.state("Bob")["head"] == copy[-1].hash[:12], "every seat sees the head of the log it is shown"
    assert "receipt" not in json.dumps(table.state("Bob")), "a receipt goes only to whoever sent the action"


def test_web_the_dispute_report_is_written_after_the_game_only(open_table) -> None:
    table = open_table("nim", ["Ann", "Bob"])
    request = table.requests("Ann")[0]
    receipt = Receipt(**table.act("Ann", "call", {"call": "even"}, request["id"]).json()["receipt"])
    ask = {"entry": receipt.action + 1, "receipts": dump_receipts([receipt])}
    early = table.client.post(table.url("Ann", "dispute"), json=ask, headers=table.auth("Ann"))
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    ended = table.act("gamesmaster", "abandon", {"reason": "to write the report"})
    assert ended.status_code == 200, ended.text
    report = table.client.post(table.url("Ann", "dispute"), json=ask, headers=table.auth("Ann"))
    assert report.status_code == 200, report.text
    page = report.json()["html"]
    assert page.startswith("<!doctype html>") and "<script" not in page
    assert f"Entry {receipt.action + 1} of table {table.id}" in page and "backed by a receipt the host signed" in page
    bad = table.client.post(table.url("Ann", "dispute"), json={**ask, "receipts": "{not a receipt"}, headers=table.auth("Ann"))
    assert bad.status_code == 400 and "is not a receipt" in bad.json()["error"]
