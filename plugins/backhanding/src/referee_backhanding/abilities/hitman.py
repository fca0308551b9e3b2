"""Hitman: +2 backhanding while attacking."""

from __future__ import annotations

import sys

from referee import Extension, TableState, hookimpl

from ..common import card_extension
from ..state import Contest
from . import has

NAME = "hitman"
BONUS = 2


@hookimpl
def referee_extensions() -> list[Extension]:
    return [card_extension(NAME, "Hitman", sys.modules[__name__], "ability", f"+{BONUS} backhanding while attacking.")]


@hookimpl
def backhanding_effects() -> list[str]:
    return [NAME]


@hookimpl
def backhanding_bonus(state: TableState, contest: Contest, seat: str, pimp: str) -> int | None:
    if contest.phase == "backhanding" and seat != contest.owner and has(state, pimp, NAME):
        return BONUS
    return None
