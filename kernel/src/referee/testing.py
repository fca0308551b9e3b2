"""Test helpers for plugin authors: a pytest plugin shipped with the kernel.

Installing ``referee`` registers this module with pytest (the ``pytest11`` entry point),
so an author's tests get two fixtures without a ``conftest.py``:

* ``referee_app``: a factory of referees on in-memory stores;
* ``referee_cli``: the ``referee`` command run in-process on a store of the test's own;

and can import the one-line checks a game, card, power or house rule should pass:

* :func:`check_bot_games`: bot games end, every log verifies, replay equals live play;
* :func:`check_export_round_trip`: exports load back, import and show the same table;
* :func:`check_refused_without`: a log made with a plugin is refused where it is missing;
* :func:`check_views_leak_nothing`: no seat is shown another seat's hidden bodies;
* :func:`check_scenarios`: the game's scenario suite under a house rule, with the
  scenarios it is meant to change declared.

Each check plays its own tables on an in-memory store, under ``registry`` (default: every
installed plugin, found by entry points, as a player's installation would) and raises
:class:`CheckFailed` (an ``AssertionError``) naming what went wrong.  Games are played
with fixed seeds and table keys, so a failure repeats on every run.  docs/testing-plugins.md
shows them in use.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .registry import Registry
    from .scenario import ScenarioResult
    from .service import Referee

__all__ = [
    "CheckFailed",
    "CliResult",
    "check_bot_games",
    "check_export_round_trip",
    "check_refused_without",
    "check_scenarios",
    "check_views_leak_nothing",
    "fixed_key",
    "referee_app",
    "referee_cli",
]


MAX_ACTIONS = 10_000
"""The most bot actions a check lets one game take before failing it as endless."""


class CheckFailed(AssertionError):
    """A check found its plugin at fault; the message says where and why."""


# --- fixtures ----------------------------------------------------------------------------


@pytest.fixture
def referee_app() -> Iterator[Callable[..., Referee]]:
    """A factory: ``referee_app(*plugins, entry_points=True)`` -> a ``Referee`` on an in-memory store.

    ``plugins`` are plugin objects (modules or instances with ``@referee.hookimpl``
    methods) registered beside the installed ones; ``entry_points=False`` leaves the
    installed ones out, so a test sees only the plugins it names.  After the test every
    referee made is closed and the plugins it was given are unregistered.
    """
    from . import MEMORY, Referee, Registry, TableStore

    made: list[tuple[Referee, Registry, tuple[object, ...]]] = []

    def make(*plugins: object, entry_points: bool = True) -> Referee:
        registry = Registry(plugins, entry_points=entry_points)
        app = Referee(registry=registry, store=TableStore(MEMORY))
        made.append((app, registry, plugins))
        return app

    yield make
    for app, registry, plugins in made:
        app.close()
        for plugin in plugins:
            if registry.pm.is_registered(plugin):
                registry.pm.unregister(plugin)


@dataclass(frozen=True)
class CliResult:
    """What one ``referee`` command did: its exit status and what it wrote."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        """The standard output read as JSON (for commands run with ``--json``)."""
        return json.loads(self.out)


@pytest.fixture
def referee_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., CliResult]:
    """``referee_cli("play", "nim", "--bots", "2")`` -> :class:`CliResult`: the ``referee``
    command run in-process.

    Every command of one test uses the same store, a file in the test's ``tmp_path``
    (``$REFEREE_DB``), never the user's own.  Needs the ``referee-cli`` distribution.
    """
    try:
        from referee_cli.main import main
    except ImportError:
        raise CheckFailed("referee_cli needs the referee-cli distribution installed (pip install referee-cli)") from None
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "referee-cli.sqlite"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))

    def run(*argv: object) -> CliResult:
        capsys.readouterr()
        code = 0
        try:
            main([str(a) for a in argv])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        out, err = capsys.readouterr()
        return CliResult(code, out, err)

    return run


# --- checks ------------------------------------------------------------------------------


def check_bot_games(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    games: int = 3,
    registry: Registry | None = None,
    max_actions: int = MAX_ACTIONS,
) -> list[str]:
    """Play ``games`` games of ``game`` with a bot in every seat, each to its end.

    Every finished table must verify (``Referee.verify_table``), and replaying its log must
    show every seat and a spectator the same views as live play did, at points spread over
    the game and at its end.  ``extensions``: the table's cards, powers and house rules
    (default: the game's own defaults).  Returns each game's full export (JSON Lines), for
    further checks of your own.
    """
    logs = []
    with _referee(registry) as app:
        for number in range(games):
            seed = f"bot-game-{number}"
            table = _open(app, game, seats, extensions, options, seed)
            where = f"{game} bot game {number + 1} (seed {seed!r})"
            live: dict[int, dict[str | None, dict[str, Any]]] = {}
            for _ in _bot_actions(app, table, where, max_actions):
                length = len(app.entries(table))
                live[length] = {seat: app.view(table, seat) for seat in [*seats, None]}
            verdict = app.verify_table(table)
            if not verdict.ok:
                raise CheckFailed(f"{where}: the log does not verify: {verdict.message}")
            entries = app.entries(table)
            for length in _spread(sorted(live), 8):
                for seat, shown in live[length].items():
                    replayed = app.replay_view(entries, to=length, seat=seat).view
                    if replayed != shown:
                        who = seat or "a spectator"
                        raise CheckFailed(f"{where}: replaying the log to entry {length} shows {who} {_difference(shown, replayed)}")
            logs.append(app.export(table))
    return logs


def check_export_round_trip(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    registry: Registry | None = None,
    seed: str = "export-round-trip",
) -> None:
    """Exports of a bot game of ``game``, halfway and at its end, survive the round trip.

    At both points the full export loads back to the same entries, imports into a fresh
    store (verified on the way in) and shows every seat and a spectator the same views as
    the original table; each seat's own export loads back, keeps the hash chain of the
    full log, and verifies.
    """
    from .log import dump_jsonl

    with _referee(registry) as app:
        table = _open(app, game, seats, extensions, options, seed)
        total = sum(1 for _ in _bot_actions(app, table, f"{game} (seed {seed!r})"))
        # The same seed and key replay the same game: stop the second copy halfway.
        halfway = _open(app, game, seats, extensions, options, seed)
        for _ in range(total // 2):
            _bot_step(app, halfway, f"{game} (seed {seed!r})")
        for label, source in (("halfway", halfway), ("at the end", table)):
            where = f"{game} export {label}"
            text = app.export(source)
            entries = app.load_log(text, source=where)
            if dump_jsonl(entries) != text:
                raise CheckFailed(f"{where}: the export does not read back to the same entries")
            if [e.hash for e in entries] != [e.hash for e in app.entries(source)]:
                raise CheckFailed(f"{where}: the export's hash chain differs from the table's")
            with _referee(app.registry) as other:
                try:
                    imported = other.import_log(text, source=where)
                except Exception as exc:
                    raise CheckFailed(f"{where}: the full export cannot be imported: {exc}") from exc
                for seat in [*seats, None]:
                    if other.view(imported, seat) != app.view(source, seat):
                        raise CheckFailed(
                            f"{where}: the imported table shows {seat or 'a spectator'} "
                            f"{_difference(app.view(source, seat), other.view(imported, seat))}"
                        )
            for seat in seats:
                own = app.load_log(app.export(source, seat), source=f"{seat}'s export {label}")
                if [e.hash for e in own] != [e.hash for e in entries]:
                    raise CheckFailed(f"{where}: {seat}'s export does not keep the hash chain of the full log")
                verdict = app.verify(own)
                if not verdict.ok:
                    raise CheckFailed(f"{where}: {seat}'s export does not verify: {verdict.message}")


def check_refused_without(
    plugin: str,
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    registry: Registry | None = None,
) -> str:
    """A log recorded with ``plugin`` is refused, naming it, where it is not installed.

    ``plugin`` is an extension of ``game`` (it is added to ``extensions`` if they do not
    name it) or the game itself.  A bot game played with it must verify under
    ``registry``; under the same plugins less ``plugin`` (and whatever offers it), verify
    must refuse the log with a message that names it (``<game>.<extension>`` for an
    extension, as the log records it).  Returns that message.
    """
    from . import Registry as Registry_
    from .audit import verify

    with _referee(registry) as app:
        full = app.registry
        if plugin != game:
            full.game(game)
            key = f"{game}.{plugin}"
            if key not in full.extensions:
                known = ", ".join(e.name for e in full.extensions_of(game)) or "none"
                raise CheckFailed(f"{game} has no extension {plugin!r} installed (installed: {known})")
            chosen = list(extensions) if extensions is not None else [e.name for e in full.extensions_of(game) if e.default]
            extensions = [*chosen, plugin] if plugin not in chosen else chosen
            target = full.extensions[key].plugin
            named = key
        else:
            target = full.game(game).plugin
            named = game
        table = _open(app, game, seats, extensions, options, "refused-without")
        for _ in _bot_actions(app, table, f"{game} (seed 'refused-without')"):
            pass
        entries = app.entries(table)
        verdict = verify(full, entries)
        if not verdict.ok:
            raise CheckFailed(f"the {game} log made with {plugin} does not verify even where it is installed: {verdict.message}")
        offering = _offering(full, target)
        without = Registry_([p for p in full.pm.get_plugins() if p is not target and p not in offering], entry_points=False)
        verdict = verify(without, entries)
        if verdict.ok:
            raise CheckFailed(f"a {game} log made with {plugin} verifies where {plugin} is not installed")
        if named not in verdict.message:
            raise CheckFailed(f"verify refuses the {game} log made with {plugin} without naming it: {verdict.message}")
        return verdict.message


def check_views_leak_nothing(
    game: str,
    seats: Sequence[str],
    *,
    extensions: Sequence[str] | None = None,
    options: dict[str, Any] | None = None,
    games: int = 2,
    registry: Registry | None = None,
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

    Numbers are caught only inside a whole body: a game whose secrets are bare numbers
    needs tests of its own for views that show them.  The end of the game shows
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
                        export = app.load_log(app.export(table, seat)) if seat is not None else app.visible_entries(table, None)
                    held.append((length, seat, _Held(view, rendered, export)))
            checked += _check_held(app.entries(table), held, where)
    return checked


def check_scenarios(
    game: str,
    extensions: Sequence[str] = (),
    expected_changes: Iterable[str] | Mapping[str, str] = (),
    *,
    registry: Registry | None = None,
) -> dict[str, ScenarioResult]:
    """Run ``game``'s own scenario suite (``Game.scenarios``) with ``extensions`` added.

    ``expected_changes`` names the scenarios (file names without ``.toml``) the house rule
    is meant to change; a mapping may say why, for the reader.  Those must pass without
    the extensions and fail with them; every other scenario must pass with them.  A name
    that is no scenario of the game is an error.  Returns each scenario's result under
    the extensions, by name.
    """
    expected = set(expected_changes)
    with _referee(registry) as app:
        try:
            results = {_scenario_name(r): r for r in app.run_scenarios([], game=game, extensions=list(extensions) or None)}
        except Exception as exc:
            raise CheckFailed(f"{game}'s scenario suite cannot be run: {exc}") from exc
        unknown = sorted(expected - set(results))
        if unknown:
            raise CheckFailed(f"{game} has no scenario {', '.join(map(repr, unknown))}; its scenarios: {', '.join(sorted(results))}")
        problems = []
        if expected:
            baseline = {_scenario_name(r): r for r in app.run_scenarios([], game=game)}
            problems += [
                f"{name} is expected to change, but fails even without {', '.join(extensions) or 'extensions'}:\n{baseline[name].summary()}"
                for name in sorted(expected)
                if not baseline[name].ok
            ]
        with_what = ", ".join(extensions) or "no extensions"
        for name, result in sorted(results.items()):
            if name in expected and result.ok:
                problems.append(f"{name} is expected to change under {with_what}, but it still passes")
            elif name not in expected and not result.ok:
                problems.append(f"{name} fails under {with_what}:\n{result.summary()}")
        if problems:
            raise CheckFailed(f"{game}'s scenario suite: " + "\n".join(problems))
        return results


# --- helpers -----------------------------------------------------------------------------


@contextlib.contextmanager
def _referee(registry: Registry | None) -> Iterator[Referee]:
    from . import MEMORY, Referee, Registry, TableStore

    app = Referee(registry=registry if registry is not None else Registry(), store=TableStore(MEMORY))
    try:
        yield app
    finally:
        app.close()


def fixed_key(name: str) -> str:
    """A table key (64 hex digits) made from ``name``, for ``Referee.open(..., seed=, key=)``.

    Bots draw from the table's secret key, not from the seed, so a bot game (a sweep, a
    balance measure) plays the same on every run only when both are fixed: a failure found
    once is found again.
    """
    return hashlib.sha256(name.encode()).hexdigest()


def _open(
    app: Referee, game: str, seats: Sequence[str], extensions: Sequence[str] | None, options: dict[str, Any] | None, seed: str
) -> str:
    return app.open(game, list(seats), options=options, extensions=extensions, seed=seed, key=fixed_key(f"referee.testing {seed}"))


def _next_request(app: Referee, table: str, where: str) -> Any:
    requests = app.requests(table)
    if not requests:
        raise CheckFailed(f"{where}: the game has not ended, but it asks nothing of anyone")
    return requests[0]


def _bot_actions(app: Referee, table: str, where: str, max_actions: int = MAX_ACTIONS) -> Iterator[int]:
    """Bot answers until the game ends, yielding after each; a game still going after
    ``max_actions`` of them fails the check."""
    for number in range(1, max_actions + 1):
        if app.over(table):
            return
        _bot_step(app, table, where)
        yield number
    if not app.over(table):
        raise CheckFailed(f"{where}: did not end within {max_actions} bot actions")


def _bot_step(app: Referee, table: str, where: str) -> None:
    """One bot answer to the table's first open request (the gamesmaster's too)."""
    request = _next_request(app, table, where)
    app.act(table, request.seat, request.action, app.bot_answer(table, request), request=request.id)


def _spread(points: list[int], most: int) -> list[int]:
    """At most ``most`` of ``points``, evenly spaced, always with the last."""
    if len(points) <= most:
        return points
    step = len(points) / most
    return sorted({points[int(i * step)] for i in range(most)} | {points[-1]})


def _difference(expected: Any, actual: Any, where: str = "view") -> str:
    """The first place two views differ, in words."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            if key not in actual or key not in expected:
                return f"{where}.{key} only {'live' if key in expected else 'in replay'}"
            if expected[key] != actual[key]:
                return _difference(expected[key], actual[key], f"{where}.{key}")
    return f"{where} = {actual!r}, where live play showed {expected!r}"


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

    def __init__(self, seat: str | None, names: set[str], words: set[str]) -> None:
        self.seat = seat
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
        from .log import canonical

        for entry in entries[self.fed : upto]:
            if entry.event is None:
                continue
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
            for value in _leaves(entry.event):
                if isinstance(value, str) and len(value) >= 3 and value not in self.seen and value not in self.names:
                    self._hold(self.secret_values, value, entry)
                    if value not in self.words and _WORD.fullmatch(value):
                        self.secret_words[value] = None
        self.fed = max(self.fed, upto)

    @staticmethod
    def _hold(secrets: dict[Any, Any], secret: Any, entry: Any) -> None:
        held = secrets.get(secret)
        if held is None or (held.type.startswith(_KERNEL) and not entry.type.startswith(_KERNEL)):
            secrets[secret] = entry


