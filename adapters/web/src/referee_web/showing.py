"""What a page is shown of a table: the seat's view with the game's presentation of it
(``referee_present``), worked out once per change of the table for each seat, and the log
as that seat's story (``referee.story``)."""

from __future__ import annotations

import logging
import threading
from typing import Any

from referee import Entry, Referee, RequestOpened, event_tag, presentation, story

log = logging.getLogger("referee_web")

SPECTATORS = "spectators of the table, who see what every seat sees"
"""The role of a table's spectator link in the server's records and its work: longer than
any seat's name may be here (``MAX_NAME``), so no seat is ever opened by it, nor it by a
seat's credential.  A spectator sees what every seat may see, the view of nobody's seat."""

OPENED = event_tag(RequestOpened)
KEPT = 1024
"""Views and presentations a worker keeps, one per seat of a table, the most recently asked."""

View = dict[str, Any]
Drawn = dict[str, Any] | None


def entry_shown(rules: Any, entry: Entry, reader: str | None) -> dict[str, Any]:
    """One log entry as a page shows it: a sentence in the reader's words, what kind of line
    it is (``play``, ``private``, ``hidden``, ``bookkeeping``: a page folds the last away)
    and its rule reference; never the body's raw fields or keys."""
    told = story.line(rules, entry, reader)
    shown = {
        "seq": entry.seq,
        "seat": entry.seat,
        "type": entry.type,
        "rule": told.rule,
        "hidden": entry.redacted,
        "kind": told.kind,
        "at": entry.at,
        "text": told.text,
    }
    if entry.type == OPENED and isinstance(entry.event, dict):
        # Which request this opened: a request asked again under the same id is a new form.
        shown["request"] = (entry.event.get("request") or {}).get("id")
    return shown


def presented(rules: Any, view: View) -> Drawn:
    """The game's presentation of ``view`` as JSON, or None when it declares none.  A
    presentation that fails is logged and the page lays the view out itself: showing the
    table must not stop because a plugin's drawing did."""
    try:
        drawn = presentation.present(rules, view)
    except Exception:
        log.exception("the presentation of %s failed; the page shows the view as it is", view.get("game"))
        return None
    return None if drawn is None else presentation.to_json(drawn)


class Shown:
    """Each worker's latest view and presentation per seat of a table, so every page of a
    seat is served the same work however many ask (a table is always served by the same
    worker, so each keeps its own)."""

    def __init__(self) -> None:
        self._local = threading.local()

    def of(self, app: Referee, table_id: str, role: str) -> tuple[View, Drawn]:
        """What ``role`` sees now and its presentation (read inside ``app.reading``)."""
        kept: dict[tuple[str, str], tuple[int, View, Drawn]] | None = getattr(self._local, "kept", None)
        if kept is None:
            kept = self._local.kept = {}
        length = app.length(table_id)
        cached = kept.pop((table_id, role), None)
        if cached is None or cached[0] != length:
            # A spectator's view is nobody's seat's (``None``), never a seat's.
            view = app.view(table_id, None if role == SPECTATORS else role)
            cached = (length, view, presented(app.rules(table_id), view))
        kept[(table_id, role)] = cached
        while len(kept) > KEPT:
            kept.pop(next(iter(kept)))
        return cached[1], cached[2]
