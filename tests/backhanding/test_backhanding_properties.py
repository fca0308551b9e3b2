"""Pimp: The Backhanding's rules as invariants over random legal games (hypothesis).

Any number of players (2-6), any mix of random and heuristic bots, any seed: after every
action every card is in exactly one zone (nothing made, nothing lost: rules 1, 3, 5.4,
6.1), no seat's view holds a card of another seat's hand (rule 3: "the remaining Draw
cards are the player's hidden hand"), a clan holds at most 7 pimps whenever nobody is
being asked to discard (3.1), a pimp used in macking never fights in that round's
backhanding (4.1), and the game ends after round 3 with the money counted from the hos held.
"""

from __future__ import annotations

import json

from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import MEMORY, Referee, Registry, TableStore

REGISTRY = Registry()
NAMES = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz"]


def check_invariants(app: Referee, table: str) -> None:
    state = app.state(table)
    game = state.game
    everything = [card for _, cards in game.zones() for card in cards]
    assert sorted(everything) == sorted(game.cards), "every card is in exactly one zone"
    for seat in game.seats if not state.over else ():  # the end of the game shows every hand, by design
        shown = json.dumps(app.view(table, seat))
        for other in game.seats:
            if other != seat:
                for card in game.hands[other]:
                    assert f'"{card}"' not in shown, f"{seat} sees {other}'s card {card}"
        spectator = json.dumps(app.view(table, None))
        for card in game.hands[seat]:
            assert f'"{card}"' not in spectator
    if not any(r.action == "discard" for r in state.flow.requests.values()):
        assert all(len(clan) <= 7 for clan in game.clans.values())
    if state.flow.phase == "backhanding":
        for contest in game.contests.values():
            for pimp in contest.pimps.values():
                assert pimp not in game.spent, "a pimp used in macking attacked in backhanding"


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=6),
    kinds=st.lists(st.sampled_from(["random", "heuristic"]), min_size=6, max_size=6),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_cards_are_conserved_and_hands_stay_hidden_in_any_legal_game(players, kinds, seed):
    seats = NAMES[:players]
    with Referee(registry=REGISTRY, store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", seats, seed=str(seed), options={"bots": ",".join(kinds[:players])})
        check_invariants(app, table)
        for _ in range(3000):
            if app.over(table):
                break
            request = app.requests(table)[0]
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
            check_invariants(app, table)
        assert app.over(table)
        state = app.state(table)
        assert state.flow.round == 3
        assert {s.seat: s.score for s in state.result.standings} == _counted(app, table)
        assert set(state.result.winners) <= set(seats) and state.result.winners


def _counted(app: Referee, table: str) -> dict[str, int]:
    """The totals of the MoneyCounted entry, checked against its HoValued entries."""
    entries = app.entries(table)
    valued: dict[str, int] = {}
    totals: dict[str, int] = {}
    for entry in entries:
        if entry.type == "backhanding.HoValued":
            body = entry.event
            assert body["value"] == max(0, body["money"] + body["modifiers"] + body["bonus"])
            valued[body["seat"]] = valued.get(body["seat"], 0) + body["value"]
        elif entry.type == "backhanding.MoneyCounted":
            totals = dict(entry.event["totals"])
    assert all(totals[s] == valued.get(s, 0) for s in totals)
    return totals
