"""``app.gamesmaster``: what the table's gamesmaster does beside the seats: write the round
report, find the requests whose deadline has passed, and close them."""

from __future__ import annotations

from datetime import UTC, datetime

from ..errors import RefereeError
from ..events import Request, RequestOpened, RoundEnded, event_tag
from ..log import Entry, redact_for
from ..logging import plugin_failure
from ..table import EXPIRE, GAMESMASTER, fold_entries
from . import Group

__all__ = ["Gamesmaster"]


class Gamesmaster(Group):
    """The round report; overdue requests, and closing them."""

    def report(self, table_id: str, round: int | None = None) -> str | None:
        """The game's own report of a finished round (default: the last), as of its end."""
        app = self._referee
        loaded = app._load(table_id)
        entries = loaded.since(app.store)
        ends: dict[int, int] = {}
        for e in entries:
            if e.type == event_tag(RoundEnded):
                ended = loaded.rules.decode(e)
                assert isinstance(ended, RoundEnded)
                ends[ended.round] = e.seq
        if not ends:
            raise RefereeError(f"table {table_id} has not finished a round yet")
        round = max(ends) if round is None else round
        if round not in ends:
            raise RefereeError(f"round {round} of table {table_id} has not finished (finished: 1 to {max(ends)})")
        upto = ends[round]
        # The round's report may add what the end of the game revealed right after it.
        if loaded.state.over and round == max(ends):
            upto = len(entries)
        state = fold_entries(loaded.rules, entries, to=upto)
        visible = redact_for(entries[:upto], None, game_over=state.over)
        decoded = [(e, loaded.rules.decode(e)) for e in visible if not e.redacted]
        with plugin_failure(
            "a plugin failed writing the report", f"the rules of {state.game_name} failed to write the report", table=table_id, round=round
        ):
            return loaded.rules.hook.referee_report(state=state, entries=decoded, round=round)

    def overdue(self, table_id: str, now: datetime | None = None) -> list[Request]:
        """Open timed requests whose deadline has passed (by the time each was opened)."""
        app = self._referee
        loaded = app._load(table_id)
        timed = {r.id: r for r in loaded.state.flow.requests.values() if r.deadline is not None}
        if not timed:
            return []
        now = now or datetime.now(UTC)
        opened: dict[str, datetime] = {}
        for entry in loaded.since(app.store):
            if entry.type == event_tag(RequestOpened) and entry.event:
                event = loaded.rules.decode(entry)
                assert isinstance(event, RequestOpened)
                if event.request.id in timed:
                    opened[event.request.id] = datetime.fromisoformat(entry.at)
        return [r for rid, r in timed.items() if rid in opened and (now - opened[rid]).total_seconds() >= (r.deadline or 0)]

    def expire_overdue(self, table_id: str, now: datetime | None = None) -> list[Entry]:
        """Close every overdue request as the gamesmaster; the game says what delaying costs."""
        app = self._referee
        appended: list[Entry] = []
        for request in self.overdue(table_id, now):
            if request.id in app._load(table_id, check=False).state.flow.requests:
                appended += app.act(table_id, GAMESMASTER, EXPIRE, {"request": request.id}, request=None)
        return appended
