"""Verify and the kernel under attack (issue 21): a log whose seed is revealed is always
re-run, input a log cannot record is refused by name before any rule sees it, and the
gamesmaster's abandon always ends a table."""

from __future__ import annotations

import highroll
import msgspec
import pytest
from forging import reseal, revealed_key

from referee import load_jsonl, verify


@pytest.fixture
def finished(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob", "Cy"], seed="issue-21")
    for seat, chips in (("Ann", 2), ("Bob", 3), ("Cy", 1)):
        app.act(table, seat, "bid", {"chips": chips})
    return app, table, load_jsonl(app.export(table).splitlines())


def _forge(entries, *, end):
    """Change a public die, blank one sealed bid, and drop or retype the ``GameEnded``;
    then re-seal the chain with the key the last entry reveals."""
    key = revealed_key(entries)
    bid = next(e for e in entries if e.type == "highroll.BidMade")
    kept = [e for e in entries if not (end == "drop" and e.type == "referee.GameEnded")]
    renumbered = []
    for seq, entry in enumerate(kept, start=1):
        typed = "referee.Nothing" if end == "retype" and entry.type == "referee.GameEnded" else entry.type
        renumbered.append(msgspec.structs.replace(entry, seq=seq, type=typed))

    def edit(entry):
        if entry.seq == bid.seq:
            return None
        if entry.type == "highroll.DieRolled" and entry.event["seat"] == "Cy":
            return {**entry.event, "die": 6 if entry.event["die"] != 6 else 5}
        return entry.event

    return reseal(renumbered, key, edit)


@pytest.mark.parametrize("end", ["drop", "retype"])
def test_a_log_with_its_seed_revealed_is_re_run_whatever_its_end_says(finished, end):
    """Dropping or retyping the GameEnded of a finished log once made it an unchecked
    seat's export ("decisions were not re-run", exit 0): a revealed seed proves the game
    ended, so every body must be shown and every decision re-run."""
    app, _, entries = finished
    forged = _forge(entries, end=end)
    verdict = verify(app.registry, forged)
    assert not verdict.ok, verdict.message
    bid = next(e for e in entries if e.type == "highroll.BidMade")
    assert verdict.bad_seq == bid.seq
    assert "a finished game's log must show every body" in verdict.message


def test_without_a_blank_the_re_run_names_the_first_entry_that_does_not_follow(finished):
    app, _, entries = finished
    key = revealed_key(entries)
    ended = next(e for e in entries if e.type == "referee.GameEnded")
    retyped = [msgspec.structs.replace(e, type="referee.Nothing") if e.seq == ended.seq else e for e in entries]
    verdict = verify(app.registry, reseal(retyped, key))
    assert not verdict.ok and verdict.bad_seq == ended.seq, verdict.message
