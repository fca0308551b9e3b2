"""Answer shapes: what a legal answer to a request looks like, as a small schema.

A request names the fields of its answer (``{"card": Pick(...)}``) instead of listing
every legal answer, so a request stays small however many combinations the rules allow.
Every adapter reads the same shapes: the kernel validates an action's ``args`` against
them before the game sees it (``validate``), the default bot answers through them
(``sample``), a person types an answer in the text form (``parse``) after reading how
(``describe``), and a web form can be built from their JSON.

Answers carry option *values* (stable ids), never labels or positions, so the log holds
the same answer whichever way it was typed.  What only the game can know ("these
attackers must stand on the same street") the game checks itself after the shape.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from .errors import IllegalAction, RefereeError
from .limits import plain

__all__ = [
    "Option",
    "BaseShape",
    "Pick",
    "Subset",
    "Amount",
    "Order",
    "Assign",
    "Text",
    "Flag",
    "Shape",
    "Fields",
    "validate",
    "sample",
    "parse",
    "describe",
    "describe_field",
    "render",
    "check",
    "field_name",
    "groups",
    "Naming",
]


class Option(msgspec.Struct, frozen=True, omit_defaults=True):
    """One thing a seat may name: ``value`` goes in the answer, ``label`` is what a person reads."""

    value: str
    label: str = ""

    @property
    def text(self) -> str:
        return self.label or self.value


class BaseShape(msgspec.Struct, frozen=True, omit_defaults=True, kw_only=True, tag_field="kind"):
    """Fields every shape has: ``optional`` (the field may be left out), ``label`` (how a
    prompt names the field, where its key is not clear enough) and ``one_of``.

    ``one_of`` names a group of alternative fields: an answer gives exactly one field of
    each group ("a bullet card, or The Cunning revealed instead of one").  Mark the fields
    of a group ``optional`` too, so an adapter that reads no groups still lets each be left
    out; ``validate`` refuses an answer with none or several of them."""

    optional: bool = False
    label: str = ""
    one_of: str = ""


def _distinct(options: tuple[Option, ...], what: str) -> None:
    seen: set[str] = set()
    for option in options:
        if option.value in seen:
            raise ValueError(f"{what} offers {option.value!r} twice")
        seen.add(option.value)


def _bounds(min: int, max: int | None, what: str) -> None:
    if min < 0 or (max is not None and max < min):
        raise ValueError(f"{what} has bounds {min}..{max}")


class Pick(BaseShape, tag="pick"):
    """One of the options; the answer is its value (a string)."""

    options: tuple[Option, ...]

    def __post_init__(self) -> None:
        _distinct(self.options, "pick")


class Subset(BaseShape, tag="subset"):
    """Some of the options, each at most once; the answer is a list of values."""

    options: tuple[Option, ...]
    min: int = 0
    max: int | None = None

    def __post_init__(self) -> None:
        _distinct(self.options, "subset")
        _bounds(self.min, self.max, "subset")


class Amount(BaseShape, tag="amount"):
    """A whole number from ``min`` to ``max`` (unbounded where ``None``) in steps of ``step``
    counted from ``min``; the answer is an int, never a bool or a float."""

    min: int = 0
    max: int | None = None
    step: int = 1

    def __post_init__(self) -> None:
        if self.step < 1 or (self.max is not None and self.max < self.min):
            raise ValueError(f"amount has bounds {self.min}..{self.max} in steps of {self.step}")


class Order(BaseShape, tag="order"):
    """Every option once, in the order the seat chooses; the answer is a list of values."""

    options: tuple[Option, ...]

    def __post_init__(self) -> None:
        _distinct(self.options, "order")


class Assign(BaseShape, tag="assign"):
    """A target for some of the items (between ``min`` and ``max`` of them; ``max=None`` means
    all may be); the answer maps item values to target values."""

    items: tuple[Option, ...]
    targets: tuple[Option, ...]
    min: int = 0
    max: int | None = None
    allowed: dict[str, tuple[str, ...]] = {}
    """The targets each item may go to, by value (a card's legal targets), so a form offers
    only those; an item not named here may go to any target."""

    def __post_init__(self) -> None:
        _distinct(self.items, "assign (items)")
        _distinct(self.targets, "assign (targets)")
        _bounds(self.min, self.max, "assign")
        items, targets = {o.value for o in self.items}, {o.value for o in self.targets}
        for item, allowed in self.allowed.items():
            if item not in items or not set(allowed) <= targets:
                raise RefereeError(f"assign (allowed): {plain(item)} is not an item, or names a target not offered")

    def targets_for(self, item: str) -> tuple[Option, ...]:
        """The targets ``item`` may be assigned to."""
        if item not in self.allowed:
            return self.targets
        allowed = set(self.allowed[item])
        return tuple(t for t in self.targets if t.value in allowed)


class Text(BaseShape, tag="text"):
    """Free text (orders, a message); ``hint`` says what to write."""

    hint: str = ""
    max_length: int = 2000


class Flag(BaseShape, tag="flag"):
    """Yes or no; the answer is a bool."""


Shape = Pick | Subset | Amount | Order | Assign | Text | Flag
"""Any answer shape: the type to annotate and decode with (``isinstance(x, Shape)`` works)."""

Fields = Mapping[str, Shape]
"""The named fields of an answer, as ``Request.answer`` holds them."""


# --- validation ----------------------------------------------------------------------

_SHOWN = 8


def _listing(options: Iterable[Option]) -> str:
    # A refusal names what is offered, but stays one line however long the list is.
    # Options are named as a player sees them (their labels), never by their values.
    values = [o.label or o.value for o in options]
    shown = ", ".join(values[:_SHOWN])
    return shown + (f" and {len(values) - _SHOWN} more" if len(values) > _SHOWN else "") if values else "nothing"


def _label(value: str, options: Iterable[Option]) -> str:
    return next((o.label or o.value for o in options if o.value == value), value)


def _show(value: Any) -> str:
    # JSON spelling, so a refusal shows exactly what was sent (1.0, true, "1").
    try:
        return msgspec.json.encode(value).decode()
    except (TypeError, msgspec.EncodeError):
        return repr(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(n: int) -> str:
    return f"{n} item" if n == 1 else f"{n} items"


class Naming:
    """How a refusal names a field, an option and the options offered.  ``validate`` names
    a field by its key and options by their labels (a form shows no numbers); the text
    form (``referee.answer_text.check``) names them as its prompt numbers them."""

    def field(self, name: str, shape: Shape) -> str:
        return name

    def options(self, options: tuple[Option, ...], among: tuple[Option, ...] | None = None) -> str:
        return _listing(options)

    def option(self, value: str, options: tuple[Option, ...]) -> str:
        return _label(value, options)

    def value(self, value: Any, options: tuple[Option, ...] = ()) -> str:
        return _show(value)


_PLAIN = Naming()


def _check_values(name: str, value: Any, options: tuple[Option, ...], say: Naming) -> list[str]:
    if not isinstance(value, list | tuple):
        raise IllegalAction(f"{name}: {_show(value)} is not a list of values")
    offered = {o.value for o in options}
    seen: set[str] = set()
    for item in value:
        if not isinstance(item, str) or item not in offered:
            raise IllegalAction(f"{name}: {say.value(item)} is not offered ({say.options(options)})")
        if item in seen:
            raise IllegalAction(f"{name}: {say.value(item, options)} is named twice")
        seen.add(item)
    return list(value)


def _validate_field(key: str, shape: Shape, value: Any, say: Naming = _PLAIN) -> None:
    name = say.field(key, shape)
    match shape:
        case Pick():
            if not isinstance(value, str) or value not in {o.value for o in shape.options}:
                raise IllegalAction(f"{name}: {say.value(value)} is not offered ({say.options(shape.options)})")
        case Subset():
            chosen = _check_values(name, value, shape.options, say)
            top = len(shape.options) if shape.max is None else min(shape.max, len(shape.options))
            if len(chosen) < shape.min:
                raise IllegalAction(f"{name}: pick at least {shape.min} of {say.options(shape.options)}")
            if len(chosen) > top:
                raise IllegalAction(f"{name}: pick at most {top} of {say.options(shape.options)}")
        case Amount():
            if isinstance(value, float) and value.is_integer():
                raise IllegalAction(f"{name}: {_show(value)} is not a whole number (write {int(value)})")
            if not _is_int(value):
                raise IllegalAction(f"{name}: {say.value(value)} is not a whole number")
            if value < shape.min:
                raise IllegalAction(f"{name}: {value} is less than {shape.min}")
            if shape.max is not None and value > shape.max:
                raise IllegalAction(f"{name}: {value} is more than {shape.max}")
            if (value - shape.min) % shape.step:
                raise IllegalAction(f"{name}: {value} is not {shape.min} plus a multiple of {shape.step}")
        case Order():
            ordered = _check_values(name, value, shape.options, say)
            missing = tuple(o for o in shape.options if o.value not in ordered)
            if missing:
                raise IllegalAction(f"{name}: put every option in order; missing {say.options(missing, shape.options)}")
        case Assign():
            if not isinstance(value, dict):
                raise IllegalAction(f"{name}: {_show(value)} is not a map of item to target")
            items, targets = {o.value for o in shape.items}, {o.value for o in shape.targets}
            for item, target in value.items():
                if item not in items:
                    raise IllegalAction(f"{name}: {say.value(item)} is not an item offered ({say.options(shape.items)})")
                offered = shape.targets_for(item)
                if not isinstance(target, str) or target not in targets or target not in {t.value for t in offered}:
                    raise IllegalAction(
                        f"{name}: {say.value(target, shape.targets)} is not a target offered for "
                        f"{say.option(item, shape.items)} ({say.options(offered, shape.targets)})"
                    )
            top = len(shape.items) if shape.max is None else min(shape.max, len(shape.items))
            if len(value) < shape.min:
                raise IllegalAction(f"{name}: assign at least {_count(shape.min)}")
            if len(value) > top:
                raise IllegalAction(f"{name}: assign at most {_count(top)}")
        case Text():
            if not isinstance(value, str):
                raise IllegalAction(f"{name}: {_show(value)} is not text")
            if len(value) > shape.max_length:
                raise IllegalAction(f"{name}: {len(value)} characters is more than {shape.max_length}")
        case Flag():
            if not isinstance(value, bool):
                raise IllegalAction(f"{name}: {say.value(value)} is not true or false")


def groups(fields: Fields) -> dict[str, list[str]]:
    """The groups of alternative fields (``one_of``): group name -> its fields, in order."""
    found: dict[str, list[str]] = {}
    for name, shape in fields.items():
        if shape.one_of:
            found.setdefault(shape.one_of, []).append(name)
    return found


def _check_groups(fields: Fields, args: Mapping[str, Any], naming: Naming) -> None:
    for members in groups(fields).values():
        given = [name for name in members if name in args]
        if len(given) != 1:
            named = " or ".join(naming.field(name, fields[name]) for name in members)
            how = "missing" if not given else "given together"
            raise IllegalAction(f"{named}: {how}; give exactly one of them")


def validate(fields: Fields, args: Mapping[str, Any], naming: Naming = _PLAIN) -> None:
    """Refuse ``args`` (an ``IllegalAction`` naming the field and the rule) unless it fits ``fields``:
    no unknown field, every field not ``optional`` present, exactly one field of each group
    of alternatives (``one_of``), each value of its shape's type
    (a bool is not an int, 1.0 is not 1), offered, distinct and within bounds.  ``naming``
    says how the refusal names fields and options (the text form numbers them)."""
    if not isinstance(args, Mapping):
        raise IllegalAction(f"an answer is a map of field to value, not {_show(args)}")
    unknown = [k for k in args if k not in fields]
    if unknown:
        takes = ", ".join(fields) or "no fields"
        raise IllegalAction(f"{plain(unknown[0])}: no such field in this answer (it takes {takes})")
    for name, shape in fields.items():
        if name not in args:
            if not shape.optional and not shape.one_of:
                raise IllegalAction(f"{naming.field(name, shape)}: missing; {describe_field(shape)}")
            continue
        _validate_field(name, shape, args[name], naming)
    _check_groups(fields, args, naming)


# --- bots ----------------------------------------------------------------------------

_UNBOUNDED_STEPS = 10
"""An amount without a maximum is sampled from its first steps: a bot has no use for more."""


def _size(rng: random.Random, low: int, high: int | None, available: int, name: str) -> int:
    top = available if high is None else min(high, available)
    if low > top:
        raise RefereeError(f"{name}: no legal answer (at least {low} of {available})")
    return rng.randint(low, top)


def _sample_field(name: str, shape: Shape, rng: random.Random) -> Any:
    match shape:
        case Pick():
            if not shape.options:
                raise RefereeError(f"{name}: no legal answer (nothing offered)")
            return rng.choice(shape.options).value
        case Subset():
            k = _size(rng, shape.min, shape.max, len(shape.options), name)
            return [o.value for o in rng.sample(shape.options, k)]
        case Amount():
            top = shape.min + _UNBOUNDED_STEPS * shape.step if shape.max is None else shape.max
            return shape.min + shape.step * rng.randint(0, (top - shape.min) // shape.step)
        case Order():
            return [o.value for o in rng.sample(shape.options, len(shape.options))]
        case Assign():
            if not shape.targets:
                if shape.min:
                    raise RefereeError(f"{name}: no legal answer (no targets)")
                return {}
            placeable = [o for o in shape.items if shape.targets_for(o.value)]
            k = _size(rng, shape.min, shape.max, len(placeable), name)
            return {o.value: rng.choice(shape.targets_for(o.value)).value for o in rng.sample(placeable, k)}
        case Text():
            return ""
        case Flag():
            return rng.random() < 0.5


def sample(fields: Fields, rng: random.Random) -> dict[str, Any]:
    """A random answer that ``validate`` accepts (what the default bot sends).  An optional
    field is left out half the time (always, if nothing fits it); free text is answered
    with empty text; of each group of alternatives (``one_of``) one field is given, chosen
    uniformly among those that can be answered.  Raises ``RefereeError`` when a required
    field (or a whole group) has no legal value."""
    args: dict[str, Any] = {}
    for group, members in groups(fields).items():
        answerable = {}
        for name in members:
            try:
                answerable[name] = _sample_field(name, fields[name], rng)
            except RefereeError:
                continue
        if not answerable:
            raise RefereeError(f"{' or '.join(members)}: no legal answer (group {group})")
        chosen = rng.choice(sorted(answerable))
        args[chosen] = answerable[chosen]
    for name, shape in fields.items():
        if shape.one_of:
            continue
        if shape.optional and rng.random() < 0.5:
            continue
        try:
            args[name] = _sample_field(name, shape, rng)
        except RefereeError:
            # An optional field that offers nothing is answered by leaving it out.
            if not shape.optional:
                raise
    return args


# --- the text form -------------------------------------------------------------------

# What a person types and reads lives in its own module; these names stay here too, where
# every adapter and plugin has imported them from.
from .answer_text import check, describe, describe_field, field_name, parse, render  # noqa: E402
