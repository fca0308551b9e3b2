"""The Pimp: The Backhanding plugin: every kernel hook of the game, gathered in one module.

The rules are in ``setup`` and ``rounds`` (macking, backhanding, money counting, and the
``FLOW`` the kernel runs) over the state of ``state``; ``cards`` reads the card set; ``events`` says what happened in words;
``view``, ``present`` and ``bot`` show and play it; ``balance`` tells a balance measure the cards and
abilities each player held and used.  Each pimp ability (``abilities``) and Dirty
Trick (``tricks``) is a plugin of its own implementing the game's hooks (``hookspecs``).
"""

from .balance import referee_balance_facts
from .bot import referee_bot_action
from .events import referee_describe_hidden
from .game import (
    referee_decide,
    referee_games,
    referee_idle_reason,
)
from .present import referee_present
from .view import referee_view

__all__ = [
    "referee_balance_facts",
    "referee_bot_action",
    "referee_decide",
    "referee_games",
    "referee_idle_reason",
    "referee_describe_hidden",
    "referee_present",
    "referee_view",
]
