"""`referee new --bots` (issue 24, loose ends): a table for play by orders with bot seats,
which answer theirs at once and after every `referee act`, until a person must answer."""

from __future__ import annotations

import json

from referee import Referee, TableStore


def _asked(db, table: str) -> list:
    with Referee(store=TableStore(db)) as app:
        return app.requests(table)


def test_new_with_bots_plays_the_bots_seats_up_to_a_persons_turn(cli, db) -> None:
    made = cli("new", "cashnguns", "--seats", "Ann", "--bots", "3", "--seed", "new-bots", "--json")
    assert made.code == 0, made.err
    table, bots = made.json()["table"], made.json()["bots"]
    assert len(bots) == 3 and "Ann" not in bots
    assert {r.seat for r in _asked(db, table)} == {"Ann"}  # the bots answered theirs


def test_after_a_persons_act_the_bots_answer_again_until_the_end(cli, db) -> None:
    table = cli("new", "nim", "--seats", "Ann", "--bots", "2", "--seed", "act-bots", "--json").json()["table"]
    for _ in range(60):
        asked = _asked(db, table)
        if not asked:
            break
        assert {r.seat for r in asked} == {"Ann"}, asked
        with Referee(store=TableStore(db)) as app:
            answer = app.bots.answer(table, asked[0])
        acted = cli("act", table, "Ann", asked[0].action, "--request", asked[0].id, "--args", json.dumps(answer))
        assert acted.code == 0, acted.err
    with Referee(store=TableStore(db)) as app:
        assert app.over(table) and app.audit.verify_table(table).ok


def test_without_people_new_refuses_bots_alone(cli) -> None:
    refused = cli("new", "pigsty", "--seats", " ", "--bots", "3")
    assert refused.code == 2 and "--seats" in refused.err
