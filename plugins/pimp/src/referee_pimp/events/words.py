"""What every phase's events share: a card's face, and the words events name cards and money in.

A card's face is recorded the first time it is seen: a seat sees its own deck list and
hand; everyone sees a card once it is played, drawn as a power card or retired.  Events
name a card as their ``names`` do ("Ann's Vicky"), or by its id in logs recorded before
names.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee.results import join_names


def _n(event: Any, card: str) -> str:
    """A card as the event names it ("Ann's Vicky"); its id in logs recorded before names."""
    names: dict[str, str] = getattr(event, "names", {})
    return names.get(card, card)


def _all(event: Any, cards: list[str]) -> str:
    return join_names([_n(event, c) for c in cards]) or "nobody"


def _money(amount: int) -> str:
    return f"${amount:,}"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


class CardFace(msgspec.Struct, frozen=True, omit_defaults=True):
    """What is printed on a card."""

    id: str
    """Unique at the table: ``<pimp>/<card id in the deck>``."""
    owner: str
    kind: str
    """``escort`` (named, unique in play), ``streetwalker`` (nameless) or ``special``."""
    name: str
    cost: int = 0
    looks: int = 0
    fight: int = 0
    stamina: int = 0
    services: dict[str, int] = {}
    special: str | None = None

    @property
    def bitch(self) -> bool:
        return self.kind != "special"

    @property
    def power(self) -> int:
        """ "If the card you draw is a bitch card, the power rating is equal to the cost.  If it
        is a special card, the power rating is zero."""
        return self.cost if self.bitch else 0
