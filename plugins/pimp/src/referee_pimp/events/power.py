"""Events of "Drawing a power card": who draws for what, in the rulebook's order, and what is drawn."""

from __future__ import annotations

import re

import msgspec

from referee import Event
from referee.words import Words

from .words import CardFace, sentence, their


class PowerCardDrawn(Event, tag="pimp.PowerCardDrawn"):
    """A power card drawn face up, then put at the bottom of the deck."""

    pimp: str
    source: str
    """``deck``, ``edge N`` or ``none`` (not drawing is a power of zero)."""
    card: CardFace | None
    power: int
    purpose: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        if self.card is None:
            return w.says(self.pimp, "draws", "no power card: power 0")
        source = f"the top of {their(w, self.pimp)} deck" if self.source == "deck" else self.source.replace("edge", "edge slot")
        return w.says(self.pimp, "draws", f"a power card from {source}: {self.card.shown}, power {self.power}")


class Draw(msgspec.Struct, frozen=True):
    """One power card a pimp is to draw, for ``key`` (a bitch's test, a bid, ...)."""

    pimp: str
    key: str
    about: str = ""
    """What the card is drawn for, as a person reads it ("Ann's Vicky's attack")."""

    def about_for(self, words: Words) -> str:
        """``about`` for a reader: their own bitch is "your Vicky", their pad "your pad"."""
        about = self.about or "a contest"
        # ``about`` names pimps by name ("Ann's Vicky's attack", "... trashing Bea's pad"); the
        # reader (and a seat called You) is "your".
        for seat in {words.reader, "You"} - {None}:
            about = re.sub(rf"(?<![\w']){re.escape(str(seat))}'s ", "your ", about)
        return about


class DrawsPlanned(Event, tag="pimp.DrawsPlanned"):
    """Who draws which power cards next, in order ("the person on the lowest total draws first")."""

    purpose: str
    draws: list[Draw]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence("power cards to draw: " + "; ".join(f"{w.name(draw.pimp)} for {draw.about_for(w)}" for draw in self.draws))
