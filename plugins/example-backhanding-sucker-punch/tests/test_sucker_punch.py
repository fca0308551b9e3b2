"""Sucker Punch's own tests, run against the installed distribution with ``referee.testing`` only.

Install the card (``pip install ".[test]"``) and run ``python -m pytest tests``.  Rule and
ruling numbers are the README's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee import Registry
from referee.testing import check_bot_games, check_export_round_trip, check_refused_without, check_scenarios, check_views_leak_nothing
from referee_backhanding import DirtyTrick
from referee_example_backhanding_sucker_punch.plugin import COPIES, NAME, TEXT, TITLE, effect, targets

SEATS = ["Ann", "Bob", "Cy"]
DICE_TRICKS = ("loaded-dice", "crooked-cop")
"""The game's tricks that change the dice too: left out where the dice are counted."""
DEFAULTS = [e.name for e in Registry().extensions_of("backhanding") if e.default]
WITH_CARD = [*DEFAULTS, NAME]
DICE_COUNTED = [name for name in WITH_CARD if name not in DICE_TRICKS]
PUNCH = f"backhanding.{NAME}.PunchThrown"


def _entries(log: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.splitlines()]


def test_discovery_offers_the_card_off_by_default_under_this_distribution(referee_app):
    game = next(g for g in referee_app().plugins.games()["games"] if g["name"] == "backhanding")
    card = next(e for e in game["extensions"] if e["name"] == NAME)
    assert (card["kind"], card["default"], card["distribution"]) == ("dirty trick", False, "referee-example-backhanding-sucker-punch")


def test_rule_1_two_copies_join_the_draw_deck_where_the_card_is_at_the_table(referee_app):
    app = referee_app()
    table = app.open("backhanding", SEATS, extensions=WITH_CARD, seed="dealt")
    (laid,) = [e for e in app.entries(table) if e.type == "backhanding.CardsLaid"]
    ours = [c for c in laid.event["cards"] if c.get("effect") == NAME]
    assert [(c["name"], c["kind"], c["deck"], c["text"]) for c in ours] == [(TITLE, "trick", "draw", TEXT)] * COPIES
    without = app.open("backhanding", SEATS, seed="not-dealt")
    (laid,) = [e for e in app.entries(without) if e.type == "backhanding.CardsLaid"]
    assert not [c for c in laid.event["cards"] if c.get("effect") == NAME]


@pytest.fixture(scope="module")
def logs() -> list[list[dict[str, Any]]]:
    """Bot games with Sucker Punch and no other trick changing the dice: they end, verify and replay."""
    return [_entries(log) for log in check_bot_games("backhanding", SEATS, extensions=DICE_COUNTED, games=3)]


def test_rule_1_it_is_offered_in_the_backhanding_plays_only(logs):
    offered = [e for entries in logs for e in entries if e["type"] == "backhanding.PlaysOffered"]
    with_card = [e for e in offered if any(card.startswith(NAME) for card in e["event"]["targets"])]
    assert with_card, "a bot held Sucker Punch when plays were offered"
    assert {e["rule"] for e in with_card} == {"backhanding 5.2"}


def test_rule_2_and_3_the_player_rolls_one_more_die_in_that_fight(logs):
    """Each PunchThrown cites rule 2, and in the fight's next roll its player rolls one die
    more for each Sucker Punch played there, keeping the highest."""
    thrown = 0
    for entries in logs:
        punches: dict[tuple[str, str], int] = {}
        for entry in entries:
            if entry["type"] == PUNCH:
                assert (entry["rule"], entry["plugin"]) == (f"backhanding.{NAME} 2", f"backhanding.{NAME}")
                key = (entry["event"]["ho"], entry["event"]["seat"])
                punches[key] = punches.get(key, 0) + 1
                thrown += 1
            elif entry["type"] == "backhanding.ContestRolled" and entry["event"]["phase"] == "backhanding":
                for seat, roll in entry["event"]["rolls"].items():
                    assert len(roll["dice"]) == 1 + punches.get((entry["event"]["ho"], seat), 0), entry
                    assert roll["die"] == max(roll["dice"])
            elif entry["type"] == "backhanding.PhaseCleared":
                punches = {}
    assert thrown > 0, "the bots threw a Sucker Punch at least once"


def test_ruling_1_without_a_fight_of_the_players_there_is_no_target(referee_app):
    """Before any pimp is placed there is no fight, so nowhere to throw the punch."""
    app = referee_app()
    table = app.open("backhanding", SEATS, extensions=WITH_CARD, seed="quiet")
    state = app.state(table)
    assert targets(state, "Ann", "backhanding") == []


def test_a_broken_declaration_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match=r"'sucker-punch': its steps are 'showdown': some of macking, backhanding, count"):
        DirtyTrick(name=NAME, title=TITLE, text=TEXT, steps=("showdown",), targets=targets, effect=effect)
    with pytest.raises(ValueError, match=r"give its effect\(decision, seat, target\)"):
        DirtyTrick(name=NAME, title=TITLE, text=TEXT, targets=targets)


def test_views_leak_nothing_with_the_card_in_the_draw_deck():
    assert check_views_leak_nothing("backhanding", SEATS[:2], extensions=WITH_CARD, games=1) > 0


def test_exports_round_trip():
    check_export_round_trip("backhanding", SEATS, extensions=WITH_CARD)


def test_a_log_with_it_is_refused_where_it_is_not_installed():
    assert NAME in check_refused_without(NAME, "backhanding", SEATS, extensions=WITH_CARD)


def test_the_worked_examples_hold_except_the_one_about_the_whole_draw_deck():
    """Its two copies join the Draw deck.  The game's worked examples deal their cards by
    name (a scenario's ``[deal]``), so each holds, except the one whose subject is the Draw
    deck running out: it is declared changed, and must fail with the card."""
    changed = {
        "backhanding-defender-wins-ties-loser-to-temporary-pile": "money counting empties the Draw deck in the example "
        "(ruling R11); with two more cards in it, Bob draws one"
    }
    check_scenarios("backhanding", [NAME], expected_changes=changed)


def test_the_command_line_plays_with_it(referee_cli):
    played = referee_cli("play", "backhanding", "--bots", "3", "--seed", "cli", "--extensions", ",".join(WITH_CARD), "--quiet")
    assert played.code == 0, played.err


def test_balance_facts_the_game_counts_the_card_as_it_counts_its_own_tricks(referee_app):
    """Rule 1 for a balance measure: The Backhanding says of every Dirty Trick, this one
    too, who got it (held) and each time it is played (used), by its title; the card adds nothing."""
    from referee import Held, Used
    from referee.testing import fixed_key

    app = referee_app()
    played, facts = [], []
    for n in range(3):
        table = app.open("backhanding", SEATS, extensions=WITH_CARD, seed=f"facts-{n}", key=fixed_key(f"sucker-punch facts {n}"))
        app.bots.play(table, SEATS)
        played += [
            seat
            for e in app.entries(table)
            if e.type == "backhanding.PlaysRevealed"
            for seat, plays in e.event["plays"].items()
            for card in plays
            if card.startswith(NAME)
        ]
        facts += [f for f in app.facts(table) if f.name == TITLE]
    assert played, "a bot played Sucker Punch"
    assert [f for f in facts if isinstance(f, Used)] == [Used(seat, "dirty trick", TITLE) for seat in played]
    assert {Held(seat, "dirty trick", TITLE) for seat in played} <= set(facts)
