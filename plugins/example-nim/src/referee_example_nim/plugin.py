"""Nim for Referee: every hook the game implements (RULES.md maps each rule here).

One module plays two parts: the ``referee`` entry point names it, so discovery calls
``referee_games`` and learns of the game ``nim`` (its events, first state and mutator
declared there); and, having offered the game, it is that game's plugin, so every table
of ``nim`` registers it and calls the rest.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Any

import msgspec

from referee import Action, Amount, Decision, Event, Game, IllegalAction, Option, Pick, Request, TableState, hookimpl
from referee.results import join_names, rank

from .events import EVENT_TYPES, CallsShown, HeapsLaid, StartCalled, StarterChosen, StonesTaken

__all__ = [
    "CALLS",
    "Nim",
    "Options",
    "best_take",
    "heap_names",
    "referee_bot_action",
    "referee_decide",
    "evolve",
    "referee_describe",
    "referee_games",
    "referee_render_view",
    "referee_setup",
    "referee_view",
]

HERE = Path(__file__).parent

CALLS = ("odd", "even")
"""What a player may call for the start die (2)."""


class Options(msgspec.Struct, forbid_unknown_fields=True):
    """Table options: how many heaps (1) and the most stones one turn takes (3)."""

    heaps: Annotated[int, msgspec.Meta(ge=1, le=5)] = 3
    max_take: Annotated[int, msgspec.Meta(ge=1, le=9)] = 3


class Nim(msgspec.Struct):
    """The game's state, changed only by ``referee_evolve``."""

    heaps: dict[str, int] = {}
    calls: dict[str, str] = {}
    """Every call made so far: the state holds secrets; ``referee_view`` filters them."""
    shown: bool = False
    starter: str = ""
    taken: dict[str, int] = {}


def heap_names(count: int) -> list[str]:
    """Heaps are named A, B, C, ... in the order they were laid out."""
    return [chr(ord("A") + i) for i in range(count)]


def best_take(heaps: dict[str, int], max_take: int) -> tuple[str, int]:
    """A winning take where there is one, else one stone from the largest heap.

    With at most ``max_take`` stones a turn, a heap of ``n`` is worth ``n mod (max_take+1)``
    (its Grundy value); the player to move loses against best play exactly when these
    values XOR to 0, so take what makes them do.
    """
    worth = {name: n % (max_take + 1) for name, n in heaps.items()}
    total = 0
    for value in worth.values():
        total ^= value
    if total:
        for name, value in worth.items():
            if value ^ total < value:
                return name, value - (value ^ total)
    name = max(heaps, key=lambda h: heaps[h])
    return name, 1


# --- Discovery --------------------------------------------------------------------------


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="nim",
            title="Nim",
            min_seats=2,
            max_seats=4,
            summary="Call odd or even for the first turn, then take 1-3 stones from a heap; whoever takes the last stone wins.",
            options=Options,
            rules_document=str(HERE / "RULES.md"),
            scenarios=str(HERE / "scenarios"),
            events=EVENT_TYPES,
            initial_state=lambda opened: Nim(),
            evolve=evolve,
        )
    ]


# --- State: fold ------------------------------------------------------------------------


def evolve(state: TableState, event: Event) -> None:
    """The mutator: fold one event into ``state.game`` (the only place a Nim changes)."""
    nim: Nim = state.game
    match event:
        case HeapsLaid():
            nim.heaps = dict(zip(heap_names(len(event.heaps)), event.heaps, strict=True))
        case StartCalled():
            nim.calls[event.seat] = event.call
        case CallsShown():
            nim.shown = True
        case StarterChosen():
            nim.starter = event.seat
        case StonesTaken():
            nim.heaps[event.heap] = event.left
            nim.taken[event.seat] = nim.taken.get(event.seat, 0) + event.stones


# --- Deciding ---------------------------------------------------------------------------


@hookimpl
def referee_setup(decision: Decision) -> bool:
    decision.begin_round()
    sizes = [2 + decision.roll(6, purpose=f"heap {name}") for name in heap_names(decision.options["heaps"])]
    decision.emit(HeapsLaid(heaps=tuple(sizes)), rule="1")
    decision.begin_phase("calling")
    call = Pick(tuple(Option(c, c) for c in CALLS))
    for seat in decision.seats:
        # Sealed: nobody sees a call until every call is in (2).
        decision.request(seat, "call", "Call odd or even for the start die", answer={"call": call}, sealed=True, rule="nim 2")
    return True


@hookimpl
def referee_decide(decision: Decision, action: Action) -> bool | None:
    if action.action == "call":
        _call(decision, action.seat, action.args["call"])
        return True
    if action.action == "take":
        _take(decision, action.seat, action.args["heap"], action.args["stones"])
        return True
    return None  # not ours: the kernel refuses it, naming the action


