"""Playing a table in one terminal: people answer their prompts, bots the rest."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import TextIO

from referee import (
    ActionTaken,
    Entry,
    PhaseBegan,
    PhaseEnded,
    Referee,
    RefereeError,
    Request,
    RequestOpened,
    RequestWithdrawn,
    RoundEnded,
    SeatsAutomated,
    Text,
    TurnEnded,
    event_tag,
)

from . import answering, render

# Bookkeeping a person watching the game does not need to read.
_QUIET_TYPES = {
    event_tag(t) for t in (PhaseBegan, RequestOpened, RequestWithdrawn, ActionTaken, RoundEnded, TurnEnded, PhaseEnded, SeatsAutomated)
}

_CLEAR = "\033[H\033[2J"


def _line_editing() -> None:
    """Arrow keys, line editing and history at the prompt, where readline is available
    (it is not on Windows without an extra package; input then works as plain lines)."""
    # Only at a terminal: importing readline may write control sequences to the output.
    if sys.stdin.isatty() and sys.stdout.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401 - importing it is what turns editing on for input()


def _read_line(prompt: str, out: TextIO) -> str | None:
    """One typed line (without its newline), or None at end of input.  At a terminal,
    through input() so readline edits it and keeps history; otherwise read plainly."""
    if out is sys.stdout and sys.stdin.isatty() and sys.stdout.isatty():
        try:
            return input(prompt)
        except EOFError:
            return None
    print(prompt, end="", file=out, flush=True)
    line = sys.stdin.readline()
    return line.rstrip("\n") if line else None


def _hand_over(seat: str, out: TextIO) -> bool:
    """Hide the last player's screen and wait until ``seat`` is at the keyboard; False at
    end of input.  A terminal is cleared; other outputs (a file, a pipe) get the banner only."""
    if out.isatty():
        print(_CLEAR, end="", file=out, flush=True)
    print(f"\n===== pass the keyboard to {seat} =====", file=out)
    return _read_line(f"{seat}, press Enter when only you can see the screen ", out) is not None


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
        typed = _read_line(f"{request.seat}> ", out)
        if typed is None:
            return None
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
    app: Referee,
    table_id: str,
    *,
    humans: Sequence[str],
    bots: Sequence[str],
    quiet: bool = False,
    out: TextIO | None = None,
    memory: bool = False,
) -> bool:
    """Play until the game ends (True) or input runs out / nobody here can act (False).

    Prompts and progress go to ``out`` (standard output unless the caller wants that
    stream kept for JSON).  With two or more people at one screen, each one's private
    view is shown only after the screen is cleared and that person says they are there.
    ``memory``: the table lives in this process only, so leaving it is not "saving" it.
    """
    out = out or sys.stdout
    humans, bots = list(humans), list(bots)
    _line_editing()
    last_seat: str | None = None
    while True:
        # One look at the table answers every question of a step (whether it is over, who
        # is asked, the bot's view); a bot's step reads nothing more.
        with app.reading(table_id):
            if app.over(table_id):
                return True
            requests = app.requests(table_id)
            for_bots = [r for r in requests if r.seat in bots]
            if for_bots:
                request = for_bots[0]
                entries = app.act(table_id, request.seat, request.action, app.bots.answer(table_id, request), request=request.id)
                if not quiet:
                    show_progress(app, table_id, entries, out)
                continue
        for_humans = [r for r in requests if r.seat in humans]
        if not for_humans:
            waiting = sorted({r.seat for r in requests})
            print(f"waiting for {', '.join(waiting) or 'nobody'}, who nobody here plays", file=out)
            return False
        request = for_humans[0]
        several = len(humans) > 1
        if several and request.seat != last_seat and not _hand_over(request.seat, out):
            answered = None
        else:
            last_seat = request.seat
            answered = _answer(app, table_id, request, several, out)
        if answered is None:
            print(f"\nend of input: table {table_id} {'is lost with this process' if memory else 'is saved'}", file=out)
            return False
        if not quiet:
            show_progress(app, table_id, answered, out)
