"""Crooked Cop: in one contest, each of your opponents rolls two dice and keeps the lower.

Rulings: any contest with an opponent of yours in it may be chosen, yours or not; against
Loaded Dice the two cancel out (one die each); two Crooked Cops on one contest give three
dice, the lowest kept.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from ..cards import card_name
from ..common import game_of, opposed_contests
from ..declarations import DirtyTrick
from ..events import cap
from ..state import Contest
from . import ContestWorked, works_contest

NAME = "crooked-cop"


class CopBribed(ContestWorked, tag="backhanding.CopBribed"):
    """``seat``'s Crooked Cop works the contest for ``ho``: ``seat``'s opponents there keep their lower die."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return f"{cap(w.possessive(self.seat))} Crooked Cop works the fight for {card_name(self.ho)}: the other side keeps the lower of two dice"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        DirtyTrick(
            name=NAME,
            title="Crooked Cop",
            default=True,
            summary="In one contest, each of your opponents rolls two dice and keeps the lower.",
            steps=("macking", "backhanding"),
            targets=targets,
            effect=effect,
            events=[CopBribed],
            evolve=works_contest(CopBribed, NAME),
        )
    ]


def targets(state: TableState, seat: str, step: str) -> list[str]:
    return [c.ho for c in opposed_contests(game_of(state), seat)]


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    return [CopBribed(seat=seat, ho=target)] if target in game_of(decision).contests else []


@hookimpl
def backhanding_dice(state: TableState, contest: Contest, seat: str) -> int | None:
    return -sum(1 for who, effect in contest.effects if effect == NAME and who != seat) or None
