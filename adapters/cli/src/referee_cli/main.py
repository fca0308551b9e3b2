"""``referee``: play tables and settle disputes from the command line.

Every command that touches the table store takes ``--db PATH`` (default: the
``REFEREE_DB`` environment variable, then a SQLite file in the user's data folder),
and ``--json`` for machine-readable output (errors too: ``{"error": ..., "status": ...}``
on standard error).  Exit status: 0 success, 1 a check failed (verify, scenarios),
2 bad input or an error, 3 the game was left unfinished (input ran out, or nobody
here plays the seats it waits for).

Only the parser is built at start: each command imports what it needs when it runs,
so ``referee --help`` pays for no game, no store and no log code.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from referee import Entry, Referee

BOT_NAMES = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz", "Greta", "Hugo", "Iris", "Jonas", "Kiki", "Luis"]

UNFINISHED = 3
"""Exit status of a game left unfinished (input ran out, or nobody here can act)."""


class Failed(Exception):
    """A check ran and found a problem: exit status 1."""


class Unfinished(Exception):
    """The game was left before its end: exit status 3."""


def _out(args: argparse.Namespace, data: Any, text: str) -> None:
    if args.json:
        import json

        import msgspec

        print(json.dumps(msgspec.to_builtins(data), indent=2, default=str))
    else:
        print(text)


def _referee(args: argparse.Namespace, read_only: bool = False) -> Referee:
    """The one service every command goes through; its store is opened on first use
    (``read_only``: never created nor written)."""
    from referee import Referee

    return Referee(args.db, read_only=read_only)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, or holding a NUL
        return False


def _read_text(name: str) -> str:
    from referee import RefereeError, shown

    try:
        return Path(name).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RefereeError(f"cannot read {shown(name)}: not UTF-8 text ({exc.reason} at byte {exc.start + 1})") from None
    except ValueError:
        raise RefereeError(f"cannot read {shown(name)}: a file name cannot hold a NUL character") from None
    except OSError as exc:
        raise RefereeError(f"cannot read {shown(name)}: {exc.strerror or exc}") from None


def _log_entries(args: argparse.Namespace, log: str) -> tuple[Referee, list[Entry], str]:
    """LOG is an exported file, a table id, or ``latest``: a file is read without
    opening any store; a table from a store that must exist already."""
    app = _referee(args, read_only=True)
    if _is_file(Path(log)):
        return app, app.load_log(_read_text(log), source=log), log
    table_id = _table_id(app, log)
    return app, app.entries(table_id), f"table {table_id}"


def _table_id(app: Referee, given: str) -> str:
    from referee import RefereeError, UnknownTable, shown

    if given == "latest":
        return app.latest_table()
    try:
        return app.resolve(given)
    except UnknownTable:
        raise RefereeError(f"{shown(given)} is neither a log file nor a table in {app.location}") from None


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    import json

    from referee import MAX_NESTING, RefereeError, check_nesting, shown

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise RefereeError(f"--option takes KEY=VALUE, not {shown(pair)}")
        try:
            options[key] = json.loads(value)
        except RecursionError:
            raise RefereeError(f"--option {shown(key)} nests lists or tables deeper than {MAX_NESTING} levels") from None
        except ValueError:  # not JSON (or a number too long to read): the text itself
            options[key] = value
        check_nesting(options[key], f"--option {shown(key)}")
        options[key] = _read_files(options[key], key)
    return options


def _read_files(value: Any, key: str) -> Any:
    """``value`` with each string ``@PATH`` in it replaced by that file's text (``@@`` is a
    plain ``@``).  The command reads files, never a game: a table opened over a network names
    no path on the host, so a game takes a deck's text, not where to find it."""
    from referee import read_text

    if isinstance(value, dict):
        return {k: _read_files(v, key) for k, v in value.items()}
    if isinstance(value, list):
        return [_read_files(v, key) for v in value]
    if isinstance(value, str) and value.startswith("@@"):
        return value[1:]
    if isinstance(value, str) and value.startswith("@"):
        return read_text(value[1:], f"the --option {key} file")
    return value


