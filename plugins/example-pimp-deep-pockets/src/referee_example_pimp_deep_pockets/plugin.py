"""Deep Pockets: a house rule for Pimp, and every hook it implements.

House rule 1 (README.md): every pimp has one more edge slot: 4 instead of 3, and 6
instead of 5 with Posse.  One wrapper around Pimp's ``pimp_edge_slots`` hook: it takes
whatever number the game and the special cards give (Posse's 5, or none: the
rulebook's 3) and adds one, so it composes with Posse and with other house rules.
"""

from __future__ import annotations

import sys
from collections.abc import Generator
from typing import Any

from referee import Event, Extension, Held, TableState, Used, hookimpl
from referee_pimp.common import EDGE_SLOTS
from referee_pimp.events import EdgeSlotLooked
from referee_pimp.specials import in_play

NAME = "deep-pockets"
MORE = 1
"""How many edge slots every pimp has on top of the usual (rule 1)."""


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        Extension(
            name=NAME,
            game="pimp",
            title="Deep Pockets",
            plugin=sys.modules[__name__],
            kind="house rule",
            summary="Every pimp has one more edge slot: 4, or 6 with Posse.",
        )
    ]


@hookimpl(wrapper=True)
def pimp_edge_slots(state: TableState, pimp: str) -> Generator[Any, Any, int]:
    slots = yield
    return (EDGE_SLOTS if slots is None else int(slots)) + MORE


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    """A use of the rule: a card put in the slot it adds (the 4th, or the 6th for a pimp
    with Posse in play when the game ended: the log does not say when Posse came)."""
    if not isinstance(event, EdgeSlotLooked) or event.slot is None:
        return None
    usual = EDGE_SLOTS + (2 if in_play(state, event.pimp, "posse") else 0)
    return [Used(event.pimp, "house rule", "Deep Pockets")] if event.slot > usual else None
