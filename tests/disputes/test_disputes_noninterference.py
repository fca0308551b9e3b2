"""Receipts leak nothing, tested by difference (docs/security.md, "Noninterference"): in two
worlds of a table differing only in one seat's sealed answer, the receipts every other seat
holds for its own actions are the same, field by field, but for the head hash, the signature
over it and the clock (the chain's hash differs with every hidden commitment and carries
nothing else; see the check's "Not compared").  A receipt that carried a hidden body is
caught by the same check (the test of the test)."""

from __future__ import annotations

from typing import Any

import pytest
from witnesses import REGISTRY

from referee.receipts import check, host_key_of
from referee.testing import check_noninterference
from referee.testing.play import CheckFailed

NIM = {"seats": ("Ada", "Bert", "Cleo")}


def _receipts(app: Any, table: str, watcher: str | None, after: int, leak: bool = False) -> list[dict[str, Any]]:
    """The receipts the host signs for ``watcher``'s actions after entry ``after``."""
    if watcher is None or watcher == "gamesmaster":
        return []
    entries = app.entries(table)
    host = host_key_of(entries)
    held = []
    for entry in entries[after:]:
        if entry.type != "referee.ActionTaken" or entry.seat != watcher:
            continue
        span = [e for e in entries if e.cause == entry.seq]
        receipt = app._receipt(table, watcher, span, span[-1].at)
        check(receipt, host)
        fields = {"table": receipt.table, "seat": receipt.seat, "action": receipt.action, "position": receipt.position}
        if leak:
            hidden = [e.event for e in entries[: receipt.position] if not e.visible(watcher)]
            fields["leaked"] = hidden[-1] if hidden else None
        held.append(fields)
    return held


def receipts_watch(app: Any, table: str, watcher: str | None, after: int, probes: Any, step: int) -> dict[str, Any]:
    return {"its receipts": _receipts(app, table, watcher, after)}


def leaky_watch(app: Any, table: str, watcher: str | None, after: int, probes: Any, step: int) -> dict[str, Any]:
    return {"its receipts": _receipts(app, table, watcher, after, leak=True)}


def test_no_seat_tells_two_worlds_apart_by_its_receipts():
    found = check_noninterference("nim", registry=REGISTRY, points=2, answers=6, steps=2, observers=[receipts_watch], **NIM)
    assert found.points >= 2 and found.compared


def test_a_receipt_carrying_a_hidden_body_is_caught():
    with pytest.raises(CheckFailed, match="its receipts"):
        check_noninterference("nim", registry=REGISTRY, points=2, answers=6, steps=2, observers=[leaky_watch], **NIM)
