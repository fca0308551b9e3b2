"""9. The Specialist: may use the Bang! Bang! Bang! card twice.

Revealed when the card is used: the holder discards another bullet card of that gun and
takes Bang! Bang! Bang! back into hand.  Ruling: always taken (it can only help), and
the card discarded is the weakest the gun holds (Click! before Bang!).
"""

from __future__ import annotations

import sys

from referee import Decision, Event, Extension, TableState, hookimpl

from . import extension, game_of, holds, mark_used, reveal, rule, used

NAME = "the-specialist"


class BangBangBangReloaded(Event, tag="cashnguns.the-specialist.BangBangBangReloaded"):
    gangster: str
    gun: str
    discarded: str


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, sys.modules[__name__], "Uses Bang! Bang! Bang! twice.")]


@hookimpl
def referee_event_types() -> list[type[Event]]:
    return [BangBangBangReloaded]


@hookimpl
def referee_evolve(state: TableState, event: Event) -> None:
    if isinstance(event, BangBangBangReloaded):
        mark_used(state, NAME)
        bullets = game_of(state).guns[event.gun].bullets
        bullets.remove(event.discarded)
        bullets.append("bbb")


@hookimpl
def referee_describe(event: Event) -> str | None:
    if isinstance(event, BangBangBangReloaded):
        return f"{event.gangster} discards a bullet card and takes Bang! Bang! Bang! back"
    return None


@hookimpl
def cashnguns_bullet_fired(decision: Decision, gangster: str, gun: str, card: str) -> None:
    if card != "bbb" or not holds(decision, gangster, NAME) or used(decision, NAME):
        return
    bullets = game_of(decision).guns[gun].bullets
    weakest = next((c for c in ("click", "bang") if c in bullets), None)
    if weakest is None:
        return
    reveal(decision, gangster, NAME)
    decision.emit(BangBangBangReloaded(gangster=gangster, gun=gun, discarded=weakest), rule=rule(NAME), visible_to=[gangster])
