"""Slippery: when his ho is eliminated he goes back to his clan, not to the temporary discard pile.

Ruling: only while the clan has room.  "Never exceeding the maximum of 7 pimps" (rulebook
3) holds for every pimp joining a clan; no choice of which pimp to discard is asked in the
middle of the contests (as for a pimp drawn through The Fixer, ruling R13), so with the
clan at 7 he cannot slip back, and goes to the temporary discard pile like any protector
(a Bail Out may still bring him back).
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from ..cards import PIMP_LIMIT
from ..common import game_of
from ..declarations import Ability
from . import has

NAME = "slippery"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        Ability(
            name=NAME,
            title="Slippery",
            default=True,
            summary="When his ho is eliminated he goes back to his clan (if it has fewer than 7 pimps), not to the temporary discard pile.",
        )
    ]


@hookimpl
def backhanding_protector_lost(state: TableState, seat: str, pimp: str) -> str | None:
    if not has(state, pimp, NAME):
        return None
    # An assigned defender (protector = "defender") is still counted in the clan he leaves.
    others = [p for p in game_of(state).clans[seat] if p != pimp]
    return "clan" if len(others) < PIMP_LIMIT else None
