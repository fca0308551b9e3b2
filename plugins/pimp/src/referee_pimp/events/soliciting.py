"""Events of soliciting: "Rolling on the solicitation table", "Servicing punters" (the
looks tests, doing the business) and the "Special encounters" (psycho punter, moral
crackdown, police bust)."""

from __future__ import annotations

import msgspec

from referee import Event
from referee.words import Words, count, money

from .words import bares, card, cards, sentence

ENCOUNTERS = {
    "psycho-punter": "a psycho punter",
    "police-bust": "a police bust",
    "moral-crackdown": "a moral crackdown",
    "runaway": "a runaway",
    "zero-tolerance": "zero tolerance",
}
"""The special encounters as the log names them (the Solicitation Sheet's ids)."""


def _result(result: str) -> str:
    """What a roll on the solicitation table brought: a special encounter, or punters wanting a service."""
    return ENCOUNTERS.get(result) or f"punters wanting {result.replace('-', ' ')}"


class SolicitationRolled(Event, tag="pimp.SolicitationRolled"):
    pimp: str
    card: str
    tens: int
    units: int
    roll: int
    result: str
    """A service, or one of the special encounters."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        return sentence(
            f"{card(words or Words(), self, self.card)} solicits: {self.roll} on the solicitation table, {_result(self.result)}"
        )


class PuntersRolled(Event, tag="pimp.PuntersRolled"):
    die: int
    punters: int
    service: str
    price: int
    stamina: int

    def describe(self, words: Words | None = None) -> str:
        verb = "wants" if self.punters == 1 else "want"
        return f"{count(self.punters, 'punter')} (d10: {self.die}) {verb} {self.service}, {money(self.price)} each"


class OfferPutToTheStreet(Event, tag="pimp.OfferPutToTheStreet"):
    service: str
    sent: dict[str, list[str]]
    """pimp -> bitches sent to the punters' car."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        sent = "; ".join(w.says(p, "sends", bares(self, b)) for p, b in self.sent.items())
        return f"The offer ({self.service}) goes to the street: " + (sent or "nobody comes forward")


class LooksTested(Event, tag="pimp.LooksTested"):
    card: str
    looks: int
    powers: list[int]
    total: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        powers = " + ".join(f"power {p}" for p in self.powers)
        return sentence(f"{card(words or Words(), self, self.card)}'s looks test: {self.looks} + {powers} = {self.total}")


class PuntersChose(Event, tag="pimp.PuntersChose"):
    card: str
    pimp: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        return f"The punters choose {card(words or Words(), self, self.card)}"


class PuntersDroveAway(Event, tag="pimp.PuntersDroveAway"):
    service: str
    reason: str

    def describe(self, words: Words | None = None) -> str:
        return f"The punters drive away ({self.reason})"


class StaminaTested(Event, tag="pimp.StaminaTested"):
    card: str
    punter: int
    stamina: int
    power: int
    total: int
    target: int
    passed: bool
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        return sentence(
            f"{card(words or Words(), self, self.card)}'s stamina test for punter {self.punter}: {self.stamina} + power {self.power} = "
            f"{self.total} against {self.target}: {'passed' if self.passed else 'failed'}"
        )


class ShaggedOut(Event, tag="pimp.ShaggedOut"):
    card: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        return sentence(f"{card(words or Words(), self, self.card)} is shagged out")


class PuntersPaid(Event, tag="pimp.PuntersPaid"):
    card: str
    punters: int
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        verb = "pays" if self.punters == 1 else "pay"
        return sentence(f"{count(self.punters, 'punter')} {verb} {card(words or Words(), self, self.card)} {money(self.amount)}")


class PsychoPunterRolled(Event, tag="pimp.PsychoPunterRolled"):
    card: str
    fight: int
    controller: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return (
            f"A psycho punter with fight {self.fight} picks {card(w, self, self.card)}; "
            f"{w.name(self.controller)} {w.verb(self.controller, 'draws')} for the punter"
        )


class BribeDemanded(Event, tag="pimp.BribeDemanded"):
    pimp: str
    amount: int

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return f"Police bust: {w.name(self.pimp)} must pay a {money(self.amount)} bribe by the end of Doing Shit"


class BribeAtRisk(Event, tag="pimp.BribeAtRisk"):
    """Buying influence left the money pile short of the police bribe due: "You must pay a
    bribe in green money tokens from your money pile to the police, by the end of your do
    shit phase, or be out of the game"."""

    pimp: str
    money: int
    bribe: int

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence(
            f"Warning: {w.possessive(self.pimp)} money pile ({money(self.money)}) no longer covers the {money(self.bribe)} police bribe; "
            f"unless {w.name(self.pimp)} {w.verb(self.pimp, 'puts')} money back in it by the end of Doing Shit, "
            f"{w.name(self.pimp)} {w.verb(self.pimp, 'is')} out of the game"
        )


class LooksTestStarted(Event, tag="pimp.LooksTestStarted"):
    service: str
    punters: int
    price: int
    stamina: int
    order: list[str]
    """Bitches in the order they test: lowest looks first."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        return (
            f"Looks tests for {count(self.punters, 'punter')} wanting {self.service}, lowest looks first: "
            f"{cards(words or Words(), self, self.order)}"
        )


class BusinessStarted(Event, tag="pimp.BusinessStarted"):
    card: str
    service: str
    punters: int
    price: int
    stamina: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        return sentence(
            f"{card(words or Words(), self, self.card)} does the business: {count(self.punters, 'punter')}, {self.service}, "
            f"{money(self.price)} each, stamina target {self.stamina}"
        )


class BitchesSent(Event, tag="pimp.BitchesSent"):
    """A pimp's secret choice of bitches sent to the punters' car."""

    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.pimp, "sends", f"{bares(self, self.bitches)} to the punters' car")


class CrackdownBegan(Event, tag="pimp.CrackdownBegan"):
    """Moral crackdown: every pimp sacrifices their costliest bitch in play."""

    def describe(self, words: Words | None = None) -> str:
        return "Moral crackdown: every pimp sacrifices their costliest bitch"
