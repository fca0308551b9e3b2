"""What a ``Referee`` offers beside playing tables, in groups named by what they are for
(``app.audit``, ``app.bots``, ``app.gamesmaster``, ``app.seating``, ``app.plugins``,
``app.admin``).

Each group holds the referee it serves and is made on first use.  On the class, a group
is its own class, so its static methods need no referee (``Referee.audit.describe``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

if TYPE_CHECKING:
    from ..service import Referee

__all__ = ["Group", "group"]


class Group:
    """One group of a referee's methods."""

    def __init__(self, referee: Referee) -> None:
        self._referee = referee


G = TypeVar("G", bound=Group)


class group(Generic[G]):
    """``Referee.audit`` and the like: on a referee, its group, made once; on the class,
    the group's class."""

    def __init__(self, kind: type[G]) -> None:
        self.kind = kind
        self.name = kind.__name__.lower()

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> type[G]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> G: ...
    def __get__(self, obj: Any, owner: type | None = None) -> G | type[G]:
        if obj is None:
            return self.kind
        made = obj.__dict__[self.name] = self.kind(obj)
        return made
