"""The table log: hash-chained entries with hiding commitments, as JSON Lines.

Each entry wraps one event body with where it came from (plugin, rule, the action that
caused it) and who may see it.  The hash chain runs over *headers* only; a header holds
``commit = HMAC(K_seq, body)``, where ``K_seq = HMAC(K, "entry|seq")`` is derived from the
table's secret key ``K``.  So:

* a seat's export carries the bodies it may see together with their ``key`` (``K_seq``),
  and checks them against ``commit`` during the game;
* a body it may not see is represented only by ``commit``, which cannot be tested against
  a guess without ``K_seq`` (HMAC is a pseudo-random function of a secret key);
* after the game, ``K`` is revealed in the last entry, every ``K_seq`` can be derived, and
  every commitment is checked by ``verify``.

Logs that 0.1 wrote carry a plain SHA-256 ``digest`` of each body instead of ``commit``;
they are read and checked as they were written (``referee.upcasting``).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import msgspec

from .errors import BadLog
from .upcasting import digest_problem, legacy_header, written_fields

__all__ = [
    "Entry",
    "MAX_LINE_BYTES",
    "canonical",
    "canonical_event",
    "check_chain",
    "dump_jsonl",
    "entry_key",
    "entry_keys",
    "load_jsonl",
    "redact_for",
    "encode_sealed",
    "seal",
    "seal_entry",
    "seal_lines",
]

_encoder = msgspec.json.Encoder(order="sorted")
"""The one encoder of log lines, headers and event bodies (canonical: sorted keys; a body
is encoded without its tag)."""

MAX_LINE_BYTES = 1 << 20
"""The longest log line read or written (1 MiB): no honest entry comes near it."""

MAX_DEPTH = 64
"""The deepest nesting of JSON values accepted in a log line."""


class Entry(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """One line of a table's log, as stored or as a holder's copy gives it.

    Left out of Python's cycle collector (``gc=False``): an entry holds JSON values only, so
    it is never part of a reference cycle, and a server holding its tables keeps hundreds of
    thousands of entries, which every full collection would otherwise walk while the
    server stands still."""

    seq: int
    """1-based position in the table's log."""
    type: str
    """The event's stable tag, e.g. ``pigsty.PigsTaken``."""
    v: int = 1
    """Schema version the body was written at (see ``referee.events`` on upcasting)."""
    event: dict[str, Any] | None = None
    """The event's fields; ``None`` where hidden from the holder of this copy."""
    plugin: str
    """The plugin that decided it: the innermost extension whose code was running when it
    was emitted, else the game; ``referee`` for the kernel's own events.  (Logs written
    before deciders were named give the plugin declaring the event's type.)"""
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
    commit: str = ""
    """HMAC of the body under this entry's key: hides the body, binds it to the chain."""
    key: str = ""
    """This entry's key ``K_seq``, given with a body its holder may see (never stored)."""
    digest: str = ""
    """Legacy logs only: the body's plain SHA-256 (guessable; no longer written)."""
    prev: str = ""
    hash: str = ""

    @property
    def redacted(self) -> bool:
        return self.event is None

    def visible(self, seat: str | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


def canonical(body: dict[str, Any]) -> bytes:
    """The bytes a body is committed and compared as: JSON with sorted keys."""
    return _encoder.encode(body)


_decoders: dict[type, msgspec.json.Decoder[Any]] = {}


def canonical_event(event: Any) -> tuple[Any, bytes]:
    """The event as the log will give it back (keys sorted, tuples as lists, an int given
    for a float field that float), and its body bytes: the one encoding of the event, which
    is committed, hashed into the chain, stored and exported as it is."""
    kind = type(event)
    plan = _plans.get(kind, _UNPLANNED)
    if plan is _UNPLANNED:
        plan = _plans[kind] = _plan(kind)
    if plan is not None:
        read_back = _as_read_back(event, plan)
        if read_back is not None:
            return read_back, _encoder.encode(written_fields(read_back))
    decoder = _decoders.get(kind)
    if decoder is None:
        decoder = _decoders[kind] = msgspec.json.Decoder(kind)
        try:
            _float_paths[kind] = _floats_at(msgspec.inspect.type_info(kind), ())
        except RecursionError:  # a type nested in itself: always read back and encoded again
            _float_paths[kind] = None
    # Read back with its own types (a list given for a tuple, a dict's keys in the order
    # the log gives them, any value the field's own type validates), so that the state
    # folded now is exactly the state a replay folds.  The bytes read back are the body,
    # unless an int was given where a float is declared (read back, it is written 1.0).
    body = _encoder.encode(written_fields(event))
    typed = decoder.decode(body)
    paths = _float_paths[kind]
    if paths is None or any(type(_at(event, path)) is int for path in paths):
        body = _encoder.encode(written_fields(typed))
    return typed, body


_float_paths: dict[type, tuple[tuple[str, ...], ...] | None] = {}
"""Per event type, where its declared floats are (attribute paths through nested structs);
None when one is inside a container, where every such event is encoded again once read back."""


def _floats_at(declared: Any, path: tuple[str, ...]) -> tuple[tuple[str, ...], ...] | None:
    mi = msgspec.inspect
    if isinstance(declared, mi.FloatType):
        return (path,)
    if isinstance(declared, mi.StructType):
        found: list[tuple[str, ...]] = []
        for field in declared.fields:
            inner = _floats_at(field.type, (*path, field.name))
            if inner is None:
                return None
            found += inner
        return tuple(found)
    if isinstance(declared, mi.UnionType):
        parts = [_floats_at(t, path) for t in declared.types]
        if any(p is None for p in parts):
            return None
        found = [p for part in parts for p in part if part]  # type: ignore[union-attr]
        if any(isinstance(t, mi.StructType) for t in declared.types) and found:
            return None  # a float in one of several structs: read back to be sure
        return tuple(dict.fromkeys(found))
    if _holds_float(declared):
        return None
    return ()


def _holds_float(declared: Any) -> bool:
    mi = msgspec.inspect
    if isinstance(declared, mi.FloatType):
        return True
    for name in ("item_type", "key_type", "value_type"):
        inner = getattr(declared, name, None)
        if inner is not None and _holds_float(inner):
            return True
    for many in ("item_types", "types"):
        if any(_holds_float(t) for t in getattr(declared, many, ())):
            return True
    if isinstance(declared, mi.StructType):
        return any(_holds_float(f.type) for f in declared.fields)
    return False


def _at(value: Any, path: tuple[str, ...]) -> Any:
    for name in path:
        value = getattr(value, name, None)
    return value


# An event type whose fields are all plain values (text, whole numbers, truth values, None,
# literals, numbers with a fraction, and tuples of such) is read back from the log exactly as
# it was emitted, once each value has the field's own type: such an event is checked field by
# field and never encoded to be decoded again.  Any other type (nested structs, dicts, lists,
# constrained fields) takes the round trip through its own decoder.
_UNPLANNED: Any = object()
_FLOAT: Any = object()
"""A field whose value is a float: an int given for it is read back as that float."""
_plans: dict[type, tuple[tuple[str, Any], ...] | None] = {}


def _plan(kind: type) -> tuple[tuple[str, Any], ...] | None:
    try:
        info = msgspec.inspect.type_info(kind)
    except (TypeError, ValueError):
        return None
    plan = []
    for field in info.fields:  # type: ignore[attr-defined]
        allowed = _plain(field.type)
        if allowed is None:
            return None
        plan.append((field.name, allowed))
    return tuple(plan)


def _plain(declared: Any) -> Any:
    """What values a plainly typed field takes: a frozenset of exact types, ``_FLOAT``, a
    ``("tuple", types)`` of plain items, a ``("literal", values)``; None for any other field."""
    mi = msgspec.inspect
    if _constrained(declared):
        return None
    if isinstance(declared, mi.StrType):
        return frozenset({str})
    if isinstance(declared, mi.BoolType):
        return frozenset({bool})
    if isinstance(declared, mi.IntType):
        return frozenset({int})
    if isinstance(declared, mi.NoneType):
        return frozenset({type(None)})
    if isinstance(declared, mi.FloatType):
        return _FLOAT
    if isinstance(declared, mi.LiteralType):
        return ("literal", frozenset((type(v), v) for v in declared.values))
    if isinstance(declared, mi.VarTupleType):
        items = _plain(declared.item_type)
        return ("tuple", items) if isinstance(items, frozenset) else None
    if isinstance(declared, mi.UnionType):
        parts = [_plain(t) for t in declared.types]
        if all(isinstance(p, frozenset) for p in parts):
            return frozenset().union(*parts)
        return None
    return None


def _constrained(declared: Any) -> bool:
    return any(
        getattr(declared, name, None) is not None for name in ("ge", "gt", "le", "lt", "multiple_of", "pattern", "min_length", "max_length")
    )


def _as_read_back(event: Any, plan: tuple[tuple[str, Any], ...]) -> Any:
    """``event`` as the log gives it back, or None when a value is not of its field's own
    type (then the event takes the round trip, which converts it or says what is wrong)."""
    floats: dict[str, float] | None = None
    for name, allowed in plan:
        value = getattr(event, name)
        kind = type(value)
        if allowed.__class__ is frozenset:
            if kind not in allowed:
                return None
        elif allowed is _FLOAT:
            if kind is int:
                floats = floats or {}
                floats[name] = float(value)
            elif kind is not float or not math.isfinite(value):
                return None  # JSON has no NaN: the round trip says so
        elif allowed[0] == "literal":
            if (kind, value) not in allowed[1]:
                return None
        elif kind is not tuple or any(type(item) not in allowed[1] for item in value):
            return None
    return event if floats is None else msgspec.structs.replace(event, **floats)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# HMAC-SHA256 as RFC 2104 defines it, from two plain SHA-256 hashes.  OpenSSL 3 sets up a
# fresh HMAC context on every call, which costs twice the hashing of a log entry; verify
# computes two per entry.  The result is the standard HMAC (the tests check it against
# the ``hmac`` module), only computed for less.
_BLOCK = 64
_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))
_KEYS_HINT = " (before a table ends, verify the copy with keys: `referee verify TABLE`, its export, or `Referee.entries(table, keys=True)`)"


