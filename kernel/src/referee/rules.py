"""One table's rules: the game and extensions it is played with, in a plugin manager of its
own, with their event types; and what a game or an extension declares.

``referee.registry`` finds them among the installed plugins; a ``Rules`` is what a table
is then played, replayed and shown under.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

import msgspec
import pluggy

from . import hookspecs
from ._deprecation import warn_at
from .errors import BadLog, RefereeError
from .events import KERNEL_EVENTS, Event, PluginRecord, decode_event, event_tag
from .flow import Rounds
from .limits import plain, shown
from .log import Entry
from .logging import get_logger
from .plugin import NAME

if TYPE_CHECKING:
    from .events import TableOpened
    from .registry import Registry
    from .table import TableState

__all__ = ["DECLARED", "Extension", "Game", "Rules", "decode_as", "declared_twice", "warn_by_hand"]

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
    edition: int = 1
    """The edition of the game's own data and rulings that new tables open under.  Raise it
    when changed data (a rebalanced deck, a new price table) would decide a stored table
    differently: each table records the edition it opened under (``TableOpened.edition``,
    read as ``state.edition``), and the game keeps every earlier edition's data, so an old
    log still verifies under the code that now decides new tables differently."""
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
    deals: Callable[[TableState, str, int], Mapping[str, Sequence[int]] | None] | None = None
    """Where a shuffle's cards go: ``(state, purpose, size) -> {seat: positions}`` for a
    shuffle of ``size`` items the game deals from (the positions, counted from 0, of the
    shuffled list that seat is dealt; a place, such as a street or what is left of the
    deck, is named like a seat), None for any other shuffle.  Only a scenario's ``deal``
    reads it (``referee.scenario``), to put the cards it names where the game deals them;
    live tables never ask."""
    reveals: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Where the rules make sealed answers public: event type -> the rule that does (a
    showdown's ``"cashnguns.TargetsRevealed": "cashnguns 4.3: ..."``).  The type's entry
    tells what it reveals to whoever may read it, and that it happened to everyone else.
    Nothing else a seat holds may depend on another seat's sealed answer; the
    noninterference check (``referee.testing.check_noninterference``) holds a game to it."""


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
    reveals: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """Where the extension's rules make sealed answers public, as ``Game.reveals``."""


def _named(plugins: Sequence[str]) -> str:
    """``pimp`` alone, or ``pimp and its 6 other plugins`` (one distribution's, listed once)."""
    if len(plugins) == 1:
        return plugins[0]
    return f"{plugins[0]} and {len(plugins) - 1} other plugin{'s' if len(plugins) > 2 else ''} ({', '.join(plugins[1:])})"


DECLARED = {"events": "referee_event_types", "initial_state": "referee_initial_state", "evolve": "referee_evolve"}
"""What a Game or Extension may declare, and the hook each declaration stands for."""


def declared_twice(item: Game | Extension, pm: pluggy.PluginManager) -> str | None:
    """Why ``item`` cannot be used because its plugin both declares something and
    implements the hook standing for it (which of the two would count is no one's guess)."""
    for field, hook in DECLARED.items():
        declared = getattr(item, field, None)
        if declared and pm.parse_hookimpl_opts(item.plugin, hook) is not None:
            kind = "game" if isinstance(item, Game) else item.kind
            return f"{kind} {item.name!r} declares {field}= and its plugin implements {hook} too; keep one of them"
    return None


def warn_by_hand(item: Game | Extension, pm: pluggy.PluginManager, plugin: str) -> None:
    """Warn where ``item``'s plugin implements a hook that a declaration replaces (0.2's way).
    ``referee_initial_state`` is no such hook: a house rule replacing its game's state needs it."""
    for field in ("events", "evolve"):
        hook = DECLARED[field]
        if pm.parse_hookimpl_opts(item.plugin, hook) is not None:
            made = f"{type(item).__name__}({field}=...)"
            warn_at(getattr(item.plugin, hook), f"the {hook} hook (implemented by plugin {plugin}, for {item.name!r})", made)


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
            # HookImpl has no public way to wrap its function; the manager of these rules
            # (shared by the tables of this game and these extensions) is changed, so the
            # plugin module itself is untouched.
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
    """The plugin manager of a game and its chosen extensions, with their event types:
    built once per registry and shared by every table (and replay) that plays them."""

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
        """What differs between the code that recorded a table and the code installed here:
        one note a distribution, naming its plugins (a game and its cards share one)."""
        installed = {r.name: r for r in self.records}
        other_build: dict[tuple[str, str], list[str]] = {}
        unknown_build: dict[tuple[str, str], list[str]] = {}
        for rec in recorded:
            got = installed.get(rec.name)
            if got is not None and rec.code and got.code and rec.code != got.code:
                other_build.setdefault((got.distribution, got.version), []).append(rec.name)
            elif got is not None and not rec.code:
                unknown_build.setdefault((rec.distribution, rec.version), []).append(rec.name)
        notes = [
            f"{_named(names)}: the installed {dist} {version} is not the code that recorded this table "
            "(same version, different files): the decisions were re-run under the installed code"
            for (dist, version), names in other_build.items()
        ]
        notes += [
            f"{_named(names)}: the log does not record which build of {dist} {version} played it"
            for (dist, version), names in unknown_build.items()
        ]
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
