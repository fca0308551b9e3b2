"""Sucker Punch: a Dirty Trick for Pimp: The Backhanding that is not one of the game's six.

The card is one declaration, a ``referee_backhanding.DirtyTrick`` (its title and text, the
step it is played in, its targets, its effect and the copies it deals), and one game hook
(``backhanding_dice``) reading what it laid on the contest.  It reads the table through
``referee_backhanding.api`` only.

Rules 1 to 3 are in the README, with their rulings.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl
from referee_backhanding import DirtyTrick
from referee_backhanding.api import Contest, ContestWorked, card_name, contest, contests_of, game_of, sides, worked, works_contest

NAME = "sucker-punch"
TITLE = "Sucker Punch"
COPIES = 2
TEXT = "In one backhanding fight you roll in, roll one more die and keep the highest."


class PunchThrown(ContestWorked, tag="backhanding.sucker-punch.PunchThrown"):
    """Rule 2: ``seat`` rolls one more die in the fight for ``ho``."""

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.seat, "throws", f"a sucker punch in the fight for {card_name(self.ho)}: one more die")


def targets(state: TableState, seat: str, step: str) -> list[str]:
    """Rule 1: the backhanding fights ``seat`` rolls in (attacking, or defending her ho)."""
    return [fought.ho for fought in contests_of(game_of(state), seat)]


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    """Rule 2, and ruling 1: nothing where the fight is gone or the player no longer rolls in it."""
    fought = contest(decision.state, target)
    if fought is None or seat not in sides(decision.state, fought):
        return []
    return [PunchThrown(seat=seat, ho=target)]


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        DirtyTrick(
            name=NAME,
            title=TITLE,
            text=TEXT,
            summary="A Dirty Trick: one more die in a backhanding fight you roll in.",
            steps=("backhanding",),
            targets=targets,
            effect=effect,
            copies=COPIES,
            rule="backhanding.sucker-punch 2",
            events=[PunchThrown],
            evolve=works_contest(PunchThrown, NAME),
        )
    ]


@hookimpl
def backhanding_dice(state: TableState, contest: Contest, seat: str) -> int | None:
    """Rule 3: one more die for each Sucker Punch ``seat`` played on this fight."""
    return worked(contest, NAME).count(seat) or None
