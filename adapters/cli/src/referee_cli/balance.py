"""``referee balance GAME`` and ``referee verify`` of an archive, through the referee-balance
distribution (the lab and its engine)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from . import common

BALANCE_MISSING = (
    "the balance lab (referee-balance), which is not installed: pip install ./adapters/balance from a clone of "
    "the repository (as the README does), or pip install referee-balance where a package index offers it"
)

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")
"""Seats named when ``--seats`` gives a count."""

DESCRIPTION = """\
Play GAME many times with bots in every seat and report who wins (by seat, by bot kind, by
the power, deck, card or ability each seat held), how long games last and how often each
action and thing is used, each with a 95% confidence interval.

With any --against-* option the same games (same seeds, same table keys) are played a second
time with that change, and the report compares the two pair by pair, flagging the differences
whose interval leaves out zero.  Example: does The Medic change Cash'n'Guns?

  referee balance cashnguns --games 400 --seats 4 --against-extensions +the-medic --html medic.html

Games run on a local Dask cluster of --workers processes (default: one per core; 1 runs them
in this process), or on the cluster at --cluster ADDRESS.  The same seed gives the same
results wherever they run."""


def add_parser(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "balance",
        parents=parents,
        help="measure a game's balance with many bot games, or compare a house rule against none (needs referee-balance)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="the game to measure (see 'referee games')")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games per set (default 100)")
    p.add_argument(
        "--seats",
        metavar="N|NAMES",
        help="a number of seats (named Ann, Bob, ...) or comma-separated names (default: 4, within the game's limits)",
    )
    p.add_argument(
        "--bots", metavar="KIND[,KIND...]", help="the bot kind for every seat, or one per seat in order (default: the game's own)"
    )
    p.add_argument(
        "--extensions",
        help="comma-separated extensions (default: the game's; +NAME,-NAME: the game's plus or minus those; none: none)",
    )
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a table option (repeatable)")
    p.add_argument("--against-extensions", metavar="EXTENSIONS", help="compare with these extensions instead (as --extensions)")
    p.add_argument("--against-bots", metavar="KIND[,KIND...]", help="compare with these bots instead (as --bots)")
    p.add_argument(
        "--against-option", action="append", default=[], metavar="KEY=VALUE", help="compare with this option changed (repeatable)"
    )
    p.add_argument("--seed", default="balance", help="game i is played with seed SEED/i and a table key made from it (default: balance)")
    p.add_argument("--workers", type=int, metavar="N", help="local worker processes (default: one per core; 1: in this process)")
    p.add_argument("--cluster", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS (tcp://HOST:PORT) instead of local workers")
    p.add_argument(
        "--max-actions", type=int, default=20_000, metavar="N", help="bot actions after which a game counts as endless (default 20000)"
    )
    p.add_argument(
        "--json", dest="json_file", metavar="FILE", help="also write every figure and game as JSON to FILE ('-': standard output)"
    )
    p.add_argument("--html", metavar="FILE", help="also write a one-page report with plots to FILE")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_balance)


def engine_options(p: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--cluster`` of ``referee verify`` (an archive)."""
    p.add_argument("--workers", type=int, metavar="N", help="with a folder or --all: local worker processes (default: one per core)")
    p.add_argument("--cluster", metavar="ADDRESS", help="with a folder or --all: verify on the Dask scheduler at ADDRESS")


def _lab() -> Any:
    from referee import RefereeError

    try:
        import referee_balance
    except ImportError:
        raise RefereeError(f"this needs {BALANCE_MISSING}") from None
    return referee_balance


def _engine(args: argparse.Namespace) -> Any:
    from referee import RefereeError

    if args.cluster and args.workers is not None:
        raise RefereeError("--workers does not apply with --cluster: the cluster's workers run the games")
    from referee_balance.engine import Engine

    return Engine(args.workers, args.cluster)


def _seats(given: str | None, game: Any) -> tuple[str, ...]:
    from referee import RefereeError, shown

    if given is None:
        count = max(game.min_seats, min(4, game.max_seats or 4))
    elif given.strip().isdigit():
        # A count of more digits than any table has seats is refused before it is read as a number.
        count = int(given) if len(given.strip()) <= 3 else 0
        if not 1 <= count <= len(NAMES):
            raise RefereeError(f"--seats {shown(given.strip())}: give 1 to {len(NAMES)} seats, or their names")
    else:
        names = tuple(name.strip() for name in given.split(","))
        if not all(names):
            raise RefereeError(f"--seats {shown(given)}: an empty name between commas")
        return names
    return NAMES[:count]


def _options(pairs: list[str], bots: str | None, flag: str) -> dict[str, Any]:
    from referee import RefereeError

    options = common.table_options(pairs)
    if bots is not None:
        if "bots" in options:
            raise RefereeError(f"{flag} and --option bots=... say the same thing: give one")
        options["bots"] = bots
    return options


