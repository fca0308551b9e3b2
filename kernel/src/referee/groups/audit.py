"""``app.audit``: how disputes are settled, on stored tables and on logs given as text.

Verify, replay and explain a log; load an exported log and import it as a table; show a
log as a seat may hold it.  The checks themselves are ``referee.audit``'s functions,
imported when used; this group gives them the referee's installed plugins and store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from ..errors import BadLog, RefereeError
from ..events import GameEnded, SeedRevealed, TableOpened, event_tag
from ..limits import check_table_id, shown
from ..log import Entry, load_jsonl, redact_for
from ..registry import Rules, decode_as
from ..table import TableState, view
from . import Group

if TYPE_CHECKING:
    from ..audit import Explanation, Verdict
    from ..story import Line

__all__ = ["Audit", "ReplayView"]


@dataclass(frozen=True)
class ReplayView:
    """A log walked up to one entry, as ``app.audit.replay_view`` gives it."""

    rules: Rules
    entries: list[Entry]
    """The entries up to and including the last one walked, as the seat may hold them."""
    to: int
    view: dict[str, Any] | None
    """What the seat saw after the last entry walked; None when the log hides entries
    from its holder (a seat's export), so no state can be rebuilt from it."""
    result: str | None
    """How the game ended, where it had ended by then."""


class Audit(Group):
    """Check, replay and explain logs; load and import them."""

    # -- stored tables ------------------------------------------------------------
    def verify_table(self, table_id: str) -> Verdict:
        """Verify a stored table.  A table this referee opened with a script (a test or
        scenario) is checked too: the caller made it, the log's own flag decides nothing."""
        app = self._referee
        app._load(table_id)
        entries = app.entries(table_id, keys=True)
        from ..audit import verify

        return verify(app.registry, entries, scripted_ok=table_id in app._scripts)

    def decoded(self, table_id: str, seat: str | None = None) -> list[tuple[Entry, Any]]:
        """``(entry, event)`` pairs ``seat`` may see (``None``: what everyone may see)."""
        app = self._referee
        session = app._load(table_id)
        visible = redact_for(session.since(app.store), seat, game_over=session.state.over)
        return [(e, session.rules.decode(e)) for e in visible if not e.redacted]

    def import_log(self, text: str, *, source: str = "log") -> str:
        """Store a full exported log as a table here, after verifying it; returns its id."""
        store = self._referee.store
        entries = self.load_log(text, source=source)
        if any(e.redacted for e in entries):
            raise BadLog(f"{source} is a seat's export with hidden entries; only a full export can be imported")
        opened = decode_as(TableOpened, entries[0])
        assert isinstance(opened, TableOpened)
        check_table_id(opened.table_id, (known for known, _ in store.table_ids()))
        if store.exists(opened.table_id):
            raise RefereeError(f"table {store.table_id_of(opened.table_id)} is already in {store.location}")
        verdict = self.verify(entries)
        if not verdict.ok:
            raise BadLog(f"{source} does not verify: {verdict.message}")
        revealed = next((e for e in entries if e.type == event_tag(SeedRevealed)), None)
        seed = key = ""
        if revealed is not None and revealed.event is not None:
            seed, key = str(revealed.event.get("seed", "")), str(revealed.event.get("key", ""))
        stored = [msgspec.structs.replace(e, key="") for e in entries]
        from ..store import TableSecret, summary_of

        # Listed like any table played here: its summary is kept with its entries.
        _, state = self.replay(entries)
        store.create(opened.table_id, opened.game, stored, TableSecret(seed=seed, key=key), summary_of(state, len(entries)))
        return opened.table_id

    # -- logs given as text -------------------------------------------------------
    @staticmethod
    def load_log(text: str, *, source: str = "log") -> list[Entry]:
        """Entries of an exported log (JSON Lines), or BadLog naming the line at fault."""
        return load_jsonl(text.splitlines(), source=source)

    @staticmethod
    def is_over(entries: Sequence[Entry]) -> bool:
        """Whether a log records the end of its game."""
        tag = event_tag(GameEnded)
        return any(e.type == tag for e in entries)

    @staticmethod
    def seat_view(entries: Sequence[Entry], seat: str | None) -> list[Entry]:
        """A log as ``seat`` may hold it (``None``: a spectator): hidden bodies blanked
        until the log's game has ended."""
        return redact_for(entries, seat, game_over=Audit.is_over(entries))

    @staticmethod
    def describe(rules: Rules, entry: Entry) -> str:
        """One entry in words (the game's, or a generic rendering)."""
        from ..audit import describe

        return describe(rules, rules.decode(entry)) if not entry.redacted else "(hidden)"

    def story(self, table_id: str, seat: str | None, *, after: int = 0) -> list[Line]:
        """The log as ``seat`` holds it (None: a spectator), each entry after ``after`` a
        sentence in that seat's words (``referee.story``)."""
        from ..story import story

        app = self._referee
        return story(app.rules(table_id), app.visible_entries(table_id, seat, after=after), seat)

    def rules_of(self, entries: Sequence[Entry]) -> Rules:
        """The installed rules a log was played under (from its first entry)."""
        return self.replay(entries[:1])[0]

    def verify(self, entries: Sequence[Entry]) -> Verdict:
        """Check a log: chain, commitments, seed, and every decision re-run (see ``referee.audit``)."""
        from ..audit import verify

        return verify(self._referee.registry, entries)

    def explain(self, entries: Sequence[Entry], seq: int) -> Explanation:
        """The action, plugin and rule behind entry ``seq``."""
        from ..audit import explain

        return explain(self._referee.registry, entries, seq)

    def replay(self, entries: Sequence[Entry], to: int | None = None) -> tuple[Rules, TableState]:
        """The table a log gives, up to and including entry ``to``."""
        from ..audit import replay

        return replay(self._referee.registry, entries, to)

    def replay_view(self, entries: Sequence[Entry], to: int | None = None, seat: str | None = None) -> ReplayView:
        """A log walked up to and including entry ``to`` (default: all), as ``seat`` saw it
        (``None``: a spectator)."""
        if not entries:
            raise BadLog("the log is empty")
        if to is not None and not 1 <= to <= len(entries):
            raise RefereeError(f"the log has entries 1 to {len(entries)}; {to} is outside")
        upto = [e for e in entries if to is None or e.seq <= to]
        shown_entries = self.seat_view(upto, seat) if seat else list(upto)
        if any(e.redacted for e in upto):
            return ReplayView(self.rules_of(entries), shown_entries, upto[-1].seq, None, None)
        rules, state = self.replay(upto)
        if seat is not None and seat not in state.seats:
            raise RefereeError(f"{shown(seat)} has no seat in this log (seats: {', '.join(state.seats)})")
        return ReplayView(
            rules, shown_entries, upto[-1].seq, view(rules, state, seat), state.result.reason if state.result is not None else None
        )
