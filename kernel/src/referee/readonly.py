"""Read-only state: what views and bots are shown of a live table.

Views and bots are shown the live table, not a copy of it (copying the whole state for
every question cost more than the question).  What they are shown is wrapped: reading
works as on the real objects (attributes, items, iteration, ``len``, ``in``, comparisons,
``isinstance`` and ``match`` class patterns, the game's own methods), and any change
raises ``RefereeError`` naming the code that tried.  What a view returns is detached from
the table at the boundary, copying only the parts of the state it holds, so no caller
keeps a reference into the live state.
"""

from __future__ import annotations

import copy
import enum
import functools
import inspect
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

import msgspec

from .errors import RefereeError

__all__ = ["ReadOnly", "detached", "read_only"]

_LEAVES = (str, int, float, bool, bytes, type(None), complex, range, enum.Enum, type, types.FunctionType, types.BuiltinFunctionType)
_CHANGING = frozenset(
    {
        "append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse",  # list
        "update", "setdefault", "popitem",  # dict
        "add", "discard", "difference_update", "intersection_update", "symmetric_difference_update",  # set
    }
)  # fmt: skip
"""Methods of the builtin containers that change them."""
_NEVER = frozenset(
    {
        "__setattr__", "__delattr__", "__setitem__", "__delitem__", "__init__", "__setstate__",
        "__iadd__", "__imul__", "__ior__", "__iand__", "__isub__", "__ixor__",
    }
)  # fmt: skip
"""Methods that change any object, called by name."""
_SHOWN = (list, dict, set, bytearray, tuple, frozenset)
"""Builtin containers: their own methods run on them as they are, results shown read-only."""
_PLAIN = frozenset({str, int, float, bool, bytes, type(None)})

# How each (class, attribute name) is read, worked out once: a plain attribute, the class's
# own method or property (run on the read-only object), a container's method (run on the
# container, its result shown read-only), or a change (refused).
_ATTRIBUTE, _METHOD, _PROPERTY, _CONTAINER_METHOD, _CHANGE, _PLAIN_FIELD = range(6)
_access: dict[tuple[type, str], tuple[int, Any]] = {}


def _how(kind: type, name: str) -> tuple[int, Any]:
    key = (kind, name)
    found = _access.get(key)
    if found is None:
        shown = issubclass(kind, _SHOWN)
        if name in _NEVER or (shown and name in _CHANGING):
            found = (_CHANGE, None)
        elif shown:
            found = (_CONTAINER_METHOD, None)
        else:
            static = inspect.getattr_static(kind, name, None)
            if isinstance(static, types.FunctionType):
                found = (_METHOD, static)
            elif isinstance(static, property) and static.fget is not None:
                found = (_PROPERTY, static.fget)
            elif _declared_immutable(kind, name):
                found = (_PLAIN_FIELD, None)  # shown as it is, whatever the instance
            else:
                found = (_ATTRIBUTE, None)
        _access[key] = found
    return found


def _declared_immutable(kind: type, name: str) -> bool:
    """Whether ``name`` is a field of the Struct ``kind`` declared with an immutable type."""
    if not issubclass(kind, msgspec.Struct) or name not in kind.__struct_fields__:
        return False
    try:
        info = msgspec.inspect.type_info(kind)
    except (TypeError, ValueError):
        return False
    return any(field.name == name and _type_immutable(field.type) for field in info.fields)  # type: ignore[attr-defined]


_kinds: dict[type, bool | None] = {}
"""Per class: True when no instance can be changed, False when instances may be, None when
it depends on what an instance holds (a tuple, a frozenset)."""


def _kind_immutable(kind: type) -> bool | None:
    if issubclass(kind, _LEAVES):
        return True
    if kind is tuple or kind is frozenset:
        return None
    if issubclass(kind, msgspec.Struct) and kind.__struct_config__.frozen:
        try:
            info = msgspec.inspect.type_info(kind)
        except (TypeError, ValueError):
            return False
        return all(_type_immutable(field.type) for field in info.fields)  # type: ignore[attr-defined]
    return False


def _type_immutable(declared: Any) -> bool:
    """Whether every value of a declared field type is immutable (by its declaration)."""
    mi = msgspec.inspect
    if isinstance(declared, (mi.StrType, mi.IntType, mi.FloatType, mi.BoolType, mi.NoneType, mi.BytesType, mi.LiteralType, mi.EnumType)):
        return True
    if isinstance(declared, (mi.VarTupleType, mi.FrozenSetType)):
        return _type_immutable(declared.item_type)
    if isinstance(declared, mi.TupleType):
        return all(_type_immutable(t) for t in declared.item_types)
    if isinstance(declared, mi.UnionType):
        return all(_type_immutable(t) for t in declared.types)
    if isinstance(declared, mi.StructType):
        return bool(declared.cls.__struct_config__.frozen) and all(_type_immutable(f.type) for f in declared.fields)
    return False


