"""One structlog configuration for every adapter: console for people, JSON when asked.

structlog (with the asyncio and standard-library parts it imports) costs more to import
than a short command needs: the kernel's loggers are ``get_logger`` proxies that import
and configure it on their first log call, so a command that logs nothing never loads it.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

_LEVELS = {"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARN": 30, "WARNING": 30, "INFO": 20, "DEBUG": 10, "NOTSET": 0}
"""The standard library's level names: the logging module itself is imported by structlog,
on the first log line, not by every command to read its --log-level."""


def _json(obj: Any, default: Any = None) -> str:
    import msgspec

    # structlog's JSONRenderer passes ``default=``; msgspec calls it ``enc_hook``.
    return msgspec.json.encode(obj, enc_hook=default).decode()


class _Stderr:
    """Whatever ``sys.stderr`` is at the time of writing (test runners swap it)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


_wanted: tuple[int, bool] | None = None
"""A configuration asked for before structlog was imported: applied on the first log call."""


def configure(level: str = "warning", *, json: bool = False) -> None:
    """Send log lines to stderr at ``level`` and above, rendered for people or as JSON."""
    global _wanted
    numeric = _LEVELS.get(level.upper())
    if numeric is None:
        raise ValueError(f"unknown log level {level!r}; use debug, info, warning or error")
    if "structlog" in sys.modules:
        _wanted = None
        _apply(numeric, json)
    else:
        _wanted = (numeric, json)


def _apply(numeric: int, json: bool) -> None:
    import structlog

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


def _ready() -> Any:
    """structlog, configured: as asked, else quiet by default (as a library; adapters and
    host applications configure their own)."""
    global _wanted
    import structlog

    if _wanted is not None:
        wanted, _wanted = _wanted, None
        _apply(*wanted)
    elif not structlog.is_configured():
        _apply(_LEVELS["WARNING"], False)
    return structlog


_METHOD_LEVELS = {"debug": 10, "info": 20, "warning": 30, "warn": 30, "error": 40, "exception": 40, "critical": 50, "fatal": 50}


def _dropped(*args: Any, **kwargs: Any) -> None:
    return None


class _Logger:
    def __init__(self, name: str) -> None:
        self._name = name
        self._logger: Any = None

    def __getattr__(self, attr: str) -> Any:
        if self._logger is None:
            # Below the level structlog would be configured with, a line is dropped
            # without importing it (an action logs at debug level on every command).
            level = _METHOD_LEVELS.get(attr)
            threshold = _wanted[0] if _wanted is not None else _LEVELS["WARNING"]
            if level is not None and level < threshold and "structlog" not in sys.modules:
                return _dropped
            self._logger = _ready().get_logger(self._name)
        return getattr(self._logger, attr)


def get_logger(name: str) -> Any:
    """A structlog logger that imports structlog on its first use."""
    return _Logger(name)


class plugin_failure:
    """Turn a plugin's own bug raised inside into a ``RefereeError``: the traceback is
    logged as ``logged`` (with ``fields``), the caller is told ``refusal`` and the kind of
    failure, then ``then``.  The plugin's own words stay in the log: they were written
    looking at the whole table, other seats' secrets included."""

    def __init__(self, logged: str, refusal: str, then: str = "", **fields: Any) -> None:
        self.logged, self.refusal, self.then, self.fields = logged, refusal, then, fields

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None) -> None:
        from .errors import RefereeError

        if not isinstance(exc, Exception) or isinstance(exc, RefereeError):
            return
        get_logger("referee").exception(self.logged, **self.fields)
        raise RefereeError(f"{self.refusal} ({type(exc).__name__}, logged){self.then}") from exc
