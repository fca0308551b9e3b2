"""Play by orders (a forum, email, a gamesmaster): ``referee new``, ``act``, ``view`` and ``report``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from referee import GAMESMASTER

from . import common


def cmd_new(args: argparse.Namespace) -> int:
    from referee import RefereeError, words

    from .playing import bot_names

    with common.open_referee(args) as app:
        humans = [s.strip() for s in (args.seats or "").split(",") if s.strip()]
        options = common.table_options(args.option)
        bots = bot_names(humans, args.bots, options)
        if not humans:
            raise RefereeError("name the seats people play (--seats A,B,C); --bots N adds bot seats to them")
        seats = humans + bots
        table_id = app.open(args.game, seats, options=options, extensions=common.extension_names(args.extensions), seed=args.seed)
        if bots:
            # The bots play their seats from now on: here up to the first person's turn,
            # and after every `referee act` until a person must answer again.
            app.bots.automate(table_id, bots)
            app.bots.play(table_id, bots)
        played = f" ({words.listing(bots)} played by {'a bot' if len(bots) == 1 else 'bots'})" if bots else ""
        common.out(args, {"table": table_id, "bots": bots}, f"table {table_id} opened for {words.listing(seats)}{played}")
    return 0


def cmd_act(args: argparse.Namespace) -> int:
    from referee import RefereeError, parse_json, story, unrecordable

    from . import answering, render

    with common.open_referee(args) as app:
        table_id = common.table_named(app, args.table)
        if args.args_json is not None:
            action_args = parse_json(args.args_json, "--args")
            if not isinstance(action_args, dict):
                raise RefereeError("--args must be a JSON object")
            if args.answer:
                raise RefereeError("give the answer either as words or as --args JSON, not both")
        else:
            try:
                text = sys.stdin.read() if args.answer == ["-"] else " ".join(args.answer)
            except UnicodeDecodeError:
                raise RefereeError("the answer read from standard input is not UTF-8 text; nothing was recorded") from None
            # A byte that is not UTF-8 reaches Python as a lone surrogate: bad input, said
            # before any game's reading of the words sees it.
            if problem := unrecordable(text, "the answer"):
                raise RefereeError(f"{problem}; nothing was recorded")
            request = answering.pending(app.requests(table_id), args.seat, args.action, args.request)
            if request is not None:
                action_args = answering.args_from_text(request, text)
            elif args.seat == GAMESMASTER and args.action == "close" and not app.over(table_id):
                action_args = {"turn": _turn_to_close(app, table_id, text)}
            else:
                # No request of this seat's is open for the action: the kernel says why, or
                # it is the gamesmaster's, which takes text where it takes anything.
                action_args = {"text": text} if text else {}
        asked = {r.id: r for r in app.requests(table_id)}
        entries = app.act(table_id, args.seat, args.action, action_args, request=args.request)
        kept_in = None
        if entries.receipt is not None:
            from .disputes import keep

            kept_in = keep(app.location, entries.receipt)
        bots = [s for s in app.bots.seats(table_id) if s != args.seat]
        if bots and not app.over(table_id):
            # The table's bots answer what is theirs, until a person must act again.
            app.bots.play(table_id, bots, on_step=lambda _request, more: entries.extend(more))
        rules = app.rules(table_id)
        over = app.over(table_id)
        visible = [e for e in entries if e.visible(args.seat) or over]
        # What the action did, as the seat reads it: in their words, what is hidden from
        # them told from its header, the kernel's bookkeeping folded unless asked for.
        reader = None if args.seat == GAMESMASTER else args.seat
        held = app.visible_entries(table_id, reader, after=entries[0].seq - 1) if entries else []
        told = story.story(rules, [e for e in held if e.seq <= entries[-1].seq], reader, asked)
        text = "\n".join(render.story_lines(told, args.bookkeeping)) or "recorded"
        if entries.receipt is not None:
            from referee import short_head

            where = f" (kept in {kept_in})" if kept_in else ""
            text += (
                f"\nreceipt: entries {entries.receipt.action} to {entries.receipt.position}, head {short_head(entries.receipt.head)}{where}"
            )
        common.out(args, {"table": table_id, "appended": len(entries), "entries": visible, "receipt": entries.receipt}, text)
    return 0


def _turn_to_close(app: Any, table_id: str, text: str) -> int:
    """The turn a gamesmaster's ``close`` names.  It must be given: a close that took the
    turn in play, sent twice, would close two turns; one that names its turn closes it
    once, and the game refuses it again."""
    from referee import RefereeError

    given = text.strip()
    if not given:
        turn = app.info(table_id).round
        raise RefereeError(
            f"say which turn to close: `referee act {table_id} gamesmaster close {turn}` closes turn {turn}, the one in play "
            "(naming it makes a close sent twice close it once); nothing was recorded"
        )
    if not given.isdigit() or len(given) > 9:
        raise RefereeError(f"close takes the number of the turn it closes, not {given!r}")
    return int(given)


def cmd_view(args: argparse.Namespace) -> int:
    from . import answering, render

    with common.open_referee(args, read_only=True) as app:
        table_id = common.table_named(app, args.table)
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
        from referee import short_head

        # The head tells two seats at once whether they were shown one history.
        view["log"] = {"entries": app.length(table_id), "head": short_head(app.head(table_id))}
        lines.append(f"log: {view['log']['entries']} entries, head {view['log']['head']}")
        common.out(args, view, "\n".join(lines))
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from referee import RefereeError

    with common.open_referee(args, read_only=True) as app:
        table_id = common.table_named(app, args.table)
        text = app.gamesmaster.report(table_id, args.round)
        if text is None:
            raise RefereeError(f"{app.state(table_id).game_name} writes no round reports")
        common.out(args, {"table": table_id, "report": text}, text.rstrip("\n"))
    return 0
