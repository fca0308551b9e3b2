"""Playing in this terminal: ``referee play`` (hot-seat, with bots) and ``referee tables``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import common

if TYPE_CHECKING:
    from referee import Referee

BOT_NAMES = ["Ada", "Bert", "Cleo", "Dino", "Edna", "Fritz", "Greta", "Hugo", "Iris", "Jonas", "Kiki", "Luis"]


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


def bot_names(humans: Sequence[str], given: str | None, options: dict[str, Any]) -> list[str]:
    """The seats ``--bots`` adds beside ``humans`` (names no person took); bot kinds given
    as ``--bots KIND,...`` go into ``options`` as the game's ``bots`` option."""
    from referee import RefereeError

    count, kinds = _bot_count(given or "0")
    taken = {h.casefold() for h in humans}
    names = [n for n in BOT_NAMES if n.casefold() not in taken]
    if count > len(names):
        raise RefereeError(f"at most {len(names)} bots")
    bots = names[:count]
    if kinds:
        if "bots" in options:
            raise RefereeError("give the bots' kinds either with --bots KIND,... or with --option bots=..., not both")
        options["bots"] = dict(zip(bots, kinds, strict=True))
    return bots


def _bot_seats(app: Referee, table_id: str, named: Sequence[str] | None) -> list[str]:
    from referee import RefereeError

    seats = app.state(table_id).seats
    if named is None:
        return [s for s in seats if s in app.bots.seats(table_id)]
    names = [n.strip() for n in named if n.strip()]
    unknown = [n for n in names if n not in seats]
    if unknown or not names:
        raise RefereeError(f"--bot-seats names no seat of table {table_id}: {', '.join(unknown) or 'nothing'} (seats: {', '.join(seats)})")
    return [s for s in seats if s in names]


def cmd_play(args: argparse.Namespace) -> int:
    import shlex

    from referee import RefereeError, words

    from . import hotseat

    if args.table:
        if args.game:
            raise RefereeError("name a game to open a table, or --table to go on with one, not both")
        common.refuse(
            args,
            "when going on with a table (--table): the table has them already",
            "--seats",
            "--bots",
            "--seed",
            "--option",
            "--extensions",
        )
    else:
        common.refuse(args, "to a new table (they go with --table)", "--bot-seats")
    with common.open_referee(args) as app:
        if args.table:
            table_id = common.table_named(app, args.table)
            bots = _bot_seats(app, table_id, args.bot_seats)
            humans = [s for s in app.state(table_id).seats if s not in bots]
        else:
            humans = [s.strip() for s in args.seats.split(",") if s.strip()] if args.seats else []
            options = common.table_options(args.option)
            bots = bot_names(humans, args.bots, options)
            if not humans and not bots:
                raise RefereeError("name some seats (--seats A,B,C) or ask for bots (--bots N, or --bots KIND,KIND,...)")
            table_id = app.open(
                args.game,
                humans + bots,
                options=options,
                extensions=common.extension_names(args.extensions),
                seed=args.seed,
            )
        out = sys.stderr if args.json else sys.stdout
        memory = app.location == ":memory:"
        seats = app.state(table_id).seats
        if not args.json:
            print(
                f"table {table_id}: {app.rules(table_id).game.title or app.state(table_id).game_name} for {words.listing(seats)}"
                + (f" ({words.listing(bots)} played by {'a bot' if len(bots) == 1 else 'bots'})" if bots else "")
                + f"\nstore: {app.location}"
            )
        entries_before = 0 if not args.table else len(app.entries(table_id))
        app.bots.automate(table_id, bots)
        finished = hotseat.play(
            app,
            table_id,
            humans=humans,
            bots=bots,
            quiet=args.quiet,
            out=out,
            memory=memory,
            bookkeeping=args.bookkeeping,
            after=entries_before,
        )
        state = app.state(table_id)
        count = len(app.entries(table_id))
        summary = {"table": table_id, "finished": finished, "result": state.result, "entries": count}
        text = [f"\ntable {table_id}: {words.count(count, 'log entry', 'log entries')}"]
        if state.result is not None:
            text.append(f"result: {state.result.reason}")
            text += _standings(app, table_id)
            if not memory:
                text.append(f"check it: referee verify {shlex.quote(table_id)}{common.db_flag(args)}")
        elif memory:
            text.append("the game is not over, and a :memory: table ends with this command")
        else:
            summary["resume"] = f"referee play --table {shlex.quote(table_id)}{common.db_flag(args)}"
            text.append(f"the game is not over; go on with: {summary['resume']}")
        common.out(args, summary, "\n".join(text))
        if not finished:
            raise common.Unfinished()
    return 0


def _standings(app: Referee, table_id: str) -> list[str]:
    """The final standings as the game presents them (totals formatted, with how they were
    made), else as the result records them."""
    from . import presenting

    shown = app.present(table_id, None)
    if shown is not None and shown.standings:
        return presenting.standings(shown.standings)
    result = app.state(table_id).result
    assert result is not None
    return [
        f"  {s.place}. {s.seat}" + ("" if s.score is None else f": {s.score}") + (f" ({s.note})" if s.note else "")
        for s in result.standings
    ]


def cmd_tables(args: argparse.Namespace) -> int:
    with common.open_referee(args, read_only=True) as app:
        # No store there yet: no tables, and none is made by looking.
        infos = app.tables() if app.admin.store_exists() else []
    lines = [f"{'table':<20} {'game':<10} {'round':>5} {'entries':>7}  status"]
    for info in infos:
        status = (
            f"over: {', '.join(info.winners) or 'no winner'}" if info.over else f"waiting for {', '.join(info.waiting_for) or 'nobody'}"
        )
        lines.append(f"{info.table_id:<20} {info.game:<10} {info.round:>5} {info.entries:>7}  {status}")
    if not infos:
        lines = [f"no tables in {app.location}"]
    common.out(args, infos, "\n".join(lines))
    return 0
