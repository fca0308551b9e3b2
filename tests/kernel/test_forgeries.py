"""What a log says about itself never lowers the checks run on it (issue: verify cannot be
fooled).  Each forgery below was once accepted; each is now refused by ``verify`` and by
``import`` with the reason, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

import highroll
import msgspec
import pytest
from forging import reseal, revealed_key

from referee import BadLog, dump_jsonl, load_jsonl, verify
from referee import hookimpl as referee_hookimpl
from referee.log import check_chain

LEGACY = Path(__file__).parent / "data" / "legacy-0.1-pigsty.jsonl"


@pytest.fixture
def finished(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob", "Cy"], seed="forgery")
    for seat, chips in (("Ann", 2), ("Bob", 3), ("Cy", 1)):
        app.act(table, seat, "bid", {"chips": chips})
    entries = load_jsonl(app.export(table).splitlines())
    return app, entries


def refused(app, entries, reason: str) -> None:
    verdict = verify(app.registry, entries)
    assert not verdict.ok, "verify accepted a forgery"
    assert reason in verdict.message, verdict.message
    fresh = type(app)(registry=app.registry, store=type(app.store)(":memory:"))
    with pytest.raises(BadLog, match=r"does not verify|hidden entries"):
        fresh.audit.import_log(dump_jsonl(entries))
    assert list(fresh.store.table_ids()) == []


def test_a_blanked_body_in_a_finished_game_is_refused_not_passed_over(finished):
    """Forgery 1: change the winners, blank one sealed entry, re-seal: once "hidden in this
    seat's export, so the decisions were not re-run" and OK; now a finished game's log must
    show every body."""
    app, entries = finished
    sealed_bid = next(e for e in entries if e.type == "highroll.BidMade")

    def edit(entry):
        if entry.seq == sealed_bid.seq:
            return None
        if entry.type == "referee.GameEnded":
            return {**entry.event, "winners": ["Cy"]}
        return entry.event

    refused(app, reseal(entries, revealed_key(entries), edit), "a finished game's log must show every body")


def test_the_logs_own_scripted_flag_does_not_switch_the_seed_check_off(finished):
    """Forgery 2: flip ``TableOpened.scripted``, reorder an outcome, re-seal: refused, since a
    scripted table is a test's and is never verified (nor imported) as a table."""
    app, entries = finished
    die = next(e for e in entries if e.type == "referee.RandomDrawn")

    def edit(entry):
        if entry.seq == 1:
            return {**entry.event, "scripted": True}
        if entry.seq == die.seq:
            return {**entry.event, "outcome": 7 - entry.event["outcome"]}
        return entry.event

    refused(app, reseal(entries, revealed_key(entries), edit), "scripted")


@pytest.mark.parametrize("value", [True, 2.0])
def test_a_value_of_another_type_is_a_forgery_like_any_edit(finished, value):
    """Forgery 3: ``1 == True == 1.0`` in Python; in a log an int rewritten as ``true`` or
    ``1.0`` is refused by its event type, naming the entry and the field."""
    app, entries = finished
    bid = next(e for e in entries if e.type == "highroll.BidMade" and e.event["chips"] == 2)
    forged = reseal(entries, revealed_key(entries), lambda e: {**e.event, "chips": value} if e.seq == bid.seq else e.event)
    refused(app, forged, f"entry {bid.seq}")


def test_a_log_with_an_unknown_schema_version_is_refused(finished):
    app, entries = finished
    forged = list(entries)
    forged[1] = msgspec.structs.replace(entries[1], v=99)
    verdict = verify(app.registry, reseal(forged, revealed_key(entries)))
    assert not verdict.ok and "schema version 99" in verdict.message


