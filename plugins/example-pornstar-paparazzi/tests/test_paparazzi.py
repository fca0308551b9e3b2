"""Paparazzi's own tests, run against the installed distribution with ``referee.testing`` only.

Install the card (``pip install ".[test]"``) and run ``python -m pytest tests``.  Rule and
ruling numbers are the README's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import referee.audit
from referee import IllegalAction, RefereeError, Registry
from referee.testing import (
    check_bot_games,
    check_export_round_trip,
    check_refused_without,
    check_scenarios,
    check_views_leak_nothing,
)
from referee_example_pornstar_paparazzi.plugin import COPIES, NAME, PRICE, RULES, TITLE, refused
from referee_pornstar import PlayCard
from referee_pornstar.data import STANDARD

SEATS = ["Ann", "Bob"]
TEN = [e.name for e in Registry().extensions_of("pornstar") if e.default]
"""The game's ten Play cards, on by default: Paparazzi joins them."""
WITH_CARD = [*TEN, NAME]
IDS = [*STANDARD.card_ids(), *COPIES]
"""The card list at a table with the card: the game's own, then its two copies."""
HANDS = [["PZ1", "S04", "S19", "F03", "F20"], ["S05", "F08", "F10", "F01", "F02"]]
"""Ann holds Paparazzi and two Stars; Bob holds Lance Sterling (S05), whom he puts in play."""


def stacked(hands: list[list[str]]) -> list[int]:
    """The deck's shuffle (a table's first random draw) that deals ``hands``, five each."""
    dealt = [c for hand in hands for c in hand]
    return [IDS.index(c) for c in [*dealt, *(c for c in IDS if c not in dealt)]]


def answer(app: Any, table: str, seat: str, action: str, args: dict[str, Any]) -> None:
    (request,) = [r for r in app.requests(table) if r.seat == seat and r.action == action]
    app.act(table, seat, action, args, request=request.id)


def aimed(app: Any) -> str:
    """Bob puts Lance Sterling in play at the opening; on her first turn Ann hires her two
    Stars, Bob proposes no deal, and Ann chooses to play Paparazzi: she is asked what to
    play it on."""
    table = app.open("pornstar", SEATS, extensions=WITH_CARD, script=[stacked(HANDS)], seed="paparazzi")
    answer(app, table, "Ann", "place", {"stars": []})
    answer(app, table, "Bob", "place", {"stars": ["S05"]})
    answer(app, table, "Ann", "draw", {"extra": 0})
    answer(app, table, "Ann", "hire", {"stars": ["S04", "S19"]})
    answer(app, table, "Bob", "deal", {})  # Deals "at any time": Bob proposes none
    answer(app, table, "Ann", "production", {"do": "play-card", "card": "PZ1"})
    return table


def money(app: Any, table: str) -> dict[str, int]:
    return {seat: studio["money"] for seat, studio in app.view(table, None)["view"]["studios"].items()}


def test_discovery_offers_the_card_off_by_default_under_this_distribution(referee_app):
    game = next(g for g in referee_app().plugins.games()["games"] if g["name"] == "pornstar")
    card = next(e for e in game["extensions"] if e["name"] == NAME)
    assert (card["kind"], card["default"], card["distribution"]) == ("card", False, "referee-example-pornstar-paparazzi")


def test_rule_1_two_copies_are_dealt_where_the_card_is_at_the_table(referee_app):
    app = referee_app()
    with_card = app.open("pornstar", SEATS, extensions=WITH_CARD, seed="dealt")
    (listed,) = [e for e in app.entries(with_card) if e.type == "pornstar.CardsListed"]
    assert [p for p in listed.event["tables"]["plays"] if p["kind"] == NAME] == [{"id": c, "kind": NAME} for c in COPIES]
    without = app.open("pornstar", SEATS, seed="not-dealt")
    (listed,) = [e for e in app.entries(without) if e.type == "pornstar.CardsListed"]
    assert not [p for p in listed.event["tables"]["plays"] if p["kind"] == NAME]


def test_rule_1_the_card_shows_its_title_type_and_rules_text(referee_app):
    """A player reads the card from its declaration: in the prompt and in the hand."""
    app = referee_app()
    table = aimed(app)
    (request,) = app.requests(table)
    assert request.action == "aim" and RULES.text in request.prompt and f"play {TITLE} (1st)" in request.prompt
    shown = app.view(table, "Ann")["view"]["cards"]["PZ1"]
    assert (shown["title"], shown["card_type"], shown["text"]) == (TITLE, "Event", RULES.text)