def _call(decision: Decision, seat: str, call: str) -> None:
    decision.emit(StartCalled(seat=seat, call=call), rule="2", visible_to=[seat])
    if decision.flow.requests:
        return  # other calls are still sealed away
    decision.end_phase()
    nim: Nim = decision.game
    die = decision.roll(6, purpose="the start die")
    parity = "even" if die % 2 == 0 else "odd"
    right = tuple(s for s in decision.seats if nim.calls[s] == parity)
    decision.emit(CallsShown(calls=dict(nim.calls), die=die, right=right), rule="2")
    # Nobody right, or everybody: the call settled nothing, so all draw lots (2).
    pool = list(right) if 0 < len(right) < len(decision.seats) else list(decision.seats)
    starter = pool[0] if len(pool) == 1 else decision.pick(pool, purpose="the starter")
    decision.emit(StarterChosen(seat=starter), rule="2")
    decision.begin_phase("taking")
    _next_turn(decision, starter)


def _next_turn(decision: Decision, seat: str) -> None:
    nim: Nim = decision.game
    decision.begin_turn(seat)
    heaps = tuple(Option(name, f"heap {name} ({n})") for name, n in nim.heaps.items() if n > 0)
    most = min(decision.options["max_take"], max(nim.heaps.values()))
    decision.request(
        seat,
        "take",
        "Take stones from one heap",
        answer={"heap": Pick(heaps), "stones": Amount(min=1, max=most)},
        rule="nim 3",
    )


def _take(decision: Decision, seat: str, heap: str, stones: int) -> None:
    nim: Nim = decision.game
    # The answer's shape offers only heaps with stones and at most max_take; how many a
    # given heap holds is what the shape cannot say.
    if stones > nim.heaps[heap]:
        left = nim.heaps[heap]
        raise IllegalAction(f"heap {heap} holds only {left} stone{'' if left == 1 else 's'}", "nim 3")
    decision.emit(StonesTaken(seat=seat, heap=heap, stones=stones, left=nim.heaps[heap] - stones), rule="3")
    decision.end_turn()
    if any(nim.heaps.values()):
        seats = decision.seats
        _next_turn(decision, seats[(seats.index(seat) + 1) % len(seats)])
        return
    decision.end_phase()
    decision.end_round()
    standings = rank((s, nim.taken.get(s, 0), s == seat, "took the last stone" if s == seat else "") for s in decision.seats)
    decision.end_game([seat], f"{seat} took the last stone", standings, rule="4")


# --- Showing ----------------------------------------------------------------------------


@hookimpl
def referee_view(state: TableState, seat: str | None) -> dict[str, Any]:
    nim: Nim = state.game
    if nim.shown or state.over:
        calls = dict(nim.calls)
    else:
        calls = {s: c for s, c in nim.calls.items() if s == seat}
    return {
        "heaps": dict(nim.heaps),
        "max_take": state.options["max_take"],
        "called": sorted(nim.calls),  # who has called is public; what, only once all are in
        "calls": calls,
        "starter": nim.starter,
        "taken": dict(nim.taken),
    }


@hookimpl
def referee_render_view(view: dict[str, Any], seat: str | None) -> str:
    game = view  # what referee_view returned for this seat
    heaps = "  ".join(f"{name}: {'o' * n or '-'} ({n})" for name, n in game["heaps"].items())
    lines = [f"Heaps  {heaps}", f"Take 1 to {game['max_take']} stones from one heap; the last stone wins."]
    if game["calls"]:
        lines.append("Calls: " + ", ".join(f"{s} {c}" for s, c in game["calls"].items()))
    if game["starter"]:
        lines.append(f"{game['starter']} started.")
    return "\n".join(lines)


@hookimpl
def referee_describe(event: Event) -> str | None:
    match event:
        case HeapsLaid():
            return "Heaps laid: " + ", ".join(f"{n} in {name}" for name, n in zip(heap_names(len(event.heaps)), event.heaps, strict=True))
        case StartCalled():
            return f"{event.seat} called {event.call}"
        case CallsShown():
            return f"The start die shows {event.die}; called right: {join_names(event.right)}"
        case StarterChosen():
            return f"{event.seat} takes the first turn"
        case StonesTaken():
            return f"{event.seat} took {event.stones} from heap {event.heap}, {event.left} left"
    return None


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: Request, rng: random.Random) -> dict[str, Any] | None:
    if request.action == "call":
        return {"call": rng.choice(CALLS)}
    if request.action == "take":
        game = view["view"]
        heap, stones = best_take({h: n for h, n in game["heaps"].items() if n > 0}, game["max_take"])
        return {"heap": heap, "stones": stones}
    return None
