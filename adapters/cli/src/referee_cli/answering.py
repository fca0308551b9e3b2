"""Answers typed by a person, for any game: read through the request's answer shape.

The same text form serves ``referee act`` and the hot seat, and what ``view`` and the
prompt print (``how``) is what this module reads.  Requests of older logs that list
their choices (or take bare text) are still answered the old way.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

import msgspec

from referee import RefereeError, Request, answers


def as_request(data: Request | dict[str, Any]) -> Request:
    return data if isinstance(data, Request) else msgspec.convert(data, Request)


def how(request: Request) -> list[str]:
    """How to answer ``request``, one line each (without indentation)."""
    if request.answer is not None:
        return answers.describe(request.answer).splitlines()
    if request.choices is not None:
        return [f"{n}) {c.label}" for n, c in enumerate(request.choices, start=1)] + ["type a number or a label"]
    return [request.hint] if request.hint else ["free text"]


def args_from_text(request: Request, text: str) -> dict[str, Any]:
    """The action's args for ``text`` typed in answer to ``request`` (checked later by the kernel)."""
    if request.answer is not None:
        # Checked here as well as by the kernel: this refusal names the choices by the
        # numbers the prompt showed, which the kernel's (for every adapter) cannot.
        args = answers.parse(request.answer, text)
        answers.check(request.answer, args)
        return args
    if request.choices is not None:
        typed = text.strip()
        if typed.isdigit() and 1 <= int(typed) <= len(request.choices):
            return dict(request.choices[int(typed) - 1].args)
        for choice in request.choices:
            if choice.label.casefold() == typed.casefold():
                return dict(choice.args)
        listed = "; ".join(f"{n}) {c.label}" for n, c in enumerate(request.choices, start=1))
        raise RefereeError(f'"{typed}" is not one of the choices; choose 1 to {len(request.choices)}: {listed}')
    return {"text": text}


def pending(requests: Sequence[Request], seat: str, action: str, request_id: str | None) -> Request | None:
    """The open request of ``seat`` that ``action`` answers; None where none is open
    (the kernel then says why, or the action needs no request: the gamesmaster's)."""
    mine = [r for r in requests if r.seat == seat and r.action == action and request_id in (None, r.id)]
    if len(mine) > 1:
        raise RefereeError(f"{seat} has several {action!r} requests open; say which with --request: {', '.join(r.id for r in mine)}")
    return mine[0] if mine else None


def act_command(table_id: str, request: Request, several: bool) -> str:
    which = f" --request {request.id}" if several else ""
    return f"referee act {shlex.quote(table_id)} {shlex.quote(request.seat)} {shlex.quote(request.action)}{which} ANSWER"
