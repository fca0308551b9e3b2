"""Events of the turn around Doing Shit, and of the tokens every phase changes.

"Drawing starting hand" and "Recruitment" (``CardDrawn``), "Pay Dues" (the shagged out
counters come off), "Retirement" (hand limit 5), "Winning / ending the game" (a pimp out,
the bribe paid, the money counted); and the red and green tokens, the money on a bitch and
the retirement pile, which combat, soliciting and the influence test change too.
"""

from __future__ import annotations

import re

import msgspec

from referee import Event
from referee.words import Words, money

from .words import CardFace, bare, card, cards, sentence, their


class CardDrawn(Event, tag="pimp.CardDrawn"):
    """A card from the top of a pimp's deck into their hand (seen by them alone)."""

    pimp: str
    card: str
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.pimp, "draws", f"{bare(self, self.card)} into {their(w, self.pimp)} hand ({self.reason})")


class InfluenceChanged(Event, tag="pimp.InfluenceChanged"):
    """Red tokens gained or lost (never below zero)."""

    pimp: str
    change: int
    influence: int
    reason: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        verb = "gains" if self.change > 0 else "loses"
        return f"{w.says(self.pimp, verb, f'{abs(self.change)} influence')} ({self.reason}): {self.influence} now"


class MoneyChanged(Event, tag="pimp.MoneyChanged"):
    """Green tokens in a pimp's money pile gained or lost (never below zero)."""

    pimp: str
    change: int
    money: int
    reason: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        verb = "gains" if self.change > 0 else "pays"
        return (
            f"{w.says(self.pimp, verb, money(abs(self.change)))} ({self.reason}): {money(self.money)} in {their(w, self.pimp)} money pile"
        )


class ShaggedOutCleared(Event, tag="pimp.ShaggedOutCleared"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        return f"The shagged out counters come off {cards(words or Words(), self, self.bitches)}"


class BitchRetired(Event, tag="pimp.BitchRetired"):
    """A card onto its pimp's retirement pile (or back to the hand, as Tame Shrink says)."""

    pimp: str
    card: CardFace
    to: str
    """``retired`` or ``hand``."""
    reason: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        where = f"goes back to {w.possessive(self.pimp)} hand" if self.to == "hand" else "is retired"
        return sentence(f"{w.possessive(self.pimp)} {self.card.shown} {where} ({self.reason})")


class MoneyOnBitch(Event, tag="pimp.MoneyOnBitch"):
    """Green tokens put on, taken from or moved between bitches."""

    card: str
    change: int
    money: int
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        verb = "gets" if self.change > 0 else "loses"
        left = f": {money(self.money)} on her" if self.money else ""
        return sentence(f"{card(words or Words(), self, self.card)} {verb} {money(abs(self.change))} ({self.reason}){left}")


class BribePaid(Event, tag="pimp.BribePaid"):
    pimp: str
    amount: int

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.pimp, "pays", f"the police {money(self.amount)}")


class PimpOut(Event, tag="pimp.PimpOut"):
    """A pimp is out of the game."""

    pimp: str
    reason: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        # The reason speaks of the pimp as "they" ("ended their retirement phase ...").
        reason = re.sub(r"\btheir\b", "your", self.reason) if w.is_reader(self.pimp) else self.reason
        return f"{w.says(self.pimp, 'is', 'out of the game')}: {reason}"


class CardDiscarded(Event, tag="pimp.CardDiscarded"):
    """Retirement: a card from the hand onto the retirement pile (face up)."""

    pimp: str
    card: CardFace

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.pimp, "retires", f"{self.card.shown} from {their(w, self.pimp)} hand")


class MoneyCounted(Event, tag="pimp.MoneyCounted"):
    pimp: str
    money: int
    out: bool

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence(f"{w.possessive(self.pimp)} money pile: {money(self.money)}" + (" (out of the game)" if self.out else ""))
