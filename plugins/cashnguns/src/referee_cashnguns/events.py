"""Everything that can happen at a Cash'n'Guns table, in the rulebook's words.

Secret choices (a bullet card, a target, the nerve to stay) are recorded at once but
seen only by their gangster until the game reveals them together; a power is seen only
by its holder until ``PowerRevealed``.  Tags are stable: ``cashnguns.<Name>``.  Each
event says what happened in one line (``describe``), for logs and replays.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from referee import Entry, Event, Words, hookimpl
from referee.words import count, listing, money

from .components import CARD_NAMES


def _their(w: Words, gangster: str) -> str:
    return "your" if w.is_reader(gangster) else "their"


def _gun(w: Words, gun: str, gangster: str) -> str:
    """A gangster's own gun as "your gun" or "their gun", a gun taken from the dead as "Cleo's gun"."""
    return f"{_their(w, gangster)} gun" if gun == gangster else f"{w.possessive(gun)} gun"


def _cash(notes: list[int]) -> str:
    return money(sum(notes))


def _notes(notes: list[int]) -> str:
    return listing([money(n) for n in notes], empty="no banknotes")


def _title(power: str) -> str:
    """A power card's title (its name where the game does not know the card)."""
    # Imported here: the powers fold these very events, so they import this module first.
    from .powers import POWERS

    return POWERS.get(power, power)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _inside(text: str) -> str:
    """A clause that opens with the reader ("You aim ...") as it reads inside a sentence."""
    return "you" + text[3:] if text.startswith("You ") else text


class GangstersArmed(Event, tag="cashnguns.GangstersArmed"):
    """Setup: each gangster takes a gun and the same bullet cards."""

    guns: dict[str, str]
    """gun -> its gangster."""
    bullets: list[str]
    rounds: int

    def describe(self, words: Words | None = None) -> str:
        return f"{len(self.guns)} gangsters take a gun and {count(len(self.bullets), 'bullet card')} each"


class LootShuffled(Event, tag="cashnguns.LootShuffled"):
    """Setup: the banknotes lie face down in this order (seen by nobody until the end)."""

    notes: list[int]

    def describe(self, words: Words | None = None) -> str:
        return f"{count(len(self.notes), 'banknote')} lie face down ({_cash(self.notes)} in all)"


class PowerDealt(Event, tag="cashnguns.PowerDealt"):
    """Setup: a gangster's secret special power (seen by that gangster alone)."""

    gangster: str
    power: str

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.gangster, "is dealt", _title(self.power))


class PotRevealed(Event, tag="cashnguns.PotRevealed"):
    """A round begins: banknotes are turned face up and join what was left in the pot."""

    round: int
    notes: list[int]
    pot: list[int]

    def describe(self, words: Words | None = None) -> str:
        waited = sum(self.pot) - sum(self.notes)
        joined = f", joining {money(waited)} left from the last round" if waited else ""
        return f"Round {self.round}: {_notes(self.notes)} turned face up{joined}; the pot holds {_cash(self.pot)}"


class BulletChosen(Event, tag="cashnguns.BulletChosen"):
    """A gangster's secret bullet card for one gun this round."""

    gangster: str
    gun: str
    card: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.gangster, "loads", f"{CARD_NAMES[self.card]} into {_gun(w, self.gun, self.gangster)}")


class PowerRevealed(Event, tag="cashnguns.PowerRevealed"):
    gangster: str
    power: str

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.gangster, "reveals", _title(self.power))


class TargetChosen(Event, tag="cashnguns.TargetChosen"):
    """A gangster's secret target for one gun this round."""

    gangster: str
    gun: str
    target: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        at = f"at {w.name(self.target)}"
        return w.says(self.gangster, "will aim", at if self.gun == self.gangster else f"{_gun(w, self.gun, self.gangster)} {at}")


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

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        aims = []
        for gun, target in self.targets.items():
            if gun in self.holders:
                aims.append(w.says(self.holders[gun], "aims", f"{w.possessive(gun)} gun at {w.name(target)}"))
            else:
                aims.append(w.says(gun, "aims", f"at {w.name(target)}"))
        return "Guns up: " + "; ".join(_inside(aim) for aim in aims)


class NerveShown(Event, tag="cashnguns.NerveShown"):
    """A gangster's secret decision: stay in (brave) or back down (coward)."""

    gangster: str
    brave: bool

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.gangster, "will", "stay in" if self.brave else "back down")


class NervesRevealed(Event, tag="cashnguns.NervesRevealed"):
    brave: list[str]
    cowards: list[str]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        down = w.subjects(self.cowards, "back down") if self.cowards else "nobody backs down"
        stay = w.subjects(self.brave, "stay in") if self.brave else "nobody stays in"
        return f"On three: {_inside(down)}; {_inside(stay)}"


class SatOut(Event, tag="cashnguns.SatOut"):
    """A gangster who delayed his choice sits the round out."""

    gangster: str
    reason: str

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.gangster, "sits", f"the round out ({self.reason})")


class CowardShamed(Event, tag="cashnguns.CowardShamed"):
    gangster: str
    shame: int

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        tips = w.says(self.gangster, "tips", f"{_their(w, self.gangster)} gangster over")
        return f"{tips} and {w.verb(self.gangster, 'takes')} a shame token ({count(self.shame, 'token')} in all)"


