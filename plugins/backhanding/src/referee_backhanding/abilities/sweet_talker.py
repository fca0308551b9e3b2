"""Sweet Talker: +2 macking for a ho worth 5 or more."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from ..common import game_of
from ..declarations import Ability
from ..state import Contest
from . import has

NAME = "sweet-talker"
BONUS = 2
RICH = 5


@hookimpl
def referee_extensions() -> list[Extension]:
    return [Ability(name=NAME, title="Sweet Talker", default=True, summary=f"+{BONUS} macking for a ho worth {RICH} or more.")]


@hookimpl
def backhanding_bonus(state: TableState, contest: Contest, seat: str, pimp: str) -> int | None:
    if contest.phase == "macking" and has(state, pimp, NAME) and game_of(state).cards[contest.ho].money >= RICH:
        return BONUS
    return None
