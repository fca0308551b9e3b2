"""A seat's export, view and visible entries give away nothing hidden (DESIGN "Log": a hidden
body is represented only by a hiding commitment; issue 7).

For every installed game, a stored game (SQLite in tmp_path) is played by bots and stopped
at four points (after the opening, a quarter and half of the way, and just before the
last action).  At each point, for each seat, the attacker of ``attacker.py`` holds that
seat's material and tries every value each hidden body can take (``guesses.py``, plus the
true body and all its one-field variations): it must recover nothing.  The test of the
test, that the same attacker does recover bodies from a log sealed the old way, is in
``test_secrecy_legacy.py``.
"""

from __future__ import annotations

import pytest
from attacker import Fingerprints, Known, attack, domains, with_truth
from guesses import GUESSERS
from tables import GAMES, PIGSTY_WRITER, REGISTRY, answer, count_actions, fix_table_key, holding, open_table, play

from referee import MEMORY, Referee, TableStore
from referee.log import canonical

HONEST = {
    "cashnguns": {
        "referee.ActionTaken",
        "cashnguns.PowerDealt",
        "cashnguns.BulletChosen",
        "cashnguns.TargetChosen",
        "cashnguns.NerveShown",
        "cashnguns.BulletDiscarded",
    },
    "pigsty": {"referee.ActionTaken", "pigsty.OrdersWritten"},
    "pimp": {"pimp.InfluenceBid"},
    "backhanding": {"backhanding.CardStolen"},
    "pornstar": {"pornstar.CardTaken"},
}
"""Hidden entry types whose every true body the guessers enumerate without being told it."""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_seat_recovers_a_hidden_body_at_any_point(name, tmp_path, monkeypatch):
    fix_table_key(monkeypatch)
    game = GAMES[name]
    total = count_actions(game)
    points = sorted({0, total // 4, total // 2, total - 1})
    attacked: list[tuple[int, str, int]] = []
    prints = Fingerprints(GUESSERS[name])

    with Referee(tmp_path / "tables.sqlite") as ref:

        def at_point(table: str, n: int) -> None:
            full = ref.entries(table)
            truth = {e.seq: e.event for e in full}
            # Told each true body (bots' Pigsty orders are longer than the grammar's bound).
            prints.guess = with_truth(GUESSERS[name], truth, domains(truth.values()))
            for seat in game.seats:
                seized = holding(ref, table, seat)
                hidden = sum(1 for e in seized.entries() if e.redacted)
                found = attack(seized, prints, truth)
                assert not found, f"{seat} learns hidden bodies after action {n}: {found}"
                attacked.append((n, seat, hidden))

        table = play(ref, game, points, at_point)
        assert ref.over(table)
        assert ref.audit.verify_table(table).ok

    assert {n for n, _, _ in attacked} == set(points)
    assert all(hidden > 0 for n, _, hidden in attacked if n > 0), "every seat was attacked on hidden entries"
    assert prints.tested > 1_000


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_guessers_enumerate_every_true_secret(name, monkeypatch):
    """The attacker's candidates (without being told the truth) contain every true body of
    the hidden types it models, so "recovers nothing" is not for want of trying."""
    fix_table_key(monkeypatch)
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as ref:
        table = open_table(ref, GAMES[name])
        while answer(ref, table):
            pass
        full = ref.entries(table)
    known = Known.read(full)  # reads only public entries (the opening, rounds, guns)
    checked = 0
    for entry in full:
        if entry.visible_to is None or entry.type not in HONEST[name]:
            continue
        if name == "pigsty" and entry.visible_to != [PIGSTY_WRITER]:
            continue  # bots write longer orders than the grammar's bound
        candidates = {canonical(body) for body in GUESSERS[name](entry, known)}
        assert canonical(entry.event) in candidates, f"entry {entry.seq} {entry.type} {entry.event} is outside the attacker's guesses"
        checked += 1
    assert checked >= {"pimp": 1, "backhanding": 1}.get(name, 8)
