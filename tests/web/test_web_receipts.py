"""Over the web: an answer's response carries the host's receipt for it, the state carries the
short head hash, and after the game the server writes a dispute report on an entry as a page
to save (issue 22; docs/security.md, "Receipts")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from web_live import Live, live_server

from referee import load_jsonl
from referee.receipts import Receipt, check, dump_receipts, host_key_of, load_receipts


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


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with live_server(str(tmp_path / "receipts.sqlite")) as server:
        yield server


def test_web_browser_the_page_keeps_its_receipts_and_offers_them_with_the_log(browser: Browser, live: Live) -> None:
    """Two people play Nim in Chromium: each page shows the log's head, keeps the host's
    receipt for each of its answers in the browser, and offers them beside the log download
    (named so that `referee verify --against` finds them); the receipts fit the final log."""
    from test_web_browser import _open_from_lobby, _play_until_over

    lobby = browser.new_context().new_page()
    links = _open_from_lobby(lobby, live, "nim", ["Ann", "Bob"], bots=set())
    pages = {}
    for seat in ("Ann", "Bob"):
        page = browser.new_context().new_page()
        page.goto(links[seat])
        expect(page.locator("#status")).to_have_text("connected")
        pages[seat] = page
    expect(pages["Ann"].locator("#head")).to_have_text(re.compile(r"^log head [0-9a-f]{12}$"))
    _play_until_over(pages, [])
    ann = pages["Ann"]
    table = links["Ann"].split("table=")[1].split("&")[0]
    kept = ann.evaluate(f"localStorage.getItem('referee.receipts:{table}:Ann')")
    receipts = load_receipts(kept)
    assert receipts and {r.seat for r in receipts} == {"Ann"}
    with live.referee as referee:
        final = referee.entries(table)
    for receipt in receipts:
        check(receipt, host_key_of(final))
        assert final[receipt.position - 1].hash == receipt.head
    expect(ann.locator("#head")).to_have_text(f"log head {final[-1].hash[:12]}")
    ann.click("#export")
    expect(ann.locator("#export-result")).to_contain_text("Verified", timeout=20_000)
    offered = ann.locator("#receipts-link a")
    expect(offered).to_contain_text("Download your receipts")
    assert offered.get_attribute("download") == f"{table}.receipts.jsonl"