def test_rule_2_the_stars_studio_pays_the_player_for_the_negatives(referee_app):
    app = referee_app()
    table = aimed(app)
    (request,) = app.requests(table)
    assert [o.value for o in request.answer["target"].options] == ["S05"], "only a Star of another studio"
    before = money(app, table)
    answer(app, table, "Ann", "aim", {"target": "S05"})
    (bought,) = [e for e in app.entries(table) if e.type == "pornstar.paparazzi.NegativesBought"]
    assert (bought.event["seat"], bought.event["to"], bought.event["paid"], bought.rule) == ("Bob", "Ann", PRICE, "pornstar.paparazzi 2")
    after = money(app, table)
    assert (after["Ann"] - before["Ann"], before["Bob"] - after["Bob"]) == (PRICE, PRICE)
    rules = app.rules(table)
    to_bob = referee.audit.describe(rules, rules.decode(bought), reader="Bob")
    assert to_bob == f"You pay Ann ${PRICE} for the photos of Lance Sterling"
    played = next(e for e in app.entries(table) if e.type == "pornstar.PlayCardPlayed")
    assert played.event["title"] == TITLE
    assert app.audit.verify_table(table).ok


def test_rule_3_it_is_refused_on_a_star_of_your_own_in_the_players_words(referee_app):
    app = referee_app()
    table = aimed(app)
    before = len(app.entries(table))
    with pytest.raises((IllegalAction, RefereeError), match=r"is not offered \(Lance Sterling"):
        answer(app, table, "Ann", "aim", {"target": "S04"})
    assert len(app.entries(table)) == before
    assert refused(app.state(table), "Ann", "S04") == f"{TITLE} is played on a Star of another studio"
    assert refused(app.state(table), "Ann", "S05") is None


def test_a_broken_declaration_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match=r"'paparazzi': .*card_type is 'Scandal': one of Event, Enhancement, Special"):
        PlayCard(name=NAME, title=TITLE, card_type="Scandal", rules=RULES)
    with pytest.raises(ValueError, match=r"give its rules: PlayRules"):
        PlayCard(name=NAME, title=TITLE, card_type="Event")


@pytest.fixture(scope="module")
def logs() -> list[list[dict[str, Any]]]:
    """Bot games with Paparazzi among the ten: they end, verify and replay."""
    played = check_bot_games("pornstar", ["Ann", "Bob", "Cy"], extensions=WITH_CARD, options={"bots": "random"}, games=3)
    return [[json.loads(line) for line in log.splitlines()] for log in played]


def test_bots_play_it_and_never_take_more_than_the_price_or_the_studios_money(logs):
    bought = [e for entries in logs for e in entries if e["type"] == "pornstar.paparazzi.NegativesBought"]
    assert bought, "the bots played Paparazzi at least once"
    assert all(0 < e["event"]["paid"] <= PRICE and e["event"]["seat"] != e["event"]["to"] for e in bought)


def test_views_leak_nothing_with_the_card_in_the_deck():
    assert check_views_leak_nothing("pornstar", SEATS, extensions=WITH_CARD, options={"round_limit": 1, "bots": "random"}, games=1) > 0


def test_exports_round_trip():
    check_export_round_trip("pornstar", SEATS, extensions=WITH_CARD)


def test_a_log_with_it_is_refused_where_it_is_not_installed():
    assert "paparazzi" in check_refused_without(NAME, "pornstar", SEATS, extensions=WITH_CARD)


def test_the_worked_examples_hold_with_its_copies_in_the_deck():
    """Its two copies join the deck; the game's worked examples deal their cards by name
    (a scenario's ``[deal]``), so none of them changes: each must pass with the card."""
    check_scenarios("pornstar", [NAME])


def test_the_command_line_plays_with_it(referee_cli):
    played = referee_cli("play", "pornstar", "--bots", "2", "--seed", "cli", "--extensions", ",".join(WITH_CARD), "--quiet")
    assert played.code == 0, played.err


def test_balance_facts_the_game_counts_the_card_as_it_counts_its_own_ten(referee_app):
    """Rule 2 for a balance measure: PornStar says of every Play card, this one too, who got
    it (held) and each time it is played (used), by its title; the card adds nothing."""
    from referee import Held, Used

    app = referee_app()
    table = aimed(app)
    answer(app, table, "Ann", "aim", {"target": "S05"})
    facts = [f for f in app.facts(table) if f.name == TITLE]
    assert facts == [Held("Ann", "play card", TITLE), Used("Ann", "play card", TITLE)]
