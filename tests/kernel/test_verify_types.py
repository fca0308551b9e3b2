"""Verify compares values with their JSON types: a forged body that reads back equal in
Python (``True == 1 == 1.0``) is still caught, naming the entry and the field."""

from __future__ import annotations

import highroll
import pytest
from forging import reseal, revealed_key

from referee import MEMORY, Referee, Registry, TableStore, verify


@pytest.mark.parametrize("forged", [True, 1.0], ids=["bool", "float"])
def test_a_rechained_body_with_a_value_of_another_type_fails_naming_it(forged):
    with Referee(registry=Registry([highroll], entry_points=False), store=TableStore(MEMORY)) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="types")
        app.act(table, "Ann", "bid", {"chips": 1})
        app.act(table, "Bob", "bid", {"chips": 2})
        entries = app.entries(table)
        assert verify(app.registry, entries).ok
        bid = next(e for e in entries if e.type == "highroll.BidMade" and e.event and e.event["seat"] == "Ann")
        forged_log = reseal(entries, revealed_key(entries), lambda e: {**e.event, "chips": forged} if e.seq == bid.seq else e.event)
        verdict = verify(app.registry, forged_log)
    assert not verdict.ok
    assert verdict.bad_seq == bid.seq
    assert f"entry {bid.seq}" in verdict.message and "chips" in verdict.message
