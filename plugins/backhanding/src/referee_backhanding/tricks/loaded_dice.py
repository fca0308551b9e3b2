"""Loaded Dice: in one contest of yours, roll two dice and keep the higher.

Rulings: "yours" is a contest you roll in (a macking contender, a backhanding attacker, or
the owner of an attacked ho); against a Crooked Cop the two cancel out.
"""

from __future__ import annotations

from referee import Decision, TableState, Words, hookimpl

from ..cards import card_name
from ..common import card_hooks, card_rule, contests_of, game_of
from ..state import Contest
from . import ContestWorked, is_mine, works_contest

NAME = "loaded-dice"


class DiceLoaded(ContestWorked, tag="backhanding.DiceLoaded"):
    """``seat`` rolls two dice and keeps the higher in the contest for ``ho``."""

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.seat, "loads", f"the dice in the fight for {card_name(self.ho)}: two dice, the higher kept")


referee_extensions, backhanding_effects = card_hooks(
    NAME,
    "Loaded Dice",
    "dirty trick",
    "In one contest of yours, roll two dice and keep the higher.",
    events=[DiceLoaded],
    evolve=works_contest(DiceLoaded, NAME),
)


@hookimpl
def backhanding_trick_targets(state: TableState, seat: str, card: str, step: str) -> list[str] | None:
    if not is_mine(state, card, NAME):
        return None
    return [c.ho for c in contests_of(game_of(state), seat)] if step in ("macking", "backhanding") else []


@hookimpl
def backhanding_trick_played(decision: Decision, seat: str, card: str, target: str) -> bool | None:
    if not is_mine(decision.state, card, NAME):
        return None
    contest = game_of(decision).contests.get(target)
    if contest is not None and seat in contest.sides(game_of(decision)):
        decision.emit(DiceLoaded(seat=seat, ho=target), rule=card_rule(NAME))
    return True


@hookimpl
def backhanding_dice(state: TableState, contest: Contest, seat: str) -> int | None:
    return sum(1 for who, effect in contest.effects if effect == NAME and who == seat) or None
