"""Randomness: deterministic per table, commit-reveal, every outcome an event, scriptable (DESIGN 5)."""

from __future__ import annotations

import hashlib
import hmac

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
    reveal = entries[-1]
    assert reveal.type == "referee.SeedRevealed" and reveal.event["seed"] == "open sesame"
    key = bytes.fromhex(reveal.event["key"])
    assert len(key) == 32
    expected = hmac.new(key, b"seed|open sesame", hashlib.sha256).hexdigest()
    assert entries[0].event["seed_commitment"] == expected
    assert entries[0].event["seed_hash"] == ""
    assert not any("open sesame" in str(e.event) or reveal.event["key"] in str(e.event) for e in entries[:-1])


def test_the_seed_commitment_hides_a_guessable_seed(memory_referee):
    """DESIGN 5: the commitment is salted with the table key, so trying every small seed
    against it finds nothing, where the old plain hash gave the seed away at once."""
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="3")
    commitment = app.entries(table)[0].event["seed_commitment"]
    guesses = [str(n) for n in range(10_000)]
    assert not [g for g in guesses if hashlib.sha256(g.encode()).hexdigest() == commitment]
    assert not [g for g in guesses if hmac.new(b"", b"seed|" + g.encode(), hashlib.sha256).hexdigest() == commitment]
    # The test of the test: the legacy scheme's commitment falls to the same guesses.
    assert [g for g in guesses if hashlib.sha256(g.encode()).hexdigest() == hashlib.sha256(b"3").hexdigest()] == ["3"]


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


def test_a_chosen_seed_reproduces_the_game_given_the_same_actions(memory_referee):
    """DESIGN 5: a seed chosen by a person reproduces every outcome exactly (the actions of
    one table replayed at another with the same seed give the same events), while each
    table's commitment is salted with its own key."""
    app = memory_referee(highroll)
    first = play(app, seed="again")
    actions = [e.event for e in app.entries(first) if e.type == "referee.ActionTaken"]
    second = app.open("highroll", ["Ann", "Bob", "Cy"], seed="again")
    for action in actions:
        app.act(second, action["seat"], action["action"], action["args"])
    a, b = app.entries(first), app.entries(second)
    assert [(e.type, e.event) for e in a[1:-1]] == [(e.type, e.event) for e in b[1:-1]]
    assert a[0].event["seed_commitment"] != b[0].event["seed_commitment"]
