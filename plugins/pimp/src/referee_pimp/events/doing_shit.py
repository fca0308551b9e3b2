"""Events of "Doing Shit": the four actions and what they do, but combat and soliciting.

"Playing a special card" (Word on the Streets' reordering too), "Bringing a bitch into
play" with its escorts and influence test, "Moving a bitch", "Transferring money",
"Buying influence", "Putting a card in an edge slot".
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Event
from referee.words import Words, count, listing, money

from .words import CardFace, bare, card, sentence, their

ACTIONS_PER_TURN = 4

DOING = {
    "special": "playing a special card",
    "bring": "bringing a bitch into play",
    "to-street": "moving a bitch into the street",
    "to-pad": "moving a bitch to the pad",
    "collect": "transferring money from a bitch in the pad",
    "buy": "buying influence",
    "edge": "putting a card in an edge slot",
    "attack-street": "attacking a bitch in the street",
    "attack-pad": "attacking a bitch in a neighbour's pad",
    "trash": "trashing a neighbour's pad",
    "solicit": "rolling on the solicitation table",
    "look-top": "looking at the top three cards of the deck (Word on the Streets)",
}
"""Each kind of action as the log says it is under way; the lines after it say what it does."""


class ActionBegan(Event, tag="pimp.ActionBegan"):
    """One of the four actions of the Doing Shit phase."""

    pimp: str
    number: int
    action: str
    label: str
    args: dict[str, Any] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        if self.action == "end":
            return w.says(self.pimp, "does", "no more shit this turn")
        # An extra action of a special card or house rule says itself in its own label.
        doing = DOING.get(self.action, self.label)
        return sentence(f"{w.possessive(self.pimp)} action {self.number} of {ACTIONS_PER_TURN}: {doing}")


class SpecialPlayed(Event, tag="pimp.SpecialPlayed"):
    pimp: str
    card: CardFace
    text: str = ""
    """What the card does, in the words of the table's card data: public from now on."""

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.pimp, "plays", self.card.shown)


class BitchBroughtIntoPlay(Event, tag="pimp.BitchBroughtIntoPlay"):
    pimp: str
    card: CardFace
    cost: int

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.pimp, "brings", f"{self.card.shown} into play for {self.cost} influence")


class BitchMoved(Event, tag="pimp.BitchMoved"):
    pimp: str
    card: str
    to: str
    """``pad`` or ``street``."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        where = "the street" if self.to == "street" else f"{w.possessive(self.pimp)} pad"
        return sentence(f"{card(w, self, self.card)} moves to {where}")


class MoneyTransferred(Event, tag="pimp.MoneyTransferred"):
    """From a bitch in the pad to the money pile."""

    pimp: str
    card: str
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.pimp, "takes", f"{money(self.amount)} off {bare(self, self.card)} in {their(w, self.pimp)} pad")


class InfluenceBought(Event, tag="pimp.InfluenceBought"):
    pimp: str
    amount: int

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.pimp, "buys", f"{self.amount} influence for {money(self.amount)}")


class EdgeSlotLooked(Event, tag="pimp.EdgeSlotLooked"):
    """The top card drawn and looked at, then put in an edge slot or at the bottom (seen by its pimp only)."""

    pimp: str
    card: str
    slot: int | None
    """1-based slot, or None for the bottom of the deck."""
    replaced: str | None
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        looked = w.says(self.pimp, "looks", f"at the top card of {their(w, self.pimp)} deck, {bare(self, self.card)},")
        if not self.slot:
            return f"{looked} and {w.verb(self.pimp, 'puts')} it at the bottom"
        replaced = f"; {bare(self, self.replaced)} goes from the slot to the bottom of the deck" if self.replaced else ""
        return f"{looked} and {w.verb(self.pimp, 'puts')} it in edge slot {self.slot}{replaced}"


class InfluenceBid(Event, tag="pimp.InfluenceBid"):
    """An influence test: tokens secretly selected (seen by the bidder until both are in)."""

    pimp: str
    tokens: int

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.pimp, "selects", count(self.tokens, "influence token"))


class InfluenceTestDecided(Event, tag="pimp.InfluenceTestDecided"):
    challenger: str
    holder: str
    name: str
    bids: dict[str, int]
    totals: dict[str, int]
    winner: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        totals = listing([f"{w.name(p)} {n}" for p, n in self.totals.items()])
        return f"Influence test for {self.name}: {totals}; {w.name(self.winner)} {w.verb(self.winner, 'wins')}"


class CardsReordered(Event, tag="pimp.CardsReordered"):
    """Word on the Streets: the top three cards looked at and put back in a chosen order (seen by the pimp)."""

    pimp: str
    cards: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        order = ", ".join(bare(self, c) for c in self.cards)
        return w.says(self.pimp, "puts", f"the top {count(len(self.cards), 'card')} of {their(w, self.pimp)} deck back, top first: {order}")


class BidsRevealed(Event, tag="pimp.BidsRevealed"):
    bids: dict[str, int]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return "Influence bids revealed: " + listing([f"{w.name(p)} {n}" for p, n in self.bids.items()])


class ActivityEnded(Event, tag="pimp.ActivityEnded"):
    kind: str

    def describe(self, words: Words | None = None) -> str:
        return "That action is over"


class InfluenceTestBegan(Event, tag="pimp.InfluenceTestBegan"):
    """A pimp brings an escort whose name is in play for another pimp: they test influence."""

    challenger: str
    holder: str
    name: str
    card: CardFace
    held: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return f"{w.says(self.challenger, 'wants', self.name)}, who works for {w.name(self.holder)}: an influence test"