def _immutable(value: Any) -> bool:
    """Whether nothing reachable from ``value`` can be changed (shown as it is, unwrapped)."""
    kind = type(value)
    if kind in _PLAIN:
        return True
    verdict = _kinds.get(kind, _kinds)
    if verdict is _kinds:
        verdict = _kinds[kind] = _kind_immutable(kind)
    if verdict is None:
        return all(type(item) in _PLAIN or _immutable(item) for item in value)
    return bool(verdict)


def read_only(value: Any) -> Any:
    """``value`` as views and bots may see it: itself when nothing in it can change, else
    wrapped so that any change raises ``RefereeError``."""
    kind = type(value)
    if kind in _PLAIN or kind is ReadOnly:
        return value
    verdict = _kinds.get(kind, _kinds)
    if verdict is False:
        return ReadOnly(value)
    if verdict is True or _immutable(value):
        return value
    return ReadOnly(value)


def _writer() -> str:
    """The code that tried to write, as a module name (a plugin's, usually)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back  # type: ignore[assignment]
    return str(frame.f_globals.get("__name__", "?")) if frame is not None else "?"


def _refuse(what: str) -> NoReturn:
    raise RefereeError(
        f"{_writer()} tried to {what} the table's state while showing it; views and bots read the table, "
        "only events change it (nothing was changed)"
    )


def _unwrap(value: Any) -> Any:
    return _target_of(value) if type(value) is ReadOnly else value


class ReadOnly:
    """A live object of the table's state, shown read-only (see ``read_only``)."""

    __slots__ = ("_target",)

    def __init__(self, target: Any) -> None:
        _set_target(self, target)

    def __getattribute__(self, name: str) -> Any:
        target = _target_of(self)
        if name == "__class__":
            return type(target)  # isinstance() and class patterns see the real class
        how, found = _access.get((type(target), name)) or _how(type(target), name)
        if how == _PLAIN_FIELD:
            return getattr(target, name)
        if how == _ATTRIBUTE:
            return read_only(getattr(target, name))
        if how == _METHOD:
            # The game's own method, run on the read-only object: it cannot write either.
            return types.MethodType(found, self)
        if how == _PROPERTY:
            return read_only(found(self))
        if how == _CONTAINER_METHOD:
            value = getattr(target, name)
            return _reading(value) if callable(value) else read_only(value)
        _refuse(f"call {name}() on a {type(target).__name__} of")

    def __setattr__(self, name: str, value: Any) -> None:
        _refuse(f"set .{name} of")

    def __delattr__(self, name: str) -> None:
        _refuse(f"delete .{name} of")

    def __getitem__(self, key: Any) -> Any:
        return read_only(_target_of(self)[_unwrap(key)])

    def __setitem__(self, key: Any, value: Any) -> None:
        _refuse(f"set [{key!r}] of")

    def __delitem__(self, key: Any) -> None:
        _refuse(f"delete [{key!r}] of")

    def __iadd__(self, other: Any) -> Any:
        _refuse("add to")

    def __ior__(self, other: Any) -> Any:
        _refuse("update")

    def __isub__(self, other: Any) -> Any:
        _refuse("take from")

    def __iter__(self) -> Iterator[Any]:
        for item in _target_of(self):
            yield read_only(item)

    def __reversed__(self) -> Iterator[Any]:
        for item in reversed(_target_of(self)):
            yield read_only(item)

    def __len__(self) -> int:
        return len(_target_of(self))

    def __contains__(self, item: Any) -> bool:
        return _unwrap(item) in _target_of(self)

    def __bool__(self) -> bool:
        return bool(_target_of(self))

    def __hash__(self) -> int:
        return hash(_target_of(self))

    def __eq__(self, other: object) -> bool:
        return bool(_target_of(self) == _unwrap(other))

    def __ne__(self, other: object) -> bool:
        return bool(_target_of(self) != _unwrap(other))

    def __lt__(self, other: Any) -> bool:
        return bool(_target_of(self) < _unwrap(other))

    def __le__(self, other: Any) -> bool:
        return bool(_target_of(self) <= _unwrap(other))

    def __gt__(self, other: Any) -> bool:
        return bool(_target_of(self) > _unwrap(other))

    def __ge__(self, other: Any) -> bool:
        return bool(_target_of(self) >= _unwrap(other))

    def __add__(self, other: Any) -> Any:
        return read_only(_target_of(self) + _unwrap(other))

    def __radd__(self, other: Any) -> Any:
        return read_only(_unwrap(other) + _target_of(self))

    def __mul__(self, other: Any) -> Any:
        return read_only(_target_of(self) * _unwrap(other))

    def __or__(self, other: Any) -> Any:
        return read_only(_target_of(self) | _unwrap(other))

    def __and__(self, other: Any) -> Any:
        return read_only(_target_of(self) & _unwrap(other))

    def __sub__(self, other: Any) -> Any:
        return read_only(_target_of(self) - _unwrap(other))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return read_only(_target_of(self)(*args, **kwargs))

    def __copy__(self) -> Any:
        return copy.copy(_target_of(self))

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return copy.deepcopy(_target_of(self), memo)

    def __repr__(self) -> str:
        return repr(_target_of(self))

    def __str__(self) -> str:
        return str(_target_of(self))

    def __format__(self, spec: str) -> str:
        return format(_target_of(self), spec)


