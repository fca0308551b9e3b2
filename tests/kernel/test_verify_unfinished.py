"""A table that has not ended verifies from the operator's store (issue 24, "Verify of a
table that has not ended"): the store holds every key, so the operator's copy with keys
checks each body against its commitment, as the full export does."""

from __future__ import annotations

from referee import MEMORY, Referee, Registry, TableStore, verify
from referee.testing import _bot_actions


def _unfinished(app: Referee) -> str:
    table = app.open("pigsty", ["Amy", "Bill", "Ted"], seed="unfinished")
    app.act(table, "Amy", "orders", {"text": "Y 1"})
    assert not app.over(table)
    return table


def test_the_operators_copy_with_keys_verifies_a_table_that_has_not_ended() -> None:
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = _unfinished(app)
        verdict = verify(app.registry, app.entries(table, keys=True))
        assert verdict.ok, verdict.message
        assert app.audit.verify_table(table).ok


def test_without_keys_the_refusal_says_where_the_keys_are() -> None:
    """Bodies without keys cannot be checked before the end: the message says how to get them."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = _unfinished(app)
        verdict = verify(app.registry, app.entries(table))
        assert not verdict.ok
        assert "without the key" in verdict.message and "keys=True" in verdict.message


def test_keys_follow_the_full_export_and_hide_nothing_more() -> None:
    """The keyed copy is the full export's entries: same hashes, same keys."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = _unfinished(app)
        keyed = app.entries(table, keys=True)
        exported = app.audit.load_log(app.export(table))
        assert [(e.hash, e.key) for e in keyed] == [(e.hash, e.key) for e in exported]
        assert any(e.key for e in keyed) and not any(e.key for e in app.entries(table))


def test_a_finished_table_verifies_with_or_without_keys() -> None:
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = _unfinished(app)
        for _ in _bot_actions(app, table, "to the end"):
            pass
        assert app.over(table)
        assert verify(app.registry, app.entries(table)).ok
        assert verify(app.registry, app.entries(table, keys=True)).ok
