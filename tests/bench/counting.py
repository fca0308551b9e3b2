"""Counting what the kernel does, from outside it: store reads, state copies, encodes, plugin
manager builds.

Nothing here edits the kernel.  ``Counting`` wraps names the kernel uses (class methods,
module globals) for as long as it is entered and puts every one back on exit.  The kernel is
being reworked while these counts are taken, so every probe is looked up by name and
tolerated missing: a name that no longer exists counts nothing and is listed in
``Counting.missing``, which the report shows as "n/a".

What is counted (each kind counts only the outermost call, so a read method calling another
read method, or ``encode_line`` calling the log's encoder, counts once):

* ``reads``: calls to ``TableStore``'s read methods (``STORE_READS`` and any other public
  method that is not a write), and ``queries``: the recorder's ``select_*`` calls under them;
* ``copies``: calls to ``referee.table.copy_state`` (wherever a module imported it), and
  ``round_trips``: its msgspec encode-then-decode copies of parts of the state
  (``referee.table._copy``);
* ``encodes``: msgspec encodes made by kernel modules while ``Referee.act`` runs (the write
  path): module-level ``Encoder`` objects, ``msgspec.json.encode`` / ``msgspec.msgpack.encode``
  reached through a module's ``msgspec`` name, and the log's ``encode_line`` / ``canonical``;
* ``rules``: ``referee.registry.Rules`` objects built (``Rules.__init__``).

``Referee.act`` is wrapped too: ``actions`` and ``appended`` (entries it returned) are the
denominators of "per action" and "per event".
"""

from __future__ import annotations

import functools
import importlib
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import msgspec

KINDS = ("reads", "queries", "copies", "round_trips", "encodes", "rules")

STORE_READS = ("entries", "snapshot", "secret", "length", "exists", "table_id_of", "table_ids", "legacy_tables")
STORE_WRITES = ("create", "create_lines", "append", "append_lines", "keep_summary", "close", "migrate")
RECORDER_READS = ("select_events", "select_notifications", "max_notification_id")
COPIERS = (("referee.table", "copy_state"),)
ROUND_TRIPS = (("referee.table", "_copy"),)
NAMED_ENCODERS = (("referee.table", "_CANONICAL"), ("referee.log", "_encoder"))
ENCODING_FUNCTIONS = (("referee.log", "encode_line"), ("referee.log", "canonical"))
ENCODING_MODULES = ("referee.table", "referee.log", "referee.store", "referee.service")
"""Kernel modules whose module-level encoders and ``msgspec`` name are wrapped (any other
loaded ``referee.*`` module is wrapped as well, should the rework move encoding there)."""
RULES = ("referee.registry", "Rules")
SERVICE = ("referee.service", "Referee")

_ENCODER_TYPES = (msgspec.json.Encoder, msgspec.msgpack.Encoder)


