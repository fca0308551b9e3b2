"""Which extensions a new table gets: the game's defaults, every installed one, exactly a
list, or the defaults changed (``+name`` adds one, ``-name`` takes one away)."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import RefereeError
from .limits import plain
from .rules import Extension

__all__ = ["chosen_extensions"]


def chosen_extensions(game_name: str, installed: Sequence[Extension], extensions: Sequence[str] | None) -> list[str]:
    """The names of the extensions of ``game_name`` (``installed``) a table asking for
    ``extensions`` gets.

    ``None`` is the game's defaults and ``["all"]`` every installed extension; names
    written ``+name`` and ``-name`` add to and remove from the defaults (or from every
    installed one, with ``"all"`` among them), so a table asks for "the game as it comes,
    plus my card" without listing the game's own; any other list is exactly those
    extensions.  An unknown name, or plain names mixed with changes, is refused naming it."""
    available = {e.name: e for e in installed}
    if extensions is None:
        return [e.name for e in available.values() if e.default]
    given = list(extensions)
    if given == ["all"]:
        return sorted(available)
    changes = [n for n in given if n[:1] in ("+", "-")]
    others = [n for n in given if n[:1] not in ("+", "-")]
    if changes and others and others != ["all"]:
        raise RefereeError(
            f"extensions for {game_name}: name them all ({', '.join(plain(n) for n in others)}) or only changes to "
            "the defaults (+name, -name), not both"
        )
    names = [n[1:] for n in changes] if changes else given
    unknown = [n for n in names if n not in available]
    if unknown:
        known = ", ".join(sorted(available)) or "none"
        raise RefereeError(f"{game_name} has no extension named {', '.join(plain(n) for n in unknown)}; available: {known}")
    if not changes:
        return list(dict.fromkeys(names))
    chosen = sorted(available) if others else [e.name for e in available.values() if e.default]
    for change in changes:
        name = change[1:]
        if change[0] == "+" and name not in chosen:
            chosen.append(name)
        elif change[0] == "-" and name in chosen:
            chosen.remove(name)
    return chosen
