"""Pimp's own hooks: what its special cards (and house rules) may change.

Each of the six special cards is a plugin implementing some of these.  A special card
counts for a pimp while it is face up among their played special cards
(``referee_pimp.specials.in_play(state, pimp, NAME)``); several copies count several
times where the card says its effects are cumulative.

The kinds of extension the game understands (``Extension.kind``):

* ``"card"``: a special card.  Declare it with ``referee_pimp.specials.SpecialCard``,
  whose ``name``, ``title`` and ``text`` are its specials.toml entry; decks at a table
  that names it may hold it (``special = "<name>"``), and ``referee check pimp DECK``
  accepts it wherever its distribution is installed.
* anything else (``"house rule"``, ...): its hooks simply run at the tables that name it.

Hooks are called with keyword arguments; an implementation may take any of them.  Where
results are *summed* or *collected* every implementation runs; where the *first non-None
result wins* an extension's answer is asked before the game's, so return None for
whatever is not yours.  Effects are emitted as events from the hooks that receive a
``Decision``; the helpers ``referee_pimp.common.influence`` and ``money`` change a
pimp's tokens ("never below zero") and cite the rule given.
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
    """``pimp``'s maximum hand size (Bitch Magnet: 7; without an answer, 5).

    Called at the end of ``pimp``'s Retirement phase, where a pimp holding more retires
    cards down to it.  Return the limit or None; the first non-None result wins.
    """


@hookspec(firstresult=True)
def pimp_edge_slots(state: TableState, pimp: str) -> int | None:
    """How many edge slots ``pimp`` has (Posse: 5; without an answer, 3).

    Called whenever a card is put into an edge slot (and the menu offers one).  Return
    the number or None; the first non-None result wins.
    """


@hookspec
def pimp_cost_reduction(state: TableState, pimp: str, card: str) -> int | None:
    """Influence off the cost of putting ``card`` (a card id) into play (Charisma: 1 per card).

    Called whenever the price of bringing a bitch into play (or of an influence test
    over her) is worked out, the menu's offers included.  Return an amount or None;
    results are summed, and the cost never goes below 0.
    """


@hookspec(firstresult=True)
def pimp_retire_to(state: TableState, pimp: str, card: str, reason: str) -> str | None:
    """Where a bitch retired after combat or a psycho punter goes: ``"hand"`` (Tame Shrink)
    or ``"retired"`` (without an answer).

    Called as ``card`` (a card id) of ``pimp`` is retired for ``reason``; not asked for
    a moral crackdown or a runaway.  The first non-None result wins.
    """


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


@hookspec
def pimp_special_played(decision: Decision, pimp: str, card: str, special: str) -> None:
    """``pimp`` has just played the special card ``card`` (its card id, e.g. ``"Ann/street-cred"``;
    ``special`` is the card's name in the decks, e.g. ``"street-cred"``) face up.

    Called once per card played, in the Doing Shit action that plays it, after
    ``SpecialPlayed`` is recorded: emit what the card does at once.  Every
    implementation runs; return values are ignored.  None of the six does anything
    here: their effects last while they are face up, through the hooks above.
    """
