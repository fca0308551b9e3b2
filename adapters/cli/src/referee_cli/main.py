"""``referee``: play tables and settle disputes from the command line.

Every command that touches the table store takes ``--db PATH`` (default: the
``REFEREE_DB`` environment variable, then a SQLite file in the user's data folder),
and ``--json`` for machine-readable output.  Exit status: 0 success, 1 a check
failed (verify, scenarios), 2 bad input or an error.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import msgspec

import referee
import referee.logging
from referee import Referee, RefereeError, Registry
from referee.audit import explain, replay, verify
from referee.limits import MAX_NESTING, TABLE_ID_RULE, check_nesting, check_table_id, parse_json, shown
from referee.log import Entry, load_jsonl, redact_for
from referee.scenario import load_scenario, run_scenario
from referee.store import resolve_db
from referee.table import view

from . import answering, hotseat, render

BOT_NAMES = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz", "Greta", "Hugo", "Iris", "Jonas", "Kiki", "Luis"]


class Failed(Exception):
    """A check ran and found a problem: exit status 1."""


def _out(args: argparse.Namespace, data: Any, text: str) -> None:
    if args.json:
        print(json.dumps(msgspec.to_builtins(data), indent=2, default=str))
    else:
        print(text)


def _referee(args: argparse.Namespace) -> Referee:
    return Referee(args.db)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, or holding a NUL
        return False


def _log_entries(args: argparse.Namespace, app: Referee, log: str) -> tuple[list[Entry], str]:
    """LOG is an exported file, a table id, or ``latest``."""
    path = Path(log)
    if _is_file(path):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise RefereeError(f"cannot read {shown(log)}: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise RefereeError(f"cannot read {shown(log)}: not UTF-8 text ({exc.reason} at byte {exc.start + 1})") from None
        return load_jsonl(text.splitlines(), source=str(path)), str(path)
    table_id = _table_id(app, log)
    return app.entries(table_id), f"table {table_id}"


def _table_id(app: Referee, given: str) -> str:
    if given == "latest":
        ids = [table_id for table_id, _ in app.store.table_ids()]
        if not ids:
            raise RefereeError(f"no tables in {app.store.location} yet")
        return ids[-1]
    what = "neither a log file nor a table"
    try:
        check_table_id(given)
    except RefereeError:
        raise RefereeError(f"{shown(given)} is {what} in {app.store.location} ({TABLE_ID_RULE})") from None
    if not app.store.exists(given):
        raise RefereeError(f"{given!r} is {what} in {app.store.location}")
    return given


def _options(pairs: Sequence[str]) -> dict[str, Any]:
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
    return options


def _extensions(given: str | None) -> list[str] | None:
    """``--extensions``: None (not given) is the game's default; ``none`` asks for none at all."""
    if given is None:
        return None
    if given.strip().casefold() == "none":
        return []
    return given.split(",")


