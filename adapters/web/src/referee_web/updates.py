"""What a page is sent: the seat's view and the log entries after the last one it holds,
worked out from the table the worker holds (see ``core``), never by reading the store
for a change this process made."""

from __future__ import annotations

from typing import Any

from referee import GAMESMASTER, Referee, short_head

from .core import SPECTATORS, HubCore
from .forms import _hint, _label, _pasteable
from .problems import Problem
from .showing import entry_shown


class PageUpdates(HubCore):
    def _w_update(self, table_id: str, role: str, after: int, look: bool = True) -> dict[str, Any]:
        """What ``role`` sees now, with the log entries after ``after``.  ``look``: read the
        table's head first (a page opening); without it, a page told of a change is
        answered from memory."""
        app = self._w_app
        with self._w_reading(table_id, look=look):
            return self._w_read_update(app, table_id, role, after)

    def _w_page_update(self, table_id: str, role: str, token: str, after: int, look: bool) -> dict[str, Any]:
        """``_w_update`` for a live page that still holds its seat: a credential revoked
        since the page said hello is refused, with the reason, at the next change."""
        self._w_authorize(table_id, role, token)
        return self._w_update(table_id, role, after, look)

    def _w_spectator_update(self, table_id: str, token: str, after: int, look: bool) -> dict[str, Any]:
        """What every seat may see, for a spectator link: the view of nobody's seat."""
        self._w_authorize_spectator(table_id, token)
        update = self._w_update(table_id, SPECTATORS, after, look)
        update["role"] = "spectator"
        return update

    def _w_read_update(self, app: Referee, table_id: str, role: str, after: int) -> dict[str, Any]:
        seat = None if role in (GAMESMASTER, SPECTATORS) else role
        after = max(0, after)
        if after > app.length(table_id):
            raise Problem(400, f"after: table {table_id} has fewer than {after} entries")
        view, drawn = self._shown.of(app, table_id, role)
        entries = app.visible_entries(table_id, seat, after=after)
        length = after + len(entries)
        self._lengths[table_id] = max(length, self._lengths.get(table_id, 0))
        rules = app.rules(table_id)
        bots = app.bots.seats(table_id)
        update: dict[str, Any] = {
            "table": table_id,
            "role": role,
            "title": drawn["title"] if drawn else rules.game.title,
            "over": view["result"] is not None,
            "length": length,
            "head": short_head(app.head(table_id)),
            "view": view,
            "presentation": drawn,
            "entries": [entry_shown(rules, e, seat) for e in entries],
            "bots": list(bots),
            "published": self._w_published(table_id),
        }
        if role == GAMESMASTER:
            update["pasteable"] = [
                {
                    "seat": r.seat,
                    "request": r.id,
                    "action": r.action,
                    "field": next(iter(r.answer or {})),
                    "label": _label(r),
                    "hint": _hint(r),
                }
                for r in app.requests(table_id)
                if _pasteable(r) and r.seat not in bots
            ]
            update["invitations"] = self._w_invitations(table_id)
        return update

    def _w_published(self, table_id: str) -> list[int]:
        # Read once, then again only after a publication (here, or heard of from elsewhere).
        published = self._published.get(table_id)
        if published is None:
            published = self._published[table_id] = self._w_keys.published(table_id)
        return published

    def _w_invitations(self, table_id: str) -> dict[str, dict[str, str | None]]:
        # Read once, then again only after a claim or a re-issue (here, or heard of from elsewhere).
        invitations = self._invitations.get(table_id)
        if invitations is None:
            invitations = self._invitations[table_id] = self._w_keys.invitations(table_id)
        return invitations
