"""Errors a user can meet.  Each names the problem; none of them appends anything."""

from __future__ import annotations


class RefereeError(Exception):
    """Base of every error the kernel raises on purpose."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(RefereeError):
    """An action the rules forbid.  ``rule`` names the section broken (``"pigsty 10.1"``)."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule and rule not in message else message)
        self.rule = rule


class UnknownGame(RefereeError):
    pass


class UnknownTable(RefereeError):
    pass


class PluginMismatch(RefereeError):
    """A stored table was recorded under another plugin set than the installed one."""


class ConcurrentWrite(RefereeError):
    """Another writer appended to the table first; the action was not recorded."""


class PluginFailed(RefereeError):
    """A plugin's own code raised while deciding an action; nothing was recorded.  The
    message names the game, the seat and the action, never the plugin's words (they were
    written looking at the whole table); the traceback is logged."""


class BadLog(RefereeError):
    """A log file or stored stream that cannot be read as a Referee log."""
