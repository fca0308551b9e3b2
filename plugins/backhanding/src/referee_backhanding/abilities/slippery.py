"""Slippery: when his ho is eliminated he goes back to his clan, not to the temporary discard pile."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

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
            summary="When his ho is eliminated he goes back to his clan, not to the temporary discard pile.",
        )
    ]


@hookimpl
def backhanding_protector_lost(state: TableState, seat: str, pimp: str) -> str | None:
    return "clan" if has(state, pimp, NAME) else None
