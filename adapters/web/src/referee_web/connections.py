"""The server's connections: a request's headers must arrive in time, and one client
address holds a bounded number of connections.

uvicorn drops an idle keep-alive connection, but waits without end for the rest of a
request line or headers: 1,100 half-sent requests from one client held 1,100 file
descriptors and locked every other client out.  This protocol closes a connection whose
request headers are not complete ``header_timeout`` seconds after it opened (or after its
previous response), and refuses a client address its connection beyond
``per_client``.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .limits import ConnectionLimits


def protocol_for(limits: ConnectionLimits) -> type[asyncio.Protocol]:
    """An HTTP protocol class for uvicorn (``http=``) enforcing ``limits``."""
    open_per_client: Counter[str] = Counter()

    class BoundedH11(H11Protocol):
        _headers_timer: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            client = self.client[0] if self.client else "unknown"
            if open_per_client[client] >= limits.per_client:
                transport.close()
                return
            open_per_client[client] += 1
            self._counted = client
            self._arm_headers()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._counted is not None:
                open_per_client[self._counted] -= 1
                if open_per_client[self._counted] <= 0:
                    del open_per_client[self._counted]
                self._counted = None
            if self._headers_timer is not None:
                self._headers_timer.cancel()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm_headers()

        def _arm_headers(self) -> None:
            if self._headers_timer is not None:
                self._headers_timer.cancel()
            self._headers_timer = self.loop.call_later(limits.header_timeout, self._headers_late)

        def _headers_late(self) -> None:
            # Still reading a request's line or headers (h11 leaves IDLE once they are whole):
            # whatever it sent so far is dropped.
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return BoundedH11


def uvicorn_options(limits: ConnectionLimits) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` / ``uvicorn.Config`` that enforce ``limits``."""
    return {
        "http": protocol_for(limits),
        "timeout_keep_alive": limits.keep_alive,
        "limit_concurrency": limits.concurrency,
        "h11_max_incomplete_event_size": limits.header_bytes,
        "ws_per_message_deflate": limits.ws_compression,
        # A request still running at shutdown (a table's work is bounded too) does not hold it.
        "timeout_graceful_shutdown": 5,
    }
