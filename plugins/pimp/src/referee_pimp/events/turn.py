"""Events of the turn around Doing Shit, and of the tokens every phase changes.

"Drawing starting hand" and "Recruitment" (``CardDrawn``), "Pay Dues" (the shagged out
counters come off), "Retirement" (hand limit 5), "Winning / ending the game" (a pimp out,
the bribe paid, the money counted); and the red and green tokens, the money on a bitch and
the retirement pile, which combat, soliciting and the influence test change too.
"""

from __future__ import annotations

import msgspec

from referee import Event

from .words import CardFace, _all, _money, _n


class CardDrawn(Event, tag="pimp.CardDrawn"):
    """A card from the top of a pimp's deck into their hand (seen by them alone)."""

    pimp: str
    card: str
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} draws a card ({self.reason})"


class InfluenceChanged(Event, tag="pimp.InfluenceChanged"):
    """Red tokens gained or lost (never below zero)."""

    pimp: str
    change: int
    influence: int
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} {'gains' if self.change > 0 else 'loses'} {abs(self.change)} influence ({self.reason}): {self.influence}"


class MoneyChanged(Event, tag="pimp.MoneyChanged"):
    """Green tokens in a pimp's money pile gained or lost (never below zero)."""

    pimp: str
    change: int
    money: int
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} {'gains' if self.change > 0 else 'pays'} {_money(abs(self.change))} ({self.reason}): {_money(self.money)}"


class ShaggedOutCleared(Event, tag="pimp.ShaggedOutCleared"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"the shagged out counters come off {_all(self, self.bitches)}"


class BitchRetired(Event, tag="pimp.BitchRetired"):
    """A card onto its pimp's retirement pile (or back to the hand, as Tame Shrink says)."""

    pimp: str
    card: CardFace
    to: str
    """``retired`` or ``hand``."""
    reason: str

    def describe(self) -> str:
        where = "goes back to the hand" if self.to == "hand" else "is retired"
        return f"{self.pimp}'s {self.card.name} {where}: {self.reason}"


class MoneyOnBitch(Event, tag="pimp.MoneyOnBitch"):
    """Green tokens put on, taken from or moved between bitches."""

    card: str
    change: int
    money: int
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_money(abs(self.change))} {'onto' if self.change > 0 else 'off'} {_n(self, self.card)} ({self.reason}): {_money(self.money)} on her"


class BribePaid(Event, tag="pimp.BribePaid"):
    pimp: str
    amount: int

    def describe(self) -> str:
        return f"{self.pimp} pays the police {_money(self.amount)}"


class PimpOut(Event, tag="pimp.PimpOut"):
    """A pimp is out of the game."""

    pimp: str
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} is out of the game: {self.reason}"


class CardDiscarded(Event, tag="pimp.CardDiscarded"):
    """Retirement: a card from the hand onto the retirement pile (face up)."""

    pimp: str
    card: CardFace

    def describe(self) -> str:
        return f"{self.pimp} retires {self.card.name} from their hand"


class MoneyCounted(Event, tag="pimp.MoneyCounted"):
    pimp: str
    money: int
    out: bool

    def describe(self) -> str:
        return f"{self.pimp}: {_money(self.money)} in the money pile" + (" (out)" if self.out else "")