def _check_held(entries: Sequence[Any], held: Sequence[tuple[int, str | None, _Held]], where: str) -> int:
    """Check what each seat held at each point against what it could know there."""
    from .log import canonical

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
            known[seat] = _Known(seat, names, shared | (own_words.get(seat, set()) if seat is not None else set()))
        mine = known[seat]
        mine.feed(entries, length)
        bodies, values = mine.secret_bodies, mine.secret_values
        if not bodies:
            continue
        checked += len(bodies)
        who = seat or "a spectator"

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


def _offering(registry: Registry, target: object) -> set[object]:
    """The discovery plugins whose games or extensions are implemented by ``target``."""
    found = set()
    for hook in (registry.pm.hook.referee_games, registry.pm.hook.referee_extensions):
        for impl in hook.get_hookimpls():
            # A discovery hook that raises offers nothing (the registry reports it).
            with contextlib.suppress(Exception):
                offered: Iterable[object] = impl.function() or ()  # type: ignore[assignment]
                if any(getattr(item, "plugin", None) is target for item in offered):
                    found.add(impl.plugin)
    return found


_KERNEL = "referee."
_REQUEST_OPENED = "referee.RequestOpened"
_PHASES = ("referee.PhaseBegan", "referee.PhaseEnded")


def _scenario_name(result: ScenarioResult) -> str:
    return Path(result.scenario.source).stem if result.scenario.source else result.scenario.title
