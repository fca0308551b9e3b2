"""The application: the one object adapters use (the CLI, a web server).

``Referee`` itself plays tables: open, act, view, requests, the log as a seat may hold it.
Everything else is in groups named by what it is for (``referee.groups``): ``audit``,
``bots``, ``gamesmaster``, ``seating``, ``plugins`` and ``admin``.

Every action goes load -> decide -> append in one atomic write.  Loading costs the same
at any length: a process keeps each table it has touched folded in memory and reads only
the entries appended since (by anyone); a cold load starts from the latest snapshot.  A
concurrent writer makes the append fail, and the action is decided again on the new
state, with backoff, until a deadline.
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
import time
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ._deprecation import Moved
from .errors import ConcurrentWrite, IllegalAction, PluginFailed, RefereeError, UnknownTable
from .events import Request
from .facts import Held, Used, facts_of
from .groups import group
from .groups.admin import Admin
from .groups.audit import Audit, ReplayView
from .groups.bots import Bots
from .groups.gamesmaster import Gamesmaster
from .groups.plugins import Plugins
from .groups.seating import Seating
from .limits import TABLE_ID_RULE, check_table_id, shown
from .log import Entry, dump_jsonl, redact_for, seal_lines, with_keys
from .logging import get_logger, plugin_failure
from .presentation import Presentation, present
from .randomness import ScriptedSource, SeededSource, new_seed, new_table_key, seed_commitment
from .receipts import Acknowledged, Receipt, sign
from .registry import Registry, Rules
from .session import Session, TableInfo, cold_load, snapshot_of
from .table import GAMESMASTER, Action, TableState, copied_state, decide, open_table, view

if TYPE_CHECKING:
    from .store import TableSecret, TableStore

__all__ = ["Referee", "TableInfo", "ReplayView", "MAX_ENTRIES_PER_ACTION"]

log = get_logger("referee")

MAX_ENTRIES_PER_ACTION = 10_000
"""The most entries one action may append: rules that need more must put quantities in
fields (one event per decision, not per unit)."""

RETRY_SECONDS = 30.0
"""How long an action keeps being decided again while other writers win the race."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Referee:
    """Tables on one store under one set of installed plugins."""

    audit = group(Audit)
    """Verify, replay and explain logs; load and import them."""
    bots = group(Bots)
    """The seats bots play, a bot's answer, bots playing until a human must act."""
    gamesmaster = group(Gamesmaster)
    """The round report; overdue requests, and closing them."""
    seating = group(Seating)
    """Invitations claimed and re-issued, as the log records them."""
    plugins = group(Plugins)
    """The installed games and hooks, data file checks, scenario suites."""
    admin = group(Admin)
    """Where the store is, whether it exists, migrating it, logging."""

    # Names of 0.2, each warning where it moved (see the CHANGELOG's migration table).
    automate = Moved("bots.automate")
    bot_answer = Moved("bots.answer")
    play_bots = Moved("bots.play")
    verify = Moved("audit.verify")
    verify_table = Moved("audit.verify_table")
    explain = Moved("audit.explain")
    replay = Moved("audit.replay")
    replay_view = Moved("audit.replay_view")
    load_log = Moved("audit.load_log")
    import_log = Moved("audit.import_log")
    is_over = Moved("audit.is_over")
    seat_view_of_log = Moved("audit.seat_view")
    log_rules = Moved("audit.rules_of")
    describe = Moved("audit.describe")
    decoded = Moved("audit.decoded")
    report = Moved("gamesmaster.report")
    overdue = Moved("gamesmaster.overdue")
    expire_overdue = Moved("gamesmaster.expire_overdue")
    games = Moved("plugins.games")
    hooks = Moved("plugins.hooks")
    check_files = Moved("plugins.check_files")
    run_scenarios = Moved("plugins.run_scenarios")
    migrate = Moved("admin.migrate")
    store_exists = Moved("admin.store_exists")
    default_location = Moved("admin.default_location")
    configure_logging = Moved("admin.configure_logging")

    def __init__(
        self,
        db: str | os.PathLike[str] | None = None,
        *,
        registry: Registry | None = None,
        store: TableStore | None = None,
        read_only: bool = False,
    ) -> None:
        """Tables kept at ``db`` (see ``referee.store``): opened on first use, so a
        referee that only lists games never touches a store.  ``read_only``: the store
        must exist already and nothing is ever written to it (nor created)."""
        self._registry = registry
        self._db = db
        self._read_only = read_only
        self._store = store
        self._sessions: dict[str, Session] = {}
        self._steady: set[str] = set()
        """Tables whose questions are answered without looking at the store (``reading``)."""
        self._scripts: dict[str, ScriptedSource] = {}
        self._secrets: dict[str, TableSecret] = {}

    @property
    def registry(self) -> Registry:
        # Discovery imports every installed plugin: done only when a command needs it.
        if self._registry is None:
            self._registry = Registry()
        return self._registry

    @property
    def store(self) -> TableStore:
        if self._store is None:
            from .store import TableStore

            self._store = TableStore(self._db, read_only=self._read_only)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def __enter__(self) -> Referee:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def location(self) -> str:
        """Where the tables are kept (a file path, ``:memory:`` or a PostgreSQL address)."""
        if self._store is not None:
            return self._store.location
        from .store import resolve_db

        return resolve_db(self._db)

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
        key: str | None = None,
        host_key: str | None = None,
        deal: Mapping[str, Sequence[str]] | None = None,
        edition: int | None = None,
    ) -> str:
        """Open a table and lay out its game; returns the new table's id.

        ``seed`` fixes the randomness (a reproducible game, and only as secret as the seed
        is hard to guess); ``script`` gives outcomes in advance (tests and scenarios): such
        a table is marked scripted, and its log is never accepted by ``verify``.  ``key``
        fixes the table's secret key (64 hex digits), with ``seed`` re-playing a bot game
        exactly (a golden playthrough): whoever knows it can read every hidden body.
        ``host_key`` fixes the private key that signs the table's receipts (64 hex digits;
        drawn at random otherwise): whoever knows it can sign receipts as the host.
        ``deal`` (tests and scenarios, a scripted table like ``script``) deals named cards:
        ``{"Ann": ["F20", "S05"]}`` puts those cards where the game's shuffle deals Ann
        (``Game.deals``), the rest of the deck in its listed order, without a scripted
        outcome for that shuffle.
        ``edition`` opens the table under an earlier edition of the game's data
        (``Game.edition``, the newest by default): a stored game played again as it was
        dealt, or a tournament that keeps the data it started with.
        """
        if deal is not None and script is None:
            script = []
        rules = self.registry.rules(game, extensions)
        if edition is not None and not 1 <= edition <= rules.game.edition:
            known = f"editions 1 to {rules.game.edition}" if rules.game.edition > 1 else "only edition 1"
            raise RefereeError(f"{rules.game.title} has {known}, not edition {edition}")
        if table_id is not None:
            check_table_id(table_id, (known for known, _ in self.store.table_ids()))
        table_id = table_id or f"{game}-{secrets.token_hex(4)}"
        if key is not None and (len(key) != 64 or any(c not in "0123456789abcdef" for c in key)):
            raise RefereeError("a table key is 64 lowercase hexadecimal digits (32 bytes)")
        if host_key is not None and (len(host_key) != 64 or any(c not in "0123456789abcdef" for c in host_key)):
            raise RefereeError("a host key is 64 lowercase hexadecimal digits (32 bytes)")
        from .receipts import new_host_key, public_key
        from .store import TableSecret

        secret = TableSecret(seed=seed or new_seed(), key=key or new_table_key(), host=host_key or new_host_key())
        source: SeededSource | ScriptedSource = (
            ScriptedSource(script, fallback=secret.seed, key=secret.key, deal=deal)
            if script is not None
            else SeededSource(secret.seed, secret.key)
        )
        # A plugin's own bug while laying out the table: say so; nothing is stored.
        with plugin_failure(
            "a plugin failed opening a table", f"the rules of {game} failed while laying out the table", "; nothing was stored", game=game
        ):
            state, emitted = open_table(
                rules,
                table_id=table_id,
                seats=seats,
                options=options,
                source=source,
                seed_commitment=seed_commitment(secret.key, secret.seed),
                scripted=script is not None,
                host_key=public_key(secret.host),
                edition=edition,
            )
        if isinstance(source, ScriptedSource) and any(source.deal.values()):
            undealt = "; ".join(f"{who}: {', '.join(cards)}" for who, cards in source.deal.items() if cards)
            raise RefereeError(f"the deal names cards no shuffle dealt when the table was laid out ({undealt}); nothing was stored")
        sealed = seal_lines(emitted, after=None, seat=None, at=_now(), table_key=bytes.fromhex(secret.key))
        entries = [entry for entry, _ in sealed]
        self._check_size(table_id, "opening", entries)
        from .store import summary_of

        self.store.create_lines(table_id, game, sealed, secret, summary_of(state, len(entries)))
        if script is not None:
            self._scripts[table_id] = source  # type: ignore[assignment]
        self._secrets[table_id] = secret
        self._sessions[table_id] = Session(table_id, rules, state, entries[-1], list(entries))
        log.info("table opened", table=table_id, game=game, seats=list(seats), entries=len(entries))
        return table_id

    # -- acting -----------------------------------------------------------------
    def act(self, table_id: str, seat: str, action: str, args: dict[str, Any] | None = None, *, request: str | None = None) -> Acknowledged:
        """Take one action; returns the entries appended, with the host's signed
        ``receipt`` for them (``referee.receipts``; None for a table opened before
        receipts).  Illegal: raises, appends nothing.

        ``request`` names the open request answered: an answer naming a request that is no
        longer open is refused, so sending the same answer twice records it once.
        """
        deadline = time.monotonic() + RETRY_SECONDS
        # The first attempt decides on the session as this referee last left it, reading
        # nothing: another writer's entries make the append (or the decision) fail, and
        # the action is then decided again on the table as the store has it.
        checked = False
        for attempt in range(1_000_000):
            session = self._load(table_id, check=checked)
            source = self._source(table_id)
            # The state is decided on in place: whatever goes wrong below, forget it.
            self._sessions.pop(table_id, None)
            try:
                state, emitted = decide(session.rules, session.state, Action(seat, action, dict(args or {}), request), source)
            except Exception as exc:
                if not checked and self.store.length(table_id) != session.length:
                    checked = True  # decided on a table another writer had moved on
                    continue
                self._refused(table_id, session, seat, action, exc)
            checked = True
            at = _now()
            sealed = seal_lines(emitted, after=session.last, seat=seat, at=at, table_key=self._key(table_id))
            entries = [entry for entry, _ in sealed]
            self._check_size(table_id, f"{seat}'s {action!r}", entries)
            length = session.length + len(entries)
            snapshot = None
            from .store import SNAPSHOT_EVERY, summary_of

            if length // SNAPSHOT_EVERY > session.length // SNAPSHOT_EVERY and not state.over:
                snapshot = snapshot_of(session.rules, state, length, entries[-1].hash)
            try:
                self.store.append_lines(table_id, session.length, sealed, snapshot, summary_of(state, length))
            except ConcurrentWrite:
                if time.monotonic() > deadline:
                    raise ConcurrentWrite(
                        f"table {table_id} kept changing for {RETRY_SECONDS:.0f} s while {seat}'s {action!r} was decided; "
                        "nothing was recorded"
                    ) from None
                log.debug("table changed meanwhile; deciding again", table=table_id, attempt=attempt + 1)
                if attempt:
                    time.sleep(random.uniform(0, min(0.002 * 2 ** min(attempt, 8), 0.25)))
                continue
            except RefereeError as exc:
                raise RefereeError(f"{seat}'s {action!r} at table {table_id}: {exc.message}") from exc
            session.wrote(state, entries)
            self._sessions[table_id] = session
            log.debug("action taken", table=table_id, seat=seat, action=action, entries=len(entries))
            return Acknowledged(entries, self._receipt(table_id, seat, entries, at))
        raise AssertionError("unreachable")

    def _receipt(self, table_id: str, seat: str, entries: Sequence[Entry], at: str) -> Receipt | None:
        """The host's signed acknowledgement of ``entries``, just appended for ``seat``."""
        host = self._secret(table_id).host
        if not host or not entries:
            return None
        unsigned = Receipt(table=table_id, seat=seat, action=entries[0].seq, position=entries[-1].seq, head=entries[-1].hash, at=at)
        return sign(host, unsigned)

    @staticmethod
    def _refused(table_id: str, session: Session, seat: str, action: str, exc: Exception) -> None:
        """Raise what a refused or failed decision tells the seat (called while handling ``exc``)."""
        if isinstance(exc, IllegalAction):
            # The seat is told why; the log, which is kept and shipped with less care
            # than the store, gets the rule only: a refusal's words may quote a sealed
            # answer (an order line) or the seat's own hidden choices.
            log.info("action refused", table=table_id, seat=seat, action=action, rule=exc.rule)
            raise exc
        if isinstance(exc, RefereeError):
            raise exc
        # A plugin's own bug: say so, keep the table as it was.  The seat is told the kind
        # of failure only: the plugin's own words were written looking at the whole table,
        # other seats' secrets included (the traceback is logged).
        log.exception("a plugin failed deciding an action", table=table_id, seat=seat, action=action)
        raise PluginFailed(
            f"the rules of {session.state.game_name} failed on {seat}'s {action!r} ({type(exc).__name__}, logged); nothing was recorded"
        ) from exc

    @staticmethod
    def _check_size(table_id: str, what: str, entries: Sequence[Entry]) -> None:
        if len(entries) > MAX_ENTRIES_PER_ACTION:
            raise RefereeError(
                f"{what} at table {table_id} would append {len(entries):,} entries, more than the {MAX_ENTRIES_PER_ACTION:,} "
                "one action may; nothing was recorded (the rules should record quantities, not one event per unit)"
            )

    def _secret(self, table_id: str) -> TableSecret:
        secret = self._secrets.get(table_id)
        if secret is None:
            secret = self._secrets[table_id] = self.store.secret(table_id)
        return secret

    def _key(self, table_id: str) -> bytes:
        key = self._secret(table_id).key
        if not key:
            raise RefereeError(
                f"table {table_id} was imported without its secrets (the game had not ended); it can be replayed and verified but not continued"
            )
        return bytes.fromhex(key)

    def _source(self, table_id: str) -> SeededSource | ScriptedSource:
        if table_id in self._scripts:
            return self._scripts[table_id]
        secret = self._secret(table_id)
        if not secret.seed:
            raise RefereeError(
                f"table {table_id} was imported without its seed (the game had not ended); it can be replayed and verified but not continued"
            )
        return SeededSource(secret.seed, secret.key)

    # -- loading ----------------------------------------------------------------
    def _load(self, table_id: str, *, check: bool = True) -> Session:
        """The table's session: made on first use, then brought up to date by one look at
        the stream's head (``check=False``, or inside ``reading``: not even that)."""
        session = self._sessions.get(table_id)
        if session is None:
            session = self._sessions[table_id] = cold_load(self.store, self.registry, table_id)
        elif check and table_id not in self._steady:
            session.catch_up(self.store)
        return session

    def forget(self, table_id: str) -> None:
        """Drop what this referee holds of ``table_id`` (its folded state, its steadiness):
        the next question reads it from the store.  For appends made inside
        ``store.together()`` whose transaction then failed."""
        self._sessions.pop(table_id, None)
        self._steady.discard(table_id)

    @contextlib.contextmanager
    def reading(self, table_id: str, *, current: bool = False) -> Iterator[None]:
        """Every question about ``table_id`` asked inside this block reads the table once:
        its head is looked at on entry, not again by each question.  ``current=True``: the
        caller knows no other writer has touched the table since this referee last read or
        wrote it (a bot loop, a server after its own write), so nothing is read at all.
        Writes inside the block still see other writers (their appends are refused and
        decided again)."""
        if table_id in self._steady:
            yield
            return
        self._load(table_id, check=not current)
        self._steady.add(table_id)
        try:
            yield
        finally:
            self._steady.discard(table_id)

    # -- reading ----------------------------------------------------------------
    def state(self, table_id: str) -> TableState:
        """A copy of the table's state now (changing it changes nothing)."""
        return copied_state(self._load(table_id).state)

    def rules(self, table_id: str) -> Rules:
        return self._load(table_id).rules

    def length(self, table_id: str) -> int:
        """How many entries the table's log holds."""
        return self._load(table_id).length

    def head(self, table_id: str) -> str:
        """The hash of the log's last entry: what every seat's copy ends with now.  Two
        seats shown different heads at the same length were shown different histories
        (pages and views show its short form, ``referee.receipts.short_head``)."""
        return self._load(table_id).last.hash

    def exists(self, table_id: str) -> bool:
        return self.store.exists(table_id)

    def latest_table(self) -> str:
        """The most recently opened table's id."""
        ids = [table_id for table_id, _ in self.store.table_ids()]
        if not ids:
            raise UnknownTable(f"no tables in {self.store.location} yet")
        return ids[-1]

    def resolve(self, table_or_latest: str) -> str:
        """The id of a stored table named by its id or by ``latest``; UnknownTable otherwise."""
        if table_or_latest == "latest":
            return self.latest_table()
        try:
            check_table_id(table_or_latest)
        except RefereeError:
            raise UnknownTable(f"{shown(table_or_latest)} is no table id ({TABLE_ID_RULE})") from None
        if not self.store.exists(table_or_latest):
            raise UnknownTable(f"no table {table_or_latest!r} in {self.store.location}")
        return self.store.table_id_of(table_or_latest)

    def view(self, table_id: str, seat: str | None) -> dict[str, Any]:
        """Everything ``seat`` may see now (``None``: a spectator; ``gamesmaster``)."""
        session = self._load(table_id)
        if seat is not None and seat not in session.state.seats and seat != GAMESMASTER:
            raise RefereeError(f"{shown(seat)} has no seat at table {table_id} (seats: {', '.join(session.state.seats)})")
        with plugin_failure(
            "a plugin failed showing the table",
            f"the rules of {session.state.game_name} failed to show the table",
            table=table_id,
            seat=seat,
        ):
            return view(session.rules, session.state, seat)

    def present(self, table_id: str, seat: str | None) -> Presentation | None:
        """What ``seat`` sees laid out as the game declares it (``referee_present``), or None
        when the game declares nothing and an adapter shows :meth:`view` generically."""
        shown = self.view(table_id, seat)
        session = self._load(table_id)
        with plugin_failure(
            "a plugin failed presenting the table",
            f"the rules of {session.state.game_name} failed to present the table",
            table=table_id,
            seat=seat,
        ):
            return present(session.rules, shown)

    def requests(self, table_id: str) -> list[Request]:
        return list(self._load(table_id).state.flow.requests.values())

    def waiting_for(self, table_id: str) -> list[str]:
        """Seats that must answer before the table goes on (public by the rules)."""
        return sorted({r.seat for r in self.requests(table_id)})

    def over(self, table_id: str) -> bool:
        return self._load(table_id).state.over

    def facts(self, table_id: str) -> list[Held | Used]:
        """What the table's log tells a balance measure (``referee_balance_facts``): the
        powers, decks, cards and abilities each seat held and each use of one, in log order."""
        session = self._load(table_id)
        with plugin_failure(
            "a plugin failed reading balance facts",
            f"the rules of {session.state.game_name} failed to read the log's facts",
            table=table_id,
        ):
            return facts_of(session.rules, session.state, session.since(self.store))

    def entries(self, table_id: str, *, keys: bool = False) -> list[Entry]:
        """The whole stored log (the operator's copy: every body, no keys).

        ``keys=True`` gives each committed body its key, as the full export does, so that
        ``verify`` can check a table that has not ended (after the end the revealed table
        key opens every body, and the copy is the same as without keys)."""
        try:
            session = self._load(table_id)
        except RefereeError:
            # The log is there even when the installed rules cannot fold it.
            return self.store.entries(table_id)
        entries = session.since(self.store)
        key = self._optional_key(table_id) if keys and not session.state.over else None
        return with_keys(entries, key) if key is not None else entries

    def visible_entries(self, table_id: str, seat: str | None = None, *, after: int = 0) -> list[Entry]:
        """The log as ``seat`` may hold it now (``None``: a spectator); ``after``: only the
        entries after that one (a web page catching up reads no more than it lacks)."""
        session = self._load(table_id)
        entries = session.since(self.store, after)
        return redact_for(entries, seat, game_over=session.state.over, table_key=self._optional_key(table_id))

    def _optional_key(self, table_id: str) -> bytes | None:
        key = self._secret(table_id).key
        return bytes.fromhex(key) if key else None

    def tables(self) -> list[TableInfo]:
        """Every stored table as the store's index summarizes it, oldest first: no table is
        folded but one whose summary is missing (a store kept by an earlier Referee), which
        is folded once and, unless read-only, its summary kept."""
        from .store import summary_of

        infos = []
        for table_id, _game, summary in self.store.listing():
            if summary is None:
                try:
                    loaded = self._load(table_id)
                except RefereeError as exc:
                    log.warning("table cannot be loaded", table=table_id, reason=exc.message)
                    continue
                summary = summary_of(loaded.state, loaded.length)
                if not self._read_only:
                    self.store.keep_summary(table_id, summary)
            infos.append(TableInfo.of(table_id, summary))
        return infos

    def info(self, table_id: str) -> TableInfo:
        """The table in a line: game, seats, length, round, whether it is over and whom it waits for."""
        return self._load(table_id).info()

    # -- logs -------------------------------------------------------------------
    def export(self, table_id: str, seat: str | None = None) -> str:
        """The table's log as JSON Lines.

        For a seat: only what that seat could see, each body with its key so the seat can
        check it, and nothing else but commitments.  Without a seat: the operator's full
        copy (every body with its key; after the game the revealed table key opens all).
        """
        loaded = self._load(table_id)
        if seat is not None and seat not in loaded.state.seats:
            raise RefereeError(f"{shown(seat)} has no seat at table {table_id} (seats: {', '.join(loaded.state.seats)})")
        entries = loaded.since(self.store)
        key = self._optional_key(table_id)
        if seat is not None:
            return dump_jsonl(redact_for(entries, seat, game_over=loaded.state.over, table_key=key))
        if loaded.state.over or key is None:
            return dump_jsonl(entries)
        return dump_jsonl(with_keys(entries, key))
