"""Playing a table in one terminal: people answer their prompts, bots the rest."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from referee import Referee, RefereeError, Request, Text
from referee.log import Entry

from . import answering, render

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


def _answer(app: Referee, table_id: str, request: Request, several_humans: bool, out: TextIO) -> list[Entry] | None:
    """Show the seat its view and the request once, then read answers until the rules
    accept one (the entries it appended); None at end of input.  A refused answer is
    asked again under the refusal, without the whole view again."""
    rules = app.rules(table_id)
    if several_humans:
        print(f"\n===== {request.seat}, it is up to you{' (everyone else: look away)' if request.sealed else ''} =====", file=out)
    print(render.view_text(rules, app.view(table_id, request.seat)), file=out)
    print(f"\n{request.prompt}", file=out)
    for line in answering.how(request):
        print(f"  {line}", file=out)
    while True:
        print(f"{request.seat}> ", end="", file=out, flush=True)
        line = sys.stdin.readline()
        if not line:
            return None
        typed = line.rstrip("\n")
        try:
            args = answering.args_from_text(request, typed)
            return app.act(table_id, request.seat, request.action, args, request=request.id)
        except RefereeError as exc:
            print(f"  not allowed: {exc.message}", file=out)
            for name in _blank_text_fields(request, typed):
                print(f"  (to answer {name} with empty text, type: {name}=)", file=out)


def _blank_text_fields(request: Request, typed: str) -> list[str]:
    # An empty line leaves a field out, which a required text field refuses; say how to
    # send empty text on purpose instead.
    if typed.strip() or request.answer is None:
        return []
    return [name for name, shape in request.answer.items() if isinstance(shape, Text) and not shape.optional]


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
        answered = _answer(app, table_id, request, len(humans) > 1, out)
        if answered is None:
            print(f"\nend of input: table {table_id} is saved", file=out)
            return False
        if not quiet:
            show_progress(app, table_id, answered, out)
