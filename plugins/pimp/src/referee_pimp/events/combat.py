"""Events of combat: "Having bitches attack another bitch in the street" (or in a pad),
the fight tests and hits, and "Having a bitch trash an opponent's pad"."""

from __future__ import annotations

import msgspec

from referee import Event

from .words import _all, _n


class CombatStarted(Event, tag="pimp.CombatStarted"):
    attacker: str
    defender: str
    where: str
    attackers: list[str]
    defenders: list[str]


class AttacksAnnounced(Event, tag="pimp.AttacksAnnounced"):
    side: str
    attacks: dict[str, str]
    """attacking bitch -> the bitch she attacks."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        side = "the attackers" if self.side == "attack" else "the defenders"
        return f"{side} announce their attacks: " + "; ".join(f"{_n(self, s)} attacks {_n(self, t)}" for s, t in self.attacks.items())


class FightTested(Event, tag="pimp.FightTested"):
    stage: str
    """``attack`` (the attacker's bitches strike) or ``counter`` (the defenders strike back)."""
    card: str
    fight: int
    power: int
    bonus: int
    total: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        bonus = f" +{self.bonus}" if self.bonus else ""
        return f"{_n(self, self.card)}'s fight test: {self.fight} + power {self.power}{bonus} = {self.total}"


class HitScored(Event, tag="pimp.HitScored"):
    card: str
    by: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)} takes a hit from {_all(self, self.by)}"


class PadTrashed(Event, tag="pimp.PadTrashed"):
    pimp: str
    victim: str
    card: str
    fight: int
    power: int
    damage: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)} trashes {self.victim}'s pad: ({self.fight} + {self.power}) / 5, rounded up = {self.damage} influence"


class AttackDeclared(Event, tag="pimp.AttackDeclared"):
    pimp: str
    victim: str
    where: str
    """``street`` or ``pad``."""
    target: str
    attackers: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        where = "the street" if self.where == "street" else f"{self.victim}'s pad"
        verb = "attacks" if len(self.attackers) == 1 else "attack"
        return f"{_all(self, self.attackers)} {verb} {_n(self, self.target)} in {where}"


class DefendersJoined(Event, tag="pimp.DefendersJoined"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{self.pimp} sends {_all(self, self.bitches)} to even the numbers"


class CombatEnded(Event, tag="pimp.CombatEnded"):
    retired: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return "the police turn up; " + (f"{_all(self, self.retired)} retire hurt" if self.retired else "nobody retires hurt")
