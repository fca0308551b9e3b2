"""What every part of the hub shares: the workers, the tables they hold current, the seats'
credentials as checked last, and the notices of a table's change.

A table is read from the store once per change, not once per question.  Each worker's
``Referee`` keeps the tables it serves folded in memory; what that worker appended itself
it knows without reading (an append succeeds only at the length the worker held, so the
table it holds afterwards is exactly the stored one).  Only a change made elsewhere (a
``NOTIFY`` from another process, or what ``watch`` saw on a shared SQLite file) marks a
table stale (``heard``), and the next question about it reads the head and the new
entries, once.  A page opening, or asking again from an entry of its choice, reads the
head too: a process that announces nothing (a command run on the same SQLite file) is then
seen.  The kernel still refuses an append decided on a table another writer moved on
(``ConcurrentWrite``) and decides again, so memory is never trusted for a write.

Seat credentials accepted are remembered per table for at most ``credential_seconds``,
and forgotten at once when this process re-issues an invitation or hears the table
changed elsewhere (a re-issue is logged, and announced): a revoked credential opens
nothing from then on.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import functools
import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

from referee import GAMESMASTER, Referee, RefereeError, Registry, shown

from .keys import SeatKeys
from .lanes import Lanes, Overdue, refuse_late_appends, refuse_late_writes
from .limits import WORK_TIMEOUT, Limits
from .problems import Problem
from .showing import SPECTATORS, Shown

T = TypeVar("T")

CREDENTIAL_SECONDS = 5.0
"""How long an accepted credential is trusted without looking at the records again; a
re-issue this process makes, or hears of, ends that at once."""


class HubCore(abc.ABC):
    def __init__(
        self,
        db: str | None = None,
        *,
        registry: Registry | None = None,
        bot_pause: float = 0.0,
        tick: float = 0.25,
        workers: int | None = None,
        watch: float = 0.0,
        work_timeout: float = WORK_TIMEOUT,
    ) -> None:
        """``workers``: threads, each with its own ``Referee`` and store connection, a table
        always served by the same one (default: 4 on PostgreSQL, whose commits run side by
        side; 1 on SQLite, which writes one transaction at a time, and in memory, where
        each connection would be a store of its own).  ``watch``: seconds between looks at
        the store for entries other processes appended to tables whose pages are open (a
        SQLite file shared by several processes; PostgreSQL says so by ``NOTIFY``); 0: never.
        ``work_timeout``: seconds one piece of a table's work may take before its request
        is refused with 503 and the table set aside until that work ends."""
        self._db = db
        self._registry = registry
        self.bot_pause = bot_pause
        self.tick = tick
        self._workers = workers
        self.watch = watch
        self._lengths: dict[str, int] = {}
        self.work_timeout = work_timeout
        self._lanes = Lanes(work_timeout)
        self._local = threading.local()
        self._known: set[str] = set()
        self._published: dict[str, list[int]] = {}
        self._invitations: dict[str, dict[str, dict[str, str | None]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.app: Referee | None = None
        self.keys: SeatKeys | None = None
        self._events: dict[str, asyncio.Future[None]] = {}
        self._driving: set[str] = set()
        self._again: set[str] = set()
        self._expiry: dict[str, dict[str, float]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: threading.Thread | None = None
        self._listening = threading.Event()
        self._stopping = threading.Event()
        self._ticker: asyncio.Task[None] | None = None
        self._seats: dict[str, tuple[str, ...]] = {}
        self.max_entries = Limits.entries
        self.max_bot_actions = Limits.bot_actions
        self._bot_actions: dict[str, int] = {}
        self._shown = Shown()
        self._asking: dict[str, list[tuple[Any, asyncio.Future[Any]]]] = {}
        """Per table, the live pages' questions to be answered together (``PageUpdates.page``)."""
        self._standing: dict[str, dict[Any, Any]] = {}
        """Per table, the questions its live pages will ask at its next change, by page (set
        on the event loop, read by the worker that changes the table, under ``_standing_lock``)."""
        self._standing_lock = threading.Lock()
        self._premade: dict[str, dict[Any, Any]] = {}
        """Per table, the answers to those questions worked out by the job that made its
        latest change, until each page takes its own (``PageUpdates.page``)."""
        self._stale: set[str] = set()
        """Tables changed elsewhere since a worker last read them (set on the event loop)."""
        self._heard: dict[str, int] = {}
        """Per table, how many changes made elsewhere were heard of (``heard``): updates worked
        out before the latest of them are not given (``changed``)."""
        self.credential_seconds = CREDENTIAL_SECONDS
        self._accepted: dict[str, dict[tuple[str, str], float]] = {}
        """Per table, (role, token digest) accepted, and until when it is trusted."""
        self.origin = secrets.token_hex(4)
        """This process in its change notices, so that it does not hear its own."""

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn`` on a worker: the worker of the table named by the first argument, if
        there is one (so one table's actions are decided one after the other, in order),
        for at most ``work_timeout`` seconds (then a 503 naming the table)."""
        table = args[0] if args and isinstance(args[0], str) else None
        try:
            return await self._lanes.run(fn, args, table)
        except Overdue as exc:
            raise Problem(503, str(exc)) from None

    @property
    def _w_app(self) -> Referee:
        app = getattr(self._local, "app", None)
        if app is None:
            app = self._local.app = Referee(self._db, registry=self._registry)
            self._local.current = set()
            refuse_late_appends(app)
        return app

    @property
    def _w_keys(self) -> SeatKeys:
        keys = getattr(self._local, "keys", None)
        if keys is None:
            keys = self._local.keys = SeatKeys(self._w_app.location)
            refuse_late_writes(keys, "issue", "invite", "claim", "unclaim", "stamp", "reissue", "publish")
        return keys

    # -- tables held current ---------------------------------------------------------
    @contextlib.contextmanager
    def _w_reading(self, table_id: str, *, look: bool = False, wake: bool = True) -> Iterator[bool]:
        """Every question about ``table_id`` inside this block is answered from the table
        this worker holds: read from the store only when it was heard changed elsewhere
        (or ``look``: a page opening reads the head whatever was heard).  Yields whether
        the store was looked at.  ``wake``: a look that finds entries nobody announced
        wakes the table's pages and bots."""
        app = self._w_app
        current: set[str] = self._local.current
        # Forgotten before the head is read: a notice heard meanwhile stays for next time.
        heard = table_id in self._stale
        self._stale.discard(table_id)
        looked = look or heard or table_id not in current
        held = None
        if look and wake and not heard and table_id in current:
            with app.reading(table_id, current=True):
                held = app.length(table_id)
        current.discard(table_id)
        with app.reading(table_id, current=not looked):
            if held is not None and app.length(table_id) > held:
                # Their writer stopped between its commit and its notice (a process killed),
                # or announces nothing: whatever waits for this table here is told now.
                self._post(self.changed, table_id)
            yield looked
            # Reached only when nothing went wrong: the table is as stored, with this
            # worker's own appends (each succeeded at the length it held).
            current.add(table_id)

    def _w_held(self, table_id: str) -> int | None:
        """The length of ``table_id`` as this worker holds it, when it holds it current (no
        change heard of since): then a longer log read from the store is news to it."""
        app = self._w_app
        if table_id in self._stale or table_id not in self._local.current:
            return None
        with app.reading(table_id, current=True):
            return app.length(table_id)

    def _w_wake(self, table_id: str, *, drive: bool = True) -> None:
        """From a worker: ``table_id`` changed unannounced; wake what waits for it."""
        self._post(self.changed, table_id, drive=drive)

    def _post(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """From another thread: run ``fn`` on the event loop, unless the server has stopped
        (work given up as stuck may end after that)."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed
                self._loop.call_soon_threadsafe(functools.partial(fn, *args, **kwargs))

    # -- who may act ------------------------------------------------------------------
    def _w_authorize(self, table_id: str, role: str, token: str) -> None:
        self._w_seat(table_id, role)
        if not token:
            raise Problem(401, "this page needs its join link's token (Authorization: Bearer ...)")
        key = (role, hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest())
        accepted = self._accepted.get(table_id)
        now = time.monotonic()
        if accepted is not None and accepted.get(key, 0.0) > now:
            return
        refusal = self._w_keys.refusal(table_id, role, token)
        if refusal is not None:
            raise Problem(403, refusal)
        self._accepted.setdefault(table_id, {})[key] = now + self.credential_seconds

    def _w_authorize_spectator(self, table_id: str, token: str) -> None:
        """A spectator link's token for a table this server opened (every refusal alike)."""
        if table_id not in self._known:
            with contextlib.suppress(Problem):
                self._w_seat(table_id, GAMESMASTER)
        if not token:
            raise Problem(401, "this page needs its spectator link's token (Authorization: Bearer ...)")
        key = (SPECTATORS, hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest())
        accepted = self._accepted.get(table_id)
        now = time.monotonic()
        if accepted is not None and accepted.get(key, 0.0) > now:
            return
        # An unknown table is refused as a wrong token is: a spectator link tells nothing of other tables.
        if table_id not in self._known or self._w_keys.refusal(table_id, SPECTATORS, token) is not None:
            raise Problem(403, "that is not a spectator link of this table; ask the host for it")
        self._accepted.setdefault(table_id, {})[key] = now + self.credential_seconds

    def _w_seat(self, table_id: str, role: str) -> None:
        """404 unless ``role`` is a seat (or the gamesmaster) of a table this server opened."""
        app, keys = self._w_app, self._w_keys
        if table_id not in self._known:
            try:
                if app.exists(table_id) and keys.known(table_id):
                    self._known.add(table_id)
            except RefereeError:
                pass
        if table_id not in self._known:
            raise Problem(404, f"no table {shown(table_id)} on this server")
        seats = self._seats.get(table_id)
        if seats is None:
            seats = self._seats[table_id] = app.info(table_id).seats
        if role != GAMESMASTER and role not in seats:
            raise Problem(404, f"no seat {shown(role)} at table {table_id}")

    def forget_records(self, table_id: str) -> None:
        """The table's records changed (a claim, a re-issue, a publication, here or
        elsewhere): credentials, invitations and publications are looked up again."""
        self._accepted.pop(table_id, None)
        self._published.pop(table_id, None)
        self._invitations.pop(table_id, None)

    # -- change notices -----------------------------------------------------------
    def waiter(self, table_id: str) -> asyncio.Future[None]:
        """A future done at the next change of ``table_id`` (take it before reading the
        table).  It is every page's of that table: wait on it with a done callback (or
        ``asyncio.shield``), never cancel it."""
        event = self._events.get(table_id)
        if event is None:
            event = self._events[table_id] = asyncio.get_running_loop().create_future()
        return event

    def changed(self, table_id: str, *, drive: bool = True, pages: dict[Any, Any] | None = None, heard: int = 0) -> None:
        """``table_id`` has new entries: wake its pages, and let bots and deadlines look.
        ``pages``: the waiting pages' updates, worked out on the table's worker after the
        change, when ``heard`` changes made elsewhere had been heard of (else each page asks
        for its own)."""
        # Any change clears the updates worked out for an earlier one: a page answered
        # with one of those would not be woken again for this change.  A change made here
        # comes after every earlier one made here (a table's work is done in order on its
        # worker), but one heard from elsewhere may have overtaken the updates meanwhile.
        if pages and heard == self._heard.get(table_id, 0):
            self._premade[table_id] = pages
        else:
            self._premade.pop(table_id, None)
        event = self._events.pop(table_id, None)
        if event is not None and not event.done():
            event.set_result(None)
        if drive:
            self._spawn(self._drive(table_id))

    def heard(self, table_id: str, *, records: bool = True) -> None:
        """Another process changed ``table_id``: the next question reads it, once, and every
        page is told.  ``records``: the change may have been to the server's records (a
        claim, a re-issue, a publication), which are looked up again too."""
        self._stale.add(table_id)
        self._heard[table_id] = self._heard.get(table_id, 0) + 1
        if records:
            self.forget_records(table_id)
        self.changed(table_id)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _announce(self, table_id: str, *more: str, records: bool = False) -> None:
        """Called on the worker after a change of ``table_id`` (and of each of ``more``):
        other processes hear of it (PostgreSQL).  ``records``: the server's records changed
        too (see ``heard``)."""
        said = [f"{table} {self.origin}{' records' if records else ''}" for table in (table_id, *more)]
        with contextlib.suppress(Exception):
            self._w_keys.notify(*said)

    @abc.abstractmethod
    def _w_changed(self, *table_ids: str, drive: bool = True) -> None:
        """From the worker that changed each of ``table_ids``: other processes hear of it,
        and its pages here are woken with their updates (``updates.PageUpdates``)."""

    @abc.abstractmethod
    async def _drive(self, table_id: str) -> None:
        """What a change to ``table_id`` wakes: its bots and its deadlines (``driving.Driving``)."""
