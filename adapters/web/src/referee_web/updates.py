"""What a page is sent: the seat's view and the log entries after the last one it holds,
worked out from the table the worker holds (see ``core``), never by reading the store
for a change this process made.

A live page waiting for a change says what it will ask (``stand``).  The job that changes
the table (an answer, a bot's move) has those questions answered next on the same worker,
before any job waiting, once the change is durable and its own caller answered, and the
pages are woken with their updates (``_w_changed``): no page asks, and no answer waiting
on the worker comes between a change and its pages.  A page woken some other way (a change
heard from another process, a claim, a deadline), or opening, or asking from an entry of
its choice, asks: the pages one change wakes are answered together by one job on the
table's worker (``page``).  Either way each update is encoded once, and pages of the same
role holding the same entries are sent the same text."""

from __future__ import annotations

import asyncio
from typing import Any, NamedTuple

import msgspec

from referee import GAMESMASTER, Referee, short_head

from .core import SPECTATORS, HubCore
from .forms import _hint, _label, _pasteable
from .lanes import current_lane
from .problems import Problem
from .showing import entry_shown


class Ask(NamedTuple):
    """A live page's question: what ``role`` (a seat, the gamesmaster or ``SPECTATORS``)
    holding ``token`` sees now after entry ``after``; ``look``: read the table's head first."""

    role: str
    token: str
    after: int
    look: bool


class Page(NamedTuple):
    """A live page's update: its message as sent (``text``, JSON), and what the page keeps
    of it to know whether the next one says anything new."""

    length: int
    entries: int
    published: list[int]
    text: str


_encode = msgspec.json.Encoder().encode


class PageUpdates(HubCore):
    # The event loop stands and sits pages while the worker reads them: both hold the lock.
    def stand(self, table_id: str, page: Any, ask: Ask) -> None:
        """``page`` waits for ``table_id``'s next change, then asks ``ask``."""
        with self._standing_lock:
            self._standing.setdefault(table_id, {})[page] = ask

    def sit(self, table_id: str, page: Any) -> None:
        """``page`` no longer waits (it was woken, or it closed)."""
        with self._standing_lock:
            standing = self._standing.get(table_id)
            if standing is not None:
                standing.pop(page, None)
                if not standing:
                    del self._standing[table_id]

    async def page(self, table_id: str, ask: Ask) -> Page:
        """The update of a live page: worked out already by the job that changed the table,
        if the page stood waiting for it; else pages woken by the same change ask in the
        same turn of the event loop and are answered together, by one job on the table's
        worker (one hand-over, one look at the store at most).  A refusal is this page's alone."""
        premade = self._premade.get(table_id)
        if premade is not None and not ask.look:
            made = premade.pop((ask.role, ask.token, ask.after), None)
            if not premade:
                del self._premade[table_id]
            if isinstance(made, Problem):
                raise made
            if made is not None:
                return made
        waiting = self._asking.get(table_id)
        if waiting is None:
            waiting = self._asking[table_id] = []
            asyncio.get_running_loop().call_soon(self._spawn, self._answer_pages(table_id))
        answer: asyncio.Future[Page] = asyncio.get_running_loop().create_future()
        waiting.append((ask, answer))
        return await answer

    async def _answer_pages(self, table_id: str) -> None:
        waiting = self._asking.pop(table_id, [])
        try:
            outcomes: list[Page | Problem] = await self.run(self._w_pages, table_id, [ask for ask, _ in waiting])
        except Exception as exc:
            outcomes = [exc] * len(waiting)  # type: ignore[list-item]
        for (_, answer), outcome in zip(waiting, outcomes, strict=True):
            if answer.done():
                continue  # the page closed meanwhile
            if isinstance(outcome, BaseException):
                answer.set_exception(outcome)
            else:
                answer.set_result(outcome)

    def _w_pages(self, table_id: str, asks: list[Ask]) -> list[Page | Problem]:
        """``_w_page_update`` (or ``_w_spectator_update``) for each of ``asks``, read together:
        what one role sees after one entry is worked out and encoded once."""
        app = self._w_app
        made: dict[tuple[str, int], Page] = {}
        outcomes: list[Page | Problem] = []
        refused = False
        with self._w_reading(table_id, look=any(ask.look for ask in asks)):
            for ask in asks:
                try:
                    if ask.role == SPECTATORS:
                        self._w_authorize_spectator(table_id, ask.token)
                    else:
                        self._w_authorize(table_id, ask.role, ask.token)
                    page = made.get((ask.role, ask.after))
                    if page is None:
                        update = self._w_read_update(app, table_id, ask.role, ask.after)
                        if ask.role == SPECTATORS:
                            update["role"] = "spectator"
                        text = _encode({"type": "update", "after": ask.after, **update}).decode()
                        page = made[ask.role, ask.after] = Page(update["length"], len(update["entries"]), update["published"], text)
                    outcomes.append(page)
                except Problem as problem:
                    refused = True
                    outcomes.append(problem)
        if refused:
            # As when a single question is refused: the table is read again next time.
            self._local.current.discard(table_id)
        return outcomes

    def _w_changed(self, *table_ids: str, drive: bool = True) -> None:
        self._announce(*table_ids)
        lane = current_lane()
        # Each put at the front of the queue: the last first, so that they run in order.
        for table_id in reversed(table_ids):
            # Counted now: a change heard of after this may be missing from the updates.
            heard = self._heard.get(table_id, 0)
            if lane is not None and self._standing.get(table_id):
                # Next on this worker, once the answers of this job have been given.
                lane.next_up(self._w_fan_out, (table_id, drive, heard), table_id.casefold())
            else:
                self._post(self.changed, table_id, drive=drive)

    def _w_fan_out(self, table_id: str, drive: bool, heard: int) -> None:
        """The updates of the pages standing at ``table_id``, which then wake with them."""
        pages: dict[tuple[str, str, int], Page | Problem] | None = None
        try:
            with self._standing_lock:
                standing = tuple(self._standing.get(table_id, {}).values())
            if standing:
                outcomes = self._w_pages(table_id, list(standing))
                pages = {(ask.role, ask.token, ask.after): outcome for ask, outcome in zip(standing, outcomes, strict=True)}
        except Exception:
            pages = None  # each page asks, and is told what failed
        self._post(self.changed, table_id, drive=drive, pages=pages, heard=heard)

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
