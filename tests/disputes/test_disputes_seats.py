"""The other way round: a seat cannot frame an honest host, nor forge the host's word, and a
receipt tells its holder nothing another seat's copy does not (issue 22, "Done when")."""

from __future__ import annotations

import msgspec
import pytest
from forging import reseal, revealed_key
from witnesses import REGISTRY, play

from referee import ForgedReceipt
from referee.disputes import Copy, against, dispute
from referee.receipts import check, dump_receipts, host_key_of, load_receipts, new_host_key, sign


def test_a_copy_doctored_after_the_reveal_does_not_frame_an_honest_host():
    """After the game Ada re-seals her copy with Bert's orders changed (anyone can, with the
    revealed key) and says the host showed her that.  Her own receipts after that entry no
    longer fit her copy: the claim has no signature of the host's behind it."""
    game = play()
    final = game.app.entries(game.table)
    mine = game.copies["Ada"]
    target = next(e for e in mine if e.type == "pigsty.OrdersWritten" and e.seat == "Bert")
    doctored = reseal(mine, revealed_key(mine), lambda e: {**e.event, "text": "G 1"} if e.seq == target.seq else e.event)

    found = against(REGISTRY, final, doctored, game.receipts["Ada"], seat="Ada")
    assert not found.ok and not found.proven, found.message
    assert found.parted_at == target.seq, "Ada still learns where her copy and the log part"
    assert any(f.against == "copy" and "does not match the receipt" in f.text for f in found.findings)
    assert any(f.against == "unproven" and "no receipt the host signed backs the copy there" in f.text for f in found.findings)

    settled = dispute(
        REGISTRY,
        [Copy("Ada's copy", doctored, game.receipts["Ada"], "Ada"), game.copy("Bert"), game.copy("Cleo")],
        Copy("the final log", final),
    )
    assert settled.one_history, f"the host is not blamed: {settled.message}"
    ada = settled.standings[0]
    assert ada.backed < target.seq, "no receipt backs Ada's copy from the doctored entry on"
    texts = [f.text for f in settled.findings]
    assert any("Ada's copy does not match its own receipt" in t for t in texts)
    assert any(f"entries {ada.backed + 1} to {len(doctored)} of Ada's copy are backed by no receipt" in t for t in texts)


def test_a_receipt_forged_without_the_host_key_is_refused():
    game = play()
    final = game.app.entries(game.table)
    host = host_key_of(final)
    real = game.receipts["Bert"][-1]
    check(real, host)  # the host's own signature stands
    moved = msgspec.structs.replace(real, head=final[real.position - 2].hash, position=real.position - 1)
    with pytest.raises(ForgedReceipt, match="the table's host key did not sign it"):
        check(moved, host)
    self_signed = sign(new_host_key(), moved)
    with pytest.raises(ForgedReceipt, match="forged, altered after it was given, or from another table"):
        check(self_signed, host)
    found = against(REGISTRY, final, game.copies["Bert"], [*game.receipts["Bert"], self_signed], seat="Bert")
    assert not found.ok and not found.proven
    assert [f.text for f in found.findings] == [f"{_refusal(self_signed, host)}; it is not counted"]
    settled = dispute(REGISTRY, [Copy("Bert's copy", game.copies["Bert"], [self_signed], "Bert")])
    assert settled.one_history and settled.standings[0].backed == 0


def _refusal(receipt, host: str) -> str:
    try:
        check(receipt, host)
    except ForgedReceipt as exc:
        return exc.message
    raise AssertionError("the receipt was accepted")


def test_receipts_are_kept_and_read_as_json_lines_and_bad_lines_are_named():
    game = play()
    text = dump_receipts(game.receipts["Ada"])
    assert load_receipts(text) == game.receipts["Ada"]
    from referee import BadLog

    with pytest.raises(BadLog, match=r"ada\.receipts\.jsonl line 2 is not a receipt"):
        load_receipts(text.splitlines()[0] + '\n{"table": 3}\n', source="ada.receipts.jsonl")


def test_a_receipt_tells_its_holder_nothing_another_seats_copy_does_not():
    """By difference: every field of a receipt but its signature is read off any other
    seat's copy (the position and seat of the action are in every header, the head is the
    hash every copy holds, the time is the entries' own), so handing receipts to the seat
    that acted shows it nothing hidden from it."""
    game = play()
    for seat, receipts in game.receipts.items():
        for other in game.seats:
            if other == seat:
                continue
            copy = game.copies[other]
            for receipt in receipts:
                started, last = copy[receipt.action - 1], copy[receipt.position - 1]
                assert started.type == "referee.ActionTaken" and started.seat == receipt.seat == seat
                assert last.hash == receipt.head and last.at == receipt.at and receipt.table == game.table
                assert all(e.cause == receipt.action for e in copy[receipt.action - 1 : receipt.position])
    # And nothing of the private host key reaches any copy, export or view.
    secret = game.app.store.secret(game.table).host
    assert secret and len(secret) == 64
    for seat in (*game.seats, None):
        assert secret not in game.app.export(game.table, seat)
        assert secret not in msgspec.json.encode(game.app.view(game.table, seat)).decode()
