"""The Pigsty to Palace plugin: every hook the game implements, gathered in one object.

This module is what the ``referee`` entry point names; the rules themselves live in
``game`` (turn cycle), ``orders`` (rule 10), ``resolution`` (rules 4-8, 11, 12),
``bot``, ``report`` (the log's words and the forum post), ``present`` (the table as
a farmer sees it) and ``balance`` (the orders each farmer wrote, for a balance measure).
"""

from .balance import referee_balance_facts
from .bot import referee_bot_action
from .events import referee_describe_hidden
from .game import (
    referee_decide,
    referee_games,
    referee_idle_reason,
    referee_setup,
    referee_view,
)
from .present import referee_present
from .report import referee_describe, referee_report

__all__ = [
    "referee_balance_facts",
    "referee_bot_action",
    "referee_decide",
    "referee_describe",
    "referee_describe_hidden",
    "referee_games",
    "referee_idle_reason",
    "referee_present",
    "referee_report",
    "referee_setup",
    "referee_view",
]
