"""A throwaway game for testing the noninterference check itself: each seat in turn hides
one of its cards (a sealed answer), then confirms it (a second request).  The table
option ``leak`` puts back one of the leaks 0.2 had:

* ``"none"``: nothing leaks; the check must find nothing.
* ``"id"``: the confirmation's request id names the hidden card, and its answer is not
  sealed, so every seat's log shows the id (0.2's PornStar ``t<turn>.shoot.<Film>``, L1).
* ``"rule"``: the confirmation's rule names the hidden card: a hidden entry whose header
  depends on the hidden answer (0.2's PornStar production, L2).
* ``"probe"``: the confirmation's id names the card, its answer sealed: nothing in the log
  shows it, so only a server that answers another seat's id differently from an unknown
  one tells the worlds apart (0.2's web server, L3).
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import GAMESMASTER, Action, Decision, Event, Flag, Game, Option, Pick, Rounds, TableState, Turns, hookimpl

CARDS = ("ace", "king", "queen")
ROUNDS = 2


class CardHidden(Event, tag="drawer.CardHidden"):
    seat: str
    card: str


class Options(msgspec.Struct, forbid_unknown_fields=True):
    leak: str = "none"


class Drawer(msgspec.Struct):
    hidden: dict[str, str] = {}


def _evolve(state: TableState, event: Event) -> None:
    if isinstance(event, CardHidden):
        state.game.hidden[event.seat] = event.card


def _ask_hide(decision: Decision) -> None:
    seat = decision.flow.seat or ""
    decision.request(seat, "hide", "Hide one of your cards", answer={"card": Pick(tuple(Option(c, c) for c in CARDS))}, sealed=True)


def _following(decision: Decision, seat: str) -> str | None:
    seats = decision.seats
    index = seats.index(seat)
    return seats[index + 1] if index + 1 < len(seats) else None


def _end(decision: Decision) -> None:
    if decision.flow.round >= ROUNDS:
        decision.end_game([], "every seat has hidden its cards")


class DrawerGame:
    """The game's hooks (an object, so a test registers it without installing anything)."""

    @hookimpl
    def referee_games(self) -> list[Game]:
        return [
            Game(
                name="drawer",
                title="Drawer",
                plugin=self,
                options=Options,
                events=[CardHidden],
                initial_state=lambda opened: Drawer(),
                evolve=_evolve,
                flow=Rounds(turns=Turns(first=lambda d: d.seats[0], following=_following, begin=_ask_hide), ends=_end),
            )
        ]

    @hookimpl
    def referee_decide(self, decision: Decision, action: Action) -> bool | None:
        if action.seat == GAMESMASTER:
            return None
        if action.action == "hide":
            card = action.args["card"]
            decision.emit(CardHidden(seat=action.seat, card=card), rule="drawer 1", visible_to=[action.seat])
            leak = decision.options["leak"]
            request_id = f"r{decision.flow.round}.confirm.{card}.{action.seat}" if leak in ("id", "probe") else None
            decision.request(
                action.seat,
                "confirm",
                "Confirm the card you hid",
                answer={"sure": Flag()},
                id=request_id,
                sealed=leak == "probe",
                rule=f"drawer 2 ({card})" if leak == "rule" else "drawer 2",
            )
            return True
        if action.action == "confirm":
            return True
        return None

    @hookimpl
    def referee_view(self, state: TableState, seat: str | None) -> dict[str, Any]:
        return {"hidden": {s: c for s, c in state.game.hidden.items() if s == seat}}
