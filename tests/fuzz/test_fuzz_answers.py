"""Fuzzing answers (the JSON ``args`` of an action) at every game, part-way through play.

Bots play a generated number of actions, then one open request gets a crafted answer:
a legal choice with a value changed, extra or missing fields, wrong types, huge numbers,
deep nesting, infinities and NaN, lone surrogates.  The table must refuse it naming the problem and append nothing, or take
it; a plugin crashing on it (the service's "the rules of ... failed") is a failure.
"""

from __future__ import annotations

import hashlib

import pytest
from budget import FUZZ, no_hang
from hypothesis import event, given
from hypothesis import strategies as st

from referee import MEMORY, Referee, RefereeError, Registry, TableStore

GAMES = {"pigsty": ["Bill", "Ted", "Zed"], "cashnguns": ["Ann", "Bob", "Cy", "Dee"], "pimp": ["Ann", "Bob", "Cy"]}

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(0, 4200).map(lambda n: 10**n),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    # Lone surrogates: what a byte that is not UTF-8 becomes when Python reads it.
    st.text(st.characters(categories=["Cs"]) | st.characters(), min_size=1, max_size=4),
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6) | st.characters(categories=["Cs"]), inner, max_size=3),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def app():
    referee = Referee(registry=Registry(), store=TableStore(MEMORY))
    yield referee
    referee.close()


@st.composite
def crafted(draw: st.DrawFn, legal: list[dict[str, object]]) -> dict[str, object]:
    """A legal answer changed a little, or any dictionary at all."""
    if legal and draw(st.booleans()):
        args = dict(draw(st.sampled_from(legal)))
        for _ in range(draw(st.integers(1, 3))):
            how = draw(st.sampled_from(["change", "drop", "add"]))
            if how == "change" and args:
                args[draw(st.sampled_from(sorted(args)))] = draw(values)
            elif how == "drop" and args:
                args.pop(draw(st.sampled_from(sorted(args))))
            else:
                args[draw(st.text(max_size=8))] = draw(values)
        return args
    keys = st.sampled_from(["text", "card", "do", "target", "request", "chips", "amount", "split", "choice"]) | st.text(max_size=6)
    return draw(st.dictionaries(keys, values, max_size=4))


@FUZZ
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)), steps=st.integers(0, 15), seed=st.sampled_from(["a", "b", "c"]))
def test_crafted_answers_are_refused_cleanly_or_taken(app, data, game, steps, seed) -> None:
    seats = GAMES[game]
    # A fixed key as well as a seed: bots draw from the key, and hypothesis needs each
    # example to play out the same way every time it is run.
    table = app.open(game, seats, seed=f"answers-{seed}", key=hashlib.sha256(seed.encode()).hexdigest())
    for _ in range(steps):
        pending = app.requests(table)
        if not pending or app.state(table).over:
            break
        request = pending[0]
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    pending = app.requests(table)
    if not pending:
        return
    request = data.draw(st.sampled_from(pending))
    legal = [dict(c.args) for c in request.choices or ()] or [app.bots.answer(table, request)]
    args = data.draw(crafted(legal))
    before = len(app.entries(table))
    with no_hang(args):
        try:
            app.act(table, request.seat, request.action, args, request=data.draw(st.sampled_from([request.id, None])))
        except RefereeError as exc:
            event(f"{game}: refused")
            assert "failed on" not in exc.message, exc.message  # a plugin crashed on the answer
            assert "\n" not in exc.message
            assert len(app.entries(table)) == before
            return
    event(f"{game}: taken")
    assert len(app.entries(table)) > before
    verdict = app.audit.verify_table(table)  # what was taken replays as it was decided
    assert verdict.ok, verdict.message
