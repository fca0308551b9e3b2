"""The application: tables opened, acted on, shown, exported and imported.

Adapters (the CLI, a web server) talk to this class only.  Every action goes
load -> decide -> append in one atomic write; a concurrent writer makes the append
fail and the action is decided again on the new state.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import structlog

from . import answers
from .audit import decode, now, opening, replay, seal, verify
from .errors import BadLog, ConcurrentWrite, IllegalAction, RefereeError
from .events import Request
from .log import Entry, dump_jsonl, load_jsonl, redact_for
from .randomness import ScriptedSource, SeededSource, new_seed, seed_hash
from .registry import Registry, Rules
from .store import TableStore
from .table import EXPIRE, GAMESMASTER, Action, TableState, bot_rng, decide, open_table, view

__all__ = ["Referee", "TableInfo"]

log = structlog.get_logger("referee")


@dataclass(frozen=True)
class TableInfo:
    table_id: str
    game: str
    seats: tuple[str, ...]
    entries: int
    round: int
    over: bool
    winners: tuple[str, ...]
    waiting_for: tuple[str, ...]


@dataclass
class _Cached:
    length: int
    last: Entry
    rules: Rules
    state: TableState


class Referee:
    """Tables on one store under one set of installed plugins."""

    def __init__(
        self, db: str | os.PathLike[str] | None = None, *, registry: Registry | None = None, store: TableStore | None = None
    ) -> None:
        self.registry = registry or Registry()
        self.store = store or TableStore(db)
        self._cache: dict[str, _Cached] = {}
        self._scripts: dict[str, ScriptedSource] = {}
        self._seeds: dict[str, str] = {}

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Referee:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- opening ----------------------------------------------------------------
    def open(
        self,
        game: str,
        seats: Sequence[str],
        *,
        options: dict[str, Any] | None = None,
        extensions: Sequence[str] | None = None,
        seed: str | None = None,
        script: Sequence[Any] | None = None,
        table_id: str | None = None,
    ) -> str:
        """Open a table and lay out its game; returns the new table's id.

        ``seed`` fixes the randomness (reproducible games); ``script`` gives outcomes
        in advance (tests and scenarios), which the log marks as scripted.
        """
        rules = self.registry.rules(game, extensions)
        table_id = table_id or f"{game}-{secrets.token_hex(4)}"
        seed = seed or new_seed()
        source = ScriptedSource(script, fallback=seed) if script is not None else SeededSource(seed)
        state, emitted = open_table(
            rules,
            table_id=table_id,
            seats=seats,
            options=options,
            source=source,
            seed_hash=seed_hash(seed),
            scripted=script is not None,
        )
        entries = seal(emitted, after=None, seat=None, at=now())
        self.store.create(table_id, game, entries, seed)
        if script is not None:
            self._scripts[table_id] = source  # type: ignore[assignment]
        self._cache[table_id] = _Cached(len(entries), entries[-1], rules, state)
        log.info("table opened", table=table_id, game=game, seats=list(seats), entries=len(entries))
        return table_id

    # -- acting -----------------------------------------------------------------
    def act(self, table_id: str, seat: str, action: str, args: dict[str, Any] | None = None, *, request: str | None = None) -> list[Entry]:
        """Take one action; returns the entries appended.  Illegal: raises, appends nothing.

        ``request`` names the open request answered, where the seat has several.
        """
        for attempt in range(3):
            cached = self._load(table_id)
            source = self._source(table_id, cached.state)
            try:
                state, emitted = decide(cached.rules, cached.state, Action(seat, action, dict(args or {}), request), source)
            except IllegalAction as exc:
                log.info("action refused", table=table_id, seat=seat, action=action, reason=exc.message)
                raise
            except RefereeError:
                raise
            except Exception as exc:
                # A plugin's own bug: say so, keep the table as it was.
                log.exception("a plugin failed deciding an action", table=table_id, seat=seat, action=action)
                game = cached.state.game_name
                raise RefereeError(
                    f"the rules of {game} failed on {seat}'s {action!r} ({type(exc).__name__}: {exc}); nothing was recorded"
                ) from exc
            entries = seal(emitted, after=cached.last, seat=seat, at=now())
            try:
                self.store.append(table_id, cached.length, entries)
            except ConcurrentWrite:
                self._cache.pop(table_id, None)
                log.warning("table changed meanwhile; deciding again", table=table_id, attempt=attempt + 1)
                continue
            self._cache[table_id] = _Cached(cached.length + len(entries), entries[-1], cached.rules, state)
            log.debug("action taken", table=table_id, seat=seat, action=action, entries=len(entries))
            return entries
        raise ConcurrentWrite(f"table {table_id} kept changing while the action was decided; try again")

    def _source(self, table_id: str, state: TableState) -> SeededSource | ScriptedSource:
        if table_id in self._scripts:
            return self._scripts[table_id]
        seed = self._seeds.get(table_id) or self.store.seed(table_id)
        self._seeds[table_id] = seed
        if not seed:
            raise RefereeError(
                f"table {table_id} was imported without its seed (the game had not ended); it can be replayed and verified but not continued"
            )
        return SeededSource(seed)

    def _load(self, table_id: str) -> _Cached:
        length, last_hash = self.store.head(table_id)
        cached = self._cache.get(table_id)
        if cached is not None and cached.length == length and cached.last.hash == last_hash:
            return cached
        entries = self.store.entries(table_id)
        rules, state = replay(self.registry, entries)
        fresh = _Cached(len(entries), entries[-1], rules, state)
        self._cache[table_id] = fresh
        return fresh

    # -- reading ----------------------------------------------------------------
    def state(self, table_id: str) -> TableState:
        return self._load(table_id).state

    def rules(self, table_id: str) -> Rules:
        return self._load(table_id).rules

    def view(self, table_id: str, seat: str | None) -> dict[str, Any]:
        cached = self._load(table_id)
        if seat is not None and seat not in cached.state.seats and seat != "gamesmaster":
            raise RefereeError(f"{seat!r} has no seat at table {table_id} (seats: {', '.join(cached.state.seats)})")
        return view(cached.rules, cached.state, seat)

    def requests(self, table_id: str) -> list[Request]:
        return list(self._load(table_id).state.flow.requests.values())

    def entries(self, table_id: str) -> list[Entry]:
        return self.store.entries(table_id)

    def decoded(self, table_id: str, seat: str | None = None) -> list[tuple[Entry, Any]]:
        """``(entry, event)`` pairs ``seat`` may see (``None``: what everyone may see)."""
        cached = self._load(table_id)
        visible = redact_for(self.entries(table_id), seat, game_over=cached.state.over)
        return [(e, decode(cached.rules, e)) for e in visible if not e.redacted]

    def tables(self) -> list[TableInfo]:
        infos = []
        for table_id, _game in self.store.table_ids():
            try:
                cached = self._load(table_id)
            except RefereeError as exc:
                log.warning("table cannot be loaded", table=table_id, reason=exc.message)
                continue
            state = cached.state
            infos.append(
                TableInfo(
                    table_id=table_id,
                    game=state.game_name,
                    seats=state.seats,
                    entries=cached.length,
                    round=state.flow.round,
                    over=state.over,
                    winners=state.result.winners if state.result else (),
                    waiting_for=tuple(sorted({r.seat for r in state.flow.requests.values()})),
                )
            )
        return infos

    def report(self, table_id: str, round: int | None = None) -> str | None:
        """The game's own report of a finished round (default: the last), as of its end."""
        cached = self._load(table_id)
        entries = self.entries(table_id)
        ends = {e.event["round"]: e.seq for e in entries if e.type == "referee.RoundEnded" and e.event}
        if not ends:
            raise RefereeError(f"table {table_id} has not finished a round yet")
        round = max(ends) if round is None else round
        if round not in ends:
            raise RefereeError(f"round {round} of table {table_id} has not finished (finished: 1 to {max(ends)})")
        upto = ends[round]
        # The round's report may add what the end of the game revealed right after it.
        if cached.state.over and round == max(ends):
            upto = len(entries)
        _rules, state = replay(self.registry, entries, to=upto)
        visible = redact_for(entries[:upto], None, game_over=state.over)
        decoded = [(e, decode(cached.rules, e)) for e in visible if not e.redacted]
        return cached.rules.hook.referee_report(state=state, entries=decoded, round=round)

    def overdue(self, table_id: str, now: datetime | None = None) -> list[Request]:
        """Open timed requests whose deadline has passed (by the time each was opened)."""
        state = self.state(table_id)
        timed = {r.id: r for r in state.flow.requests.values() if r.deadline is not None}
        if not timed:
            return []
        now = now or datetime.now(UTC)
        opened: dict[str, datetime] = {}
        for entry in self.entries(table_id):
            if entry.type == "referee.RequestOpened" and entry.event and entry.event["request"]["id"] in timed:
                opened[entry.event["request"]["id"]] = datetime.fromisoformat(entry.at)
        return [r for rid, r in timed.items() if rid in opened and (now - opened[rid]).total_seconds() >= (r.deadline or 0)]

    def expire_overdue(self, table_id: str, now: datetime | None = None) -> list[Entry]:
        """Close every overdue request as the gamesmaster; the game says what delaying costs."""
        appended: list[Entry] = []
        for request in self.overdue(table_id, now):
            if request.id in self.state(table_id).flow.requests:
                appended += self.act(table_id, GAMESMASTER, EXPIRE, {"request": request.id})
        return appended

    # -- bots -------------------------------------------------------------------
    def bot_answer(self, table_id: str, request: Request) -> dict[str, Any]:
        """A bot's legal answer to ``request``, chosen from that seat's view only."""
        cached = self._load(table_id)
        seat_view = view(cached.rules, cached.state, request.seat)
        rng = bot_rng(cached.state.seed_hash, request.seat, cached.length)
        args = cached.rules.hook.referee_bot_action(view=seat_view, seat=request.seat, request=request, rng=rng)
        if args is None:
            if request.answer is not None:
                return answers.sample(request.answer, rng)
            if request.choices:
                return dict(rng.choice(request.choices).args)
            raise RefereeError(f"{cached.rules.game.name} has no bot for {request.action!r}")
        return dict(args)

    def play_bots(
        self,
        table_id: str,
        bots: Iterable[str],
        *,
        on_step: Callable[[Request, list[Entry]], None] | None = None,
        max_actions: int = 1_000_000,
    ) -> None:
        """Let bots answer every request of theirs until a human must act or the game ends."""
        bots = set(bots)
        for _ in range(max_actions):
            pending = [r for r in self.requests(table_id) if r.seat in bots]
            if not pending or self.state(table_id).over:
                return
            request = pending[0]
            entries = self.act(table_id, request.seat, request.action, self.bot_answer(table_id, request), request=request.id)
            if on_step:
                on_step(request, entries)
        raise RefereeError(f"bots took {max_actions} actions at table {table_id} without the game ending")

    # -- logs -------------------------------------------------------------------
    def export(self, table_id: str, seat: str | None = None) -> str:
        """The table's log as JSON Lines; for a seat, only what that seat could see."""
        cached = self._load(table_id)
        if seat is not None and seat not in cached.state.seats:
            raise RefereeError(f"{seat!r} has no seat at table {table_id} (seats: {', '.join(cached.state.seats)})")
        entries = self.entries(table_id)
        return dump_jsonl(redact_for(entries, seat, game_over=cached.state.over) if seat else entries)

    def import_log(self, text: str, *, source: str = "log") -> str:
        """Store a full exported log as a table here, after verifying it."""
        entries = load_jsonl(text.splitlines(), source=source)
        if any(e.redacted for e in entries):
            raise BadLog(f"{source} is a seat's export with hidden entries; only a full export can be imported")
        verdict = verify(self.registry, entries)
        if not verdict.ok:
            raise BadLog(f"{source} does not verify: {verdict.message}")
        opened = opening(entries)
        if self.store.exists(opened.table_id):
            raise RefereeError(f"table {opened.table_id} is already in {self.store.location}")
        revealed = next((e for e in entries if e.type == "referee.SeedRevealed"), None)
        self.store.create(opened.table_id, opened.game, entries, str(revealed.event["seed"]) if revealed and revealed.event else "")
        return opened.table_id
