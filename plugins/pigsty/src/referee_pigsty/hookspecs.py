"""Pigsty to Palace's own hooks: what its house rules may change.

Registered on every Pigsty table beside the kernel's specs; implement them with
``@referee.hookimpl`` in a plugin declared through ``referee_extensions`` for the
game ``pigsty``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee import hookspec

if TYPE_CHECKING:
    from referee import Decision, TableState

    from .resolution import Params


@hookspec(firstresult=True)
def pigsty_params(params: Params, state: TableState) -> Params | None:
    """The numbers this table plays with (Pork per Pig, Yeoman Fund target, Palace, ...).

    Called whenever a turn is resolved, with the numbers from the rulebook and the
    table's options, and the table's ``state`` as the turn begins to resolve (a house
    rule's own state is ``state.slot(NAME)``).  Return a changed copy
    (``msgspec.structs.replace(params, ...)``) or None to keep them; the first non-None
    result wins, so a house rule that should combine with others is a wrapper.
    """


@hookspec
def pigsty_turn_resolved(decision: Decision) -> None:
    """A turn's results are in (``decision.game.board`` shows them) and the game goes on.

    Called after every turn that did not end the game, before the next turn's Pork is
    allotted.  Emit events (of types the plugin registers and folds) to add effects
    of your own.  Return value is ignored; every implementation runs.
    """
