"""A throwaway game whose rules can ask the log for more than it takes: one action may emit
any number of events, or one event of any size (for the service's limits on an action)."""

from __future__ import annotations

import sys
from typing import Any

import referee
from referee import Choice, Decision, Event, Game, hookimpl
from referee.log import MAX_LINE_BYTES
from referee.service import MAX_ENTRIES_PER_ACTION

CHOICES = [
    Choice(label="one drop", args={"drops": 1}),
    Choice(label="a flood", args={"drops": MAX_ENTRIES_PER_ACTION}),
    Choice(label="one huge drop", args={"drops": 1, "size": MAX_LINE_BYTES}),
]


class DropFell(Event, tag="flood.DropFell"):
    seat: str
    water: str = ""


@hookimpl
def referee_games() -> list[Game]:
    return [Game(name="flood", title="Flood", plugin=sys.modules[__name__], min_seats=1, max_seats=4)]


@hookimpl
def referee_event_types() -> list[type[Event]]:
    return [DropFell]


@hookimpl
def referee_initial_state(opened: referee.TableOpened) -> dict[str, int]:
    return {}


@hookimpl
def referee_evolve(state: referee.TableState, event: Event) -> None:
    if isinstance(event, DropFell):
        state.game[event.seat] = state.game.get(event.seat, 0) + 1


@hookimpl
def referee_setup(decision: Decision) -> bool:
    decision.begin_round()
    for seat in decision.seats:
        decision.request(seat, "pour", "How much?", choices=CHOICES)
    return True


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    if action.action != "pour":
        return None
    for _ in range(action.args["drops"]):
        decision.emit(DropFell(seat=action.seat, water="~" * action.args.get("size", 0)), rule="1")
    decision.request(action.seat, "pour", "How much?", choices=CHOICES)
    return True


@hookimpl
def referee_view(state: referee.TableState, seat: str | None) -> dict[str, Any]:
    return {"drops": dict(state.game)}
