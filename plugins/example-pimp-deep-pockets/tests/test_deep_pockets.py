"""Deep Pockets' own tests, run against the installed distribution with ``referee.testing`` only.

Install it (``pip install ".[test]"``) and run ``python -m pytest tests``.  Rule and ruling
numbers are the README's.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from referee import Registry
from referee.testing import check_bot_games, check_export_round_trip, check_refused_without, check_scenarios, check_views_leak_nothing
from referee_example_pimp_deep_pockets.plugin import NAME

SEATS = ["Ann", "Bob", "Cy"]
OPTIONS = {"turns": 8}


def _slot_offers(log: str) -> list[tuple[int, int]]:
    """(slots offered, Posse cards the pimp had in play) for every edge slot request of a game."""
    posse: Counter[str] = Counter()
    offers = []
    for line in log.splitlines():
        entry = json.loads(line)
        event = entry["event"]
        if entry["type"] == "pimp.SpecialPlayed" and event["card"]["special"] == "posse":
            posse[event["pimp"]] += 1
        elif entry["type"] == "referee.RequestOpened" and event["request"]["action"] == "slot":
            offers.append((event["request"]["answer"]["slot"]["max"], posse[event["request"]["seat"]]))
    return offers


def test_discovery_offers_the_house_rule_off_by_default(referee_app):
    game = next(g for g in referee_app().plugins.games()["games"] if g["name"] == "pimp")
    rule = next(e for e in game["extensions"] if e["name"] == NAME)
    assert (rule["kind"], rule["default"], rule["distribution"]) == ("house rule", False, "referee-example-pimp-deep-pockets")


@pytest.fixture(scope="module")
def logs() -> list[str]:
    """Bot games with the six special cards and the house rule: they end, verify and replay."""
    six = [*("king-of-cool", "tame-shrink", "word-on-the-streets", "posse", "bitch-magnet", "charisma")]
    return check_bot_games("pimp", SEATS, extensions=[*six, NAME], options=OPTIONS, games=6)


def test_rule_1_every_pimp_has_4_edge_slots(logs):
    offers = [offer for log in logs for offer in _slot_offers(log)]
    plain = [slots for slots, posse in offers if not posse]
    assert plain and set(plain) == {4}


def test_ruling_1_with_posse_in_play_a_pimp_has_6(logs):
    with_posse = [slots for log in logs for slots, posse in _slot_offers(log) if posse]
    assert with_posse and set(with_posse) == {6}


def test_the_fourth_slot_is_used(logs):
    used = [json.loads(line)["event"]["slot"] for log in logs for line in log.splitlines() if '"pimp.EdgeSlotLooked"' in line]
    assert 4 in used


def test_without_it_a_pimp_has_3_edge_slots():
    (log,) = check_bot_games("pimp", SEATS, extensions=[], options=OPTIONS, games=1)
    assert {slots for slots, _ in _slot_offers(log)} == {3}


def test_views_leak_nothing_with_a_fourth_slot():
    """What lies in an edge slot, the fourth too, is seen by its pimp alone, as are hands."""
    six = [e.name for e in Registry().extensions_of("pimp") if e.default]
    assert check_views_leak_nothing("pimp", SEATS, extensions=[*six, NAME], options=OPTIONS) > 0


def test_exports_round_trip():
    check_export_round_trip("pimp", SEATS, extensions=[NAME], options={"turns": 3})


def test_a_log_with_it_is_refused_where_it_is_not_installed():
    assert "pimp.deep-pockets" in check_refused_without(NAME, "pimp", SEATS, options={"turns": 2})


def test_pimps_worked_examples_still_hold():
    """No worked example fills a third edge slot, so none changes."""
    check_scenarios("pimp", [NAME])


def test_the_command_line_plays_with_it(referee_cli):
    played = referee_cli("play", "pimp", "--bots", "3", "--seed", "cli", "--option", "turns=2", "--extensions", NAME, "--quiet")
    assert played.code == 0, played.err


def test_balance_facts_a_card_put_in_the_fourth_slot_is_a_use_of_the_rule(referee_app):
    """Rule 1 for a balance measure: each card put in the slot the rule adds (the 4th,
    without Posse) is one use of Deep Pockets, by the pimp who put it there."""
    from referee import Used
    from referee.testing import fixed_key

    app = referee_app()
    fourth = []
    facts = []
    for n in range(3):
        table = app.open("pimp", SEATS, extensions=[NAME], options=OPTIONS, seed=f"facts-{n}", key=fixed_key(f"deep-pockets facts {n}"))
        app.bots.play(table, SEATS)
        fourth += [e.event["pimp"] for e in app.entries(table) if e.type == "pimp.EdgeSlotLooked" and e.event["slot"] == 4]
        facts += app.facts(table)
    assert fourth, "some pimp filled a fourth slot"
    assert [f for f in facts if f.kind == "house rule"] == [Used(pimp, "house rule", "Deep Pockets") for pimp in fourth]
