"""What Referee accepts from outside: table ids, data files, nesting.

Everything here is input a user, an imported log or a shared file controls.  Each
limit is stated once, as a constant below, so a refusal can quote it and the docs
(README, "Limits") list the same numbers.  Limits on random draws live beside the
draws in ``referee.randomness``; a game's own limits (Pigsty's largest order) live in
its plugin.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import RefereeError

__all__ = [
    "MAX_TABLE_ID",
    "RESERVED_TABLE_IDS",
    "TABLE_ID_RULE",
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "MAX_SEAT_NAME",
    "check_table_id",
    "check_seat_names",
    "plain",
    "shown",
    "nesting",
    "check_nesting",
    "unrecordable",
    "read_text",
    "parse_toml",
    "parse_json",
]

MAX_TABLE_ID = 64
"""Longest table id, in characters (generated ids are a game name and 8 hex digits)."""

RESERVED_TABLE_IDS = frozenset({"latest"})
"""Ids with another meaning on the command line (``referee verify latest``)."""

_TABLE_ID = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{MAX_TABLE_ID - 1}}}")

TABLE_ID_RULE = (
    f"a table id is 1 to {MAX_TABLE_ID} ASCII letters, digits, '-' or '_', starting with a letter or digit, "
    f"is not {', '.join(sorted(RESERVED_TABLE_IDS))}, and differs from every stored id by more than case"
)
"""The rule ``check_table_id`` applies, quoted in its refusals."""

MAX_FILE_BYTES = 1_048_576
"""Largest scenario or game data file (a Pimp deck) read, in bytes: 1 MiB, far above any real one."""

MAX_NESTING = 32
"""Deepest nesting of lists and tables in a data file, a log entry or an action's arguments."""

MAX_SEAT_NAME = 64
"""Longest seat name, in characters; seat names are printable text (no control characters)."""

_SHOWN = 60


def shown(value: object, limit: int = _SHOWN) -> str:
    """``repr`` of outside input for a message: control characters escaped, long input cut."""
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except ValueError:  # a structure holding an integer too long to convert to text
        return f"a {type(value).__name__} too large to show"
    if len(text) <= limit:
        return text
    size = f"{len(value)} characters" if isinstance(value, str) else f"{len(text)} characters as text"
    return f"{text[: limit - 25]}... ({size})"


def plain(value: object) -> str:
    """A name as it was given when it is short printable text, else as ``shown`` makes it."""
    if isinstance(value, str) and value.isprintable() and len(value) <= _SHOWN:
        return value
    return shown(value)


def check_seat_names(seats: Iterable[object]) -> None:
    """Refuse seat names that are not printable text of at most ``MAX_SEAT_NAME`` characters:
    they are shown to every seat, in views, logs and on terminals."""
    bad = [s for s in seats if not isinstance(s, str) or not s.isprintable() or len(s) > MAX_SEAT_NAME]
    if bad:
        raise RefereeError(
            f"seat names are printable text of at most {MAX_SEAT_NAME} characters, not {', '.join(shown(s, 40) for s in bad[:3])}"
        )


def check_table_id(table_id: object, existing: Iterable[str] = ()) -> str:
    """``table_id`` if it is a plain id, not ``latest`` and no case-only variant of ``existing``.

    An exact match with a stored id is left to the caller, which knows whether it is
    opening (refuse) or looking up (fine).
    """
    if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
        raise RefereeError(f"{shown(table_id)} is not a plain table id: {TABLE_ID_RULE}")
    if table_id.casefold() in RESERVED_TABLE_IDS:
        raise RefereeError(f"{table_id!r} is reserved: {TABLE_ID_RULE}")
    folded = table_id.casefold()
    for other in existing:
        if other != table_id and other.casefold() == folded:
            raise RefereeError(f"{table_id!r} differs from the stored table {other!r} only by case: {TABLE_ID_RULE}")
    return table_id


def nesting(value: Any) -> int:
    """How deeply lists and dicts nest in ``value`` (a scalar: 0), without recursing."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            return depth
        stack.extend((child, depth) for child in children)
    return deepest


def check_nesting(value: Any, what: str) -> Any:
    """``value``, if it nests no deeper than ``MAX_NESTING``."""
    if nesting(value) > MAX_NESTING:
        raise RefereeError(f"{what} nests lists or tables deeper than {MAX_NESTING} levels")
    return value


def unrecordable(value: Any, name: str) -> str | None:
    """Where ``value`` holds what a log cannot record as given, in words, else None.

    JSON has no infinity or NaN (they would be recorded as ``null``, and the log would then
    disagree with what was decided), and UTF-8 has no lone surrogate (``"\\ud800"``, or a
    byte that is not UTF-8 read from a terminal): input holding either is refused by name
    before any rule sees it.
    """
    stack: list[tuple[Any, str]] = [(value, name)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return f"{where} is {item!r}, which is not a finite number (a log records only finite numbers)"
        if isinstance(item, str) and not _utf8(item):
            return f"{where} holds a character that is not UTF-8 text (a lone surrogate, or a byte read that was not UTF-8)"
        if isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and not _utf8(key):
                    return f"{where} has a key that is not UTF-8 text (a lone surrogate, or a byte read that was not UTF-8)"
                stack.append((child, f"{where}[{shown(key, 40)}]"))
        elif isinstance(item, (list, tuple)):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))
    return None


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def read_text(path: str | Path, what: str) -> str:
    """A UTF-8 text file of at most ``MAX_FILE_BYTES``; anything else is refused by name."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise RefereeError(f"cannot read {what} {shown(str(path))}: {exc.strerror or exc}") from None
    except ValueError:  # the operating system takes no NUL in a file name
        raise RefereeError(f"cannot read {what} {shown(str(path))}: a file name cannot hold a NUL character") from None
    if len(data) > MAX_FILE_BYTES:
        raise RefereeError(f"{what} {path} is larger than {MAX_FILE_BYTES} bytes")
    if b"\0" in data:
        raise RefereeError(f"{what} {path} is a binary file, not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RefereeError(f"{what} {path} is not UTF-8 text (line {line}, byte {exc.start + 1})") from None


def parse_toml(text: str, what: str) -> dict[str, Any]:
    """TOML text as data, nesting at most ``MAX_NESTING`` levels."""
    import tomllib  # only files are TOML: a command that reads none does not import it

    try:
        data = tomllib.loads(text)
    except ValueError as exc:  # TOMLDecodeError, and integers too long to convert
        raise RefereeError(f"{what} is not valid TOML: {exc}") from None
    except RecursionError:
        raise RefereeError(f"{what} nests lists or tables deeper than {MAX_NESTING} levels") from None
    return check_nesting(data, what)


def parse_json(text: str, what: str) -> Any:
    """JSON text as data, nesting at most ``MAX_NESTING`` levels."""
    try:
        data = json.loads(text)
    except ValueError as exc:  # JSONDecodeError, and integers too long to convert
        raise RefereeError(f"{what} is not JSON: {exc}") from None
    except RecursionError:
        raise RefereeError(f"{what} nests lists or tables deeper than {MAX_NESTING} levels") from None
    return check_nesting(data, what)
