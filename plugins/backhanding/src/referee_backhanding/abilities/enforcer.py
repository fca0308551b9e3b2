"""Enforcer: +2 backhanding while protecting his ho."""

from __future__ import annotations

from referee import TableState, hookimpl

from ..common import card_hooks
from ..state import Contest
from . import has

NAME = "enforcer"
BONUS = 2


referee_extensions, backhanding_effects = card_hooks(NAME, "Enforcer", "ability", f"+{BONUS} backhanding while protecting his ho.")


@hookimpl
def backhanding_bonus(state: TableState, contest: Contest, seat: str, pimp: str) -> int | None:
    if contest.phase == "backhanding" and seat == contest.owner and has(state, pimp, NAME):
        return BONUS
    return None
