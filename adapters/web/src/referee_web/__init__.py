"""referee-web: many tables served over HTTP and WebSocket, each seat with its own secret link.

``create_app(db)`` is the ASGI application (Starlette); ``referee serve`` runs it under uvicorn.
"""

from __future__ import annotations

from .app import Limits, create_app

__all__ = ["Limits", "create_app"]
