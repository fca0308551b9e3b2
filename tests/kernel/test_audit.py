"""The log: hash chain, exports, replay, verify and explain (DESIGN: kernel primitives 6-7)."""

from __future__ import annotations

import json
from typing import ClassVar

import highroll
import pytest

from referee import Registry, dump_jsonl, explain, load_jsonl, replay, verify
from referee.errors import BadLog, PluginMismatch, RefereeError


@pytest.fixture
def finished(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob", "Cy"], seed="seed-1")
    for seat, chips in (("Ann", 2), ("Bob", 3), ("Cy", 1)):
        app.act(table, seat, "bid", {"chips": chips})
    return app, table


def lines_of(app, table):
    return app.export(table).splitlines()


def test_an_untouched_export_verifies(finished):
    app, table = finished
    verdict = verify(app.registry, load_jsonl(lines_of(app, table)))
    assert verdict.ok, verdict.message
    assert verdict.checked == len(lines_of(app, table))


@pytest.mark.parametrize("position", range(16))
def test_editing_any_line_fails_naming_that_entry(finished, position):
    """Done-when: editing any line of an exported log makes verify fail naming the first bad event."""
    app, table = finished
    lines = lines_of(app, table)
    if position >= len(lines):
        pytest.fail(f"the log has only {len(lines)} lines")
    entry = json.loads(lines[position])
    body = entry["event"]
    key = sorted(body)[0]
    body[key] = "edited" if not isinstance(body[key], str) else body[key] + "!"
    lines[position] = json.dumps(entry)
    verdict = verify(app.registry, load_jsonl(lines))
    assert not verdict.ok
    assert verdict.bad_seq == position + 1
    assert f"entry {position + 1}" in verdict.message


@pytest.mark.parametrize("position", range(15))
def test_dropping_or_swapping_any_line_fails_naming_the_first_bad_entry(finished, position):
    app, table = finished
    lines = lines_of(app, table)
    dropped = lines[:position] + lines[position + 1 :]
    verdict = verify(app.registry, load_jsonl(dropped))
    assert not verdict.ok and verdict.bad_seq == position + 1, verdict.message
    swapped = list(lines)
    swapped[position], swapped[position + 1] = swapped[position + 1], swapped[position]
    verdict = verify(app.registry, load_jsonl(swapped))
    assert not verdict.ok and verdict.bad_seq == position + 1, verdict.message


def test_a_forged_but_rechained_outcome_is_caught_by_re_deciding(finished):
    """Verify re-decides every action: rewriting a die and re-sealing the chain is still caught."""
    from forging import reseal, revealed_key

    app, table = finished
    entries = load_jsonl(lines_of(app, table))

    def edit(entry):
        body = dict(entry.event)
        if entry.type == "highroll.DieRolled" and body["seat"] == "Cy":
            body["die"] = 6 if body["die"] != 6 else 5
        return body

    verdict = verify(app.registry, reseal(entries, revealed_key(entries), edit))
    assert not verdict.ok
    assert "does not follow from the rules" in verdict.message or "seed gives" in verdict.message


def test_a_wrong_revealed_seed_is_caught(finished):
    from forging import reseal, revealed_key

    app, table = finished
    entries = load_jsonl(lines_of(app, table))
    assert entries[-1].type == "referee.SeedRevealed"
    key = revealed_key(entries)
    forged = reseal(entries, key, lambda e: {**e.event, "seed": "another"} if e.type == "referee.SeedRevealed" else e.event)
    verdict = verify(app.registry, forged)
    assert not verdict.ok and "do not match the commitment" in verdict.message


def test_seat_export_hides_what_the_seat_could_not_see_but_still_chains(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="s")
    app.act(table, "Ann", "bid", {"chips": 2})
    bob = load_jsonl(app.export(table, "Bob").splitlines())
    hidden = [e for e in bob if e.redacted]
    assert {e.type for e in hidden} == {"referee.RequestOpened", "referee.ActionTaken", "highroll.BidMade"}
    verdict = verify(app.registry, bob)
    assert verdict.ok and "hidden" in verdict.message


def test_after_the_game_the_full_export_shows_everything(finished):
    app, table = finished
    assert not any(e.redacted for e in load_jsonl(app.export(table, "Bob").splitlines()))


def test_replay_to_any_position(finished):
    app, table = finished
    entries = app.entries(table)
    bids_at = {}
    for n in range(1, len(entries) + 1):
        _rules, state = replay(app.registry, entries, to=n)
        bids_at[n] = dict(state.game.bids)
    assert bids_at[4] == {}
    assert bids_at[len(entries)] == {"Ann": 2, "Bob": 3, "Cy": 1}
    _rules, whole = replay(app.registry, entries)
    assert whole.result == app.state(table).result


def test_explain_names_action_plugin_and_rule(finished):
    app, table = finished
    entries = app.entries(table)
    die = next(e for e in entries if e.type == "highroll.DieRolled")
    exp = explain(app.registry, entries, die.seq)
    assert exp.entry.plugin == "highroll"
    assert exp.entry.rule == "highroll 2"
    assert exp.action is not None and exp.action.type == "referee.ActionTaken"
    assert exp.action.event["seat"] == "Cy"
    assert die in exp.consequences
    with pytest.raises(RefereeError, match="entries 1 to"):
        explain(app.registry, entries, len(entries) + 1)


def test_replay_under_other_plugins_is_a_clear_error(finished):
    app, table = finished
    entries = app.entries(table)
    with pytest.raises(PluginMismatch, match="highroll"):
        import msgspec

        from referee.audit import rules_of

        other = msgspec.json.decode(msgspec.json.encode(entries[0].event))
        other["plugins"][0]["version"] = "9.9"
        rules_of(app.registry, [msgspec.structs.replace(entries[0], event=other)])
    verdict = verify(Registry([], entry_points=False), entries)
    assert not verdict.ok and "no game named 'highroll'" in verdict.message


def test_garbage_is_not_a_log():
    with pytest.raises(BadLog, match="line 1 is not a log entry"):
        load_jsonl(["hello"])
    with pytest.raises(BadLog, match="no log entries"):
        load_jsonl([])


def test_dump_and_load_round_trip(finished):
    app, table = finished
    entries = app.entries(table)
    assert load_jsonl(dump_jsonl(entries).splitlines()) == entries


def _counter_game(schema: int):
    """A one-action game whose event changed shape: v1 ``Added(n)``, v2 ``Added(amount)``."""
    from referee import Choice, Event, Game, hookimpl

    if schema == 1:

        class Added(Event, tag="counter.Added"):
            seat: str
            n: int

        def make(seat, amount):
            return Added(seat=seat, n=amount)

        def amount_of(event):
            return event.n
    else:

        class Added(Event, tag="counter.Added"):  # type: ignore[no-redef]
            version: ClassVar[int] = 2
            seat: str
            amount: int

            @staticmethod
            def upcast_v1_v2(body):
                body["amount"] = body.pop("n")
                return body

        def make(seat, amount):
            return Added(seat=seat, amount=amount)

        def amount_of(event):
            return event.amount

    class Counter:
        @hookimpl
        def referee_games(self):
            return [Game(name="counter", title="Counter", plugin=self)]

        @hookimpl
        def referee_event_types(self):
            return [Added]

        @hookimpl
        def referee_initial_state(self, opened):
            return {"total": 0}

        @hookimpl
        def referee_evolve(self, state, event):
            if isinstance(event, Added):
                state.game["total"] += amount_of(event)

        @hookimpl
        def referee_setup(self, decision):
            decision.request(decision.seats[0], "add", "Add", choices=[Choice("two", {"n": 2})])
            return True

        @hookimpl
        def referee_decide(self, decision, action):
            decision.emit(make(action.seat, action.args["n"]), rule="1")
            decision.end_game([action.seat], "added", rule="2")
            return True

    Counter.__module__ = "counter"
    return Counter()


def test_a_log_written_before_a_schema_change_still_verifies(memory_referee):
    """Upcasting: a v1 body is read through upcast_v1_v2, in replay and in verify alike."""
    old = memory_referee(_counter_game(1))
    table = old.open("counter", ["Ann", "Bob"], seed="c")
    old.act(table, "Ann", "add", {"n": 2})
    entries = old.entries(table)
    assert [e.v for e in entries if e.type == "counter.Added"] == [1]
    registry = Registry([_counter_game(2)], entry_points=False)
    _rules, state = replay(registry, entries)
    assert state.game == {"total": 2}
    verdict = verify(registry, entries)
    assert verdict.ok, verdict.message


_JUNK = [None, -1, 0, 10**12, "", "x", [], {}, [1, "a"], {"a": 1}, True, 1.5]


@pytest.fixture(scope="module")
def finished_lines():
    from referee import MEMORY, Referee, TableStore

    with Referee(registry=Registry([highroll], entry_points=False), store=TableStore(MEMORY)) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="fuzz")
        app.act(table, "Ann", "bid", {"chips": 1})
        app.act(table, "Bob", "bid", {"chips": 2})
        return app.export(table).splitlines()


from budgets import examples  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_verify_never_crashes_on_a_mangled_log(finished_lines, data):
    """Bad input never crashes: any mangled field gives a verdict or a clear RefereeError."""
    lines = list(finished_lines)
    index = data.draw(st.integers(0, len(lines) - 1))
    entry = json.loads(lines[index])
    target = data.draw(st.sampled_from(["header", "event"]))
    holder = entry if target == "header" or not isinstance(entry.get("event"), dict) or not entry["event"] else entry["event"]
    key = data.draw(st.sampled_from(sorted(holder)))
    holder[key] = data.draw(st.sampled_from(_JUNK))
    lines[index] = json.dumps(entry)
    registry = Registry([highroll], entry_points=False)
    try:
        entries = load_jsonl(lines)
    except BadLog:
        return
    try:
        verdict = verify(registry, entries)
    except RefereeError:
        return
    # Blanking a body another seat could not see is exactly what a seat's export does:
    # verify then vouches only for the chain, and says so.
    unchanged = [json.loads(line) for line in lines] == [json.loads(line) for line in finished_lines]
    assert not verdict.ok or unchanged or "hidden" in verdict.message
