"""Street Cred's own tests, run against the installed distribution with ``referee.testing`` only.

Install the card (``pip install ".[test]"``) and run ``python -m pytest tests``.  Rule
numbers are the README's.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from referee import RefereeError, Registry
from referee.testing import (
    check_bot_games,
    check_export_round_trip,
    check_refused_without,
    check_scenarios,
    check_views_leak_nothing,
)
from referee_example_pimp_street_cred.plugin import DECK, EACH_DUES, ENTRY, NAME, ON_PLAY

SEATS = ["Ann", "Bob", "Cy"]
SIX = [e.name for e in Registry().extensions_of("pimp") if e.default]
"""The rulebook's six special cards, on by default: Street Cred joins them."""
WITH_CARD = [*SIX, NAME]
OPTIONS = {"decks": DECK.read_text(encoding="utf-8"), "turns": 6}


def _entries(log: str) -> list[dict]:
    return [json.loads(line) for line in log.splitlines()]


def test_discovery_offers_the_card_off_by_default_under_this_distribution(referee_app):
    pimp = next(g for g in referee_app().plugins.games()["games"] if g["name"] == "pimp")
    card = next(e for e in pimp["extensions"] if e["name"] == NAME)
    assert card["kind"] == "card"
    assert card["default"] is False, "a card from another distribution never joins a table unasked"
    assert card["distribution"] == "referee-example-pimp-street-cred"


def test_a_deck_holding_the_card_is_refused_where_the_card_is_not_at_the_table(referee_app):
    app = referee_app()
    with pytest.raises(RefereeError, match='unknown special card "street-cred"'):
        app.open("pimp", SEATS, options=OPTIONS, seed="no-card")


def test_a_deck_holding_the_card_is_dealt_where_the_card_is_at_the_table(referee_app):
    app = referee_app()
    table = app.open("pimp", SEATS, options=OPTIONS, extensions=WITH_CARD, seed="card")
    listed = [e for e in app.entries(table) if e.type == "pimp.DeckListed"]
    cards = [face for e in listed for face in e.event["cards"] if face.get("special") == NAME]
    assert len(cards) == 2 * len(SEATS), "two copies in every pimp's deck"
    assert {face["name"] for face in cards} == {"Street Cred"}, "the printed name comes from the data entry"


@pytest.fixture(scope="module")
def logs() -> list[list[dict]]:
    """Bot games with the card in every deck: they end, verify and replay (check_bot_games)."""
    return [_entries(log) for log in check_bot_games("pimp", SEATS, extensions=WITH_CARD, options=OPTIONS, games=3)]


def test_rule_1_playing_the_card_gains_2_influence_at_once(logs):
    played = 0
    for entries in logs:
        for number, entry in enumerate(entries):
            if entry["type"] == "pimp.SpecialPlayed" and entry["event"]["card"]["special"] == NAME:
                played += 1
                gained = entries[number + 1]
                assert gained["type"] == "pimp.InfluenceChanged"
                assert gained["event"]["pimp"] == entry["event"]["pimp"]
                assert gained["event"]["change"] == ON_PLAY
                assert gained["rule"] == "pimp.street-cred 1"
    assert played > 0, "the bots played Street Cred at least once"


def test_rule_2_every_copy_in_play_adds_1_to_pay_dues(logs):
    """Pay Dues gives 2 (a pimp with bitches in play) or 0, plus 1 per Street Cred face up."""
    counted = 0
    for entries in logs:
        face_up: Counter[str] = Counter()
        for entry in entries:
            if entry["type"] == "pimp.SpecialPlayed" and entry["event"]["card"]["special"] == NAME:
                face_up[entry["event"]["pimp"]] += 1
            elif entry["type"] == "pimp.InfluenceChanged" and entry["event"]["reason"] == "pay dues":
                pimp = entry["event"]["pimp"]
                assert entry["event"]["change"] - EACH_DUES * face_up[pimp] in (0, 2), entry
                counted += face_up[pimp] > 0
    assert counted > 0, "some Pay Dues phase came with Street Cred in play"


def test_views_leak_nothing_with_the_card_in_every_deck():
    """The card is public once played; until then it is a card in a hand or an edge slot,
    seen by its pimp alone.  (The game reads no files: the deck is given as its text.)"""
    options = {**OPTIONS, "decks": DECK.read_text()}
    assert check_views_leak_nothing("pimp", SEATS, extensions=WITH_CARD, options=options) > 0


def test_exports_round_trip():
    check_export_round_trip("pimp", SEATS, extensions=WITH_CARD, options={**OPTIONS, "turns": 3})


def test_a_log_with_the_card_is_refused_where_it_is_not_installed():
    message = check_refused_without(NAME, "pimp", SEATS, extensions=WITH_CARD, options={**OPTIONS, "turns": 2})
    assert "pimp.street-cred" in message


def test_pimps_worked_examples_still_hold_with_the_card_at_the_table():
    check_scenarios("pimp", [NAME])


def test_referee_check_accepts_the_deck_where_the_card_is_installed(referee_cli):
    result = referee_cli("check", "pimp", str(DECK))
    assert result.code == 0, result.out + result.err
    assert result.out.startswith("OK:")


def test_referee_check_still_refuses_a_special_card_nobody_declares(referee_cli, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(DECK.read_text(encoding="utf-8").replace('special = "street-cred"', 'special = "street-creed"'), encoding="utf-8")
    result = referee_cli("check", "pimp", str(deck))
    assert result.code == 1
    assert 'unknown special card "street-creed"' in result.out + result.err


def test_the_card_shows_its_own_rules_text_to_the_pimp_holding_it(referee_app):
    """A pimp reads what Street Cred does from its data entry, in hand and once played."""
    app = referee_app()
    table = app.open("pimp", SEATS, options=OPTIONS, extensions=WITH_CARD, seed="text", key="00" * 32)
    shown = 0
    while not app.state(table).over and shown < 6:
        for seat in SEATS:
            cards = [card for zone in app.present(table, seat).zones for card in zone.cards if card.name.startswith(ENTRY.name)]
            assert all(card.text == ENTRY.text for card in cards)
            shown += bool(cards)
        request = app.requests(table)[0]
        app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    assert shown >= 6, "Street Cred was seen in a hand or in play"


def test_balance_facts_the_game_counts_the_card_as_it_counts_its_own_six(referee_app):
    """Rule 1 for a balance measure: Pimp says of every special card, this one too, who drew
    it (held) and each time it is played (used), by its printed name; the card adds nothing."""
    from referee import Held, Used
    from referee.testing import fixed_key

    app = referee_app()
    table = app.open("pimp", SEATS, options=OPTIONS, extensions=WITH_CARD, seed="facts", key=fixed_key("street-cred facts"))
    app.bots.play(table, SEATS)
    played = [e.event["pimp"] for e in app.entries(table) if e.type == "pimp.SpecialPlayed" and e.event["card"]["special"] == NAME]
    facts = [f for f in app.facts(table) if f.name == ENTRY.name]
    assert played, "the bots played Street Cred"
    assert [f for f in facts if isinstance(f, Used)] == [Used(pimp, "special card", "Street Cred") for pimp in played]
    assert {Held(pimp, "special card", "Street Cred") for pimp in played} <= set(facts)
