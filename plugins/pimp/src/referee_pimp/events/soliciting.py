"""Events of soliciting: "Rolling on the solicitation table", "Servicing punters" (the
looks tests, doing the business) and the "Special encounters" (psycho punter, moral
crackdown, police bust)."""

from __future__ import annotations

import msgspec

from referee import Event

from .words import _all, _money, _n, _plural


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

    def describe(self) -> str:
        return f"{_n(self, self.card)} solicits: {self.roll} on the solicitation table, {self.result}"


class PuntersRolled(Event, tag="pimp.PuntersRolled"):
    die: int
    punters: int
    service: str
    price: int
    stamina: int

    def describe(self) -> str:
        return f"{_plural(self.punters, 'punter')} (d10 {self.die}) wanting {self.service}"


class OfferPutToTheStreet(Event, tag="pimp.OfferPutToTheStreet"):
    service: str
    sent: dict[str, list[str]]
    """pimp -> bitches sent to the punters' car."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"the offer ({self.service}) goes to the street: " + (
            "; ".join(f"{p} sends {_all(self, b)}" for p, b in self.sent.items()) or "nobody comes forward"
        )


class LooksTested(Event, tag="pimp.LooksTested"):
    card: str
    looks: int
    powers: list[int]
    total: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)}'s looks test: {self.looks} + {' + '.join(map(str, self.powers))} = {self.total}"


class PuntersChose(Event, tag="pimp.PuntersChose"):
    card: str
    pimp: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"the punters choose {_n(self, self.card)}"


class PuntersDroveAway(Event, tag="pimp.PuntersDroveAway"):
    service: str
    reason: str

    def describe(self) -> str:
        return f"the punters drive away ({self.reason})"


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

    def describe(self) -> str:
        return (
            f"{_n(self, self.card)}'s stamina test for punter {self.punter}: {self.stamina} + {self.power} = {self.total} "
            f"against {self.target}: {'passed' if self.passed else 'failed'}"
        )


class ShaggedOut(Event, tag="pimp.ShaggedOut"):
    card: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)} is shagged out"


class PuntersPaid(Event, tag="pimp.PuntersPaid"):
    card: str
    punters: int
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_plural(self.punters, 'punter')} pay {_n(self, self.card)} {_money(self.amount)}"


class PsychoPunterRolled(Event, tag="pimp.PsychoPunterRolled"):
    card: str
    fight: int
    controller: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"a psycho punter with fight {self.fight} picks {_n(self, self.card)}; {self.controller} draws for the punter"


class BribeDemanded(Event, tag="pimp.BribeDemanded"):
    pimp: str
    amount: int

    def describe(self) -> str:
        return f"police bust: {self.pimp} must pay a {_money(self.amount)} bribe by the end of Doing Shit"


class LooksTestStarted(Event, tag="pimp.LooksTestStarted"):
    service: str
    punters: int
    price: int
    stamina: int
    order: list[str]
    """Bitches in the order they test: lowest looks first."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"looks tests for {_plural(self.punters, 'punter')} wanting {self.service}, lowest looks first: {_all(self, self.order)}"


class BusinessStarted(Event, tag="pimp.BusinessStarted"):
    card: str
    service: str
    punters: int
    price: int
    stamina: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return (
            f"{_n(self, self.card)} does the business: {_plural(self.punters, 'punter')}, {self.service}, "
            f"{_money(self.price)} each, stamina target {self.stamina}"
        )


class BitchesSent(Event, tag="pimp.BitchesSent"):
    """A pimp's secret choice of bitches sent to the punters' car."""

    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{self.pimp} sends {_all(self, self.bitches)} to the punters' car"


class CrackdownBegan(Event, tag="pimp.CrackdownBegan"):
    """Moral crackdown: every pimp sacrifices their costliest bitch in play."""

    def describe(self) -> str:
        return "moral crackdown: every pimp sacrifices their costliest bitch"
