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

from referee import (
    GAMESMASTER,
    Action,
    Amount,
    Backs,
    Card,
    Decision,
    Entry,
    Event,
    Game,
    IllegalAction,
    Option,
    Phase,
    Pick,
    Place,
    Presentation,
    Request,
    Rounds,
    Stat,
    TableState,
    Turns,
    Words,
    Zone,
    hookimpl,
)
from referee.results import rank
from referee.words import count

from .events import EVENT_TYPES, CallsShown, HeapsLaid, StartCalled, StarterChosen, StonesTaken, heap_names

__all__ = [
    "CALLS",
    "Nim",
    "Options",
    "best_take",
    "heap_names",
    "referee_bot_action",
    "referee_decide",
    "referee_describe_hidden",
    "evolve",
    "referee_games",
    "referee_present",
    "FLOW",
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
    """The game's state, changed only by ``evolve``."""

    heaps: dict[str, int] = {}
    calls: dict[str, str] = {}
    """Every call made so far: the state holds secrets; ``referee_view`` filters them."""
    shown: bool = False
    starter: str = ""
    taken: dict[str, int] = {}
    last: str = ""
    """Who took stones last: once none is left, the winner (4)."""


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
            flow=FLOW,
            # Where the rules make a sealed call public (referee.testing.check_noninterference).
            reveals={"nim.CallsShown": "nim 2: when every call is in, the calls are shown"},
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
            nim.last = event.seat


# --- The flow: one round of two phases ---------------------------------------------------


def _lay_heaps(decision: Decision) -> None:
    sizes = [2 + decision.roll(6, purpose=f"heap {name}") for name in heap_names(decision.options["heaps"])]
    decision.emit(HeapsLaid(heaps=tuple(sizes)), rule="1")


def _ask_calls(decision: Decision) -> None:
    call = Pick(tuple(Option(c, c.capitalize()) for c in CALLS))
    for seat in decision.seats:
        # Sealed: nobody sees a call until every call is in (2).
        decision.request(seat, "call", "Call odd or even for the start die", answer={"call": call}, sealed=True, rule="nim 2")


def _show_calls(decision: Decision) -> None:
    """Every call is in: show them, roll the start die, choose who starts (2)."""
    nim: Nim = decision.game
    die = decision.roll(6, purpose="the start die")
    parity = "even" if die % 2 == 0 else "odd"
    right = tuple(s for s in decision.seats if nim.calls[s] == parity)
    decision.emit(CallsShown(calls=dict(nim.calls), die=die, right=right), rule="2")
    # Nobody right, or everybody: the call settled nothing, so all draw lots (2).
    pool = list(right) if 0 < len(right) < len(decision.seats) else list(decision.seats)
    starter = pool[0] if len(pool) == 1 else decision.pick(pool, purpose="the starter")
    decision.emit(StarterChosen(seat=starter), rule="2")


def _ask_take(decision: Decision) -> None:
    nim: Nim = decision.game
    seat = decision.flow.seat or ""
    heaps = tuple(Option(name, f"Heap {name} ({count(n, 'stone')})") for name, n in nim.heaps.items() if n > 0)
    most = min(decision.options["max_take"], max(nim.heaps.values()))
    decision.request(
        seat,
        "take",
        "Take stones from one heap",
        answer={"heap": Pick(heaps), "stones": Amount(min=1, max=most)},
        rule="nim 3",
    )


def _following(decision: Decision, seat: str) -> str | None:
    """The next seat in seat order takes a turn while stones are left (3)."""
    nim: Nim = decision.game
    seats = decision.seats
    return seats[(seats.index(seat) + 1) % len(seats)] if any(nim.heaps.values()) else None


def _end_if_taken(decision: Decision) -> None:
    """The last stone is taken: whoever took it wins (4)."""
    nim: Nim = decision.game
    if nim.heaps and not any(nim.heaps.values()):
        winner = nim.last
        standings = rank((s, nim.taken.get(s, 0), s == winner, "took the last stone" if s == winner else "") for s in decision.seats)
        decision.end_game([winner], f"{winner} took the last stone", standings, rule="4")


FLOW = Rounds(
    begin=_lay_heaps,
    phases=(
        Phase("calling", begin=_ask_calls, end=_show_calls),
        Phase("taking", turns=Turns(first=lambda d: d.game.starter, following=_following, begin=_ask_take)),
    ),
    ends=_end_if_taken,
)
"""Nim's flow, which the kernel runs: a round lays the heaps; in the calling phase every
seat calls, and once every call is in they are shown; in the taking phase seats take turns
until no stone is left; then the game is over."""


# --- Deciding ---------------------------------------------------------------------------


@hookimpl
def referee_decide(decision: Decision, action: Action) -> bool | None:
    # Only what an answer means: the flow (FLOW) goes on by itself once nothing is open.
    if action.seat == GAMESMASTER:
        return None  # Nim has no gamesmaster: the kernel refuses whatever one sends
    if action.action == "call":
        decision.emit(StartCalled(seat=action.seat, call=action.args["call"]), rule="2", visible_to=[action.seat])
        return True
    if action.action == "take":
        _take(decision, action.seat, action.args["heap"], action.args["stones"])
        return True
    return None  # not ours: the kernel refuses it, naming the action


def _take(decision: Decision, seat: str, heap: str, stones: int) -> None:
    nim: Nim = decision.game
    # The answer's shape offers only heaps with stones and at most max_take; how many a
    # given heap holds is what the shape cannot say.
    if stones > nim.heaps[heap]:
        left = nim.heaps[heap]
        raise IllegalAction(f"heap {heap} holds only {left} stone{'' if left == 1 else 's'}", "nim 3")
    decision.emit(StonesTaken(seat=seat, heap=heap, stones=stones, left=nim.heaps[heap] - stones), rule="3")


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
def referee_present(view: dict[str, Any], seat: str | None) -> Presentation:
    """The table as a person sees it: the heaps, each by its letter, and every player with
    the stones they took and their call (a back until all are in)."""
    game = view["view"]  # what referee_view returned for this seat; the flow is around it
    w = Words(seat)
    # A heap is named by its letter, as the take prompt names it: the prompt's numbers count
    # only the heaps with stones, so a number on a heap would shift once one empties.
    heaps = tuple(
        Card(name=f"Heap {name}", kind="heap", stats=(Stat("Stones", str(n)),), notes=() if n else ("empty",))
        for name, n in game["heaps"].items()
    )
    board = Zone(
        title="The heaps", role="board", cards=heaps, notes=(f"take 1 to {game['max_take']} stones from one heap; the last stone wins",)
    )
    players = []
    for s in view["seats"]:
        call = game["calls"].get(s)
        players.append(
            Zone(
                title="You" if s == seat else s,
                role="mine" if s == seat else "opponent",
                owner=s,
                active=s == view["active"] or s in view["waiting_for"],
                counters=(Stat("Stones taken", str(game["taken"].get(s, 0))),),
                notes=(f"called {call}",) if call else (),
                # A call made but not yet shown is a card face down (2).
                backs=(Backs("call, face down", 1),) if s in game["called"] and not call else (),
            )
        )
    result = view["result"]
    if result:
        status = result["reason"]
    elif view["phase"] == "calling":
        status = f"Call odd or even for the start die; waiting for {w.names(view['waiting_for'])}"
    else:
        whose = w.possessive(view["active"])  # "your" to the seat whose turn it is, else "Ann's"
        status = f"{whose[:1].upper()}{whose[1:]} turn: take stones from one heap"
    standings = tuple(
        Place(place=p["place"], seat=p["seat"], total=count(p["score"], "stone"), breakdown=(Stat("Stones taken", str(p["score"])),))
        for p in (result or {}).get("standings", ())
    )
    return Presentation(title="Nim", status=status, zones=(board, *players), standings=standings)


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    """Another seat's sealed call says only who called (2)."""
    if entry.type == "nim.StartCalled" and entry.visible_to:
        return words.says(entry.visible_to[0], "called", "odd or even, sealed until every call is in")
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