def _pads(key: bytes) -> tuple[bytes, bytes]:
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    block = key.ljust(_BLOCK, b"\0")
    return block.translate(_IPAD), block.translate(_OPAD)


def _hmac(key: bytes, message: bytes) -> bytes:
    inner, outer = _pads(key)
    return hashlib.sha256(outer + hashlib.sha256(inner + message).digest()).digest()


def entry_key(table_key: bytes, seq: int) -> bytes:
    """``K_seq``: the key of entry ``seq``, derived from the table's secret key."""
    return _hmac(table_key, b"entry|%d" % seq)


def entry_keys(table_key: bytes) -> Callable[[int], bytes]:
    """``entry_key`` for many entries of one table: the hashes of the table key's padded
    blocks are taken once and copied for each entry."""
    inner_pad, outer_pad = _pads(table_key)
    inner, outer = hashlib.sha256(inner_pad), hashlib.sha256(outer_pad)

    def key_of(seq: int) -> bytes:
        mac = inner.copy()
        mac.update(b"entry|%d" % seq)
        result = outer.copy()
        result.update(mac.digest())
        return result.digest()

    return key_of


def commitment(key: bytes, body: bytes) -> str:
    return _hmac(key, body).hex()


_HEADER_FIELDS = tuple(f for f in Entry.__struct_fields__ if f not in ("event", "key", "digest", "hash"))

