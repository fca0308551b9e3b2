"""``app.bots``: which seats bots play at a table, a bot's answer, bots playing their turns.

``app.bots(table_id)`` is 0.2's name for ``app.bots.seats(table_id)``: it still works, and warns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from .. import answers
from .._deprecation import warn
from ..errors import RefereeError
from ..events import Request
from ..limits import shown
from ..log import Entry
from ..randomness import bot_random
from ..table import AUTOMATE, GAMESMASTER, view
from . import Group

if TYPE_CHECKING:
    from ..session import Session

__all__ = ["Bots"]


class Bots(Group):
    """Bots at a table: the seats they play, their answers, their turns played."""

    def __call__(self, table_id: str) -> tuple[str, ...]:
        warn("Referee.bots(table_id)", "Referee.bots.seats(table_id)")
        return self.seats(table_id)

    def seats(self, table_id: str) -> tuple[str, ...]:
        """The seats bots play at this table, as last recorded by ``automate``."""
        return self._referee._load(table_id).state.bots

    def automate(self, table_id: str, seats: Sequence[str]) -> list[Entry]:
        """Record that bots play ``seats`` from now on (the whole set, replacing the last);
        nothing is appended when the table already says so.  A seat not at the table is refused."""
        state = self._referee._load(table_id).state
        unknown = [s for s in seats if s not in state.seats]
        if unknown:
            raise RefereeError(
                f"{', '.join(shown(s) for s in unknown)}: no seat at table {table_id} by that name (seats: {', '.join(state.seats)})"
            )
        if set(seats) == set(state.bots) or state.over:
            return []
        return self._referee.act(table_id, GAMESMASTER, AUTOMATE, {"seats": list(seats)})

    def answer(self, table_id: str, request: Request) -> dict[str, Any]:
        """A bot's legal answer to ``request``, chosen from that seat's view only, with
        randomness from the table's secret key (unpredictable until the game ends)."""
        return self._answer(table_id, self._referee._load(table_id), request)

    def _answer(self, table_id: str, loaded: Session, request: Request) -> dict[str, Any]:
        seat_view = view(loaded.rules, loaded.state, request.seat)
        rng = bot_random(self._referee._secret(table_id).key, request.seat, loaded.length)
        # The bot holds a detached view and a copy of its request: nothing it has leads into the table.
        mine = msgspec.convert(msgspec.to_builtins(request), Request)
        args = loaded.rules.hook.referee_bot_action(view=seat_view, seat=request.seat, request=mine, rng=rng)
        if args is None:
            if request.answer is not None:
                return answers.sample(request.answer, rng)
            if request.choices:
                return dict(rng.choice(request.choices).args)
            raise RefereeError(f"{loaded.rules.game.name} has no bot for {request.action!r}")
        return dict(args)

    def play(
        self,
        table_id: str,
        bots: Iterable[str],
        *,
        on_step: Callable[[Request, list[Entry]], None] | None = None,
        max_actions: int = 1_000_000,
    ) -> None:
        """Let bots answer every request of theirs until a human must act or the game ends."""
        app = self._referee
        bots = set(bots)
        for step in range(max_actions):
            # After its own action the table is as this referee left it: nothing is read
            # (another writer's entries make the next action fail and be decided again).
            loaded = app._load(table_id, check=step == 0)
            pending = [r for r in loaded.state.flow.requests.values() if r.seat in bots]
            if not pending or loaded.state.over:
                return
            request = pending[0]
            # The table was just read: the bot answers from it without reading it again.
            entries = app.act(table_id, request.seat, request.action, self._answer(table_id, loaded, request), request=request.id)
            if on_step:
                on_step(request, entries)
        raise RefereeError(f"bots took {max_actions} actions at table {table_id} without the game ending")
