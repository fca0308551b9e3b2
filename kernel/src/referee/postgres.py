"""The PostgreSQL recorder of a table store (imported only for a ``postgresql://`` store,
so the kernel runs without psycopg installed)."""

from __future__ import annotations

from typing import Any

from eventsourcing.postgres import PostgresApplicationRecorder


class TablesRecorder(PostgresApplicationRecorder):
    """eventsourcing's recorder without its lock of the whole events table on every write.

    That lock makes notification ids commit in the order they were issued, for readers
    that tail the notification log and must not pass over a gap filled later.  No reader
    of a table store does: a table's log is read by its own stream's versions (which the
    primary key orders and a concurrent writer's conflict refuses), the index likewise, and
    the one scan of notifications (``referee.upcasting``) reads them all.  Without it, two
    servers append to different tables at once instead of one after the other.
    """

    def _lock_table(self, curs: Any) -> None:
        return None
