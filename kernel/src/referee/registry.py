"""Finding installed games and extensions, and assembling one table's rules.

Discovery is by entry points in the ``referee`` group, so a built-in game and a
third party's house rule are found the same way.  Tests and embedders may also pass
plugin objects directly.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import inspect
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import msgspec
import pluggy

from . import hookspecs
from .errors import BadLog, PluginMismatch, RefereeError, UnknownGame
from .events import KERNEL_EVENTS, Event, PluginRecord, decode_event, event_tag
from .flow import Rounds
from .limits import plain, shown
from .log import Entry
from .logging import get_logger
from .plugin import NAME

if TYPE_CHECKING:
    from .events import TableOpened
    from .table import TableState

__all__ = ["Game", "Extension", "Registry", "Rules"]

log = get_logger("referee")


@dataclass(frozen=True)
class Game:
    """A game a plugin offers (returned from ``referee_games``)."""

    name: str
    title: str
    plugin: object = None
    """The object (usually the module) implementing the game's ``referee_*`` hooks; left
    out, the object whose ``referee_games`` offered the game."""
    min_seats: int = 2
    max_seats: int | None = None
    summary: str = ""
    options: type[msgspec.Struct] | None = None
    """A Struct of the table options the game takes, with defaults; validated on open."""
    hookspecs: Sequence[ModuleType] = ()
    """Modules of the game's own hookspecs, the surface its cards and house rules use."""
    rules_document: str = ""
    """Path of the game's RULES document: every rule mapped to code, every ruling."""
    scenarios: str = ""
    """Folder of the game's scenario files (rulebook examples), re-runnable under house rules."""
    events: Sequence[type[Event]] = ()
    """The game's event types (instead of implementing ``referee_event_types``)."""
    initial_state: Callable[[TableOpened], Any] | None = None
    """Makes the game's state object for a table just opened (instead of ``referee_initial_state``)."""
    evolve: Callable[[TableState, Event], None] | None = None
    """Folds one event into ``state.game`` (instead of implementing ``referee_evolve``)."""
    flow: Rounds | None = None
    """The game's rounds, turns and phases, which the kernel then runs (``referee.flow``):
    after setup, after every decided action and after a request expires, it goes on
    through every step that needs no answer until a request is open or the game ended."""


@dataclass(frozen=True)
class Extension:
    """A card, power or house rule extending a game (returned from ``referee_extensions``)."""

    name: str
    game: str
    title: str
    plugin: object = None
    """The object implementing the extension's hooks; left out, the object whose
    ``referee_extensions`` offered it."""
    kind: str = "house rule"
    default: bool = False
    """Used by tables of ``game`` unless the table names its extensions explicitly."""
    summary: str = ""
    events: Sequence[type[Event]] = ()
    """The extension's event types (instead of implementing ``referee_event_types``)."""
    evolve: Callable[[TableState, Event], None] | None = None
    """Folds one event into the table's state (instead of implementing ``referee_evolve``)."""
    state: Callable[[], Any] | None = None
    """Makes the extension's own state when a table opens: a msgspec Struct, dict or list,
    read and changed through ``state.slot(name)``; kept in snapshots like the game's."""


DECLARED = {"events": "referee_event_types", "initial_state": "referee_initial_state", "evolve": "referee_evolve"}
"""What a Game or Extension may declare, and the hook each declaration stands for."""


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


@dataclass
class _Installed:
    plugin: object
    distribution: str
    version: str


def _distribution_of(plugin: object, distinfo: dict[int, tuple[str, str]]) -> tuple[str, str]:
    if id(plugin) in distinfo:
        return distinfo[id(plugin)]
    module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
    top = (getattr(module, "__name__", "") or "").split(".")[0]
    for dist in importlib.metadata.packages_distributions().get(top, []):
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


def _declared_twice(item: Game | Extension, pm: pluggy.PluginManager) -> str | None:
    """Why ``item`` cannot be used because its plugin both declares something and
    implements the hook standing for it (which of the two would count is no one's guess)."""
    for field, hook in DECLARED.items():
        declared = getattr(item, field, None)
        if declared and pm.parse_hookimpl_opts(item.plugin, hook) is not None:
            kind = "game" if isinstance(item, Game) else item.kind
            return f"{kind} {item.name!r} declares {field}= and its plugin implements {hook} too; keep one of them"
    return None