class _Namespace:
    """Stands in for ``msgspec`` (or ``msgspec.json``) in one module: a few names counted,
    every other one the real module's."""

    def __init__(self, inner: Any, overrides: dict[str, Any]) -> None:
        self._inner = inner
        self.__dict__.update(overrides)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _CountedEncoder:
    """Stands in for a module-level msgspec ``Encoder``: ``encode`` and ``encode_into`` counted."""

    def __init__(self, inner: Any, wrap: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        self._inner = inner
        self.encode = wrap(inner.encode)
        self.encode_into = wrap(inner.encode_into)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class Counting:
    """``with Counting() as counting: ...``: every kind's count by label while entered."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = {kind: Counter() for kind in KINDS}
        self.missing: dict[str, list[str]] = {kind: [] for kind in KINDS}
        self.found: dict[str, list[str]] = {kind: [] for kind in KINDS}
        self.actions = 0
        self.appended = 0
        self._local = threading.local()
        self._undo: list[tuple[Any, str, Any, bool]] = []

    # -- results ------------------------------------------------------------------
    def total(self, kind: str) -> int | None:
        """The kind's count, or None when none of its probes exists any more (n/a)."""
        if not self.found[kind]:
            return None
        return sum(self.counts[kind].values())

    def snapshot(self) -> dict[str, Any]:
        return {
            "counts": {kind: dict(self.counts[kind]) for kind in KINDS},
            "missing": {kind: list(self.missing[kind]) for kind in KINDS if self.missing[kind]},
            "actions": self.actions,
            "appended": self.appended,
        }

    def reset(self) -> None:
        for counter in self.counts.values():
            counter.clear()
        self.actions = self.appended = 0

    # Depths, pauses and the write path are per thread: a web server decides on its worker
    # thread while the bench prepares the next answer, uncounted, on its own.
    @property
    def _depth(self) -> Counter[str]:
        depth = getattr(self._local, "depth", None)
        if depth is None:
            depth = self._local.depth = Counter()
        return depth

    @property
    def _paused(self) -> int:
        return getattr(self._local, "paused", 0)

    @property
    def _writing(self) -> int:
        return getattr(self._local, "writing", 0)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Count nothing this thread does inside (the bench's own preparation)."""
        self._local.paused = self._paused + 1
        try:
            yield
        finally:
            self._local.paused = self._paused - 1

    # -- patching -----------------------------------------------------------------
    def __enter__(self) -> Counting:
        try:
            self._install()
        except BaseException:
            self._restore()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self._restore()

    def _set(self, owner: Any, name: str, value: Any) -> None:
        own = name in vars(owner)
        self._undo.append((owner, name, vars(owner).get(name), own))
        setattr(owner, name, value)

    def _restore(self) -> None:
        while self._undo:
            owner, name, old, own = self._undo.pop()
            if own:
                setattr(owner, name, old)
            else:
                delattr(owner, name)

    def _counted(self, kind: str, label: str, function: Callable[..., Any], gate: Callable[[], bool] | None = None) -> Callable[..., Any]:
        counts = self.counts[kind]

        @functools.wraps(function)
        def counted(*args: Any, **kwargs: Any) -> Any:
            depth = self._depth
            if depth[kind] == 0 and not self._paused and (gate is None or gate()):
                counts[label] += 1
            depth[kind] += 1
            try:
                return function(*args, **kwargs)
            finally:
                depth[kind] -= 1

        return counted

    def _wrap_method(self, kind: str, cls: type, name: str, label: str, gate: Callable[[], bool] | None = None) -> bool:
        attribute = vars(cls).get(name)
        if attribute is None and not callable(getattr(cls, name, None)):
            return False
        if isinstance(attribute, (staticmethod, classmethod)):
            self._set(cls, name, type(attribute)(self._counted(kind, label, attribute.__func__, gate)))
        else:
            self._set(cls, name, self._counted(kind, label, attribute if attribute is not None else getattr(cls, name), gate))
        return True

    def _note(self, kind: str, label: str, found: bool) -> None:
        (self.found if found else self.missing)[kind].append(label)

    def _install(self) -> None:
        self._install_store()
        self._install_recorders()
        for module, name in COPIERS:
            self._note("copies", f"{module}.{name}", self._wrap_everywhere("copies", module, name))
        for module, name in ROUND_TRIPS:
            self._note("round_trips", f"{module}.{name}", self._wrap_everywhere("round_trips", module, name))
        self._install_encoders()
        rules = _lookup(*RULES)
        self._note("rules", "Rules.__init__", isinstance(rules, type) and self._wrap_method("rules", rules, "__init__", "Rules.__init__"))
        self._install_service()

    def _install_store(self) -> None:
        store = _lookup("referee.store", "TableStore")
        if not isinstance(store, type):
            self.missing["reads"].append("referee.store.TableStore")
            return
        names = list(STORE_READS)
        names += [n for n in vars(store) if not n.startswith("_") and n not in names and n not in STORE_WRITES and callable(vars(store)[n])]
        for name in names:
            label = f"TableStore.{name}"
            self._note("reads", label, name in vars(store) and self._wrap_method("reads", store, name, label))

    def _install_recorders(self) -> None:
        try:
            from eventsourcing.persistence import AggregateRecorder
        except ImportError:
            self.missing["queries"].append("eventsourcing recorders")
            return
        seen: set[type] = set()
        pending: list[type] = [AggregateRecorder]
        while pending:
            cls = pending.pop()
            subclasses: list[type] = type.__subclasses__(cls)
            pending += [sub for sub in subclasses if sub not in seen]
            seen.add(cls)
            for name in RECORDER_READS:
                if name in vars(cls) and callable(vars(cls)[name]):
                    label = f"{name}"
                    self._wrap_method("queries", cls, name, label)
                    if label not in self.found["queries"]:
                        self.found["queries"].append(label)

    def _is_writing(self) -> bool:
        return self._writing > 0

    def _wrap_everywhere(self, kind: str, module_name: str, name: str, gate: Callable[[], bool] | None = None) -> bool:
        """Wrap ``module.name`` and every module-level copy of it in loaded Referee modules."""
        original = _lookup(module_name, name)
        if not callable(original):
            return False
        wrapped = self._counted(kind, f"{module_name}.{name}", original, gate)
        for module in _referee_modules():
            for global_name, value in list(vars(module).items()):
                if value is original:
                    self._set(module, global_name, wrapped)
        return True

    def _install_encoders(self) -> None:
        gate = self._is_writing
        expected = {f"{m}.{n}" for m, n in (*NAMED_ENCODERS, *ENCODING_FUNCTIONS)}
        functions = {id(f): f"{m}.{n}" for m, n in ENCODING_FUNCTIONS if callable(f := _lookup(m, n))}
        names = [m for m in ENCODING_MODULES if m in sys.modules] + [
            m.__name__ for m in _kernel_modules() if m.__name__ not in ENCODING_MODULES
        ]
        wrapped_functions: dict[int, Callable[..., Any]] = {}
        for module_name in names:
            module = sys.modules[module_name]
            for name, value in list(vars(module).items()):
                label = f"{module_name}.{name}"
                if isinstance(value, _ENCODER_TYPES):
                    self._set(
                        module, name, _CountedEncoder(value, lambda f, label=label: self._counted("encodes", f"{label}.encode", f, gate))
                    )
                    self.found["encodes"].append(label)
                elif id(value) in functions:
                    origin = functions[id(value)]
                    if id(value) not in wrapped_functions:
                        wrapped_functions[id(value)] = self._counted("encodes", origin, value, gate)
                    self._set(module, name, wrapped_functions[id(value)])
                    if origin not in self.found["encodes"]:
                        self.found["encodes"].append(origin)
                elif value is msgspec:
                    self._set(module, name, self._msgspec_for(module_name, gate))
                    self.found["encodes"].append(f"{label}.json/msgpack.encode")
                elif value is msgspec.json.encode or value is msgspec.msgpack.encode:
                    self._set(module, name, self._counted("encodes", label, value, gate))
                    self.found["encodes"].append(label)
        self.missing["encodes"] += sorted(label for label in expected if label not in self.found["encodes"])

    def _msgspec_for(self, module_name: str, gate: Callable[[], bool]) -> _Namespace:
        json_encode = self._counted("encodes", f"{module_name} msgspec.json.encode", msgspec.json.encode, gate)
        msgpack_encode = self._counted("encodes", f"{module_name} msgspec.msgpack.encode", msgspec.msgpack.encode, gate)
        return _Namespace(
            msgspec,
            {
                "json": _Namespace(msgspec.json, {"encode": json_encode}),
                "msgpack": _Namespace(msgspec.msgpack, {"encode": msgpack_encode}),
            },
        )

    def _install_service(self) -> None:
        referee_class = _lookup(*SERVICE) or _lookup("referee", "Referee")
        act = getattr(referee_class, "act", None) if isinstance(referee_class, type) else None
        if act is None:
            return
        original = vars(referee_class).get("act", act)

        @functools.wraps(original)
        def act_counted(app: Any, *args: Any, **kwargs: Any) -> Any:
            outermost = self._writing == 0
            self._local.writing = self._writing + 1
            try:
                entries = original(app, *args, **kwargs)
            finally:
                self._local.writing = self._writing - 1
            if outermost and not self._paused:
                self.actions += 1
                self.appended += len(entries) if isinstance(entries, list) else 0
            return entries

        self._set(referee_class, "act", act_counted)


def _lookup(module_name: str, name: str) -> Any:
    try:
        module = sys.modules.get(module_name) or importlib.import_module(module_name)
    except ImportError:
        return None
    return getattr(module, name, None)


def _referee_modules() -> list[ModuleType]:
    """The kernel's, the games' and the adapters' modules loaded now (``referee*``)."""
    return [m for name, m in list(sys.modules.items()) if name.startswith("referee") and isinstance(m, ModuleType)]


def _kernel_modules() -> list[ModuleType]:
    return [m for name, m in list(sys.modules.items()) if (name == "referee" or name.startswith("referee.")) and isinstance(m, ModuleType)]


def per(count: int | None, of: int) -> float | None:
    """``count`` per one of ``of`` (None stays None: the probe is gone)."""
    if count is None or of <= 0:
        return None
    return count / of
