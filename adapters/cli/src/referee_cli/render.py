"""Text for terminals: views, entries, tables, verdicts."""

from __future__ import annotations

from typing import Any

from referee import ActionTaken, Entry, Referee, Rules, event_tag
from referee.presentation import present

from . import presenting

_ACTION = event_tag(ActionTaken)


def generic(value: Any, indent: int = 0) -> str:
    pad = "  " * indent
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{key}:")
                lines.append(generic(item, indent + 1))
            else:
                lines.append(f"{pad}{key}: {item}")
        return "\n".join(lines)
    if isinstance(value, list):
        return "\n".join(f"{pad}- {generic(item, indent + 1).strip()}" for item in value)
    return f"{pad}{value}"


def view_text(rules: Rules, view: dict[str, Any]) -> str:
    """The game's presentation as text where it declares one, else its own text view
    (``referee_render_view``), else the view's fields laid out generically."""
    shown = present(rules, view)
    if shown is not None:
        return presenting.text(shown)
    text = rules.hook.referee_render_view(view=view["view"], seat=view["seat"])
    return str(text) if text else generic(view["view"])


def entry_line(rules: Rules, entry: Entry) -> str:
    body = f"(hidden from this seat: {entry.type})" if entry.redacted else Referee.audit.describe(rules, entry)
    who = f" [{entry.seat}]" if entry.seat and entry.type == _ACTION else ""
    rule = f"  ({entry.rule})" if entry.rule else ""
    return f"{entry.seq:>5}{who} {body}{rule}"
