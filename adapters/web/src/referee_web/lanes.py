"""Worker threads for the hub, each a lane that serves its tables one job at a time.

A job that does not finish in time (a plugin's hook that never returns) cannot be
stopped: Python stops no thread from outside.  So the lane is given up instead: its
queued jobs move to a fresh lane (a new thread, with its own ``Referee`` and store
connection), the stuck thread is left to finish or not, and whatever it would still
append is refused.  Lanes are daemon threads, so a stuck one never keeps the server
from shutting down.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import queue
import threading
import time
import zlib
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from referee import Referee, RefereeError, shown

_Job = tuple["Future[Any]", Callable[..., Any], tuple[Any, ...], "str | None"]


class Grouping:
    """Jobs of one kind (``single``) waiting together on a lane are run as one call of
    ``together`` (their arguments, in queue order), which returns each job's outcome: the
    value, or the exception to raise.  At most ``most`` at a time."""

    def __init__(self, single: Callable[..., Any], together: Callable[[list[tuple[Any, ...]]], list[Any]], most: int = 64) -> None:
        self.single = single
        self.together = together
        self.most = most


class Lane:
    """One daemon thread and its queue.  ``released(table)`` is called on that thread when
    a job of a given-up lane finishes after all (the table may be served again)."""

    def __init__(self, name: str, released: Callable[[str | None], None], grouping: Grouping | None = None) -> None:
        self.name = name
        self._released = released
        self.grouping = grouping
        self.running_group: frozenset[Future[Any]] = frozenset()
        self.running_tables: frozenset[str | None] = frozenset()
        self._carried: collections.deque[_Job | None] = collections.deque()
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        # Apart from ``_lock``, so that handing the lane a job never waits for a write.
        self.writing = threading.RLock()
        self.given_up = False
        self._successor: Lane | None = None
        self.running: Future[Any] | None = None
        self.running_table: str | None = None
        self.running_since: float | None = None
        self.thread = threading.Thread(target=self._work, name=name, daemon=True)
        self.thread.start()

    def submit(self, fn: Callable[..., Any], args: tuple[Any, ...], table: str | None) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            target = self._successor if self.given_up and self._successor is not None else self
            target._jobs.put((future, fn, args, table))
        return future

    def next_up(self, fn: Callable[..., Any], args: tuple[Any, ...], table: str | None) -> Future[Any]:
        """From this lane's own thread, during a job: run ``fn(*args)`` next, before any job
        waiting (what that job leaves to do once its caller has been answered)."""
        assert threading.get_ident() == self.thread.ident, "next_up is for the lane's own thread"
        future: Future[Any] = Future()
        with self._lock:
            target = self._successor if self.given_up and self._successor is not None else self
            if target is self:
                self._carried.appendleft((future, fn, args, table))
            else:
                target._jobs.put((future, fn, args, table))
        return future

    def running_now(self, future: Future[Any]) -> Lane | None:
        """The lane running ``future``'s job: this one or one that took over its queue
        (jobs move to a successor when a lane is given up); None while it waits."""
        lane: Lane | None = self
        while lane is not None:
            if lane.running is future or future in lane.running_group:
                return lane
            lane = lane._successor
        return None

    def overdue(self, seconds: float) -> bool:
        since = self.running_since
        return since is not None and time.monotonic() - since >= seconds

    def give_up(self, name: str) -> Lane:
        """A fresh lane taking this one's queued jobs; this one's running job runs on alone."""
        successor = Lane(name, self._released, self.grouping)
        with self.writing, self._lock:
            self.given_up = True
            self._successor = successor
            # The jobs held back for after the stuck one first (a group's, a change's pages),
            # then those queued: the stuck job may never end to hand them over itself.
            while self._carried:
                job = self._carried.popleft()
                if job is not None:
                    successor._jobs.put(job)
            while True:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None:
                    successor._jobs.put(job)
        return successor

    def stop(self) -> None:
        self._jobs.put(None)

    # ``_carried`` is the lane thread's, but ``give_up`` (on the event loop) empties it:
    # every use of it holds ``_lock``.
    def _next(self) -> _Job | None:
        with self._lock:
            if self._carried:
                return self._carried.popleft()
        return self._jobs.get()

    def _group(self, first: _Job) -> list[_Job]:
        """``first`` and the jobs of its kind waiting behind it, for tables with no job of
        another kind waiting before them: those jobs are kept for after, in their order, so
        each table's jobs run in the order they came."""
        grouping = self.grouping
        if grouping is None or first[1] != grouping.single:
            return [first]
        group: list[_Job] = [first]
        behind: list[_Job | None] = []
        held: set[str | None] = set()
        while len(group) < grouping.most:
            with self._lock:
                carried = [self._carried.popleft()] if self._carried else []
            if carried:
                job = carried[0]
            else:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
            if job is None:
                behind.append(job)
                break
            if job[1] == grouping.single and job[3] not in held:
                group.append(job)
            else:
                behind.append(job)
                held.add(job[3])
        with self._lock:
            if self.given_up and self._successor is not None:
                for held_back in behind:
                    if held_back is not None:
                        self._successor._jobs.put(held_back)
            else:
                self._carried.extendleft(reversed(behind))
        return group

    def _work(self) -> None:
        _lanes_by_thread[threading.get_ident()] = self
        while True:
            job = self._next()
            if job is None:
                return
            with self._lock:
                if self.given_up and self._successor is not None:
                    self._successor._jobs.put(job)
                    continue
            group = self._group(job)
            if len(group) > 1:
                if self._work_together(group):
                    return
                continue
            future, fn, args, table = job
            if not future.set_running_or_notify_cancel():
                continue
            self.running, self.running_table, self.running_since = future, table, time.monotonic()
            try:
                result = fn(*args)
            except BaseException as exc:
                future.set_exception(exc)
            else:
                future.set_result(result)
            finally:
                self.running, self.running_table, self.running_since = None, None, None
            if self._ended([table]):
                return

    def _ended(self, tables: list[str | None]) -> bool:
        with self._lock:
            given_up = self.given_up
        if given_up:
            _lanes_by_thread.pop(threading.get_ident(), None)
            with self._lock:
                while self._carried and self._successor is not None:
                    job = self._carried.popleft()
                    if job is not None:
                        self._successor._jobs.put(job)
            for table in tables:
                self._released(table)
        return given_up

    def _work_together(self, group: list[_Job]) -> bool:
        """Run a group as one call; whether the lane was given up meanwhile."""
        assert self.grouping is not None
        jobs = [job for job in group if job[0].set_running_or_notify_cancel()]
        if not jobs:
            return False
        self.running, self.running_table, self.running_since = jobs[0][0], jobs[0][3], time.monotonic()
        self.running_group = frozenset(job[0] for job in jobs)
        self.running_tables = frozenset(job[3] for job in jobs)
        try:
            outcomes = self.grouping.together([job[2] for job in jobs])
        except BaseException as exc:
            outcomes = [exc] * len(jobs)
        finally:
            self.running, self.running_table, self.running_since = None, None, None
            self.running_group, self.running_tables = frozenset(), frozenset()
        for (future, _, _, _), outcome in zip(jobs, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                future.set_exception(outcome)
            else:
                future.set_result(outcome)
        return self._ended([job[3] for job in jobs])


class Overdue(Exception):
    """A job did not finish (or start) within the time allowed; the message says which table."""


class Lanes:
    """The hub's lanes: a table always served by the same one, each job bounded in time."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.replaceable = True
        self._lanes: list[Lane] = []
        self._set_aside: set[str] = set()
        self._made = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self.grouping: Grouping | None = None
        self.set_aside: Callable[[str], None] | None = None
        """Called on the event loop with each table set aside (its work is stuck), so that
        whatever waits for the table hears of it."""

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self.add(1)

    def group(self, grouping: Grouping) -> None:
        """From now on, jobs of ``grouping``'s kind waiting together run as one call."""
        self.grouping = grouping
        for lane in self._lanes:
            lane.grouping = grouping

    def add(self, count: int) -> None:
        self._lanes += [self._lane() for _ in range(count)]

    def _lane(self) -> Lane:
        self._made += 1
        return Lane(f"referee-{self._made}", self._released, self.grouping)

    def _released(self, table: str | None) -> None:
        # On a given-up lane's thread: its late job ended, the table may be served again.
        if table is not None and self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: the server stopped
                self._loop.call_soon_threadsafe(self._set_aside.discard, table)

    async def run(self, fn: Callable[..., Any], args: tuple[Any, ...], table: str | None) -> Any:
        key = table.casefold() if table is not None else None
        if key is not None and key in self._set_aside:
            raise Overdue(self._stuck(table))
        index = zlib.crc32(key.encode()) % len(self._lanes) if key is not None else 0
        submitted = self._lanes[index]
        future = submitted.submit(fn, args, key)
        waiting = asyncio.wrap_future(future)
        moved = 0
        while True:
            done, _pending = await asyncio.wait({waiting}, timeout=self.timeout)
            if done:
                return waiting.result()
            running = submitted.running_now(future)
            if running is not None and not running.overdue(self.timeout):
                # It waited its turn and started within the time allowed: it has that time
                # too, like any job (a queue of many tables' work, as when a server starts,
                # is not stuck work).
                continue
            if running is not None:
                # Nobody waits for it now: whatever it ends with is dropped, unreported.
                waiting.add_done_callback(lambda late: late.cancelled() or late.exception())
                if running is self._lanes[index]:
                    self._give_up(index)  # else ``watch`` gave its lane up already
                raise Overdue(self._stuck(table))
            if moved < 3 and self._lanes[index].overdue(self.timeout):
                moved += 1
                self._give_up(index)  # behind another table's stuck work: the fresh lane serves it
                continue
            if future.cancel():
                raise Overdue("the server is busy; nothing was recorded; try again in a moment")
            # It started just now (cancelling failed): it has the time allowed, like any
            # job, and the next wait ends with it done or found running.

    def _stuck(self, table: str | None) -> str:
        return (
            f"table {shown(table)} did not finish its work within {self.timeout:g} s (a game's rules may be stuck); "
            "nothing was recorded; it is set aside until that work ends"
        )

    def _give_up(self, index: int) -> None:
        lane = self._lanes[index]
        if lane.given_up or not self.replaceable:
            return
        # Which job of a group is stuck is not known: every table of it is set aside.
        stuck = {table for table in {lane.running_table, *lane.running_tables} if table is not None}
        self._set_aside.update(stuck)
        if self.set_aside is not None:
            for table in stuck:
                self.set_aside(table)
        self._made += 1
        self._lanes[index] = lane.give_up(f"referee-{self._made}")

    def watch(self) -> None:
        """Give up a lane whose job ran too long even when nobody waits for it (a bot's)."""
        for index, lane in enumerate(self._lanes):
            if lane.overdue(self.timeout):
                self._give_up(index)

    async def stop(self, close: Callable[[], None]) -> None:
        """Run ``close`` on every lane, then end them; a lane stuck in a plugin is not
        waited for (its thread is a daemon)."""
        for lane in self._lanes:
            closing = asyncio.wrap_future(lane.submit(close, (), None))
            await asyncio.wait({closing}, timeout=min(self.timeout, 5.0))
            lane.stop()


def refuse_late_writes(target: Any, *names: str) -> None:
    """Work that outlived its request was answered "nothing was recorded": a given-up
    lane's late write (each method of ``target`` named) is refused, so that stays true."""
    for name in names:
        setattr(target, name, _guarded(getattr(target, name)))


def refuse_late_appends(app: Referee) -> None:
    """Refuse a given-up lane's late writes to ``app``'s store (a table opened or appended to)."""
    refuse_late_writes(app.store, "create_lines", "append_lines", "write_together")


def _guarded(write: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(*args: Any, **kwargs: Any) -> Any:
        lane = current_lane()
        if lane is None:
            return write(*args, **kwargs)
        # Held through the write: a lane is given up either before a write starts (which
        # is then refused) or after it ends, never while one is under way.
        with lane.writing:
            if lane.given_up:
                # Not ConcurrentWrite, which the service would answer by deciding again.
                raise RefereeError("this work outlived its request, which was told nothing was recorded")
            return write(*args, **kwargs)

    return guarded


def current_lane() -> Lane | None:
    """The lane whose thread is running (None off the lanes)."""
    return _lanes_by_thread.get(threading.get_ident())


_lanes_by_thread: dict[int, Lane] = {}
