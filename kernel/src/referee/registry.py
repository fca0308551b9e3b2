"""Finding installed games and extensions (one table's rules are ``referee.rules``).

Discovery is by entry points in the ``referee`` group, so a built-in game and a
third party's house rule are found the same way.  Tests and embedders may also pass
plugin objects directly.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from . import hookspecs
from .choosing import chosen_extensions
from .errors import PluginMismatch, RefereeError, UnknownGame
from .events import Event, PluginRecord
from .flow import Rounds
from .limits import shown
from .logging import get_logger
from .plugin import NAME
from .rules import DECLARED, Extension, Game, Rules, declared_twice, decode_as, warn_by_hand

if TYPE_CHECKING:
    import importlib.metadata


__all__ = ["Extension", "Game", "LazyRegistry", "Registry", "Rules", "decode_as"]

log = get_logger("referee")


@dataclass(frozen=True)
class HookSpec:
    """One hook as ``Registry.hooks`` lists it."""

    name: str
    owner: str
    """``referee`` for the kernel's hooks, else the game that declares it."""
    module: str
    signature: str
    summary: str
    """The docstring's first paragraph, on one line."""
    firstresult: bool
    implemented_by: tuple[tuple[str, str, str], ...]
    """``(plugin, distribution, version)`` of every installed implementation."""


_PACKAGES: dict[tuple[tuple[str, int | None], ...], Mapping[str, list[str]]] = {}
"""``packages_distributions()`` by the import path's folders and their times: reading every
installed distribution's files costs tens of milliseconds, and installing or removing one
changes its folder's time, so a new registry reads them again only then."""


def _import_path_stamp() -> tuple[tuple[str, int | None], ...]:
    stamps: list[tuple[str, int | None]] = []
    for entry in sys.path:
        try:
            stamps.append((entry, os.stat(entry or ".").st_mtime_ns))
        except OSError:
            stamps.append((entry, None))
    return tuple(stamps)


def _distribution_of(plugin: object, distinfo: dict[int, tuple[str, str]]) -> tuple[str, str]:
    if id(plugin) in distinfo:
        return distinfo[id(plugin)]
    import importlib.metadata

    module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
    top = (getattr(module, "__name__", "") or "").split(".")[0]
    stamp = _import_path_stamp()
    packages = _PACKAGES.get(stamp)
    if packages is None:  # read once into a local: another thread may clear the cache meanwhile
        packages = importlib.metadata.packages_distributions()
        _PACKAGES.clear()
        _PACKAGES[stamp] = packages
    for dist in packages.get(top, []):
        try:
            return dist, importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            continue
    return f"{top or type(plugin).__name__} (not installed)", "0"


def _name_and_version(dist: importlib.metadata.Distribution) -> tuple[str, str]:
    # Each of .name and .version parses the distribution's whole METADATA file again; one
    # distribution often offers many plugins (a game and its cards), so read it once.
    key = getattr(dist, "_path", None) or id(dist)
    if key not in _dist_names:
        metadata = dist.metadata
        _dist_names[key] = (metadata["Name"], metadata["Version"])
    return _dist_names[key]


_dist_names: dict[object, tuple[str, str]] = {}

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def _malformed(item: object, kind: type) -> str | None:
    """Why a discovery hook's ``item`` cannot be used as a ``kind`` (None if it can)."""
    if not isinstance(item, kind):
        return f"a {type(item).__name__}, not a {kind.__name__}"
    names = [("name", item.name)] + ([("game", item.game)] if isinstance(item, Extension) else [])  # type: ignore[attr-defined]
    for field, value in names:
        if not isinstance(value, str) or not _NAME.fullmatch(value):
            return f"a {kind.__name__} whose {field} {shown(value)} is not 1 to 64 letters, digits, '-' or '_'"
    what = f"{kind.__name__.lower()} {item.name!r}"  # type: ignore[attr-defined]
    if isinstance(item, Game) and (not isinstance(item.min_seats, int) or not (item.max_seats is None or isinstance(item.max_seats, int))):
        return f"{what} whose seat counts are not whole numbers"
    events = item.events  # type: ignore[attr-defined]
    if not isinstance(events, (list, tuple)) or not all(isinstance(t, type) and issubclass(t, Event) for t in events):
        return f"{what} whose events are not a list of Event classes"
    if isinstance(item, Game) and item.flow is not None and not isinstance(item.flow, Rounds):
        return f"{what} whose flow is {type(item.flow).__name__}, not referee.Rounds"
    for field in ("initial_state", "evolve", "state"):
        function = getattr(item, field, None)
        if function is not None and not callable(function):
            return f"{what} whose {field} is {type(function).__name__}, not a function"
    return None