def _refuse(args: argparse.Namespace, why: str, *names: str) -> None:
    """Refuse options given that do not apply (a default left alone is not given)."""
    from referee import RefereeError

    given = [n for n in names if getattr(args, n.lstrip("-").replace("-", "_"), None) not in (None, False, [], 0)]
    if given:
        raise RefereeError(f"{', '.join(given)} {'does' if len(given) == 1 else 'do'} not apply {why}")


def _bot_count(given: str) -> tuple[int, list[str]]:
    """``--bots``: how many bot seats, and their kinds where named (``heuristic,random``)."""
    from referee import RefereeError

    text = given.strip()
    if text.lstrip("-").isdigit():
        if int(text) < 0:
            raise RefereeError("--bots cannot be negative")
        return int(text), []
    kinds = [k.strip() for k in text.split(",")]
    if not all(kinds):
        raise RefereeError(f"--bots takes a number or bot kinds separated by commas, not {text!r}")
    return len(kinds), kinds


def _extensions(given: str | None) -> list[str] | None:
    """``--extensions``: None (not given) is the game's default; ``none`` asks for none at all."""
    if given is None:
        return None
    if given.strip().casefold() == "none":
        return []
    return given.split(",")


# --- commands ---------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    installed = _referee(args).games()  # discovery only: no store is opened
    lines = []
    for game in installed["games"]:
        lines.append(f"{game['name']:<12} {game['title']} ({game['seats']} players) — {game['distribution']} {game['version']}")
        if game["summary"]:
            lines.append(f"{'':<12} {game['summary']}")
        for e in game["extensions"]:
            default = " (on by default)" if e["default"] else ""
            lines.append(f"{'':<12}   {e['kind']} {e['name']}: {e['title']}{default} — {e['distribution']} {e['version']}")
    if not installed["games"]:
        lines = ["no games installed; install one, e.g. pip install referee-pigsty"]
    for name, reason in sorted(installed["broken"].items()):
        lines.append(f"skipped plugin {name}: {reason}")
    lines += [f"note: {warning}" for warning in installed["warnings"]]
    problems = installed["broken"] or installed["warnings"]
    _out(args, installed if problems else installed["games"], "\n".join(lines))
    return 0


def cmd_hooks(args: argparse.Namespace) -> int:
    listed = _referee(args).hooks(args.game)  # discovery only: no store is opened
    lines: list[str] = []
    owner = None
    for hook in listed["hooks"]:
        if hook["owner"] != owner:
            owner = hook["owner"]
            title = "kernel hooks" if owner == "referee" else f"{owner} hooks"
            lines += [""] if lines else []
            lines.append(f"{title} ({hook['module']})")
        by = ", ".join(f"{i['plugin']} ({i['distribution']} {i['version']})" for i in hook["implemented_by"]) or "no installed plugin"
        wins = "first result wins" if hook["firstresult"] else "every implementation runs"
        lines += [f"  {hook['name']}{hook['signature']}", f"      {hook['summary']}", f"      {wins}; implemented by: {by}"]
    lines += [f"note: {problem}" for problem in listed["problems"]]
    _out(args, listed, "\n".join(lines))
    return 0


def cmd_new_plugin(args: argparse.Namespace) -> int:
    import shlex

    from . import newplugin

    folder, written = newplugin.generate(_referee(args), args.name, args.kind, args.game, args.dir)
    where = shlex.quote(str(folder))
    lines = [f"wrote {len(written)} files to {folder}:", *(f"  {p.relative_to(folder)}" for p in written)]
    lines += ["", f"run its tests:  cd {where} && python -m pytest", f"install it:     pip install -e {where}"]
    _out(args, {"folder": str(folder), "files": [str(p) for p in written]}, "\n".join(lines))
    return 0


