"""Worker threads for the hub, each a lane that serves its tables one job at a time.

A job that does not finish in time (a plugin's hook that never returns) cannot be
stopped: Python stops no thread from outside.  So the lane is given up instead: its
queued jobs move to a fresh lane (a new thread, with its own ``Referee`` and store
connection), the stuck thread is left to finish or not, and whatever it would still
append is refused.  Lanes are daemon threads, so a stuck one never keeps the server
from shutting down.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

_Job = tuple["Future[Any]", Callable[..., Any], tuple[Any, ...], "str | None"]


class Lane:
    """One daemon thread and its queue.  ``released(table)`` is called on that thread when
    a job of a given-up lane finishes after all (the table may be served again)."""

    def __init__(self, name: str, released: Callable[[str | None], None]) -> None:
        self.name = name
        self._released = released
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
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

    def overdue(self, seconds: float) -> bool:
        since = self.running_since
        return since is not None and time.monotonic() - since >= seconds

    def give_up(self, name: str) -> Lane:
        """A fresh lane taking this one's queued jobs; this one's running job runs on alone."""
        successor = Lane(name, self._released)
        with self._lock:
            self.given_up = True
            self._successor = successor
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

    def _work(self) -> None:
        _lanes_by_thread[threading.get_ident()] = self
        while True:
            job = self._jobs.get()
            if job is None:
                return
            with self._lock:
                if self.given_up and self._successor is not None:
                    self._successor._jobs.put(job)
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
            if self.given_up:
                _lanes_by_thread.pop(threading.get_ident(), None)
                self._released(table)
                return


def current_lane() -> Lane | None:
    """The lane whose thread is running (None off the lanes)."""
    return _lanes_by_thread.get(threading.get_ident())


_lanes_by_thread: dict[int, Lane] = {}
