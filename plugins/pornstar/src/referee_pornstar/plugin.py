"""The PornStar plugin: every hook of the game, gathered in one object.

``game`` declares the game and its flow; the rules are in one module per part of the
rulebook (``opening``, ``turn``, ``production``, ``deals``, ``maintenance``, ``cashflow``,
``victory``) and ``state`` (the mutator); ``events`` says what happened in words; ``view``
shows a seat what it may see, ``present`` lays that out for a person (``faces``: what each
card says), and ``bot`` plays it; ``balance`` tells a balance measure the cards each studio
held and used.  The Play cards are separate plugins in ``cards``, using
only ``api``; the card list and the roll tables are data (``data``).
"""

from .balance import referee_balance_facts
from .bot import referee_bot_action
from .game import referee_decide, referee_games, referee_setup
from .present import referee_present
from .story import referee_describe_hidden
from .view import referee_view

__all__ = [
    "referee_balance_facts",
    "referee_bot_action",
    "referee_decide",
    "referee_describe_hidden",
    "referee_games",
    "referee_present",
    "referee_setup",
    "referee_view",
]