def test_an_edited_hidden_body_is_caught_after_the_reveal(finished):
    """After the game every commitment is checked: editing a body that was hidden during
    the game, and keeping its old commitment, is caught at that entry."""
    app, entries = finished
    bid = next(e for e in entries if e.type == "highroll.BidMade")
    edited = [msgspec.structs.replace(e, event={**e.event, "chips": 0}) if e.seq == bid.seq else e for e in entries]
    verdict = verify(app.registry, edited)
    assert not verdict.ok and verdict.bad_seq == bid.seq and "edited" in verdict.message


def test_a_legacy_log_keeps_its_digest_chain_checked(memory_referee):
    """Logs written before hiding commitments (plain ``digest``) are still read, and their
    chain still catches an edit; re-deciding needs the plugin versions that recorded them,
    and the verdict says which."""
    entries = load_jsonl(LEGACY.read_text(encoding="utf-8").splitlines())
    assert all(e.digest and not e.commit for e in entries)
    assert check_chain(entries) is None
    edited = list(entries)
    body = dict(edited[5].event or {})
    body[sorted(body)[0]] = "edited"
    edited[5] = msgspec.structs.replace(edited[5], event=body)
    assert check_chain(edited) == (6, f"entry 6 ({edited[5].type}): the event was edited after it was recorded")
    import referee_pigsty.plugin

    app = memory_referee(referee_pigsty.plugin)
    verdict = verify(app.registry, entries)
    assert not verdict.ok and "referee-pigsty 0.1.0" in verdict.message


class _Extension:
    """A throwaway house rule of High Roll, registered for one test."""

    name = ""

    @referee_hookimpl
    def referee_extensions(self):
        from referee import Extension

        return [Extension(name=self.name, game="highroll", title=self.name, plugin=self)]


class Broken(_Extension):
    name = "broken"

    @referee_hookimpl
    def referee_decide(self, decision, action):
        if action.action == "bid":
            raise ZeroDivisionError("a buggy house rule")


class Meddler(_Extension):
    name = "meddler"

    @referee_hookimpl
    def referee_view(self, state, seat):
        state.game.bids["Ann"] = 99
        state.flow.requests.clear()


def test_the_gamesmaster_can_always_end_a_stuck_table(memory_referee):
    """A plugin that fails on every answer never leaves a table stuck: the gamesmaster's
    ``abandon`` is decided by the kernel alone, ends the game and reveals the seed."""
    from referee import RefereeError

    app = memory_referee(highroll, Broken())
    table = app.open("highroll", ["Ann", "Bob"], seed="stuck", extensions=["broken"])
    before = len(app.entries(table))
    for _ in range(2):
        with pytest.raises(RefereeError, match="ZeroDivisionError"):
            app.act(table, "Ann", "bid", {"chips": 1})
    assert len(app.entries(table)) == before
    appended = app.act(table, "gamesmaster", "abandon", {"reason": "a plugin fails"})
    assert [e.type for e in appended][-2:] == ["referee.GameEnded", "referee.SeedRevealed"]
    assert app.state(table).result.reason == "abandoned by the gamesmaster: a plugin fails"
    assert app.audit.verify_table(table).ok


def test_a_view_hook_that_writes_to_state_changes_nothing(memory_referee):
    """Views are worked out on the live state and checked to leave it as it was: a
    ``referee_view`` that writes to it is refused loudly, naming the plugin, its change is
    undone, and the stored log cannot drift from the rules."""
    from referee import RefereeError

    app = memory_referee(highroll, Meddler())
    table = app.open("highroll", ["Ann", "Bob"], seed="meddle", extensions=["meddler"])
    with pytest.raises(RefereeError, match=r"referee_view changed the table's state while showing it \(.*meddler.*\)"):
        app.view(table, "Ann")
    with pytest.raises(RefereeError, match="changed the table's state"):
        app.bots.answer(table, app.requests(table)[0])
    assert app.state(table).game.bids == {} and len(app.requests(table)) == 2
    app.act(table, "Ann", "bid", {"chips": 1})
    app.act(table, "Bob", "bid", {"chips": 2})
    assert app.audit.verify_table(table).ok
