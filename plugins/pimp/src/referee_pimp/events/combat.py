"""Events of combat: "Having bitches attack another bitch in the street" (or in a pad),
the fight tests and hits, and "Having a bitch trash an opponent's pad"."""

from __future__ import annotations

import msgspec

from referee import Event
from referee.words import Words

from .words import bares, card, cards, sentence


class CombatStarted(Event, tag="pimp.CombatStarted"):
    attacker: str
    defender: str
    where: str
    attackers: list[str]
    defenders: list[str]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        where = "the street" if self.where == "street" else f"{w.possessive(self.defender)} pad"
        return sentence(f"{w.says(self.attacker, 'starts', f'a fight with {w.name(self.defender)}')} in {where}")


class AttacksAnnounced(Event, tag="pimp.AttacksAnnounced"):
    side: str
    attacks: dict[str, str]
    """attacking bitch -> the bitch she attacks."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        side = "The attackers" if self.side == "attack" else "The defenders"
        return f"{side} announce their attacks: " + "; ".join(
            f"{card(w, self, s)} attacks {card(w, self, t)}" for s, t in self.attacks.items()
        )


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

    def describe(self, words: Words | None = None) -> str:
        bonus = f" + {self.bonus} bonus" if self.bonus else ""
        return sentence(f"{card(words or Words(), self, self.card)}'s fight test: {self.fight} + power {self.power}{bonus} = {self.total}")


class HitScored(Event, tag="pimp.HitScored"):
    card: str
    by: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence(f"{card(w, self, self.card)} takes a hit from {cards(w, self, self.by)}")


class PadTrashed(Event, tag="pimp.PadTrashed"):
    pimp: str
    victim: str
    card: str
    fight: int
    power: int
    damage: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence(
            f"{card(w, self, self.card)} trashes {w.possessive(self.victim)} pad: "
            f"({self.fight} + {self.power}) / 5, rounded up = {self.damage} influence"
        )


class AttackDeclared(Event, tag="pimp.AttackDeclared"):
    pimp: str
    victim: str
    where: str
    """``street`` or ``pad``."""
    target: str
    attackers: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        where = "the street" if self.where == "street" else f"{w.possessive(self.victim)} pad"
        verb = "attacks" if len(self.attackers) == 1 else "attack"
        return sentence(f"{cards(w, self, self.attackers)} {verb} {card(w, self, self.target)} in {where}")


class DefendersJoined(Event, tag="pimp.DefendersJoined"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        if not self.bitches:
            return w.says(self.pimp, "brings", "nobody in to even the numbers")
        return w.says(self.pimp, "sends", f"{bares(self, self.bitches)} to even the numbers")


class CombatEnded(Event, tag="pimp.CombatEnded"):
    retired: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self, words: Words | None = None) -> str:
        if not self.retired:
            return "The police turn up; nobody retires hurt"
        verb = "retires" if len(self.retired) == 1 else "retire"
        return f"The police turn up; {cards(words or Words(), self, self.retired)} {verb} hurt"
