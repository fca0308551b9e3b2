"""The Harvest Festival house rule for Pigsty to Palace: every hook it implements.

This one module plays two parts, like ``referee_pigsty.plugin``:

* it is what the ``referee`` entry point names, so Referee's discovery finds it and
  calls ``referee_extensions`` to learn that it offers the house rule
  ``harvest-festival`` for the game ``pigsty``;
* having offered that :class:`referee.Extension` (with its events and their mutator),
  it is the extension's plugin, so a table opened with
  ``extensions=["harvest-festival"]`` registers it (after the game) and calls the rest.

House rule 1 (see README.md): after every ``EVERY``-th turn's results, if the game
goes on, each Honest farmer still in the game gets one Pig from the festival.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import msgspec

from referee import Decision, Event, Extension, Presentation, TableState, Zone, hookimpl
from referee_pigsty.resolution import Board

from .events import EVENT_TYPES, HarvestShared

__all__ = [
    "EVERY",
    "NAME",
    "evolve",
    "festival_due",
    "festival_guests",
    "next_festival",
    "pigsty_turn_resolved",
    "referee_extensions",
    "referee_present",
    "referee_report",
    "referee_view",
]

NAME = "harvest-festival"
"""The extension's name: what tables ask for (``extensions=["harvest-festival"]``).

A table's log records it as ``pigsty.harvest-festival`` with this distribution's name
and version, and replays only where the same house rule is installed.
"""

EVERY = 5
"""The festival follows every ``EVERY``-th turn (5: turns 5, 10, 15, ...).

This is not a table option: options belong to the game (Pigsty's refuse unknown
keys), and a log records only the game's options and each plugin's name, distribution
and version.  So the interval is part of the rule's code, and logs stay replayable
exactly when that code is the same.  For another interval, fork this distribution
under a new distribution and extension name (README.md, "Forking it").
"""


def festival_due(turn: int) -> bool:
    """Whether a festival follows turn ``turn`` (1-based, just resolved)."""
    return turn > 0 and turn % EVERY == 0


def next_festival(resolved: int) -> int:
    """The turn after which the next festival is held, when ``resolved`` turns are done."""
    return (resolved // EVERY + 1) * EVERY


def festival_guests(board: Board) -> list[str]:
    """The farmers a festival gives a Pig: Honest and still in the game, in seat order."""
    return [f.name for f in board.farmers.values() if f.honest and not f.eliminated]


# --- Discovery ------------------------------------------------------------------------


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        Extension(
            name=NAME,
            game="pigsty",
            title="Harvest Festival",
            kind="house rule",
            default=False,
            summary=f"After every {EVERY}th turn, each Honest farmer still in the game gets one Pig.",
            events=EVENT_TYPES,
            evolve=evolve,
        )
    ]


# --- Events: fold (each says what happened itself: HarvestShared.describe) -----------


def evolve(state: TableState, event: Event) -> None:
    # Every plugin sees every event: change state only for our own.
    if isinstance(event, HarvestShared):
        farmers = state.game.board.farmers
        for name in event.farmers:
            farmers[name].pigs += 1


# --- Deciding: Pigsty's own hook ------------------------------------------------------


# Discovery also registers this module, on a manager that knows only the kernel's
# hookspecs and checks nothing; tables of ``pigsty`` add Pigsty's hookspecs, and there
# this hook is checked like any other (a misspelled name is refused).
@hookimpl
def pigsty_turn_resolved(decision: Decision) -> None:
    board: Board = decision.game.board
    if festival_due(board.turn):
        decision.emit(HarvestShared(turn=board.turn, farmers=tuple(festival_guests(board))), rule="1")


# --- Showing: add to the game's firstresult hooks without replacing them --------------
#
# ``referee_view``, ``referee_present`` and ``referee_report`` are firstresult: an
# ordinary implementation here would run before Pigsty's and replace its answer.  A
# wrapper instead receives the game's answer and adds to it.


@hookimpl(wrapper=True)
def referee_view(state: TableState, seat: str | None) -> Generator[None, Any, Any]:
    view = yield
    if isinstance(view, dict) and not state.over:
        view = {**view, "harvest_festival": {"every": EVERY, "next_after_turn": next_festival(state.game.board.turn)}}
    return view


@hookimpl(wrapper=True)
def referee_present(view: dict[str, Any], seat: str | None) -> Generator[None, Any, Any]:
    """The next festival, as a zone of the common board beside the game's own."""
    shown = yield
    festival = view["view"].get("harvest_festival")
    if isinstance(shown, Presentation) and festival:
        note = f"after turn {festival['next_after_turn']}: every Honest farmer still in the game gets 1 Pig (house rule 1)"
        zone = Zone(title="Harvest Festival", role="board", notes=(note,))
        shown = msgspec.structs.replace(shown, zones=(*shown.zones, zone))
    return shown


@hookimpl(wrapper=True)
def referee_report(state: TableState, entries: list[Any], round: int | None) -> Generator[None, Any, Any]:
    text = yield
    board: Board = state.game.board
    turn = board.turn if round is None else round
    held = [event for _entry, event in entries if isinstance(event, HarvestShared) and event.turn == turn]
    if isinstance(text, str) and held:
        pigs = ", ".join(f"{f.name} {f.pigs}" for f in board.farmers.values() if not f.eliminated)
        text += "\nHARVEST FESTIVAL\n" + "".join(f"- {e.shared()[0].upper()}{e.shared()[1:]}\n" for e in held)
        text += f"Pigs after the festival: {pigs}\n"
    return text
