"""The Dirty Tricks, one plugin module each.

Each declares itself with ``referee_extensions`` (kind ``"dirty trick"``, on by default:
the cards are in the Draw deck) and names its effect through ``backhanding_effects``
(both made by ``common.card_hooks``), declares its own events (each says itself in words)
and the mutator that folds them, says where its card may be played
(``backhanding_trick_targets``) and carries it out (``backhanding_trick_played``) once
every sealed play of the step is revealed.  Every trick is played in the sealed steps of
macking and backhanding; Pickpocket also at the final count.
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
