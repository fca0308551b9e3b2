"""What every Play card plugin shares: its rules, its extension, and reading the table."""

from __future__ import annotations

from typing import Literal

import msgspec

from referee import Decision, Extension, TableState

from .state import PornStar

Target = Literal["none", "own-star", "other-star", "own-film", "other-film", "other-studio"]
Lasts = Literal["", "turn", "game"]

TITLES: dict[str, tuple[str, str]] = {
    "nostalgia-fetish": ("Nostalgia Fetish", "Special"),
    "piercing-parlour": ("Piercing Parlour", "Enhancement"),
    "little-blue-pill": ("Little Blue Pill", "Enhancement"),
    "hype-machine": ("Hype Machine", "Event"),
    "double-shift": ("Double Shift", "Special"),
    "union-holiday": ("Union Holiday", "Special"),
    "contract-dispute": ("Contract Dispute", "Event"),
    "obscenity-trial": ("Obscenity Trial", "Event"),
    "tax-audit": ("Tax Audit", "Event"),
    "talent-scout": ("Talent Scout", "Special"),
}
"""Play card kind -> (title, type).  The cards are the project's own design (DATA.md)."""


class PlayRules(msgspec.Struct, frozen=True):
    """How a Play card is played.

    ``target``: what it is played on (a Star or Film of the player's or of another
    studio, another studio, or nothing).  ``lasts``: "" (discarded at once), "turn" (lies
    on the table until the end of this turn), "game" (lies with its target while the
    target stays on the table).  ``text``: the card's text.
    """

    target: Target
    lasts: Lasts
    text: str


def extension(kind: str, plugin: object, text: str) -> Extension:
    title, type_ = TITLES[kind]
    return Extension(name=kind, game="pornstar", title=title, plugin=plugin, kind="card", default=True, summary=f"{type_}: {text}")


def rule(kind: str) -> str:
    """The card's rule reference, cited by whichever plugin emits."""
    return f"pornstar card {TITLES[kind][0]}"


def game_of(state: TableState | Decision) -> PornStar:
    game: PornStar = state.game
    return game


def lying(state: TableState | Decision, kind: str) -> list[tuple[str, str, str]]:
    """``(card, seat, target)`` of every card of ``kind`` lying face up on the table."""
    return [(card, c.seat, c.target) for card, c in game_of(state).lasting.items() if c.kind == kind]


def whose_turn(state: TableState | Decision) -> str | None:
    return state.flow.seat
