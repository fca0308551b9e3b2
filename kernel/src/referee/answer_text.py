"""The text form of answers: how a person reads a request and types an answer.

``describe`` says how to answer, numbering each field's options 1, 2, 3 in the order the
request offers them (a game's presentation gives its cards the same numbers); ``parse``
reads what was typed (a number, a name, the first words of a name, ``field=value`` pairs,
JSON); ``check`` refuses an answer the way the prompt showed the choices, by number and
name; ``render`` writes an answer back as a person would type it.  A person never has to
type, and is never shown, an option's value: values are ids, names are what they read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import msgspec

from .answers import Amount, Assign, Fields, Flag, Naming, Option, Order, Pick, Shape, Subset, Text, groups, validate
from .errors import IllegalAction

__all__ = ["check", "choices", "describe", "describe_field", "field_name", "parse", "render", "said"]

_BRACKETED = re.compile(r"\s*\([^()]*\)\s*$")
_YES = {"yes", "y", "true", "on"}
_NO = {"no", "n", "false", "off"}
_LISTED = 12
"""A refusal lists this many choices; a longer list is the prompt's to show."""


def field_name(key: str) -> str:
    """A field's key as a person reads and types it: "give money" for ``give_money`` (the
    key itself is read too)."""
    return key.replace("_", " ")


def _text(option: Option) -> str:
    return option.label or option.value


def _short(option: Option) -> str:
    # A label's closing remark in brackets ("Bang! (2 left)") need not be typed.
    return _BRACKETED.sub("", _text(option)).casefold()


def _numbered_one(option: Option, among: tuple[Option, ...]) -> str:
    return f"{among.index(option) + 1}) {_text(option)}"


def _numbered(options: tuple[Option, ...], among: tuple[Option, ...] | None = None) -> str:
    """Options as the prompt numbers them: by their place in ``among`` (the whole list the
    prompt showed; default ``options`` itself), so a refusal's numbers are the prompt's."""
    whole = options if among is None else among
    shown = [_numbered_one(o, whole) for o in options[:_LISTED]]
    more = len(options) - _LISTED
    return "; ".join(shown) + (f"; and {more} more, as the prompt lists them" if more > 0 else "") if options else "nothing"


def choices(options: tuple[Option, ...], among: tuple[Option, ...] | None = None) -> str:
    """ "choose 1 to 3: 1) Click!; 2) Bang!; 3) Bang! Bang! Bang!": what a refusal offers instead."""
    if not options:
        return "nothing is offered"
    if len(options) == 1:
        return f"the only choice is {_numbered(options, among)}"
    whole = options if among is None else among
    numbers = [whole.index(o) + 1 for o in options]
    span = f"1 to {len(options)}" if numbers == list(range(1, len(options) + 1)) else ", ".join(map(str, numbers[:_LISTED]))
    return f"choose {span}: {_numbered(options, among)}"


class _Numbering(Naming):
    """A refusal of typed text names a field by its label and options by number and name."""

    def field(self, name: str, shape: Shape) -> str:
        return shape.label or field_name(name)

    def options(self, options: tuple[Option, ...], among: tuple[Option, ...] | None = None) -> str:
        return _numbered(options, among)

    def option(self, value: str, options: tuple[Option, ...]) -> str:
        option = next((o for o in options if o.value == value), None)
        return value if option is None else _numbered_one(option, options)

    def value(self, value: Any, options: tuple[Option, ...] = ()) -> str:
        option = next((o for o in options if o.value == value), None)
        if option is not None:
            return _numbered_one(option, options)
        return _quoted(value) if isinstance(value, str) else super().value(value)


_NUMBERING = _Numbering()


def _quoted(typed: str) -> str:
    # JSON's quoting: what was typed, on one line whatever it holds (a newline, a control).
    return msgspec.json.encode(typed).decode()


# --- reading what was typed ------------------------------------------------------------


def _is_number(token: str) -> bool:
    # ASCII only: "²" is a digit to str.isdigit but not a number to int().
    return token.isascii() and token.isdigit()


