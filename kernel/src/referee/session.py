"""One live table as a process holds it: read once per change, asked by every question.

A session is the table's rules, its folded state, its length and last entry, and the
entries read so far (the log's tail).  It is made once (from the latest snapshot, trusted
only when the log's entry at the snapshot's position has the hash the snapshot names),
kept up to date in memory by the writes of the referee that holds it, and brought up to
date with another writer's entries by one look at the stream's head: entries are read only
when the head moved.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import msgspec

from .errors import RefereeError
from .events import TableOpened
from .log import Entry
from .logging import get_logger, plugin_failure
from .registry import Registry, Rules, decode_as
from .table import TableState, apply, fold_entries

if TYPE_CHECKING:
    from .store import Snapshot, TableStore, TableSummary

__all__ = ["MAX_HELD", "Session", "TableInfo", "cold_load", "snapshot_of"]

log = get_logger("referee")

MAX_HELD = 10_000
"""The most entries a session keeps in memory; older ones are read again when asked for."""


@dataclass(frozen=True)
class TableInfo:
    table_id: str
    game: str
    seats: tuple[str, ...]
    entries: int
    round: int
    over: bool
    winners: tuple[str, ...]
    waiting_for: tuple[str, ...]

    @classmethod
    def of(cls, table_id: str, summary: TableSummary) -> TableInfo:
        """The line a listing shows for a table the store summarizes as ``summary``."""
        return cls(table_id=table_id, **msgspec.structs.asdict(summary))


class Session:
    """One table as this process knows it (see the module's docstring)."""

    __slots__ = ("_held", "_held_after", "last", "rules", "state", "table_id")

    def __init__(self, table_id: str, rules: Rules, state: TableState, last: Entry, held: list[Entry]) -> None:
        self.table_id = table_id
        self.rules = rules
        self.state = state
        self.last = last
        self._held = held
        """The entries after ``_held_after`` up to the last one, as read or written."""
        self._held_after = last.seq - len(held)

    @property
    def length(self) -> int:
        return self.last.seq

    def info(self) -> TableInfo:
        from .store import summary_of

        return TableInfo.of(self.table_id, summary_of(self.state, self.length))

    # -- keeping up ---------------------------------------------------------------
    def catch_up(self, store: TableStore) -> None:
        """Fold what other writers appended: one look at the head, entries only if it moved."""
        if store.length(self.table_id) > self.length:
            self.fold(store.entries(self.table_id, after=self.length))

    def fold(self, newer: Sequence[Entry]) -> None:
        """Fold entries read from the store (the next ones after the last held)."""
        rules, state = self.rules, self.state
        for entry in newer:
            apply(rules, state, rules.decode(entry))
        self._hold(newer)

    def wrote(self, state: TableState, entries: Sequence[Entry]) -> None:
        """This process appended ``entries``, already folded into ``state``: nothing to read."""
        self.state = state
        self._hold(entries)

    def _hold(self, entries: Sequence[Entry]) -> None:
        if not entries:
            return
        self._held.extend(entries)
        self.last = entries[-1]
        self._trim()

    def _trim(self) -> None:
        if len(self._held) > MAX_HELD:
            drop = len(self._held) - MAX_HELD
            del self._held[:drop]
            self._held_after += drop

    # -- entries ------------------------------------------------------------------
    def since(self, store: TableStore, after: int = 0) -> list[Entry]:
        """The entries after ``after`` up to the last one; the store is read only for entries
        this session does not hold (and what it had beyond them is folded on the way)."""
        after = max(0, after)
        if after >= self._held_after:
            return self._held[after - self._held_after :]
        read = store.entries(self.table_id, after=after)
        known = self.length - after
        self._held = read[:known]
        self._held_after = after
        self.fold(read[known:])
        # The caller gets all it asked for; the session keeps no more than it ever does.
        self._trim()
        return read


def cold_load(store: TableStore, registry: Registry, table_id: str) -> Session:
    """The table from its latest usable snapshot plus the entries after it (two reads), else
    from its whole log (one read after the snapshot's)."""
    snapshot = store.snapshot(table_id)
    if snapshot is not None:
        restored = _restore(registry, snapshot)
        if restored is not None:
            rules, state = restored
            # Read from the snapshot's own entry: the snapshot is trusted only when the log
            # at that position is the entry whose hash it names.
            tail = store.entries(table_id, after=snapshot.seq - 1)
            if tail and tail[0].seq == snapshot.seq and tail[0].hash == snapshot.last_hash:
                session = Session(table_id, rules, state, tail[0], [])
                session.fold(tail[1:])
                return session
            log.warning("snapshot does not match the log; replaying it whole", table=table_id, seq=snapshot.seq)
    entries = store.entries(table_id)
    opened = decode_as(TableOpened, entries[0])
    assert isinstance(opened, TableOpened)
    rules = registry.rules_for(opened.game, opened.plugins)
    with plugin_failure(
        "a plugin failed replaying a table",
        f"table {table_id} cannot be loaded: the installed rules failed replaying it",
        "; the stored log is unchanged",
        table=table_id,
    ):
        state = fold_entries(rules, entries)
    return Session(table_id, rules, state, entries[-1], entries[-MAX_HELD:])


def fingerprint(rules: Rules) -> str:
    return hashlib.sha256(msgspec.msgpack.encode([rules.records, TableState.__struct_fields__])).hexdigest()


def snapshot_of(rules: Rules, state: TableState, seq: int, last_hash: str) -> Snapshot:
    from .store import Snapshot

    kernel = msgspec.structs.replace(state, game=None, slots={})
    # The game's state and each extension's are encoded apart from the kernel's, so
    # each can be read back as its own type (a Struct, not the dict msgpack would give).
    slots = {name: msgspec.msgpack.encode(value) for name, value in state.slots.items()}
    # Compressed: a game's state repeats its names and card texts, and a snapshot every
    # few hundred entries should not double what the log itself takes on disk.
    image = zlib.compress(msgspec.msgpack.encode([msgspec.msgpack.encode(kernel), msgspec.msgpack.encode(state.game), slots]), 1)
    return Snapshot(seq=seq, last_hash=last_hash, fingerprint=fingerprint(rules), state=image)


def _restore(registry: Registry, snapshot: Snapshot) -> tuple[Rules, TableState] | None:
    """The rules and state a snapshot keeps; None when it cannot be used (made by other
    plugin code, or unreadable): the log is then replayed from the start."""
    try:
        kernel_bytes, game_bytes, slot_bytes = msgspec.msgpack.decode(
            zlib.decompress(snapshot.state), type=tuple[bytes, bytes, dict[str, bytes]]
        )
        state = msgspec.msgpack.decode(kernel_bytes, type=TableState)
        rules = registry.rules_for(state.game_name, state.plugins)
        if snapshot.fingerprint != fingerprint(rules):
            return None
        opened = TableOpened(
            table_id=state.table_id,
            game=state.game_name,
            plugins=state.plugins,
            seats=state.seats,
            options=state.options,
            edition=state.edition if state.edition > 1 else msgspec.UNSET,
        )
        fresh = rules.initial_state(opened)
        state.game = msgspec.msgpack.decode(game_bytes, type=type(fresh)) if fresh is not None else None
        made = rules.new_slots()
        if set(made) != set(slot_bytes):
            return None
        state.slots = {name: msgspec.msgpack.decode(slot_bytes[name], type=type(value)) for name, value in made.items()}
    except (msgspec.DecodeError, RefereeError, TypeError, ValueError, zlib.error):
        return None
    return rules, state
