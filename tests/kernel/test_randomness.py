"""Randomness: deterministic per table, commit-reveal, every outcome an event, scriptable (DESIGN 5)."""

from __future__ import annotations

import hashlib

import highroll
import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.randomness import RandomnessMismatch, ScriptedSource, roll


def play(app, seed=None, script=None):
    table = app.open("highroll", ["Ann", "Bob", "Cy"], seed=seed, script=script)
    for seat in ("Ann", "Bob", "Cy"):
        app.act(table, seat, "bid", {"chips": 0})
    return table


def outcomes(app, table):
    return [e.event["outcome"] for e in app.entries(table) if e.type == "referee.RandomDrawn"]


def test_same_seed_same_outcomes(memory_referee):
    app = memory_referee(highroll)
    assert outcomes(app, play(app, seed="a")) == outcomes(app, play(app, seed="a"))


def test_seed_is_committed_first_and_revealed_last(memory_referee):
    app = memory_referee(highroll)
    table = play(app, seed="open sesame")
    entries = app.entries(table)
    assert entries[0].event["seed_hash"] == hashlib.sha256(b"open sesame").hexdigest()
    assert entries[-1].type == "referee.SeedRevealed" and entries[-1].event == {"seed": "open sesame"}
    assert not any("open sesame" in str(e.event) for e in entries[:-1])


def test_every_outcome_is_an_event_that_the_seed_reproduces(memory_referee):
    app = memory_referee(highroll)
    table = play(app, seed="z")
    for entry in app.entries(table):
        if entry.type == "referee.RandomDrawn":
            body = entry.event
            assert roll("z", body["draw"], body["kind"], body["spec"]) == body["outcome"]


def test_outcomes_can_be_scripted_and_the_log_says_so(memory_referee):
    app = memory_referee(highroll)
    table = play(app, script=[6, 1, 2])
    assert outcomes(app, table) == [6, 1, 2]
    assert app.entries(table)[0].event["scripted"] is True
    assert app.state(table).result.winners == ("Ann",)


def test_a_script_outcome_the_die_cannot_show_is_refused(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], script=[7])
    app.act(table, "Ann", "bid", {"chips": 0})
    before = app.export(table)
    with pytest.raises(RandomnessMismatch, match="d6 cannot show 7"):
        app.act(table, "Bob", "bid", {"chips": 0})
    assert app.export(table) == before


@given(st.text(min_size=1, max_size=20), st.integers(0, 10_000), st.integers(1, 100))
def test_dice_stay_in_range(seed, draw, sides):
    assert 1 <= roll(seed, draw, "die", {"sides": sides}) <= sides


@given(st.text(min_size=1, max_size=20), st.integers(0, 1000), st.integers(1, 60))
def test_shuffles_are_permutations(seed, draw, n):
    assert sorted(roll(seed, draw, "shuffle", {"n": n})) == list(range(n))


def test_dice_are_fair_enough():
    counts = [0] * 6
    for draw in range(6000):
        counts[roll("fair", draw, "die", {"sides": 6}) - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_scripted_source_falls_back_to_a_seed():
    source = ScriptedSource([4], fallback="f")
    assert source.outcome(0, "die", {"sides": 6}, "x") == 4
    assert source.outcome(1, "die", {"sides": 6}, "x") == roll("f", 1, "die", {"sides": 6})