def _writable(name: str | None, flag: str) -> None:
    """Refuse an output file that cannot be written before any game is played."""
    from referee import RefereeError, shown

    if name is None or name == "-":
        return
    if "\x00" in name:
        raise RefereeError(f"{flag} {shown(name)} cannot be a file's name: it holds a NUL character")
    path = Path(name)
    try:
        folder, parent = path.is_dir(), path.parent.is_dir()
    except (OSError, ValueError) as exc:  # a name no file could have (too long, say)
        raise RefereeError(f"{flag} {shown(name)} cannot be a file's name: {getattr(exc, 'strerror', None) or exc}") from None
    if folder:
        raise RefereeError(f"{flag} {shown(name)} is a folder: name a file")
    if not parent:
        raise RefereeError(f"{flag} {shown(name)}: there is no folder {shown(str(path.parent))}")


def _write(name: str, text: str, flag: str) -> None:
    from referee import RefereeError, shown

    try:
        Path(name).write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise RefereeError(f"cannot write {flag} {shown(name)}: {getattr(exc, 'strerror', None) or exc}") from None


def cmd_balance(args: argparse.Namespace) -> int:
    import json

    from referee import RefereeError, Registry

    lab = _lab()
    from referee_balance import page, report
    from referee_balance.progress import Progress
    from referee_balance.runs import Setup, registry_for

    if args.games < 1:
        raise RefereeError(f"--games {args.games}: play at least one game")
    _writable(args.json_file, "--json")
    _writable(args.html, "--html")
    engine = _engine(args)
    registry: Registry = registry_for(())
    seats = _seats(args.seats, registry.game(args.game))
    extensions = common.extension_names(args.extensions)
    base = Setup(
        args.game,
        seats,
        tuple(extensions) if extensions is not None else None,
        _options(args.option, args.bots, "--bots"),
        args.seed,
        args.max_actions,
    )
    against = None
    if args.against_extensions is not None or args.against_bots is not None or args.against_option:
        theirs = common.extension_names(args.against_extensions)
        options = dict(base.options)
        if args.against_bots is not None:
            options.pop("bots", None)
        options.update(_options(args.against_option, args.against_bots, "--against-bots"))
        other = Setup(
            args.game,
            seats,
            (tuple(theirs) if theirs is not None else None) if args.against_extensions is not None else base.extensions,
            options,
            args.seed,
            args.max_actions,
        )
        mine_label, their_label = report.labels(base, other)
        against = (their_label, other)
    else:
        mine_label = "as given"
    sets = 1 if against is None else 2
    bar = Progress(args.games * sets, "games") if not args.quiet and (sys.stderr.isatty() or args.games * sets >= 1000) else None
    try:
        measured = lab.measure((mine_label, base), args.games, against=against, engine=engine, on_games=bar.advance if bar else None)
    finally:
        if bar is not None:
            bar.close()
    document = json.dumps(report.document(measured), indent=1, allow_nan=False) + "\n"
    if args.json_file and args.json_file != "-":
        _write(args.json_file, document, "--json")
    if args.html:
        _write(args.html, page.page(measured), "--html")
    if args.json or args.json_file == "-":
        sys.stdout.write(document)
    else:
        sys.stdout.write(report.text(measured, where=engine.where))
        for flag, name in (("JSON", args.json_file), ("HTML report", args.html)):
            if name:
                print(f"wrote the {flag} to {name}", file=sys.stderr)
    return 0


def cmd_verify_archive(args: argparse.Namespace) -> int:
    """``referee verify FOLDER`` or ``referee verify --all``: every log, on the lab's engine."""
    from referee import RefereeError

    _lab()
    from referee_balance.archive import logs_in, verify_all
    from referee_balance.progress import Progress

    if args.against or args.receipts or args.seat:
        raise RefereeError("--against, --receipts and --seat check one log against a seat's copy, not an archive")
    engine = _engine(args)
    if args.all:
        if args.log:
            raise RefereeError("--all verifies every table of the store: give no LOG with it")
        app = common.open_referee(args, read_only=True)
        with app:
            ids = [info.table_id for info in app.tables()]
            logs = [(f"table {table_id}", lambda table_id=table_id: app.export(table_id)) for table_id in ids]
            where = f"the store {app.location}"
            bar = Progress(len(logs), "logs") if sys.stderr.isatty() and not args.json else None
            checked = verify_all(logs, engine, bar.advance if bar else None)
    else:
        folder = Path(args.log)
        files = logs_in(folder)
        if not files:
            raise RefereeError(f"there are no logs (*.jsonl files) in the folder {args.log}")
        logs = [(str(path), lambda path=path: common.read_file(str(path))) for path in files]
        where = f"the folder {args.log}"
        bar = Progress(len(logs), "logs") if sys.stderr.isatty() and not args.json else None
        checked = verify_all(logs, engine, bar.advance if bar else None)
    if bar is not None:
        bar.close()
    failed = [c for c in checked if not c.ok]
    lines = [f"FAILED: {c.source}: {c.message}" + (f" (entry {c.bad_entry})" if c.bad_entry else "") for c in failed]
    head = "OK" if not failed else "FAILED"
    lines.append(
        f"{head}: {len(checked) - len(failed)} of {len(checked)} logs in {where} verify" + (f" ({len(failed)} do not)" if failed else "")
    )
    common.out(args, {"source": where, "ok": not failed, "logs": checked}, "\n".join(lines))
    if failed:
        raise common.Failed()
    return 0
