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
import re
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
]


class Option(msgspec.Struct, frozen=True, omit_defaults=True):
    """One thing a seat may name: ``value`` goes in the answer, ``label`` is what a person reads."""

    value: str
    label: str = ""

    @property
    def text(self) -> str:
        return self.label or self.value


class BaseShape(msgspec.Struct, frozen=True, omit_defaults=True, kw_only=True, tag_field="kind"):
    """Fields every shape has: ``optional`` (the field may be left out) and ``label``
    (how a prompt names the field, where its key is not clear enough)."""

    optional: bool = False
    label: str = ""


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


def _check_values(name: str, value: Any, options: tuple[Option, ...]) -> list[str]:
    if not isinstance(value, list | tuple):
        raise IllegalAction(f"{name}: {_show(value)} is not a list of values")
    offered = {o.value for o in options}
    seen: set[str] = set()
    for item in value:
        if not isinstance(item, str) or item not in offered:
            raise IllegalAction(f"{name}: {_show(item)} is not offered ({_listing(options)})")
        if item in seen:
            raise IllegalAction(f"{name}: {_show(item)} is named twice")
        seen.add(item)
    return list(value)


def _validate_field(name: str, shape: Shape, value: Any) -> None:
    match shape:
        case Pick():
            if not isinstance(value, str) or value not in {o.value for o in shape.options}:
                raise IllegalAction(f"{name}: {_show(value)} is not offered ({_listing(shape.options)})")
        case Subset():
            chosen = _check_values(name, value, shape.options)
            top = len(shape.options) if shape.max is None else min(shape.max, len(shape.options))
            if len(chosen) < shape.min:
                raise IllegalAction(f"{name}: pick at least {shape.min} of {_listing(shape.options)}")
            if len(chosen) > top:
                raise IllegalAction(f"{name}: pick at most {top} of {_listing(shape.options)}")
        case Amount():
            if isinstance(value, float) and value.is_integer():
                raise IllegalAction(f"{name}: {_show(value)} is not a whole number (write {int(value)})")
            if not _is_int(value):
                raise IllegalAction(f"{name}: {_show(value)} is not a whole number")
            if value < shape.min:
                raise IllegalAction(f"{name}: {value} is less than {shape.min}")
            if shape.max is not None and value > shape.max:
                raise IllegalAction(f"{name}: {value} is more than {shape.max}")
            if (value - shape.min) % shape.step:
                raise IllegalAction(f"{name}: {value} is not {shape.min} plus a multiple of {shape.step}")
        case Order():
            ordered = _check_values(name, value, shape.options)
            missing = [o for o in shape.options if o.value not in ordered]
            if missing:
                raise IllegalAction(f"{name}: put every option in order; missing {_listing(missing)}")
        case Assign():
            if not isinstance(value, dict):
                raise IllegalAction(f"{name}: {_show(value)} is not a map of item to target")
            items, targets = {o.value for o in shape.items}, {o.value for o in shape.targets}
            for item, target in value.items():
                if item not in items:
                    raise IllegalAction(f"{name}: {_show(item)} is not an item offered ({_listing(shape.items)})")
                offered = shape.targets_for(item)
                if not isinstance(target, str) or target not in targets or target not in {t.value for t in offered}:
                    raise IllegalAction(
                        f"{name}: {_show(target)} is not a target offered for {_label(item, shape.items)} ({_listing(offered)})"
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
                raise IllegalAction(f"{name}: {_show(value)} is not true or false")


def validate(fields: Fields, args: Mapping[str, Any]) -> None:
    """Refuse ``args`` (an ``IllegalAction`` naming the field and the rule) unless it fits ``fields``:
    no unknown field, every field not ``optional`` present, each value of its shape's type
    (a bool is not an int, 1.0 is not 1), offered, distinct and within bounds."""
    if not isinstance(args, Mapping):
        raise IllegalAction(f"an answer is a map of field to value, not {_show(args)}")
    unknown = [k for k in args if k not in fields]
    if unknown:
        takes = ", ".join(fields) or "no fields"
        raise IllegalAction(f"{plain(unknown[0])}: no such field in this answer (it takes {takes})")
    for name, shape in fields.items():
        if name not in args:
            if not shape.optional:
                raise IllegalAction(f"{name}: missing; {describe_field(shape)}")
            continue
        _validate_field(name, shape, args[name])


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
    with empty text.  Raises ``RefereeError`` when a required field has no legal value."""
    args: dict[str, Any] = {}
    for name, shape in fields.items():
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

_BRACKETED = re.compile(r"\s*\([^()]*\)\s*$")
_YES = {"yes", "y", "true", "on"}
_NO = {"no", "n", "false", "off"}


def _resolve(token: str, options: tuple[Option, ...]) -> str:
    """The value a typed token names: a value, else a label (any case), else a 1-based
    number, else a label without its closing bracketed remark.  Anything else is kept as
    typed, so the refusal shows what was typed."""
    token = token.strip()
    for option in options:
        if option.value == token:
            return option.value
    folded = token.casefold()
    for option in options:
        if option.label and option.label.casefold() == folded:
            return option.value
    for option in options:
        if option.value.casefold() == folded:
            return option.value
    # ASCII only: "²" is a digit to str.isdigit but not a number to int().
    if token.isascii() and token.isdigit() and 1 <= int(token) <= len(options):
        return options[int(token) - 1].value
    # A label's closing remark in brackets ("Bang! (2 left)") need not be typed.
    named = [o for o in options if _BRACKETED.sub("", o.label).casefold() == folded]
    if len(named) == 1:
        return named[0].value
    return token


def _tokens(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _pair(token: str, shape: Assign) -> tuple[str, str]:
    # Labels may hold a colon; take the first split where both sides name an option.
    items, targets = {o.value for o in shape.items}, {o.value for o in shape.targets}
    cuts = [m.start() for m in re.finditer(":", token)]
    for cut in cuts:
        item, target = _resolve(token[:cut], shape.items), _resolve(token[cut + 1 :], shape.targets)
        if item in items and target in targets:
            return item, target
    if not cuts:
        raise IllegalAction(f"{token!r} is not item:target")
    return _resolve(token[: cuts[0]], shape.items), _resolve(token[cuts[0] + 1 :], shape.targets)


def _parse_field(name: str, shape: Shape, text: str) -> Any:
    text = text.strip()
    match shape:
        case Pick():
            return _resolve(text, shape.options)
        case Subset() | Order():
            return [_resolve(t, shape.options) for t in _tokens(text)]
        case Assign():
            assigned: dict[str, str] = {}
            for token in _tokens(text):
                item, target = _pair(token, shape)
                if item in assigned:
                    raise IllegalAction(f"{name}: {item} is assigned twice")
                assigned[item] = target
            return assigned
        case Amount():
            plain = text.replace(",", "").replace("_", "").removeprefix("$")
            return int(plain) if re.fullmatch(r"[+-]?\d+", plain) else text
        case Flag():
            folded = text.casefold()
            return True if folded in _YES else False if folded in _NO else text
        case Text():
            return text


def _main_field(fields: Fields) -> str | None:
    """The field a bare answer (no ``field=``) fills: the only field, or the only required one."""
    if len(fields) == 1:
        return next(iter(fields))
    required = [name for name, shape in fields.items() if not shape.optional]
    return required[0] if len(required) == 1 else None


def parse(fields: Fields, text: str) -> dict[str, Any]:
    """The args a typed answer means, to be checked by ``validate``.

    Accepted: a JSON object (the args as they are); ``field=value`` pairs separated by
    spaces or semicolons; and, for the only field (or the only required one), its value
    alone.  A value is an option's value, label or number; a comma-separated list for
    a subset or an order; ``item:target`` pairs for an assignment; yes/no for a flag.
    Empty text leaves every field out.
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            decoded = msgspec.json.decode(stripped)
        except msgspec.DecodeError:
            decoded = None
        if isinstance(decoded, dict):
            return decoded
    names = "|".join(re.escape(n) for n in sorted(fields, key=len, reverse=True))
    marks = list(re.finditer(rf"(?:^|(?<=[\s;]))({names})\s*=", stripped)) if fields else []
    args: dict[str, Any] = {}
    head = stripped[: marks[0].start()] if marks else stripped
    head = head.strip().rstrip(";").strip()
    if head:
        main = _main_field(fields)
        if main is None:
            takes = ", ".join(f"{n}=..." for n in fields) or "nothing"
            raise IllegalAction(f"say which field {head!r} answers (this request takes {takes})")
        # A lone text field takes the whole text as typed, '=' and line breaks and all:
        # orders may contain them.
        if len(fields) == 1 and isinstance(fields[main], Text):
            return {main: text}
        args[main] = _parse_field(main, fields[main], head)
    ends = [m.start() for m in marks[1:]] + [len(stripped)] if marks else []
    for mark, end in zip(marks, ends, strict=True):
        name = mark.group(1)
        value = stripped[mark.end() : end].strip().rstrip(";").strip()
        if name in args:
            raise IllegalAction(f"{name}: given twice")
        args[name] = _parse_field(name, fields[name], value)
    return args


def _numbered(options: tuple[Option, ...]) -> str:
    return "; ".join(f"{n}) {o.text}" for n, o in enumerate(options, start=1)) or "nothing"


def _how_many(low: int, high: int | None, available: int) -> str:
    top = available if high is None else min(high, available)
    if low == top:
        return f"exactly {low}"
    if low == 0:
        return f"up to {top}" if high is not None else "any number"
    return f"{low} to {top}"


def describe_field(shape: Shape) -> str:
    """How to answer one field, in a phrase."""
    match shape:
        case Pick():
            return f"one of {_numbered(shape.options)}" if shape.options else "nothing is offered: leave it out"
        case Subset():
            return f"{_how_many(shape.min, shape.max, len(shape.options))} of {_numbered(shape.options)}, comma-separated"
        case Amount():
            upper = f"to {shape.max}" if shape.max is not None else "or more"
            steps = f" in steps of {shape.step}" if shape.step != 1 else ""
            return (
                f"a whole number from {shape.min} {upper}{steps}"
                if shape.max is not None
                else f"a whole number, {shape.min} {upper}{steps}"
            )
        case Order():
            return f"all of {_numbered(shape.options)} in your order, comma-separated"
        case Assign():
            count = _how_many(shape.min, shape.max, len(shape.items))
            return f"item:target for {count} of {_numbered(shape.items)}; targets {_numbered(shape.targets)}; comma-separated"
        case Text():
            return f"{shape.hint or 'text'} (up to {shape.max_length} characters)"
        case Flag():
            return "yes or no"
    raise TypeError(f"not an answer shape: {shape!r}")


def describe(fields: Fields) -> str:
    """How to answer, for a prompt or a view: one line per field, and how to write several."""
    if not fields:
        return "no answer is needed: send the action alone"
    lines = []
    # Required fields first: a stored request keeps its fields in sorted order, and the
    # field a person must fill in (a Pimp action's kind) should lead.
    for name, shape in sorted(fields.items(), key=lambda item: item[1].optional):
        notes = ", ".join(n for n in (shape.label, "optional" if shape.optional else "") if n)
        lines.append(f"{name}{f' ({notes})' if notes else ''}: {describe_field(shape)}")
    if len(fields) > 1:
        main = _main_field(fields)
        bare = f"; the {main} alone may be given without '{main}='" if main else ""
        lines.append(f"answer with field=value pairs separated by spaces{bare}")
    return "\n".join(lines)


def _name(value: str, options: tuple[Option, ...], separators: str = "") -> str:
    """How a person names an option so that ``parse`` reads it back: its label where that
    is unambiguous, else its value, else its number."""
    option = next((o for o in options if o.value == value), None)
    if option is None:
        return value
    number = str(options.index(option) + 1)
    for candidate in (option.label, option.value, number):
        plain = candidate and candidate == candidate.strip() and not any(c in candidate for c in separators)
        if plain and _resolve(candidate, options) == value:
            return candidate
    return value


def _render_field(shape: Shape, value: Any) -> str:
    match shape:
        case Pick():
            return _name(value, shape.options)
        case Subset() | Order():
            return ", ".join(_name(v, shape.options, ",") for v in value)
        case Assign():
            return ", ".join(f"{_name(i, shape.items, ',:')}:{_name(t, shape.targets, ',:')}" for i, t in value.items())
        case Flag():
            return "yes" if value else "no"
    return str(value)


def render(fields: Fields, args: Mapping[str, Any]) -> str:
    """The text form of a valid answer, as a person would type it (``parse`` reads it
    back): the value alone for a single field, else ``field=value`` pairs."""
    if len(fields) == 1 and len(args) == 1:
        name, value = next(iter(args.items()))
        text = _render_field(fields[name], value)
        # Empty text, or text that opens like a pair or JSON, is written as a pair.
        opens_pair = re.match(rf"\s*{re.escape(name)}\s*=", text) or text.lstrip().startswith("{")
        if text.strip() and not opens_pair:
            return text
    return " ".join(f"{name}={_render_field(fields[name], value)}" for name, value in args.items())