class Registry:
    """Every installed game and extension.

    ``Registry()`` imports every installed plugin at once.  ``Registry(lazy=True)`` (see
    :class:`LazyRegistry`) imports only what a table needs, and everything the first time
    something asks about every plugin (``games``, ``broken``, ``hooks``, ...), answering each
    question exactly as ``Registry()`` would.
    """

    def __new__(cls, *args: Any, lazy: bool = False, **kwargs: Any) -> Registry:
        return super().__new__(LazyRegistry if lazy and cls is Registry else cls)

    def __init__(self, plugins: Iterable[object] = (), *, entry_points: bool = True, lazy: bool = False) -> None:
        self._plugins = list(plugins)
        self._entry_points = entry_points
        self._explicit = {id(p) for p in self._plugins}
        self._everything = not lazy or not entry_points
        """Whether every installed plugin is loaded (always, unless ``lazy``)."""
        self._partial_ok = False
        """Set while a table's own plugins answer for every installed one (``LazyRegistry``)."""
        self._discovered = False
        self._rules_made: dict[tuple[int, ...], Rules] = {}
        """Each game-and-extensions' rules, built once (keyed by the objects' identities,
        which the Rules kept here keeps alive)."""
        self._forget()
        if self._everything:
            self._discover(_installed_entry_points() if entry_points else ())

    def _forget(self) -> None:
        """Nothing discovered yet (a lazy registry stays so until its first question)."""
        self._broken: dict[str, str] = {}
        self._games: dict[str, Game] = {}
        self._extensions: dict[str, Extension] = {}
        self._dist: dict[int, tuple[str, str]] = {}
        self._warnings: list[str] = []
        self._clashes: dict[str, str] = {}
        self._offered_by: dict[str, tuple[str, str]] = {}

    def _discover(self, entry_points: Iterable[importlib.metadata.EntryPoint]) -> None:
        """Load ``entry_points`` and the plugins passed in, and take what they offer;
        whatever was discovered before is forgotten (each call starts afresh)."""
        self._forget()
        self._discovered = True
        self._pm = pluggy.PluginManager(NAME)
        self._pm.add_hookspecs(hookspecs)
        distinfo = self._load_entry_points(entry_points)
        for plugin in self._plugins:
            if not self._pm.is_registered(plugin):
                self._pm.register(plugin)
        # No check_pending() here: a card's hooks belong to its game's hookspecs, which
        # only the game's own Rules manager knows; Rules checks them there.
        for impl, game in self._offers("referee_games", Game, distinfo):
            self._add(self._games, game.name, game, f"a game named {game.name!r}", impl, distinfo)
        for impl, ext in self._offers("referee_extensions", Extension, distinfo):
            key = f"{ext.game}.{ext.name}"
            self._add(self._extensions, key, self._vetted_default(ext, impl, distinfo), f"{ext.kind} {key!r}", impl, distinfo)

    def _load_everything(self) -> None:
        """Discover every installed plugin, if a lazy registry has not yet."""
        if not self._everything:
            self._everything = True
            self._discover(_installed_entry_points())

    @property
    def pm(self) -> pluggy.PluginManager:
        """The plugin manager holding every installed plugin (their discovery hooks)."""
        self._load_everything()
        return self._pm

    @property
    def games(self) -> dict[str, Game]:
        """Every installed game by name (a name two plugins offer is in neither)."""
        self._load_everything()
        return self._games

    @property
    def extensions(self) -> dict[str, Extension]:
        """Every installed extension by ``game.name``."""
        self._load_everything()
        return self._extensions

    @property
    def broken(self) -> dict[str, str]:
        """Plugins that could not be loaded or offered something unusable, with the
        reason (shown by ``referee games``); every other plugin works as usual."""
        self._load_everything()
        return self._broken

    @property
    def warnings(self) -> list[str]:
        """Things a plugin asked for and did not get (an extension on by default), for ``referee games``."""
        self._load_everything()
        return self._warnings

    def _name(self, impl: pluggy.HookImpl) -> str:
        """A plugin as a user can find it: its entry point, else its module or class."""
        if self._pm.get_name(impl.plugin) == impl.plugin_name and not impl.plugin_name.isdigit():
            return impl.plugin_name
        if isinstance(impl.plugin, ModuleType):
            return impl.plugin.__name__
        return type(impl.plugin).__qualname__

    def _label(self, impl: pluggy.HookImpl, distinfo: dict[int, tuple[str, str]]) -> str:
        dist, version = _distribution_of(impl.plugin, distinfo)
        return f"{self._name(impl)} ({dist} {version})"

    def _offers(self, hook: str, kind: type, distinfo: dict[int, tuple[str, str]]) -> Iterable[tuple[pluggy.HookImpl, Any]]:
        """What each plugin's discovery hook offers, one plugin at a time.

        pluggy stops a hook call at the first exception, so one plugin that raises would
        hide every game; calling each implementation here reports and skips just that one.
        """
        for impl in reversed(getattr(self._pm.hook, hook).get_hookimpls()):  # pluggy's own call order
            label = self._name(impl)
            dist = " ".join(_distribution_of(impl.plugin, distinfo))
            try:
                offered = impl.function()
            except Exception as exc:
                self._report_broken(label, f"{dist}: {hook} raised {type(exc).__name__}: {shown(str(exc), 200)}")
                continue
            if offered is None:
                continue
            if not isinstance(offered, (list, tuple)):
                self._report_broken(label, f"{dist}: {hook} returned {type(offered).__name__}, not a list of {kind.__name__}")
                continue
            for item in offered:
                problem = _malformed(item, kind)
                if not problem and item.plugin is None:
                    # Left out: the plugin is whoever offered it, as a module naming itself would be.
                    item = replace(item, plugin=impl.plugin)
                problem = problem or declared_twice(item, self._pm)
                if problem:
                    self._report_broken(label, f"{dist}: {hook} offered {problem}")
                    continue
                warn_by_hand(item, self._pm, label)
                yield impl, item

    def _report_broken(self, label: str, reason: str) -> None:
        if label in self._broken:
            dist = self._broken[label].split(": ", 1)[0]
            reason = f"{self._broken[label]}; {reason.removeprefix(dist + ': ')}"
        self._broken[label] = reason
        log.warning("plugin skipped", plugin=label, reason=reason)

    def _add(
        self, into: dict[str, Any], key: str, item: Any, what: str, impl: pluggy.HookImpl, distinfo: dict[int, tuple[str, str]]
    ) -> None:
        offer = (self._name(impl), self._label(impl, distinfo))
        clash = f"offers {what} that another plugin offers too; neither is used"
        if key in self._clashes:
            self._clashes[key] += f", {offer[1]}"
            self._report_broken(offer[0], f"{offer[1]}: {clash}")
            return
        if key in into:
            # Neither wins: the order plugins load in is no one's decision, so keeping
            # the first would let any installed package take over a game.
            del into[key]
            first = self._offered_by[key]
            self._clashes[key] = f"{first[1]}, {offer[1]}"
            for name, label in (first, offer):
                self._report_broken(name, f"{label}: {clash}")
            return
        into[key] = item
        self._offered_by[key] = offer
        self._dist[id(item.plugin)] = _distribution_of(item.plugin, distinfo)

    def _vetted_default(self, ext: Extension, impl: pluggy.HookImpl, distinfo: dict[int, tuple[str, str]]) -> Extension:
        """``ext``, off by default unless the game's own distribution (or the embedding
        program, passing plugins itself) offers it: an installed package must not join
        every table of someone else's game unasked."""
        if not ext.default or id(impl.plugin) in self._explicit:
            return ext
        game = self._games.get(ext.game)
        offered_by = _distribution_of(impl.plugin, distinfo)[0]
        if game is not None and self._dist.get(id(game.plugin), ("",))[0] == offered_by:
            return ext
        self._warnings.append(
            f"{ext.kind} {ext.game}.{ext.name} ({offered_by}) asks to be on by default, but only {ext.game}'s own "
            f"distribution decides that; it stays off unless a table names it (--extensions {ext.name})"
        )
        log.warning("extension not on by default", extension=f"{ext.game}.{ext.name}", distribution=offered_by)
        return replace(ext, default=False)

    def _load_entry_points(self, entry_points: Iterable[importlib.metadata.EntryPoint]) -> dict[int, tuple[str, str]]:
        """Load plugins of the ``referee`` group; one broken plugin spoils no other."""
        distinfo: dict[int, tuple[str, str]] = {}
        for ep in entry_points:
            if self._pm.get_plugin(ep.name) is not None or self._pm.is_blocked(ep.name):
                continue
            dist = _name_and_version(ep.dist) if ep.dist is not None else (ep.module, "0")
            try:
                plugin = ep.load()
                self._pm.register(plugin, name=ep.name)
            except Exception as exc:  # a third party's import error must not hide the other games
                self._broken[ep.name] = f"{dist[0]} {dist[1]}: {type(exc).__name__}: {exc}"
                log.warning("plugin could not be loaded", entry_point=ep.name, distribution=dist[0], error=str(exc))
                continue
            distinfo[id(plugin)] = dist
        return distinfo

    def game(self, name: str) -> Game:
        if name not in self._games:
            self._load_everything()
        if name in self._clashes:
            raise UnknownGame(f"two plugins offer a game named {name!r} ({self._clashes[name]}); uninstall one of them")
        try:
            return self._games[name]
        except KeyError:
            known = ", ".join(sorted(self._games)) or "none (install a game plugin, e.g. referee-pigsty)"
            raise UnknownGame(f"no game named {shown(name)} is installed; installed games: {known}") from None

    def extensions_of(self, game: str) -> list[Extension]:
        extensions = self._extensions if self._partial_ok else self.extensions
        return sorted((e for e in extensions.values() if e.game == game), key=lambda e: e.name)

    def hooks(self, game_name: str | None = None) -> tuple[list[HookSpec], list[str]]:
        """Every hook spec of the kernel (and with ``game_name``, of that game), each with
        the installed plugins implementing it; and what could not be looked at, and why.

        Cards and powers are often objects their distribution offers rather than the module
        its entry point names, so implementations are read where a table finds them: on a
        table manager holding a game and every installed extension of it.
        """
        games = [self.game(game_name)] if game_name is not None else sorted(self.games.values(), key=lambda g: g.name)
        modules: list[tuple[str, ModuleType]] = [(NAME, hookspecs)]
        if game_name is not None:
            modules += [(game_name, module) for module in games[0].hookspecs]
        problems: list[str] = []
        found: dict[str, dict[str, tuple[str, str, str]]] = {}

        def note(hook: str, label: str, plugin: object) -> None:
            dist = self._dist.get(id(plugin)) or _distribution_of(plugin, {})
            found.setdefault(hook, {})[label] = (label, *dist)

        discovery = ("referee_games", "referee_extensions")
        at_tables: set[int] = set()
        for game in games:
            try:
                rules = Rules(self, game, self.extensions_of(game.name))
            except RefereeError as exc:
                problems.append(f"{game.name} with all its extensions cannot make a table: {exc.message}")
                continue
            at_tables.update(id(plugin) for plugin in rules.pm.get_plugins())
            for hook, caller in vars(rules.pm.hook).items():
                if isinstance(caller, pluggy.HookCaller) and hook not in discovery:
                    for impl in caller.get_hookimpls():
                        note(hook, impl.plugin_name, impl.plugin)
            # A declaration (Game(evolve=...)) is that hook's implementation, by another name.
            declarations: list[tuple[str, Game | Extension]] = [
                (game.name, game),
                *((f"{game.name}.{e.name}", e) for e in rules.extensions),
            ]
            for plugin_name, item in declarations:
                for field, hook in DECLARED.items():
                    if getattr(item, field, None):
                        note(hook, plugin_name, item.plugin)
        # Discovery runs on the installed plugins themselves, under their entry-point names;
        # for one game, only those whose offers reach its tables.
        for hook in discovery:
            for impl in getattr(self.pm.hook, hook).get_hookimpls():
                if game_name is None or id(impl.plugin) in at_tables:
                    note(hook, self._name(impl), impl.plugin)
        specs = []
        for owner, module in modules:
            declared = [fn for fn in vars(module).values() if callable(fn) and hasattr(fn, f"{NAME}_spec")]
            for fn in sorted(declared, key=lambda f: f.__code__.co_firstlineno):
                options = getattr(fn, f"{NAME}_spec")
                doc = inspect.cleandoc(fn.__doc__ or "")
                specs.append(
                    HookSpec(
                        name=fn.__name__,
                        owner=owner,
                        module=module.__name__,
                        signature=str(inspect.signature(fn)).replace("'", ""),
                        summary=doc.split("\n\n", 1)[0].replace("\n", " "),
                        firstresult=bool(options.get("firstresult")),
                        implemented_by=tuple(sorted(found.get(fn.__name__, {}).values())),
                    )
                )
        return specs, problems

    def record(self, plugin: object, name: str) -> PluginRecord:
        dist, version = self._dist[id(plugin)]
        return PluginRecord(name=name, distribution=dist, version=version, code=_code_digest(plugin))

    def extension_names(self, game_name: str, extensions: Sequence[str] | None = None) -> list[str]:
        """The extensions a new table of ``game_name`` asking for ``extensions`` gets, by
        name: ``None`` the game's defaults, ``["all"]`` every installed one, ``+name`` and
        ``-name`` the defaults changed (``referee.choosing``), any other list exactly those."""
        self.game(game_name)
        return chosen_extensions(game_name, self.extensions_of(game_name), extensions)

    def rules(self, game_name: str, extensions: Sequence[str] | None = None) -> Rules:
        """Rules for a new table: the game plus the named extensions.

        ``None`` takes the game's default extensions, ``["all"]`` every installed one,
        ``["+name", "-name"]`` the defaults changed (:meth:`extension_names`).
        """
        game = self.game(game_name)
        available = {e.name: e for e in self.extensions_of(game_name)}
        chosen = [available[n] for n in self.extension_names(game_name, extensions)]
        # Built once per game and extensions: every table, verify and replay of them shares
        # one plugin manager (it holds nothing of any table).  The key is the objects'
        # identities, kept alive by the Rules that holds them.
        key = (id(game), *map(id, chosen))
        rules = self._rules_made.get(key)
        if rules is None:
            rules = self._rules_made[key] = Rules(self, game, chosen)
        return rules

    def rules_for(self, game_name: str, recorded: Sequence[PluginRecord]) -> Rules:
        """Rules for a stored table, refusing to replay it under another plugin set."""
        try:
            game = self.game(game_name)
        except UnknownGame as exc:
            record = next((r for r in recorded if r.name == game_name), None)
            if record is None or game_name in self._clashes:
                raise
            raise UnknownGame(_with_install_hint(exc.message, record)) from None
        available = {e.name for e in self.extensions_of(game_name)}
        strangers = [r.name for r in recorded[1:] if not r.name.startswith(f"{game.name}.")]
        if not recorded or recorded[0].name != game.name or strangers:
            named = ", ".join(shown(n) for n in strangers) if strangers else shown(recorded[0].name if recorded else None)
            raise PluginMismatch(
                f"this {game.name} table's plugin list is malformed: it must start with {game.name!r} and name the "
                f"rest as {game.name}.EXTENSION, not {named}"
            )
        absent = [r for r in recorded[1:] if r.name.split(".", 1)[1] not in available]
        if absent:
            raise PluginMismatch(
                f"this {game.name} table was recorded with plugins that are not installed: "
                + "; ".join(f"{shown(r.name)} (pip install {shown(r.distribution)}=={shown(r.version)})" for r in absent)
            )
        rules = self.rules(game_name, [r.name.split(".", 1)[1] for r in recorded[1:]])
        installed = rules.records
        if [_released(r) for r in installed] != [_released(r) for r in recorded]:
            wanted = {r.name: r for r in recorded}
            have = {r.name: r for r in installed}
            problems = []
            for name, rec in wanted.items():
                got = have.get(name)
                if got is None:
                    problems.append(f"{name} ({rec.distribution} {rec.version}) is not installed")
                elif _released(got) != _released(rec):
                    problems.append(
                        f"{name} was recorded under {rec.distribution} {rec.version}, installed is {got.distribution} {got.version}"
                    )
            problems += [f"{n} is installed but was not used" for n in have if n not in wanted]
            raise PluginMismatch(f"this {game.name} table was recorded under other plugins: " + "; ".join(problems))
        return rules


