"""A host who holds the store cheats after (or during) the game, in each way a host can, and
the seats' own copies and receipts catch it, naming the entry (issue 22, "Done when").

The host holds every secret: the seed and the table key (so it can re-seal any history
that verifies, by re-deciding it) and the host key (so it can sign what it likes from now
on).  What it cannot do is take back a receipt it signed before.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from forging import reseal, revealed_key
from witnesses import REGISTRY, Witnessed, open_game, play, step

from referee import verify
from referee.disputes import Copy, against, dispute
from referee.log import with_keys
from referee.testing import fixed_key
from referee.testing.worlds import act as act_in
from referee.testing.worlds import alternatives, fork


def test_an_honest_game_passes_every_check():
    game = play()
    final = game.app.entries(game.table)
    for seat in game.seats:
        found = against(REGISTRY, final, game.copies[seat], game.receipts[seat], seat=seat)
        assert found.ok, found.message
        assert found.compared == len(final) and found.receipts == len(game.receipts[seat]) and found.answers >= 1
    settled = dispute(REGISTRY, [game.copy(s) for s in game.seats], Copy("the final log", final))
    assert settled.one_history and settled.fork is None, settled.message
    assert all(s.backed >= s.copy.entries[-1].seq - 5 for s in settled.standings), "each copy is backed nearly to its end"


def _answer_otherwise(world: Witnessed, request) -> list:
    """Another answer than the bot's to ``request``, one the rules accept, given in ``world``."""
    base = world.app.bots.answer(world.table, request)
    for args in alternatives(world.app, world.table, request, base, 12, random.Random(5)):
        if args == base:
            continue
        try:
            done = act_in(world.app, world.table, request.seat, request.action, args, request.id)
        except Exception:
            continue
        world.receipts.setdefault(request.seat, []).append(done.receipt)
        world.steps.append((request.seat, done.receipt))
        return done
    raise AssertionError(f"no other answer for {request.id} was accepted")


def _forked_before(game: Witnessed, seat: str, nth: int) -> Witnessed:
    """The honest game played until ``seat`` is asked for the ``nth`` time (from 1), a copy
    of the table set aside there."""
    asked = 0
    while True:
        request = game.app.requests(game.table)[0]
        if request.seat == seat:
            asked += 1
            if asked == nth:
                break
        assert step(game)
    copy = fork(game.app, game.table)
    return Witnessed(copy, game.table, game.seats, {s: list(r) for s, r in game.receipts.items()}, {}, list(game.steps))


def test_a_rewritten_and_resealed_history_is_caught_at_the_entry_changed():
    """After the game the host takes the table back to Bert's second orders, writes other
    orders for him and lets the game run again: a whole history that verifies.  Every seat's
    copy parts from it at Bert's answer, and Bert's receipt proves it on the host's word."""
    honest = open_game()
    rewrite = _forked_before(honest, "Bert", 2)
    while step(honest):
        pass
    honest.keep_copies()
    request = rewrite.app.requests(rewrite.table)[0]
    assert request.seat == "Bert"
    changed = _answer_otherwise(rewrite, request)
    while step(rewrite):
        pass
    forged = rewrite.app.entries(rewrite.table)
    assert verify(REGISTRY, forged).ok, "the rewritten history verifies on its own"
    at = changed[0].seq
    for seat in honest.seats:
        found = against(REGISTRY, forged, honest.copies[seat], honest.receipts[seat], seat=seat)
        assert not found.ok and found.parted_at == at, found.message
        assert found.proven, "a receipt the host signed after the change backs every seat's copy"
        assert f"the copies part at entry {at}" in found.message and "Bert" in found.message
    settled = dispute(REGISTRY, [honest.copy(s) for s in honest.seats], Copy("the final log", forged))
    assert not settled.one_history and settled.fork == at, settled.message


def test_an_edited_body_resealed_with_the_revealed_key_is_caught():
    """The cheaper rewrite: one of Ada's sealed orders edited, every commitment and hash
    recomputed under the revealed key (tests/forging.py)."""
    game = play()
    final = game.app.entries(game.table)
    target = next(e for e in final if e.type == "pigsty.OrdersWritten" and e.seat == "Ada")
    forged = reseal(final, revealed_key(final), lambda e: {**e.event, "text": "G 1"} if e.seq == target.seq else e.event)
    for seat in game.seats:
        found = against(REGISTRY, forged, game.copies[seat], game.receipts[seat], seat=seat)
        assert found.parted_at == target.seq and found.proven, found.message