# A header is hashed as the JSON object of its fields, every one present, keys sorted.
# Structs of exactly those fields (no defaults left out) encode to the very same bytes as
# that object, and are filled from the entry without building a dict.
_Header = msgspec.defstruct("_Header", [(name, Any) for name in _HEADER_FIELDS])
_header_values = operator.attrgetter(*_HEADER_FIELDS)


def _header_hash(entry: Entry) -> str:
    return _sha(legacy_header(entry) if entry.digest else _encoder.encode(_Header(*_header_values(entry))))


def seal_entry(entry: Entry, body: bytes, table_key: bytes, prev: str) -> Entry:
    """Seal a fresh entry: commit to ``body`` (its canonical bytes), link it to ``prev``."""
    sealed = msgspec.structs.replace(entry, commit=commitment(entry_key(table_key, entry.seq), body), prev=prev, key="", hash="")
    return msgspec.structs.replace(sealed, hash=_header_hash(sealed))


class Sealable(Protocol):
    """One decided event on its way into the log (``referee.table.Emitted``)."""

    @property
    def event(self) -> Any: ...

    @property
    def body(self) -> bytes: ...

    @property
    def plugin(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def visible_to(self) -> tuple[str, ...] | None: ...


def seal(emitted: Sequence[Sealable], *, after: Entry | None, seat: str | None, at: str, table_key: bytes) -> list[Entry]:
    """Turn one decision's events into chained log entries following ``after``."""
    return [entry for entry, _ in seal_lines(emitted, after=after, seat=seat, at=at, table_key=table_key)]


def seal_lines(
    emitted: Sequence[Sealable], *, after: Entry | None, seat: str | None, at: str, table_key: bytes
) -> list[tuple[Entry, bytes]]:
    """``seal``, with each entry's log line: every event's body is the bytes it was emitted
    as, committed to, and written into the line as they are; each header is encoded once
    to be hashed."""
    seq = after.seq if after else 0
    prev = after.hash if after else ""
    cause = seq + 1
    key_of = entry_keys(table_key)
    sealed = []
    for item in emitted:
        seq += 1
        kind = type(item.event)
        visible_to = None if item.visible_to is None else list(item.visible_to)
        commit = _hmac(key_of(seq), item.body).hex()
        tag, version = kind.__struct_config__.tag, kind.version
        header = _Header(
            seq=seq,
            type=tag,
            v=version,
            plugin=item.plugin,
            rule=item.rule,
            seat=seat,
            cause=cause,
            visible_to=visible_to,
            at=at,
            commit=commit,
            prev=prev,
        )
        entry_hash = _sha(_encoder.encode(header))
        entry = Entry(
            seq=seq,
            type=tag,
            v=version,
            event=_body_decoder.decode(item.body),
            plugin=item.plugin,
            rule=item.rule,
            seat=seat,
            cause=cause,
            visible_to=visible_to,
            at=at,
            commit=commit,
            prev=prev,
            hash=entry_hash,
        )
        sealed.append((entry, encode_sealed(entry, item.body)))
        prev = entry_hash
    return sealed


_body_decoder = msgspec.json.Decoder(dict[str, Any])


def check_chain(
    entries: Sequence[Entry],
    table_key: bytes | None = None,
    *,
    bodies: bool = True,
    headers: bool = True,
    canonical_bodies: list[bytes | None] | None = None,
) -> tuple[int, str] | None:
    """The first broken entry as ``(seq, what is wrong)``, or ``None`` if the chain holds.

    Every body present is checked against its commitment: with the table's key where it
    is known (after the game), else with the entry's own ``key``.  A body that cannot be
    checked at all is refused, never passed over.  ``headers=False`` leaves out the
    headers' hashes, for a caller that has just checked them (``bodies=False``).
    ``canonical_bodies`` receives each checked entry's canonical body bytes (``None`` for
    a hidden one), so that a caller comparing bodies need not encode them again.
    """
    table_hashes = tuple(map(hashlib.sha256, _pads(table_key))) if table_key is not None and bodies else None
    keep = canonical_bodies.append if canonical_bodies is not None else None
    # The common entry is hashed inline, the table key's padded blocks hashed once: a long
    # log's cryptographic costs.  Any other case takes the general checks below.
    sha256, encode, pad = hashlib.sha256, _encoder.encode, bytes(_BLOCK - 32)
    prev = ""
    for position, entry in enumerate(entries, start=1):
        if entry.seq != position:
            return position, f"entry {position} is numbered {entry.seq}: an entry was dropped, added or moved"
        if entry.prev != prev:
            return position, f"entry {position} does not follow entry {position - 1}: an entry was dropped, added or moved"
        digest, commit = entry.digest, entry.commit
        if headers and sha256(legacy_header(entry) if digest else encode(_Header(*_header_values(entry)))).hexdigest() != entry.hash:
            return entry.seq, f"entry {entry.seq} ({entry.type}): its header was edited after it was recorded"
        if commit and digest:
            return entry.seq, f"entry {entry.seq} ({entry.type}) carries both a commitment and a legacy digest"
        if not commit and not digest:
            return entry.seq, f"entry {entry.seq} ({entry.type}) carries no commitment to its body"
        body = None if not bodies or entry.event is None else encode(entry.event)
        if body is not None:
            if table_hashes is not None and not digest:
                mac = table_hashes[0].copy()
                mac.update(b"entry|%d" % position)
                outer = table_hashes[1].copy()
                outer.update(mac.digest())
                block = outer.digest() + pad
                if entry.key and entry.key != block[:32].hex():
                    return entry.seq, f"entry {entry.seq} ({entry.type}): its key is not the one the table's key gives"
                mac = sha256(block.translate(_OPAD) + sha256(block.translate(_IPAD) + body).digest())
                if not hmac.compare_digest(mac.hexdigest(), commit):
                    return entry.seq, f"entry {entry.seq} ({entry.type}): the event was edited after it was recorded"
            else:
                problem = digest_problem(entry, body) if digest else _check_commit(entry, body)
                if problem:
                    return entry.seq, problem
        if keep is not None:
            keep(body)
        prev = entry.hash
    return None


def _check_commit(entry: Entry, body: bytes) -> str | None:  # with the entry's own key
    if not entry.key:
        return f"entry {entry.seq} ({entry.type}) shows a body without the key to check it against its commitment{_KEYS_HINT}"
    try:
        key = bytes.fromhex(entry.key)
    except ValueError:
        return f"entry {entry.seq} ({entry.type}): its key is not hexadecimal"
    if not hmac.compare_digest(commitment(key, body), entry.commit):
        return f"entry {entry.seq} ({entry.type}): the event was edited after it was recorded"
    return None


def redact_for(entries: Iterable[Entry], seat: str | None, *, game_over: bool, table_key: bytes | None = None) -> list[Entry]:
    """What ``seat`` may hold: hidden bodies blanked, keys given with the bodies shown.

    ``seat=None`` with ``game_over=False`` is a spectator; after the game every body is
    shown (its keys follow from the table key revealed in the last entry).
    """
    key_of = entry_keys(table_key) if table_key is not None and not game_over else None
    shown: list[Entry] = []
    for e in entries:
        if game_over or e.visible(seat):
            key = key_of(e.seq).hex() if key_of is not None and e.commit else ""
            shown.append(msgspec.structs.replace(e, key=key) if key else e)
        else:
            shown.append(msgspec.structs.replace(e, event=None, key=""))
    return shown


def with_keys(entries: Iterable[Entry], table_key: bytes) -> list[Entry]:
    """The operator's full copy: every body with its key."""
    key_of = entry_keys(table_key)
    return [msgspec.structs.replace(e, key=key_of(e.seq).hex()) if e.commit else e for e in entries]


def encode_line(entry: Entry) -> bytes:
    return _encoder.encode(entry)


_Line = msgspec.defstruct(
    "_Line",
    [
        (f.name, msgspec.Raw | None, None) if f.name == "event" else (f.name, f.type) if f.required else (f.name, f.type, f.default)
        for f in msgspec.structs.fields(Entry)
    ],
    frozen=True,
    kw_only=True,
    omit_defaults=True,
)
"""An entry as its log line is written, the body spliced in as the bytes committed to
(``Entry``'s own fields and defaults, so the line is the one ``encode_line`` gives)."""

_LINE_FIELDS = tuple(f for f in Entry.__struct_fields__ if f != "event")
_line_values = operator.attrgetter(*_LINE_FIELDS)


def encode_sealed(entry: Entry, body: bytes) -> bytes:
    """``entry``'s log line with ``body``, its canonical bytes, written in as they are."""
    return _encoder.encode(_Line(event=msgspec.Raw(body), **dict(zip(_LINE_FIELDS, _line_values(entry), strict=True))))


def dump_jsonl(entries: Iterable[Entry]) -> str:
    return "".join(encode_line(e).decode() + "\n" for e in entries)


def _may_be_too_deep(line: str | bytes) -> bool:
    """Whether a line opens enough arrays and objects to nest past ``MAX_DEPTH`` (counted at
    C speed; only such a line's event is walked)."""
    if isinstance(line, str):
        return line.count("[") + line.count("{") > MAX_DEPTH
    return line.count(b"[") + line.count(b"{") > MAX_DEPTH


def _too_deep(value: Any, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return True
    if isinstance(value, dict):
        return any(_too_deep(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_too_deep(v, depth + 1) for v in value)
    return False


_line_decoder = msgspec.json.Decoder(Entry)


def decode_line(line: str | bytes, *, where: str, checked: bool = True) -> Entry:
    """One log line as an Entry, or a BadLog naming the line and the problem.

    ``checked=False`` skips the nesting check, for lines the store wrote itself."""
    if len(line) > MAX_LINE_BYTES:
        raise BadLog(f"{where} is longer than {MAX_LINE_BYTES:,} bytes: not a log entry")
    try:
        entry = _line_decoder.decode(line)
    except (msgspec.DecodeError, RecursionError) as exc:
        raise BadLog(f"{where} is not a log entry: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    if checked and entry.event is not None and _may_be_too_deep(line) and _too_deep(entry.event):
        raise BadLog(f"{where}: its event is nested more than {MAX_DEPTH} levels deep")
    return entry


def load_jsonl(lines: Iterable[str], *, source: str = "log") -> list[Entry]:
    entries = []
    decode = _line_decoder.decode
    for number, line in enumerate(lines, start=1):
        # The common line is read straight; any line needing a closer look (long, with
        # enough brackets to nest deeply, unreadable or blank) goes through decode_line,
        # which names it.
        if len(line) <= MAX_LINE_BYTES and not _may_be_too_deep(line):
            try:
                entries.append(decode(line))
                continue
            except (msgspec.DecodeError, RecursionError):
                pass
        if line.strip():
            entries.append(decode_line(line, where=f"{source} line {number}"))
    if not entries:
        raise BadLog(f"{source} holds no log entries")
    return entries
