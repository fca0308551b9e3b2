"""The ten special powers, one plugin module each, and what they share.

Each power module declares itself with ``referee_extensions`` (kind ``"power"``, on by
default: the rulebook deals "each player one random special power"; ``extensions=[]``
plays the basic game) together with its own events and their mutator, and implements
the Cash'n'Guns hooks its card needs (``referee_cashnguns.hookspecs``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from referee import Decision, Event, Extension, TableState

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


def rule(power: str) -> str:
    """The card's rule reference, in the game's rulebook (whichever plugin emits)."""
    return f"cashnguns power {list(POWERS).index(power) + 1} {POWERS[power]}"


def extension(
    power: str, summary: str, *, events: Sequence[type[Event]] = (), evolve: Callable[[TableState, Event], None] | None = None
) -> Extension:
    """The power's declaration: its plugin is the module whose ``referee_extensions`` offers it."""
    return Extension(
        name=power, game="cashnguns", title=POWERS[power], kind="power", default=True, summary=summary, events=events, evolve=evolve
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
    """For a power's ``referee_evolve`` only."""
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
    decision.emit(PowerRevealed(gangster=gangster, power=power), rule=rule(power))
    decision.rules.hook.cashnguns_power_revealed(decision=decision, gangster=gangster, power=power)
