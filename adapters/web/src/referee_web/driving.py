"""Bots and deadlines on the server, and the watch over a shared SQLite file.

Bots play their seats here as soon as they are asked, one action at a time so that other
tables are served in between.  A timed request is closed through the gamesmaster's
``expire`` once its time is up, by this server's clock (the game says what the delay
costs).  With ``watch``, tables whose pages are open are looked at every so often for
entries another process appended (PostgreSQL says so by ``NOTIFY`` instead).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from referee import IllegalAction, Referee, RefereeError, shown

from .core import HubCore
from .problems import Problem

log = logging.getLogger("referee_web")


class Driving(HubCore):
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
                if acted:  # the step woke the table's pages itself
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
        with self._w_reading(table_id):
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
            self._w_wake(table_id, drive=False)
            return True, timed
        self._w_changed(table_id, drive=False)
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
                        self.heard(table_id)

    def _w_grew(self, table_id: str) -> bool:
        # Looks at the store itself: what the watch is for is what this worker did not write.
        app = self._w_app
        with self._w_reading(table_id):
            held = app.length(table_id)
        with self._w_reading(table_id, look=True, wake=False):  # the watch wakes them itself
            length = app.length(table_id)
        self._lengths[table_id] = max(length, self._lengths.get(table_id, 0))
        return length > held

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
        """The tables this server opened that are not over, from the store's index and
        summaries: no table is folded to find them (a store of thousands starts at once)."""
        served = set(self._w_keys.tables())
        return [info.table_id for info in self._w_app.tables() if info.table_id in served and not info.over]
