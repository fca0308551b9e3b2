"""Piercing Parlour (Enhancement, lasting): played on a Star of yours.

While the card lies on the Star, the Star also has the Specialty Pierced (for every Film
whose Specialty is Pierced), wherever the Star goes; it is discarded if the Star goes
back into the deck.
"""

from __future__ import annotations

from referee import Decision, TableState, hookimpl
from referee_pornstar.api import PlayRules, card_hooks, lying, refused_on_own_star

NAME = "piercing-parlour"
SPECIALTY = "Pierced"
RULES = PlayRules(target="own-star", lasts="game", text="A Star of yours also has the Specialty Pierced.")


referee_extensions, pornstar_play_rules = card_hooks(NAME, RULES)


@hookimpl
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    return refused_on_own_star(state, seat, NAME, target, "that Star is pierced already") if kind == NAME else None


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    """The card lies on the Star (PlayCardPlayed): nothing else happens now."""


@hookimpl
def pornstar_specialties(state: TableState, star: str) -> list[str] | None:
    return [SPECIALTY] if any(t == star for _, _, t in lying(state, NAME)) else None