class LazyRegistry(Registry):
    """A registry that imports only the plugins a table needs (``Registry(lazy=True)``).

    A stored table is read with the distributions its first entry records; a new table
    with the distribution whose entry point is named after the game (``pigsty``) and those
    whose entry point is named ``GAME-EXTENSION`` for each extension asked for.  Finding
    them reads entry-point metadata only.  Whenever those plugins do not give the table
    its rules (an extension whose entry point is named otherwise, a plugin that is not
    installed or fails to import), every installed plugin is loaded and the question asked
    again, so each answer and each error is the one ``Registry()`` gives; a table's own
    recorded distributions are used even where another installed one offers the same name.
    Every other question (``games``, ``broken``, ``hooks``, ``extensions_of``, and
    ``rules(game, ["all"])``) loads every installed plugin first.  Made for one command in
    one thread (the ``referee`` command); a server sharing a registry between threads
    shares a ``Registry()``.
    """

    def __init__(self, plugins: Iterable[object] = (), *, entry_points: bool = True, lazy: bool = True) -> None:
        self._selected: dict[tuple[str, str], importlib.metadata.EntryPoint] = {}
        super().__init__(plugins, entry_points=entry_points, lazy=lazy)

    def rules(self, game_name: str, extensions: Sequence[str] | None = None) -> Rules:
        if extensions is not None and list(extensions) == ["all"]:
            self._load_everything()
        if self._everything or self._partial_ok:
            return super().rules(game_name, extensions)
        named = [game_name, *(f"{game_name}-{name.lstrip('+-')}" for name in extensions or ())]
        return self._own_plugins_first(_entry_points_beside(named), lambda: super(LazyRegistry, self).rules(game_name, extensions))

    def rules_for(self, game_name: str, recorded: Sequence[PluginRecord]) -> Rules:
        if self._everything or self._partial_ok:
            return super().rules_for(game_name, recorded)
        distributions = {r.distribution for r in recorded}
        return self._own_plugins_first(_entry_points_of(distributions), lambda: super(LazyRegistry, self).rules_for(game_name, recorded))

    def _own_plugins_first(self, entry_points: Iterable[importlib.metadata.EntryPoint], ask: Callable[[], Rules]) -> Rules:
        """``ask()`` with ``entry_points`` loaded; again with everything loaded if that fails."""
        added = {(ep.name, ep.value): ep for ep in entry_points if (ep.name, ep.value) not in self._selected}
        if added or not self._discovered:
            self._selected.update(added)
            self._discover(self._selected.values())
        self._partial_ok = True
        try:
            return ask()
        except RefereeError:
            pass  # perhaps a plugin found only by loading everything; if not, the same error again
        finally:
            self._partial_ok = False
        self._load_everything()
        return ask()


