"""``referee``: play tables and settle disputes from the command line.

Every command that touches the table store takes ``--db PATH`` (default: the
``REFEREE_DB`` environment variable, then a SQLite file in the user's data folder),
and ``--json`` for machine-readable output (errors too: ``{"error": ..., "status": ...}``
on standard error).  Exit status: 0 success, 1 a check failed (verify, scenarios),
2 bad input or an error, 3 the game was left unfinished (input ran out, or nobody
here plays the seats it waits for).

Only the parser is built at start: each command imports what it needs when it runs,
so ``referee --help`` pays for no game, no store and no log code.  The commands live
in one module per group: playing, forum (play by orders), logs, kit (for plugin
authors) and serve.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import balance, common, disputes, forum, kit, logs, playing, serve

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

        print(f"referee {of('referee-cli')} (kernel {of('referee')}, web server {of('referee-web')}, balance lab {of('referee-balance')})")
        print("games and plugins: " + (", ".join(_plugin_versions()) or "none installed"))
        parser.exit(0)


def _plugin_versions() -> list[str]:
    """Every installed distribution offering a ``referee`` entry point, with its version,
    read from metadata alone (no plugin is imported)."""
    from importlib.metadata import entry_points

    found = {ep.dist.name: ep.dist.version for ep in entry_points(group="referee") if ep.dist is not None}
    return [f"{name} {version}" for name, version in sorted(found.items())]


_DB_HELP = (
    "table store: a SQLite file, ':memory:' (this command only), or postgresql://USER:PASS@HOST/DB "
    "(default: $REFEREE_DB, else referee/referee.sqlite in $XDG_DATA_HOME, ~/.local/share)"
)


def _common(top_level: bool, store: bool = True) -> _Parser:
    """Options every command takes, before or after the command's name.

    Subcommands repeat them with suppressed defaults, so a value given before the
    command name is not overwritten by the subcommand's default.  ``store=False``: a
    command that keeps no table (``balance``) takes no ``--db``, and its ``--json`` is its own.
    """
    shared = _Parser(add_help=False)
    default = (lambda value: value) if top_level else (lambda value: argparse.SUPPRESS)
    if store:
        # Where the default store is, said in words: working it out would import the store.
        env_db = os.environ.get("REFEREE_DB")
        db_help = f"table store (default: $REFEREE_DB = {env_db})" if env_db else _DB_HELP
        shared.add_argument("--db", default=default(None), metavar="STORE", help=db_help)
        shared.add_argument("--json", action="store_true", default=default(False), help="print results (and errors, on stderr) as JSON")
    shared.add_argument("--log-level", default=default("warning"), metavar="LEVEL", help="debug, info, warning (default) or error")
    shared.add_argument("--log-json", action="store_true", default=default(False), help="write log lines to stderr as JSON")
    return shared


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only``, the parser of that command alone (its options,
    help and refusals the same), which is all a run of it needs: building every command's
    parser costs more than some commands take to run."""

    def wanted(name: str) -> bool:
        return only is None or name == only

    every = _common(top_level=False)
    top = _Parser(
        prog="referee",
        description="Referee: tabletop games refereed by their rules, every table an auditable log.",
        epilog="exit status: 0 done, 1 a check failed, 2 bad input or an error, 3 the game was left unfinished",
        parents=[_common(top_level=True)],
    )
    top.add_argument("--version", action=_Version, help="show the installed versions and exit")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    if wanted("games"):
        p = sub.add_parser("games", parents=[every], help="installed games and every plugin, with distribution and version")
        p.set_defaults(func=kit.cmd_games)

    if wanted("hooks"):
        p = sub.add_parser(
            "hooks",
            parents=[every],
            help="every hook a plugin can implement (the kernel's, and with GAME the game's own), and which installed plugins do",
        )
        p.add_argument("game", nargs="?", help="also list this game's own hooks, and only its plugins' implementations")
        p.set_defaults(func=kit.cmd_hooks)

    if wanted("new-plugin"):
        p = sub.add_parser(
            "new-plugin",
            parents=[every],
            help="write a new plugin distribution (house rule, card, power or game) whose tests pass as generated",
        )
        p.add_argument("name", help="the plugin's name: lowercase words joined by '-', e.g. cheap-palace")
        p.add_argument("--kind", required=True, choices=["house-rule", "card", "power", "game"], help="what the plugin is")
        p.add_argument("--game", help="the installed game a house rule, card or power extends")
        p.add_argument("--dir", metavar="PATH", help="the folder to write (default: ./referee-GAME-NAME, or ./referee-NAME for a game)")
        p.add_argument("--title", help="the name players read, as printed (default: NAME's words capitalized), e.g. \"Dead Man's Hand\"")
        p.set_defaults(func=kit.cmd_new_plugin)

    if wanted("play"):
        p = sub.add_parser("play", parents=[every], help="play a table hot-seat in this terminal, with bots for the other seats")
        p.add_argument("game", nargs="?", help="the game to play (see 'referee games')")
        p.add_argument("--seats", help="comma-separated names of the human seats, e.g. Bill,Ted,Zed")
        p.add_argument(
            "--bots",
            metavar="N|KIND,...",
            help="bot seats to add: a number, or one kind per bot (e.g. heuristic,random,random; the game's option bots lists its kinds)",
        )
        _table_options(p)
        p.add_argument("--table", help="go on with an existing table (id or 'latest') instead of opening one")
        p.add_argument(
            "--bot-seats",
            type=lambda s: s.split(","),
            metavar="SEATS",
            help="with --table: comma-separated seats the bots play from now on (default: those the table's bots played)",
        )
        p.add_argument("--quiet", action="store_true", help="do not print the game's progress")
        p.add_argument(
            "--bookkeeping",
            action="store_true",
            help="also list the kernel's own records (requests opened, answers as sent, random draws, phase and turn markers)",
        )
        p.set_defaults(func=playing.cmd_play)

    if wanted("new"):
        p = sub.add_parser("new", parents=[every], help="open a table for play by orders (forum or email), without playing it")
        p.add_argument("game", help="the game to open (see 'referee games')")
        p.add_argument("--seats", required=True, help="comma-separated names of the seats people play, e.g. Bill,Ted,Zed")
        p.add_argument(
            "--bots",
            metavar="N|KIND,...",
            help="bot seats to add, as for play: the bots answer theirs at once and after every 'referee act'",
        )
        _table_options(p)
        p.set_defaults(func=forum.cmd_new)

    if wanted("act"):
        p = sub.add_parser(
            "act",
            parents=[every],
            help="submit one action for a seat (or the gamesmaster)",
            description="Answer a seat's request the way 'referee view' shows it: an option's number or label, "
            "field=value pairs for several fields (comma-separated values for a list, item:target for an assignment), "
            "the text itself (e.g. orders), or --args JSON.",
        )
        p.add_argument("table", help="table id or 'latest'")
        p.add_argument("seat", help="the seat acting, or 'gamesmaster'")
        p.add_argument("action", help="the action, e.g. orders, bullet, close")
        p.add_argument(
            "answer",
            nargs="*",
            metavar="ANSWER",
            help="the answer, as 'view' shows how (words are joined by spaces); '-' reads standard input",
        )
        p.add_argument("--args", dest="args_json", metavar="JSON", help="the answer as a JSON object of field to value, instead of words")
        p.add_argument("--request", help="which request this answers, where the seat has several for the action (see 'view')")
        p.add_argument(
            "--bookkeeping",
            action="store_true",
            help="also list the kernel's own records (requests opened, answers as sent, random draws, phase and turn markers)",
        )
        p.set_defaults(func=forum.cmd_act)

    if wanted("view"):
        p = sub.add_parser("view", parents=[every], help="what a seat (default: a spectator) sees now")
        p.add_argument("table", help="table id or 'latest'")
        p.add_argument("--seat", help="the seat whose view to show, or 'gamesmaster' (default: a spectator's)")
        p.set_defaults(func=forum.cmd_view)

    if wanted("report"):
        p = sub.add_parser("report", parents=[every], help="the game's report of a finished round (e.g. Pigsty's forum turn report)")
        p.add_argument("table", help="table id or 'latest'")
        p.add_argument("--round", "--turn", type=int, dest="round", help="which round (default: the last finished)")
        p.set_defaults(func=forum.cmd_report)

    if wanted("serve"):
        p = sub.add_parser(
            "serve",
            parents=[every],
            help="serve the store's tables to browsers: each seat plays from its own link (needs referee-web)",
        )
        try:
            from referee_web.serve import add_arguments as add_server_arguments
        except ImportError:
            # Still a command, so that running it names the package to install.
            p.description = f"needs {serve.WEB_MISSING}"
        else:
            add_server_arguments(p)  # the server's own options, defaults and help
        p.set_defaults(func=serve.cmd_serve)

    if wanted("balance"):
        balance.add_parser(sub, [_common(top_level=False, store=False)])

    if wanted("tables"):
        p = sub.add_parser("tables", parents=[every], help="tables in the store")
        p.set_defaults(func=playing.cmd_tables)

    if wanted("export"):
        p = sub.add_parser("export", parents=[every], help="a table's log as JSON Lines")
        p.add_argument("table", help="table id or 'latest'")
        p.add_argument("-o", "--output", help="file to write (default: standard output)")
        p.add_argument("--seat", help="only what this seat could see")
        p.set_defaults(func=logs.cmd_export)

    if wanted("import"):
        p = sub.add_parser("import", parents=[every], help="store an exported log (verified first) as a table")
        p.add_argument("file", help="a full export (JSON Lines), as 'referee export' writes it")
        p.set_defaults(func=logs.cmd_import)

    if wanted("migrate"):
        p = sub.add_parser(
            "migrate",
            parents=[every],
            help="copy tables kept by Referee 0.1 into the current store layout (safe to run again)",
        )
        p.set_defaults(func=logs.cmd_migrate)

    if wanted("replay"):
        p = sub.add_parser("replay", parents=[every], help="walk a log and show the state at any entry")
        p.add_argument("log", help="an exported file, a table id, or 'latest'")
        p.add_argument("--to", type=int, metavar="N", help="stop after entry N")
        p.add_argument("--seat", help="show the entries and the state as this seat saw them, in their words")
        p.add_argument(
            "--bookkeeping",
            action="store_true",
            help="also list the kernel's own records (requests opened, answers as sent, random draws, phase and turn markers)",
        )
        p.set_defaults(func=logs.cmd_replay)

    if wanted("verify"):
        p = sub.add_parser(
            "verify",
            parents=[every],
            help="check a log's chain, seed and every decision; exit 1 naming the first bad entry (or every bad log of an archive)",
        )
        p.add_argument(
            "log",
            nargs="?",
            help="an exported file, a table id, 'latest', or a folder of exported logs (*.jsonl) to verify them all (needs referee-balance)",
        )
        p.add_argument("--all", action="store_true", help="verify every table of the store (needs referee-balance)")
        balance.engine_options(p)
        p.add_argument(
            "--against",
            metavar="MINE",
            help="a seat's own copy (its export): check that LOG holds every entry it was shown, unchanged, and that its receipts fit",
        )
        p.add_argument(
            "--receipts",
            action="append",
            metavar="FILE",
            help="with --against: the seat's receipts (default: MINE's .receipts.jsonl beside it), repeatable",
        )
        p.add_argument("--seat", help="with --against: whose copy MINE is (default: told from its receipts)")
        p.set_defaults(func=logs.cmd_verify)

    if wanted("dispute"):
        disputes.add_parsers(sub, every)

    if wanted("explain"):
        p = sub.add_parser("explain", parents=[every], help="the action, plugin and rule behind one entry")
        p.add_argument("log", help="an exported file, a table id, or 'latest'")
        p.add_argument("seq", type=int, metavar="N", help="the entry's number")
        p.set_defaults(func=logs.cmd_explain)

    if wanted("check"):
        p = sub.add_parser(
            "check", parents=[every], help="check data files a game reads, e.g. Pimp deck files; exit 1 listing every problem"
        )
        p.add_argument("game", help="the game whose data files these are")
        p.add_argument("files", nargs="+", help="the files to check")
        p.set_defaults(func=kit.cmd_check)

    if wanted("scenario"):
        p = sub.add_parser("scenario", parents=[every], help="scenario files (rulebook examples, conformance suites)")
        scen = p.add_subparsers(dest="scenario_command", required=True, metavar="SUBCOMMAND")
        q = scen.add_parser("run", parents=[every], help="run scenario files; exit 1 with a diff on any mismatch")
        q.add_argument("files", nargs="*", help="scenario files (TOML)")
        q.add_argument("--game", help="also run the scenario suite the game ships (its rulebook examples)")
        q.add_argument(
            "--extensions",
            help="comma-separated extensions (house rules) added to each file's own (or to the game's defaults); -NAME takes one away",
        )
        q.set_defaults(func=kit.cmd_scenario_run)
    return top


