"""What older releases wrote, read as this one reads it.

Every form of stored data an earlier release wrote and this one still reads, with the
release that wrote it.  Nothing here is written any more; the modules that read current
data call in here where they meet an old form.

* **The 0.1 store layout** (Referee 0.1): one aggregate per table (stream ``table:<id>``,
  topics ``referee.store:TableStream.Opened`` and ``.Appended``, each holding log lines)
  and the seed in stream ``seed:<id>`` (``referee.store:TableSeed.Kept``).
  ``legacy_tables`` finds such tables and ``migrate_table`` copies one into the current
  layout (``referee migrate``, ``app.admin.migrate``).
* **Body digests** (0.1): an entry committed to its body by a plain SHA-256 in ``digest``
  instead of an HMAC in ``commit``, and its header was hashed with ``digest`` in the place
  of ``commit`` (``LEGACY_HEADER_FIELDS``).  ``legacy_header`` and ``digest_problem``
  check such entries as they were written.
* **The seed hash** (0.1): ``TableOpened.seed_hash``, the seed's plain SHA-256, where
  tables now publish the keyed ``seed_commitment``.  ``seed_hash`` computes it.
* **Choice lists** (0.1): requests listing every legal answer (``Request.choices``)
  instead of saying its shape (``Request.answer``); they are read, enforced and answered by
  bots as they are (``referee.events.Choice``).
* **Older event versions** (any release, any plugin): a body stored at version *n* below
  its type's ``version`` is passed through the type's ``upcast_vN_vN+1`` static methods, in
  order, before it is decoded (``upcast_body``).
* **Credit to the declaring plugin** (0.2): every entry credited to the plugin declaring its
  event's type (and a rule named after it), where entries now name the plugin that decided
  them.  ``verify`` accepts either (``old_credit``).
"""

from __future__ import annotations

import hashlib
import json
import operator
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from .errors import UnknownTable

if TYPE_CHECKING:
    from .store import TableStore

__all__ = [
    "LEGACY_HEADER_FIELDS",
    "digest_problem",
    "legacy_header",
    "legacy_tables",
    "migrate_store",
    "migrate_table",
    "old_credit",
    "seed_hash",
    "upcast_body",
]

# -- the 0.1 store layout ---------------------------------------------------------------

_OPENED_TOPIC = "referee.store:TableStream.Opened"
"""0.1's first record of a table (its game and first lines); ``.Appended`` records follow."""


def _stream(kind: str, table_id: str) -> uuid.UUID:
    from .store import _NAMESPACE

    # 0.1 named streams by the id as typed (the current layout folds case).
    return uuid.uuid5(_NAMESPACE, f"{kind}:{table_id}")


def legacy_tables(store: TableStore) -> list[str]:
    """Ids of tables kept in the 0.1 layout of ``store`` and not yet migrated."""
    found: list[str] = []
    start: int | None = None
    while True:
        page = store.recorder.select_notifications(start, 500, topics=[_OPENED_TOPIC], inclusive_of_start=start is None)
        for notification in page:
            table_id = str(json.loads(notification.state)["table_id"])
            if not store.exists(table_id):
                found.append(table_id)
        if len(page) < 500:
            return found
        start = page[-1].id


def migrate_table(store: TableStore, table_id: str) -> int:
    """Copy one 0.1-layout table into the current layout; returns its number of entries."""
    from .log import decode_line
    from .randomness import new_table_key
    from .store import TableSecret

    lines: list[str] = []
    game = ""
    for stored in store.recorder.select_events(_stream("table", table_id)):
        body = json.loads(stored.state)
        if stored.topic == _OPENED_TOPIC:
            game = str(body["game"])
        lines += body["lines"]
    if not lines:
        raise UnknownTable(f"no table {table_id!r} in the 0.1 layout of {store.location}")
    entries = [decode_line(line, where=f"table {table_id} line {n}") for n, line in enumerate(lines, start=1)]
    seeds = store.recorder.select_events(_stream("seed", table_id), limit=1)
    seed = str(json.loads(seeds[0].state)["seed"]) if seeds else ""
    # A table still being played gets a key for the entries still to come; its
    # earlier entries keep the digests they were written with.
    store.create(table_id, game, entries, TableSecret(seed=seed, key=new_table_key() if seed else ""))
    return len(entries)


def migrate_store(store: TableStore, on_table: Callable[[str, int], None] | None = None) -> list[str]:
    """Copy every 0.1-layout table of ``store`` into the current layout; returns their ids.
    ``on_table`` is told each table's id and number of entries as it is copied."""
    moved = []
    for table_id in legacy_tables(store):
        count = migrate_table(store, table_id)
        moved.append(table_id)
        if on_table:
            on_table(table_id, count)
    return moved


# -- body digests and the seed hash -------------------------------------------------------

LEGACY_HEADER_FIELDS = ("seq", "type", "v", "plugin", "rule", "seat", "cause", "visible_to", "at", "digest", "prev")
"""The fields of a 0.1 entry's header, as it was hashed (keys sorted, every one present)."""

_LegacyHeader = msgspec.defstruct("_LegacyHeader", [(name, Any) for name in LEGACY_HEADER_FIELDS])
_legacy_header_values = operator.attrgetter(*LEGACY_HEADER_FIELDS)


def legacy_header(entry: Any) -> bytes:
    """The bytes a 0.1 entry's header hash was taken over."""
    from .log import _encoder  # the log's own encoder (log imports this module to read 0.1 lines)

    return _encoder.encode(_LegacyHeader(*_legacy_header_values(entry)))


def digest_problem(entry: Any, body: bytes) -> str | None:
    """What is wrong with a 0.1 entry's body (its canonical bytes) against its digest."""
    if hashlib.sha256(body).hexdigest() != entry.digest:
        return f"entry {entry.seq} ({entry.type}): the event was edited after it was recorded"
    return None


def seed_hash(seed: str) -> str:
    """A 0.1 table's published seed: its plain SHA-256 (a guessable seed could be found)."""
    return hashlib.sha256(seed.encode()).hexdigest()


# -- older event versions -------------------------------------------------------------------


def upcast_body(event_type: Any, body: dict[str, Any], stored_version: int) -> dict[str, Any]:
    """``body``, stored at ``stored_version``, brought up to ``event_type``'s version."""
    for version in range(stored_version, event_type.version):
        upcast = getattr(event_type, f"upcast_v{version}_v{version + 1}", None)
        if upcast is None:
            raise TypeError(
                f"{event_type.__struct_config__.tag} is at version {event_type.version} but has no "
                f"upcast_v{version}_v{version + 1} for a body stored at version {version}"
            )
        body = upcast(dict(body))
    return body


# -- credit to the declaring plugin -----------------------------------------------------------


def old_credit(recorded: Any, declared: tuple[str, str] | None) -> bool:
    """Whether a recorded entry gives the credit 0.2 gave the event the rules emit now:
    ``declared`` is that credit (``referee.table.Emitted.declared``), where it differs."""
    return declared is not None and (recorded.plugin, recorded.rule) == declared


def written_fields(event: Any) -> dict[str, Any]:
    """An event's fields as its body holds them, a field left unset not written: a field
    added to a kernel event after logs existed (``TableOpened.host_key``, 0.3) is unset when
    such a log's opening is re-decided, so the body is the bytes it always was."""
    fields = msgspec.structs.asdict(event)
    if any(value is msgspec.UNSET for value in fields.values()):
        return {name: value for name, value in fields.items() if value is not msgspec.UNSET}
    return fields
