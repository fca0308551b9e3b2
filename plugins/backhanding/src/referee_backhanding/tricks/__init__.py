"""The Dirty Tricks, one plugin module each, and what the contest tricks share.

Each declares itself with ``referee_extensions``, offering a ``DirtyTrick`` (kind ``"dirty
trick"``, on by default: the cards are in the Draw deck): its title, the sealed steps it
is played in, its ``targets`` and its ``effect`` (the events it causes once every sealed
play of the step is revealed), with its own events (each says itself in words) and the
mutator that folds them.  A trick working a contest's dice answers ``backhanding_dice``
too.  Every trick is played in the sealed steps of macking and backhanding; Pickpocket
also at the final count.
"""

from __future__ import annotations

from collections.abc import Callable

from referee import Event, TableState

from ..common import game_of


def is_mine(state: TableState, card: str, effect: str) -> bool:
    return game_of(state).cards[card].effect == effect


class ContestWorked(Event):
    """A Dirty Trick ``seat`` played on the contest for ``ho``, where it stays among the
    contest's effects for the dice to read (Loaded Dice, Crooked Cop)."""

    seat: str
    ho: str


def works_contest(event_type: type[ContestWorked], effect: str) -> Callable[[TableState, Event], None]:
    """The mutator of a trick whose ``event_type`` lays ``effect`` on a contest."""

    def evolve(state: TableState, event: Event) -> None:
        if isinstance(event, event_type):
            game_of(state).contests[event.ho].effects.append((event.seat, effect))

    return evolve
