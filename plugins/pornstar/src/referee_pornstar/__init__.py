"""PornStar for Referee.

``PlayCard`` declares a Play card (an ``Extension`` of kind ``"card"``): the ten of
``cards/`` and any card of another distribution; what a card may read and do is in
``referee_pornstar.api``, the hooks it may implement in ``referee_pornstar.hookspecs``.
"""

from .playcard import PlayCard

__all__ = ["PlayCard"]
