"""Street Cred: a special card for Pimp that is not one of the rulebook's six.

The card is two things, as every special card is: its data entry (``special.toml``, in
the format of Pimp's own specials.toml, read with ``referee_pimp.cards.load_specials``)
and its rules (the Pimp hooks below).  Its declaration, a ``SpecialCard``, carries the
entry, so a deck at a table that names ``street-cred`` may hold the card.

Rules 1 and 2 are in the README, with their rulings.
"""

from __future__ import annotations

import sys
from pathlib import Path

from referee import Decision, Extension, TableState, hookimpl
from referee_pimp.cards import load_specials
from referee_pimp.common import influence
from referee_pimp.specials import SpecialCard, in_play

NAME = "street-cred"
ON_PLAY = 2
"""Influence gained at once when the card is played (rule 1)."""
EACH_DUES = 1
"""Influence gained in each Pay Dues phase for every copy face up (rule 2)."""

DECK = Path(__file__).with_name("decks") / "street-cred-stable.toml"
"""A legal deck holding two Street Cred, for tables and tests."""

ENTRY = load_specials(Path(__file__).with_name("special.toml"), known=[NAME]).specials[NAME]
"""The card's printed name and text, read (and checked) from its data entry."""


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        SpecialCard(
            name=NAME,
            title=ENTRY.name,
            text=ENTRY.text,
            plugin=sys.modules[__name__],
            summary="A special card: +2 influence when played, +1 in every Pay Dues phase while in play.",
        )
    ]


@hookimpl
def pimp_special_played(decision: Decision, pimp: str, special: str) -> None:
    """Rule 1: the influence comes at once, in the action that plays the card."""
    if special == NAME:
        influence(decision, pimp, ON_PLAY, f"played {ENTRY.name}", "pimp.street-cred 1")


@hookimpl
def pimp_dues(state: TableState, pimp: str) -> int | None:
    """Rule 2: summed with Pimp's own dues (and King of Cool's), one copy at a time."""
    return EACH_DUES * in_play(state, pimp, NAME) or None
