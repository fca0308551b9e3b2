"""Hitman: +2 backhanding while attacking."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from ..declarations import Ability
from ..state import Contest
from . import has

NAME = "hitman"
BONUS = 2


@hookimpl
def referee_extensions() -> list[Extension]:
    return [Ability(name=NAME, title="Hitman", default=True, summary=f"+{BONUS} backhanding while attacking.")]


@hookimpl
def backhanding_bonus(state: TableState, contest: Contest, seat: str, pimp: str) -> int | None:
    if contest.phase == "backhanding" and seat != contest.owner and has(state, pimp, NAME):
        return BONUS
    return None
