"""Palace Tithe's own tests, run against the installed distribution with ``referee.testing`` only.

Install it (``pip install ".[test]"``, which brings the Harvest Festival) and run
``python -m pytest tests``.  Rule and ruling numbers are the README's.
"""

from __future__ import annotations

import json
from pathlib import Path

import referee_example_pigsty_palace_tithe
from referee import GAMESMASTER
from referee.testing import (
    check_bot_games,
    check_export_round_trip,
    check_refused_without,
    check_scenarios,
    check_views_leak_nothing,
)
from referee_example_pigsty_palace_tithe.plugin import DISCOUNT, NAME

SEATS = ["Amy", "Bill", "Ted"]
BOTH = ["harvest-festival", NAME]
OWN_SCENARIOS = sorted((Path(referee_example_pigsty_palace_tithe.__file__).parent / "scenarios").glob("*.toml"))


def test_discovery_offers_the_house_rule_off_by_default(referee_app):
    game = next(g for g in referee_app().plugins.games()["games"] if g["name"] == "pigsty")
    rule = next(e for e in game["extensions"] if e["name"] == NAME)
    assert (rule["kind"], rule["default"], rule["distribution"]) == ("house rule", False, "referee-example-pigsty-palace-tithe")


def test_rules_1_and_2_worked_examples(referee_app):
    """scenarios/rule-1-twenty-pigs-off-the-palace.toml and rule-2-the-festival-pig-is-tithed.toml."""
    results = referee_app().plugins.run_scenarios([str(path) for path in OWN_SCENARIOS])
    assert len(results) == 2
    for result in results:
        assert result.ok, result.summary()


def test_rule_2_without_the_tithe_the_festival_pig_would_buy_the_palace(referee_app):
    """The counterpart of rule 2's worked example: at the price rule 1 alone gives (11), the
    Harvest Festival's Pig buys Amy a Palace in turn 6."""
    app = referee_app()
    table = app.open("pigsty", SEATS, extensions=["harvest-festival"], options={"palace_pigs": 31 - DISCOUNT}, seed="untithed")
    app.act(table, "Amy", "orders", {"text": "Y 1"})
    app.act(table, "Bill", "orders", {"text": ""})
    app.act(table, "Ted", "orders", {"text": ""})
    for _ in range(5):
        app.act(table, GAMESMASTER, "close")
    bought = [e.event for e in app.entries(table) if e.type == "pigsty.PalaceBought"]
    assert bought == [{"farmer": "Amy", "pigs": 11}]


def test_the_slot_counts_every_festival_pig_of_a_whole_game(referee_app):
    """Bot games with both house rules: the rule's own state matches the festivals in the log."""
    app = referee_app()
    table = app.open("pigsty", SEATS, extensions=BOTH, options={"turn_limit": 16}, seed="slot")
    app.bots.play(table, SEATS)
    handed_out = sum(len(e.event["farmers"]) for e in app.entries(table) if e.type == "harvest.HarvestShared")
    tithe = app.view(table, None)["view"]["palace_tithe"]
    assert tithe == {"festival_pigs": handed_out, "palace_pigs": 100 - DISCOUNT + handed_out}
    assert handed_out > 0, "some farmer was Honest at a festival"
    shown = app.present(table, None)
    (palace,) = [s for z in shown.zones if z.role == "board" for s in z.counters if s.label == "Palace"]
    assert palace.value == f"{tithe['palace_pigs']} Pigs", "the price drawn is the house rule's, not the rulebook's 100"
    assert f"{handed_out} festival Pigs tithed" in palace.hint


def test_bot_games_end_verify_and_replay_with_the_harvest_festival():
    logs = check_bot_games("pigsty", SEATS, extensions=BOTH, options={"turn_limit": 12}, games=3)
    assert any('"harvest.HarvestShared"' in log for log in logs)
    for log in logs:
        opened = json.loads(log.splitlines()[0])
        assert [p["name"] for p in opened["event"]["plugins"]] == ["pigsty", "pigsty.harvest-festival", "pigsty.palace-tithe"]


def test_exports_round_trip_with_the_slot():
    check_export_round_trip("pigsty", SEATS, extensions=BOTH, options={"turn_limit": 8})


def test_views_leak_nothing_with_the_slot():
    """The slot and the Palace's price are public; every farmer's orders stay sealed until
    all are in, with the tithe and the festival at the table."""
    assert check_views_leak_nothing("pigsty", SEATS, extensions=BOTH, options={"turn_limit": 8}) > 0


def test_a_log_with_it_is_refused_where_it_is_not_installed():
    assert "pigsty.palace-tithe" in check_refused_without(NAME, "pigsty", SEATS, extensions=BOTH, options={"turn_limit": 6})


def test_pigstys_worked_examples_still_hold_alone_and_with_the_festival():
    """No worked example of the game reaches a Palace, so neither rule changes one."""
    check_scenarios("pigsty", [NAME])
    check_scenarios("pigsty", BOTH)


def test_the_command_line_plays_with_both(referee_cli):
    played = referee_cli(
        "play", "pigsty", "--bots", "3", "--seed", "cli", "--option", "turn_limit=6", "--extensions", ",".join(BOTH), "--quiet"
    )
    assert played.code == 0, played.err
    ran = referee_cli("scenario", "run", *map(str, OWN_SCENARIOS))
    assert ran.code == 0, ran.out + ran.err


def test_balance_facts_a_palace_bought_below_the_tables_price_is_a_use_of_the_rule(referee_app):
    """Rule 1 for a balance measure: rule 1's worked example, where all three farmers buy a
    Palace at 10 Pigs that costs 30 at the table, is three uses of Palace Tithe."""
    from referee import Used

    app = referee_app()
    table = app.open("pigsty", SEATS, extensions=[NAME], options={"palace_pigs": 30}, seed="facts")
    app.act(table, GAMESMASTER, "close")
    assert [f for f in app.facts(table) if f.kind == "house rule"] == [Used(seat, "house rule", "Palace Tithe") for seat in SEATS]
