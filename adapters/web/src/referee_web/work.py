"""The work of the routes that open, play and read back a table, run on the table's worker."""

from __future__ import annotations

from typing import Any

import msgspec

from referee import GAMESMASTER, Referee, RefereeError, shown

from .core import SPECTATORS, HubCore
from .forms import _file_like, _pasteable, _verdict
from .problems import Problem, _not_open, _problem
from .showing import presented

MAX_SEATS = 12
MAX_NAME = 40


class TableWork(HubCore):
    # -- what the routes ask for ----------------------------------------------------
    def _w_games(self) -> dict[str, Any]:
        return self._w_app.plugins.games()

    def _w_create(self, body: dict[str, Any]) -> dict[str, Any]:
        app = self._w_app
        game = body.get("game")
        if not isinstance(game, str) or not game:
            raise Problem(400, "game: name an installed game")
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise Problem(400, "seats: a list of seat names")
        if len(seats) > MAX_SEATS or any(len(s) > MAX_NAME for s in seats):
            raise Problem(400, f"seats: at most {MAX_SEATS} seats of at most {MAX_NAME} characters each")
        bots = body.get("bots", [])
        if not isinstance(bots, list) or not all(isinstance(s, str) for s in bots) or any(b not in seats for b in bots):
            raise Problem(400, "bots: a list of the seats bots play (each one of seats)")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise Problem(400, "options: an object of option name to value")
        path = _file_like(options)
        if path is not None:
            raise Problem(
                400, f"options: {shown(path)} looks like a file path; this server reads no files for a table (paste the file's text)"
            )
        extensions = body.get("extensions")
        if extensions is not None and (not isinstance(extensions, list) or not all(isinstance(e, str) for e in extensions)):
            raise Problem(
                400,
                "extensions: a list of extension names (empty for none; leave it out for the game's own; +name, -name: the game's own plus or minus one)",
            )
        try:
            table_id = app.open(game, seats, options=options, extensions=extensions)
            if bots:
                app.bots.automate(table_id, bots)
        except RefereeError as exc:
            raise _problem(exc) from None
        keys = self._w_keys
        tokens, invitations = keys.issue(table_id, [GAMESMASTER]), keys.invite(table_id, [s for s in seats if s not in bots])
        spectators = keys.issue(table_id, [SPECTATORS])[SPECTATORS]
        return {
            "table": table_id,
            "game": game,
            "seats": seats,
            "bots": bots,
            "tokens": tokens,
            "invitations": invitations,
            "spectators": spectators,
        }

    def _w_act(self, table_id: str, role: str, body: dict[str, Any], token: str | None = None, announce: bool = True) -> dict[str, Any]:
        """``role``'s answer ``body``, decided and appended.  ``token``: the seat's
        credential, checked here first (one job on the worker, not two); None when the
        caller checked it already.  ``announce``: wake the table's pages (with their
        updates) and other processes; a group commit does that once it is durable."""
        if token is not None:
            self._w_authorize(table_id, role, token)
        done = self._w_decide(table_id, role, body)
        if announce:
            self._w_changed(table_id)
        return done

    def _w_decide(self, table_id: str, role: str, body: dict[str, Any]) -> dict[str, Any]:
        # Decided on the table as this worker holds it, reading nothing; the append is
        # refused if another writer moved it on, and the kernel decides again.  A refusal
        # decided on memory is checked once against the store before it is given: a process
        # that announces nothing may have opened the request meanwhile.
        with self._w_reading(table_id) as looked:
            try:
                return self._w_read_act(table_id, role, body)
            except Problem as refused:
                if looked or not (refused.status in (403, 409, 422, 507) or refused.plugin_failed):
                    raise
                if refused.plugin_failed:
                    # The rules failed on the table as this worker folded it: the failure
                    # stands only if they fail on the table as stored, folded afresh.
                    self._w_app.forget(table_id)
        with self._w_reading(table_id, look=True):
            return self._w_read_act(table_id, role, body)

    def _w_acts(self, calls: list[tuple[Any, ...]]) -> list[Any]:
        """Answers waiting together, for any tables, decided one after the other in the
        order they came and committed in one transaction (group commit): each one's outcome
        (its answer or its refusal) is handed back only once that transaction is durable.
        If it fails (another writer took a position meanwhile), nothing of it is stored,
        the tables are forgotten and each answer is decided again on its own."""
        app = self._w_app
        outcomes: list[Any] = []
        try:
            with app.store.together():
                for args in calls:
                    try:
                        outcomes.append(self._w_act(*args, announce=False))
                    except Exception as exc:
                        outcomes.append(exc)
        except Exception:
            for table_id in {args[0] for args in calls}:
                app.forget(table_id)
                self._local.current.discard(table_id)
            outcomes = []
            for args in calls:
                try:
                    outcomes.append(self._w_act(*args))
                except Exception as exc:
                    outcomes.append(exc)
            return outcomes
        changed = sorted({args[0] for args, outcome in zip(calls, outcomes, strict=True) if not isinstance(outcome, Exception)})
        if changed:
            self._w_changed(*changed)
        return outcomes

    def _w_read_act(self, table_id: str, role: str, body: dict[str, Any]) -> dict[str, Any]:
        app = self._w_app
        action = body.get("action")
        args = body.get("args", {})
        request = body.get("request")
        if not isinstance(action, str) or not action:
            raise Problem(400, "action: the action's name, e.g. the request's action")
        if action in app.seating.ACTIONS:
            raise Problem(400, f"{action}: a seat is claimed by opening its invitation, and re-issued from the gamesmaster's console")
        if not isinstance(args, dict):
            raise Problem(400, "args: an object of field to value")
        if request is not None and not isinstance(request, str):
            raise Problem(400, "request: the id of the request answered")
        seat = role
        named = body.get("seat")
        if named is not None and named != role:
            # The gamesmaster may enter a seat's written orders, as sent by private message.
            if role != GAMESMASTER:
                raise Problem(403, "a seat acts only for itself")
            if not isinstance(named, str):
                raise Problem(400, "seat: the seat whose orders are entered")
            target = next((r for r in app.requests(table_id) if r.seat == named and r.action == action and request in (None, r.id)), None)
            if target is None or not _pasteable(target):
                raise Problem(403, f"the gamesmaster enters only written orders a seat is asked for, and {shown(named)} is asked for none")
            seat, request = named, target.id
        elif role == GAMESMASTER and action == "automate":
            return self._w_automate(table_id, args)
        elif role == GAMESMASTER and action == "close" and "turn" not in args:
            # Without the turn, a close sent twice (a retry, a double click, two consoles)
            # closes two turns; naming it makes the second one a refusal.
            raise Problem(400, 'close: name the turn it closes, {"turn": N} (the round the console shows)')
        if role != GAMESMASTER and app.length(table_id) >= self.max_entries:
            raise Problem(
                507, f"table {table_id} has reached this server's limit of {self.max_entries:,} entries; the gamesmaster can end it"
            )
        if request is not None and request not in self._w_open_for(app, table_id, seat):
            raise _not_open(seat)
        try:
            entries = app.act(table_id, seat, action, args, request=request)
        except RefereeError as exc:
            still_open = request is None or request in self._w_open_for(app, table_id, seat)
            raise _problem(exc, request, still_open, seat) from None
        # The host's signed receipt, for the page to keep (referee.receipts).
        receipt = msgspec.to_builtins(entries.receipt) if entries.receipt is not None else None
        return {"appended": len(entries), "receipt": receipt}

    @staticmethod
    def _w_open_for(app: Referee, table_id: str, seat: str) -> set[str]:
        return {r.id for r in app.requests(table_id) if r.seat == seat}

    def _w_automate(self, table_id: str, args: dict[str, Any]) -> dict[str, Any]:
        app = self._w_app
        seats = args.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise Problem(400, "seats: the list of seats bots play from now on")
        try:
            entries = app.bots.automate(table_id, seats)
        except RefereeError as exc:
            raise _problem(exc) from None
        # Announced as every answer is (``_w_act``): seats handed back to people need links,
        # and the gamesmaster's page shows them.
        return {"appended": len(entries)}

    def _w_export(self, table_id: str, role: str) -> dict[str, Any]:
        app = self._w_app
        over = app.over(table_id)
        # During the game a seat gets only what it may see; after it, everyone gets the whole log.
        seat = None if over or role == GAMESMASTER else role
        if role == GAMESMASTER and not over:
            # The gamesmaster has the whole log checked as it stands, but is not handed the
            # operator's copy: it carries the key of every hidden body.
            verdict = app.audit.verify_table(table_id)
            return {"jsonl": None, "verify": _verdict(verdict), "entries": verdict.checked, "full": True, "over": over}
        text = app.export(table_id, seat)
        verdict = app.audit.verify(app.audit.load_log(text, source="export"))
        return {"jsonl": text, "verify": _verdict(verdict), "entries": text.count("\n"), "full": seat is None, "over": over}

    def _w_replay(self, table_id: str, role: str, to: int) -> dict[str, Any]:
        app = self._w_app
        seat = None if role == GAMESMASTER else role
        entries = app.entries(table_id)
        if not 1 <= to <= len(entries):
            raise Problem(400, f"to: the log has entries 1 to {len(entries)}")
        try:
            walked = app.audit.replay_view(entries, to, seat)
        except RefereeError as exc:
            raise _problem(exc) from None
        drawn = None if walked.view is None else presented(walked.rules, walked.view)
        return {"to": walked.to, "view": walked.view, "presentation": drawn, "result": walked.result}

    def _w_report(self, table_id: str, round: int | None, publish: bool, role: str) -> dict[str, Any]:
        """A finished round's report: the gamesmaster reads any and publishes it; a seat
        reads those published."""
        app = self._w_app
        if publish and role != GAMESMASTER:
            raise Problem(403, "only the gamesmaster publishes reports")
        info = app.info(table_id)
        # Without a round: the last finished one (the one in play has not ended yet).
        chosen = round if round is not None else info.round if info.over else info.round - 1
        if chosen < 1:
            raise Problem(404, f"table {table_id} has not finished a round yet")
        if role != GAMESMASTER and chosen not in self._w_keys.published(table_id):
            raise Problem(403, f"the gamesmaster has not published the report of round {chosen}")
        try:
            text = app.gamesmaster.report(table_id, chosen)
        except RefereeError as exc:
            raise Problem(404, exc.message) from None
        if publish:
            self._w_keys.publish(table_id, chosen)
            self.forget_records(table_id)
            self._announce(table_id, records=True)
        return {"round": chosen, "text": text or "", "published": self._w_keys.published(table_id)}
