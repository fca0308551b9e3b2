"""What a Play card may use of PornStar: the public surface for cards.

A card is a plugin (see ``cards/``, ten of them, and ``hookspecs`` for the hooks it may
implement).  It imports from here only, never the engine, so a card from another
distribution can do all that the game's own cards do:

* declare itself: ``PlayRules`` (its target, how long it lasts, its text), ``card_hooks``
  (its ``referee_extensions`` and ``pornstar_play_rules`` hooks) and ``rule`` (the rule
  name its events cite);
* read the table: ``game_of`` (the ``PornStar`` state), ``lying`` and ``lies_on`` (the
  Play cards lying on the table), ``refused_on_own_star`` (the usual refusal of a card
  played on a Star of the player's own), ``whose_turn``;
* act: ``draw`` (a studio draws cards from the deck) and the game's events it may emit,
  such as ``StarLost`` (a Star walks out and goes to auction);
* say it: ``named`` (card id -> name, for the cards an event of the card names: put it in
  the event's ``names``, declared with ``names_field``) and ``called`` (a card's name from such ``names``), so the log
  names cards without reading the table; ``money`` (a sum as players write it, "$1,000");
* be dealt, for a card of a kind the game does not list: ``Play`` and ``Tables`` (the card
  list a ``pornstar_tables`` hook extends), and ``card_hooks(..., title=, card_type=)``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Decision
from referee.words import money

from . import table
from .data import Play, Tables
from .events import StarLost, called
from .play import TITLES, Lasts, PlayRules, Target, card_hooks, game_of, lies_on, lying, refused_on_own_star, rule, whose_turn
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
    "TITLES",
    "Lasts",
    "Play",
    "PlayRules",
    "PornStar",
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
    "whose_turn",
]
