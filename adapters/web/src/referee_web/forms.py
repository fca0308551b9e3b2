"""What the hub shows of requests and verdicts, and which table options it refuses."""

from __future__ import annotations

from typing import Any

from referee import Text


def _pasteable(request: Any) -> bool:
    """A request answered by one text field (written orders): the gamesmaster may enter it."""
    answer = request.answer
    return answer is not None and len(answer) == 1 and isinstance(next(iter(answer.values())), Text)


def _file_like(value: Any) -> str | None:
    """A string option naming a path: refused, so that nobody makes the server read its files
    (a game reads a path it is given when the table opens, e.g. a Pimp deck file)."""
    if isinstance(value, str):
        one_line = "\n" not in value
        if one_line and (value.startswith(("~", ".", "/", "\\")) or "/" in value or "\\" in value or value.endswith(".toml")):
            return value
        return None
    if isinstance(value, dict):
        for item in value.values():
            found = _file_like(item)
            if found is not None:
                return found
    if isinstance(value, list):
        for item in value:
            found = _file_like(item)
            if found is not None:
                return found
    return None


def _label(request: Any) -> str:
    name, shape = next(iter((request.answer or {}).items()))
    return str(getattr(shape, "label", "") or name)


def _hint(request: Any) -> str:
    shape = next(iter((request.answer or {}).values()), None)
    return str(getattr(shape, "hint", ""))


def _verdict(verdict: Any) -> dict[str, Any]:
    return {
        "ok": verdict.ok,
        "message": verdict.message,
        "checked": verdict.checked,
        "bad_entry": verdict.bad_seq,
        "notes": list(verdict.notes),
    }