def _bot_seats(app: Referee, table_id: str, named: Sequence[str] | None) -> list[str]:
    from referee import RefereeError

    seats = app.state(table_id).seats
    if named is None:
        return [s for s in seats if s in app.bots(table_id)]
    names = [n.strip() for n in named if n.strip()]
    unknown = [n for n in names if n not in seats]
    if unknown or not names:
        raise RefereeError(f"--bot-seats names no seat of table {table_id}: {', '.join(unknown) or 'nothing'} (seats: {', '.join(seats)})")
    return [s for s in seats if s in names]


def cmd_play(args: argparse.Namespace) -> int:
    import shlex

    from referee import RefereeError

    from . import hotseat

    if args.table:
        if args.game:
            raise RefereeError("name a game to open a table, or --table to go on with one, not both")
        _refuse(
            args,
            "when going on with a table (--table): the table has them already",
            "--seats",
            "--bots",
            "--seed",
            "--option",
            "--extensions",
        )
    else:
        _refuse(args, "to a new table (they go with --table)", "--bot-seats")
    with _referee(args) as app:
        if args.table:
            table_id = _table_id(app, args.table)
            bots = _bot_seats(app, table_id, args.bot_seats)
            humans = [s for s in app.state(table_id).seats if s not in bots]
        else:
            humans = [s.strip() for s in args.seats.split(",") if s.strip()] if args.seats else []
            count, kinds = _bot_count(args.bots or "0")
            taken = {h.casefold() for h in humans}
            names = [n for n in BOT_NAMES if n.casefold() not in taken]
            if count > len(names):
                raise RefereeError(f"at most {len(names)} bots")
            bots = names[:count]
            if not humans and not bots:
                raise RefereeError("name some seats (--seats A,B,C) or ask for bots (--bots N, or --bots KIND,KIND,...)")
            options = _options(args.option)
            if kinds:
                if "bots" in options:
                    raise RefereeError("give the bots' kinds either with --bots KIND,... or with --option bots=..., not both")
                options["bots"] = dict(zip(bots, kinds, strict=True))
            table_id = app.open(
                args.game,
                humans + bots,
                options=options,
                extensions=_extensions(args.extensions),
                seed=args.seed,
            )
        out = sys.stderr if args.json else sys.stdout
        memory = app.location == ":memory:"
        if not args.json:
            print(
                f"table {table_id}: {app.state(table_id).game_name} for {', '.join(app.state(table_id).seats)}"
                + (f" ({', '.join(bots)} played by bots)" if bots else "")
                + f"\nstore: {app.location}"
            )
        entries_before = 0 if not args.table else len(app.entries(table_id))
        app.automate(table_id, bots)
        if not args.quiet:
            hotseat.show_progress(app, table_id, app.entries(table_id)[entries_before:], out)
        finished = hotseat.play(app, table_id, humans=humans, bots=bots, quiet=args.quiet, out=out, memory=memory)
        state = app.state(table_id)
        count = len(app.entries(table_id))
        summary = {"table": table_id, "finished": finished, "result": state.result, "entries": count}
        text = [f"\ntable {table_id}: {count} log entries"]
        if state.result is not None:
            text.append(f"result: {state.result.reason}")
            for standing in state.result.standings:
                note = f" ({standing.note})" if standing.note else ""
                text.append(f"  {standing.place}. {standing.seat}: {standing.score}{note}")
            if not memory:
                text.append(f"check it: referee verify {shlex.quote(table_id)}{_db_flag(args)}")
        elif memory:
            text.append("the game is not over, and a :memory: table ends with this command")
        else:
            summary["resume"] = f"referee play --table {shlex.quote(table_id)}{_db_flag(args)}"
            text.append(f"the game is not over; go on with: {summary['resume']}")
        _out(args, summary, "\n".join(text))
        if not finished:
            raise Unfinished()
    return 0


