"""The Pigsty to Palace plugin: every hook the game implements, gathered in one object.

This module is what the ``referee`` entry point names; the rules themselves live in
``game`` (turn cycle), ``orders`` (rule 10), ``resolution`` (rules 4-8, 11, 12),
``bot`` and ``report``.
"""

from .bot import referee_bot_action
from .game import (
    referee_decide,
    referee_games,
    referee_idle_reason,
    referee_setup,
    referee_view,
)
from .report import referee_describe, referee_render_view, referee_report

__all__ = [
    "referee_bot_action",
    "referee_decide",
    "referee_describe",
    "referee_games",
    "referee_idle_reason",
    "referee_render_view",
    "referee_report",
    "referee_setup",
    "referee_view",
]
