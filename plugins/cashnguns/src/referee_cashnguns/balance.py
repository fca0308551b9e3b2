"""What a finished Cash'n'Guns game tells a balance measure (``referee_balance_facts``).

Held: each gangster's special power, by its card's title, for every power dealt (an
eleventh power from another distribution too).  Used: each time one of the ten acts:

* a power whose use is a choice with an event of its own (the grenade going off, Bang!
  Bang! Bang! taken back, a dead gangster's gun taken, joining the split wounded) is used
  by that event, not by the reveal that comes with it;
* The Kid, The Cunning and The Insane are used when revealed (from then on they change
  how the others aim), The Insane again when the grenade goes off;
* The Unbreakable is used when revealed (the third hit does not kill), Dragon Skin each
  time it turns hits into fewer wounds;
* Six Feet Under and Super Coward, revealed at the end by rule, are used only where the
  count pays something for them.

Another power says its own uses (the example Medic does).
"""

from __future__ import annotations

from referee import Event, Held, TableState, Used, hookimpl

from .events import MoneyCounted, PowerDealt, PowerRevealed, WoundTaken
from .powers import POWERS, card, game_of
from .powers.it_doesnt_even_hurt import PainIgnored
from .powers.the_insane import GrenadeExploded
from .powers.the_specialist import BangBangBangReloaded
from .powers.you_dont_need_it_anymore import GunTaken

POWER = "power"
USED_WHEN_REVEALED = frozenset({"the-kid", "the-cunning", "the-insane", "the-unbreakable"})
COUNTED_AT_THE_END = frozenset({"six-feet-under", "super-coward"})
ACTS = (GrenadeExploded, BangBangBangReloaded, GunTaken, PainIgnored)


def _power_of(state: TableState, gangster: str) -> str | None:
    g = game_of(state).gangsters.get(gangster)
    return g.power if g is not None else None


def _used(gangster: str, power: str) -> list[Held | Used]:
    return [Used(gangster, POWER, POWERS[power])]


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    if isinstance(event, PowerDealt):
        return [Held(event.gangster, POWER, card(state, event.power).title)]
    if isinstance(event, PowerRevealed) and event.power in USED_WHEN_REVEALED:
        return _used(event.gangster, event.power)
    if isinstance(event, ACTS):
        power = _power_of(state, event.gangster)
        return _used(event.gangster, power) if power in POWERS else None
    if isinstance(event, WoundTaken) and event.wounds < event.hits and _power_of(state, event.gangster) == "dragon-skin":
        return _used(event.gangster, "dragon-skin")
    if isinstance(event, MoneyCounted) and event.bonus:
        power = _power_of(state, event.gangster)
        return _used(event.gangster, power) if power in COUNTED_AT_THE_END else None
    return None
