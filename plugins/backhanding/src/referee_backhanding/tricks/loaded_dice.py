"""Loaded Dice: in one contest of yours, roll two dice and keep the higher.

Rulings: "yours" is a contest you roll in (a macking contender, a backhanding attacker, or
the owner of an attacked ho); against a Crooked Cop the two cancel out.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl

from ..cards import card_name
from ..common import contests_of, game_of
from ..declarations import DirtyTrick
from ..state import Contest
from . import ContestWorked, works_contest

NAME = "loaded-dice"


class DiceLoaded(ContestWorked, tag="backhanding.DiceLoaded"):
    """``seat`` rolls two dice and keeps the higher in the contest for ``ho``."""

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.seat, "loads", f"the dice in the fight for {card_name(self.ho)}: two dice, the higher kept")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        DirtyTrick(
            name=NAME,
            title="Loaded Dice",
            default=True,
            summary="In one contest of yours, roll two dice and keep the higher.",
            steps=("macking", "backhanding"),
            targets=targets,
            effect=effect,
            events=[DiceLoaded],
            evolve=works_contest(DiceLoaded, NAME),
        )
    ]


def targets(state: TableState, seat: str, step: str) -> list[str]:
    return [c.ho for c in contests_of(game_of(state), seat)]


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    contest = game_of(decision).contests.get(target)
    if contest is not None and seat in contest.sides(game_of(decision)):
        return [DiceLoaded(seat=seat, ho=target)]
    return []


@hookimpl
def backhanding_dice(state: TableState, contest: Contest, seat: str) -> int | None:
    return sum(1 for who, effect in contest.effects if effect == NAME and who == seat) or None
