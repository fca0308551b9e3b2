"""verify's own checks of a finished log's chain and draws, each on its common path (the
one a long log takes thousands of times) and against the general definition."""

from __future__ import annotations

import highroll
import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee import load_jsonl, verify
from referee.randomness import roll, rolls


@pytest.fixture
def finished(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob", "Cy"], seed="chain")
    for seat, chips in (("Ann", 2), ("Bob", 3), ("Cy", 1)):
        app.act(table, seat, "bid", {"chips": chips})
    return app, load_jsonl(app.export(table).splitlines())


def test_a_finished_log_verifies(finished):
    app, entries = finished
    verdict = verify(app.registry, entries)
    assert verdict.ok, verdict.message


def test_an_entry_key_the_table_key_does_not_give_is_refused(finished):
    """An entry's own key is not in its header: after the reveal it must still be the one
    the table's key derives, or a seat could have been handed a key for another body."""
    app, entries = finished
    seq = len(entries) // 2
    forged = [msgspec.structs.replace(e, key="00" * 32) if e.seq == seq else e for e in entries]
    verdict = verify(app.registry, forged)
    assert not verdict.ok
    assert verdict.bad_seq == seq
    assert verdict.message == f"entry {seq} ({entries[seq - 1].type}): its key is not the one the table's key gives"


def test_an_edited_body_is_refused_by_its_commitment(finished):
    app, entries = finished
    target = next(e for e in entries if e.type == "highroll.BidMade")
    forged = [msgspec.structs.replace(e, event={**e.event, "chips": 9}) if e.seq == target.seq else e for e in entries]
    verdict = verify(app.registry, forged)
    assert verdict.message == f"entry {target.seq} ({target.type}): the event was edited after it was recorded"


@given(
    st.text(min_size=1, max_size=20),
    st.lists(st.tuples(st.integers(0, 5000), st.sampled_from(["die", "shuffle", "pick"]), st.integers(1, 60)), max_size=8),
)
def test_rolls_of_one_seed_are_the_rolls_of_that_seed(seed, draws):
    rolled = rolls(seed)
    for draw, kind, size in draws:
        spec = {"sides": size} if kind == "die" else {"n": size}
        assert rolled(draw, kind, spec) == roll(seed, draw, kind, spec)
