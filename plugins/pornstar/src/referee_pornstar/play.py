"""What every Play card plugin shares: its rules, its two common hooks, and reading the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import msgspec

from referee import Decision, Extension, TableState, hookimpl

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
    target stays on the table).  ``text``: the card's rules text, as a player reads it on
    the card (the table shows it wherever the card is).  ``reply``: the card may also be
    played in reply to another studio's Film put up on the table, before its roll (Producing
    a Film: "If another player uses an Event card to make your Film unproduceable at this
    time"); every card is played on its player's own turn.
    """

    target: Target
    lasts: Lasts
    text: str
    reply: bool = False


class PlayFace(msgspec.Struct, frozen=True):
    """A Play card as printed: its title, type (Event, Enhancement, Special) and rules.

    Each card plugin keeps its face as its extension's state (``state.slot(kind)``), so a
    table knows the text of exactly the cards its plugins play, and a card of another
    distribution shows its own text.  It never changes: no evolve touches it."""

    title: str
    type: str
    rules: PlayRules


def card_hooks(
    name: str, rules: PlayRules, *, title: str = "", card_type: str = "", **declared: Any
) -> tuple[Callable[[], list[Extension]], Callable[[str], PlayRules | None]]:
    """The two hooks every Play card implements alike: ``referee_extensions`` (the card's
    extension, on by default: the card is in the deck; ``declared``: its ``events`` and
    ``evolve``, where it has events of its own) and ``pornstar_play_rules`` (its rules).
    The card's face (title, type, rules text) is the extension's state: the table's view
    reads it there.

    A card of a kind the game does not list (one of another distribution, dealt through
    ``pornstar_tables``) gives its ``title`` and ``card_type`` (Event, Special, Enhancement)."""
    if title:
        TITLES[name] = (title, card_type)
    if name not in TITLES:
        raise ValueError(f"the Play card {name!r} is not one of the game's: give its title and card_type")
    title, type_ = TITLES[name]

    if "state" in declared:
        raise ValueError(f"the Play card {name!r}: card_hooks keeps the card's face as its state; a card keeps no other")
    face = PlayFace(title=title, type=type_, rules=rules)

    @hookimpl
    def referee_extensions() -> list[Extension]:
        summary = f"{type_}: {rules.text}"
        return [
            Extension(name=name, game="pornstar", title=title, kind="card", default=True, summary=summary, state=lambda: face, **declared)
        ]

    @hookimpl
    def pornstar_play_rules(kind: str) -> PlayRules | None:
        return rules if kind == name else None

    return referee_extensions, pornstar_play_rules


def rule(kind: str) -> str:
    """The card's rule reference, cited by whichever plugin emits."""
    return f"pornstar card {TITLES[kind][0]}"


def game_of(state: TableState | Decision) -> PornStar:
    game: PornStar = state.game
    return game


def lying(state: TableState | Decision, kind: str) -> list[tuple[str, str, str]]:
    """``(card, seat, target)`` of every card of ``kind`` lying face up on the table."""
    return [(card, c.seat, c.target) for card, c in game_of(state).lasting.items() if c.kind == kind]


def lies_on(state: TableState | Decision, kind: str, target: str) -> bool:
    """Whether a card of ``kind`` lies on ``target`` already."""
    return any(t == target for _, _, t in lying(state, kind))


def refused_on_own_star(state: TableState | Decision, seat: str, kind: str, target: str, already: str) -> str | None:
    """Why a card of ``kind``, played on a Star of the player's own stable, may not go on
    ``target``: she is not in the stable, or such a card lies on her already (``already``)."""
    if target not in game_of(state).studios[seat].stable:
        return f"{TITLES[kind][0]} is played on a Star in your own stable"
    return already if lies_on(state, kind, target) else None


def whose_turn(state: TableState | Decision) -> str | None:
    return state.flow.seat
