"""The state of a Cash'n'Guns table and its mutator (the only code that changes it)."""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Event

from .events import (
    AimLowered,
    BulletChosen,
    BulletDiscarded,
    CowardShamed,
    GangsterDied,
    GangstersArmed,
    LootShuffled,
    MoneyCounted,
    NerveShown,
    NervesRevealed,
    PotRevealed,
    PotSplit,
    PowerDealt,
    PowerRevealed,
    SatOut,
    ShotFired,
    TargetChosen,
    TargetsRevealed,
    WoundTaken,
)


class Gun(msgspec.Struct):
    id: str
    owner: str
    bullets: list[str]
    """Cards still in hand for this gun (each gun has its own, never mixed)."""


class Gangster(msgspec.Struct):
    name: str
    alive: bool = True
    wounds: int = 0
    shame: int = 0
    notes: list[int] = []
    power: str | None = None
    revealed: bool = False
    bonus: int = 0
    total: int | None = None


class Round(msgspec.Struct):
    """This round's choices; cleared when the next round begins."""

    number: int = 0
    step: str = ""
    bullets: dict[str, str] = {}
    targets: dict[str, str] = {}
    shown: dict[str, str] = {}
    """Targets revealed so far (gun -> target)."""
    nerve: dict[str, bool] = {}
    cowards: list[str] = []
    sat_out: list[str] = []
    hits: dict[str, int] = {}
    wounded_hits: dict[str, int] = {}
    """Hits already turned into wounds this round (Bang! Bang! Bang!'s come first)."""
    wounds: dict[str, int] = {}
    """Wounds taken this round."""
    fired: dict[str, str] = {}
    """Guns whose card was revealed (gun -> card)."""
    discarded: dict[str, str] = {}
    """Guns whose card was discarded face down, unfired (gun -> card): each card only its
    owner saw; that some card was discarded is public."""
    dead: list[str] = []
    ended_early: bool = False
    """The round ended before the split (The Insane's grenade)."""
    claimants: list[str] = []


class CashNGuns(msgspec.Struct):
    gangsters: dict[str, Gangster]
    guns: dict[str, Gun] = {}
    rounds: int = 0
    loot: list[int] = []
    pot: list[int] = []
    round: Round = msgspec.field(default_factory=Round)
    powers: dict[str, dict[str, Any]] = {}
    """Each power plugin's own bookkeeping, under its name."""

    def living(self) -> list[str]:
        return [g.name for g in self.gangsters.values() if g.alive]

    def guns_of(self, gangster: str) -> list[Gun]:
        return [gun for gun in self.guns.values() if gun.owner == gangster]

    def standing(self) -> list[str]:
        """Living gangsters still upright this round: not cowards, not sitting out, not hit."""
        r = self.round
        return [n for n in self.living() if n not in r.cowards and n not in r.sat_out and not r.hits.get(n)]


def evolve(game: CashNGuns, event: Event) -> None:
    r = game.round
    match event:
        case GangstersArmed():
            game.rounds = event.rounds
            for gun, owner in event.guns.items():
                game.guns[gun] = Gun(id=gun, owner=owner, bullets=list(event.bullets))
        case LootShuffled():
            game.loot = list(event.notes)
        case PowerDealt():
            game.gangsters[event.gangster].power = event.power
        case PotRevealed():
            game.round = Round(number=event.round, step="bullets")
            del game.loot[: len(event.notes)]
            game.pot = list(event.pot)
        case BulletChosen():
            game.guns[event.gun].bullets.remove(event.card)
            r.bullets[event.gun] = event.card
        case PowerRevealed():
            gangster = game.gangsters[event.gangster]
            gangster.power, gangster.revealed = event.power, True
        case TargetChosen():
            r.targets[event.gun] = event.target
        case TargetsRevealed():
            r.shown.update(event.targets)
        case NerveShown():
            r.nerve[event.gangster] = event.brave
        case NervesRevealed():
            r.cowards = list(event.cowards)
        case SatOut():
            r.sat_out.append(event.gangster)
        case CowardShamed():
            game.gangsters[event.gangster].shame = event.shame
        case BulletDiscarded():
            r.bullets.pop(event.gun, None)
            r.discarded[event.gun] = event.card
        case AimLowered():
            r.shown.pop(event.gun, None)
        case ShotFired():
            r.fired[event.gun] = event.card
            r.bullets.pop(event.gun, None)
            if event.card != "click":
                r.hits[event.target] = r.hits.get(event.target, 0) + 1
        case WoundTaken():
            game.gangsters[event.gangster].wounds = event.total
            r.wounded_hits[event.gangster] = r.wounded_hits.get(event.gangster, 0) + event.hits
            r.wounds[event.gangster] = r.wounds.get(event.gangster, 0) + event.wounds
            r.hits[event.gangster] = max(r.hits.get(event.gangster, 0), r.wounded_hits[event.gangster])
        case GangsterDied():
            game.gangsters[event.gangster].alive = False
            r.dead.append(event.gangster)
        case PotSplit():
            for name, notes in event.shares.items():
                game.gangsters[name].notes.extend(notes)
            game.pot = list(event.left)
        case MoneyCounted():
            counted = game.gangsters[event.gangster]
            counted.bonus, counted.total = event.bonus, event.total
