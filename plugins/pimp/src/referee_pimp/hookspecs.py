"""Pimp's own hooks: what its special cards (and house rules) may change.

Each of the six special cards is a plugin implementing some of these.  A special card
counts for a pimp while it is face up among their played special cards; several copies
count several times where the card says its effects are cumulative.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee import hookspec

if TYPE_CHECKING:
    from referee import Decision, Option, TableState

    from .solicitation import Sheet


@hookspec(firstresult=True)
def pimp_solicitation_sheet(sheet: Sheet) -> Sheet | None:
    """The Solicitation Sheet this table rolls on (services, special encounters, punters).

    Called for every roll with the shipped sheet; a house rule returns its own (e.g.
    ``referee_pimp.solicitation.load(path)``, validated on load).  First non-None wins.
    """


@hookspec
def pimp_dues(state: TableState, pimp: str) -> int | None:
    """Influence ``pimp`` gains in their Pay Dues phase on top of the usual 2 (King of Cool).

    Called once per Pay Dues phase; results are summed.
    """


@hookspec(firstresult=True)
def pimp_hand_limit(state: TableState, pimp: str) -> int | None:
    """``pimp``'s maximum hand size at the end of Retirement (Bitch Magnet: 7).  First non-None wins."""


@hookspec(firstresult=True)
def pimp_edge_slots(state: TableState, pimp: str) -> int | None:
    """How many edge slots ``pimp`` has (Posse: 5).  First non-None wins."""


@hookspec
def pimp_cost_reduction(state: TableState, pimp: str, card: str) -> int | None:
    """Influence off the cost of putting ``card`` into play (Charisma: 1 per card); summed."""


@hookspec(firstresult=True)
def pimp_retire_to(state: TableState, pimp: str, card: str, reason: str) -> str | None:
    """Where a bitch retired after combat or a psycho punter goes: ``"hand"`` (Tame Shrink)
    or ``"retired"``.  Not asked for a moral crackdown or a runaway.  First non-None wins."""


@hookspec
def pimp_extra_actions(state: TableState, pimp: str) -> list[Option] | None:
    """Extra Doing Shit actions ``pimp`` may take now (Word on the Streets), each an option of
    the ``do`` field of the action request: its value is what ``do`` carries, its label
    what a person reads.  An extra action takes no other field.  Results are collected."""


@hookspec(firstresult=True)
def pimp_extra_action(decision: Decision, pimp: str, args: dict[str, Any]) -> bool | None:
    """Carry out an extra action offered through ``pimp_extra_actions`` (``args["do"]`` is its
    value), after the game has recorded it as begun.  Return True when handled; the first
    non-None result wins."""
