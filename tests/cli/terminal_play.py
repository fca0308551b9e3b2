"""Playing whole games at the terminal as people would, and reading what it printed.

``unreadable(line, forbidden)`` is the one check every terminal test applies to what a
person reads (prompts, refusals, views, the story of the log): it names what a player
must never see there.  ``forbidden_ids(app, table)`` computes the ids of a game from the
game's own data as the log holds it (request ids, option values, the ids its events and
views carry), never from a list guessed here.  ``Typist`` stands in for the people at
the keyboard: it reads the screen, and types answers the way a person would (a number,
a name, the first words of a name, Enter for the only choice), some of them wrong.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from referee import Amount, Assign, Flag, Option, Order, Pick, Referee, Request, RequestOpened, Subset, Text, answers, event_tag
from referee.answer_text import field_name
from referee_cli import hotseat

# Ids as games make them: slugs joined by '-', '_', '#' or '/' ("iceberg-slick",
# "Dino/streetwalker-u#4", "r1.aim.Ada"), and a letter with a number ("P20", "S09").
_SLUG = re.compile(r"[a-z0-9]+(?:[-_#/.:][A-Za-z0-9]+)+|[A-Z][A-Za-z]*/[a-z0-9][a-z0-9#/_-]*|[A-Z]\d{2,}")
_VOWEL = re.compile(r"[aeiouy]", re.I)

# What no sentence for a player holds, whatever the game:
_REPRS = (
    (re.compile(r"\{\s*['\"]|['\"]\s*\}|\{\}|\[\]|\[\s*['\"]"), "a dict or list repr"),
    (re.compile(r"\b[A-Z][A-Za-z]+\([a-z_]+="), "a struct repr"),
    (re.compile(r"<[\w.]+ object at "), "an object repr"),
    (re.compile(r"\b[a-z_]+\.[A-Z][A-Za-z]+\b"), "an event type"),
    (re.compile(r"\bNone\b"), "None"),
    # "none" standing where a value belongs ("hos: none", "Holders none", "offer=none"); in a
    # sentence ("he is in none", "none: keep the Film") it is a word.
    (re.compile(r"[:=]\s*none\b(?!:)|^\s*[A-Z][A-Za-z ]{0,24} none\s*$"), "a 'none' placeholder"),
    (re.compile(r"\b(?:True|False)\b"), "a Python bool"),
)


def _looks_like_id(value: str, label: str = "") -> bool:
    if len(value) < 3 or not re.search(r"[A-Za-z]", value) or " " in value:
        return False
    if _SLUG.fullmatch(value):
        return True
    # A value no word is made of ("bbb") and that its label does not spell.
    return value.isalpha() and not _VOWEL.search(value) and value.casefold() not in label.casefold()


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _options(shape: Any) -> Iterator[Option]:
    for name in ("options", "items", "targets"):
        yield from getattr(shape, name, ()) or ()


def forbidden_ids(app: Referee, table: str) -> set[str]:
    """Every id of this table's game that a player must never read: the ids of the
    requests asked, the values of the options offered (those that are ids, not words),
    and the ids the game's events and every seat's view carry.  Seat names are words."""
    seats = set(app.state(table).seats)
    rules = app.rules(table)
    found: set[str] = set()
    opened = event_tag(RequestOpened)
    for entry in app.entries(table):
        event = rules.decode(entry)
        if entry.type == opened:
            request = event.request
            found.add(request.id)
            for shape in (request.answer or {}).values():
                found |= {o.value for o in _options(shape) if _looks_like_id(o.value, o.label)}
        found |= {s for s in _strings(msgspec.to_builtins(event)) if _looks_like_id(s)}
    for seat in [*seats, None]:
        found |= {s for s in _strings(app.view(table, seat)["view"]) if _looks_like_id(s)}
    return {f for f in found if f not in seats}


@dataclass
class Screen:
    """The printed text, with the rule references of the log (a line's closing bracket
    cites the rules document, which may key a card by its id there)."""

    text: str
    rules: set[str] = field(default_factory=set)

    def lines(self) -> list[str]:
        return self.text.splitlines()


def unreadable(line: str, forbidden: Iterable[str] | re.Pattern[str], rules: Iterable[str] = ()) -> list[str]:
    """What in ``line`` a player must not read: an internal id of the game (from
    ``forbidden_ids``), a dict, list, struct or object repr, an event type, ``None``, a
    ``none`` standing where a value belongs, a Python bool.  The line's rule reference
    ("(backhanding card frame-up)") is left out of the check: it cites the rules document."""
    for rule in rules:
        line = line.replace(f"({rule})", "")
    pattern = forbidden if isinstance(forbidden, re.Pattern) else id_pattern(forbidden)
    problems = [f"the id {m.group(0)!r}" for m in pattern.finditer(line)] if pattern.pattern else []
    problems += [f"{what}: {m.group(0)!r}" for regex, what in _REPRS for m in regex.finditer(line)]
    return problems


def id_pattern(forbidden: Iterable[str]) -> re.Pattern[str]:
    """One pattern finding any of ``forbidden`` as a whole token (case matters: "bang" is an
    id, "Bang!" a card's name)."""
    ids = sorted(set(forbidden), key=len, reverse=True)
    if not ids:
        return re.compile("")
    return re.compile(r"(?<![\w#/-])(?:" + "|".join(re.escape(i) for i in ids) + r")(?![\w#/-])")


def problems_in(screen: Screen, forbidden: set[str]) -> list[str]:
    pattern = id_pattern(forbidden)
    return [f"{line!r}: {', '.join(found)}" for line in screen.lines() if (found := unreadable(line, pattern, screen.rules))]


# --- people at the keyboard --------------------------------------------------------------


def _short(option: Option) -> str:
    return re.sub(r"\s*\([^()]*\)\s*$", "", option.label or option.value)


class Typist:
    """Types what the people at the screen would: it reads the last prompt printed, and
    answers the open request of the seat prompted with the bot's choice, written as a
    number, a name or the first words of a name (Enter where only one answer is allowed).
    ``wrong``: the share of requests first answered wrongly (a number not shown, a name
    nobody has, or a random answer of the right shape, which the rules may refuse).
    ``prefer``: a test's own choice for some requests (play the Pickpocket)."""

    def __init__(
        self,
        app: Referee,
        table: str,
        screen: io.StringIO,
        *,
        seed: int = 0,
        wrong: float = 0.3,
        prefer: Callable[[Request, dict[str, Any]], dict[str, Any] | None] | None = None,
    ) -> None:
        self.app, self.table, self.screen = app, table, screen
        self.rng = random.Random(seed)
        self.wrong = wrong
        self.prefer = prefer
        self.tries: dict[str, int] = {}
        self.typed: list[tuple[str, str]] = []
        self.enter_for_only_choice = 0
        self.first_words = 0

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        prompt = self.screen.getvalue().rsplit("\n", 1)[-1]
        if prompt.endswith("press Enter when only you can see the screen "):
            print(file=self.screen)
            return "\n"
        seat = prompt.removesuffix("> ")
        request = next(r for r in self.app.requests(self.table) if r.seat == seat)
        tries = self.tries[request.id] = self.tries.get(request.id, 0) + 1
        text = self.answer(request, tries)
        self.typed.append((request.id, text))
        # A terminal echoes what is typed: the screen reads as a person saw it.
        print(text, file=self.screen)
        return text + "\n"

    def answer(self, request: Request, tries: int) -> str:
        fields = request.answer
        assert fields is not None, f"{request.id} lists choices instead of an answer shape"
        if tries == 1 and self.rng.random() < self.wrong:
            return self._wrong(fields)
        args = self.app.bots.answer(self.table, request)
        if self.prefer is not None:
            args = self.prefer(request, args) or args
        if args and answers.parse(fields, "") == args:
            self.enter_for_only_choice += 1
            return ""
        text = self.write(fields, args)
        read = answers.parse(fields, text)
        assert read == args, f"{request.id}: typed {text!r}, read as {read}, meant {args}"
        return text

    def _wrong(self, fields: dict[str, Any]) -> str:
        if not fields:  # a question with nothing to fill in (a PornStar reply without a card)
            return "Zorro"
        main = next((n for n, s in fields.items() if not s.optional), next(iter(fields)))
        shape = fields[main]
        how = self.rng.choice(("number", "name", "random"))
        bare = len(fields) == 1
        if how == "number" and isinstance(shape, (Pick, Subset, Order)):
            value = str(len(shape.options) + 7)
        elif how == "name" and isinstance(shape, (Pick, Subset, Order)):
            value = "Zorro"
        elif isinstance(shape, Text):
            value = "X 5"
        else:
            try:
                return self.write(fields, answers.sample(fields, self.rng))
            except Exception:  # nothing legal to sample: a plain wrong word instead
                value = "Zorro"
        return value if bare else f"{field_name(main)}={value}"

    def write(self, fields: dict[str, Any], args: dict[str, Any]) -> str:
        """``args`` as a person types them: the one field's value alone, else pairs."""
        if len(fields) == 1 and len(args) == 1:
            (name, value), shape = next(iter(args.items())), next(iter(fields.values()))
            if isinstance(shape, Text):
                return value if value.strip() and "=" not in value else f"{field_name(name)}={value}"
            # Nothing chosen (no card played) is said as the field left blank.
            return self._value(shape, value) or f"{field_name(name)}="
        return " ".join(f"{field_name(name)}={self._value(fields[name], value)}" for name, value in args.items())

    def _value(self, shape: Any, value: Any) -> str:
        match shape:
            case Pick():
                return self._name(value, shape.options)
            case Subset() | Order():
                return ", ".join(str(self._number(v, shape.options)) for v in value)
            case Assign():
                return ", ".join(f"{self._number(i, shape.items)}:{self._number(t, shape.targets)}" for i, t in value.items())
            case Flag():
                return "yes" if value else "no"
            case Amount():
                return str(value)
        return str(value)

    @staticmethod
    def _number(value: str, options: tuple[Option, ...]) -> int:
        return next(n for n, o in enumerate(options, start=1) if o.value == value)

    def _name(self, value: str, options: tuple[Option, ...]) -> str:
        option = options[self._number(value, options) - 1]
        style = self.rng.choice(("number", "name", "first words"))
        if style == "number":
            return str(self._number(value, options))
        if style == "first words":
            words = _short(option).split()
            for n in range(1, len(words)):
                typed = " ".join(words[:n])
                if typed.isdigit() or any(c in typed for c in "=,:"):
                    break
                try:
                    if answers.parse({"x": Pick(options)}, typed) == {"x": value}:
                        self.first_words += 1
                        return typed
                except Exception:  # several options start so: more words, or the whole name
                    continue
        label = option.label or option.value
        if any(c in label for c in "=,") or label.strip() != label:
            return str(self._number(value, options))
        return label


@dataclass
class Played:
    app: Referee
    table: str
    humans: list[str]
    screen: Screen
    typist: Typist
    finished: bool


def play_hot_seat(
    game: str,
    humans: list[str],
    bots: list[str],
    *,
    seed: str,
    key: str,
    wrong: float = 0.3,
    prefer: Callable[[Request, dict[str, Any]], dict[str, Any] | None] | None = None,
    monkeypatch: Any,
    **open_options: Any,
) -> Played:
    """A whole game played at one screen through the terminal's play loop (the one
    ``referee play`` runs), people typing, bots answering; everything printed kept."""
    app = Referee(":memory:")
    table = app.open(game, humans + bots, seed=seed, key=key, **open_options)
    out = io.StringIO()
    typist = Typist(app, table, out, seed=len(seed), wrong=wrong, prefer=prefer)
    monkeypatch.setattr("sys.stdin", typist)
    app.bots.automate(table, bots)
    finished = hotseat.play(app, table, humans=humans, bots=bots, out=out, memory=True, after=0)
    rules = {e.rule for e in app.entries(table) if e.rule}
    return Played(app, table, humans, Screen(out.getvalue(), rules), typist, finished)


# --- whose screen -------------------------------------------------------------------------

_BANNER = re.compile(r"^===== pass the keyboard to (.+) =====$")
_STORY = re.compile(r"^\s*(\d+) .*\[private\]")


def segments(screen: Screen) -> list[tuple[str | None, list[str]]]:
    """The printed lines cut where the keyboard passes: (whose screen it was, its lines);
    the first part, before anyone took the keyboard, is everyone's (None)."""
    parts: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in screen.lines():
        found = _BANNER.match(line)
        if found:
            parts.append((found.group(1), []))
        else:
            parts[-1][1].append(line)
    return parts


def private_lines(lines: Iterable[str]) -> set[int]:
    """The entry numbers of the lines marked as private results."""
    return {int(m.group(1)) for line in lines if (m := _STORY.match(line))}
