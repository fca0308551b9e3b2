"""The table log: hash-chained entries, exported and imported as JSON Lines.

Each entry wraps one event with where it came from (plugin, rule, the action that
caused it) and who may see it.  ``digest`` fingerprints the event body and ``hash``
chains the entry to the one before it, so a seat's export can blank out what that
seat may not see and still prove that nothing was edited, dropped or reordered.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import msgspec

from .errors import BadLog

__all__ = ["Entry", "chain", "check_chain", "dump_jsonl", "load_jsonl", "redact_for"]

_encoder = msgspec.json.Encoder(order="sorted")


class Entry(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    seq: int
    """1-based position in the table's log."""
    type: str
    """The event's stable tag, e.g. ``pigsty.PigsTaken``."""
    v: int = 1
    """Schema version the body was written at (see ``referee.events`` on upcasting)."""
    event: dict[str, Any] | None = None
    """The event's fields; ``None`` where redacted for a seat."""
    plugin: str
    """The plugin that declared the event type (and so decided it)."""
    rule: str = ""
    """The rule applied, a rulebook section where there is one (``pigsty 4.4.5``)."""
    seat: str | None = None
    """The seat (or gamesmaster) whose action this entry records or follows from."""
    cause: int | None = None
    """``seq`` of the action entry (or table opening) that produced this entry."""
    visible_to: list[str] | None = None
    """Seats that may see the body before the game ends; ``None`` means everyone."""
    at: str = ""
    """UTC time the entry was appended (informative; not re-decided)."""
    digest: str = ""
    prev: str = ""
    hash: str = ""

    @property
    def redacted(self) -> bool:
        return self.event is None

    def visible(self, seat: str | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def body_digest(body: dict[str, Any]) -> str:
    return _sha(_encoder.encode(body))


def _header(entry: Entry) -> bytes:
    fields = msgspec.structs.asdict(entry)
    fields.pop("event")
    fields.pop("hash")
    return _encoder.encode(fields)


def chain(entry: Entry, prev: str) -> Entry:
    """Seal a fresh entry: fingerprint its body and link it to ``prev``."""
    assert entry.event is not None
    sealed = msgspec.structs.replace(entry, digest=body_digest(entry.event), prev=prev, hash="")
    return msgspec.structs.replace(sealed, hash=_sha(_header(sealed)))


def check_chain(entries: Sequence[Entry]) -> tuple[int, str] | None:
    """The first broken entry as ``(seq, what is wrong)``, or ``None`` if the chain holds."""
    prev = ""
    for position, entry in enumerate(entries, start=1):
        if entry.seq != position:
            return position, f"entry {position} is numbered {entry.seq}: an entry was dropped, added or moved"
        if entry.prev != prev:
            return position, f"entry {position} does not follow entry {position - 1}: an entry was dropped, added or moved"
        if entry.event is not None and body_digest(entry.event) != entry.digest:
            return entry.seq, f"entry {entry.seq} ({entry.type}): the event was edited after it was recorded"
        if _sha(_header(entry)) != entry.hash:
            return entry.seq, f"entry {entry.seq} ({entry.type}): its header was edited after it was recorded"
        prev = entry.hash
    return None


def redact_for(entries: Iterable[Entry], seat: str | None, *, game_over: bool) -> list[Entry]:
    """What ``seat`` could see: bodies it may not see are blanked, the chain kept."""
    if game_over:
        return list(entries)
    return [e if e.visible(seat) else msgspec.structs.replace(e, event=None) for e in entries]


def encode_line(entry: Entry) -> bytes:
    return _encoder.encode(entry)


def dump_jsonl(entries: Iterable[Entry]) -> str:
    return "".join(encode_line(e).decode() + "\n" for e in entries)


def load_jsonl(lines: Iterable[str], *, source: str = "log") -> list[Entry]:
    entries = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entries.append(msgspec.json.decode(line, type=Entry))
        except msgspec.DecodeError as exc:
            raise BadLog(f"{source} line {number} is not a log entry: {exc}") from None
    if not entries:
        raise BadLog(f"{source} holds no log entries")
    return entries


def iter_lines(text: str) -> Iterator[str]:
    return iter(text.splitlines())
