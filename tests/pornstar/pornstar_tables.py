"""Stacked PornStar tables for the rule tests: a chosen deck and scripted dice.

The first random draw of a table is the deck's shuffle; ``stacked`` turns the hands and
the cards on top of the deck a test wants into that shuffle's outcome, so a test states
its example in cards and dice, not in permutations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee import Referee
from referee_pornstar.data import STANDARD
from referee_pornstar.state import PornStar

IDS = STANDARD.card_ids()


def stacked(hands: Sequence[Sequence[str]], top: Sequence[str] = ()) -> list[int]:
    """The shuffle outcome dealing ``hands`` (in seat order, five each), then ``top`` on the
    deck (less any card a hand already holds)."""
    dealt = [c for hand in hands for c in hand]
    wanted = dealt + [c for c in top if c not in dealt]
    assert len(set(wanted)) == len(wanted), "a card stacked twice"
    rest = [c for c in IDS if c not in wanted]
    return [IDS.index(c) for c in [*wanted, *rest]]


def open_stacked(
    app: Referee,
    seats: Sequence[str],
    hands: Sequence[Sequence[str]],
    *,
    top: Sequence[str] = (),
    dice: Sequence[int] = (),
    options: dict[str, Any] | None = None,
    extensions: Sequence[str] | None = None,
) -> str:
    return app.open("pornstar", list(seats), options=options, extensions=extensions, script=[stacked(hands, top), *dice], seed="stacked")


def game(app: Referee, table: str) -> PornStar:
    found: PornStar = app.state(table).game
    return found


def asked(app: Referee, table: str) -> tuple[str, str]:
    """The seat and action of the first open request."""
    request = app.requests(table)[0]
    return request.seat, request.action


def answer(app: Referee, table: str, seat: str, action: str, args: dict[str, Any] | None = None) -> list[Any]:
    requests = [r for r in app.requests(table) if r.seat == seat and r.action == action]
    assert requests, f"{seat} is not asked for {action}: {[(r.seat, r.action) for r in app.requests(table)]}"
    return app.act(table, seat, action, args or {}, request=requests[0].id)


def events(app: Referee, table: str, since: int = 0, kind: str | None = None) -> list[Any]:
    """The decoded events after entry ``since`` (of one type tag, if given)."""
    rules = app.rules(table)
    found = []
    for entry in app.entries(table)[since:]:
        if kind is None or entry.type == kind:
            found.append(rules.decode(entry))
    return found


def place_all(app: Referee, table: str) -> None:
    """The opening: every seat asked to place puts no Star down (free placing declined)."""
    while app.requests(table) and app.requests(table)[0].action in ("place", "mulligan"):
        request = app.requests(table)[0]
        args = {"stars": []} if request.action == "place" else {"mulligan": False}
        app.act(table, request.seat, request.action, args, request=request.id)
