"""The dispute report on one entry, as a page a player saves (``referee.dispute_report``).

Written from the server's own log and the receipts the seat's browser kept, once the game is
over: before the end it would word entries the rules still hide.  The page is the server's
account; a player checks it without trusting the server by running ``referee dispute`` on
the copy and receipts they downloaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee import GAMESMASTER, RefereeError

from .hub import Problem

if TYPE_CHECKING:
    from .hub import Hub


def entry_page(table_id: str, role: str, body: dict[str, Any], hub: Hub) -> dict[str, Any]:
    from referee import Copy, entry_report, load_receipts

    app = hub._w_app
    entry = body.get("entry")
    if not isinstance(entry, int) or isinstance(entry, bool):
        raise Problem(400, "entry: the number of the entry questioned")
    receipts = body.get("receipts", "")
    if not isinstance(receipts, str):
        raise Problem(400, "receipts: the receipts kept, as JSON Lines")
    if not app.over(table_id):
        raise Problem(409, "a dispute report is written once the game is over: before that it would tell what the rules still hide")
    try:
        kept = load_receipts(receipts, source="the receipts sent")
        seat = None if role == GAMESMASTER else role
        copies = [Copy(f"{seat}'s copy", app.audit.load_log(app.export(table_id, seat)), kept, seat)] if seat else []
        final = Copy("the server's log", app.entries(table_id))
        report = entry_report(app.registry, copies, final, entry, [] if seat else kept)
    except RefereeError as exc:
        raise Problem(400, exc.message) from None
    return {"entry": entry, "title": report.title, "html": report.html(), "text": report.text()}
