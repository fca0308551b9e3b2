"""Finding installed games and extensions, and assembling one table's rules.

Discovery is by entry points in the ``referee`` group, so a built-in game and a
third party's house rule are found the same way.  Tests and embedders may also pass
plugin objects directly.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pluggy
import structlog

from . import builtin, hookspecs
from .errors import BadLog, PluginMismatch, RefereeError, UnknownGame
from .events import KERNEL_EVENTS, Event, PluginRecord, decode_event, event_tag
from .log import Entry
from .plugin import NAME

__all__ = ["Game", "Extension", "Registry", "Rules"]

log = structlog.get_logger("referee")


@dataclass(frozen=True)
class Game:
    """A game a plugin offers (returned from ``referee_games``)."""

    name: str
    title: str
    plugin: object
    """The object (usually the module) implementing the game's ``referee_*`` hooks."""
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


@dataclass(frozen=True)
class Extension:
    """A card, power or house rule extending a game (returned from ``referee_extensions``)."""

    name: str
    game: str
    title: str
    plugin: object
    kind: str = "house rule"
    default: bool = False
    """Used by tables of ``game`` unless the table names its extensions explicitly."""
    summary: str = ""


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


class Registry:
    """Every installed game and extension."""

    def __init__(self, plugins: Iterable[object] = (), *, entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(NAME)
        self.pm.add_hookspecs(hookspecs)
        self.broken: dict[str, str] = {}
        """Entry points that could not be loaded, with the reason (shown by ``referee games``)."""
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
        for games in self.pm.hook.referee_games():
            for game in games:
                if game.name in self.games:
                    raise RefereeError(f"two plugins offer a game named {game.name!r}")
                self.games[game.name] = game
                self._dist[id(game.plugin)] = _distribution_of(game.plugin, distinfo)
        for extensions in self.pm.hook.referee_extensions():
            for ext in extensions:
                key = f"{ext.game}.{ext.name}"
                if key in self.extensions:
                    raise RefereeError(f"two plugins offer {ext.kind} {key!r}")
                self.extensions[key] = ext
                self._dist[id(ext.plugin)] = _distribution_of(ext.plugin, distinfo)

    def _load_entry_points(self) -> dict[int, tuple[str, str]]:
        """Load every plugin of the ``referee`` group; one broken plugin spoils no other."""
        distinfo: dict[int, tuple[str, str]] = {}
        for ep in importlib.metadata.entry_points(group=NAME):
            if self.pm.get_plugin(ep.name) is not None or self.pm.is_blocked(ep.name):
                continue
            dist = (ep.dist.name, ep.dist.version) if ep.dist is not None else (ep.module, "0")
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
        try:
            return self.games[name]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none (install a game plugin, e.g. referee-pigsty)"
            raise UnknownGame(f"no game named {name!r} is installed; installed games: {known}") from None

    def extensions_of(self, game: str) -> list[Extension]:
        return sorted((e for e in self.extensions.values() if e.game == game), key=lambda e: e.name)

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
                raise RefereeError(f"{game_name} has no extension named {', '.join(unknown)}; available: {known}")
            chosen = [available[n] for n in dict.fromkeys(extensions)]
        return Rules(self, game, chosen)

    def rules_for(self, game_name: str, recorded: Sequence[PluginRecord]) -> Rules:
        """Rules for a stored table, refusing to replay it under another plugin set."""
        game = self.game(game_name)
        available = {e.name for e in self.extensions_of(game_name)}
        absent = [r for r in recorded[1:] if r.name.split(".", 1)[-1] not in available]
        if absent:
            raise PluginMismatch(
                f"this {game.name} table was recorded with plugins that are not installed: "
                + "; ".join(f"{r.name} (pip install {r.distribution}=={r.version})" for r in absent)
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
    origin = Path(package.__file__) if package is not None and getattr(package, "__file__", None) else None
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


class Rules:
    """One table's plugin manager: its game, its chosen extensions, their event types."""

    def __init__(self, registry: Registry, game: Game, extensions: Sequence[Extension]) -> None:
        self.game = game
        self.extensions = tuple(extensions)
        self.pm = pluggy.PluginManager(NAME)
        self.pm.add_hookspecs(hookspecs)
        for module in game.hookspecs:
            self.pm.add_hookspecs(module)
        self.pm.register(builtin, name=f"{NAME}.builtin")
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
        self.hook = self.pm.hook
        self.event_types: dict[str, type[Event]] = {event_tag(t): t for t in KERNEL_EVENTS}
        self.owner: dict[type[Event], str] = {t: NAME for t in KERNEL_EVENTS}
        for impl in self.pm.hook.referee_event_types.get_hookimpls():
            registered: list[type[Event]] = impl.function() or []  # type: ignore[assignment]
            for event_type in registered:
                tag = event_tag(event_type)
                if tag in self.event_types and self.event_types[tag] is not event_type:
                    raise RefereeError(f"event tag {tag!r} is registered twice ({self.owner[self.event_types[tag]]}, {impl.plugin_name})")
                self.event_types[tag] = event_type
                self.owner[event_type] = impl.plugin_name

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
                raise RefereeError(f"{self.game.name} takes no options (given: {', '.join(given)})")
            return {}
        known = set(self.game.options.__struct_fields__)
        unknown = [k for k in given if k not in known]
        if unknown:
            raise RefereeError(f"{self.game.name} has no option {', '.join(unknown)}; its options: {', '.join(sorted(known))}")
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
                f"{type(event).__qualname__} was emitted but no plugin of this table registers it (referee_event_types)"
            ) from None