# importlib.metadata is imported where it is used: it costs more to import than most of
# the kernel, and a command that reads only the store (listing tables) needs none of it.


def _installed_entry_points() -> list[importlib.metadata.EntryPoint]:
    """Every installed plugin's entry point in the ``referee`` group."""
    import importlib.metadata

    return list(importlib.metadata.entry_points(group=NAME))


def _entry_points_of(distributions: Iterable[str]) -> list[importlib.metadata.EntryPoint]:
    """The ``referee`` entry points of the named distributions that are installed."""
    import importlib.metadata

    found: list[importlib.metadata.EntryPoint] = []
    for name in sorted(distributions):
        if not _DISTRIBUTION.fullmatch(name):
            continue  # a plugin a program passed in, recorded as "(not installed)"
        try:
            found += importlib.metadata.distribution(name).entry_points.select(group=NAME)
        except importlib.metadata.PackageNotFoundError:
            continue
    return found


def _entry_points_beside(names: Sequence[str]) -> list[importlib.metadata.EntryPoint]:
    """Every ``referee`` entry point of each distribution that has one named in ``names``."""
    import importlib.metadata

    found: dict[tuple[str, str], importlib.metadata.EntryPoint] = {}
    for ep in importlib.metadata.entry_points(group=NAME):
        if ep.name in names and ep.dist is not None:
            found.update(((e.name, e.value), e) for e in ep.dist.entry_points.select(group=NAME))
    return list(found.values())


