"""A throwaway game that grows long logs cheaply, for long-table tests and benchmarks.

Every seat is always asked to ``mark``; a mark adds one to that seat's tally (one event
per action, as any game's decision would) and asks again.  The game never ends on its
own: ``stop`` (by any seat) ends it with the highest tally winning.  Nothing is hidden and
nothing is random, so a table of any length costs only the kernel's own work per entry.
"""

from __future__ import annotations

import sys
from typing import Any

import msgspec

import referee
from referee import Choice, Decision, Event, Game, hookimpl


class MarkMade(Event, tag="tally.MarkMade"):
    seat: str
    total: int


class State(msgspec.Struct):
    totals: dict[str, int] = {}


MARK = [Choice(label="mark", args={}), Choice(label="mark and stop", args={"stop": True})]


@hookimpl
def referee_games() -> list[Game]:
    return [Game(name="tally", title="Tally", plugin=sys.modules[__name__], min_seats=1, max_seats=10)]


@hookimpl
def referee_event_types() -> list[type[Event]]:
    return [MarkMade]


@hookimpl
def referee_initial_state(opened: referee.TableOpened) -> State:
    return State(totals=dict.fromkeys(opened.seats, 0))


@hookimpl
def referee_evolve(state: referee.TableState, event: Event) -> None:
    if isinstance(event, MarkMade):
        state.game.totals[event.seat] = event.total


@hookimpl
def referee_setup(decision: Decision) -> bool:
    decision.begin_round()
    for seat in decision.seats:
        decision.request(seat, "mark", "Mark one more?", choices=MARK)
    return True


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    if action.action != "mark" or action.seat == referee.GAMESMASTER:
        return None
    game: State = decision.game
    decision.emit(MarkMade(seat=action.seat, total=game.totals[action.seat] + 1), rule="1")
    if action.args.get("stop"):
        best = max(game.totals.values())
        decision.end_game([s for s in decision.seats if game.totals[s] == best], "a seat stopped the tally", rule="2")
    else:
        decision.request(action.seat, "mark", "Mark one more?", choices=MARK)
    return True


@hookimpl
def referee_view(state: referee.TableState, seat: str | None) -> dict[str, Any]:
    return {"totals": dict(state.game.totals)}


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: Any) -> dict[str, Any] | None:
    return {} if request.action == "mark" else None
