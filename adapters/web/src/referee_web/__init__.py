"""referee-web: many tables served over HTTP and WebSocket, each seat with its own secret link.

``create_app(db)`` is the ASGI application (Starlette); ``referee serve`` runs it under uvicorn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .limits import Limits

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["Limits", "create_app"]


def __getattr__(name: str) -> Any:
    # The application (Starlette, uvicorn) is imported when asked for, so reading the
    # server's options (``referee --help``) costs no web framework.
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
