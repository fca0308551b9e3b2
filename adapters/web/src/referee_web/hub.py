"""The server's side of the tables: one ``referee.Referee`` per process, worked by one thread.

``Referee`` keeps each table folded in memory and decides in place, so it is used from a
single worker thread (SQLite connections want that too); the event loop hands it work
and waits.  Around it the hub keeps what a server adds to the service:

* change notices: a page waiting for a table wakes when an entry is appended, by this
  process or (on PostgreSQL) by another one, announced with ``NOTIFY`` and heard by a
  listening connection;
* bots, which play their seats here as soon as they are asked, one action at a time so
  that other tables are served in between;
* deadlines: a timed request is closed through the gamesmaster's ``expire`` once its time
  is up, by this server's clock (the game says what the delay costs).

Every method named ``_w_...`` runs on a worker thread.  A table's work is bounded in
time (``work_timeout``): a request whose work does not finish gets a 503 naming the
table, the stuck worker is given up for a fresh one (see ``lanes``), and the table is set
aside until that work ends, so one table cannot starve the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from referee import GAMESMASTER, ConcurrentWrite, IllegalAction, Referee, RefereeError, Registry, UnknownTable, shown

from .forms import _file_like, _hint, _label, _pasteable, _verdict
from .keys import CHANNEL, SeatKeys, postgres_conninfo
from .lanes import Lanes, Overdue, refuse_late_appends, refuse_late_writes
from .limits import WORK_TIMEOUT, Limits
from .showing import Shown, entry_shown, presented

T = TypeVar("T")

log = logging.getLogger("referee_web")

MAX_SEATS = 12
MAX_NAME = 40


class Problem(Exception):
    """A request the server refuses: an HTTP status and one line saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _not_open(seat: str) -> Problem:
    # The same words and status whether the id is another seat's or nobody's (and the id
    # is not echoed): guessing ids tells a seat nothing of the requests other seats have open.
    return Problem(
        409, f"that request is not open for {seat}: answered, withdrawn or never asked of {seat}; reload to see what is asked now"
    )


def _problem(exc: RefereeError, request: str | None = None, still_open: bool = True, seat: str = "") -> Problem:
    if isinstance(exc, UnknownTable):
        return Problem(404, exc.message)
    if isinstance(exc, ConcurrentWrite):
        return Problem(503, exc.message)
    if isinstance(exc, IllegalAction):
        if request is not None and not still_open:
            return _not_open(seat)
        return Problem(422, exc.message)
    return Problem(400, exc.message)


