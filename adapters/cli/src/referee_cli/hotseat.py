"""Playing a table in one terminal: people answer their prompts, bots the rest."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import TextIO

from referee import Assign, Entry, Referee, RefereeError, Request, Subset, Text, answers, story, words

from . import answering, render

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


class Teller:
    """What the people at this screen read of the log, as a story in their words.

    Progress is told to whoever has the screen: the one person playing, or, with several,
    the last one handed the keyboard (before that, everyone: told as a spectator reads it).
    It is told in their words, with their private results and what is hidden from them
    told from its header alone.  When the keyboard passes to a person, the private results
    they missed while others had it are told to them first (``hand_over``).  The kernel's
    bookkeeping is folded unless asked for.
    """

    def __init__(self, app: Referee, table_id: str, humans: Sequence[str], *, out: TextIO, bookkeeping: bool = False, after: int = 0):
        self.app, self.table_id, self.out, self.bookkeeping = app, table_id, out, bookkeeping
        self.owner = humans[0] if len(humans) == 1 else None
        self.shown = after
        self.told = dict.fromkeys(humans, after)
        self.asked: dict[str, Request] = {}

    def note(self, requests: Sequence[Request]) -> None:
        """Keep the requests answered next, so an answer is told in the words they offered."""
        self.asked.update((r.id, r) for r in requests)

    def _story(self, reader: str | None, after: int) -> list[story.Line]:
        rules = self.app.rules(self.table_id)
        return story.story(rules, self.app.visible_entries(self.table_id, reader, after=after), reader, self.asked)

    def progress(self) -> None:
        """Tell whoever has the screen what happened since the screen last told it."""
        lines = self._story(self.owner, self.shown)
        if not lines:
            return
        self.shown = lines[-1].seq
        if self.owner is not None:
            self.told[self.owner] = self.shown
        for text in render.story_lines(lines, self.bookkeeping):
            print(text, file=self.out)

    def hand_over(self, seat: str) -> None:
        """``seat`` is alone at the keyboard now: tell them the private results they missed
        while the screen was someone else's (the card a Pickpocket took from them, the one
        they took), then tell the progress to them."""
        self.owner = seat
        missed = [line for line in self._story(seat, self.told.get(seat, self.shown)) if line.seq <= self.shown]
        self.told[seat] = self.shown
        private = [line for line in missed if line.kind == "private"]
        if private:
            print(f"----- for {seat} only -----", file=self.out)
            for text in render.story_lines(private, bookkeeping=True):
                print(text, file=self.out)
            print("-----", file=self.out)


def _answer(app: Referee, table_id: str, request: Request, out: TextIO) -> list[Entry] | None:
    """Show the seat its view and the request once, then read answers until the rules
    accept one (the entries it appended); None at end of input.  A refused answer is
    asked again under the refusal, without the whole view again."""
    rules = app.rules(table_id)
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
            done = app.act(table_id, request.seat, request.action, args, request=request.id)
        except RefereeError as exc:
            print(f"  not allowed: {exc.message}", file=out)
            for name in _blank_text_fields(request, typed):
                shape = request.answer[name]  # type: ignore[index]
                nothing = f"send empty {shape.label or 'text'}" if isinstance(shape, Text) else f"choose no {shape.label or name}"
                print(f"  (to {nothing}, type: {answers.field_name(name)}=)", file=out)
            continue
        if done.receipt is not None:
            from .disputes import keep

            try:
                keep(app.location, done.receipt)  # a person's answer, kept as `referee act` keeps it
            except RefereeError as exc:  # recorded all the same: say so, and play on
                print(f"  {exc.message}", file=out)
        return done


def _blank_text_fields(request: Request, typed: str) -> list[str]:
    # An empty line leaves a field out, which a required field refuses; say how to send
    # empty text, or choose nothing, on purpose instead.
    if typed.strip() or request.answer is None:
        return []
    return [
        name
        for name, shape in request.answer.items()
        if not shape.optional and (isinstance(shape, Text) or (isinstance(shape, (Subset, Assign)) and shape.min == 0))
    ]


def play(
    app: Referee,
    table_id: str,
    *,
    humans: Sequence[str],
    bots: Sequence[str],
    quiet: bool = False,
    out: TextIO | None = None,
    memory: bool = False,
    bookkeeping: bool = False,
    after: int | None = None,
) -> bool:
    """Play until the game ends (True) or input runs out / nobody here can act (False).

    Prompts and progress go to ``out`` (standard output unless the caller wants that
    stream kept for JSON).  With two or more people at one screen, each one's private
    view and private results are shown only after the screen is cleared and that person
    says they are there.  ``memory``: the table lives in this process only, so leaving it
    is not "saving" it.  ``bookkeeping``: tell the kernel's own records too (requests
    opened, answers as sent, random draws).  ``after``: the entries up to this one were
    told already (default: all of them; 0 tells the table from its opening).
    """
    out = out or sys.stdout
    humans, bots = list(humans), list(bots)
    _line_editing()
    start = len(app.entries(table_id)) if after is None else after
    teller = Teller(app, table_id, humans, out=out, bookkeeping=bookkeeping, after=start)
    if not quiet:
        teller.progress()
    last_seat: str | None = None
    while True:
        # One look at the table answers every question of a step (whether it is over, who
        # is asked, the bot's view); a bot's step reads nothing more.
        with app.reading(table_id):
            if app.over(table_id):
                return True
            requests = app.requests(table_id)
            teller.note(requests)
            for_bots = [r for r in requests if r.seat in bots]
            if for_bots:
                request = for_bots[0]
                app.act(table_id, request.seat, request.action, app.bots.answer(table_id, request), request=request.id)
                if not quiet:
                    teller.progress()
                continue
        for_humans = [r for r in requests if r.seat in humans]
        if not for_humans:
            waiting = sorted({r.seat for r in requests})
            print(f"waiting for {words.listing(waiting)}, who nobody here plays", file=out)
            return False
        request = for_humans[0]
        several = len(humans) > 1
        if several and request.seat != last_seat and not _hand_over(request.seat, out):
            answered = None
        else:
            if several:
                print(f"\n===== {request.seat}, it is up to you{' (everyone else: look away)' if request.sealed else ''} =====", file=out)
            if request.seat != last_seat:
                teller.hand_over(request.seat)
            last_seat = request.seat
            answered = _answer(app, table_id, request, out)
        if answered is None:
            print(f"\nend of input: table {table_id} {'is lost with this process' if memory else 'is saved'}", file=out)
            return False
        if not quiet:
            teller.progress()