def test_a_dropped_acknowledged_action_is_caught_by_its_receipt_alone():
    """Cleo's last answer was acknowledged; the host's final log stops before it.  Cleo's
    copy was exported before she answered, so only her receipt holds the action."""
    game = open_game()
    before = {}
    while True:
        request = game.app.requests(game.table)[0] if game.app.requests(game.table) else None
        if request is None:
            break
        if request.seat == "Cleo":
            before = game.app.audit.load_log(game.app.export(game.table, "Cleo"))
        step(game)
    game.keep_copies()
    last = game.receipts["Cleo"][-1]
    full = game.app.entries(game.table)
    # The host offers the log as it stood before her action: unfinished, every body with its key.
    final = with_keys(full[: last.action - 1], revealed_key(full))
    assert verify(REGISTRY, final).ok
    found = against(REGISTRY, final, before, game.receipts["Cleo"], seat="Cleo")
    assert not found.ok and found.proven and found.parted_at == last.action, found.message
    assert "an acknowledged action was dropped" in found.message
    settled = dispute(REGISTRY, [Copy("Cleo's early copy", before, game.receipts["Cleo"], "Cleo")], Copy("the final log", final))
    assert not settled.one_history and settled.fork == last.action


def test_two_seats_shown_different_histories_are_caught_from_their_copies_alone():
    """The host runs the table twice from one point on: Ada is shown one history, Bert
    another (in which Cleo's answer differs), each with receipts the host signed."""
    first = open_game()
    second = _forked_before(first, "Cleo", 2)
    while step(first):
        pass
    request = second.app.requests(second.table)[0]
    changed = _answer_otherwise(second, request)
    while step(second):
        pass
    first.keep_copies()
    second.keep_copies()
    ada, bert = first.copy("Ada"), second.copy("Bert")
    settled = dispute(REGISTRY, [ada, bert])
    at = changed[0].seq
    assert not settled.one_history and settled.fork == at, settled.message
    assert "were shown different histories from entry" in settled.message and "the host signed both" in settled.message
    # And each seat alone, against the history the host shows it later, finds the same entry.
    found = against(REGISTRY, first.app.entries(first.table), bert.entries, bert.receipts, seat="Bert")
    assert found.parted_at == at and found.proven


def test_a_changed_die_resealed_is_caught_at_the_die():
    """Pimp's dice are rolled in the open; the host changes one after the game and re-seals."""
    # A fixed key: with a new one each run, the bots of some games rolled no die after setup.
    spec = {"game": "pimp", "seats": ("Ada", "Bert", "Cleo"), "seed": "1", "options": {"turns": 2}, "key": fixed_key("a changed die")}
    game = play(spec)
    final = game.app.entries(game.table)
    die = next(e for e in final if e.type == "referee.RandomDrawn" and e.event["kind"] == "die" and e.seq > 40)
    sides = die.event["spec"]["sides"]
    other = die.event["outcome"] % sides + 1
    forged = reseal(final, revealed_key(final), lambda e: {**e.event, "outcome": other} if e.seq == die.seq else e.event)
    for seat in game.seats:
        found = against(REGISTRY, forged, game.copies[seat], game.receipts[seat], seat=seat)
        assert found.parted_at == die.seq and found.proven, found.message
    settled = dispute(REGISTRY, [game.copy(s) for s in game.seats], Copy("the final log", forged))
    assert settled.fork is not None and settled.fork <= die.seq and not settled.one_history


@pytest.mark.parametrize("seat", ["Ada", "Cleo"])
def test_a_copy_of_another_table_or_its_receipts_is_refused_as_bad_input(seat):
    from referee import BadLog

    game, other = play(), play()
    final = game.app.entries(game.table)
    with pytest.raises(BadLog, match="is a copy of table"):
        against(REGISTRY, final, other.copies[seat], seat=seat)
    with pytest.raises(BadLog, match="receipt of table"):
        against(REGISTRY, final, game.copies[seat], other.receipts[seat], seat=seat)
    assert msgspec.json.encode(final) == msgspec.json.encode(game.app.entries(game.table)), "nothing was changed"


def test_a_table_opened_again_under_other_keys_parts_at_its_first_entry():
    """The host replays the whole game on a table opened afresh (another table key, seed
    commitment and host key, the same id): every copy parts from it at entry 1, and the
    receipts the seats hold were signed by another key than the one it publishes."""
    game = play()
    again = play()
    forged_app = again.app
    final = forged_app.entries(again.table)
    renamed = reseal(final, revealed_key(final), lambda e: {**e.event, "table_id": game.table} if e.seq == 1 else e.event)
    for seat in game.seats:
        found = against(REGISTRY, renamed, game.copies[seat], game.receipts[seat], seat=seat)
        assert found.parted_at == 1 and found.proven, found.message
        assert any("publishes another host key" in f.text for f in found.findings)
