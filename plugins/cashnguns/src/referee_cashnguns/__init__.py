"""Cash'n'Guns (Ludovic Maublancin, first edition) as a Referee game, its ten powers as plugins.

``Power`` declares a special power card (an ``Extension`` of kind ``"power"``); the hooks
a power or house rule may implement are in ``referee_cashnguns.hookspecs``.
"""

from .powers import Power

__all__ = ["Power"]
