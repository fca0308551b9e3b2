"""One structlog configuration for every adapter: console for people, JSON when asked."""

from __future__ import annotations

import logging
import sys
from typing import Any

import msgspec
import structlog


def _json(obj: Any, default: Any = None) -> str:
    # structlog's JSONRenderer passes ``default=``; msgspec calls it ``enc_hook``.
    return msgspec.json.encode(obj, enc_hook=default).decode()


class _Stderr:
    """Whatever ``sys.stderr`` is at the time of writing (test runners swap it)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure(level: str = "warning", *, json: bool = False) -> None:
    """Send log lines to stderr at ``level`` and above, rendered for people or as JSON."""
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        raise ValueError(f"unknown log level {level!r}; use debug, info, warning or error")
    renderer: Any = structlog.processors.JSONRenderer(serializer=_json) if json else structlog.dev.ConsoleRenderer(colors=False)
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(file=_Stderr()),  # type: ignore[arg-type]  # write + flush is all it uses
        cache_logger_on_first_use=False,
    )