def _matches(token: str, options: tuple[Option, ...], among: tuple[Option, ...] | None = None) -> list[Option]:
    """The options a typed token may name, from the surest reading down: a value, a whole
    label (any case), a number, a label without its bracketed remark, then the first words
    of a label ("Big" for "Big Bertha"), then a name inside one ("Bambi" for "the fight for
    Bambi"; a name is capitalized in the label, so "no" never picks "do no more").  The
    first reading that names anything decides; several options there is ambiguous.
    Numbers count in ``among``, the whole list the prompt showed (default: ``options``)."""
    whole = options if among is None else among
    token = token.strip()
    folded = token.casefold()
    if not token:
        return []
    exact = [o for o in options if o.value == token]
    if exact:
        return exact
    readings = (
        lambda o: bool(o.label) and o.label.casefold() == folded,
        lambda o: o.value.casefold() == folded,
        lambda o: _is_number(token) and 1 <= int(token) <= len(whole) and whole[int(token) - 1] == o,
        lambda o: _short(o) == folded,
        lambda o: re.match(rf"{re.escape(folded)}(?!\w)", _short(o)) is not None,
        lambda o: _names_inside(token, _BRACKETED.sub("", _text(o))),
    )
    for reads in readings:
        named = [o for o in options if reads(o)]
        if named:
            return named
    return []


def _names_inside(token: str, label: str) -> bool:
    found = re.search(rf"(?<!\w){re.escape(token.casefold())}(?!\w)", label.casefold())
    return found is not None and label[found.start() : found.start() + 1].isupper()


def _resolve(token: str, options: tuple[Option, ...], what: str, among_what: str = "the choices") -> str:
    """The value ``token`` names among ``options``, or a refusal naming the choices by the
    numbers the prompt showed."""
    named = _matches(token, options)
    if len(named) == 1:
        return named[0].value
    shown = token.strip()
    if named:
        raise IllegalAction(f"{what}: {_quoted(shown)} could be {_numbered(tuple(named), options)}; type its number")
    raise IllegalAction(f"{what}: {_quoted(shown)} is not one of {among_what}; {choices(options)}")


