"""Ruling R3's other reading, as the table option ``protector = "defender"`` (issue 24).

Rulebook 5.1: "each player chooses a pimp not used in macking"; 4.1: "A pimp used in macking
cannot be used in backhanding"; 5.4: "the protecting pimp and any bonus cards played go to a
temporary discard pile".  Read with the player as the subject, the holder of an attacked ho
assigns her defender, a pimp not used in macking, each time she is attacked; the pimp who
recruited her stays in the clan.  RULES.md (R3) gives both readings' figures.
"""

from __future__ import annotations

import pytest

from referee import MEMORY, IllegalAction, Referee, Registry, TableStore
from referee.testing import check_noninterference, fixed_key

SEATS = ["Ada", "Bert", "Cleo"]
DEFENDER = {"protector": "defender", "bots": "heuristic,random"}


@pytest.fixture(scope="module")
def games():
    app = Referee(registry=Registry(), store=TableStore(MEMORY))
    tables = []
    for n in range(6):
        table = app.open("backhanding", SEATS, seed=f"defender-{n}", key=fixed_key(f"defender-{n}"), options=DEFENDER)
        app.bots.play(table, SEATS)
        tables.append(table)
    yield app, tables
    app.close()


def test_the_recruiter_stays_in_the_clan(games):
    """4.3 and ruling R3 (defender): a ho recruited has no protector of her own; her recruiter stays in the clan."""
    app, tables = games
    for table in tables:
        entries = app.entries(table)
        recruited = [e.event for e in entries if e.type == "backhanding.HoRecruited"]
        stays = [e.event for e in entries if e.type == "backhanding.RecruiterStays"]
        assert recruited and [(r["seat"], r["pimp"], r["ho"]) for r in recruited] == [(s["seat"], s["pimp"], s["ho"]) for s in stays]
        assert app.over(table) and app.audit.verify_table(table).ok


def test_each_attacked_ho_is_defended_by_the_pimp_her_holder_assigned_not_used_in_macking(games):
    """5.1, 5.3 and 4.1: "A pimp used in macking cannot be used in backhanding"; the defender
    rolls with the pimp revealed for her, or with none (her own backhanding value and the die)."""
    app, tables = games
    defended = alone = 0
    for table in tables:
        spent: set[str] = set()
        defenders: dict[str, str] = {}
        for e in app.entries(table):
            body = e.event or {}
            if e.type == "backhanding.FirstPlayerChosen":
                spent = set()
            elif e.type == "backhanding.PimpPlaced" and body["phase"] == "macking":
                spent.add(body["pimp"])
            elif e.type == "backhanding.DefendersRevealed":
                defenders = dict(body["defenders"])
                assert not set(defenders.values()) & spent, "a pimp used in macking defends"
                assert len(set(defenders.values())) == len(defenders), "a pimp defends one ho"
            elif e.type == "backhanding.ContestRolled" and body["phase"] == "backhanding":
                owner_roll = next(r for r in body["rolls"].values() if r["ho"] or r["pimp"] == defenders.get(body["ho"], ""))
                assert owner_roll["pimp"] == defenders.get(body["ho"], "")
                defended += bool(owner_roll["pimp"])
                alone += not owner_roll["pimp"]
    assert defended, "no ho was ever defended by an assigned pimp"


def test_a_pimp_defends_one_ho_only():
    """Ruling R3 (defender): the same pimp named for two hos is refused, and nothing is recorded."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        for n in range(30):
            table = app.open("backhanding", SEATS, seed=f"one-each-{n}", key=fixed_key(f"one-each-{n}"), options=DEFENDER)
            while not app.over(table):
                request = app.requests(table)[0]
                shape = (request.answer or {}).get("defend")
                if shape is not None and len(shape.items) >= 2 and shape.targets:
                    before = len(app.entries(table))
                    twice = {item.value: shape.targets[0].value for item in shape.items}
                    with pytest.raises(IllegalAction, match="a pimp defends one ho"):
                        app.act(table, request.seat, "play", {"plays": {}, "defend": twice}, request=request.id)
                    assert len(app.entries(table)) == before
                    return
                app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    pytest.fail("no holder had two hos attacked and a pimp to defend them in 30 games")


def test_the_defenders_chosen_stay_sealed_until_the_plays_are_revealed():
    """Ruling R9 with R3 (defender): the defenders are chosen with the sealed plays and shown with them."""
    found = check_noninterference("backhanding", tuple(SEATS), options=DEFENDER, actions=["play"], games=1, points=3, answers=4, steps=1)
    assert found.points >= 1


def test_an_unknown_reading_is_refused_when_the_table_opens():
    with (
        Referee(registry=Registry(), store=TableStore(MEMORY)) as app,
        pytest.raises(Exception, match='protector is "recruiter" or "defender"'),
    ):
        app.open("backhanding", SEATS, seed="x", options={"protector": "whoever"})
