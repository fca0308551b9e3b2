"""``app.seating``: a seat's invitation claimed, and re-issued by the gamesmaster, as the
table's log records them (``referee.seating``).  The credentials themselves are the
adapter's (a web server keeps them beside the tables); the log holds when hands changed."""

from __future__ import annotations

from typing import ClassVar

from ..log import Entry
from ..seating import CLAIM, REISSUE
from ..table import GAMESMASTER
from . import Group

__all__ = ["Seating"]


class Seating(Group):
    """Claims of seats and re-issued invitations."""

    ACTIONS: ClassVar[frozenset[str]] = frozenset({CLAIM, REISSUE})
    """The actions that record them (an adapter that takes actions by name refuses these:
    a claim or a re-issue also changes who holds the seat, which only its own route does)."""

    def claim(self, table_id: str, seat: str) -> list[Entry]:
        """Record that ``seat``'s invitation was claimed (``SeatClaimed``); refused while
        the seat is claimed already (the gamesmaster re-issues its invitation first)."""
        return self._referee.act(table_id, seat, CLAIM, {})

    def reissue(self, table_id: str, seat: str) -> list[Entry]:
        """Record, as the gamesmaster, that ``seat`` has a new invitation and whoever held the
        seat before holds it no longer (``InvitationReissued``)."""
        return self._referee.act(table_id, GAMESMASTER, REISSUE, {"seat": seat})

    def claimed(self, table_id: str) -> tuple[str, ...]:
        """The seats whose invitation was claimed since it was last issued, in seat order."""
        return self._referee._load(table_id).state.claimed