class BulletDiscarded(Event, tag="cashnguns.BulletDiscarded"):
    """A bullet card discarded face down, unseen by the others."""

    gangster: str
    gun: str
    card: str
    reason: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        reason = self.reason
        # The showdown's reason names the gangster aimed at (showdown._showdown).
        aimed, out = "aimed at ", ", who is out of the round"
        if reason.startswith(aimed) and reason.endswith(out):
            target = reason.removeprefix(aimed).removesuffix(out)
            reason = f"{aimed}{w.name(target)}, who {'are' if w.is_reader(target) else 'is'} out of the round"
        return w.says(self.gangster, "discards", f"{CARD_NAMES[self.card]} face down ({reason})")


class AimLowered(Event, tag="cashnguns.AimLowered"):
    """A gun pointed at a coward (or at a gangster sitting out) is lowered."""

    gun: str
    gangster: str
    target: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.gangster, "lowers", f"{_gun(w, self.gun, self.gangster)}, aimed at {w.name(self.target)}")


class ShotFired(Event, tag="cashnguns.ShotFired"):
    """A bullet card revealed: Bang! Bang! Bang! first, then the rest."""

    gun: str
    gangster: str
    target: str
    card: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        via = "" if self.gun == self.gangster else f" with {_gun(w, self.gun, self.gangster)}"
        shot = w.says(self.gangster, "shoots", f"{w.name(self.target)}{via}")
        if self.card == "click":
            return f"{shot}: Click! Nothing happens"
        return f"{shot}: {CARD_NAMES[self.card]} {w.says(self.target, 'is', 'hit')}"


class WoundTaken(Event, tag="cashnguns.WoundTaken"):
    gangster: str
    hits: int
    wounds: int
    """Wounds taken now."""
    total: int
    """The gangster's wounds after this."""

    def describe(self, words: Words | None = None) -> str:
        extra = f" from {count(self.hits, 'hit')}" if self.hits != self.wounds else ""
        return (words or Words()).says(self.gangster, "takes", f"{count(self.wounds, 'wound')}{extra} ({self.total} in all)")


class GangsterDied(Event, tag="cashnguns.GangsterDied"):
    gangster: str
    wounds: int

    def describe(self, words: Words | None = None) -> str:
        return (words or Words()).says(self.gangster, "dies", f"with {count(self.wounds, 'wound')}")


class PotSplit(Event, tag="cashnguns.PotSplit"):
    """The standing gangsters share the pot evenly, without change; the rest waits for the
    next round (after the last round, ``last``, nothing follows: it stays on the table)."""

    version: ClassVar[int] = 2

    share: int
    shares: dict[str, list[int]]
    left: list[int]
    last: bool = False
    """The split of the game's last round."""

    @staticmethod
    def upcast_v1_v2(body: dict[str, Any]) -> dict[str, Any]:
        # Version 1 did not say which split was the last one.
        return {**body, "last": body.get("last", False)}

    def _rest(self) -> str:
        return "stays on the table: the game is over" if self.last else "waits for the next round"

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        if not self.shares:
            return f"Nobody is standing: the pot ({_cash(self.left)}) {self._rest()}"
        left = f"; {_cash(self.left)} {self._rest()}" if self.left else ""
        sharers = list(self.shares)
        if not self.share:
            return f"{_sentence(w.names(sharers))} cannot split the pot evenly without change: {_cash(self.left)} {self._rest()}"
        if len(sharers) == 1:
            return f"{w.says(sharers[0], 'takes', 'the pot')}: {money(self.share)}{left}"
        return f"{w.subjects(sharers, 'split', 'the pot')}: {money(self.share)} each{left}"


class MoneyCounted(Event, tag="cashnguns.MoneyCounted"):
    """The end: banknotes, less shame, plus what powers pay."""

    gangster: str
    notes: int
    shame: int
    bonus: int
    total: int
    alive: bool

    @property
    def shame_cost(self) -> int:
        """What the shame tokens cost (the penalty per token is the table's components')."""
        return self.notes + self.bonus - self.total

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        parts = [f"banknotes {money(self.notes)}"]
        if self.shame:
            parts.append(f"{count(self.shame, 'shame token')} {money(-self.shame_cost)}")
        if self.bonus:
            parts.append(f"powers {'+' if self.bonus > 0 else ''}{money(self.bonus)}")
        dead = "" if self.alive else " (dead)"
        return f"{_sentence(w.possessive(self.gangster))} money{dead}: {', '.join(parts)}; {money(self.total)} in all"


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


_HIDDEN = {
    "cashnguns.PowerDealt": ("is dealt", "a special power, face down"),
    "cashnguns.BulletChosen": ("chooses", "a bullet card, face down"),
    "cashnguns.TargetChosen": ("chooses", "whom to aim at"),
    "cashnguns.NerveShown": ("decides", "whether to stay in or back down"),
    "cashnguns.BulletDiscarded": ("discards", "a bullet card, face down"),
    "cashnguns.the-specialist.BangBangBangReloaded": ("gives up", "a bullet card for Bang! Bang! Bang!"),
}
"""What the others may know of a sealed entry: its type and whose it is, nothing more."""


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    """A hidden Cash'n'Guns entry in words, from its header alone ("Bob chooses a bullet card,
    face down"): the gangster is the one seat that may see it."""
    if entry.type == "cashnguns.LootShuffled":
        return "The banknotes are shuffled face down"
    said = _HIDDEN.get(entry.type)
    owners = entry.visible_to or []
    if said is None or len(owners) != 1:
        return None
    return words.says(owners[0], *said)