# --- commands ---------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    registry = Registry()
    data = []
    lines = []
    for game in sorted(registry.games.values(), key=lambda g: g.name):
        record = registry.record(game.plugin, game.name)
        seats = f"{game.min_seats}-{game.max_seats}" if game.max_seats else f"{game.min_seats}+"
        exts = registry.extensions_of(game.name)
        data.append(
            {
                "name": game.name,
                "title": game.title,
                "seats": seats,
                "distribution": record.distribution,
                "version": record.version,
                "summary": game.summary,
                "extensions": [
                    {
                        "name": e.name,
                        "kind": e.kind,
                        "title": e.title,
                        "default": e.default,
                        **dict(zip(("distribution", "version"), registry._dist[id(e.plugin)])),
                    }
                    for e in exts
                ],
            }
        )
        lines.append(f"{game.name:<12} {game.title} ({seats} players) — {record.distribution} {record.version}")
        if game.summary:
            lines.append(f"{'':<12} {game.summary}")
        for e in exts:
            dist, version = registry._dist[id(e.plugin)]
            lines.append(f"{'':<12}   {e.kind} {e.name}: {e.title}{' (on by default)' if e.default else ''} — {dist} {version}")
    if not data:
        lines = ["no games installed; install one, e.g. pip install referee-pigsty"]
    for name, reason in sorted(registry.broken.items()):
        lines.append(f"skipped plugin {name}: {reason}")
    lines += [f"note: {warning}" for warning in registry.warnings]
    problems = registry.broken or registry.warnings
    _out(args, {"games": data, "broken": registry.broken, "warnings": registry.warnings} if problems else data, "\n".join(lines))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    with _referee(args) as app:
        if args.table:
            table_id = _table_id(app, args.table)
            state = app.state(table_id)
            humans = [s for s in state.seats if s not in set(args.bot_seats or [])]
            bots = [s for s in state.seats if s not in humans]
        else:
            humans = [s.strip() for s in args.seats.split(",") if s.strip()] if args.seats else []
            if args.bots < 0:
                raise RefereeError("--bots cannot be negative")
            taken = {h.casefold() for h in humans}
            names = [n for n in BOT_NAMES if n.casefold() not in taken]
            if args.bots > len(names):
                raise RefereeError(f"at most {len(names)} bots")
            bots = names[: args.bots]
            if not humans and not bots:
                raise RefereeError("name some seats (--seats A,B,C) or ask for bots (--bots N)")
            seats = humans + bots
            table_id = app.open(
                args.game,
                seats,
                options=_options(args.option),
                extensions=_extensions(args.extensions),
                seed=args.seed,
            )
        if not args.json:
            print(
                f"table {table_id}: {app.state(table_id).game_name} for {', '.join(humans + bots)}"
                + (f" ({', '.join(bots)} played by bots)" if bots else "")
                + f"\nstore: {app.store.location}"
            )
        if not args.table and not args.quiet:
            hotseat.show_progress(app, table_id, app.entries(table_id), sys.stderr if args.json else sys.stdout)
        finished = hotseat.play(app, table_id, humans=humans, bots=bots, quiet=args.quiet, out=sys.stderr if args.json else sys.stdout)
        state = app.state(table_id)
        result = None if state.result is None else msgspec.to_builtins(state.result)
        summary = {"table": table_id, "finished": finished, "result": result, "entries": len(app.entries(table_id))}
        text = [f"\ntable {table_id}: {len(app.entries(table_id))} log entries"]
        if state.result is not None:
            text.append(f"result: {state.result.reason}")
            for standing in state.result.standings:
                note = f" ({standing.note})" if standing.note else ""
                text.append(f"  {standing.place}. {standing.seat}: {standing.score}{note}")
            text.append(f"check it: referee verify {table_id}")
        else:
            again = f"referee play --table {table_id}" + (f" --bot-seats {','.join(bots)}" if bots else "")
            text.append(f"the game is not over; go on with: {again}")
        _out(args, summary, "\n".join(text))
    return 0


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
        state = app.state(table_id)
        visible = [e for e in entries if e.visible(args.seat) or state.over]
        _out(
            args,
            {"table": table_id, "appended": len(entries), "entries": [msgspec.to_builtins(e) for e in visible]},
            "\n".join(render.entry_line(rules, e) for e in visible) or "recorded",
        )
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    with _referee(args) as app:
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
    with _referee(args) as app:
        table_id = _table_id(app, args.table)
        text = app.report(table_id, args.round)
        if text is None:
            raise RefereeError(f"{app.state(table_id).game_name} writes no round reports")
        _out(args, {"table": table_id, "report": text}, text.rstrip("\n"))
    return 0