def _db_flag(args: argparse.Namespace) -> str:
    import shlex

    return f" --db {shlex.quote(str(args.db))}" if args.db else ""


def cmd_new(args: argparse.Namespace) -> int:
    with _referee(args) as app:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
        table_id = app.open(
            args.game,
            seats,
            options=_options(args.option),
            extensions=_extensions(args.extensions),
            seed=args.seed,
        )
        _out(args, {"table": table_id}, f"table {table_id} opened for {', '.join(seats)}")
    return 0


def cmd_act(args: argparse.Namespace) -> int:
    from referee import RefereeError, parse_json

    from . import answering, render

    with _referee(args) as app:
        table_id = _table_id(app, args.table)
        if args.args_json is not None:
            action_args = parse_json(args.args_json, "--args")
            if not isinstance(action_args, dict):
                raise RefereeError("--args must be a JSON object")
            if args.answer:
                raise RefereeError("give the answer either as words or as --args JSON, not both")
        else:
            text = sys.stdin.read() if args.answer == ["-"] else " ".join(args.answer)
            request = answering.pending(app.requests(table_id), args.seat, args.action, args.request)
            if request is not None:
                action_args = answering.args_from_text(request, text)
            else:
                # No request of this seat's is open for the action: the kernel says why, or
                # it is the gamesmaster's, which takes text where it takes anything.
                action_args = {"text": text} if text else {}
        entries = app.act(table_id, args.seat, args.action, action_args, request=args.request)
        rules = app.rules(table_id)
        over = app.over(table_id)
        visible = [e for e in entries if e.visible(args.seat) or over]
        _out(
            args,
            {"table": table_id, "appended": len(entries), "entries": visible},
            "\n".join(render.entry_line(rules, e) for e in visible) or "recorded",
        )
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    from . import answering, render

    with _referee(args, read_only=True) as app:
        table_id = _table_id(app, args.table)
        view = app.view(table_id, args.seat)
        rules = app.rules(table_id)
        lines = [render.view_text(rules, view)]
        pending = [answering.as_request(r) for r in view["requests"]]
        for data, request in zip(view["requests"], pending, strict=True):
            several = sum(r.action == request.action for r in pending) > 1
            data["how"] = "\n".join(answering.how(request))
            data["command"] = answering.act_command(table_id, request, several)
            lines.append(f"\n{request.prompt}")
            lines += [f"  {line}" for line in answering.how(request)]
            lines.append(f"  answer with: {data['command']}")
        if view["waiting_for"]:
            lines.append(f"waiting for: {', '.join(view['waiting_for'])}")
        if view["result"]:
            lines.append(f"game over: {view['result']['reason']}")
        _out(args, view, "\n".join(lines))
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from referee import RefereeError

    with _referee(args, read_only=True) as app:
        table_id = _table_id(app, args.table)
        text = app.report(table_id, args.round)
        if text is None:
            raise RefereeError(f"{app.state(table_id).game_name} writes no round reports")
        _out(args, {"table": table_id, "report": text}, text.rstrip("\n"))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from referee import RefereeError

    try:
        from referee_web.serve import run
    except ImportError:
        raise RefereeError("serving tables to browsers needs the web server: pip install referee-web") from None
    run(args)
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    with _referee(args, read_only=True) as app:
        # No store there yet: no tables, and none is made by looking.
        infos = app.tables() if app.store_exists() else []
    lines = [f"{'table':<20} {'game':<10} {'round':>5} {'entries':>7}  status"]
    for info in infos:
        status = (
            f"over: {', '.join(info.winners) or 'no winner'}" if info.over else f"waiting for {', '.join(info.waiting_for) or 'nobody'}"
        )
        lines.append(f"{info.table_id:<20} {info.game:<10} {info.round:>5} {info.entries:>7}  {status}")
    if not infos:
        lines = [f"no tables in {app.location}"]
    _out(args, infos, "\n".join(lines))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from referee import RefereeError, shown

    with _referee(args, read_only=True) as app:
        table_id = _table_id(app, args.table)
        text = app.export(table_id, args.seat)
    if args.output and args.output != "-":
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise RefereeError(f"cannot write {shown(args.output)}: {exc.strerror or exc}") from None
        count = text.count("\n")
        if args.json:
            _out(args, {"table": table_id, "entries": count, "file": args.output}, "")
        else:
            print(f"wrote {count} entries of table {table_id} to {args.output}", file=sys.stderr)
    else:
        # The log is JSON Lines already: --json changes nothing here but the errors' form.
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    text = _read_text(args.file)
    with _referee(args) as app:
        table_id = app.import_log(text, source=args.file)
        _out(args, {"table": table_id}, f"imported table {table_id} into {app.location}")
    return 0