class Hub:
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
        self._loop: asyncio.AbstractEventLoop | None = None
        self.app: Referee | None = None
        self.keys: SeatKeys | None = None
        self._events: dict[str, asyncio.Event] = {}
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

    # -- lifecycle ----------------------------------------------------------------
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._lanes.start(asyncio.get_running_loop())
        self.app = await self.run(lambda: self._w_app)
        self.keys = await self.run(lambda: self._w_keys)
        workers = self._workers or (4 if self.keys.postgres else 1)
        if self.app.location != ":memory:":
            self._lanes.add(workers - 1)
        else:
            self._lanes.replaceable = False  # the in-memory store lives on its one thread
        location = self.app.location
        if self.keys.postgres:
            self._listener = threading.Thread(target=self._listen, args=(location,), name="referee-listen", daemon=True)
            self._listener.start()
            await asyncio.get_running_loop().run_in_executor(None, self._listening.wait, 10)
        self._ticker = asyncio.create_task(self._tick())
        if self.watch > 0 and not self.keys.postgres:
            self._spawn(self._watch())
        # Tables this server opened may be waiting for bots or a deadline (a process that
        # stopped meanwhile): look at each once.
        for table_id in await self.run(self._w_open_tables):
            self.changed(table_id)

    async def stop(self) -> None:
        self._stopping.set()
        if self._ticker is not None:
            self._ticker.cancel()
        for task in list(self._tasks):
            task.cancel()
        await self._lanes.stop(self._w_close)

    def _w_close(self) -> None:
        keys, app = getattr(self._local, "keys", None), getattr(self._local, "app", None)
        if keys is not None:
            keys.close()
        if app is not None:
            app.close()

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
            refuse_late_appends(app)
        return app

    @property
    def _w_keys(self) -> SeatKeys:
        keys = getattr(self._local, "keys", None)
        if keys is None:
            keys = self._local.keys = SeatKeys(self._w_app.location)
            refuse_late_writes(keys, "issue", "invite", "claim", "unclaim", "stamp", "reissue", "publish")
        return keys

    # -- change notices -----------------------------------------------------------
    def waiter(self, table_id: str) -> asyncio.Event:
        """An event set at the next change of ``table_id`` (take it before reading the table)."""
        event = self._events.get(table_id)
        if event is None:
            event = self._events[table_id] = asyncio.Event()
        return event

    def changed(self, table_id: str, *, drive: bool = True) -> None:
        """``table_id`` has new entries: wake its pages, and let bots and deadlines look."""
        self._published.pop(table_id, None)
        event = self._events.pop(table_id, None)
        if event is not None:
            event.set()
        if drive:
            self._spawn(self._drive(table_id))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _announce(self, table_id: str) -> None:
        """Called on the worker after an append: other processes hear of it (PostgreSQL)."""
        with contextlib.suppress(Exception):
            self._w_keys.notify(table_id)

    def _listen(self, location: str) -> None:
        """Hear other processes' notices (a thread of its own, with its own connection)."""
        import psycopg

        while not self._stopping.is_set():
            try:
                with psycopg.connect(postgres_conninfo(location), autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    while not self._stopping.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            if self._loop is not None:
                                self._loop.call_soon_threadsafe(self.changed, notice.payload)
            except Exception:
                if self._stopping.is_set():
                    return
                time.sleep(0.5)

    # -- bots and deadlines ---------------------------------------------------------
    async def _drive(self, table_id: str) -> None:
        """Let bots answer, one action at a time, and note the table's timed requests."""
        if table_id in self._driving:
            self._again.add(table_id)
            return
        self._driving.add(table_id)
        try:
            while True:
                self._again.discard(table_id)
                try:
                    acted, timed = await self.run(self._w_bot_step, table_id)
                except (RefereeError, Problem):
                    return
                self._note_deadlines(table_id, timed)
                if acted:
                    self.changed(table_id, drive=False)
                    if self.bot_pause:
                        await asyncio.sleep(self.bot_pause)
                    else:
                        await asyncio.sleep(0)
                elif table_id not in self._again:
                    return
        finally:
            self._driving.discard(table_id)

    def _w_bot_step(self, table_id: str) -> tuple[bool, dict[str, float]]:
        app = self._w_app
        with app.reading(table_id):
            requests = app.requests(table_id)  # none open: the game is over, or waits for nobody
            timed = {r.id: float(r.deadline) for r in requests if r.deadline is not None}
            bots = set(app.bots.seats(table_id)) if requests else set()
            pending = [r for r in requests if r.seat in bots]
            if not pending or self._w_bots_stopped(app, table_id):
                return False, timed
            request = pending[0]
            answer = app.bots.answer(table_id, request)
            before = app.length(table_id)
        # A refused answer counts too: the limit bounds what bots cost, not what they achieve.
        self._bot_actions[table_id] = self._bot_actions.get(table_id, 0) + 1
        try:
            app.act(table_id, request.seat, request.action, answer, request=request.id)
        except IllegalAction as exc:
            # Another process may have answered it first: then the table grew all the same.
            # If it did not, the bot's answer was refused, and as a bot answers the same at
            # the same length, asking again would loop for good.
            if app.length(table_id) == before:
                log.warning(
                    "table %s: the bot of seat %s answered %s illegally (%s); the seat waits for a person or the gamesmaster",
                    table_id,
                    request.seat,
                    shown(request.action),
                    exc.message,
                )
                return False, timed
            return True, timed
        self._announce(table_id)
        return True, timed

    def _w_bots_stopped(self, app: Referee, table_id: str) -> bool:
        # Bots play no further than the server's limits: an all-bot table with a goal
        # nobody reaches would otherwise grow the store for good.
        return self._bot_actions.get(table_id, 0) >= self.max_bot_actions or app.length(table_id) >= self.max_entries

    def _note_deadlines(self, table_id: str, timed: dict[str, float]) -> None:
        # A request's time runs from when this server first saw it open; the kernel then
        # checks its own clock (from the entry that opened it) before closing it.
        now = time.monotonic()
        known = self._expiry.get(table_id, {})
        fresh = {rid: known.get(rid, now + seconds) for rid, seconds in timed.items()}
        if fresh:
            self._expiry[table_id] = fresh
        else:
            self._expiry.pop(table_id, None)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            self._lanes.watch()
            now = time.monotonic()
            due = [t for t, times in self._expiry.items() if times and min(times.values()) <= now]
            for table_id in due:
                try:
                    expired = await self.run(self._w_expire, table_id)
                except (RefereeError, Problem):
                    expired = False
                if expired:
                    self._expiry.pop(table_id, None)
                    self.changed(table_id)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.watch)
            for table_id in [t for t in self._events if t in self._lengths]:
                with contextlib.suppress(RefereeError, Problem):
                    if await self.run(self._w_grew, table_id):
                        self.changed(table_id)

    def _w_grew(self, table_id: str) -> bool:
        known = self._lengths.get(table_id, 0)
        fresh = self._w_app.visible_entries(table_id, None, after=known)
        if fresh:
            self._lengths[table_id] = known + len(fresh)
        return bool(fresh)

    def _w_expire(self, table_id: str) -> bool:
        app = self._w_app
        try:
            appended = app.gamesmaster.expire_overdue(table_id)
        except IllegalAction:
            return True  # another process closed it first
        if appended:
            self._announce(table_id)
        return bool(appended)

    def _w_open_tables(self) -> list[str]:
        app, keys = self._w_app, self._w_keys
        waiting = []
        for table_id in keys.tables():
            with contextlib.suppress(RefereeError):
                if app.exists(table_id) and not app.over(table_id):
                    waiting.append(table_id)
        return waiting

    # -- what the routes ask for ----------------------------------------------------
    def _w_games(self) -> dict[str, Any]:
        return self._w_app.plugins.games()

    def _w_create(self, body: dict[str, Any]) -> dict[str, Any]:
        app = self._w_app
        game = body.get("game")
        if not isinstance(game, str) or not game:
            raise Problem(400, "game: name an installed game")
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise Problem(400, "seats: a list of seat names")
        if len(seats) > MAX_SEATS or any(len(s) > MAX_NAME for s in seats):
            raise Problem(400, f"seats: at most {MAX_SEATS} seats of at most {MAX_NAME} characters each")
        bots = body.get("bots", [])
        if not isinstance(bots, list) or not all(isinstance(s, str) for s in bots) or any(b not in seats for b in bots):
            raise Problem(400, "bots: a list of the seats bots play (each one of seats)")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise Problem(400, "options: an object of option name to value")
        path = _file_like(options)
        if path is not None:
            raise Problem(
                400, f"options: {shown(path)} looks like a file path; this server reads no files for a table (paste the file's text)"
            )
        extensions = body.get("extensions")
        if extensions is not None and (not isinstance(extensions, list) or not all(isinstance(e, str) for e in extensions)):
            raise Problem(
                400,
                "extensions: a list of extension names (empty for none; leave it out for the game's own; +name, -name: the game's own plus or minus one)",
            )
        try:
            table_id = app.open(game, seats, options=options, extensions=extensions)
            if bots:
                app.bots.automate(table_id, bots)
        except RefereeError as exc:
            raise _problem(exc) from None
        keys = self._w_keys
        tokens, invitations = keys.issue(table_id, [GAMESMASTER]), keys.invite(table_id, [s for s in seats if s not in bots])
        return {"table": table_id, "game": game, "seats": seats, "bots": bots, "tokens": tokens, "invitations": invitations}

    def _w_authorize(self, table_id: str, role: str, token: str) -> None:
        self._w_seat(table_id, role)
        if not token:
            raise Problem(401, "this page needs its join link's token (Authorization: Bearer ...)")
        refusal = self._w_keys.refusal(table_id, role, token)
        if refusal is not None:
            raise Problem(403, refusal)

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

    def _w_update(self, table_id: str, role: str, after: int) -> dict[str, Any]:
        """What ``role`` sees now, with the log entries after ``after``."""
        app = self._w_app
        with app.reading(table_id):
            return self._w_read_update(app, table_id, role, after)

    def _w_read_update(self, app: Referee, table_id: str, role: str, after: int) -> dict[str, Any]:
        seat = None if role == GAMESMASTER else role
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
            update["invitations"] = self._w_keys.invitations(table_id)
        return update

    def _w_published(self, table_id: str) -> list[int]:
        # Read once per change of the table: every publication is announced as one.
        published = self._published.get(table_id)
        if published is None:
            published = self._published[table_id] = self._w_keys.published(table_id)
        return published

    def _w_act(self, table_id: str, role: str, body: dict[str, Any]) -> dict[str, Any]:
        # The table is looked at once for the checks, the action and a refusal's reason.
        with self._w_app.reading(table_id):
            return self._w_read_act(table_id, role, body)

    def _w_read_act(self, table_id: str, role: str, body: dict[str, Any]) -> dict[str, Any]:
        app = self._w_app
        action = body.get("action")
        args = body.get("args", {})
        request = body.get("request")
        if not isinstance(action, str) or not action:
            raise Problem(400, "action: the action's name, e.g. the request's action")
        if action in app.seating.ACTIONS:
            raise Problem(400, f"{action}: a seat is claimed by opening its invitation, and re-issued from the gamesmaster's console")
        if not isinstance(args, dict):
            raise Problem(400, "args: an object of field to value")
        if request is not None and not isinstance(request, str):
            raise Problem(400, "request: the id of the request answered")
        seat = role
        named = body.get("seat")
        if named is not None and named != role:
            # The gamesmaster may enter a seat's written orders, as sent by private message.
            if role != GAMESMASTER:
                raise Problem(403, "a seat acts only for itself")
            if not isinstance(named, str):
                raise Problem(400, "seat: the seat whose orders are entered")
            target = next((r for r in app.requests(table_id) if r.seat == named and r.action == action and request in (None, r.id)), None)
            if target is None or not _pasteable(target):
                raise Problem(403, f"the gamesmaster enters only written orders a seat is asked for, and {shown(named)} is asked for none")
            seat, request = named, target.id
        elif role == GAMESMASTER and action == "automate":
            return self._w_automate(table_id, args)
        elif role == GAMESMASTER and action == "close" and "turn" not in args:
            # Without the turn, a close sent twice (a retry, a double click, two consoles)
            # closes two turns; naming it makes the second one a refusal.
            raise Problem(400, 'close: name the turn it closes, {"turn": N} (the round the console shows)')
        if role != GAMESMASTER and app.length(table_id) >= self.max_entries:
            raise Problem(
                507, f"table {table_id} has reached this server's limit of {self.max_entries:,} entries; the gamesmaster can end it"
            )
        if request is not None and request not in self._w_open_for(app, table_id, seat):
            raise _not_open(seat)
        try:
            entries = app.act(table_id, seat, action, args, request=request)
        except RefereeError as exc:
            still_open = request is None or request in self._w_open_for(app, table_id, seat)
            raise _problem(exc, request, still_open, seat) from None
        self._announce(table_id)
        return {"appended": len(entries)}

    @staticmethod
    def _w_open_for(app: Referee, table_id: str, seat: str) -> set[str]:
        return {r.id for r in app.requests(table_id) if r.seat == seat}

    def _w_automate(self, table_id: str, args: dict[str, Any]) -> dict[str, Any]:
        app = self._w_app
        seats = args.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise Problem(400, "seats: the list of seats bots play from now on")
        try:
            entries = app.bots.automate(table_id, seats)
        except RefereeError as exc:
            raise _problem(exc) from None
        # Seats handed back to people need links: a seat handed to bots keeps its old one.
        self._announce(table_id)
        return {"appended": len(entries)}

    def _w_export(self, table_id: str, role: str) -> dict[str, Any]:
        app = self._w_app
        over = app.over(table_id)
        # During the game a seat gets only what it may see; after it, everyone gets the whole log.
        seat = None if over or role == GAMESMASTER else role
        if role == GAMESMASTER and not over:
            # The gamesmaster has the whole log checked as it stands, but is not handed the
            # operator's copy: it carries the key of every hidden body.
            verdict = app.audit.verify_table(table_id)
            return {"jsonl": None, "verify": _verdict(verdict), "entries": verdict.checked, "full": True, "over": over}
        text = app.export(table_id, seat)
        verdict = app.audit.verify(app.audit.load_log(text, source="export"))
        return {"jsonl": text, "verify": _verdict(verdict), "entries": text.count("\n"), "full": seat is None, "over": over}

    def _w_replay(self, table_id: str, role: str, to: int) -> dict[str, Any]:
        app = self._w_app
        seat = None if role == GAMESMASTER else role
        entries = app.entries(table_id)
        if not 1 <= to <= len(entries):
            raise Problem(400, f"to: the log has entries 1 to {len(entries)}")
        try:
            walked = app.audit.replay_view(entries, to, seat)
        except RefereeError as exc:
            raise _problem(exc) from None
        drawn = None if walked.view is None else presented(walked.rules, walked.view)
        return {"to": walked.to, "view": walked.view, "presentation": drawn, "result": walked.result}

    def _w_report(self, table_id: str, round: int | None, publish: bool, role: str) -> dict[str, Any]:
        """A finished round's report: the gamesmaster reads any and publishes it; a seat
        reads those published."""
        app = self._w_app
        if publish and role != GAMESMASTER:
            raise Problem(403, "only the gamesmaster publishes reports")
        info = app.info(table_id)
        # Without a round: the last finished one (the one in play has not ended yet).
        chosen = round if round is not None else info.round if info.over else info.round - 1
        if chosen < 1:
            raise Problem(404, f"table {table_id} has not finished a round yet")
        if role != GAMESMASTER and chosen not in self._w_keys.published(table_id):
            raise Problem(403, f"the gamesmaster has not published the report of round {chosen}")
        try:
            text = app.gamesmaster.report(table_id, chosen)
        except RefereeError as exc:
            raise Problem(404, exc.message) from None
        if publish:
            self._w_keys.publish(table_id, chosen)
            self._published.pop(table_id, None)
            self._announce(table_id)
        return {"round": chosen, "text": text or "", "published": self._w_keys.published(table_id)}
