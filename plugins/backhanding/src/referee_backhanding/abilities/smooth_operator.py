"""Smooth Operator: wins a macking tie without a re-roll.

Ruling: when two or more tied contenders are Smooth Operators, none of them breaks the
tie, and the tied re-roll as usual (``backhanding_wins_ties`` needs exactly one).
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from ..declarations import Ability
from ..state import Contest
from . import has

NAME = "smooth-operator"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [Ability(name=NAME, title="Smooth Operator", default=True, summary="Wins a macking tie without a re-roll.")]


@hookimpl
def backhanding_wins_ties(state: TableState, contest: Contest, seat: str, pimp: str) -> bool | None:
    return True if contest.phase == "macking" and has(state, pimp, NAME) else None
