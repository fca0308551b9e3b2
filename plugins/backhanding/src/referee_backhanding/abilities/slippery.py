"""Slippery: when his ho is eliminated he goes back to his clan, not to the temporary discard pile."""

from __future__ import annotations

from referee import TableState, hookimpl

from ..common import card_hooks
from . import has

NAME = "slippery"


referee_extensions, backhanding_effects = card_hooks(
    NAME,
    "Slippery",
    "ability",
    "When his ho is eliminated he goes back to his clan, not to the temporary discard pile.",
)


@hookimpl
def backhanding_protector_lost(state: TableState, seat: str, pimp: str) -> str | None:
    return "clan" if has(state, pimp, NAME) else None
