"""What a Play card may use of PornStar: the public surface for cards.

A card is a plugin (see ``cards/``, ten of them, and ``hookspecs`` for the hooks it may
implement).  It imports from here only, never the engine, so a card from another
distribution can do all that the game's own cards do:

* declare itself: ``PlayCard`` (its title and type, its ``PlayRules``: target, how long
  it lasts, its text; when it may not be played, ``refused``; what it does, ``effect``,
  a function returning events), offered by its ``referee_extensions``; ``rule`` (the
  rule name its events cite: ``rule(kind, decision)`` for a card of another
  distribution); ``title_of`` (a card's title at a table);
* read the table: ``game_of`` (the ``PornStar`` state), ``lying`` and ``lies_on`` (the
  Play cards lying on the table), ``refused_on_own_star`` (the usual refusal of a card
  played on a Star of the player's own), ``whose_turn``;
* act: ``draw`` (a studio draws cards from the deck) and the game's events it may emit,
  such as ``StarLost`` (a Star walks out and goes to auction);
* say it: ``named`` (card id -> name, for the cards an event of the card names: put it in
  the event's ``names``, declared with ``names_field``) and ``called`` (a card's name from such ``names``), so the log
  names cards without reading the table; ``money`` (a sum as players write it, "$1,000");
* be dealt, for a card of a kind the game does not list: ``Play`` and ``Tables`` (the card
  list a ``pornstar_tables`` hook extends).

``card_hooks`` (0.2's way to declare a card) is deprecated: declare a ``PlayCard``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Decision
from referee.words import money

from . import table
from .data import Play, Tables
from .events import StarLost, called
from .play import (
    TITLES,
    Lasts,
    PlayFace,
    PlayRules,
    Target,
    card_hooks,
    game_of,
    lies_on,
    lying,
    refused_on_own_star,
    rule,
    title_of,
    whose_turn,
)
from .playcard import CARD_TYPES, Effect, PlayCard, Refused
from .state import PornStar
from .table import named


def names_field() -> Any:
    """The ``names`` field of a card's event: ``names: dict[str, str] = names_field()``
    (each event gets a dict of its own; left empty in older logs)."""
    return msgspec.field(default_factory=dict)


def draw(decision: Decision, seat: str, count: int, *, rule: str) -> int:
    """``seat`` draws up to ``count`` cards from the top of the deck, free (each is seen by
    ``seat`` alone); returns how many there were to draw.  ``rule`` is the card's
    (``rule(kind)``)."""
    return table.draw(decision, seat, count, rule=rule)


__all__ = [
    "CARD_TYPES",
    "TITLES",
    "Effect",
    "Lasts",
    "Play",
    "PlayCard",
    "PlayFace",
    "PlayRules",
    "PornStar",
    "Refused",
    "StarLost",
    "Tables",
    "Target",
    "called",
    "card_hooks",
    "draw",
    "game_of",
    "lies_on",
    "lying",
    "money",
    "named",
    "names_field",
    "refused_on_own_star",
    "rule",
    "title_of",
    "whose_turn",
]
