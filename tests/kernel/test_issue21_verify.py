"""Verify and the kernel under attack (issue 21): a log whose seed is revealed is always
re-run, input a log cannot record is refused by name before any rule sees it, and the
gamesmaster's abandon always ends a table."""

from __future__ import annotations

import math

import highroll
import msgspec
import pytest
import structlog
import structlog.testing
from forging import reseal, revealed_key

import referee.logging
from referee import IllegalAction, RefereeError, load_jsonl, verify
from referee import hookimpl as referee_hookimpl


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


def test_retyping_the_seed_reveal_as_well_is_refused_not_passed_over(finished):
    """With the end dropped and the reveal retyped, nothing shows the game ended, but a
    seat's export shows no body it cannot open without the secret key: refused."""
    app, _, entries = finished
    forged = _forge(entries, end="drop")
    reveal = next(e for e in forged if e.type == "referee.SeedRevealed")
    retyped = [msgspec.structs.replace(e, type="referee.Nothing") if e.seq == reveal.seq else e for e in forged]
    verdict = verify(app.registry, reseal(retyped, revealed_key(entries), lambda e: None if e.redacted else e.event))
    assert not verdict.ok and "without the key to check it" in verdict.message, verdict.message


def test_without_a_blank_the_re_run_names_the_first_entry_that_does_not_follow(finished):
    app, _, entries = finished
    key = revealed_key(entries)
    ended = next(e for e in entries if e.type == "referee.GameEnded")
    retyped = [msgspec.structs.replace(e, type="referee.Nothing") if e.seq == ended.seq else e for e in entries]
    verdict = verify(app.registry, reseal(retyped, key))
    assert not verdict.ok and verdict.bad_seq == ended.seq, verdict.message


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ({"reason": math.inf}, "args['reason']"),
        ({"reason": math.nan}, "args['reason']"),
        ({"reason": [1, {"deep": -math.inf}]}, "args['reason'][1]['deep']"),
    ],
)
def test_a_number_a_log_cannot_record_is_refused_by_name(finished, args, named):
    """JSON has no infinity or NaN: once recorded as null, the table's own verify refused it."""
    app = finished[0]
    table = app.open("highroll", ["Ann", "Bob"], seed="nan")
    before = len(app.entries(table))
    with pytest.raises(IllegalAction, match="not a finite number") as refusal:
        app.act(table, "gamesmaster", "abandon", args)
    assert named in refusal.value.message
    with pytest.raises(IllegalAction, match="not a finite number"):
        app.act(table, "Ann", "bid", {"chips": 1, "note": math.inf})
    assert len(app.entries(table)) == before
    app.act(table, "gamesmaster", "abandon", {"reason": 1e300})
    assert app.audit.verify_table(table).ok


@pytest.mark.parametrize(
    ("action", "args", "named"),
    [
        ("bid", {"chips": 1, "note": "\ud800"}, "args['note']"),
        ("bid", {"\udcff": 1}, "args has a key"),
        ("bid\ud800", {"chips": 1}, "the action's name"),
        ("abandon", {"reason": "G 1\udcff"}, "args['reason']"),
    ],
)
def test_a_lone_surrogate_is_bad_input_not_the_games_failure(finished, action, args, named):
    """Once a crash while encoding, blamed on the game ("the rules of highroll failed")."""
    app = finished[0]
    table = app.open("highroll", ["Ann", "Bob"], seed="surrogate")
    before = len(app.entries(table))
    seat = "gamesmaster" if action == "abandon" else "Ann"
    with pytest.raises(IllegalAction, match="not UTF-8 text") as refusal:
        app.act(table, seat, action, args)
    assert named in refusal.value.message and "failed" not in refusal.value.message
    assert len(app.entries(table)) == before


def test_an_option_a_log_cannot_record_is_refused_by_name(finished):
    app = finished[0]
    with pytest.raises(RefereeError, match=r"options\['max_bid'\] holds a character that is not UTF-8"):
        app.open("highroll", ["Ann", "Bob"], seed="o", options={"max_bid": "\ud800"})
    with pytest.raises(RefereeError, match=r"options\['max_bid'\] is nan"):
        app.open("highroll", ["Ann", "Bob"], seed="o", options={"max_bid": math.nan})


def test_the_rules_decide_on_the_arguments_as_recorded(memory_referee):
    """A tuple given through the Python API reaches the rules as the list the log records
    (and verify re-decides on), so live play and verify cannot disagree."""
    seen = []

    class Recorder:
        @referee_hookimpl
        def referee_extensions(self):
            from referee import Extension

            return [Extension(name="recorder", game="highroll", title="recorder", plugin=self)]

        @referee_hookimpl
        def referee_decide(self, decision, action):
            if action.action == "note":
                seen.append(action.args)
                return True
            return None

    app = memory_referee(highroll, Recorder())
    table = app.open("highroll", ["Ann", "Bob"], seed="t", extensions=["recorder"])
    app.act(table, "gamesmaster", "note", {"words": ("a", 1), "at": 1})
    assert seen == [{"at": 1, "words": ["a", 1]}]
    assert list(seen[0]) == ["at", "words"]
    assert app.audit.verify_table(table).ok


class FailsOnTheEnd:
    """A throwaway house rule whose evolve raises on the end of the game."""

    @referee_hookimpl
    def referee_extensions(self):
        from referee import Extension

        return [Extension(name="sore-loser", game="highroll", title="sore loser", plugin=self)]

    @referee_hookimpl
    def referee_evolve(self, state, event):
        from referee import GameEnded

        if isinstance(event, GameEnded):
            raise ZeroDivisionError("cannot fold the end")


@pytest.mark.parametrize("how", ["abandon", "natural"])
def test_a_plugin_failing_on_the_end_cannot_keep_a_table_open(memory_referee, how):
    """The end is the kernel's: abandon (and a natural end) are recorded even when a
    plugin fails to fold GameEnded; the failure is logged naming the plugin, and verify
    accepts what was recorded."""
    app = memory_referee(highroll, FailsOnTheEnd())
    table = app.open("highroll", ["Ann", "Bob"], seed="end", extensions=["sore-loser"])
    referee.logging.configure("warning")  # the test session logs errors only
    try:
        with structlog.testing.capture_logs() as logged:
            if how == "abandon":
                appended = app.act(table, "gamesmaster", "abandon", {"reason": "a plugin fails"})
            else:
                app.act(table, "Ann", "bid", {"chips": 1})
                appended = app.act(table, "Bob", "bid", {"chips": 2})
    finally:
        referee.logging.configure("error")
    assert [e.type for e in appended][-2:] == ["referee.GameEnded", "referee.SeedRevealed"]
    assert app.state(table).over
    failures = [e for e in logged if "failed to fold the end" in e["event"]]
    assert failures and failures[0]["plugin"] == "highroll.sore-loser", logged
    assert app.audit.verify_table(table).ok
    verdict = verify(app.registry, load_jsonl(app.export(table).splitlines()))
    assert verdict.ok, verdict.message