def cmd_migrate(args: argparse.Namespace) -> int:
    from referee import RefereeError

    moved: list[dict[str, Any]] = []

    def tell(table_id: str, entries: int) -> None:
        moved.append({"table": table_id, "entries": entries})
        if not args.json:
            print(f"copied table {table_id}: {entries} log entries")

    if _referee(args).location == ":memory:":
        raise RefereeError("a :memory: store holds no tables of an earlier Referee; name the store with --db")
    _referee(args, read_only=True).store.close()  # an old store is migrated, never a new one made
    with _referee(args) as app:
        app.migrate(on_table=tell)
        _out(
            args,
            {"store": app.location, "migrated": moved},
            f"{len(moved)} table{'s' if len(moved) != 1 else ''} copied into the current layout of {app.location}"
            if moved
            else f"nothing to migrate in {app.location}: every table is in the current layout",
        )
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from referee import RefereeError

    from . import render

    app, entries, source = _log_entries(args, args.log)
    with app:
        if args.to is not None and not 1 <= args.to <= len(entries):
            raise RefereeError(f"{source} has entries 1 to {len(entries)}; --to {args.to} is outside")
        walked = app.replay_view(entries, args.to, args.seat)
    lines = [render.entry_line(walked.rules, e) for e in walked.entries]
    data: dict[str, Any] = {"source": source, "entries": walked.to}
    if walked.view is not None:
        data["view"] = walked.view
        lines += ["", f"state after entry {walked.to}:", render.view_text(walked.rules, walked.view)]
        if walked.result:
            lines.append(f"game over: {walked.result}")
    else:
        lines += ["", "(this export hides entries from its seat, so only the entries are shown)"]
    _out(args, data, "\n".join(lines))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    app, entries, source = _log_entries(args, args.log)
    with app:
        verdict = app.verify(entries)
    text = f"{'OK' if verdict.ok else 'FAILED'}: {source}: {verdict.message}"
    text += "".join(f"\nnote: {n}" for n in verdict.notes)
    _out(args, {"source": source, "ok": verdict.ok, "message": verdict.message, "bad_entry": verdict.bad_seq, "notes": verdict.notes}, text)
    if not verdict.ok:
        raise Failed()
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    from . import render

    app, entries, source = _log_entries(args, args.log)
    with app:
        exp = app.explain(entries, args.seq)
        rules = app.log_rules(entries)
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
    _out(args, {"entry": entry, "description": exp.description, "action": exp.action, "consequences": exp.consequences}, "\n".join(lines))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    results = _referee(args).check_files(args.game, args.files)
    text = "\n".join(
        f"OK: {r['file']}" if not r["problems"] else "\n".join([f"PROBLEMS in {r['file']}:", *(f"  {p}" for p in r["problems"])])
        for r in results
    )
    _out(args, results, text)
    if any(r["problems"] for r in results):
        raise Failed()
    return 0


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from referee import RefereeError

    if not args.files and not args.game:
        raise RefereeError("name scenario files, or --game NAME for a game's own suite")
    extensions = _extensions(args.extensions)
    results = _referee(args).run_scenarios(args.files, game=args.game, extensions=extensions)
    failed = [r for r in results if not r.ok]
    _out(
        args,
        [{"file": r.scenario.source, "title": r.scenario.title, "ok": r.ok, "failures": r.failures} for r in results],
        "\n".join(r.summary() for r in results) + f"\n{len(results) - len(failed)} passed, {len(failed)} failed",
    )
    if failed:
        raise Failed()
    return 0


