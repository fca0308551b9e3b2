"""Heavy Shame's own tests, run against the installed distribution with ``referee.testing`` only.

Install it (``pip install ".[test]"``) and run ``python -m pytest tests``.  Rule and ruling
numbers are the README's.
"""

from __future__ import annotations

import json
from pathlib import Path

import referee_example_cashnguns_heavy_shame
from referee.testing import (
    check_bot_games,
    check_export_round_trip,
    check_refused_without,
    check_scenarios,
    check_views_leak_nothing,
)
from referee_example_cashnguns_heavy_shame.plugin import NAME, PENALTY

SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
OWN_SCENARIOS = sorted((Path(referee_example_cashnguns_heavy_shame.__file__).parent / "scenarios").glob("*.toml"))


def test_discovery_offers_the_house_rule_off_by_default(referee_app):
    game = next(g for g in referee_app().plugins.games()["games"] if g["name"] == "cashnguns")
    rule = next(e for e in game["extensions"] if e["name"] == NAME)
    assert (rule["kind"], rule["default"], rule["distribution"]) == ("house rule", False, "referee-example-cashnguns-heavy-shame")


def test_rule_1_every_shame_token_costs_10000_at_the_end():
    """Bot games with the ten powers: each count is notes - $10,000 a token + the powers' bonus."""
    logs = check_bot_games("cashnguns", SEATS, extensions=["all"], games=3)
    shamed = 0
    for log in logs:
        counts = [json.loads(line) for line in log.splitlines() if '"cashnguns.MoneyCounted"' in line]
        assert len(counts) == len(SEATS)
        for entry in counts:
            c = entry["event"]
            assert c["total"] == c["notes"] - PENALTY * c["shame"] + c["bonus"], c
            shamed += c["shame"]
    assert shamed > 0, "some gangster backed down in these games"


def test_ruling_1_a_table_without_it_counts_5000_a_token(referee_app):
    app = referee_app()
    table = app.open("cashnguns", SEATS, extensions=[], seed="no-house-rule")
    app.bots.play(table, SEATS)
    for entry in app.entries(table):
        if entry.type == "cashnguns.MoneyCounted":
            c = entry.event
            assert c["total"] == c["notes"] - 5000 * c["shame"] + c["bonus"]


def test_rule_1_the_final_standings_show_what_the_shame_cost(referee_app):
    """The game's standings break each total down; with the rule, a token costs $10,000 there too."""
    from referee.words import money

    app = referee_app()
    table = app.open("cashnguns", SEATS, extensions=[NAME], seed="standings")
    app.bots.play(table, SEATS)
    tokens = {g["name"]: g["shame"] for g in app.view(table, None)["view"]["gangsters"]}
    assert any(tokens.values()), "some gangster backed down in this game"
    for place in app.present(table, None).standings:
        cost = {s.label: s.value for s in place.breakdown}.get(
            f"Shame ({tokens[place.seat]} token{'' if tokens[place.seat] == 1 else 's'})"
        )
        assert cost == (money(-PENALTY * tokens[place.seat]) if tokens[place.seat] else None), place


def test_exports_round_trip():
    check_export_round_trip("cashnguns", SEATS, extensions=[NAME])


def test_views_leak_nothing_with_it_and_the_ten_powers():
    """The rule hides nothing of its own; at a table with it every secret power, bullet card
    and nerve card stays with its gangster."""
    assert check_views_leak_nothing("cashnguns", SEATS, extensions=["all"]) > 0


def test_a_log_with_it_is_refused_where_it_is_not_installed():
    assert "cashnguns.heavy-shame" in check_refused_without(NAME, "cashnguns", SEATS, extensions=[NAME])


def test_the_worked_examples_hold_except_the_count_it_changes():
    results = check_scenarios(
        "cashnguns",
        [NAME],
        expected_changes={"power-8-super-coward": "B's one shame token costs $10,000: B counts $0, not $5,000"},
    )
    failures = "\n".join(results["power-8-super-coward"].failures)
    assert "MoneyCounted" in failures


def test_its_own_worked_example_passes(referee_app):
    """Rule 1 and ruling 2 with their own numbers (scenarios/rule-1-heavy-shame-with-super-coward.toml)."""
    assert OWN_SCENARIOS
    for result in referee_app().plugins.run_scenarios([str(path) for path in OWN_SCENARIOS]):
        assert result.ok, result.summary()


def test_the_command_line_plays_and_runs_the_worked_example(referee_cli):
    played = referee_cli("play", "cashnguns", "--bots", "4", "--seed", "cli", "--extensions", NAME, "--quiet")
    assert played.code == 0, played.err
    ran = referee_cli("scenario", "run", *map(str, OWN_SCENARIOS))
    assert ran.code == 0, ran.out + ran.err


def test_balance_facts_each_gangster_paying_for_shame_is_a_use_of_the_rule(referee_app):
    """Rule 1 for a balance measure: one use of Heavy Shame for each gangster whose shame
    tokens cost him at the count, and none for one without a token."""
    from referee import Used
    from referee.testing import fixed_key

    app = referee_app()
    shamed, facts = [], []
    for n in range(3):
        table = app.open("cashnguns", SEATS, extensions=[NAME], seed=f"facts-{n}", key=fixed_key(f"heavy-shame facts {n}"))
        app.bots.play(table, SEATS)
        tokens = {g["name"]: g["shame"] for g in app.view(table, None)["view"]["gangsters"]}
        shamed += [seat for seat in SEATS if tokens[seat]]
        facts += app.facts(table)
    assert 0 < len(shamed) < 3 * len(SEATS), "some gangsters backed down, not all"
    assert facts == [Used(seat, "house rule", "Heavy Shame") for seat in shamed]
