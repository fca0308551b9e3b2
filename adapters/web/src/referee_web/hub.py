"""The server's side of the tables: a ``referee.Referee`` per worker thread, and around it
what a server adds to the service.

``Referee`` keeps each table folded in memory and decides in place, so each is used from a
single worker thread (SQLite connections want that too); the event loop hands work to the
table's worker and waits.  The hub is made of its parts:

* ``core``: the workers, the tables they hold current (read once per change), the seats'
  credentials as last checked, and change notices: a page waiting for a table wakes when
  an entry is appended, by this process or (on PostgreSQL) by another one, announced with
  ``NOTIFY`` and heard by a listening connection;
* ``updates``: what a page is sent, from memory; the pages one change wakes are answered
  by one job;
* ``work``: opening, acting, exporting, replaying, reports; answers waiting together on a
  worker are committed together (group commit, ``_w_acts``);
* ``driving``: bots, deadlines and the watch over a shared SQLite file.

Every method named ``_w_...`` runs on a worker thread.  A table's work is bounded in
time (``work_timeout``): a request whose work does not finish gets a 503 naming the
table, the stuck worker is given up for a fresh one (see ``lanes``), and the table is set
aside until that work ends, so one table cannot starve the others.
"""

from __future__ import annotations

import asyncio
import threading
import time

from .driving import Driving
from .keys import CHANNEL, postgres_conninfo
from .lanes import Grouping
from .problems import Problem, _not_open, _problem
from .updates import PageUpdates
from .work import MAX_NAME, MAX_SEATS, TableWork

__all__ = ["MAX_NAME", "MAX_SEATS", "Hub", "Problem", "_not_open", "_problem"]


class Hub(Driving, PageUpdates, TableWork):
    # -- lifecycle ----------------------------------------------------------------
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._lanes.start(asyncio.get_running_loop())
        # A table's pages are told when its work is stuck: they ask, and hear why.
        self._lanes.set_aside = self._set_aside
        self.app = await self.run(lambda: self._w_app)
        self.keys = await self.run(lambda: self._w_keys)
        workers = self._workers or (4 if self.keys.postgres else 1)
        if self.app.location != ":memory:":
            # Each commit is made durable on its own (one flush of the disk; on PostgreSQL
            # also a round trip, and one SQLite file writes one transaction at a time):
            # answers waiting together on a worker are committed together (see ``_w_acts``).
            self._lanes.group(Grouping(self._w_act, self._w_acts))
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

    def _set_aside(self, key: str) -> None:
        # The lanes know a table by its id casefolded; its pages wait under the id they gave.
        for table_id in [t for t in self._events if t.casefold() == key]:
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
                            table_id, *said = notice.payload.split(" ")
                            if self._loop is not None and said[:1] != [self.origin]:
                                # A notice that says nothing more (an older process's) may be of anything.
                                records = len(said) != 1
                                self._post(self.heard, table_id, records=records)
            except Exception:
                if self._stopping.is_set():
                    return
                time.sleep(0.5)
