"""A Film put up on the table before its roll, and what the other studios' replies make of it
(tags ``pornstar.*``, like the game's other events).

Producing a Film: "New Films are played face-up for all to see and verify that you have
the proper arrangement of Stars"; "If another player uses an Event card to make your Film
unproduceable at this time, return it to your hand for later use".
"""

from __future__ import annotations

import msgspec

from referee import Event
from referee.words import Words, money

from .events import called, called_all

_ANYONE = Words()


class FilmPutUp(Event, tag="pornstar.FilmPutUp"):
    """The Film, its cast and its Advertising, face up before the roll: the other studios
    may reply with a Play card."""

    seat: str
    film: str
    stars: tuple[str, ...]
    advertising: int
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        ads = f", with {money(self.advertising)} of Advertising" if self.advertising else ""
        cast = called_all(self.names, self.stars)
        return words.says(self.seat, "puts", f"up {called(self.names, self.film)} with {cast}{ads}: the others may reply")


class FilmReturned(Event, tag="pornstar.FilmReturned"):
    """A Film put up that a reply made unproduceable goes back to its studio's hand."""

    seat: str
    film: str
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "takes", f"{called(self.names, self.film)} back into hand: {self.reason}")


EVENT_TYPES: tuple[type[Event], ...] = (FilmPutUp, FilmReturned)
