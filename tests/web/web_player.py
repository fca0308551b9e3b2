"""What a player must (and must not) see on a page, and a player's hands on its forms.

``player_text_problems`` is the one judge of a page's text used by the browser tests: it
lists whatever in the text is not for a player's eyes.  ``answer_through_form`` enters an
answer into a request's form the way a person would, control by control.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import httpx

# Text a player never reads.  Each pattern names what it catches.
_NEVER = (
    (re.compile(r"[{}\[\]]"), "a brace or bracket (a struct, list or JSON value printed as it is)"),
    (re.compile(r"\bNone\b(?! of)"), "Python's None"),
    (re.compile(r"\b(?:null|undefined|NaN)\b"), "a JavaScript or JSON placeholder"),
    (re.compile(r"\b[A-Z][A-Za-z]+\((?:[a-z_]+=|\))"), "a struct's repr (SeatsAutomated(seats=...))"),
    (re.compile(r"\b[a-z_]+\.[A-Z][A-Za-z]+\b"), "an event's type name (referee.RequestOpened)"),
)
_PLACEHOLDER_LINE = re.compile(r"^\(?(?:none|None|n/a|-|—|–)\)?$")
"""A line that is only a placeholder, as a field with no value was once printed."""

_ID_LIKE = re.compile(r"[\w./#-]+")


def id_like(text: str) -> bool:
    """Whether ``text`` reads as a machine's name rather than a word: one token holding
    ``_``, ``/`` or ``#`` (``Ada/streetwalker-pout#3``, ``my_guns``), letters mixed with
    digits (``S06``, ``pickpocket-3``, ``r1.bullet.Ada``), lower-case words joined by ``-``
    or ``.`` (``big-bertha``, ``the-fixer``; a name such as ``Frame-Up`` is capitalised),
    or a token with no vowel (``bbb``), which no English word of two letters or more is."""
    if len(text) < 2 or not _ID_LIKE.fullmatch(text) or text.isdigit():
        return False
    if re.search(r"[_/#]", text):
        return True
    if re.search(r"\d", text) and re.search(r"[A-Za-z]", text):
        return True
    if re.search(r"[-.]", text.strip(".")) and text == text.lower():
        return True
    return text.isalpha() and not re.search(r"[aeiouyAEIOUY]", text)


def raw_ids(requests: Iterable[dict[str, Any]], view: Any, seats: Iterable[str]) -> set[str]:
    """The machine names a table uses that a page must not show: each option value that
    differs from its label and reads as an id (``id_like``), each request's id, and each
    id-like string in the game's view.  Seat names are names, never ids."""
    found: set[str] = set()
    for request in requests:
        found.add(str(request.get("id", "")))
        for shape in (request.get("answer") or {}).values():
            for option in (*shape.get("options", ()), *shape.get("items", ()), *shape.get("targets", ())):
                value, label = option.get("value", ""), option.get("label", "")
                if label and value != label and value.lower() not in label.lower() and id_like(value):
                    found.add(value)

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if id_like(key):
                    found.add(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and id_like(value):
            found.add(value)

    walk(view)
    return {i for i in found if i and i not in set(seats)}


def player_text_problems(text: str, ids: Iterable[str] = (), *, allowed: Iterable[str] = ()) -> list[str]:
    """What in ``text`` (a page's visible text, or a log line) a player should never read:

    - a brace or bracket, Python's ``None``, ``null``/``undefined``/``NaN``, a struct's
      repr, an event's type name (``_NEVER``);
    - a line that is only a placeholder: ``none``, ``(none)``, ``-``;
    - any of ``ids`` (see ``raw_ids``) as a whole token, case and all.

    ``allowed``: exact passages that are fine where they stand (e.g. text a player typed),
    taken out of the text before it is judged.  Returns one message per problem, with the
    line it was found in; empty when the text is fit to read."""
    for passage in allowed:
        text = text.replace(passage, " ")
    problems = []
    for line in text.splitlines():
        stripped = line.strip()
        if _PLACEHOLDER_LINE.match(stripped):
            problems.append(f"a placeholder line {stripped!r}")
        for pattern, what in _NEVER:
            if pattern.search(line):
                problems.append(f"{what}: {stripped[:160]!r}")
    shown_ids: dict[str, str] = {}
    for raw in sorted(set(ids)):
        hit = re.compile(rf"(?<![\w/#.-]){re.escape(raw)}(?![\w/#-])").search(text)
        if hit:
            start = text.rfind("\n", 0, hit.start()) + 1
            end = text.find("\n", hit.end())
            shown_ids[raw] = text[start : end if end >= 0 else None].strip()[:160]
    if shown_ids:
        first, where = next(iter(shown_ids.items()))
        problems.append(
            f"{len(shown_ids)} raw ids ({', '.join(list(shown_ids)[:8])}{', ...' if len(shown_ids) > 8 else ''}), e.g. {first!r} in {where!r}"
        )
    return problems


def defaults_of(form: Any) -> list[str]:
    """The choices a form makes before the player does: a checked radio or box, a list with a
    value chosen, a number or text filled in.  A consequential form has none."""
    found = form.evaluate(
        """(form) => {
          const made = [];
          for (const input of form.querySelectorAll("input[type=radio], input[type=checkbox]"))
            if (input.checked) made.push(`${input.type} ${input.closest("label")?.textContent.trim()} is checked`);
          for (const select of form.querySelectorAll("select")) if (select.value) made.push(`a list shows ${select.selectedOptions[0].textContent}`);
          for (const input of form.querySelectorAll("input[type=number], input[type=text], textarea")) if (input.value) made.push(`a field holds ${input.value}`);
          for (const input of form.querySelectorAll("input[type=checkbox]"))
            if (input.closest("[data-kind=flag]")) made.push("a yes-or-no is a lone checkbox");
          return made;
        }"""
    )
    return list(found)


def seat_link(url: str, created: dict[str, Any], seat: str) -> str:
    """The link a person opens for ``seat`` of a table just opened (``created``: what the
    server answered): its invitation where the server hands out invitations to claim, else
    its token."""
    invitations = created.get("invitations") or {}
    secret = f"invite={invitations[seat]}" if seat in invitations else f"token={created['tokens'][seat]}"
    return f"{url}/play#table={created['table']}&seat={seat}&{secret}"


def seat_token(url: str, created: dict[str, Any], seat: str) -> str:
    """``seat``'s credential for the API: its invitation claimed where the server hands out
    invitations, else its token."""
    invitations = created.get("invitations") or {}
    if seat not in invitations:
        return str(created["tokens"][seat])
    claimed = httpx.post(
        f"{url}/api/tables/{created['table']}/seats/{seat}/claim", headers={"Authorization": f"Bearer {invitations[seat]}"}
    )
    assert claimed.status_code == 200, claimed.text
    return str(claimed.json()["credential"])


def _quoted(value: str) -> str:
    return json.dumps(value)


def answer_through_form(form: Any, args: dict[str, Any]) -> None:
    """Enter ``args`` (an answer to the form's request) through the form's own controls, as a
    person would: a radio clicked, a box ticked, a list chosen, a number or text typed; a
    field ``args`` leaves out is left alone.  Then press Send."""
    for name, value in args.items():
        field = form.locator(f"[data-field={_quoted(name)}]")
        kind = field.get_attribute("data-kind")
        # A long form's optional list is folded under its name: opened as a person would.
        field.evaluate("(f) => { const d = f.closest('details'); if (d && !d.open) d.querySelector('summary').click(); }")
        if kind in ("pick", "flag"):
            wanted = ("yes" if value else "no") if kind == "flag" else str(value)
            select = field.locator("select")
            if select.count():
                select.select_option(wanted)
            else:
                field.locator(f"input[type=radio][value={_quoted(wanted)}]").check()
        elif kind == "subset":
            for item in value:
                field.locator(f"input[type=checkbox][value={_quoted(str(item))}]").check()
        elif kind == "amount":
            field.locator("input[type=number]").fill(str(value))
        elif kind == "text":
            field.locator("textarea").fill(str(value))
        elif kind == "assign":
            for item, target in value.items():
                field.locator(f"select[data-item={_quoted(str(item))}]").select_option(str(target))
        else:
            raise AssertionError(f"no form control for a field of kind {kind!r} ({name})")
    form.locator("button[type=submit]").click()
