"""The Dirty Tricks, one plugin module each.

Each declares itself with ``referee_extensions`` (kind ``"dirty trick"``, on by default:
the cards are in the Draw deck), names its effect through ``backhanding_effects``,
registers, folds and describes its own events, says where its card may be played
(``backhanding_trick_targets``) and carries it out (``backhanding_trick_played``) once
every sealed play of the step is revealed.  Every trick is played in the sealed steps of
macking and backhanding; Pickpocket also at the final count.
"""

from __future__ import annotations

from referee import TableState

from ..common import game_of


def is_mine(state: TableState, card: str, effect: str) -> bool:
    return game_of(state).cards[card].effect == effect
