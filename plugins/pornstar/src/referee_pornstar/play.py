"""What every Play card plugin shares: its rules, its two common hooks, and reading the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import msgspec

from referee import Decision, Extension, TableState, hookimpl
from referee._deprecation import warn

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
"""The ten's kind -> (title, type), as their declarations (``PlayCard``) print them: the
game reads a card's title from its declaration at the table, and this list only where a
log names one of the ten without its plugin.  The cards are the project's own design (DATA.md)."""

_OLD_STYLE_TITLES: dict[str, tuple[str, str]] = {}
"""Titles of other distributions' cards declared the 0.2 way (``card_hooks``), which
``rule(kind)`` names without a table as 0.2 did; kept apart so ``TITLES`` stays the ten."""


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
    """Deprecated since 0.3 (removed in 0.4): declare a ``referee_pornstar.PlayCard``.

    0.2's way to declare a card: its ``referee_extensions`` (now offering a ``PlayCard``)
    and its ``pornstar_play_rules``.  A card of a kind the game does not list gives its
    ``title`` and ``card_type``; ``rule(kind)`` then knows it in every table."""
    warn("referee_pornstar.api.card_hooks", "referee_pornstar.PlayCard(name=, title=, card_type=, rules=, refused=, effect=)")
    if title and name not in TITLES:
        _OLD_STYLE_TITLES[name] = (title, card_type)
    known = TITLES.get(name) or _OLD_STYLE_TITLES.get(name)
    if known is None:
        raise ValueError(f"the Play card {name!r} is not one of the game's: give its title and card_type")
    title, type_ = known
    if "state" in declared:
        raise ValueError(f"the Play card {name!r}: card_hooks keeps the card's face as its state; a card keeps no other")
    from .playcard import PlayCard  # playcard declares on top of this module

    card = PlayCard(name=name, title=title, card_type=type_, rules=rules, default=True, **declared)

    @hookimpl
    def referee_extensions() -> list[Extension]:
        return [card]

    @hookimpl
    def pornstar_play_rules(kind: str) -> PlayRules | None:
        return rules if kind == name else None

    return referee_extensions, pornstar_play_rules


def title_of(state: TableState | Decision, kind: str) -> str:
    """A Play card's title: its face at this table (its declaration's), else the game's
    list of the ten, else its kind in words (a card whose plugin is not at the table)."""
    slots: dict[str, Any] = state.state.slots if isinstance(state, Decision) else state.slots
    face = slots.get(kind)
    if isinstance(face, PlayFace):
        return face.title
    if kind in TITLES or kind in _OLD_STYLE_TITLES:
        return (TITLES.get(kind) or _OLD_STYLE_TITLES[kind])[0]
    return " ".join(word.capitalize() for word in kind.split("-") if word) or "a Play card"


def rule(kind: str, table: TableState | Decision | None = None) -> str:
    """The card's rule reference, cited by whichever plugin emits: from its declaration at
    ``table`` (``PlayCard.rule``, else its title), or for one of the ten without ``table``."""
    if table is not None:
        from .playcard import card_rule  # playcard declares on top of this module

        return card_rule(table, kind)
    known = TITLES.get(kind) or _OLD_STYLE_TITLES.get(kind)
    if known is None:
        raise ValueError(f"the Play card {kind!r} is not one of the game's ten: name its table, rule({kind!r}, decision)")
    return f"pornstar card {known[0]}"


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
        return f"{title_of(state, kind)} is played on a Star in your own stable"
    return already if lies_on(state, kind, target) else None


def whose_turn(state: TableState | Decision) -> str | None:
    return state.flow.seat
