"""Crooked Cop: in one contest, each of your opponents rolls two dice and keeps the lower.

Rulings: any contest with an opponent of yours in it may be chosen, yours or not; against
Loaded Dice the two cancel out (one die each); two Crooked Cops on one contest give three
dice, the lowest kept.
"""

from __future__ import annotations

from referee import Decision, TableState, Words, hookimpl

from ..cards import card_name
from ..common import card_hooks, card_rule, game_of, opposed_contests
from ..events import cap
from ..state import Contest
from . import ContestWorked, is_mine, works_contest

NAME = "crooked-cop"


class CopBribed(ContestWorked, tag="backhanding.CopBribed"):
    """``seat``'s Crooked Cop works the contest for ``ho``: ``seat``'s opponents there keep their lower die."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return f"{cap(w.possessive(self.seat))} Crooked Cop works the fight for {card_name(self.ho)}: the other side keeps the lower of two dice"


referee_extensions, backhanding_effects = card_hooks(
    NAME,
    "Crooked Cop",
    "dirty trick",
    "In one contest, each of your opponents rolls two dice and keeps the lower.",
    events=[CopBribed],
    evolve=works_contest(CopBribed, NAME),
)


@hookimpl
def backhanding_trick_targets(state: TableState, seat: str, card: str, step: str) -> list[str] | None:
    if not is_mine(state, card, NAME):
        return None
    return [c.ho for c in opposed_contests(game_of(state), seat)] if step in ("macking", "backhanding") else []


@hookimpl
def backhanding_trick_played(decision: Decision, seat: str, card: str, target: str) -> bool | None:
    if not is_mine(decision.state, card, NAME):
        return None
    if target in game_of(decision).contests:
        decision.emit(CopBribed(seat=seat, ho=target), rule=card_rule(NAME))
    return True


@hookimpl
def backhanding_dice(state: TableState, contest: Contest, seat: str) -> int | None:
    return -sum(1 for who, effect in contest.effects if effect == NAME and who != seat) or None
