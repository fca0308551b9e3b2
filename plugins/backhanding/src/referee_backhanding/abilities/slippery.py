"""Slippery: when his ho is eliminated he goes back to his clan, not to the temporary discard pile."""

from __future__ import annotations

import sys

from referee import Extension, TableState, hookimpl

from ..common import card_extension
from . import has

NAME = "slippery"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        card_extension(
            NAME,
            "Slippery",
            sys.modules[__name__],
            "ability",
            "When his ho is eliminated he goes back to his clan, not to the temporary discard pile.",
        )
    ]


@hookimpl
def backhanding_effects() -> list[str]:
    return [NAME]


@hookimpl
def backhanding_protector_lost(state: TableState, seat: str, pimp: str) -> str | None:
    return "clan" if has(state, pimp, NAME) else None
