"""Pimp: The Backhanding as installed: bot games, logs, exports, secrecy of views, options, the command line."""

from __future__ import annotations

import json

import pytest

from referee import MEMORY, IllegalAction, Referee, RefereeError, Registry, TableStore
from referee.testing import (
    check_bot_games,
    check_export_round_trip,
    check_refused_without,
    check_scenarios,
    check_views_leak_nothing,
)

SEATS4 = ["Ada", "Bert", "Cleo", "Dino"]


@pytest.mark.parametrize("seats", [["Ada", "Bert"], SEATS4, ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"]])
def test_bot_games_end_verify_and_replay(seats):
    logs = check_bot_games("backhanding", seats, games=2)
    assert all('"referee.GameEnded"' in log for log in logs)


def test_random_bots_play_whole_games_too():
    check_bot_games("backhanding", SEATS4, options={"bots": "random"}, games=2)


def test_exports_round_trip():
    check_export_round_trip("backhanding", SEATS4)


def test_a_backhanding_log_is_refused_where_the_game_is_not_installed():
    assert "backhanding" in check_refused_without("backhanding", "backhanding", ["Ada", "Bert", "Cleo"])


@pytest.mark.parametrize("card", ["snitch", "bail-out", "the-fixer"])
def test_a_log_made_with_a_card_plugin_is_refused_without_it(card):
    assert f"backhanding.{card}" in check_refused_without(card, "backhanding", ["Ada", "Bert", "Cleo"])


def test_no_seat_sees_another_seats_hidden_bodies():
    assert check_views_leak_nothing("backhanding", ["Ada", "Bert"], games=1) > 0


def test_the_scenario_suite_passes():
    results = check_scenarios("backhanding")
    assert len(results) >= 5


def test_the_game_says_its_card_list_is_the_projects_own_design():
    game = Registry().game("backhanding")
    assert "project's own design" in game.summary
    with open(game.rules_document, encoding="utf-8") as rules:
        assert "project's own design" in rules.read()


def test_bad_options_are_refused_with_one_line_naming_the_problem():
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        with pytest.raises(RefereeError, match="no bot named 'clever'"):
            app.open("backhanding", ["Ada", "Bert"], options={"bots": "clever"})
        for path in ("no-such-file.toml", "/etc/passwd"):
            with pytest.raises(RefereeError, match="looks like a card file's path, and the game reads no files"):
                app.open("backhanding", ["Ada", "Bert"], options={"cards": path})
        bad = '[[pimps]]\nname = "Weak"\nmacking = 9\nbackhanding = 1\n'
        with pytest.raises(RefereeError, match="macking 9 is outside 0-6"):
            app.open("backhanding", ["Ada", "Bert"], options={"cards": bad})
        with pytest.raises(RefereeError, match="2-6 players"):
            app.open("backhanding", ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz", "Gus"])


def test_illegal_answers_are_refused_and_append_nothing():
    """backhanding 4.1: a placement needs a ho; one pimp per ho; only the asked seat answers."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", ["Ada", "Bert"], seed="illegal")
        request = app.requests(table)[0]
        assert request.action == "place"
        other = next(s for s in ("Ada", "Bert") if s != request.seat)
        before = len(app.entries(table))
        pimp = request.answer["pimp"].options[0].value
        with pytest.raises(IllegalAction, match="name the ho"):
            app.act(table, request.seat, "place", {"pimp": pimp})
        with pytest.raises(IllegalAction):
            app.act(table, other, "place", {"pimp": pimp})
        with pytest.raises(IllegalAction, match="not offered"):
            app.act(table, request.seat, "place", {"pimp": "nobody-at-all", "ho": "x"})
        assert len(app.entries(table)) == before


def test_the_command_line_plays_four_bots_to_the_end_and_verifies(referee_cli):
    played = referee_cli("play", "backhanding", "--bots", "4")
    assert played.code == 0, played.err
    assert "result:" in played.out
    verified = referee_cli("verify", "latest")
    assert verified.code == 0 and "OK" in verified.out
    listed = referee_cli("games")
    assert "Pimp: The Backhanding" in listed.out and "project's own design" in listed.out
    assert "dirty trick snitch" in listed.out and "ability enforcer" in listed.out


def test_each_seat_gets_its_bot_kind_from_the_option():
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", ["Ada", "Bert", "Cleo"], seed="kinds", options={"bots": "random,heuristic"})
        assert app.view(table, None)["view"]["bots"] == {"Ada": "random", "Bert": "heuristic", "Cleo": "heuristic"}
        table = app.open("backhanding", ["Ada", "Bert"], seed="kinds", options={"bots": {"Bert": "random"}})
        assert json.dumps(app.view(table, None)["view"]["bots"]) == '{"Ada": "heuristic", "Bert": "random"}'
