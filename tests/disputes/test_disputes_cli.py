"""On the command line: ``referee act`` keeps the seat's receipts, ``export --seat -o`` writes
them beside the copy, ``verify FINAL --against MINE`` and ``dispute`` read them, and bad input
is one line, exit 2, nothing appended."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from forging import reseal

from referee import TableStore, load_jsonl
from referee.log import dump_jsonl, with_keys
from referee.receipts import check, host_key_of, load_receipts

ORDERS = {"Bill": "S 8 Ted", "Ted": "G 2; Y 3", "Zed": "G 1"}


def _played(cli, tmp_path: Path) -> tuple[str, dict[str, Path]]:
    """Two turns of Pigsty by orders (a turn ends when every farmer's are in); each farmer's copy
    exported, with its receipts, after them."""
    table = cli("new", "pigsty", "--seats", "Bill,Ted,Zed", "--seed", "3").table
    for _turn in (1, 2):
        for seat, orders in ORDERS.items():
            acted = cli("act", table, seat, "orders", orders)
            assert acted.code == 0, acted.err
            assert "receipt: entries " in acted.out and ", head " in acted.out
    copies = {}
    for seat in ORDERS:
        path = tmp_path / f"{seat.lower()}.jsonl"
        exported = cli("export", table, "--seat", seat, "-o", path)
        assert exported.code == 0 and "receipts of" in exported.err
        copies[seat] = path
    return table, copies


def test_act_keeps_receipts_beside_the_store_and_export_writes_them_beside_the_copy(cli, db, tmp_path):
    table, _ = _played(cli, tmp_path)
    kept = db.with_name(db.name + ".receipts") / table / "Bill.jsonl"
    assert len(kept.read_text().splitlines()) == 2
    beside = tmp_path / "bill.receipts.jsonl"
    assert beside.read_text() == kept.read_text()
    receipt = json.loads(beside.read_text().splitlines()[-1])
    assert receipt["seat"] == "Bill" and receipt["table"] == table and len(receipt["signature"]) == 128
    view = cli("view", table, "--seat", "Bill")
    full = load_jsonl(cli("export", table).out.splitlines())
    assert f"head {full[-1].hash[:12]}" in view.out


def test_verify_against_an_honest_log_agrees(cli, tmp_path):
    table, copies = _played(cli, tmp_path)
    final = tmp_path / "final.jsonl"
    cli("export", table, "-o", final)
    result = cli("verify", final, "--against", copies["Ted"])
    assert result.code == 0, result.out + result.err
    assert result.out.startswith("AGREES: ") and "2 receipts fit" in result.out


def test_verify_against_a_rewritten_log_names_the_entry_and_what_the_seat_was_shown(cli, db, tmp_path):
    table, copies = _played(cli, tmp_path)
    full = load_jsonl(cli("export", table).out.splitlines())
    target = next(e for e in full if e.type == "pigsty.OrdersWritten" and e.seat == "Bill")
    # The operator holds the table key in the store: enough to re-seal any history.
    with TableStore(db) as store:
        key = bytes.fromhex(store.secret(table).key)
    forged = reseal(full, key, lambda e: {**e.event, "text": "G 1"} if e.seq == target.seq else e.event)
    final = tmp_path / "final.jsonl"
    final.write_text(dump_jsonl(with_keys(forged, key)))
    result = cli("verify", final, "--against", copies["Ted"])
    assert result.code == 1
    assert result.out.startswith(f"PARTS at entry {target.seq}: ")
    assert 'Ted was shown "Bill wrote their orders, sealed until' in result.out, "what the seat was shown, in its own words"
    as_json = cli("verify", final, "--against", copies["Ted"], "--json")
    assert as_json.json()["parted_at"] == target.seq and as_json.json()["proven"] is True


@pytest.mark.parametrize(
    "bad, message",
    [
        ("not json\n", "is not a receipt"),
        ('{"table": "x", "seat": "Bill", "action": 5, "position": 2, "head": "", "at": ""}\n', "no span of a log"),
    ],
)
def test_a_malformed_receipts_file_is_one_line_and_exit_2(cli, tmp_path, bad, message):
    table, copies = _played(cli, tmp_path)
    final = tmp_path / "final.jsonl"
    cli("export", table, "-o", final)
    receipts = tmp_path / "bad.receipts.jsonl"
    receipts.write_text(bad)
    before = final.read_text()
    result = cli("verify", final, "--against", copies["Bill"], "--receipts", receipts)
    assert result.code == 2 and message in result.err and len(result.err.strip().splitlines()) == 1, result.err
    assert final.read_text() == before and cli("export", table).out == before


def test_a_copy_of_another_table_is_one_line_and_exit_2(cli, tmp_path):
    table, copies = _played(cli, tmp_path)
    other = cli("new", "pigsty", "--seats", "Bill,Ted,Zed", "--seed", "4").table
    mine = tmp_path / "other.jsonl"
    cli("export", other, "--seat", "Bill", "-o", mine)
    result = cli("verify", table, "--against", mine)
    assert result.code == 2 and f"is a copy of table {other}, not of table {table}" in result.err
    assert len(result.err.strip().splitlines()) == 1
    result = cli("dispute", copies["Bill"], mine)
    assert result.code == 2 and "is a copy of table" in result.err


def test_dispute_of_honest_copies_and_a_report_on_one_entry(cli, tmp_path):
    table, copies = _played(cli, tmp_path)
    result = cli("dispute", copies["Bill"], copies["Ted"], "--final", table)
    assert result.code == 0, result.out + result.err
    assert result.out.startswith("ONE HISTORY: ")
    page = tmp_path / "entry.html"
    full = load_jsonl(cli("export", table).out.splitlines())
    target = next(e for e in full if e.type == "pigsty.OrdersWritten" and e.seat == "Ted")
    report = cli("dispute", copies["Bill"], copies["Ted"], "--final", table, "--entry", target.seq, "--html", page)
    assert report.code == 0, report.err
    assert f"Entry {target.seq} of table {table}: Ted wrote orders" in report.out
    assert "What each seat could see then:" in report.out and "Bill: its header only" in report.out
    assert "Checks:" in report.out and "PASSES: every copy was shown one history" in report.out
    text = page.read_text()
    assert text.startswith("<!doctype html>") and "<script" not in text and "Ted wrote orders" in text


def test_play_keeps_the_receipts_of_a_persons_answers_not_the_bots(cli, db, monkeypatch, tmp_path):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("I 10\n"))
    result = cli("play", "pigsty", "--seats", "Bill", "--bots", "3", "--seed", "hotseat")
    assert result.code == 3, result.err  # left unfinished at end of input
    folder = db.with_name(db.name + ".receipts") / result.table
    assert [p.name for p in folder.iterdir()] == ["Bill.jsonl"]
    (receipt,) = load_receipts((folder / "Bill.jsonl").read_text())
    full = load_jsonl(cli("export", result.table).out.splitlines())
    check(receipt, host_key_of(full))
    assert full[receipt.action - 1].event["args"] == {"text": "I 10"}
