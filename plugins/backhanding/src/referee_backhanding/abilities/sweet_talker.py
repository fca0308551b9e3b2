"""Sweet Talker: +2 macking for a ho worth 5 or more."""

from __future__ import annotations

from referee import TableState, hookimpl

from ..common import card_hooks, game_of
from ..state import Contest
from . import has

NAME = "sweet-talker"
BONUS = 2
RICH = 5


referee_extensions, backhanding_effects = card_hooks(NAME, "Sweet Talker", "ability", f"+{BONUS} macking for a ho worth {RICH} or more.")


@hookimpl
def backhanding_bonus(state: TableState, contest: Contest, seat: str, pimp: str) -> int | None:
    if contest.phase == "macking" and has(state, pimp, NAME) and game_of(state).cards[contest.ho].money >= RICH:
        return BONUS
    return None
