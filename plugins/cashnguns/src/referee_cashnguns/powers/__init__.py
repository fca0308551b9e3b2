"""The ten special powers, one plugin module each, and what they share.

Each power module declares itself with ``referee_extensions`` (a :class:`Power`, kind
``"power"``, on by default: the rulebook deals "each player one random special power";
``extensions=[]`` plays the basic game) together with its own events and their mutator,
and implements the Cash'n'Guns hooks its card needs (``referee_cashnguns.hookspecs``).

An eleventh power is written the same way from another distribution: the game reads its
title and rule reference from its own declaration (:func:`title`, :func:`rule`), never
from a list of the ten.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import msgspec

from referee import Decision, Event, Extension, Rules, TableState

from ..events import PowerRevealed, WoundTaken
from ..state import CashNGuns

POWERS: dict[str, str] = {
    "six-feet-under": "Six Feet Under",
    "the-unbreakable": "The Unbreakable",
    "you-dont-need-it-anymore": "You Don't Need It Anymore...",
    "dragon-skin": "Dragon Skin",
    "the-insane": "The Insane",
    "the-kid": "The Kid",
    "the-cunning": "The Cunning",
    "super-coward": "Super Coward",
    "the-specialist": "The Specialist",
    "it-doesnt-even-hurt": "It Doesn't Even Hurt!",
}
"""Power name -> the card's title, numbered as in the rulebook (1-10)."""


class PowerCard(msgspec.Struct):
    """A power card's face as its declaration gives it: the title and the rules text
    (``summary``).  Every table that deals the power keeps it (the power's ``state``), so a
    view shows any power, another distribution's too, by its own words."""

    title: str
    text: str


@dataclass(frozen=True, kw_only=True)
class Power(Extension):
    """A special power's declaration: an ``Extension`` of Cash'n'Guns, kind ``"power"``.

    ``Power(name="the-medic", title="The Medic", plugin=module, rule="cashnguns.the-medic 1")``.
    Every power at a table is dealt (one to each gangster, shuffled); the game names the
    card by ``title`` in its requests and refusals and cites ``rule`` for every event the
    card causes: the ten cite the rulebook (``"cashnguns power 6 The Kid"``), another
    power its own README.  A plain ``Extension`` of kind ``"power"`` works too and cites
    ``"cashnguns.<name> <title>"``.  Its ``summary`` is the card's rules text, shown with
    its title wherever the card is face up to a reader (kept as the power's ``state`` at the
    table, unless the power declares a state of its own).
    """

    game: str = "cashnguns"
    kind: str = "power"
    rule: str = ""
    """The reference the card's events cite, as the log names it; empty: ``"cashnguns.<name> <title>"``."""

    def __post_init__(self) -> None:
        if self.state is None:
            object.__setattr__(self, "state", functools.partial(PowerCard, title=self.title, text=self.summary))

    def reference(self) -> str:
        return self.rule or f"cashnguns.{self.name} {self.title}"


def card(state: TableState, power: str) -> PowerCard:
    """The face of ``power``'s card at this table (its name as title where the power keeps
    other state of its own, or was declared as a plain ``Extension``)."""
    kept = state.slots.get(power)
    if isinstance(kept, PowerCard):
        return kept
    return PowerCard(title=POWERS.get(power, power), text="")


def declaration(source: Decision | Rules, power: str) -> Extension | None:
    """The declaration of ``power`` at this table (a ``Power``, or any extension of that name)."""
    rules = source.rules if isinstance(source, Decision) else source
    return next((e for e in rules.extensions if e.name == power), None)


def rule(source: Decision | Rules, power: str) -> str:
    """The rule reference of ``power``'s card, from its own declaration (whichever plugin emits)."""
    found = declaration(source, power)
    if isinstance(found, Power):
        return found.reference()
    return f"cashnguns.{power} {found.title}" if found is not None else f"cashnguns.{power}"


def title(source: Decision | Rules, power: str) -> str:
    """The card's title, from its own declaration (its name where no power of that name is at the table)."""
    found = declaration(source, power)
    return found.title if found is not None else POWERS.get(power, power)


def extension(
    power: str, summary: str, *, events: Sequence[type[Event]] = (), evolve: Callable[[TableState, Event], None] | None = None
) -> Power:
    """One of the ten's declarations: the rulebook's title and number (1-10), on by default;
    its plugin is the module whose ``referee_extensions`` offers it."""
    number = list(POWERS).index(power) + 1
    return Power(
        name=power,
        title=POWERS[power],
        default=True,
        summary=summary,
        events=events,
        evolve=evolve,
        rule=f"cashnguns power {number} {POWERS[power]}",
    )


def game_of(state: TableState | Decision) -> CashNGuns:
    game: CashNGuns = state.game
    return game


def holds(state: TableState | Decision, gangster: str, power: str) -> bool:
    """Whether ``gangster`` is alive and holds ``power`` (revealed or not)."""
    g = game_of(state).gangsters.get(gangster)
    return g is not None and g.alive and g.power == power


def holder(state: TableState | Decision, power: str) -> str | None:
    return next((g.name for g in game_of(state).gangsters.values() if g.power == power), None)


def used(state: TableState | Decision, power: str) -> bool:
    """Whether a single-use power has been used (read only: state changes in evolve)."""
    return bool(game_of(state).powers.get(power, {}).get("used"))


def mark_used(state: TableState, power: str) -> None:
    """For a power's ``evolve`` only."""
    game_of(state).powers.setdefault(power, {})["used"] = True


def at_table(decision_or_state: TableState | Decision, power: str) -> bool:
    """Whether this table plays with ``power`` at all (public: the table's extensions)."""
    plugins = decision_or_state.state.plugins if isinstance(decision_or_state, Decision) else decision_or_state.plugins
    return any(p.name == f"cashnguns.{power}" for p in plugins)


def wound(decision: Decision, gangster: str, *, hits: int, wounds: int, rule: str) -> None:
    """``gangster`` takes ``wounds`` (from ``hits``), then every plugin may react to it."""
    total = game_of(decision).gangsters[gangster].wounds + wounds
    decision.emit(WoundTaken(gangster=gangster, hits=hits, wounds=wounds, total=total), rule=rule)
    if wounds:
        decision.rules.hook.cashnguns_wounded(decision=decision, gangster=gangster)


def reveal(decision: Decision, gangster: str, power: str) -> None:
    """Turn ``gangster``'s power card face up (once), then let every plugin react."""
    g = game_of(decision).gangsters[gangster]
    if g.revealed:
        return
    decision.emit(PowerRevealed(gangster=gangster, power=power), rule=rule(decision, power))
    decision.rules.hook.cashnguns_power_revealed(decision=decision, gangster=gangster, power=power)
