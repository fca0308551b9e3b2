"""The Cash'n'Guns plugin: every hook of the game, gathered in one object.

The rules are in ``game`` (setup, the round's steps, the showdown, the split, the end),
``split`` (sharing the pot without change) and ``state`` (the mutator); ``view``,
``report`` and ``bot`` show and play it.  The ten powers are separate plugins in
``powers``.
"""

from .bot import referee_bot_action
from .game import (
    referee_decide,
    referee_games,
    referee_idle_reason,
    referee_request_expired,
    referee_setup,
)
from .report import referee_describe
from .view import referee_render_view, referee_view

__all__ = [
    "referee_bot_action",
    "referee_decide",
    "referee_describe",
    "referee_games",
    "referee_idle_reason",
    "referee_render_view",
    "referee_request_expired",
    "referee_setup",
    "referee_view",
]
