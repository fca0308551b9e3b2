"""A forger's tool for tests: edit bodies of a finished log and re-seal the whole chain.

After the game the table key is public (the last entry reveals it), so anyone can
recompute every commitment and hash; only re-deciding the actions catches such a log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from referee.log import Entry, canonical, seal_entry


def revealed_key(entries: Sequence[Entry]) -> bytes:
    reveal = next(e for e in entries if e.type == "referee.SeedRevealed")
    assert reveal.event is not None
    return bytes.fromhex(reveal.event["key"])


def reseal(entries: Sequence[Entry], key: bytes, edit: Callable[[Entry], dict[str, Any] | None] = lambda e: e.event) -> list[Entry]:
    """Every entry re-committed and re-chained with ``key``; ``edit`` may return a new body
    (or None to blank it) for any entry."""
    forged: list[Entry] = []
    prev = ""
    for entry in entries:
        body = edit(entry)
        if body is None:
            real = entry.event or {}
            sealed = seal_entry(msgspec.structs.replace(entry, event=real, digest=""), canonical(real), key, prev)
            sealed = msgspec.structs.replace(sealed, event=None)
        else:
            sealed = seal_entry(msgspec.structs.replace(entry, event=body, digest=""), canonical(body), key, prev)
        forged.append(sealed)
        prev = sealed.hash
    return forged
