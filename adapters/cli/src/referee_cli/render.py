"""Text for terminals: views, the log as a story, entries, verdicts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee import ActionTaken, Entry, Referee, Rules, event_tag, presentation, story, words

from . import presenting

_ACTION = event_tag(ActionTaken)


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _empty(value: Any) -> bool:
    return value is None or value == "" or (isinstance(value, (dict, list, tuple)) and not value)


def generic(value: Any, indent: int = 0) -> str:
    """A view no game lays out, as labelled lines a person can read: fields titled
    ("my_guns" -> "My guns"), nested ones indented, lists of words joined, empty ones
    left out (a blank is not worth a line, and "None" is not a word a player reads)."""
    pad = "  " * indent
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if _empty(item):
                continue
            label = words.title(str(key))
            if isinstance(item, dict) or (isinstance(item, (list, tuple)) and any(isinstance(i, (dict, list, tuple)) for i in item)):
                lines.append(f"{pad}{label}:")
                lines.append(generic(item, indent + 1))
            elif isinstance(item, (list, tuple)):
                lines.append(f"{pad}{label}: {', '.join(_scalar(i) for i in item if not _empty(i))}")
            else:
                lines.append(f"{pad}{label}: {_scalar(item)}")
        return "\n".join(line for line in lines if line)
    if isinstance(value, (list, tuple)):
        return "\n".join(f"{pad}- {generic(item, indent + 1).strip()}" for item in value if not _empty(item))
    return f"{pad}{_scalar(value)}"


def view_text(rules: Rules, view: dict[str, Any]) -> str:
    """The game's presentation as text where it declares one, else its own text view
    (``referee_render_view``), else the view's fields laid out generically."""
    shown = presentation.present(rules, view)
    if shown is not None:
        return presenting.text(shown)
    text = rules.hook.referee_render_view(view=view["view"], seat=view["seat"])
    return str(text) if text else generic(view["view"])


def story_line(line: story.Line) -> str:
    """One line of the story: its number (for ``referee explain``), the sentence, a mark
    where the reader sees what others do not, and the rule it follows."""
    private = " [private]" if line.kind == "private" else ""
    rule = f"  ({line.rule})" if line.rule else ""
    return f"{line.seq:>5} {line.text}{private}{rule}"


def story_lines(lines: Iterable[story.Line], bookkeeping: bool = False) -> list[str]:
    """The story as text, the kernel's bookkeeping folded away unless asked for."""
    return [story_line(line) for line in lines if bookkeeping or line.kind != "bookkeeping"]


def entry_line(rules: Rules, entry: Entry) -> str:
    """One entry as ``explain`` lists it for a dispute: its own terse description and the
    seat that acted (the story's words are for players, this is for the record)."""
    body = f"(hidden from this seat: {entry.type})" if entry.redacted else Referee.audit.describe(rules, entry)
    who = f" [{entry.seat}]" if entry.seat and entry.type == _ACTION else ""
    rule = f"  ({entry.rule})" if entry.rule else ""
    return f"{entry.seq:>5}{who} {body}{rule}"
