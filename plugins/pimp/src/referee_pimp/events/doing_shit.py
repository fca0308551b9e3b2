"""Events of "Doing Shit": the four actions and what they do, but combat and soliciting.

"Playing a special card" (Word on the Streets' reordering too), "Bringing a bitch into
play" with its escorts and influence test, "Moving a bitch", "Transferring money",
"Buying influence", "Putting a card in an edge slot".
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Event

from .words import CardFace, _money, _n


class ActionBegan(Event, tag="pimp.ActionBegan"):
    """One of the four actions of the Doing Shit phase."""

    pimp: str
    number: int
    action: str
    label: str
    args: dict[str, Any] = msgspec.field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.pimp}'s action {self.number}: {self.label}"


class SpecialPlayed(Event, tag="pimp.SpecialPlayed"):
    pimp: str
    card: CardFace

    def describe(self) -> str:
        return f"{self.pimp} plays {self.card.name}"


class BitchBroughtIntoPlay(Event, tag="pimp.BitchBroughtIntoPlay"):
    pimp: str
    card: CardFace
    cost: int

    def describe(self) -> str:
        return f"{self.pimp} brings {self.card.name} into play for {self.cost} influence"


class BitchMoved(Event, tag="pimp.BitchMoved"):
    pimp: str
    card: str
    to: str
    """``pad`` or ``street``."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        where = "the street" if self.to == "street" else f"{self.pimp}'s pad"
        return f"{_n(self, self.card)} moves to {where}"


class MoneyTransferred(Event, tag="pimp.MoneyTransferred"):
    """From a bitch in the pad to the money pile."""

    pimp: str
    card: str
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{self.pimp} takes {_money(self.amount)} off {_n(self, self.card)} in their pad"


class InfluenceBought(Event, tag="pimp.InfluenceBought"):
    pimp: str
    amount: int

    def describe(self) -> str:
        return f"{self.pimp} buys {self.amount} influence for {_money(self.amount)}"


class EdgeSlotLooked(Event, tag="pimp.EdgeSlotLooked"):
    """The top card drawn and looked at, then put in an edge slot or at the bottom (seen by its pimp only)."""

    pimp: str
    card: str
    slot: int | None
    """1-based slot, or None for the bottom of the deck."""
    replaced: str | None

    def describe(self) -> str:
        return (
            f"{self.pimp} puts the card in edge slot {self.slot}" if self.slot else f"{self.pimp} puts the card at the bottom of their deck"
        )


class InfluenceBid(Event, tag="pimp.InfluenceBid"):
    """An influence test: tokens secretly selected (seen by the bidder until both are in)."""

    pimp: str
    tokens: int

    def describe(self) -> str:
        return f"{self.pimp} selects {self.tokens} influence tokens"


class InfluenceTestDecided(Event, tag="pimp.InfluenceTestDecided"):
    challenger: str
    holder: str
    name: str
    bids: dict[str, int]
    totals: dict[str, int]
    winner: str

    def describe(self) -> str:
        totals = ", ".join(f"{p} {n}" for p, n in self.totals.items())
        return f"influence test for {self.name}: {totals}; {self.winner} wins"


class CardsReordered(Event, tag="pimp.CardsReordered"):
    """Word on the Streets: the top three cards looked at and put back in a chosen order (seen by the pimp)."""

    pimp: str
    cards: list[str]

    def describe(self) -> str:
        return f"{self.pimp} puts the top {len(self.cards)} cards back in a new order"


class BidsRevealed(Event, tag="pimp.BidsRevealed"):
    bids: dict[str, int]

    def describe(self) -> str:
        return "influence bids revealed: " + ", ".join(f"{p} {n}" for p, n in self.bids.items())


class ActivityEnded(Event, tag="pimp.ActivityEnded"):
    kind: str

    def describe(self) -> str:
        return "that action is over"


class InfluenceTestBegan(Event, tag="pimp.InfluenceTestBegan"):
    """A pimp brings an escort whose name is in play for another pimp: they test influence."""

    challenger: str
    holder: str
    name: str
    card: CardFace
    held: str

    def describe(self) -> str:
        return f"{self.challenger} wants {self.name}, who works for {self.holder}: an influence test"
