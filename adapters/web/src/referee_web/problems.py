"""A request the server refuses, and how the kernel's refusals become one."""

from __future__ import annotations

from referee import ConcurrentWrite, IllegalAction, PluginFailed, RefereeError, UnknownTable


class Problem(Exception):
    """A request the server refuses: an HTTP status and one line saying why."""

    def __init__(self, status: int, message: str, *, plugin_failed: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.plugin_failed = plugin_failed


def _not_open(seat: str) -> Problem:
    # The same words and status whether the id is another seat's or nobody's (and the id
    # is not echoed): guessing ids tells a seat nothing of the requests other seats have open.
    return Problem(
        409, f"that request is not open for {seat}: answered, withdrawn or never asked of {seat}; reload to see what is asked now"
    )


def _problem(exc: RefereeError, request: str | None = None, still_open: bool = True, seat: str = "") -> Problem:
    if isinstance(exc, UnknownTable):
        return Problem(404, exc.message)
    if isinstance(exc, ConcurrentWrite):
        return Problem(503, exc.message)
    if isinstance(exc, IllegalAction):
        if request is not None and not still_open:
            return _not_open(seat)
        return Problem(422, exc.message)
    return Problem(400, exc.message, plugin_failed=isinstance(exc, PluginFailed))
