"""Showing the live table without letting anything shown it change it.

Views are worked out on the live state, not on a copy: copying the whole table for every
question cost more than the question.  What keeps the table safe is a check, done at C
speed: the state's encoding after a plugin was shown it must be the encoding it had before,
and its own fields and slots the same objects of the same types (the encoding cannot tell
a Struct from a dict, or a tuple from a list).  A plugin that changed anything is refused by
name (``RefereeError``) and the table is put back as its encoding held it, each part as the
type it had, so a faulty view never changes what the log folds to.  What the check cannot
see: a nested tuple swapped for an equal list deeper inside the game's own state.

What a view returns is detached from the table (``msgspec.to_builtins``: new containers,
plain JSON-able data, as ``referee_view`` promises), so neither a caller nor a bot holding
a view has a way into the live state; a bot's request is a copy of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from .errors import RefereeError

if TYPE_CHECKING:
    from .table import TableState

__all__ = ["detached", "unchanged"]

T = TypeVar("T")

_encode = msgspec.msgpack.Encoder().encode


def unchanged(state: TableState, hook: str, plugins: Callable[[], list[str]], call: Callable[[], T]) -> T:
    """``call()``, which is shown ``state`` to read (through ``hook``), checked to leave it as
    it found it.  A change is undone and refused, naming the hook and the ``plugins``
    implementing it; an error of the plugin's own is raised as it is, after the same check."""
    before, parts = _encode(state), _parts(state)
    try:
        return call()
    finally:
        if _parts(state) != parts or _encode(state) != before:
            _restore(state, before, parts)
            raise RefereeError(
                f"{hook} changed the table's state while showing it ({', '.join(plugins()) or 'a plugin'}): "
                "a view may only read the table; the change was undone"
            )


def _parts(state: TableState) -> tuple[tuple[int, type], ...]:
    """What the encoding cannot tell apart, for the state's own fields and each slot: which
    object each is and its type (a Struct and a dict, a tuple and a list encode alike)."""
    fields = [getattr(state, name) for name in state.__struct_fields__]
    return tuple((id(value), type(value)) for value in (*fields, *state.slots.values()))


def _restore(state: TableState, image: bytes, parts: tuple[tuple[int, type], ...]) -> None:
    """Put ``state`` back as ``image`` (its encoding) holds it, each part as the type it had."""
    restored = msgspec.msgpack.decode(image, type=type(state))
    kinds = dict(zip(state.__struct_fields__, (kind for _, kind in parts), strict=False))
    if restored.game is not None:
        restored.game = msgspec.convert(restored.game, kinds["game"])
    slot_kinds = [kind for _, kind in parts[len(state.__struct_fields__) : len(state.__struct_fields__) + len(restored.slots)]]
    restored.slots = {name: msgspec.convert(value, kind) for (name, value), kind in zip(restored.slots.items(), slot_kinds, strict=True)}
    for field in state.__struct_fields__:
        setattr(state, field, getattr(restored, field))


def detached(value: Any) -> Any:
    """What a view returned, as plain data sharing nothing with the live state."""
    return msgspec.to_builtins(value)
