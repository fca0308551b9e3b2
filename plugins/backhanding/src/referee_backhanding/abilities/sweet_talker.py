"""Sweet Talker: +2 macking for a ho worth 5 or more."""

from __future__ import annotations

import sys

from referee import Extension, TableState, hookimpl

from ..common import card_extension, game_of
from ..state import Contest
from . import has

NAME = "sweet-talker"
BONUS = 2
RICH = 5


@hookimpl
def referee_extensions() -> list[Extension]:
    return [card_extension(NAME, "Sweet Talker", sys.modules[__name__], "ability", f"+{BONUS} macking for a ho worth {RICH} or more.")]


@hookimpl
def backhanding_effects() -> list[str]:
    return [NAME]


@hookimpl
def backhanding_bonus(state: TableState, contest: Contest, seat: str, pimp: str) -> int | None:
    if contest.phase == "macking" and has(state, pimp, NAME) and game_of(state).cards[contest.ho].money >= RICH:
        return BONUS
    return None
