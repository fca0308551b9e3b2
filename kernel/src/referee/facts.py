"""What a game tells a balance measure about a finished game, in the rulebook's words:
which seat held which power, deck, card or ability (``Held``) and each use of one
(``Used``).  Games and house rules say so through ``referee_balance_facts``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from .log import Entry
    from .rules import Rules
    from .table import TableState

__all__ = ["Held", "Used", "facts_of"]


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


def facts_of(rules: Rules, state: TableState, entries: Sequence[Entry]) -> list[Held | Used]:
    """Every fact the game and its extensions read in ``entries`` (``referee_balance_facts``),
    in log order; ``state`` is the table at its end.  Bodies that are not there (a seat's
    copy of a table still going) say nothing."""
    facts: list[Held | Used] = []
    for entry in entries:
        if entry.redacted:
            continue
        for said in rules.hook.referee_balance_facts(state=state, event=rules.decode(entry)):
            facts.extend(said or ())
    return facts