_DISTRIBUTION = re.compile(r"[A-Za-z0-9]([A-Za-z0-9._-]{0,98}[A-Za-z0-9])?")


def _with_install_hint(message: str, record: PluginRecord) -> str:
    """``message`` about a game nobody installed, saying what the log recorded it under."""
    head, sep, rest = message.partition("; ")
    if _DISTRIBUTION.fullmatch(record.distribution) and _DISTRIBUTION.fullmatch(record.version):
        hint = f"this table was recorded under {record.distribution} {record.version}: pip install {record.distribution}=={record.version}"
    else:  # a plugin passed in by a program, not installed from anywhere
        hint = f"this table was recorded under {shown(record.distribution)} {shown(record.version)}, which pip cannot install"
    return f"{head} ({hint}){sep}{rest}"


def _released(record: PluginRecord) -> tuple[str, str, str]:
    return record.name, record.distribution, record.version


_code_digests: dict[str, str] = {}


def _code_digest(plugin: object) -> str:
    """SHA-256 over every file of the package that holds ``plugin`` (code and data)."""
    module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
    top = (getattr(module, "__name__", "") or "").split(".")[0]
    package = sys.modules.get(top)
    file = getattr(package, "__file__", None) if package is not None else None
    origin = Path(file) if file else None
    if origin is None:
        return ""
    if top not in _code_digests:
        folder = origin.parent
        files = sorted(folder.rglob("*")) if hasattr(package, "__path__") else [origin]
        digest = hashlib.sha256()
        for path in files:
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
                digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        _code_digests[top] = digest.hexdigest()
    return _code_digests[top]
