"""The PornStar bots mix with their keyed generator (issue 21, L4; docs/security.md,
"What a seat can infer about bots").

A seat sees what a bot sees and can run the bot's code: where the heuristic studio's
choice is not forced, two different generators on the same view and request must often
disagree, and where it is forced (one legal answer) they must agree.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

import referee
from referee import MEMORY, Amount, Pick, Referee, Registry, Subset, TableStore
from referee.testing import fixed_key
from referee_pornstar.bot import referee_bot_action

SEATS = ["Ann", "Bob", "Cy", "Dee"]


def decision_points(seed: str) -> list[tuple[dict[str, Any], str, referee.Request]]:
    """Every request of one heuristic bot game, with the view its seat had when asked."""
    points = []
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("pornstar", SEATS, seed=seed, key=fixed_key(seed), options={"bots": "heuristic"})
        while not app.over(table):
            request = app.requests(table)[0]
            points.append((app.view(table, request.seat), request.seat, request))
            app.act(table, request.seat, request.action, app.bots.answer(table, request), request=request.id)
    return points


def forced(request: referee.Request) -> bool:
    """Whether the request's shape allows one answer only."""
    for shape in (request.answer or {}).values():
        if shape.optional:
            return False
        one = (
            (isinstance(shape, Pick) and len(shape.options) == 1)
            or (isinstance(shape, Subset) and len(shape.options) == shape.min)
            or (isinstance(shape, Amount) and shape.max == shape.min)
        )
        if not one:
            return False
    return True


def ask(view: dict[str, Any], seat: str, request: referee.Request, seed: int) -> dict[str, Any] | None:
    detached = msgspec.convert(msgspec.to_builtins(request), referee.Request)
    return referee_bot_action(view=msgspec.convert(msgspec.to_builtins(view), dict), seat=seat, request=detached, rng=random.Random(seed))


@pytest.fixture(scope="module")
def points() -> list[tuple[int, dict[str, Any], str, referee.Request]]:
    # A fresh pair of generators at every point (2i, 2i + 1), as the table's key gives.
    return [(i, *point) for i, point in enumerate(decision_points("mixing-1") + decision_points("mixing-2"))]


@pytest.mark.parametrize(
    ("action", "share"),
    # Most production requests come when nothing is left worth doing: ending it is then
    # the clear best, so fewer of them differ.
    [("production", 1 / 10), ("shoot", 1 / 5), ("draw", 1 / 5), ("bid-for-star", 1 / 5), ("maintenance", 1 / 5), ("aim", 1 / 5)],
)
def test_a_seat_cannot_reproduce_the_heuristic_studios_free_choices(points, action, share):
    """Production, casting and advertising, extra cards, auction bids, maintenance and
    Play-card targets: a share of them come out otherwise under another generator (the
    unmixed bot: none)."""
    mine = [(i, v, s, r) for i, v, s, r in points if r.action == action and not forced(r)]
    differ = sum(ask(v, s, r, 2 * i) != ask(v, s, r, 2 * i + 1) for i, v, s, r in mine)
    assert len(mine) >= 5
    assert differ >= share * len(mine), f"{action}: {differ} of {len(mine)} differ"


def test_a_forced_choice_is_the_same_whatever_the_generator(points):
    """A request with one legal answer (hiring the only Stars there are, a lone target) gets it."""
    only = [(i, v, s, r) for i, v, s, r in points if forced(r)]
    assert len(only) >= 5
    for i, view, seat, request in only:
        assert ask(view, seat, request, 2 * i) == ask(view, seat, request, 2 * i + 1), request.action
