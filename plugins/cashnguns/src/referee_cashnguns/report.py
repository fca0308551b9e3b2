"""One line of plain text for every Cash'n'Guns event."""

from __future__ import annotations

from referee import Event, RoundBegan, hookimpl

from .components import CARD_NAMES, dollars
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
from .powers import POWERS


def _gun(gun: str, gangster: str) -> str:
    return "their gun" if gun == gangster else f"{gun}'s gun"


def _cash(notes: list[int]) -> str:
    return f"${sum(notes):,}"


def describe(event: Event) -> str | None:
    match event:
        case RoundBegan():
            return f"round {event.round} begins"
        case GangstersArmed():
            return f"{len(event.guns)} gangsters take a gun and {len(event.bullets)} bullet cards each"
        case LootShuffled():
            return f"{len(event.notes)} banknotes lie face down ({_cash(event.notes)})"
        case PowerDealt():
            return f"{event.gangster} is dealt {POWERS.get(event.power, event.power)}"
        case PotRevealed():
            return f"the pot: {', '.join(f'${n:,}' for n in event.notes)} turned up; {_cash(event.pot)} in all"
        case BulletChosen():
            return f"{event.gangster} loads {CARD_NAMES[event.card]} into {_gun(event.gun, event.gangster)}"
        case PowerRevealed():
            return f"{event.gangster} reveals {POWERS.get(event.power, event.power)}"
        case TargetChosen():
            return f"{event.gangster} will aim {_gun(event.gun, event.gangster)} at {event.target}"
        case TargetsRevealed():
            return "guns up: " + ", ".join(
                f"{event.holders[gun]} aims {gun}'s gun at {target}" if gun in event.holders else f"{gun} aims at {target}"
                for gun, target in event.targets.items()
            )
        case NerveShown():
            return f"{event.gangster} will {'stay in' if event.brave else 'back down'}"
        case NervesRevealed():
            return f"on three: {', '.join(event.cowards) or 'nobody'} backs down" + (
                f"; {', '.join(event.brave)} stay in" if event.brave else ""
            )
        case SatOut():
            return f"{event.gangster} sits the round out ({event.reason})"
        case CowardShamed():
            return f"{event.gangster} tips their gangster over and takes a shame token ({event.shame} in all)"
        case BulletDiscarded():
            return f"{event.gangster} discards {CARD_NAMES[event.card]} face down ({event.reason})"
        case AimLowered():
            return f"{event.gangster} lowers {_gun(event.gun, event.gangster)}, aimed at {event.target}"
        case ShotFired():
            what = "Click! Nothing happens" if event.card == "click" else f"{CARD_NAMES[event.card]} {event.target} is hit"
            via = "" if event.gun == event.gangster else f" with {event.gun}'s gun"
            return f"{event.gangster} shoots {event.target}{via}: {what}"
        case WoundTaken():
            extra = f" from {event.hits} hits" if event.hits != event.wounds else ""
            return f"{event.gangster} takes {event.wounds} wound{'s' if event.wounds != 1 else ''}{extra} ({event.total} in all)"
        case GangsterDied():
            return f"{event.gangster} dies with {event.wounds} wounds"
        case PotSplit():
            if not event.shares:
                return f"nobody is standing: the pot ({_cash(event.left)}) waits for the next round"
            shares = ", ".join(event.shares)
            left = f"; {_cash(event.left)} waits for the next round" if event.left else ""
            return f"{shares} split the pot: ${event.share:,} each{left}"
        case MoneyCounted():
            parts = [f"notes ${event.notes:,}"]
            if event.shame:
                parts.append(f"{event.shame} shame")
            if event.bonus:
                parts.append(f"powers {event.bonus:+,}")
            return f"{event.gangster}{'' if event.alive else ' (dead)'}: {', '.join(parts)} = {dollars(event.total)}"
    return None


@hookimpl
def referee_describe(event: Event) -> str | None:
    return describe(event)
