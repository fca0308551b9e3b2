"""The Backhanding bots mix with their keyed generator (issue 21, L4; docs/security.md,
"What a seat can infer about bots").

A seat sees what a bot sees and can run the bot's code: where the heuristic's choice is
not forced, two different generators on the same view and request must often disagree,
and where it is forced they must agree.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

import referee
from referee import MEMORY, Option, Pick, Referee, Registry, TableStore
from referee.testing import fixed_key
from referee_backhanding.bot import referee_bot_action
from referee_backhanding.rounds import PASS

SEATS = ["Ada", "Bert", "Cleo", "Dino"]


def decision_points(seed: str) -> list[tuple[dict[str, Any], str, referee.Request]]:
    """Every request of one heuristic bot game, with the view its seat had when asked."""
    points = []
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("backhanding", SEATS, seed=seed, key=fixed_key(seed), options={"bots": "heuristic"})
        while not app.over(table):
            request = app.requests(table)[0]
            points.append((app.view(table, request.seat), request.seat, request))
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    return points


def ask(view: dict[str, Any], seat: str, request: referee.Request, seed: int) -> dict[str, Any] | None:
    detached = msgspec.convert(msgspec.to_builtins(request), referee.Request)
    return referee_bot_action(view=msgspec.convert(msgspec.to_builtins(view), dict), seat=seat, request=detached, rng=random.Random(seed))


@pytest.fixture(scope="module")
def points() -> list[tuple[dict[str, Any], str, referee.Request]]:
    return decision_points("mixing-1") + decision_points("mixing-2")


def test_a_seat_cannot_reproduce_the_heuristic_bots_free_choices(points):
    """Placements (rounds, macking and backhanding) and Draw cards played: a third or
    more come out otherwise under another generator (the unmixed bot: none)."""
    for action in ("place", "play"):
        mine = [(v, s, r) for v, s, r in points if r.action == action]
        # A fresh pair of generators at every point, as the table's key gives.
        differ = sum(ask(v, s, r, 2 * i) != ask(v, s, r, 2 * i + 1) for i, (v, s, r) in enumerate(mine))
        assert len(mine) >= 20
        assert differ >= len(mine) / 3, f"{action}: {differ} of {len(mine)} differ"


def test_a_forced_placement_is_the_same_whatever_the_generator(points):
    """Ruling R2: a seat whose only option is to pass passes, whatever the generator."""
    for i, (view, seat, request) in enumerate(points):
        if request.action != "place":
            continue
        fields = dict(request.answer or {})
        fields["pimp"] = Pick((Option(PASS),))
        forced = msgspec.structs.replace(request, answer=fields)
        assert ask(view, seat, forced, 2 * i) == ask(view, seat, forced, 2 * i + 1) == {"pimp": PASS}
