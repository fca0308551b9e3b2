"""PornStar passes the author's kit (``referee.testing``): bot games of every kind end,
verify and replay as they were played; exports round-trip; logs are refused where the
game or a card is missing; no view shows another seat's hidden bodies."""

from __future__ import annotations

import json

import pytest

from referee import MEMORY, Referee, Registry, TableStore
from referee.testing import check_bot_games, check_export_round_trip, check_refused_without, check_scenarios, check_views_leak_nothing

SEATS = ["Ann", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize("bots", ["heuristic", "random", "heuristic,random,random,heuristic"])
def test_bot_games_end_verify_and_replay(bots):
    logs = check_bot_games("pornstar", SEATS, options={"bots": bots}, games=2)
    assert all('"pornstar.ScoresCounted"' in log for log in logs)


def test_two_and_six_studios_play_to_the_end():
    check_bot_games("pornstar", ["Ann", "Bob"], games=1)
    check_bot_games("pornstar", ["A1", "B2", "C3", "D4", "E5", "F6"], games=1)


def test_the_basic_game_without_play_cards_plays_to_the_end():
    """A table without the card plugins deals the Play cards but cannot play them."""
    logs = check_bot_games("pornstar", SEATS, extensions=[], games=1)
    assert '"pornstar.PlayCardPlayed"' not in logs[0]


def test_exports_round_trip():
    check_export_round_trip("pornstar", SEATS)


def test_a_pornstar_log_is_refused_where_pornstar_is_not_installed():
    check_refused_without("pornstar", "pornstar", SEATS)


def test_a_log_with_a_play_card_is_refused_where_its_plugin_is_missing():
    check_refused_without("double-shift", "pornstar", SEATS)


def test_no_view_or_export_shows_another_seats_hidden_bodies():
    # The check re-reads every seat's export after every action: short games keep it quick.
    options = {"round_limit": 1, "bots": "heuristic,random"}
    assert check_views_leak_nothing("pornstar", SEATS[:2], options=options, games=1) > 0


def test_no_seat_is_shown_another_studios_hand_or_the_deck_order():
    """The card ids a seat's view names are its own hand and the cards face up, never
    another hand's or the deck's (the kit's check cannot see this: every id is public in
    the card list)."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("pornstar", SEATS, seed="hands", options={"bots": "heuristic,random,random,heuristic"})
        steps = 0
        while not app.over(table):
            game = app.state(table).game
            if steps % 7 == 0:
                face_up = set(game.discard) | set(game.films) | set(game.lasting) | {lot.star for lot in game.lots}
                face_up |= {s for st in game.studios.values() for s in st.stable}
                if game.auction is not None:
                    face_up.add(game.auction.star)
                if game.put_up is not None:  # "New Films are played face-up for all to see", before the roll
                    face_up.add(game.put_up.film)
                for seat in [*SEATS, None]:
                    own = set(game.studios[seat].hand) if seat else set()
                    if game.deal is not None and seat in (game.deal.proposer, game.deal.party):
                        own |= set(game.deal.give)
                    view = app.view(table, seat)
                    named = set(view["view"]["cards"]) | set(view["view"]["hand"])
                    assert named <= face_up | own, f"{seat} is shown {sorted(named - face_up - own)}"
                    text = json.dumps(view)
                    for other in SEATS:
                        if other != seat:
                            assert not any(f'"{c}"' in text for c in game.studios[other].hand if c not in face_up | own)
                    assert not any(f'"{c}"' in text for c in game.deck)
            request = app.requests(table)[0]
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
            steps += 1


def test_the_scenario_suite_passes():
    """The rulebook's $50 Film, as scenario files a house rule can re-run."""
    results = check_scenarios("pornstar")
    assert len(results) == 2
