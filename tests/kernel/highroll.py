"""A throwaway game for kernel tests: sealed bids, then dice.

Every seat secretly bids 0-3 chips; when all bids are in they are revealed, each
seat rolls a die, and the highest bid + die wins (ties broken by lot).  A house rule
may change the die through the game's own hook ``highroll_die_sides``.
"""

from __future__ import annotations

import sys
from typing import Any

import msgspec

import referee
from referee import Choice, Decision, Event, Game, IllegalAction, hookimpl, hookspec


class Options(msgspec.Struct):
    max_bid: int = 3


class BidMade(Event, tag="highroll.BidMade"):
    seat: str
    chips: int


class BidsRevealed(Event, tag="highroll.BidsRevealed"):
    bids: dict[str, int]


class DieRolled(Event, tag="highroll.DieRolled"):
    seat: str
    die: int


class Specs:
    @hookspec(firstresult=True)
    def highroll_die_sides(self) -> int | None:
        """Faces of the die every seat rolls; the first non-None result wins."""


class State(msgspec.Struct):
    bids: dict[str, int] = {}
    revealed: bool = False
    scores: dict[str, int] = {}


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(name="highroll", title="High Roll", plugin=sys.modules[__name__], min_seats=2, max_seats=6, options=Options, hookspecs=[Specs])
    ]


@hookimpl
def referee_event_types() -> list[type[Event]]:
    return [BidMade, BidsRevealed, DieRolled]


@hookimpl
def referee_initial_state(opened: referee.TableOpened) -> State:
    return State()


@hookimpl
def referee_evolve(state: referee.TableState, event: Event) -> None:
    game: State = state.game
    match event:
        case BidMade():
            game.bids[event.seat] = event.chips
        case BidsRevealed():
            game.revealed = True
        case DieRolled():
            game.scores[event.seat] = game.bids[event.seat] + event.die


@hookimpl
def referee_setup(decision: Decision) -> bool:
    decision.begin_round()
    choices = [Choice(label=f"bid {n}", args={"chips": n}) for n in range(decision.options["max_bid"] + 1)]
    for seat in decision.seats:
        decision.request(seat, "bid", "How many chips do you bid?", choices=choices, sealed=True)
    return True


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    if action.action != "bid" or action.seat == referee.GAMESMASTER:
        return None
    chips = action.args.get("chips")
    if not isinstance(chips, int):
        raise IllegalAction("a bid needs a whole number of chips", "highroll 1")
    decision.emit(BidMade(seat=action.seat, chips=chips), rule="1", visible_to=[action.seat])
    if decision.flow.requests:
        return True
    game: State = decision.game
    decision.emit(BidsRevealed(bids=dict(game.bids)), rule="2")
    sides = decision.rules.hook.highroll_die_sides() or 6
    for seat in decision.seats:
        decision.emit(DieRolled(seat=seat, die=decision.roll(sides, purpose=f"{seat}'s die")), rule="2")
    best = max(game.scores.values())
    leaders = [s for s in decision.seats if game.scores[s] == best]
    winner = leaders[0] if len(leaders) == 1 else decision.pick(leaders, purpose="tie")
    decision.end_game([winner], "highest bid + die", rule="3")
    return True


@hookimpl
def referee_view(state: referee.TableState, seat: str | None) -> dict[str, Any]:
    game: State = state.game
    bids = dict(game.bids) if game.revealed or state.over else {s: b for s, b in game.bids.items() if s == seat}
    return {"bids": bids, "scores": dict(game.scores)}


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: Any) -> dict[str, Any] | None:
    if request.action == "bid" and request.choices:
        return dict(request.choices[-1].args)
    return None
