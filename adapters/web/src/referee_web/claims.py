"""Seats claimed, not handed out.

Whoever opens a table gets one invitation per seat to send, not the seats' keys.  The first
browser to open an invitation claims the seat: the server gives it the seat's credential (a
fresh token, which the page keeps in the browser's own storage and sends as
``Authorization: Bearer``), and from then on the invitation opens nothing, so the host's
copy of the link is spent too.  The table's log records the claim (``referee.SeatClaimed``:
the seat, and when), so a host who claimed a seat before its player did is seen: the
player's own claim fails with the time of the first one, and the log shows it.

The host (whoever holds the gamesmaster's link) can take a seat back only by re-issuing its
invitation, a gamesmaster's action the log records (``referee.InvitationReissued``): the
seat's credential is revoked at once, and the browser that held it is told so at its next
request or WebSocket frame.  After the end of a game the log takes no more entries; a claim
or a re-issue then changes only who may read the finished table, which every seat may.

Order of the two writes (the log and the server's records are not one transaction): a claim
is decided by the server's records first (one conditional write), then recorded in the log,
and only then is the credential handed out; if the log refuses it the claim is undone.  A
re-issue is recorded in the log first, then applied to the records; the new invitation is
handed out only once both are done.  So nobody ever holds a seat the log does not show
changing hands.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from referee import GAMESMASTER, RefereeError

from .problems import Problem, _problem

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("referee_web")


class Claims:
    """The work of the claim and re-issue routes, run on the hub's workers (``hub.run``)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def w_claim(self, table_id: str, seat: str, invitation: str) -> dict[str, Any]:
        """Claim ``seat`` with ``invitation``: the seat's credential, once."""
        hub = self.hub
        hub._w_seat(table_id, seat)
        if seat == GAMESMASTER:
            raise Problem(400, "the gamesmaster's link is the host's own, not an invitation: open it as it is")
        keys, app = hub._w_keys, hub._w_app
        claim = keys.claim(table_id, seat, invitation)
        if claim.refused:
            raise Problem(claim.status, claim.refused)
        try:
            entries = [] if app.over(table_id) else app.seating.claim(table_id, seat)
            if entries:
                keys.stamp(table_id, seat, claim.credential, entries[-1].at)
        except BaseException as exc:
            # Nobody was handed the credential: the invitation opens again.
            with contextlib.suppress(Exception):
                keys.unclaim(table_id, seat, claim.credential)
            if isinstance(exc, RefereeError):
                raise _problem(exc) from None
            raise
        hub.forget_records(table_id)
        hub._announce(table_id, records=True)
        log.info("table %s: seat %s claimed", table_id, seat)
        claimed_at = entries[-1].at if entries else claim.claimed_at
        return {"table": table_id, "seat": seat, "credential": claim.credential, "claimed_at": claimed_at, "recorded": bool(entries)}

    def w_reissue(self, table_id: str, role: str, body: dict[str, Any]) -> dict[str, Any]:
        """The gamesmaster's re-issue of a seat's invitation: logged, then the seat's
        credential revoked; returns the new invitation."""
        hub = self.hub
        if role != GAMESMASTER:
            raise Problem(403, "only the gamesmaster re-issues an invitation")
        seat = body.get("seat")
        if not isinstance(seat, str) or not seat:
            raise Problem(400, 'seat: the seat whose invitation is re-issued, {"seat": name}')
        hub._w_seat(table_id, seat)
        if seat == GAMESMASTER:
            raise Problem(400, "the gamesmaster's own link is not an invitation; only a seat's is re-issued")
        app = hub._w_app
        try:
            recorded = not app.over(table_id) and bool(app.seating.reissue(table_id, seat))
        except RefereeError as exc:
            raise _problem(exc) from None
        invitation = hub._w_keys.reissue(table_id, seat)
        # The seat's credential opens nothing from now on, in this process at once.
        hub.forget_records(table_id)
        hub._announce(table_id, records=True)
        return {"seat": seat, "invitation": invitation, "recorded": recorded}

    def w_update(self, table_id: str, role: str, token: str, after: int) -> dict[str, Any]:
        """``Hub._w_page_update`` reading the table's head first (a page opening)."""
        return self.hub._w_page_update(table_id, role, token, after, True)
