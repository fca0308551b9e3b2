"""Verify's refusals are one line even when a forged log chooses the words."""

from __future__ import annotations


def test_a_forged_field_name_is_shown_escaped_in_verifys_one_line(memory_referee):
    """Found by tests/fuzz/test_fuzz_logs.py: a resealed forgery adding a field named
    ``"\\n"`` to an entry made verify's message two lines.  Field names are input too."""
    import highroll
    from forging import reseal, revealed_key

    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="forged-key")
    for seat in ("Ann", "Bob"):
        app.act(table, seat, "bid", {"chips": 1})
    entries = app.entries(table)
    forged = reseal(entries, revealed_key(entries), lambda e: {**e.event, "\n\x1b[2J": []} if e.seq == 1 else e.event)
    verdict = app.audit.verify(forged)
    assert not verdict.ok
    assert "\n" not in verdict.message and "\x1b" not in verdict.message
    assert "'\\n\\x1b[2J' is recorded as []" in verdict.message