class Registry:
    """Every installed game and extension."""

    def __init__(self, plugins: Iterable[object] = (), *, entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(NAME)
        self.pm.add_hookspecs(hookspecs)
        self.broken: dict[str, str] = {}
        """Plugins that could not be loaded or offered something unusable, with the
        reason (shown by ``referee games``); every other plugin works as usual."""
        distinfo: dict[int, tuple[str, str]] = {}
        if entry_points:
            distinfo = self._load_entry_points()
        for plugin in plugins:
            if not self.pm.is_registered(plugin):
                self.pm.register(plugin)
        # No check_pending() here: a card's hooks belong to its game's hookspecs, which
        # only a table's own manager knows; Rules checks them there.
        self.games: dict[str, Game] = {}
        self.extensions: dict[str, Extension] = {}
        self._dist: dict[int, tuple[str, str]] = {}
        self.warnings: list[str] = []
        """Things a plugin asked for and did not get (an extension on by default), for ``referee games``."""
        self._clashes: dict[str, str] = {}
        self._offered_by: dict[str, tuple[str, str]] = {}
        self._explicit = {id(p) for p in plugins}
        for impl, game in self._offers("referee_games", Game, distinfo):
            self._add(self.games, game.name, game, f"a game named {game.name!r}", impl, distinfo)
        for impl, ext in self._offers("referee_extensions", Extension, distinfo):
            key = f"{ext.game}.{ext.name}"
            self._add(self.extensions, key, self._vetted_default(ext, impl, distinfo), f"{ext.kind} {key!r}", impl, distinfo)

    def _name(self, impl: pluggy.HookImpl) -> str:
        """A plugin as a user can find it: its entry point, else its module or class."""
        if self.pm.get_name(impl.plugin) == impl.plugin_name and not impl.plugin_name.isdigit():
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
        for impl in reversed(getattr(self.pm.hook, hook).get_hookimpls()):  # pluggy's own call order
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
                problem = problem or _declared_twice(item, self.pm)
                if problem:
                    self._report_broken(label, f"{dist}: {hook} offered {problem}")
                    continue
                yield impl, item

    def _report_broken(self, label: str, reason: str) -> None:
        if label in self.broken:
            dist = self.broken[label].split(": ", 1)[0]
            reason = f"{self.broken[label]}; {reason.removeprefix(dist + ': ')}"
        self.broken[label] = reason
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
        game = self.games.get(ext.game)
        offered_by = _distribution_of(impl.plugin, distinfo)[0]
        if game is not None and self._dist.get(id(game.plugin), ("",))[0] == offered_by:
            return ext
        self.warnings.append(
            f"{ext.kind} {ext.game}.{ext.name} ({offered_by}) asks to be on by default, but only {ext.game}'s own "
            f"distribution decides that; it stays off unless a table names it (--extensions {ext.name})"
        )
        log.warning("extension not on by default", extension=f"{ext.game}.{ext.name}", distribution=offered_by)
        return replace(ext, default=False)

    def _load_entry_points(self) -> dict[int, tuple[str, str]]:
        """Load every plugin of the ``referee`` group; one broken plugin spoils no other."""
        distinfo: dict[int, tuple[str, str]] = {}
        for ep in importlib.metadata.entry_points(group=NAME):
            if self.pm.get_plugin(ep.name) is not None or self.pm.is_blocked(ep.name):
                continue
            dist = _name_and_version(ep.dist) if ep.dist is not None else (ep.module, "0")
            try:
                plugin = ep.load()
                self.pm.register(plugin, name=ep.name)
            except Exception as exc:  # a third party's import error must not hide the other games
                self.broken[ep.name] = f"{dist[0]} {dist[1]}: {type(exc).__name__}: {exc}"
                log.warning("plugin could not be loaded", entry_point=ep.name, distribution=dist[0], error=str(exc))
                continue
            distinfo[id(plugin)] = dist
        return distinfo

    def game(self, name: str) -> Game:
        if name in self._clashes:
            raise UnknownGame(f"two plugins offer a game named {name!r} ({self._clashes[name]}); uninstall one of them")
        try:
            return self.games[name]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none (install a game plugin, e.g. referee-pigsty)"
            raise UnknownGame(f"no game named {shown(name)} is installed; installed games: {known}") from None

    def extensions_of(self, game: str) -> list[Extension]:
        return sorted((e for e in self.extensions.values() if e.game == game), key=lambda e: e.name)

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

    def rules(self, game_name: str, extensions: Sequence[str] | None = None) -> Rules:
        """Rules for a new table: the game plus the named extensions.

        ``None`` takes the game's default extensions, ``["all"]`` every installed one.
        """
        game = self.game(game_name)
        available = {e.name: e for e in self.extensions_of(game_name)}
        if extensions is None:
            chosen = [e for e in available.values() if e.default]
        elif list(extensions) == ["all"]:
            chosen = sorted(available.values(), key=lambda e: e.name)
        else:
            unknown = [n for n in extensions if n not in available]
            if unknown:
                known = ", ".join(sorted(available)) or "none"
                raise RefereeError(f"{game_name} has no extension named {', '.join(plain(n) for n in unknown)}; available: {known}")
            chosen = [available[n] for n in dict.fromkeys(extensions)]
        # Built once per game and extensions: every table, verify and replay of them shares
        # one plugin manager (it holds nothing of any table).  The key is the objects'
        # identities, kept alive by the Rules that holds them.
        made: dict[tuple[int, ...], Rules] = self.__dict__.setdefault("_rules_made", {})
        key = (id(game), *map(id, chosen))
        rules = made.get(key)
        if rules is None:
            rules = made[key] = Rules(self, game, chosen)
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


_DISTRIBUTION = re.compile(r"[A-Za-z0-9]([A-Za-z0-9._-]{0,98}[A-Za-z0-9])?")


def _with_install_hint(message: str, record: PluginRecord) -> str:
    """``message`` about a game nobody installed, saying what the log recorded it under."""
    head, sep, rest = message.partition("; ")
    if _DISTRIBUTION.fullmatch(record.distribution) and _DISTRIBUTION.fullmatch(record.version):
        hint = f"this table was recorded under {record.distribution} {record.version}: pip install {record.distribution}=={record.version}"
    else:  # a plugin passed in by a program, not installed from anywhere
        hint = f"this table was recorded under {shown(record.distribution)} {shown(record.version)}, which pip cannot install"
    return f"{head} ({hint}){sep}{rest}"


def decode_as(event_type: type[Event], entry: Entry) -> Event:
    """An entry read as ``event_type`` (upcast from its recorded version), or BadLog."""
    assert entry.event is not None
    if entry.v < 1 or entry.v > event_type.version:
        raise BadLog(
            f"entry {entry.seq} ({entry.type}) claims schema version {entry.v}; the installed rules know 1 to {event_type.version}"
        )
    try:
        return decode_event(event_type, entry.event, entry.v)
    except (msgspec.ValidationError, TypeError, ValueError, KeyError) as exc:
        raise BadLog(f"entry {entry.seq} ({entry.type}) cannot be read: {exc}") from None


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


_SHOWING_HOOKS = ("referee_view", "referee_render_view", "referee_report", "referee_check_file", "referee_bot_action")
"""Hooks that show a table or suggest an answer, never decide: a failure there is
refused as a ``RefereeError`` naming the plugin, and no table changes."""


def _guard_hooks(pm: pluggy.PluginManager) -> None:
    """Wrap each implementation of the showing hooks (and ``referee_describe``) so a
    plugin's bug is named, not thrown raw through an adapter.

    Deciding hooks are left as they are: the service already refuses a failing action
    and appends nothing, and a game may expect its own exceptions back from them.
    """
    for hook in (*_SHOWING_HOOKS, "referee_describe"):
        for impl in getattr(pm.hook, hook).get_hookimpls():
            if impl.wrapper or impl.hookwrapper:
                continue
            guarded = (
                _describing(impl.function, impl.plugin_name)
                if hook == "referee_describe"
                else _showing(impl.function, impl.plugin_name, hook)
            )
            # HookImpl has no public way to wrap its function; it is this table's own
            # manager, so the plugin module shared with other tables is untouched.
            object.__setattr__(impl, "function", guarded)


def _showing(function: Callable[..., Any], plugin: str, hook: str) -> Callable[..., Any]:
    @functools.wraps(function)
    def guarded(*args: Any) -> Any:
        try:
            return function(*args)
        except RefereeError:
            raise
        except Exception as exc:
            log.error("a plugin failed", plugin=plugin, hook=hook, error=f"{type(exc).__name__}: {exc}")
            # The exception's own text may quote what this seat must not see: it goes to
            # the log only.
            raise RefereeError(f"plugin {plugin} failed in {hook} ({type(exc).__name__}, logged); nothing was changed") from exc

    return guarded


def _describing(function: Callable[..., Any], plugin: str) -> Callable[..., Any]:
    @functools.wraps(function)
    def guarded(*args: Any) -> Any:
        try:
            text = function(*args)
        except Exception as exc:
            # A description is only words: fall back on the next plugin's (or the
            # kernel's plain one) and warn, rather than break a command half-way.
            log.warning("a plugin failed to describe an event", plugin=plugin, error=f"{type(exc).__name__}: {exc}")
            return None
        return text if text is None or isinstance(text, str) else str(text)

    return guarded


class Rules:
    """One table's plugin manager: its game, its chosen extensions, their event types."""

    def __init__(self, registry: Registry, game: Game, extensions: Sequence[Extension]) -> None:
        self.game = game
        self.extensions = tuple(extensions)
        self.pm = pluggy.PluginManager(NAME)
        self.pm.add_hookspecs(hookspecs)
        for module in game.hookspecs:
            self.pm.add_hookspecs(module)
        self.pm.register(game.plugin, name=game.name)
        self.records: tuple[PluginRecord, ...] = (
            registry.record(game.plugin, game.name),
            *tuple(registry.record(e.plugin, f"{game.name}.{e.name}") for e in extensions),
        )
        for ext in extensions:
            self.pm.register(ext.plugin, name=f"{game.name}.{ext.name}")
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise RefereeError(f"a plugin of this {game.name} table implements a hook nobody declares: {exc}") from None
        _guard_hooks(self.pm)
        self.hook = self.pm.hook
        self.event_types: dict[str, type[Event]] = {event_tag(t): t for t in KERNEL_EVENTS}
        self.owner: dict[type[Event], str] = {t: NAME for t in KERNEL_EVENTS}
        for impl in self.pm.hook.referee_event_types.get_hookimpls():
            try:
                registered: list[type[Event]] = impl.function() or []  # type: ignore[assignment]
            except Exception as exc:
                raise RefereeError(
                    f"plugin {impl.plugin_name} failed in referee_event_types ({type(exc).__name__}: {shown(str(exc), 200)})"
                ) from exc
            if not isinstance(registered, (list, tuple)) or not all(isinstance(t, type) and issubclass(t, Event) for t in registered):
                raise RefereeError(f"plugin {impl.plugin_name}'s referee_event_types must return a list of Event classes")
            for event_type in registered:
                self._register_event(impl.plugin_name, event_type)
        declarations: list[tuple[str, Game | Extension]] = [(game.name, game)] + [(f"{game.name}.{e.name}", e) for e in extensions]
        for plugin_name, declared in declarations:
            for event_type in declared.events:
                self._register_event(plugin_name, event_type)
        self.evolvers: dict[str, Callable[[TableState, Event], None]] = {n: d.evolve for n, d in declarations if d.evolve is not None}
        """Declared mutators by plugin name, in the order the plugins were registered."""
        self.slots: tuple[tuple[str, Callable[[], Any]], ...] = tuple((e.name, e.state) for e in extensions if e.state is not None)
        """Each extension that keeps state of its own, with the factory making it."""

    def _register_event(self, plugin_name: str, event_type: type[Event]) -> None:
        try:
            tag = event_tag(event_type)
        except TypeError as exc:
            raise RefereeError(f"plugin {plugin_name}: {exc}") from None
        if tag in self.event_types and self.event_types[tag] is not event_type:
            raise RefereeError(f"event tag {tag!r} is registered twice ({self.owner[self.event_types[tag]]}, {plugin_name})")
        self.event_types[tag] = event_type
        self.owner[event_type] = plugin_name

    def evolve_order(self, impls: Sequence[pluggy.HookImpl]) -> list[Callable[[TableState, Event], object]]:
        """Every mutator of this table in the order pluggy would call them were the declared
        ones hook implementations too: the last registered plugin first (extensions before
        their game), ``tryfirst`` and ``trylast`` implementations at either end."""
        first = [i.function for i in reversed(impls) if i.tryfirst]
        last = [i.function for i in reversed(impls) if i.trylast]
        plain = {i.plugin_name: i.function for i in impls if not (i.tryfirst or i.trylast)}
        ordered: list[Callable[[TableState, Event], object]] = []
        for name in reversed(self.pm.list_name_plugin()):
            function = plain.pop(name[0], None) or self.evolvers.get(name[0])
            if function is not None:
                ordered.append(function)
        return [*first, *reversed(plain.values()), *ordered, *last]

    def initial_state(self, opened: TableOpened) -> Any:
        """The game's state for a table just opened: a ``referee_initial_state``
        implementation's (a house rule may replace the game's), else the game's declared one."""
        made = self.hook.referee_initial_state(opened=opened)
        if made is None and self.game.initial_state is not None:
            made = self.game.initial_state(opened)
        return made

    def new_slots(self) -> dict[str, Any]:
        """Each extension's own state for a table just opened, by extension name."""
        slots = {}
        for name, factory in self.slots:
            made = factory()
            if not isinstance(made, (msgspec.Struct, dict, list)):
                raise RefereeError(
                    f"extension {self.game.name}.{name}'s state= made a {type(made).__name__}; "
                    "it must make a msgspec Struct, a dict or a list (something its evolve can change)"
                )
            slots[name] = made
        return slots

    def installation_notes(self, recorded: Sequence[PluginRecord]) -> list[str]:
        """What differs between the code that recorded a table and the code installed here."""
        installed = {r.name: r for r in self.records}
        notes = []
        for rec in recorded:
            got = installed.get(rec.name)
            if got is not None and rec.code and got.code and rec.code != got.code:
                notes.append(
                    f"{rec.name}: the installed {got.distribution} {got.version} is not the code that recorded this table "
                    "(same version, different files): the decisions were re-run under the installed code"
                )
            elif got is not None and not rec.code:
                notes.append(f"{rec.name}: the log does not record which build of {rec.distribution} {rec.version} played it")
        return notes

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Validated table options with defaults filled in."""
        given = dict(given or {})
        if self.game.options is None:
            if given:
                raise RefereeError(f"{self.game.name} takes no options (given: {', '.join(plain(k) for k in given)})")
            return {}
        known = set(self.game.options.__struct_fields__)
        unknown = [k for k in given if k not in known]
        if unknown:
            raise RefereeError(
                f"{self.game.name} has no option {', '.join(plain(k) for k in unknown)}; its options: {', '.join(sorted(known))}"
            )
        try:
            # Converted twice: a default written as 0 for a float field comes back as 0.0
            # only from the second pass, and a re-decided opening must record the same.
            once = msgspec.to_builtins(msgspec.convert(given, self.game.options, strict=False))
            return msgspec.to_builtins(msgspec.convert(once, self.game.options, strict=False))
        except msgspec.ValidationError as exc:
            raise RefereeError(f"bad {self.game.name} option: {exc}") from None

    def decode(self, entry: Entry) -> Event:
        """The entry's event, read with its type's own field types (strictly)."""
        if entry.event is None:
            raise BadLog(f"entry {entry.seq} ({entry.type}) is hidden in this export and cannot be replayed")
        try:
            event_type = self.event_types[entry.type]
        except KeyError:
            raise BadLog(f"entry {entry.seq} has event type {entry.type!r}, which no installed plugin of this table declares") from None
        return decode_as(event_type, entry)

    def owner_of(self, event: Event) -> str:
        try:
            return self.owner[type(event)]
        except KeyError:
            raise RefereeError(
                f"{type(event).__qualname__} was emitted but no plugin of this table registers it (events= or referee_event_types)"
            ) from None
