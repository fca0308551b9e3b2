"""The balance lab end to end through its API (issue 25): facts said by a game's
``referee_balance_facts`` become figures, a house rule with a real effect is flagged, and the
same seed gives the same results on one worker or two."""

from __future__ import annotations

import json

from lab_rules import KINGMAKER, LUCKY

from referee_balance import Engine, Setup, measure
from referee_balance.report import document

SEATS = ("Ann", "Bob", "Cat")
PLUGINS = (KINGMAKER, LUCKY)


def test_facts_a_game_says_become_holders_win_shares_and_usage() -> None:
    measured = measure(("lucky", Setup("pigsty", SEATS, ("+lucky",))), 6, plugins=PLUGINS)
    summary, records = measured.base.summary, measured.base.records
    lucky, plain = (next(t for t in summary.held if t.name == name) for name in ("Lucky", "Plain"))
    assert (lucky.kind, lucky.wins.share.n, plain.wins.share.n) == ("power", 6, 12)
    assert lucky.wins.share.value == sum(r.winners.get("Ann", 0.0) for r in records) / 6
    # Ann uses Lucky at each of her actions: a third of every game's orders.
    assert lucky.uses.value == sum(r.taken["orders"] for r in records) / 3 / 6
    assert (lucky.used.value, plain.used.value) == (1.0, 0.0)
    assert summary.uses["card: Weather"].value == summary.rounds.value


def test_a_house_rule_that_crowns_the_first_seat_is_flagged_against_none() -> None:
    measured = measure(
        ("without", Setup("pigsty", SEATS)),
        10,
        against=("with the Kingmaker", Setup("pigsty", SEATS, ("+kingmaker",))),
        plugins=PLUGINS,
    )
    rows = {d.figure: d for d in measured.differences}
    assert measured.against is not None and measured.against.summary.seats[0].share.value == 1.0
    assert rows["win share: Ann"].significant and rows["win share: Ann"].difference.value > 0
    assert rows["win share: Bob"].significant and rows["win share: Bob"].difference.value < 0
    assert rows["rounds per game"].significant


def test_the_same_games_twice_differ_in_nothing() -> None:
    setup = Setup("pigsty", SEATS)
    measured = measure(("base", setup), 8, against=("again", setup))
    assert measured.base.records == measured.against.records
    assert not any(d.significant for d in measured.differences)


def test_the_same_seed_gives_the_same_results_on_one_worker_and_two() -> None:
    base = ("without", Setup("pigsty", SEATS, ("+lucky",)))
    against = ("with", Setup("pigsty", SEATS, ("+lucky", "+palace-tithe")))
    one = measure(base, 12, against=against, plugins=(LUCKY,), engine=Engine(1))
    two = measure(base, 12, against=against, plugins=(LUCKY,), engine=Engine(2))
    assert json.dumps(document(one, (LUCKY,))) == json.dumps(document(two, (LUCKY,)))
    other_seed = measure((base[0], Setup("pigsty", SEATS, ("+lucky",), seed="other")), 12, plugins=(LUCKY,))
    assert other_seed.base.records != one.base.records
