"""Everything that can happen at a Cash'n'Guns table, in the rulebook's words.

Secret choices (a bullet card, a target, the nerve to stay) are recorded at once but
seen only by their gangster until the game reveals them together; a power is seen only
by its holder until ``PowerRevealed``.  Tags are stable: ``cashnguns.<Name>``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from referee import Event


class GangstersArmed(Event, tag="cashnguns.GangstersArmed"):
    """Setup: each gangster takes a gun and the same bullet cards."""

    guns: dict[str, str]
    """gun -> its gangster."""
    bullets: list[str]
    rounds: int


class LootShuffled(Event, tag="cashnguns.LootShuffled"):
    """Setup: the banknotes lie face down in this order (seen by nobody until the end)."""

    notes: list[int]


class PowerDealt(Event, tag="cashnguns.PowerDealt"):
    """Setup: a gangster's secret special power (seen by that gangster alone)."""

    gangster: str
    power: str


class PotRevealed(Event, tag="cashnguns.PotRevealed"):
    """A round begins: banknotes are turned face up and join what was left in the pot."""

    round: int
    notes: list[int]
    pot: list[int]


class BulletChosen(Event, tag="cashnguns.BulletChosen"):
    """A gangster's secret bullet card for one gun this round."""

    gangster: str
    gun: str
    card: str


class PowerRevealed(Event, tag="cashnguns.PowerRevealed"):
    gangster: str
    power: str


class TargetChosen(Event, tag="cashnguns.TargetChosen"):
    """A gangster's secret target for one gun this round."""

    gangster: str
    gun: str
    target: str


class TargetsRevealed(Event, tag="cashnguns.TargetsRevealed"):
    """On three, guns point at their targets (gun -> target)."""

    version: ClassVar[int] = 2

    targets: dict[str, str]
    holders: dict[str, str] = msgspec.field(default_factory=dict)
    """gun -> the gangster holding it, for a gun taken from a dead gangster (whose name is
    still the gun's id), so its shots are worded as the holder's."""

    @staticmethod
    def upcast_v1_v2(body: dict[str, Any]) -> dict[str, Any]:
        # Version 1 logs named guns only; a taken gun's holder is then not recorded.
        return {**body, "holders": body.get("holders", {})}


class NerveShown(Event, tag="cashnguns.NerveShown"):
    """A gangster's secret decision: stay in (brave) or back down (coward)."""

    gangster: str
    brave: bool


class NervesRevealed(Event, tag="cashnguns.NervesRevealed"):
    brave: list[str]
    cowards: list[str]


class SatOut(Event, tag="cashnguns.SatOut"):
    """A gangster who delayed his choice sits the round out."""

    gangster: str
    reason: str


class CowardShamed(Event, tag="cashnguns.CowardShamed"):
    gangster: str
    shame: int


class BulletDiscarded(Event, tag="cashnguns.BulletDiscarded"):
    """A bullet card discarded face down, unseen by the others."""

    gangster: str
    gun: str
    card: str
    reason: str


class AimLowered(Event, tag="cashnguns.AimLowered"):
    """A gun pointed at a coward (or at a gangster sitting out) is lowered."""

    gun: str
    gangster: str
    target: str


class ShotFired(Event, tag="cashnguns.ShotFired"):
    """A bullet card revealed: Bang! Bang! Bang! first, then the rest."""

    gun: str
    gangster: str
    target: str
    card: str


class WoundTaken(Event, tag="cashnguns.WoundTaken"):
    gangster: str
    hits: int
    wounds: int
    """Wounds taken now."""
    total: int
    """The gangster's wounds after this."""


class GangsterDied(Event, tag="cashnguns.GangsterDied"):
    gangster: str
    wounds: int


class PotSplit(Event, tag="cashnguns.PotSplit"):
    """The standing gangsters share the pot evenly, without change; the rest waits."""

    share: int
    shares: dict[str, list[int]]
    left: list[int]


class MoneyCounted(Event, tag="cashnguns.MoneyCounted"):
    """The end: banknotes, less shame, plus what powers pay."""

    gangster: str
    notes: int
    shame: int
    bonus: int
    total: int
    alive: bool


EVENT_TYPES: tuple[type[Event], ...] = (
    GangstersArmed,
    LootShuffled,
    PowerDealt,
    PotRevealed,
    BulletChosen,
    PowerRevealed,
    TargetChosen,
    TargetsRevealed,
    NerveShown,
    NervesRevealed,
    SatOut,
    CowardShamed,
    BulletDiscarded,
    AimLowered,
    ShotFired,
    WoundTaken,
    GangsterDied,
    PotSplit,
    MoneyCounted,
)
