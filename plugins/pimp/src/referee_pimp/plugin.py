"""The Pimp plugin: every hook of the game, gathered in one object.

The rules are in ``turn`` (setup, the phases of a turn), ``menu`` (the actions of Doing
Shit), ``combat``, ``influence`` (the influence test), ``soliciting`` and ``draws`` (power
cards), wired together in ``game``; ``state`` is the mutator, ``decks`` and
``solicitation`` the data; ``view``, ``present``, ``report`` and ``bot``
show, word and play it; ``balance`` tells a balance measure the decks and special cards
held and played.  The six special cards are separate plugins in ``specials``.
"""

from .balance import referee_balance_facts
from .bot import referee_bot_action
from .decks import referee_check_file
from .game import (
    referee_decide,
    referee_games,
    referee_idle_reason,
    referee_setup,
)
from .present import referee_present
from .report import referee_describe, referee_describe_hidden
from .view import referee_view

__all__ = [
    "referee_balance_facts",
    "referee_bot_action",
    "referee_check_file",
    "referee_decide",
    "referee_describe",
    "referee_describe_hidden",
    "referee_games",
    "referee_idle_reason",
    "referee_present",
    "referee_setup",
    "referee_view",
]
