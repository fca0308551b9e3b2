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


OUT_OF_TURN = ("deal", "reply")
"""What the other studios are asked whatever they hold: a deal before each production
(Wheelin' and Dealin') and a reply to each Film put up (Play cards in reply)."""


def pass_out_of_turn(app: Referee, table: str, but: tuple[str, str] | None = None) -> None:
    """Every open ``deal`` or ``reply`` question answered with nothing (no deal, let it
    roll), except ``but`` (seat, action): a rule test about something else states only its
    example's own steps.  The tests of those two rules answer them by hand."""
    while True:
        passing = [r for r in app.requests(table) if r.action in OUT_OF_TURN and (r.seat, r.action) != but]
        if not passing:
            return
        app.act(table, passing[0].seat, passing[0].action, {}, request=passing[0].id)


def asked(app: Referee, table: str) -> tuple[str, str]:
    """The seat and action of the first open request, once the out-of-turn questions are passed."""
    pass_out_of_turn(app, table)
    request = app.requests(table)[0]
    return request.seat, request.action


def answer(app: Referee, table: str, seat: str, action: str, args: dict[str, Any] | None = None) -> list[Any]:
    if action not in OUT_OF_TURN:
        pass_out_of_turn(app, table)
    requests = [r for r in app.requests(table) if r.seat == seat and r.action == action]
    assert requests, f"{seat} is not asked for {action}: {[(r.seat, r.action) for r in app.requests(table)]}"
    entries = app.act(table, seat, action, args or {}, request=requests[0].id)
    if action not in OUT_OF_TURN:
        pass_out_of_turn(app, table)
    return entries


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
