"""What a game tells a balance measure about a finished game, in the rulebook's words:
which seat held which power, deck, card or ability (``Held``) and each use of one
(``Used``).  Games and house rules say so through ``referee_balance_facts``."""

from __future__ import annotations

import msgspec

__all__ = ["Held", "Used"]


class Held(msgspec.Struct, frozen=True):
    """``seat`` held ``name`` (a ``kind`` such as "power", "deck", "card", "ability") at
    some point of the game: counted once per seat and game, however often it is said."""

    seat: str
    kind: str
    name: str


class Used(msgspec.Struct, frozen=True):
    """``seat`` (None: nobody's, such as a card the deck turns up) used ``name`` once:
    counted each time it is said."""

    seat: str | None
    kind: str
    name: str
