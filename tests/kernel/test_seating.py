"""Seats claimed, not handed out (issue 21), as the log records it: ``referee.SeatClaimed`` and
``referee.InvitationReissued`` are decided by the kernel alone, verify re-decides them like
any action, and the log alone shows every change of hands (a seat is claimed once per
invitation)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from forging import reseal, revealed_key

from referee import GAMESMASTER, IllegalAction, Referee, load_jsonl


@pytest.fixture
def app() -> Iterator[Referee]:
    with Referee(":memory:") as referee:
        yield referee


def _nim(app: Referee) -> str:
    return app.open("nim", ["Ann", "Bob"], seed="seating")


def test_a_claim_is_recorded_in_neutral_words_with_the_seat_only(app: Referee) -> None:
    table = _nim(app)
    taken, claimed = app.seating.claim(table, "Ann")
    assert (taken.type, taken.seat, taken.event) == (
        "referee.ActionTaken",
        "Ann",
        {"seat": "Ann", "action": "claim-seat", "args": {}, "request": None},
    )
    assert (claimed.type, claimed.event, claimed.visible_to, claimed.rule) == (
        "referee.SeatClaimed",
        {"seat": "Ann"},
        None,
        "referee table",
    )
    assert app.audit.describe(app.rules(table), claimed) == "Ann's seat was claimed through its invitation"
    assert app.seating.claimed(table) == ("Ann",)
    # Every seat and a spectator see it: who holds a seat is no secret.
    assert all(any(e.type == "referee.SeatClaimed" for e in app.visible_entries(table, s)) for s in ("Bob", None))


def test_a_seat_is_claimed_once_per_invitation(app: Referee) -> None:
    table = _nim(app)
    app.seating.claim(table, "Ann")
    length = app.length(table)
    with pytest.raises(IllegalAction, match="Ann's seat is claimed already; the gamesmaster re-issues its invitation first"):
        app.seating.claim(table, "Ann")
    assert app.length(table) == length
    reissued = app.seating.reissue(table, "Ann")
    assert [e.type for e in reissued] == ["referee.ActionTaken", "referee.InvitationReissued"]
    assert reissued[0].seat == GAMESMASTER and reissued[1].event == {"seat": "Ann"}
    assert app.seating.claimed(table) == ()
    app.seating.claim(table, "Bob")
    app.seating.claim(table, "Ann")
    assert app.seating.claimed(table) == ("Ann", "Bob"), "in seat order"


@pytest.mark.parametrize(
    ("seat", "action", "args", "words"),
    [
        (GAMESMASTER, "claim-seat", {}, "the gamesmaster has no seat to claim"),
        ("Ann", "claim-seat", {"seat": "Bob"}, "claim-seat takes no arguments"),
        ("Zed", "claim-seat", {}, "'Zed' has no seat at this table"),
        (GAMESMASTER, "reissue-invitation", {"seat": "Zed"}, "'Zed' has no seat at this table"),
        (GAMESMASTER, "reissue-invitation", {}, 'names the seat whose invitation is re-issued: {"seat": name}'),
        (GAMESMASTER, "reissue-invitation", {"seat": "Ann", "also": 1}, "names the seat"),
        ("Bob", "reissue-invitation", {"seat": "Ann"}, "Bob is asked for 'call', not 'reissue-invitation'"),
    ],
)
def test_a_malformed_claim_or_reissue_is_refused_and_appends_nothing(app: Referee, seat: str, action: str, args: dict, words: str) -> None:
    table = _nim(app)
    length = app.length(table)
    with pytest.raises(IllegalAction) as refused:
        app.act(table, seat, action, args)
    assert words in refused.value.message
    assert app.length(table) == length


def _finished(app: Referee) -> list:
    table = _nim(app)
    app.seating.claim(table, "Ann")
    app.seating.claim(table, "Bob")
    for seat in ("Ann", "Bob"):
        app.act(table, seat, "call", {"call": "odd"})
    app.seating.reissue(table, "Ann")
    app.seating.claim(table, "Ann")
    app.bots.play(table, ["Ann", "Bob"])
    assert app.over(table)
    return load_jsonl(app.export(table).splitlines())


def test_a_log_with_claims_and_reissues_verifies_and_replays_at_every_entry(app: Referee) -> None:
    entries = _finished(app)
    assert [e.type for e in entries].count("referee.SeatClaimed") == 3
    verdict = app.audit.verify(entries)
    assert verdict.ok, verdict.message
    for to in range(1, len(entries) + 1):
        app.audit.replay_view(entries, to, "Ann")


def test_a_forged_log_that_hands_a_seat_over_without_a_reissue_is_refused(app: Referee) -> None:
    """The re-issue re-sealed as Bob's: Ann's second claim then has no re-issue before it, and
    re-deciding it refuses it."""
    entries = _finished(app)
    reissue = next(e for e in entries if e.type == "referee.InvitationReissued")

    def edit(entry):
        if entry.seq == reissue.seq:
            return {"seat": "Bob"}
        if entry.seq == reissue.seq - 1:
            return {**entry.event, "args": {"seat": "Bob"}}
        return entry.event

    verdict = app.audit.verify(reseal(entries, revealed_key(entries), edit))
    assert not verdict.ok
    assert verdict.bad_seq == reissue.seq + 1 and "Ann's seat is claimed already" in verdict.message, verdict.message
