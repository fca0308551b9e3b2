"""Receipts and disputes on the command line: where a seat's receipts are kept,
``referee verify FINAL --against MINE.jsonl`` and ``referee dispute``.

Every ``referee act`` (and every answer a person types in ``referee play``) appends the
host's receipt for the action to a file kept beside the store, one per table and seat: ``<store>.receipts/<table>/<seat>.jsonl`` (a PostgreSQL
store keeps them in the user's data folder, ``referee/receipts/``).  ``referee export
TABLE --seat S -o S.jsonl`` writes that seat's receipts beside its export, as
``S.receipts.jsonl``: the two files a player keeps.  ``verify --against`` and ``dispute``
read a copy's receipts from that file when it is there.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from . import common

if TYPE_CHECKING:
    from referee import Copy, Receipt

RECEIPTS_SUFFIX = ".receipts.jsonl"


def receipts_file(location: str, table_id: str, seat: str) -> Path | None:
    """Where the receipts of ``seat`` at ``table_id`` are kept for a store at ``location``
    (None for a store kept in memory, which ends with the command)."""
    from referee import MEMORY

    if location == MEMORY:
        return None
    if "://" in location:  # a database server: the user's own data folder
        folder = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "referee" / "receipts"
    else:
        store = Path(location).expanduser()
        folder = store.with_name(store.name + ".receipts")
    return folder / quote(table_id, safe="") / f"{quote(seat, safe='')}.jsonl"


def keep(location: str, receipt: Receipt) -> Path | None:
    """Append ``receipt`` to its seat's file; where it was kept (None: nowhere to keep it)."""
    from referee import RefereeError, dump_receipts

    path = receipts_file(location, receipt.table, receipt.seat)
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as kept:
            kept.write(dump_receipts([receipt]))
    except OSError as exc:
        # The action is recorded already: say so, and that the receipt was not kept.
        raise RefereeError(
            f"the action was recorded, but its receipt could not be kept in {path}: {exc.strerror or exc} "
            "(export the seat's copy to keep the log's hashes)"
        ) from None
    return path


def kept(location: str, table_id: str, seat: str) -> list[Receipt]:
    from referee import load_receipts

    path = receipts_file(location, table_id, seat)
    if path is None or not common.is_file(path):
        return []
    return load_receipts(common.read_file(str(path)), source=str(path))


def beside(export: str) -> Path:
    """The receipts file kept beside a seat's export (``ann.jsonl``: ``ann.receipts.jsonl``)."""
    path = Path(export)
    stem = path.name[: -len(".jsonl")] if path.name.endswith(".jsonl") else path.name
    return path.with_name(stem + RECEIPTS_SUFFIX)


def _receipts(names: list[str] | None) -> list[Receipt]:
    from referee import load_receipts

    found: list[Receipt] = []
    for name in names or []:
        found += load_receipts(common.read_file(name), source=name)
    return found


def _copy(app: Any, name: str, receipts: list[str] | None = None, seat: str | None = None) -> Copy:
    """A seat's copy read from ``name``, with the receipts beside it (and any given)."""
    from referee import Copy, seat_of

    entries = app.audit.load_log(common.read_file(name), source=name)
    held = _receipts(receipts)
    if receipts is None and common.is_file(beside(name)):
        held = _receipts([str(beside(name))])
    seat = seat or seat_of(entries, held)
    return Copy(f"{seat}'s copy ({name})" if seat else f"the copy {name}", entries, held, seat)