_target_of: Callable[[ReadOnly], Any] = ReadOnly.__dict__["_target"].__get__
_set_target: Callable[[ReadOnly, Any], None] = ReadOnly.__dict__["_target"].__set__
"""The object a read-only one shows (its slot read directly: the fastest way in)."""


def _reading(method: Callable[..., Any]) -> Callable[..., Any]:
    """A container's own non-changing method (``get``, ``items``, ``index`` ...), its result shown read-only."""

    def reading(*args: Any, **kwargs: Any) -> Any:
        return read_only(method(*[_unwrap(a) for a in args], **kwargs))

    return reading


def detached(value: Any) -> Any:
    """``value`` (what a view returned) with every part of the live state in it copied.

    Only a read-only object leads into the live state (everything else a view could have
    reached is immutable), so the value is looked through once at C speed, and walked and
    copied only where it holds one."""
    holds = False

    def note(found: Any) -> None:
        nonlocal holds
        holds = True

    try:
        _msgpack_encode(value, enc_hook=note)
    except Exception:
        holds = True  # what the encoder cannot look through is walked
    return _walk(value) if holds else value


def _walk(value: Any) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is dict:
        return {k if type(k) in _PLAIN else _walk(k): v if type(v) in _PLAIN else _walk(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _PLAIN else _walk(v) for v in value]
    if kind is ReadOnly:
        return _copied(_target_of(value))
    if kind is tuple:
        return tuple(v if type(v) in _PLAIN else _walk(v) for v in value)
    if kind is set:
        return {_walk(v) for v in value}
    if isinstance(value, msgspec.Struct):
        # Built by the view around a live part (a read-only object in a field).
        return _copied(value)
    return value


def _copied(value: Any) -> Any:
    if _immutable(value):
        return value
    if isinstance(value, msgspec.Struct):
        return _struct_copy(value)
    return copy.deepcopy(value)


def _struct_copy(value: msgspec.Struct) -> Any:
    return _msgpack_decode(_msgpack_encode(value, enc_hook=_unwrap), type=type(value))


_msgpack_encode = msgspec.msgpack.encode
_msgpack_decode = msgspec.msgpack.decode


# msgspec's encoders check an object's real type, so a view passing a read-only object to
# ``msgspec.to_builtins`` (as games do, to show a card or a deal) would be refused.  The
# module-level encoders are given a hook reading a read-only object as the object it shows;
# any other object is encoded exactly as before (the caller's own hook, else refused).
def _encoding(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def encode(obj: Any, *args: Any, enc_hook: Callable[[Any], Any] | None = None, **kwargs: Any) -> Any:
        def hook(value: Any) -> Any:
            if type(value) is ReadOnly:
                return _target_of(value)
            if enc_hook is None:
                raise NotImplementedError(f"Encoding objects of type {type(value).__name__} is unsupported")
            return enc_hook(value)

        return original(_unwrap(obj), *args, enc_hook=hook, **kwargs)

    encode.__referee_reads_read_only__ = True  # type: ignore[attr-defined]
    return encode


def _unwrapping(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def call(obj: Any, *args: Any, **kwargs: Any) -> Any:
        return original(_unwrap(obj), *args, **kwargs)

    call.__referee_reads_read_only__ = True  # type: ignore[attr-defined]
    return call


for _module, _name, _wrap in (
    (msgspec, "to_builtins", _encoding),
    (msgspec.json, "encode", _encoding),
    (msgspec.msgpack, "encode", _encoding),
    (msgspec.structs, "asdict", _unwrapping),
    (msgspec.structs, "astuple", _unwrapping),
):
    if not getattr(getattr(_module, _name), "__referee_reads_read_only__", False):
        setattr(_module, _name, _wrap(getattr(_module, _name)))