def _tokens(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _pair(token: str, shape: Assign, what: str) -> tuple[str, str]:
    # Labels may hold a colon; take the first split where both sides name an option.
    cuts = [m.start() for m in re.finditer(":", token)]
    if not cuts:
        raise IllegalAction(f"{what}: {_quoted(token)} is not item:target (such as 1:2)")
    for cut in cuts:
        items = _matches(token[:cut], shape.items)
        if len(items) == 1 and len(_matches(token[cut + 1 :], shape.targets_for(items[0].value), shape.targets)) == 1:
            break
    else:
        cut = cuts[0]
    item = _resolve(token[:cut], shape.items, what, "the cards offered")
    allowed = shape.targets_for(item)
    target = _matches(token[cut + 1 :], allowed, shape.targets)
    if len(target) == 1:
        return item, target[0].value
    for_item = f"the targets for {_numbered_one(next(o for o in shape.items if o.value == item), shape.items)}"
    shown = token[cut + 1 :].strip()
    if target:
        raise IllegalAction(f"{what}: {_quoted(shown)} could be {_numbered(tuple(target), shape.targets)}; type its number")
    raise IllegalAction(f"{what}: {_quoted(shown)} is not one of {for_item}; {choices(allowed, shape.targets)}")


def _parse_field(name: str, shape: Shape, text: str) -> Any:
    text = text.strip()
    what = _NUMBERING.field(name, shape)
    match shape:
        case Pick():
            return _resolve(text, shape.options, what) if text else text
        case Subset() | Order():
            return [_resolve(t, shape.options, what) for t in _tokens(text)]
        case Assign():
            assigned: dict[str, str] = {}
            for token in _tokens(text):
                item, target = _pair(token, shape, what)
                if item in assigned:
                    raise IllegalAction(f"{what}: {_NUMBERING.option(item, shape.items)} is given two targets")
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
    """The field a bare answer (no ``field=``) fills: the only field, or the only required
    one, or (where none is required) the first of the only group of alternatives."""
    if len(fields) == 1:
        return next(iter(fields))
    required = [name for name, shape in fields.items() if not shape.optional and not shape.one_of]
    if required:
        return required[0] if len(required) == 1 else None
    alternatives = list(groups(fields).values())
    return alternatives[0][0] if len(alternatives) == 1 else None


def forced(shape: Shape) -> Any:
    """The only answer a field allows (one option offered, an amount with one value), or
    None where the seat has a choice: a forced answer is confirmed with an empty line."""
    match shape:
        case Pick() if len(shape.options) == 1:
            return shape.options[0].value
        case Amount() if shape.max == shape.min:
            return shape.min
        case Subset() if shape.options and shape.min >= len(shape.options):
            return [o.value for o in shape.options]
        case Order() if len(shape.options) == 1:
            return [shape.options[0].value]
    return None


def parse(fields: Fields, text: str) -> dict[str, Any]:
    """The args a typed answer means, to be checked by ``validate`` (or ``check``).

    Accepted: a JSON object (the args as they are); ``field=value`` pairs separated by
    spaces or semicolons; and, for the only field (or the only required one), its value
    alone.  A value is an option's number, name, or first words of its name (where no other
    option starts so); a comma-separated list for a subset or an order; ``item:target``
    pairs for an assignment; yes/no for a flag.  A required field left out that allows one
    answer only is given it, so an empty line confirms a forced choice; any other field
    left out stays out.  A name that matches no option, or several, is refused here, by
    the numbers the prompt shows.
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            decoded = msgspec.json.decode(stripped)
        except msgspec.DecodeError:
            decoded = None
        if isinstance(decoded, dict):
            return decoded
    keys = {**{field_name(k): k for k in fields}, **{k: k for k in fields}}
    names = "|".join(re.escape(n) for n in sorted(keys, key=len, reverse=True))
    marks = list(re.finditer(rf"(?:^|(?<=[\s;]))({names})\s*=", stripped)) if fields else []
    args: dict[str, Any] = {}
    head = stripped[: marks[0].start()] if marks else stripped
    head = head.strip().rstrip(";").strip()
    if head:
        main = _main_field(fields)
        if main is None:
            takes = ", ".join(f"{field_name(n)}=..." for n in fields) or "nothing"
            raise IllegalAction(f"say which field {head!r} answers (this request takes {takes})")
        # A lone text field takes the whole text as typed, '=' and line breaks and all:
        # orders may contain them.
        if len(fields) == 1 and isinstance(fields[main], Text):
            return {main: text}
        args[main] = _parse_field(main, fields[main], head)
    ends = [m.start() for m in marks[1:]] + [len(stripped)] if marks else []
    for mark, end in zip(marks, ends, strict=True):
        name = keys[mark.group(1)]
        value = stripped[mark.end() : end].strip().rstrip(";").strip()
        if name in args:
            raise IllegalAction(f"{field_name(name)}: given twice")
        args[name] = _parse_field(name, fields[name], value)
    for name, shape in fields.items():
        only = forced(shape) if name not in args and not shape.optional else None
        if only is not None:
            args[name] = only
    return args


def check(fields: Fields, args: Mapping[str, Any]) -> None:
    """``validate`` for an answer a person typed: the same rules, the refusal naming each
    field by its label and each option by the number and name the prompt showed."""
    validate(fields, args, _NUMBERING)


# --- saying how to answer --------------------------------------------------------------


def _how_many(low: int, high: int | None, available: int) -> str:
    top = available if high is None else min(high, available)
    if low == top:
        return f"exactly {low}"
    if low == 0:
        return f"up to {top}" if high is not None else "any number"
    return f"{low} to {top}"


def _items(shape: Assign) -> str:
    # Where an item has targets of its own, say which (by their numbers), so no one
    # tries a card on something it cannot touch.
    parts = []
    for n, item in enumerate(shape.items, start=1):
        part = f"{n}) {_text(item)}"
        if item.value in shape.allowed:
            allowed = [str(shape.targets.index(t) + 1) for t in shape.targets_for(item.value)]
            part += f" (onto {', '.join(allowed)})" if allowed else " (no target now)"
        parts.append(part)
    return "; ".join(parts) or "nothing"


def describe_field(shape: Shape) -> str:
    """How to answer one field, in a phrase."""
    match shape:
        case Pick():
            if len(shape.options) == 1:
                return f"only {_numbered(shape.options)} (an empty answer takes it)"
            return f"one of {_numbered(shape.options)}" if shape.options else "nothing is offered: leave it out"
        case Subset():
            if forced(shape) is not None:
                return f"all of {_numbered(shape.options)} (an empty answer takes them)"
            return f"{_how_many(shape.min, shape.max, len(shape.options))} of {_numbered(shape.options)}, comma-separated"
        case Amount():
            if shape.max == shape.min:
                return f"{shape.min} (an empty answer takes it)"
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
            return f"item:target for {count} of {_items(shape)}; targets {_numbered(shape.targets)}; comma-separated"
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
    alternatives = groups(fields)
    for name, shape in sorted(fields.items(), key=lambda item: item[1].optional and not item[1].one_of):
        shown = field_name(name)
        others = [field_name(n) for n in alternatives.get(shape.one_of, ()) if n != name]
        mark = f"or {' or '.join(others)}" if others else "optional" if shape.optional else ""
        notes = ", ".join(n for n in (shape.label, mark) if n and n != shown)
        lines.append(f"{shown}{f' ({notes})' if notes else ''}: {describe_field(shape)}")
    for members in alternatives.values():
        if len(members) > 1:
            lines.append(f"give exactly one of {' or '.join(field_name(n) for n in members)}")
    if len(fields) > 1:
        main = _main_field(fields)
        bare = f"; the {field_name(main)} alone may be given without '{field_name(main)}='" if main else ""
        lines.append(f"answer with field=value pairs separated by spaces{bare}")
    return "\n".join(lines)


# --- writing an answer as typed --------------------------------------------------------


def _name(value: str, options: tuple[Option, ...], separators: str = "", among: tuple[Option, ...] | None = None) -> str:
    """How a person names an option so that ``parse`` reads it back: its label where that
    is unambiguous, else its number (never its value, an id a person is not shown)."""
    whole = options if among is None else among
    option = next((o for o in options if o.value == value), None)
    if option is None:
        return value
    number = str(whole.index(option) + 1)
    for candidate in (option.label, number, option.value):
        plain = candidate and candidate == candidate.strip() and not any(c in candidate for c in separators)
        if plain and [o.value for o in _matches(candidate, options, among)] == [value]:
            return candidate
    return value


def _render_field(shape: Shape, value: Any) -> str:
    match shape:
        case Pick():
            return _name(value, shape.options)
        case Subset() | Order():
            return ", ".join(_name(v, shape.options, ",") for v in value)
        case Assign():
            return ", ".join(
                f"{_name(i, shape.items, ',:')}:{_name(t, shape.targets_for(i), ',:', shape.targets)}" for i, t in value.items()
            )
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
        opens_pair = re.match(rf"\s*(?:{re.escape(name)}|{re.escape(field_name(name))})\s*=", text) or text.lstrip().startswith("{")
        if text.strip() and not opens_pair:
            return text
    return " ".join(f"{field_name(name)}={_render_field(fields[name], value)}" for name, value in args.items())


def said(fields: Fields, args: Mapping[str, Any]) -> str:
    """An answer in words, for the story of the log: each field's label (where there are
    several) and the names of the options chosen ("the ho: Foxy; the pimp: Daddy Warbucks")."""
    parts = []
    for name, value in args.items():
        shape = fields[name]
        match shape:
            case Pick():
                text = _text(next((o for o in shape.options if o.value == value), Option(str(value))))
            case Subset() | Order():
                text = "; ".join(_text(o) for v in value for o in shape.options if o.value == v) or "none"
            case Assign():
                items = {o.value: _text(o) for o in shape.items}
                targets = {o.value: _text(o) for o in shape.targets}
                text = "; ".join(f"{items.get(i, i)} on {targets.get(t, t)}" for i, t in value.items()) or "none"
            case Flag():
                text = "yes" if value else "no"
            case _:
                text = str(value)
        parts.append(text if len(args) == 1 else f"{shape.label or field_name(name)}: {text}")
    return "; ".join(parts) if len(args) > 1 else (parts[0] if parts else "")
