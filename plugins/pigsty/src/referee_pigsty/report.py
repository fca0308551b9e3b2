"""Words for the log and the forum: a kernel round is a turn, and the gamesmaster's turn report.

The report is what rule 9 promises ("Everyone finds out what orders were submitted
and what the results of them were"), as plain text ready to paste into a forum post.
"""

from __future__ import annotations

from typing import Any

import referee
from referee import Event, hookimpl

from .events import (
    EVENT_TYPES,
    OrdersRevealed,
    OrdersWritten,
    PorkAllotted,
    TurnResolved,
)
from .orders import Order, order_text


def _orders_block(orders: tuple[Order, ...], stated_total: int | None) -> str:
    if not orders:
        return "(no orders)"
    lines = [order_text(o) for o in orders]
    spent = sum(o.amount for o in orders)
    total = f"{spent}" if stated_total in (None, spent) else f"{spent} (written as {stated_total})"
    return "\n".join([*lines, "------", total])


@hookimpl
def referee_describe(event: Event) -> str | None:
    """A round of the kernel is a turn in the rulebook (rule 9); every Pigsty event says
    what happened itself (``describe`` in ``events``)."""
    match event:
        case referee.RoundBegan():
            return f"Turn {event.round} begins"
        case referee.RoundEnded():
            return f"Turn {event.round} ends"
    return None


@hookimpl
def referee_report(state: referee.TableState, entries: list[Any], round: int | None) -> str | None:
    """The forum post for one turn: everyone's orders, every result, the table after it."""
    turns: dict[int, list[Event]] = {}
    current = 0
    for _entry, event in entries:
        if isinstance(event, referee.RoundBegan):
            current = event.round
        turns.setdefault(current, []).append(event)
    resolved = [n for n, events in turns.items() if any(isinstance(e, TurnResolved) for e in events)]
    if round is None:
        if not resolved:
            return f"Pigsty to Palace, table {state.table_id}: no turn has been resolved yet."
        round = resolved[-1]
    if round not in resolved:
        return f"Pigsty to Palace, table {state.table_id}: turn {round} has not been resolved."
    events = turns[round]
    lines = [f"Pigsty to Palace — table {state.table_id} — turn {round}", "", "ORDERS"]
    for event in events:
        if isinstance(event, OrdersRevealed):
            lines += ["", f"{event.farmer}:", _orders_block(event.orders, event.stated_total)]
    lines += ["", "RESULTS"]
    for event in events:
        if isinstance(event, (PorkAllotted, OrdersWritten, OrdersRevealed, TurnResolved)) or not isinstance(event, EVENT_TYPES):
            continue
        text = event.describe()
        if text:
            lines.append(f"- {text[0].upper()}{text[1:]}")
    board_after = next(e for e in events if isinstance(e, TurnResolved))
    lines += ["", "PIGS AFTER THE TURN"]
    width = max(len(name) for name in board_after.pigs)
    farmers = state.game.board.farmers
    for name, pigs in sorted(board_after.pigs.items(), key=lambda kv: -kv[1]):
        farmer = farmers[name]
        notes = ["Honest" if farmer.honest else "Dishonest", f"Reputation {farmer.reputation}"]
        if farmer.eliminated:
            notes = ["out of the game"]
        lines.append(f"{name.ljust(width)}  {pigs:>4}  ({', '.join(notes)})")
    board = state.game.board
    lines += ["", f"Yeomen {board.yeomen}, Yeoman Fund {board.fund}, Bandits {board.bandits}, lost Pigs {board.lost_total}"]
    if state.result is not None and round == resolved[-1]:
        lines += ["", f"GAME OVER: {state.result.reason}."]
    return "\n".join(lines) + "\n"
