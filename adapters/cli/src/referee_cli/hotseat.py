"""Playing a table in one terminal: people answer their prompts, bots the rest."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from referee import IllegalAction, Referee, Request
from referee.log import Entry

from . import render

_QUIET_TYPES = {
    "referee.PhaseBegan",
    "referee.RequestOpened",
    "referee.RequestWithdrawn",
    "referee.ActionTaken",
    "referee.RoundEnded",
    "referee.TurnEnded",
    "referee.PhaseEnded",
}


def show_progress(app: Referee, table_id: str, entries: Sequence[Entry], out: TextIO) -> None:
    rules = app.rules(table_id)
    for entry in entries:
        if entry.visible_to is None and entry.type not in _QUIET_TYPES:
            print(render.entry_line(rules, entry), file=out)


def _ask(app: Referee, table_id: str, request: Request, several_humans: bool, out: TextIO) -> dict[str, Any] | None:
    """Prompt until the seat gives an answer the rules accept; None at end of input."""
    rules = app.rules(table_id)
    if several_humans:
        print(f"\n===== {request.seat}, it is up to you{' (everyone else: look away)' if request.sealed else ''} =====", file=out)
    print(render.view_text(rules, app.view(table_id, request.seat)), file=out)
    print(f"\n{request.prompt}", file=out)
    while True:
        if request.choices is not None:
            for number, choice in enumerate(request.choices, start=1):
                print(f"  {number}) {choice.label}", file=out)
            prompt = f"{request.seat}, choose 1-{len(request.choices)}: "
        else:
            if request.hint:
                print(f"  ({request.hint})", file=out)
            prompt = f"{request.seat}> "
        print(prompt, end="", file=out, flush=True)
        line = sys.stdin.readline()
        if not line:
            return None
        answer = line.strip()
        if request.choices is not None:
            labels = {c.label.casefold(): c for c in request.choices}
            if answer.isdigit() and 1 <= int(answer) <= len(request.choices):
                return dict(request.choices[int(answer) - 1].args)
            if answer.casefold() in labels:
                return dict(labels[answer.casefold()].args)
            print(f"  '{answer}' is not one of the choices; type a number from 1 to {len(request.choices)}", file=out)
            continue
        return {"text": answer}


def play(
    app: Referee, table_id: str, *, humans: Sequence[str], bots: Sequence[str], quiet: bool = False, out: TextIO | None = None
) -> bool:
    """Play until the game ends (True) or input runs out / nobody here can act (False).

    Prompts and progress go to ``out`` (standard output unless the caller wants that
    stream kept for JSON).
    """
    out = out or sys.stdout
    humans, bots = list(humans), list(bots)
    while True:
        state = app.state(table_id)
        if state.over:
            return True
        requests = app.requests(table_id)
        for_bots = [r for r in requests if r.seat in bots]
        if for_bots:
            request = for_bots[0]
            entries = app.act(table_id, request.seat, request.action, app.bot_answer(table_id, request), request=request.id)
            if not quiet:
                show_progress(app, table_id, entries, out)
            continue
        for_humans = [r for r in requests if r.seat in humans]
        if not for_humans:
            waiting = sorted({r.seat for r in requests})
            print(f"waiting for {', '.join(waiting) or 'nobody'}, who nobody here plays", file=out)
            return False
        request = for_humans[0]
        while True:
            answer = _ask(app, table_id, request, len(humans) > 1, out)
            if answer is None:
                print(f"\nend of input: table {table_id} is saved", file=out)
                return False
            try:
                entries = app.act(table_id, request.seat, request.action, answer, request=request.id)
            except IllegalAction as exc:
                print(f"  not allowed: {exc.message}", file=out)
                continue
            break
        if not quiet:
            show_progress(app, table_id, entries, out)