def cmd_tables(args: argparse.Namespace) -> int:
    with _referee(args) as app:
        infos = app.tables()
        lines = [f"{'table':<20} {'game':<10} {'round':>5} {'entries':>7}  status"]
        for info in infos:
            status = (
                f"over: {', '.join(info.winners) or 'no winner'}" if info.over else f"waiting for {', '.join(info.waiting_for) or 'nobody'}"
            )
            lines.append(f"{info.table_id:<20} {info.game:<10} {info.round:>5} {info.entries:>7}  {status}")
        if not infos:
            lines = [f"no tables in {app.store.location}"]
        _out(args, infos, "\n".join(lines))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    with _referee(args) as app:
        table_id = _table_id(app, args.table)
        text = app.export(table_id, args.seat)
    if args.output and args.output != "-":
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise RefereeError(f"cannot write {shown(args.output)}: {exc.strerror or exc}") from None
        print(f"wrote {text.count(chr(10))} entries of table {table_id} to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except ValueError as exc:
        if isinstance(exc, UnicodeDecodeError):
            raise RefereeError(f"cannot read {shown(args.file)}: not UTF-8 text ({exc.reason} at byte {exc.start + 1})") from None
        raise RefereeError(f"cannot read {shown(args.file)}: a file name cannot hold a NUL character") from None
    except OSError as exc:
        raise RefereeError(f"cannot read {shown(args.file)}: {exc.strerror or exc}") from None
    with _referee(args) as app:
        table_id = app.import_log(text, source=args.file)
        _out(args, {"table": table_id}, f"imported table {table_id} into {app.store.location}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    with _referee(args) as app:
        entries, source = _log_entries(args, app, args.log)
        registry = app.registry
        if args.to is not None and not 1 <= args.to <= len(entries):
            raise RefereeError(f"{source} has entries 1 to {len(entries)}; --to {args.to} is outside")
        upto = [e for e in entries if args.to is None or e.seq <= args.to]
        game_over = any(e.type == "referee.GameEnded" for e in entries)
        shown = redact_for(upto, args.seat, game_over=game_over) if args.seat else upto
        if any(e.redacted for e in upto):
            rules, state = replay(registry, entries[:1])[0], None
        else:
            rules, state = replay(registry, upto)
        lines = [render.entry_line(rules, e) for e in shown]
        data: dict[str, Any] = {"source": source, "entries": len(upto)}
        if state is not None:
            spectator = view(rules, state, args.seat)
            data["view"] = spectator
            lines += ["", f"state after entry {upto[-1].seq}:", render.view_text(rules, spectator)]
            if state.result:
                lines.append(f"game over: {state.result.reason}")
        else:
            lines += ["", "(this export hides entries from its seat, so only the entries are shown)"]
        _out(args, data, "\n".join(lines))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    with _referee(args) as app:
        entries, source = _log_entries(args, app, args.log)
        verdict = verify(app.registry, entries)
    text = f"{'OK' if verdict.ok else 'FAILED'}: {source}: {verdict.message}"
    text += "".join(f"\nnote: {n}" for n in verdict.notes)
    _out(args, {"source": source, "ok": verdict.ok, "message": verdict.message, "bad_entry": verdict.bad_seq, "notes": verdict.notes}, text)
    if not verdict.ok:
        raise Failed()
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    with _referee(args) as app:
        entries, source = _log_entries(args, app, args.log)
        exp = explain(app.registry, entries, args.seq)
        rules = replay(app.registry, entries[:1])[0]
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
    registry = Registry()
    rules = registry.rules(args.game, [])
    results = []
    for file in args.files:
        problems = rules.hook.referee_check_file(path=file)
        if problems is None:
            raise RefereeError(f"{args.game} reads no data files to check")
        results.append({"file": file, "problems": list(problems)})
    text = "\n".join(
        f"OK: {r['file']}" if not r["problems"] else "\n".join([f"PROBLEMS in {r['file']}:", *(f"  {p}" for p in r["problems"])])
        for r in results
    )
    _out(args, results, text)
    if any(r["problems"] for r in results):
        raise Failed()
    return 0


def cmd_scenario_run(args: argparse.Namespace) -> int:
    registry = Registry()
    results = []
    files = list(args.files)
    if args.game:
        folder = registry.game(args.game).scenarios
        if not folder or not Path(folder).is_dir():
            raise RefereeError(f"{args.game} ships no scenario files")
        files += sorted(str(p) for p in Path(folder).glob("*.toml"))
    if not files:
        raise RefereeError("name scenario files, or --game NAME for a game's own suite")
    for file in files:
        scenario = load_scenario(file)
        results.append(run_scenario(scenario, registry, extensions=_extensions(args.extensions)))
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

    def error(self, message: str) -> NoReturn:
        # argparse echoes the offending values whole and raw: cut long ones, escape
        # control characters (a terminal escape sequence must not reach the terminal).
        message = re.sub(r"\S{60,}", lambda m: f"{m.group(0)[:50]}...", message)
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _common(top_level: bool) -> _Parser:
    """Options every command takes, before or after the command's name.

    Subcommands repeat them with suppressed defaults, so a value given before the
    command name is not overwritten by the subcommand's default.
    """
    common = _Parser(add_help=False)
    default = (lambda value: value) if top_level else (lambda value: argparse.SUPPRESS)
    env_db = os.environ.get("REFEREE_DB")
    db_help = (
        f"table store (default: $REFEREE_DB = {env_db})"
        if env_db
        else f"table store: a SQLite file, ':memory:', or postgresql://... (default: $REFEREE_DB, else {resolve_db(None)})"
    )
    common.add_argument("--db", default=default(None), help=db_help)
    common.add_argument("--json", action="store_true", default=default(False), help="print results as JSON")
    common.add_argument("--log-level", default=default("warning"), help="debug, info, warning (default) or error")
    common.add_argument("--log-json", action="store_true", default=default(False), help="write log lines to stderr as JSON")
    return common


def parser() -> argparse.ArgumentParser:
    common = _common(top_level=False)
    top = _Parser(
        prog="referee",
        description="Referee: tabletop games refereed by their rules, every table an auditable log.",
        parents=[_common(top_level=True)],
    )
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", parents=[common], help="installed games and every plugin, with distribution and version")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", parents=[common], help="play a table hot-seat in this terminal, with bots for the other seats")
    p.add_argument("game", nargs="?", help="the game to play (see 'referee games')")
    p.add_argument("--seats", help="comma-separated names of the human seats, e.g. Bill,Ted,Zed")
    p.add_argument("--bots", type=int, default=0, help="number of bot seats to add")
    p.add_argument("--seed", help="fix the table's randomness (reproducible games)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option (repeatable)")
    p.add_argument("--extensions", help="comma-separated cards, powers or house rules to use (default: the game's; none: none)")
    p.add_argument("--table", help="go on with an existing table instead of opening one")
    p.add_argument("--bot-seats", type=lambda s: s.split(","), help="with --table: seats the bots play")
    p.add_argument("--quiet", action="store_true", help="do not print the game's progress")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("new", parents=[common], help="open a table for play by orders (forum or email), without playing it")
    p.add_argument("game")
    p.add_argument("--seats", required=True, help="comma-separated seat names")
    p.add_argument("--seed")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--extensions")
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
    p.add_argument("--args", dest="args_json", help="the answer as a JSON object of field to value, instead of words")
    p.add_argument("--request", help="which request this answers, where the seat has several for the action (see 'view')")
    p.set_defaults(func=cmd_act)

    p = sub.add_parser("view", parents=[common], help="what a seat (default: a spectator) sees now")
    p.add_argument("table")
    p.add_argument("--seat")
    p.set_defaults(func=cmd_view)

    p = sub.add_parser("report", parents=[common], help="the game's report of a finished round (e.g. Pigsty's forum turn report)")
    p.add_argument("table")
    p.add_argument("--round", "--turn", type=int, dest="round", help="which round (default: the last finished)")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("tables", parents=[common], help="tables in the store")
    p.set_defaults(func=cmd_tables)

    p = sub.add_parser("export", parents=[common], help="a table's log as JSON Lines")
    p.add_argument("table")
    p.add_argument("-o", "--output", help="file to write (default: standard output)")
    p.add_argument("--seat", help="only what this seat could see")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", parents=[common], help="store an exported log (verified first) as a table")
    p.add_argument("file")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("replay", parents=[common], help="walk a log and show the state at any entry")
    p.add_argument("log", help="an exported file, a table id, or 'latest'")
    p.add_argument("--to", type=int, help="stop after entry N")
    p.add_argument("--seat", help="show the state as this seat saw it")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("verify", parents=[common], help="check a log's chain, seed and every decision; exit 1 naming the first bad entry")
    p.add_argument("log")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("explain", parents=[common], help="the action, plugin and rule behind one entry")
    p.add_argument("log")
    p.add_argument("seq", type=int, metavar="N")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("check", parents=[common], help="check data files a game reads, e.g. Pimp deck files; exit 1 listing every problem")
    p.add_argument("game")
    p.add_argument("files", nargs="+")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("scenario", parents=[common], help="scenario files (rulebook examples, conformance suites)")
    scen = p.add_subparsers(dest="scenario_command", required=True, metavar="SUBCOMMAND")
    q = scen.add_parser("run", parents=[common], help="run scenario files; exit 1 with a diff on any mismatch")
    q.add_argument("files", nargs="*", help="scenario files (TOML)")
    q.add_argument("--game", help="also run the scenario suite the game ships (its rulebook examples)")
    q.add_argument("--extensions", help="run them under these extensions (house rules) instead of the files'")
    q.set_defaults(func=cmd_scenario_run)
    return top


def main(argv: Sequence[str] | None = None) -> NoReturn:
    args = parser().parse_args(argv)
    try:
        referee.logging.configure(args.log_level, json=args.log_json)
    except ValueError as exc:
        print(f"referee: {exc}", file=sys.stderr)
        sys.exit(2)
    if args.command == "play" and not args.game and not args.table:
        print("referee play: name a game (see 'referee games') or --table to go on with", file=sys.stderr)
        sys.exit(2)
    try:
        status = args.func(args)
    except Failed:
        status = 1
    except RefereeError as exc:
        print(f"referee: {exc.message}", file=sys.stderr)
        status = 2
    except KeyboardInterrupt:
        print("\nreferee: interrupted; nothing half-written was kept", file=sys.stderr)
        status = 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away; every action taken so far is stored.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 141
    except Exception as exc:
        # A bug, not bad input: still one line (a traceback reads as a crash of the
        # table, which it is not; every write is atomic), the traceback on request.
        if args.log_level == "debug":
            traceback.print_exc()
        print(
            f"referee: internal error ({type(exc).__name__}: {shown(str(exc), 200)}); please report it "
            "(run with --log-level debug for the traceback)",
            file=sys.stderr,
        )
        status = 2
    sys.exit(status)