def cmd_verify_against(args: argparse.Namespace) -> int:
    """``verify FINAL --against MINE``: is the final log the one this seat was shown?"""
    from referee import against

    app, final, source = common.log_entries(args, args.log)
    with app:
        mine = _copy(app, args.against, args.receipts, args.seat)
        found = against(app.registry, final, mine.entries, mine.receipts, seat=mine.seat, final_source=source, mine_source=mine.name)
    if found.ok:
        head = "AGREES"
    elif found.parted_at is None:
        head = "NOT BELIEVED"
    else:
        head = f"PARTS at entry {found.parted_at}" + ("" if found.proven else " (backed by no receipt)")
    lines = [f"{head}: {source} against {mine.name}: {found.message}"]
    lines += [f"- entry {f.seq}: {f.text}" if f.seq else f"- {f.text}" for f in found.findings[1:] if f.text != found.message]
    if found.verdict is not None and found.verdict.ok:
        lines.append(f"note: the final log alone: {found.verdict.message}")
    if not mine.receipts:
        lines.append("note: no receipts were given, so nothing here is the host's signed word; keep them beside your copy")
    data = {
        "source": source,
        "copy": args.against,
        "seat": mine.seat,
        "ok": found.ok,
        "parted_at": found.parted_at,
        "proven": found.proven,
        "message": found.message,
        "findings": [{"entry": f.seq, "against": f.against, "text": f.text} for f in found.findings],
        "compared": found.compared,
        "bodies": found.bodies,
        "answers": found.answers,
        "receipts": found.receipts,
    }
    common.out(args, data, "\n".join(lines))
    if not found.ok:
        raise common.Failed()
    return 0


def cmd_dispute(args: argparse.Namespace) -> int:
    """``referee dispute COPY... [--final LOG] [--receipts R]... [--entry N [--html FILE]]``."""
    from referee import Copy, RefereeError, dispute, shown

    if args.html and args.entry is None:
        raise RefereeError("--html writes the report on one entry: give --entry N too")
    app = common.open_referee(args, read_only=True)
    with app:
        copies = [_copy(app, name) for name in args.copies]
        final = None
        if args.final:
            _, entries, source = common.log_entries(args, args.final)
            final = Copy(f"the final log ({source})", entries)
        offered = _receipts(args.receipts)
        if args.entry is not None:
            from referee import entry_report

            report = entry_report(app.registry, copies, final, args.entry, offered)
            if args.html:
                try:
                    Path(args.html).write_text(report.html(), encoding="utf-8")
                except OSError as exc:
                    raise RefereeError(f"cannot write {shown(args.html)}: {exc.strerror or exc}") from None
            common.out(
                args,
                {"table": report.table, "entry": report.seq, "title": report.title, "sections": report.sections},
                report.text().rstrip("\n"),
            )
        settled = dispute(app.registry, copies, final, offered)
    head = "ONE HISTORY" if settled.one_history else f"TWO HISTORIES from entry {settled.fork}"
    lines = [f"{head}: {settled.message}"]
    for standing in settled.standings:
        copy = standing.copy
        lines.append(f"- {copy.name}: {len(copy.entries)} entries, backed by receipts up to entry {standing.backed}")
    label = {"host": "the host's own word", "unproven": "unbacked", "copy": "not believed"}
    lines += [f"- {label.get(f.against, f.against)}: {f.text}" for f in settled.findings if f.text != settled.message]
    if args.entry is None:
        common.out(
            args,
            {
                "table": settled.table,
                "one_history": settled.one_history,
                "fork": settled.fork,
                "message": settled.message,
                "copies": [{"name": s.copy.name, "entries": len(s.copy.entries), "backed": s.backed} for s in settled.standings],
                "findings": [{"entry": f.seq, "against": f.against, "text": f.text} for f in settled.findings],
            },
            "\n".join(lines),
        )
    elif not args.json:
        print("\n" + "\n".join(lines))
    if not settled.one_history:
        raise common.Failed()
    return 0


def add_parsers(sub: Any, every: argparse.ArgumentParser) -> None:
    p = sub.add_parser(
        "dispute",
        parents=[every],
        help="compare seats' copies (and receipts, and the host's final log): one history, or where two seats were shown different ones",
    )
    p.add_argument("copies", nargs="+", metavar="COPY", help="a seat's export; its receipts are read from COPY's .receipts.jsonl beside it")
    p.add_argument("--final", metavar="LOG", help="the host's final log: an exported file, a table id, or 'latest'")
    p.add_argument("--receipts", action="append", metavar="FILE", help="more receipts (JSON Lines), repeatable")
    p.add_argument(
        "--entry", type=int, metavar="N", help="a report on entry N a person can read: action, rule, draws, who saw what, checks"
    )
    p.add_argument("--html", metavar="FILE", help="with --entry: also write the report as a page to FILE")
    p.set_defaults(func=cmd_dispute)
