"""The Cash'n'Guns plugin: every hook of the game, gathered in one object.

The rules are in ``game`` (the game, its setup and the round's flow) and the steps it
runs: ``aiming`` (bullet cards and targets), ``nerve``, ``showdown`` (shooting and
wounds), ``loot`` (claims and the split) and ``ending``, sharing ``rounds``; ``split``
(sharing the pot without change) and ``state`` (the mutator); ``view`` and
``present`` and ``bot`` show and play it, and each event in ``events`` says what happened in
words for its reader (and what a hidden one may tell the others); ``balance`` tells a balance
measure which power each gangster held and each use of one.  The ten powers are separate plugins in
``powers``.
"""

from .balance import referee_balance_facts
from .bot import referee_bot_action
from .events import referee_describe_hidden
from .game import (
    referee_decide,
    referee_games,
    referee_idle_reason,
    referee_request_expired,
    referee_setup,
)
from .present import referee_present
from .view import referee_view

__all__ = [
    "referee_balance_facts",
    "referee_bot_action",
    "referee_decide",
    "referee_describe_hidden",
    "referee_games",
    "referee_idle_reason",
    "referee_present",
    "referee_request_expired",
    "referee_setup",
    "referee_view",
]
