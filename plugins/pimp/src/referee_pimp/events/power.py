"""Events of "Drawing a power card": who draws for what, in the rulebook's order, and what is drawn."""

from __future__ import annotations

import msgspec

from referee import Event

from .words import CardFace


class PowerCardDrawn(Event, tag="pimp.PowerCardDrawn"):
    """A power card drawn face up, then put at the bottom of the deck."""

    pimp: str
    source: str
    """``deck``, ``edge N`` or ``none`` (not drawing is a power of zero)."""
    card: CardFace | None
    power: int
    purpose: str

    def describe(self) -> str:
        card = f"{self.card.name}, power {self.power}" if self.card else "no card, power 0"
        return f"{self.pimp} draws a power card from {self.source}: {card}"


class Draw(msgspec.Struct, frozen=True):
    """One power card a pimp is to draw, for ``key`` (a bitch's test, a bid, ...)."""

    pimp: str
    key: str
    about: str = ""
    """What the card is drawn for, as a person reads it ("Ann's Vicky's attack")."""


class DrawsPlanned(Event, tag="pimp.DrawsPlanned"):
    """Who draws which power cards next, in order ("the person on the lowest total draws first")."""

    purpose: str
    draws: list[Draw]

    def describe(self) -> str:
        return "power cards to draw: " + "; ".join(f"{draw.pimp} for {draw.about}" if draw.about else draw.pimp for draw in self.draws)
