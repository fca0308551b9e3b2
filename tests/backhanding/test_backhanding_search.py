"""The Backhanding ``search`` bot looks ahead in possible tables built from its seat's view alone.

Budgets are kept small here (a few playouts a choice): what is checked is that its answers
are legal, its games end and verify, that the tables it imagines show its seat exactly what
the real table shows, and that it cannot see what its seat cannot.  How much better it plays
is measured, not asserted (RULES.md, "Bots").
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

import referee
from referee import MEMORY, Referee, Registry, TableStore, lookahead
from referee.testing import fixed_key
from referee_backhanding import search
from referee_backhanding.bot import referee_bot_action

SEATS = ["Ada", "Bert", "Cleo"]


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "ROLLOUTS", 4)
    monkeypatch.setattr(search, "CANDIDATES", 3)


def _ask(view: dict[str, Any], seat: str, request: referee.Request, seed: int) -> dict[str, Any] | None:
    """The seat's bot, handed a detached copy of the view and request, as the kernel hands them."""
    mine = msgspec.convert(msgspec.to_builtins(request), referee.Request)
    return referee_bot_action(view=msgspec.convert(msgspec.to_builtins(view), dict), seat=seat, request=mine, rng=random.Random(seed))


def test_a_game_with_search_bots_ends_and_verifies(small_budget):
    """Every placement and play the search bot chooses is legal (the table accepts it), the
    game ends (2: after the third money counting) and its log verifies."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        seed = "search-game"
        table = app.open("backhanding", SEATS, options={"bots": "search,heuristic,search"}, seed=seed, key=fixed_key(seed))
        app.bots.play(table, SEATS)
        assert app.over(table)
        assert app.audit.verify_table(table).ok


@pytest.mark.parametrize("protector", ["recruiter", "defender"])
def test_a_possible_table_shows_the_seat_exactly_what_the_real_table_shows(protector):
    """At every placement and step of sealed plays (4.1, 4.2, 5.1, 5.2, 6.2) of a heuristic
    game, a possible table shows the asked seat the very view the real one does, with the
    same request open."""
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        seed = f"possible-{protector}"
        table = app.open("backhanding", [*SEATS, "Dino"], options={"protector": protector}, seed=seed, key=fixed_key(seed))
        rules = app.rules(table)
        steps = set()
        while not app.over(table):
            request = app.requests(table)[0]
            view = app.view(table, request.seat)
            if request.action in ("place", "play"):
                world = search.possible_table(rules, view, request.seat, request, random.Random(len(steps)))
                assert world is not None, request.id
                seen = lookahead.seat_view(rules, world[0], request.seat)
                assert seen["view"] == view["view"], request.id
                assert {k: seen[k] for k in ("round", "turn", "active", "phase", "waiting_for")} == {
                    k: view[k] for k in ("round", "turn", "active", "phase", "waiting_for")
                }
                assert request.id in {r.id for r in seen["requests"]}
                steps.add(view["phase"])
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
        assert steps == {"macking", "macking plays", "backhanding", "backhanding plays", "money counting"}


def _first_placement(draw: str) -> tuple[dict[str, Any], referee.Request]:
    """Ada's view and request at her first placement, Bert dealt ``draw`` among his Draw cards."""
    deal = {
        "Ada": ["gold-tooth-1", "gold-tooth-2", "pimp-cup-1", "brass-knuckles-1", "brass-knuckles-2"],
        "Bert": [draw, "gold-tooth-3", "pimp-cup-2", "brass-knuckles-3", "brass-knuckles-4"],
        "Cleo": ["gold-tooth-4", "gold-tooth-5", "pimp-cup-3", "brass-knuckles-5", "brass-knuckles-6"],
    }
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open(
            "backhanding",
            SEATS,
            options={"bots": "search,heuristic,heuristic"},
            seed="hidden-card",
            key=fixed_key("hidden-card"),
            table_id="hidden-card",
            deal=deal,
        )
        while True:
            request = app.requests(table)[0]
            if request.seat == "Ada" and request.action == "place":
                return app.view(table, "Ada"), request
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)


def test_the_search_bot_answers_alike_whatever_another_seat_holds_hidden(small_budget):
    """Noninterference: two tables alike in everything but one Draw card in Bert's hand
    (Fresh Threads or a Pimp Cane) give Ada the same view, and her search bot, on the same
    generator, the same placement."""
    (one, asked), (other, _) = _first_placement("fresh-threads-1"), _first_placement("pimp-cane-1")
    assert one == other
    assert [_ask(one, "Ada", asked, seed) for seed in range(4)] == [_ask(other, "Ada", asked, seed) for seed in range(4)]
