"""Verifying an archive of logs on the lab's engine: every log of a folder, or every table
of a store, checked as ``referee verify`` checks one (``Referee.audit.verify``), in batches
over the workers.  The logs travel with their tasks, so a cluster's workers need the games
installed, not the files."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import msgspec

from referee import MEMORY, Referee, RefereeError, TableStore

from .engine import Engine, batches
from .runs import registry_for

__all__ = ["Checked", "logs_in", "verify_all", "verify_batch"]

RECEIPTS = ".receipts.jsonl"
"""A seat's receipts kept beside its export: not a log."""


class Checked(msgspec.Struct, frozen=True):
    """One log's verdict, as ``referee verify`` gives it."""

    source: str
    ok: bool
    message: str
    bad_entry: int | None = None
    notes: list[str] = []


def logs_in(folder: Path) -> list[Path]:
    """The logs of a folder (``*.jsonl``, receipts files left out), in name order."""
    return sorted(p for p in folder.glob("*.jsonl") if not p.name.endswith(RECEIPTS) and p.is_file())


def verify_batch(logs: Sequence[tuple[str, str]]) -> list[Checked]:
    """Each ``(source, text)`` loaded and verified; a log that cannot be read fails with why."""
    found = []
    with Referee(registry=registry_for(()), store=TableStore(MEMORY)) as app:
        for source, text in logs:
            try:
                verdict = app.audit.verify(app.audit.load_log(text, source=source))
            except RefereeError as exc:
                found.append(Checked(source, False, exc.message))
                continue
            found.append(Checked(source, verdict.ok, verdict.message, verdict.bad_seq, list(verdict.notes)))
    return found


def verify_all(
    logs: Iterable[tuple[str, Callable[[], str]]],
    engine: Engine,
    on_done: Callable[[int], None] | None = None,
) -> list[Checked]:
    """Every log verified, in the order given.  Each log is ``(source, read)``: ``read()``
    gives its text, or raises ``RefereeError`` (the log then fails with that message,
    the others are still checked)."""
    texts: list[tuple[str, str]] = []
    unreadable: dict[int, Checked] = {}
    for number, (source, read) in enumerate(logs):
        try:
            texts.append((source, read()))
        except RefereeError as exc:
            unreadable[number] = Checked(source, False, exc.message)
    tasks = [([texts[i] for i in batch],) for batch in batches(range(len(texts)), engine.workers)]
    done = engine.run(verify_batch, tasks, (lambda checked: on_done(len(checked))) if on_done else None)
    checked = iter([c for batch in done for c in batch])
    total = len(texts) + len(unreadable)
    return [unreadable[n] if n in unreadable else next(checked) for n in range(total)]
