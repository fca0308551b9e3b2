"""Everything that can happen at a Cash'n'Guns table, in the rulebook's words.

Secret choices (a bullet card, a target, the nerve to stay) are recorded at once but
seen only by their gangster until the game reveals them together; a power is seen only
by its holder until ``PowerRevealed``.  Tags are stable: ``cashnguns.<Name>``.  Each
event says what happened in one line (``describe``), for logs and replays.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from referee import Event

from .components import CARD_NAMES, dollars


def _gun(gun: str, gangster: str) -> str:
    return "their gun" if gun == gangster else f"{gun}'s gun"


def _cash(notes: list[int]) -> str:
    return f"${sum(notes):,}"


def _title(power: str) -> str:
    """A power card's title (its name where the game does not know the card)."""
    # Imported here: the powers fold these very events, so they import this module first.
    from .powers import POWERS

    return POWERS.get(power, power)


class GangstersArmed(Event, tag="cashnguns.GangstersArmed"):
    """Setup: each gangster takes a gun and the same bullet cards."""

    guns: dict[str, str]
    """gun -> its gangster."""
    bullets: list[str]
    rounds: int

    def describe(self) -> str:
        return f"{len(self.guns)} gangsters take a gun and {len(self.bullets)} bullet cards each"


class LootShuffled(Event, tag="cashnguns.LootShuffled"):
    """Setup: the banknotes lie face down in this order (seen by nobody until the end)."""

    notes: list[int]

    def describe(self) -> str:
        return f"{len(self.notes)} banknotes lie face down ({_cash(self.notes)})"


class PowerDealt(Event, tag="cashnguns.PowerDealt"):
    """Setup: a gangster's secret special power (seen by that gangster alone)."""

    gangster: str
    power: str

    def describe(self) -> str:
        return f"{self.gangster} is dealt {_title(self.power)}"


class PotRevealed(Event, tag="cashnguns.PotRevealed"):
    """A round begins: banknotes are turned face up and join what was left in the pot."""

    round: int
    notes: list[int]
    pot: list[int]

    def describe(self) -> str:
        return f"the pot: {', '.join(f'${n:,}' for n in self.notes)} turned up; {_cash(self.pot)} in all"


class BulletChosen(Event, tag="cashnguns.BulletChosen"):
    """A gangster's secret bullet card for one gun this round."""

    gangster: str
    gun: str
    card: str

    def describe(self) -> str:
        return f"{self.gangster} loads {CARD_NAMES[self.card]} into {_gun(self.gun, self.gangster)}"


class PowerRevealed(Event, tag="cashnguns.PowerRevealed"):
    gangster: str
    power: str

    def describe(self) -> str:
        return f"{self.gangster} reveals {_title(self.power)}"


class TargetChosen(Event, tag="cashnguns.TargetChosen"):
    """A gangster's secret target for one gun this round."""

    gangster: str
    gun: str
    target: str

    def describe(self) -> str:
        return f"{self.gangster} will aim {_gun(self.gun, self.gangster)} at {self.target}"


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

    def describe(self) -> str:
        return "guns up: " + ", ".join(
            f"{self.holders[gun]} aims {gun}'s gun at {target}" if gun in self.holders else f"{gun} aims at {target}"
            for gun, target in self.targets.items()
        )


class NerveShown(Event, tag="cashnguns.NerveShown"):
    """A gangster's secret decision: stay in (brave) or back down (coward)."""

    gangster: str
    brave: bool

    def describe(self) -> str:
        return f"{self.gangster} will {'stay in' if self.brave else 'back down'}"


class NervesRevealed(Event, tag="cashnguns.NervesRevealed"):
    brave: list[str]
    cowards: list[str]

    def describe(self) -> str:
        return f"on three: {', '.join(self.cowards) or 'nobody'} backs down" + (f"; {', '.join(self.brave)} stay in" if self.brave else "")


class SatOut(Event, tag="cashnguns.SatOut"):
    """A gangster who delayed his choice sits the round out."""

    gangster: str
    reason: str

    def describe(self) -> str:
        return f"{self.gangster} sits the round out ({self.reason})"


class CowardShamed(Event, tag="cashnguns.CowardShamed"):
    gangster: str
    shame: int

    def describe(self) -> str:
        return f"{self.gangster} tips their gangster over and takes a shame token ({self.shame} in all)"


class BulletDiscarded(Event, tag="cashnguns.BulletDiscarded"):
    """A bullet card discarded face down, unseen by the others."""

    gangster: str
    gun: str
    card: str
    reason: str

    def describe(self) -> str:
        return f"{self.gangster} discards {CARD_NAMES[self.card]} face down ({self.reason})"


class AimLowered(Event, tag="cashnguns.AimLowered"):
    """A gun pointed at a coward (or at a gangster sitting out) is lowered."""

    gun: str
    gangster: str
    target: str

    def describe(self) -> str:
        return f"{self.gangster} lowers {_gun(self.gun, self.gangster)}, aimed at {self.target}"


class ShotFired(Event, tag="cashnguns.ShotFired"):
    """A bullet card revealed: Bang! Bang! Bang! first, then the rest."""

    gun: str
    gangster: str
    target: str
    card: str

    def describe(self) -> str:
        what = "Click! Nothing happens" if self.card == "click" else f"{CARD_NAMES[self.card]} {self.target} is hit"
        via = "" if self.gun == self.gangster else f" with {self.gun}'s gun"
        return f"{self.gangster} shoots {self.target}{via}: {what}"


class WoundTaken(Event, tag="cashnguns.WoundTaken"):
    gangster: str
    hits: int
    wounds: int
    """Wounds taken now."""
    total: int
    """The gangster's wounds after this."""

    def describe(self) -> str:
        extra = f" from {self.hits} hits" if self.hits != self.wounds else ""
        return f"{self.gangster} takes {self.wounds} wound{'s' if self.wounds != 1 else ''}{extra} ({self.total} in all)"


class GangsterDied(Event, tag="cashnguns.GangsterDied"):
    gangster: str
    wounds: int

    def describe(self) -> str:
        return f"{self.gangster} dies with {self.wounds} wounds"


class PotSplit(Event, tag="cashnguns.PotSplit"):
    """The standing gangsters share the pot evenly, without change; the rest waits."""

    share: int
    shares: dict[str, list[int]]
    left: list[int]

    def describe(self) -> str:
        if not self.shares:
            return f"nobody is standing: the pot ({_cash(self.left)}) waits for the next round"
        shares = ", ".join(self.shares)
        left = f"; {_cash(self.left)} waits for the next round" if self.left else ""
        return f"{shares} split the pot: ${self.share:,} each{left}"


class MoneyCounted(Event, tag="cashnguns.MoneyCounted"):
    """The end: banknotes, less shame, plus what powers pay."""

    gangster: str
    notes: int
    shame: int
    bonus: int
    total: int
    alive: bool

    def describe(self) -> str:
        parts = [f"notes ${self.notes:,}"]
        if self.shame:
            parts.append(f"{self.shame} shame")
        if self.bonus:
            parts.append(f"powers {self.bonus:+,}")
        return f"{self.gangster}{'' if self.alive else ' (dead)'}: {', '.join(parts)} = {dollars(self.total)}"


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
