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
* be dealt, for a card of a kind the game does not list: ``Play`` and ``Tables`` (the card
  list a ``pornstar_tables`` hook extends), and ``card_hooks(..., title=, card_type=)``.
"""

from __future__ import annotations

from referee import Decision

from . import table
from .data import Play, Tables
from .events import StarLost
from .play import TITLES, Lasts, PlayRules, Target, card_hooks, game_of, lies_on, lying, refused_on_own_star, rule, whose_turn
from .state import PornStar


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
    "card_hooks",
    "draw",
    "game_of",
    "lies_on",
    "lying",
    "refused_on_own_star",
    "rule",
    "whose_turn",
]
