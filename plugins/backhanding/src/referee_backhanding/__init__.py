"""Pimp: The Backhanding for Referee.

``DirtyTrick`` declares a Dirty Trick and ``Ability`` a pimp ability (each an
``Extension`` of the game): the six tricks of ``tricks/``, the seven abilities of
``abilities/`` and any card of another distribution.  What a card may read and do is in
``referee_backhanding.api``, the hooks it may implement in ``referee_backhanding.hookspecs``.
"""

from .declarations import Ability, DirtyTrick

__all__ = ["Ability", "DirtyTrick"]
