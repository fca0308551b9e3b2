"""Logs and disputes: ``referee export``, ``import``, ``migrate``, ``replay``, ``verify`` and ``explain``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from . import common


def cmd_export(args: argparse.Namespace) -> int:
    from referee import RefereeError, shown

    with common.open_referee(args, read_only=True) as app:
        table_id = common.table_named(app, args.table)
        text = app.export(table_id, args.seat)
        location = app.location
    receipts: list[Any] = []
    if args.seat and args.output and args.output != "-":
        from .disputes import beside, kept

        receipts = kept(location, table_id, args.seat)
    if args.output and args.output != "-":
        try:
            Path(args.output).write_text(text, encoding="utf-8")
            if receipts:
                from referee import dump_receipts

                from .disputes import beside

                beside(args.output).write_text(dump_receipts(receipts), encoding="utf-8")
        except OSError as exc:
            raise RefereeError(f"cannot write {shown(args.output)}: {exc.strerror or exc}") from None
        count = text.count("\n")
        if args.json:
            common.out(args, {"table": table_id, "entries": count, "file": args.output}, "")
        else:
            print(f"wrote {count} entries of table {table_id} to {args.output}", file=sys.stderr)
            if receipts:
                print(f"wrote {len(receipts)} receipts of {args.seat}'s to {beside(args.output)}: keep them with the copy", file=sys.stderr)
    else:
        # The log is JSON Lines already: --json changes nothing here but the errors' form.
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    text = common.read_file(args.file)
    with common.open_referee(args) as app:
        table_id = app.audit.import_log(text, source=args.file)
        common.out(args, {"table": table_id}, f"imported table {table_id} into {app.location}")
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    from referee import RefereeError

    moved: list[dict[str, Any]] = []

    def tell(table_id: str, entries: int) -> None:
        moved.append({"table": table_id, "entries": entries})
        if not args.json:
            print(f"copied table {table_id}: {entries} log entries")

    if common.open_referee(args).location == ":memory:":
        raise RefereeError("a :memory: store holds no tables of an earlier Referee; name the store with --db")
    common.open_referee(args, read_only=True).store.close()  # an old store is migrated, never a new one made
    with common.open_referee(args) as app:
        app.admin.migrate(on_table=tell)
        # Listing a writable store keeps the summary of every table kept without one (by
        # an earlier Referee, or just copied), so read-only listings never fold it again.
        app.tables()
        common.out(
            args,
            {"store": app.location, "migrated": moved},
            f"{len(moved)} table{'s' if len(moved) != 1 else ''} copied into the current layout of {app.location}"
            if moved
            else f"nothing to migrate in {app.location}: every table is in the current layout",
        )
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from referee import RefereeError, story

    from . import render

    app, entries, source = common.log_entries(args, args.log)
    with app:
        if args.to is not None and not 1 <= args.to <= len(entries):
            raise RefereeError(f"{source} has entries 1 to {len(entries)}; --to {args.to} is outside")
        walked = app.audit.replay_view(entries, args.to, args.seat)
    told = story.story(walked.rules, walked.entries, args.seat)
    lines = render.story_lines(told, args.bookkeeping)
    data: dict[str, Any] = {
        "source": source,
        "entries": walked.to,
        "story": [line for line in told if args.bookkeeping or line.kind != "bookkeeping"],
    }
    if walked.view is not None:
        data["view"] = walked.view
        lines += ["", f"state after entry {walked.to}:", render.view_text(walked.rules, walked.view)]
        if walked.result:
            lines.append(f"game over: {walked.result}")
    else:
        lines += ["", "(this export hides entries from its seat, so only the entries are shown)"]
    common.out(args, data, "\n".join(lines))
    return 0


def _is_folder(name: str) -> bool:
    """Whether ``name`` names a folder; a name no file could have (too long, say) does not."""
    try:
        return Path(name).is_dir()
    except (OSError, ValueError):
        return False


def cmd_verify(args: argparse.Namespace) -> int:
    if args.all or (args.log and _is_folder(args.log)):
        from .balance import cmd_verify_archive

        return cmd_verify_archive(args)
    if args.log is None:
        from referee import RefereeError

        raise RefereeError("name the log to verify (a file, a table id, 'latest' or a folder of logs), or --all for every table")
    if args.workers is not None or args.cluster:
        from referee import RefereeError

        raise RefereeError("--workers and --cluster verify an archive (a folder of logs, or --all): one log is verified here")
    if args.against:
        from .disputes import cmd_verify_against

        return cmd_verify_against(args)
    if args.receipts or args.seat:
        from referee import RefereeError

        raise RefereeError("--receipts and --seat go with --against MINE (the seat's own copy)")
    app, entries, source = common.log_entries(args, args.log)
    with app:
        verdict = app.audit.verify(entries)
    text = f"{'OK' if verdict.ok else 'FAILED'}: {source}: {verdict.message}"
    text += "".join(f"\nnote: {n}" for n in verdict.notes)
    common.out(
        args, {"source": source, "ok": verdict.ok, "message": verdict.message, "bad_entry": verdict.bad_seq, "notes": verdict.notes}, text
    )
    if not verdict.ok:
        raise common.Failed()
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    from . import render

    app, entries, source = common.log_entries(args, args.log)
    with app:
        exp = app.audit.explain(entries, args.seq)
        rules = app.audit.rules_of(entries)
    entry = exp.entry
    lines = [
        f"entry {entry.seq} of {source}: {entry.type}",
        f"  what:    {exp.description}",
        f"  plugin:  {entry.plugin}",
        f"  rule:    {entry.rule or '-'}",
    ]
    if entry.visible_to is not None:
        lines.append(f"  seen by: {', '.join(entry.visible_to) or 'nobody'} until the game ended")
    if exp.action is not None and exp.action.seq != entry.seq:
        lines.append(f"  because: {render.entry_line(rules, exp.action).strip()}")
    lines.append("  the same action produced:")
    lines += [("  > " if e.seq == entry.seq else "    ") + render.entry_line(rules, e).strip() for e in exp.consequences]
    common.out(
        args, {"entry": entry, "description": exp.description, "action": exp.action, "consequences": exp.consequences}, "\n".join(lines)
    )
    return 0
