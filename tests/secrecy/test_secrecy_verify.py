"""After the game, ``verify`` checks every commitment and catches an edited hidden body
(DESIGN "One scheme that keeps both promises"); during the game a seat checks its own
hidden bodies against their commitments (issue 7: "A seat's own hidden entries stay
checkable by that seat during the game").
"""

from __future__ import annotations

import msgspec
import pytest
from attacker import domains, variations
from forging import reseal, revealed_key
from tables import GAMES, REGISTRY, answer, fix_table_key, open_table

from referee import Referee, verify
from referee.log import dump_jsonl


def finished(tmp_path, name: str) -> tuple[Referee, str]:
    ref = Referee(tmp_path / "tables.sqlite")
    table = open_table(ref, GAMES[name])
    while answer(ref, table):
        pass
    return ref, table


def edited(body: dict, domain: dict) -> dict:
    """``body`` with one value changed (or, where no value of the game fits, one field added)."""
    return next((v for v in variations(body, domain) if v != body), {**body, "edited": True})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_edited_hidden_body_of_a_finished_game_is_refused(name, tmp_path, monkeypatch):
    """Every type of hidden entry: one body edited, its old commitment kept: refused, naming it."""
    fix_table_key(monkeypatch)
    ref, table = finished(tmp_path, name)
    with ref:
        full = ref.entries(table)
        assert ref.audit.verify_table(table).ok
        assert verify(REGISTRY, full).ok, "the stored log verifies on its own, with the key it reveals"
        domain = domains(e.event for e in full)
        firsts = {}
        for e in full:
            if e.visible_to is not None:
                firsts.setdefault(e.type, e)
        assert len(firsts) >= 3
        for e in firsts.values():
            forged = list(full)
            forged[e.seq - 1] = msgspec.structs.replace(e, event=edited(e.event, domain))
            verdict = verify(REGISTRY, forged)
            assert not verdict.ok and verdict.bad_seq == e.seq, f"{e.type} edited: {verdict.message}"
            assert "edited after it was recorded" in verdict.message


def test_a_forger_who_reseals_the_whole_log_is_caught_by_re_deciding(tmp_path, monkeypatch):
    """After the reveal anyone can recompute every commitment (tests/forging.py); a loaded
    bullet card changed and the chain re-sealed is still caught: it no longer follows from
    the gangster's recorded answer."""
    fix_table_key(monkeypatch)
    ref, table = finished(tmp_path, "cashnguns")
    with ref:
        full = ref.entries(table)
    target = next(e for e in full if e.type == "cashnguns.BulletChosen")
    other = "click" if target.event["card"] != "click" else "bang"
    forged = reseal(full, revealed_key(full), lambda e: {**e.event, "card": other} if e.seq == target.seq else e.event)
    verdict = verify(REGISTRY, forged)
    assert not verdict.ok and verdict.bad_seq == target.seq
    assert "does not follow from the rules" in verdict.message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_checks_its_own_hidden_bodies_during_the_game(name, tmp_path, monkeypatch):
    fix_table_key(monkeypatch)
    with Referee(tmp_path / "tables.sqlite") as ref:
        table = open_table(ref, GAMES[name])
        for _ in range(5):
            assert answer(ref, table)
        assert not ref.over(table)
        for seat in GAMES[name].seats:
            export = ref.audit.load_log(ref.export(table, seat))
            verdict = verify(REGISTRY, export)
            assert verdict.ok and "hidden in this seat's export" in verdict.message
            own = [e for e in export if e.visible_to == [seat]]
            assert own and all(e.key for e in own), f"{seat} holds the key of each of its own hidden bodies"
            domain = domains(e.event for e in ref.entries(table))
            for e in own[:3]:
                forged = list(export)
                forged[e.seq - 1] = msgspec.structs.replace(e, event=edited(e.event, domain))
                verdict = verify(REGISTRY, ref.audit.load_log(dump_jsonl(forged)))
                assert not verdict.ok and verdict.bad_seq == e.seq


def test_a_seats_export_pins_the_log_against_a_later_rewrite(tmp_path, monkeypatch):
    """After the reveal a forger can re-seal any body and the whole chain (tests/forging.py).
    A seat that kept its export during the game holds the hash of every entry up to then,
    hidden ones included: the rewritten log disagrees with it at the entry changed."""
    fix_table_key(monkeypatch)
    with Referee(tmp_path / "tables.sqlite") as ref:
        table = open_table(ref, GAMES["cashnguns"])
        for _ in range(10):
            assert answer(ref, table)
        kept = ref.audit.load_log(ref.export(table, "Ada"))
        while answer(ref, table):
            pass
        full = ref.entries(table)
    assert [e.hash for e in kept] == [e.hash for e in full[: len(kept)]]
    target = next(e for e in kept if e.redacted and e.type == "cashnguns.BulletChosen")
    original = full[target.seq - 1].event
    forged = reseal(
        full,
        revealed_key(full),
        lambda e: {**original, "card": "click" if original["card"] != "click" else "bang"} if e.seq == target.seq else e.event,
    )
    differing = [mine.seq for mine, theirs in zip(kept, forged) if mine.hash != theirs.hash]
    assert differing and differing[0] == target.seq


def test_verify_notes_other_code_under_the_same_version(tmp_path, monkeypatch):
    """verify re-runs the installed code; a log recorded by other files under the same
    version (``PluginRecord.code``) is still checked, with a note saying so."""
    fix_table_key(monkeypatch)
    ref, table = finished(tmp_path, "pigsty")
    with ref:
        full = ref.entries(table)
    assert verify(REGISTRY, full).notes == []

    def other_code(e):
        if e.type != "referee.TableOpened":
            return e.event
        return {**e.event, "plugins": [{**p, "code": "0" * 64} for p in e.event["plugins"]]}

    verdict = verify(REGISTRY, reseal(full, revealed_key(full), other_code))
    assert verdict.ok
    assert any("is not the code that recorded this table" in note for note in verdict.notes), verdict.notes