def _table_options(p: argparse.ArgumentParser) -> None:
    """What a new table is opened with, the same for ``play`` and ``new``."""
    p.add_argument("--seed", help="fix the table's randomness (reproducible games)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option (repeatable); @FILE in a value is that file's text",
    )
    p.add_argument(
        "--extensions",
        help="comma-separated cards, powers or house rules to use (default: the game's; +NAME,-NAME: the game's plus or minus those; all: every installed one; none: none)",
    )


COMMANDS = frozenset(  # what ``parser`` adds, in one place so a run builds only its own
    {"games", "hooks", "new-plugin", "play", "new", "act", "view", "report", "serve", "tables", "export", "import", "migrate"}
    | {"replay", "verify", "dispute", "explain", "check", "scenario", "balance"}
)


def _command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs, where only options every command takes, spelled out in
    full, come before it; else None, and the whole parser reads ``argv`` (help, a typo)."""
    tokens = iter(argv)
    for token in tokens:
        if token in ("--db", "--log-level"):
            next(tokens, None)
        elif token not in ("--json", "--log-json") and not token.startswith(("--db=", "--log-level=")):
            return token if token in COMMANDS else None
    return None


def _error(args: argparse.Namespace, message: str, status: int) -> int:
    if getattr(args, "json", False):
        import json

        print(json.dumps({"error": message, "status": status}), file=sys.stderr)
    else:
        print(f"referee: {message}", file=sys.stderr)
    return status


def _changes_kept_together(argv: list[str]) -> list[str]:
    """``--extensions -the-kid`` as ``--extensions=-the-kid`` (and ``--against-extensions``
    of ``balance``): argparse would read a value
    starting with ``-`` as an option and answer only "expected one argument"."""
    joined: list[str] = []
    for arg in argv:
        if joined and joined[-1] in ("--extensions", "--against-extensions") and arg.startswith("-") and not arg.startswith("--"):
            joined[-1] = f"{joined[-1]}={arg}"
        else:
            joined.append(arg)
    return joined


def main(argv: Sequence[str] | None = None) -> NoReturn:
    argv = _changes_kept_together(list(sys.argv[1:] if argv is None else argv))
    command = _command_named(argv)
    # balance's --json names a file: its refusals stay words (unless --json came first).
    _Parser.json_errors = "--json" in (argv if command != "balance" else argv[: argv.index("balance")])
    args = parser(only=command).parse_args(argv)
    if args.command == "play" and not args.game and not args.table:
        sys.exit(_error(args, "play: name a game (see 'referee games') or --table to go on with", 2))
    from referee import Referee, RefereeError, shown

    try:
        Referee.admin.configure_logging(args.log_level, json=args.log_json)
    except ValueError as exc:
        sys.exit(_error(args, str(exc), 2))
    try:
        status = args.func(args)
    except common.Failed:
        status = 1
    except common.Unfinished:
        status = common.UNFINISHED
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
