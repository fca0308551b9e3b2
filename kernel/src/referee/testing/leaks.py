"""The leak check: no seat's view or export shows another seat's hidden bodies while bot
games run (``check_views_leak_nothing``), and what a seat may know at each point of a game."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..registry import Registry

from .play import CheckFailed, _bot_actions, _open, _referee, _spread


def check_views_leak_nothing(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    games: int = 2,
    registry: Registry | None = None,
    numbers: Sequence[str] = (),
) -> int:
    """No seat's view or export shows another seat's hidden bodies, while bot games run.

    For every seat and a spectator, a *secret* is the body of an entry hidden from it
    (whose body no entry it may see also holds), and each of that body's text values of 3
    or more characters the seat could not know: not a value of any entry it may see by
    then, nor a name of an action some request asks for or of a phase of the flow.  After
    every action of ``games`` bot games the check fails if

    * a secret body appears whole, as an object, in the seat's view, or a secret value is
      a value of it (dict keys are the game's field names, not checked);
    * a secret value that is a single word (a card, a name, an answer) appears as a whole
      word in the seat's rendered view or inside a longer text value of its view, unless
      the seat may read that word elsewhere: in the values it may see, in its own
      requests over the game (prompts, option labels and values), or in the requests of
      any two seats (the game's menu: "edge" in Pimp).  Free text repeats the game's own
      words and phrases ("backed down" in Cash'n'Guns), so a phrase of several words is
      caught only as a whole value.

    The exports are read at ``EXPORT_POINTS`` points spread over each game, not after every
    action: an export holds the whole log so far, so reading every one would make the
    check's time grow with the square of a game's length, and what a seat's export holds
    of an entry does not change while the game runs.  There the check fails if an entry
    hidden from the seat comes with its body or its key, or if a body it holds has a
    secret body or value in it (headers such as ``type`` and ``rule`` are the log's own
    words, not checked).  A spectator's "export" is the entries it may see.

    The kernel's own words in its entries (a hidden ``RandomDrawn`` is a ``die``, a
    ``shuffle`` or a ``pick``) are never secrets: they say what kind of draw was made, not
    its outcome.  Numbers are caught only inside a whole body, unless ``numbers`` names
    fields (``numbers=["dice"]``): then a number a hidden body holds under one of those
    fields, which no body the seat may see holds under one of them, fails the check where
    the seat's view holds it under one of them (a die only one seat has seen, shown to
    another).  Name the fields as the events and the view call them.  The end of the game shows
    everything, by design, and is not checked.  Returns how many (secret, seat) pairs were
    checked, summed over the points of the games, so a test can insist there were some.
    """
    checked = 0
    with _referee(registry) as app:
        for number in range(games):
            seed = f"leak-check-{number}"
            where = f"{game} bot game {number + 1} (seed {seed!r})"
            # A first play of the same game (the same seed and key) counts its actions, so
            # the exports of the second can be read at points spread over all of it.
            probe = _open(app, game, seats, extensions, options, seed)
            running = [n for n in _bot_actions(app, probe, where) if not app.over(probe)]
            export_at = set(_spread(running, EXPORT_POINTS))
            table = _open(app, game, seats, extensions, options, seed)
            rules = app.rules(table)
            held: list[tuple[int, str | None, _Held]] = []
            length = 0
            for action in _bot_actions(app, table, where):
                if app.over(table):
                    break  # the end of the game shows everything, by design
                length += len(app.visible_entries(table, None, after=length))
                for seat in [*seats, None]:
                    view = app.view(table, seat)
                    rendered = rules.hook.referee_render_view(view=view["view"], seat=seat) or ""
                    export = None
                    if action in export_at:
                        export = app.audit.load_log(app.export(table, seat)) if seat is not None else app.visible_entries(table, None)
                    held.append((length, seat, _Held(view, rendered, export)))
            checked += _check_held(app.entries(table), held, where, frozenset(numbers))
    return checked


def _leaves(value: Any) -> Iterator[Any]:
    for item in _leaves_and_dicts(value):
        if not isinstance(item, (dict, list)):
            yield item


def _leaves_and_dicts(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves_and_dicts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves_and_dicts(item)


EXPORT_POINTS = 8
"""How many points of each bot game ``check_views_leak_nothing`` reads the exports at."""


@dataclass(frozen=True)
class _Held:
    """What one seat holds at one point of a game."""

    view: dict[str, Any]
    rendered: str
    export: list[Any] | None
    """The entries of its export, where it was read at this point."""


class _Known:
    """What one seat may know of a table so far, fed its entries in order, and the secrets
    it may not: hidden bodies it could not know and their text values it could not know,
    each with the entry that holds it (a game's own entry before the kernel's copy of it,
    such as a request's options or an action's answer)."""

    def __init__(self, seat: str | None, names: set[str], words: set[str], numbers: frozenset[str] = frozenset()) -> None:
        self.seat = seat
        self.numbers = numbers
        """Fields whose numbers are secrets too (``check_views_leak_nothing(numbers=...)``)."""
        self.seen_numbers: set[int | float] = set()
        self.secret_numbers: dict[int | float, Any] = {}
        self.names = names
        """Actions the requests ask for and phases of the flow: public by the rules."""
        self.words = set(words)
        """Words the seat may read, which a secret mentioned in free text cannot be told from."""
        self.seen: set[str] = set()
        self.bodies: set[bytes] = set()
        self.secret_bodies: dict[bytes, Any] = {}
        self.secret_values: dict[str, Any] = {}
        self.secret_words: dict[str, None] = {}
        """The secret values that are single words no text the seat may read uses (in
        order, so a failure names the same value on every run)."""
        self.fed = 0

    def feed(self, entries: Sequence[Any], upto: int) -> None:
        """Take in the entries after the last fed, up to entry ``upto``."""
        from ..log import canonical

        for entry in entries[self.fed : upto]:
            if entry.event is None:
                continue
            if self.numbers:
                self._feed_numbers(entry)
            if entry.visible(self.seat):
                for item in _leaves_and_dicts(entry.event):
                    if isinstance(item, dict):
                        body = canonical(item)
                        self.bodies.add(body)
                        self.secret_bodies.pop(body, None)
                    elif isinstance(item, str) and item not in self.seen:
                        self.seen.add(item)
                        self.secret_values.pop(item, None)
                        self.secret_words.pop(item, None)
                        for word in _words(item):
                            self.words.add(word)
                            self.secret_words.pop(word, None)
                continue
            body = canonical(entry.event)
            if body in self.bodies:
                continue
            self._hold(self.secret_bodies, body, entry)
            kernel = entry.type.startswith(_KERNEL)
            for value in _leaves(entry.event):
                if kernel and value in _KERNEL_WORDS:
                    continue  # what kind of draw it was, in the kernel's words, not a secret
                if isinstance(value, str) and len(value) >= 3 and value not in self.seen and value not in self.names:
                    self._hold(self.secret_values, value, entry)
                    if value not in self.words and _WORD.fullmatch(value):
                        self.secret_words[value] = None
        self.fed = max(self.fed, upto)

    def _feed_numbers(self, entry: Any) -> None:
        found = [n for n in _numbers_under(entry.event, self.numbers)]
        if entry.visible(self.seat):
            self.seen_numbers.update(found)
            for number in found:
                self.secret_numbers.pop(number, None)
        else:
            for number in found:
                if number not in self.seen_numbers:
                    self._hold(self.secret_numbers, number, entry)

    @staticmethod
    def _hold(secrets: dict[Any, Any], secret: Any, entry: Any) -> None:
        held = secrets.get(secret)
        if held is None or (held.type.startswith(_KERNEL) and not entry.type.startswith(_KERNEL)):
            secrets[secret] = entry


def _numbers_under(value: Any, fields: frozenset[str]) -> Iterator[int | float]:
    """The numbers ``value`` holds under a field named in ``fields`` (at any depth)."""
    for item in _leaves_and_dicts(value):
        if isinstance(item, dict):
            for key, held in item.items():
                if key in fields:
                    yield from (n for n in _leaves(held) if isinstance(n, (int, float)) and not isinstance(n, bool))


def _check_held(
    entries: Sequence[Any], held: Sequence[tuple[int, str | None, _Held]], where: str, numbers: frozenset[str] = frozenset()
) -> int:
    """Check what each seat held at each point against what it could know there."""
    from ..log import canonical

    names = set()
    own_words: dict[str, set[str]] = {}
    for entry in entries:
        if entry.event is None:
            continue
        if entry.type == _REQUEST_OPENED:
            request = entry.event["request"]
            names.add(request["action"])
            words = own_words.setdefault(request["seat"], set())
            for value in _leaves(request):
                if isinstance(value, str):
                    words.update(_words(value))
        elif entry.type in _PHASES:
            names.add(entry.event["phase"])
    # A word the requests of two seats use is the game's menu, not either seat's secret.
    asked = Counter(word for words in own_words.values() for word in words)
    shared = {word for word, seats in asked.items() if seats > 1}
    known: dict[str | None, _Known] = {}
    checked = 0
    for length, seat, holding in held:
        if seat not in known:
            known[seat] = _Known(seat, names, shared | (own_words.get(seat, set()) if seat is not None else set()), numbers)
        mine = known[seat]
        mine.feed(entries, length)
        bodies, values = mine.secret_bodies, mine.secret_values
        who = seat or "a spectator"
        for number in _numbers_under(holding.view, numbers) if mine.secret_numbers else ():
            if number in mine.secret_numbers:
                entry = mine.secret_numbers[number]
                raise CheckFailed(
                    f"{where}, after entry {length}: entry {entry.seq} ({entry.type}) is hidden from {who}, but its number "
                    f"{number!r} appears in {who}'s view under one of the fields {', '.join(sorted(numbers))}"
                )
        if not bodies:
            continue
        checked += len(bodies)

        def fail(entry: Any, what: str, where_held: str, who: str = who, length: int = length) -> CheckFailed:
            return CheckFailed(
                f"{where}, after entry {length}: entry {entry.seq} ({entry.type}) is hidden from {who}, but {what} {where_held}"
            )

        texts: list[str] = []
        for item in _leaves_and_dicts(holding.view):
            if isinstance(item, dict):
                if canonical(item) in bodies:
                    at = _path_to(holding.view, lambda found, item=item: found is item)
                    raise fail(bodies[canonical(item)], "its whole body", f"is in {who}'s view (at {at})")
            elif isinstance(item, str):
                if item in values:
                    at = _path_to(holding.view, lambda found, item=item: found == item)
                    raise fail(values[item], f"its value {item!r}", f"appears in {who}'s view (at {at})")
                texts.append(item)
        # Free text repeats the game's own phrases ("backed down"): only a single word the
        # seat cannot read elsewhere (a card, a name, an answer) is evidence there.
        view_text = "\n".join(texts)
        for value in mine.secret_words:
            if value in holding.rendered and _mentions(holding.rendered, value):
                raise fail(values[value], f"its value {value!r}", f"appears in {who}'s rendered view")
            if value in view_text and _mentions(view_text, value):
                at = _path_to(holding.view, lambda found, value=value: isinstance(found, str) and _mentions(found, value))
                raise fail(values[value], f"its value {value!r}", f"appears in {who}'s view (in {at})")
        if holding.export is None:
            continue
        export = "export" if seat is not None else "visible entries"
        for line in holding.export:
            original = entries[line.seq - 1]
            if not original.visible(seat) and (line.event is not None or line.key):
                carried = "its body" if line.event is not None else "its key"
                raise fail(original, carried, f"is in {who}'s {export}")
            if line.event is None:
                continue
            for item in _leaves_and_dicts(line.event):
                if isinstance(item, dict) and canonical(item) in bodies:
                    raise fail(bodies[canonical(item)], "its whole body", f"is in {who}'s {export} (in entry {line.seq})")
                if isinstance(item, str) and item in values:
                    raise fail(values[item], f"its value {item!r}", f"appears in {who}'s {export} (in entry {line.seq})")
    return checked


def _path_to(value: Any, wanted: Callable[[Any], bool], path: str = "view") -> str:
    """Where in ``value`` the first object or value ``wanted`` accepts is ("" if nowhere)."""
    if wanted(value):
        return path
    children: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        children = [(f"{path}.{key}", item) for key, item in value.items()]
    elif isinstance(value, (list, tuple)):
        children = [(f"{path}[{index}]", item) for index, item in enumerate(value)]
    for where, item in children:
        found = _path_to(item, wanted, where)
        if found:
            return found
    return ""


_WORD = re.compile(r"\w+(?:[./#-]\w+)*")


def _words(text: str) -> list[str]:
    """The words of ``text``, as :func:`_mentions` bounds them (a card id is one word)."""
    return _WORD.findall(text)


def _mentions(text: str, value: str) -> bool:
    """``value`` as a whole token of ``text``: not part of a longer word or a hex digest."""
    return _mention(value).search(text) is not None


@functools.lru_cache(maxsize=4096)
def _mention(value: str) -> re.Pattern[str]:
    # Compiled once per value: a leak check asks about the same few hundred values at
    # every point of a game, more than the re module's own cache holds.
    return re.compile(rf"(?<![\w./#-]){re.escape(value)}(?![\w./#-])")


_KERNEL = "referee."

_KERNEL_WORDS = frozenset(("die", "shuffle", "pick"))
"""The kinds of random draw, in a ``referee.RandomDrawn`` body: the kernel's words."""


_REQUEST_OPENED = "referee.RequestOpened"


_PHASES = ("referee.PhaseBegan", "referee.PhaseEnded")
