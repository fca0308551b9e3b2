"""The project's one name, and the pluggy markers made from it.

``NAME`` is the pluggy project name *and* the entry-point group, so a plugin
distribution declares itself with::

    [project.entry-points.referee]
    mygame = "mygame.plugin"

and implements hooks with ``@referee.hookimpl``.
"""

from __future__ import annotations

import pluggy

NAME = "referee"

hookspec = pluggy.HookspecMarker(NAME)
hookimpl = pluggy.HookimplMarker(NAME)
