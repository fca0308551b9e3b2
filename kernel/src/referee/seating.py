"""Who holds a seat: an invitation claimed, and re-issued by the gamesmaster.

A server that hands each seat an invitation (a link the first browser to open it claims)
records both moments in the table's log, so that anyone reading it can tell when a seat
changed hands: the seat's ``claim-seat`` (``SeatClaimed``) and the gamesmaster's
``reissue-invitation`` (``InvitationReissued``).  Both are decided by the kernel alone,
like ``automate``: no game sees them, and verify re-decides them like any action.

What is recorded is the seat and the time, never anything of a credential (not even a
digest: a log is public after the game, and a digest of a short secret could be tested
against guesses).  A seat is claimed once per invitation: a second ``SeatClaimed`` with no
``InvitationReissued`` between them is refused, so the log alone shows every change of hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .events import InvitationReissued, SeatClaimed
from .limits import shown

if TYPE_CHECKING:
    from .table import Action, Decision, TableState

__all__ = ["CLAIM", "REISSUE", "decide_seating", "is_seating"]

CLAIM = "claim-seat"
"""A seat's action taking its seat through its invitation (no arguments)."""

REISSUE = "reissue-invitation"
"""The gamesmaster's action giving a seat a new invitation (``{"seat": name}``)."""

_GAMESMASTER = "gamesmaster"


def is_seating(action: Action) -> bool:
    """Whether the kernel decides ``action`` here (a game never sees it)."""
    return action.action == CLAIM or (action.action == REISSUE and action.seat == _GAMESMASTER)


def decide_seating(decision: Decision, action: Action) -> None:
    """Emit the claim or the re-issue ``action`` asks for, or refuse it with the reason."""
    state = decision.state
    if action.action == CLAIM:
        if action.seat == _GAMESMASTER:
            raise IllegalAction("the gamesmaster has no seat to claim", "table")
        if action.args:
            raise IllegalAction(f"{CLAIM} takes no arguments", "table")
        if action.seat in state.claimed:
            raise IllegalAction(f"{action.seat}'s seat is claimed already; the gamesmaster re-issues its invitation first", "table")
        decision.emit(SeatClaimed(seat=action.seat), rule="table")
        return
    seat = _named_seat(state, action.args)
    decision.emit(InvitationReissued(seat=seat), rule="table")


def _named_seat(state: TableState, args: dict[str, Any]) -> str:
    seat = args.get("seat")
    if set(args) != {"seat"} or not isinstance(seat, str):
        raise IllegalAction(f'{REISSUE} names the seat whose invitation is re-issued: {{"seat": name}}', "table")
    if seat not in state.seats:
        raise IllegalAction(f"{shown(seat)} has no seat at this table (seats: {', '.join(state.seats)})", "table")
    return seat


def fold_seating(state: TableState, event: SeatClaimed | InvitationReissued) -> None:
    """The seats claimed since their last re-issue, in the table's seat order."""
    if isinstance(event, SeatClaimed):
        state.claimed = tuple(s for s in state.seats if s in state.claimed or s == event.seat)
    else:
        state.claimed = tuple(s for s in state.claimed if s != event.seat)