# --- parser -----------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, with its refusals on one line like every other error of the command."""

    json_errors = False
    """Set when the command line asks for --json: refusals are then JSON too."""

    def error(self, message: str) -> NoReturn:
        # argparse echoes the offending values whole and raw: cut long ones, escape
        # control characters (a terminal escape sequence must not reach the terminal).
        message = re.sub(r"\S{60,}", lambda m: f"{m.group(0)[:50]}...", message)
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        if _Parser.json_errors:
            import json

            self.exit(2, json.dumps({"error": f"{self.prog}: {message}", "status": 2}) + "\n")
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


class _Version(argparse.Action):
    """``--version``: the installed distributions' versions, read only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> NoReturn:
        from importlib.metadata import PackageNotFoundError, version

        def of(dist: str) -> str:
            try:
                return version(dist)
            except PackageNotFoundError:
                return "(not installed)"

        print(f"referee {of('referee-cli')} (kernel {of('referee')})")
        parser.exit(0)


_DB_HELP = (
    "table store: a SQLite file, ':memory:' (this command only), or postgresql://USER:PASS@HOST/DB "
    "(default: $REFEREE_DB, else referee/referee.sqlite in $XDG_DATA_HOME, ~/.local/share)"
)


def _common(top_level: bool) -> _Parser:
    """Options every command takes, before or after the command's name.

    Subcommands repeat them with suppressed defaults, so a value given before the
    command name is not overwritten by the subcommand's default.
    """
    common = _Parser(add_help=False)
    default = (lambda value: value) if top_level else (lambda value: argparse.SUPPRESS)
    # Where the default store is, said in words: working it out would import the store.
    env_db = os.environ.get("REFEREE_DB")
    db_help = f"table store (default: $REFEREE_DB = {env_db})" if env_db else _DB_HELP
    common.add_argument("--db", default=default(None), metavar="STORE", help=db_help)
    common.add_argument("--json", action="store_true", default=default(False), help="print results (and errors, on stderr) as JSON")
    common.add_argument("--log-level", default=default("warning"), metavar="LEVEL", help="debug, info, warning (default) or error")
    common.add_argument("--log-json", action="store_true", default=default(False), help="write log lines to stderr as JSON")
    return common


def parser() -> argparse.ArgumentParser:
    common = _common(top_level=False)
    top = _Parser(
        prog="referee",
        description="Referee: tabletop games refereed by their rules, every table an auditable log.",
        epilog="exit status: 0 done, 1 a check failed, 2 bad input or an error, 3 the game was left unfinished",
        parents=[_common(top_level=True)],
    )
    top.add_argument("--version", action=_Version, help="show the installed versions and exit")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", parents=[common], help="installed games and every plugin, with distribution and version")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser(
        "hooks",
        parents=[common],
        help="every hook a plugin can implement (the kernel's, and with GAME the game's own), and which installed plugins do",
    )
    p.add_argument("game", nargs="?", help="also list this game's own hooks, and only its plugins' implementations")
    p.set_defaults(func=cmd_hooks)

    p = sub.add_parser(
        "new-plugin",
        parents=[common],
        help="write a new plugin distribution (house rule, card, power or game) whose tests pass as generated",
    )
    p.add_argument("name", help="the plugin's name: lowercase words joined by '-', e.g. cheap-palace")
    p.add_argument("--kind", required=True, choices=["house-rule", "card", "power", "game"], help="what the plugin is")
    p.add_argument("--game", help="the installed game a house rule, card or power extends")
    p.add_argument("--dir", metavar="PATH", help="the folder to write (default: ./referee-GAME-NAME, or ./referee-NAME for a game)")
    p.set_defaults(func=cmd_new_plugin)

    p = sub.add_parser("play", parents=[common], help="play a table hot-seat in this terminal, with bots for the other seats")
    p.add_argument("game", nargs="?", help="the game to play (see 'referee games')")
    p.add_argument("--seats", help="comma-separated names of the human seats, e.g. Bill,Ted,Zed")
    p.add_argument(
        "--bots",
        metavar="N|KIND,...",
        help="bot seats to add: a number, or one kind per bot (e.g. heuristic,random,random; the game's option bots lists its kinds)",
    )
    p.add_argument("--seed", help="fix the table's randomness (reproducible games)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option (repeatable); @FILE in a value is that file's text",
    )
    p.add_argument("--extensions", help="comma-separated cards, powers or house rules to use (default: the game's; none: none)")
    p.add_argument("--table", help="go on with an existing table (id or 'latest') instead of opening one")
    p.add_argument(
        "--bot-seats",
        type=lambda s: s.split(","),
        metavar="SEATS",
        help="with --table: comma-separated seats the bots play from now on (default: those the table's bots played)",
    )
    p.add_argument("--quiet", action="store_true", help="do not print the game's progress")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("new", parents=[common], help="open a table for play by orders (forum or email), without playing it")
    p.add_argument("game", help="the game to open (see 'referee games')")
    p.add_argument("--seats", required=True, help="comma-separated seat names, e.g. Bill,Ted,Zed")
    p.add_argument("--seed", help="fix the table's randomness (reproducible games)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option (repeatable); @FILE in a value is that file's text",
    )
    p.add_argument("--extensions", help="comma-separated cards, powers or house rules to use (default: the game's)")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser(
        "act",
        parents=[common],
        help="submit one action for a seat (or the gamesmaster)",
        description="Answer a seat's request the way 'referee view' shows it: an option's number or label, "
        "field=value pairs for several fields (comma-separated values for a list, item:target for an assignment), "
        "the text itself (e.g. orders), or --args JSON.",
    )
    p.add_argument("table", help="table id or 'latest'")
    p.add_argument("seat", help="the seat acting, or 'gamesmaster'")
    p.add_argument("action", help="the action, e.g. orders, bullet, close")
    p.add_argument(
        "answer", nargs="*", metavar="ANSWER", help="the answer, as 'view' shows how (words are joined by spaces); '-' reads standard input"
    )
    p.add_argument("--args", dest="args_json", metavar="JSON", help="the answer as a JSON object of field to value, instead of words")
    p.add_argument("--request", help="which request this answers, where the seat has several for the action (see 'view')")
    p.set_defaults(func=cmd_act)

    p = sub.add_parser("view", parents=[common], help="what a seat (default: a spectator) sees now")
    p.add_argument("table", help="table id or 'latest'")
    p.add_argument("--seat", help="the seat whose view to show, or 'gamesmaster' (default: a spectator's)")
    p.set_defaults(func=cmd_view)

    p = sub.add_parser("report", parents=[common], help="the game's report of a finished round (e.g. Pigsty's forum turn report)")
    p.add_argument("table", help="table id or 'latest'")
    p.add_argument("--round", "--turn", type=int, dest="round", help="which round (default: the last finished)")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser(
        "serve",
        parents=[common],
        help="serve the store's tables to browsers: each seat plays from its own link (needs referee-web)",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--rate", type=float, default=20.0, help="requests a second one client address may send (default 20)")
    p.add_argument("--burst", type=int, default=60, help="requests one client address may send at once (default 60)")
    p.add_argument("--bot-pause", type=float, default=0.3, help="seconds between two bot actions, so people can follow (default 0.3)")
    p.add_argument(
        "--watch",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="with a SQLite store shared by several server processes: seconds between looks for moves the others made "
        "(default 0: one process; PostgreSQL tells every process at once)",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("tables", parents=[common], help="tables in the store")
    p.set_defaults(func=cmd_tables)

    p = sub.add_parser("export", parents=[common], help="a table's log as JSON Lines")
    p.add_argument("table", help="table id or 'latest'")
    p.add_argument("-o", "--output", help="file to write (default: standard output)")
    p.add_argument("--seat", help="only what this seat could see")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", parents=[common], help="store an exported log (verified first) as a table")
    p.add_argument("file", help="a full export (JSON Lines), as 'referee export' writes it")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser(
        "migrate",
        parents=[common],
        help="copy tables kept by Referee 0.1 into the current store layout (safe to run again)",
    )
    p.set_defaults(func=cmd_migrate)

    p = sub.add_parser("replay", parents=[common], help="walk a log and show the state at any entry")
    p.add_argument("log", help="an exported file, a table id, or 'latest'")
    p.add_argument("--to", type=int, metavar="N", help="stop after entry N")
    p.add_argument("--seat", help="show the state as this seat saw it")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("verify", parents=[common], help="check a log's chain, seed and every decision; exit 1 naming the first bad entry")
    p.add_argument("log", help="an exported file, a table id, or 'latest'")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("explain", parents=[common], help="the action, plugin and rule behind one entry")
    p.add_argument("log", help="an exported file, a table id, or 'latest'")
    p.add_argument("seq", type=int, metavar="N", help="the entry's number")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("check", parents=[common], help="check data files a game reads, e.g. Pimp deck files; exit 1 listing every problem")
    p.add_argument("game", help="the game whose data files these are")
    p.add_argument("files", nargs="+", help="the files to check")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("scenario", parents=[common], help="scenario files (rulebook examples, conformance suites)")
    scen = p.add_subparsers(dest="scenario_command", required=True, metavar="SUBCOMMAND")
    q = scen.add_parser("run", parents=[common], help="run scenario files; exit 1 with a diff on any mismatch")
    q.add_argument("files", nargs="*", help="scenario files (TOML)")
    q.add_argument("--game", help="also run the scenario suite the game ships (its rulebook examples)")
    q.add_argument("--extensions", help="comma-separated extensions (house rules) added to each file's own (or to the game's defaults)")
    q.set_defaults(func=cmd_scenario_run)
    return top


def _error(args: argparse.Namespace, message: str, status: int) -> int:
    if getattr(args, "json", False):
        import json

        print(json.dumps({"error": message, "status": status}), file=sys.stderr)
    else:
        print(f"referee: {message}", file=sys.stderr)
    return status


def main(argv: Sequence[str] | None = None) -> NoReturn:
    argv = list(sys.argv[1:] if argv is None else argv)
    _Parser.json_errors = "--json" in argv
    args = parser().parse_args(argv)
    if args.command == "play" and not args.game and not args.table:
        sys.exit(_error(args, "play: name a game (see 'referee games') or --table to go on with", 2))
    from referee import Referee, RefereeError, shown

    try:
        Referee.configure_logging(args.log_level, json=args.log_json)
    except ValueError as exc:
        sys.exit(_error(args, str(exc), 2))
    try:
        status = args.func(args)
    except Failed:
        status = 1
    except Unfinished:
        status = UNFINISHED
    except RefereeError as exc:
        status = _error(args, exc.message, 2)
    except KeyboardInterrupt:
        status = _error(args, "interrupted; nothing half-written was kept", 130)
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away; every action taken so far is stored.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 141
    except Exception as exc:
        # A bug, not bad input: still one line (a traceback reads as a crash of the
        # table, which it is not; every write is atomic), the traceback on request.
        if args.log_level == "debug":
            import traceback

            traceback.print_exc()
        status = _error(
            args,
            f"internal error ({type(exc).__name__}: {shown(str(exc), 200)}); please report it "
            "(run with --log-level debug for the traceback)",
            2,
        )
    sys.exit(status)
