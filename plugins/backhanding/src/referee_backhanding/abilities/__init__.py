"""The pimp abilities, one plugin module each.

Each declares itself with ``referee_extensions``, offering an ``Ability`` (kind
``"ability"``, on by default: the pimps are in the decks; a table without the plugin
deals no pimp carrying it) and implements the game's hooks its card
text needs (``referee_backhanding.hookspecs``).  A pimp's ability works wherever the pimp
is in play, for his owner only.
"""

from __future__ import annotations

from referee import TableState

from ..common import game_of


def has(state: TableState, pimp: str, effect: str) -> bool:
    card = game_of(state).cards.get(pimp)  # "": an undefended ho has no pimp
    return card is not None and card.effect == effect
