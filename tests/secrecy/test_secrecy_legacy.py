"""The test of the test: the attacker of ``attacker.py`` does recover hidden bodies from a
log sealed the old way (issue 7: a redacted entry kept ``digest``, a plain SHA-256 of its
body), so its finding nothing in today's logs means something.

The same stored game, at the same point, for the same seat, is attacked twice: once as
Referee exports it today (hiding commitments), once re-sealed under the legacy scheme
(``digest`` in the header, ``referee.log._LEGACY_HEADER_FIELDS``; the kernel still reads
such logs, which ``check_chain`` confirms here).  The attacker is not told the true bodies:
it guesses from what is public only (``guesses.py``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import msgspec
import pytest
from attacker import Fingerprints, Holding, attack
from guesses import GUESSERS
from tables import GAMES, PIGSTY_WRITER, answer, fix_table_key, holding, open_table

from referee import Entry, Referee
from referee.log import _header_hash, canonical, check_chain, dump_jsonl, redact_for


def legacy(entries: Sequence[Entry]) -> list[Entry]:
    """``entries`` re-sealed as Referee 0.1 wrote them: a plain digest of each body."""
    sealed: list[Entry] = []
    prev = ""
    for e in entries:
        assert e.event is not None
        old = msgspec.structs.replace(e, commit="", key="", digest=hashlib.sha256(canonical(e.event)).hexdigest(), prev=prev, hash="")
        old = msgspec.structs.replace(old, hash=_header_hash(old))
        sealed.append(old)
        prev = old.hash
    assert check_chain(sealed) is None, "the re-sealed log is a well-formed legacy log"
    return sealed


def stopped(tmp_path, name: str, actions: int) -> tuple[Referee, str]:
    ref = Referee(tmp_path / "tables.sqlite")
    table = open_table(ref, GAMES[name])
    for _ in range(actions):
        assert answer(ref, table)
    assert not ref.over(table)
    return ref, table


@pytest.mark.parametrize(
    ("name", "actions", "seat", "secrets"),
    [
        # Round 2 of Cash'n'Guns: every other gangster's power, bullet cards, targets, nerves.
        ("cashnguns", 40, "Ada", {"cashnguns.PowerDealt", "cashnguns.BulletChosen", "cashnguns.TargetChosen", "cashnguns.NerveShown"}),
        # Turn 3 of Pigsty: the orders PIGSTY_WRITER wrote, as text and as parsed orders.
        ("pigsty", 7, "Ada", {"referee.ActionTaken", "pigsty.OrdersWritten"}),
    ],
)
def test_the_attacker_recovers_bodies_sealed_under_the_legacy_digest(tmp_path, monkeypatch, name, actions, seat, secrets):
    fix_table_key(monkeypatch)
    ref, table = stopped(tmp_path, name, actions)
    with ref:
        full = ref.entries(table)
        truth = {e.seq: e.event for e in full}

        old = Holding(seat=seat, export=dump_jsonl(redact_for(legacy(full), seat, game_over=False)))
        recovered = attack(old, Fingerprints(GUESSERS[name])).recovered
        assert recovered, "the attacker must break the legacy scheme"
        assert all(body == truth[seq] for seq, body in recovered.items()), "every recovered body is the true one"
        assert secrets <= {full[seq - 1].type for seq in recovered}
        assert all(seat not in (full[seq - 1].visible_to or [seat]) for seq in recovered)
        if name == "cashnguns":
            powers = {body["gangster"]: body["power"] for seq, body in recovered.items() if full[seq - 1].type == "cashnguns.PowerDealt"}
            assert set(powers) == set(GAMES[name].seats) - {seat}
        if name == "pigsty":
            texts = [body["args"]["text"] for body in recovered.values() if body.get("seat") == PIGSTY_WRITER]
            assert texts, "the writer's order text is recovered"

        # The same attacker, same seat, same point, as Referee exports it today.
        now = attack(holding(ref, table, seat), Fingerprints(GUESSERS[name]), truth)
        assert not now, f"{seat} learns {now}"
