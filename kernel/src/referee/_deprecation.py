"""Old names kept working for one minor release, each warning where its replacement is.

Every deprecated name goes through here, so every warning reads alike
(``OLD is deprecated: use NEW``) and points at the line that used the old name: a
``DeprecationWarning`` raised by a name of ``referee`` is attributed to its caller.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Moved", "moved_names", "warn", "warn_at"]


def warn(old: str, new: str, *, depth: int = 1) -> None:
    """Say that ``old`` is deprecated in favour of ``new``, attributed ``depth`` frames
    above the function calling this one (1: that function's caller)."""
    warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=depth + 2)


def warn_at(function: Callable[..., Any], old: str, new: str) -> None:
    """``warn``, attributed to ``function``'s own code (a plugin's hook implementation): the
    code to change, found wherever the kernel came across it."""
    code = getattr(function, "__func__", function).__code__
    module = getattr(function, "__module__", None) or "<unknown>"
    once = vars(sys.modules[module]).setdefault("__warningregistry__", {}) if module in sys.modules else None
    warnings.warn_explicit(
        f"{old} is deprecated: use {new}", DeprecationWarning, code.co_filename, code.co_firstlineno, module=module, registry=once
    )


class Moved:
    """A class attribute that moved to ``path`` on the same object (``"audit.verify"``):
    reading the old name warns and gives the new one, from an instance or the class."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.old = self.new = path

    def __set_name__(self, owner: type, name: str) -> None:
        self.old, self.new = f"{owner.__name__}.{name}", f"{owner.__name__}.{self.path}"

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        warn(self.old, self.new)
        target: Any = owner if obj is None else obj
        for part in self.path.split("."):
            target = getattr(target, part)
        return target


def moved_names(module: str, moved: Mapping[str, str], *, notes: Mapping[str, str] | None = None) -> Callable[[str], Any]:
    """A module's ``__getattr__`` for names that moved to other modules: ``moved`` maps each
    old name to its new dotted path; ``notes`` adds words to the warning of some names."""

    def __getattr__(name: str) -> Any:
        new = moved.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warn(f"{module}.{name}", new + (notes or {}).get(name, ""))
        home, _, moved_name = new.rpartition(".")
        return getattr(importlib.import_module(home), moved_name)

    return __getattr__
