"""Piercing Parlour (Enhancement, lasting): played on a Star of yours.

While the card lies on the Star, the Star also has the Specialty Pierced (for every Film
whose Specialty is Pierced), wherever the Star goes; it is discarded if the Star goes
back into the deck.
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, lying, refused_on_own_star

NAME = "piercing-parlour"
SPECIALTY = "Pierced"
RULES = PlayRules(target="own-star", lasts="game", text="A Star of yours also has the Specialty Pierced.")
"""It has no ``effect``: the card lies on the Star (PlayCardPlayed), and the Specialty is read while it does."""


@hookimpl
def referee_extensions() -> list[Extension]:
    return [PlayCard(name=NAME, title="Piercing Parlour", card_type="Enhancement", default=True, rules=RULES, refused=refused)]


def refused(state: TableState, seat: str, target: str) -> str | None:
    return refused_on_own_star(state, seat, NAME, target, "that Star is pierced already")


@hookimpl
def pornstar_specialties(state: TableState, star: str) -> list[str] | None:
    return [SPECIALTY] if any(t == star for _, _, t in lying(state, NAME)) else None
