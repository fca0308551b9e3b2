"""Words for the log and the forum: one line per event, and the gamesmaster's turn report.

The report is what rule 9 promises ("Everyone finds out what orders were submitted
and what the results of them were"), as plain text ready to paste into a forum post.
"""

from __future__ import annotations

from typing import Any

import referee
from referee import Event, hookimpl

from .events import (
    BANDITS,
    EVENT_TYPES,
    BanditJoined,
    BecameDishonest,
    BecameHonest,
    FarmerEliminated,
    GuardsHired,
    LostPigsCounted,
    OrderCancelled,
    OrderCut,
    OrdersRevealed,
    OrdersWritten,
    PalaceBought,
    PigsBred,
    PigsReturned,
    PigsTaken,
    PigTraded,
    PorkAllotted,
    PorkIndustryDestroyed,
    PunishmentImposed,
    TheftAttempted,
    TradeCancelled,
    TurnResolved,
    YeomanJoined,
    YeomenFunded,
)
from .orders import Order

_LETTER = {"punishment": "P", "investment": "I", "guards": "G", "stealing": "S", "trading": "T", "yeomen": "Y"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def order_text(order: Order) -> str:
    """An order as a farmer writes it (rule 10.1): ``T 5 Danny``."""
    return f"{_LETTER[order.kind]} {order.amount}" + (f" {order.target}" if order.target else "")


def _orders_block(orders: tuple[Order, ...], stated_total: int | None) -> str:
    if not orders:
        return "(no orders)"
    lines = [order_text(o) for o in orders]
    spent = sum(o.amount for o in orders)
    total = f"{spent}" if stated_total in (None, spent) else f"{spent} (written as {stated_total})"
    return "\n".join([*lines, "------", total])


def describe(event: Event) -> str | None:
    match event:
        case referee.RoundBegan():
            return f"turn {event.round} begins"
        case referee.RoundEnded():
            return f"turn {event.round} ends"
        case PorkAllotted():
            less = f" less {event.punishment} Punishment" if event.punishment else ""
            return f"{event.farmer} has {_plural(event.pigs, 'Pig')}{less}: {event.pork} Pork to spend"
        case OrdersWritten():
            return f"{event.farmer} wrote orders: {'; '.join(map(order_text, event.orders)) or 'none'}"
        case OrdersRevealed():
            return f"{event.farmer}'s orders: {'; '.join(map(order_text, event.orders)) or 'none'}"
        case OrderCut():
            return f"{event.farmer} could not pay line {event.line} in full: {event.written} Pork cut to {event.paid}"
        case OrderCancelled():
            return f"{event.farmer}'s line {event.line} ({event.kind} {event.written}) is cancelled: no Pork left"
        case BecameHonest():
            return f"{event.farmer} paid {event.yeomen_pork} Pork to the Yeomen and is now Honest"
        case YeomenFunded():
            return f"{event.farmer} paid {event.pork} Pork into the Yeoman Fund (now {event.fund})"
        case YeomanJoined():
            arrived = "a new Yeoman enters" if event.joined == 1 else f"{event.joined} new Yeomen enter"
            return f"{arrived} play: {_plural(event.yeomen, 'Yeoman').replace('Yeomans', 'Yeomen')} in play"
        case GuardsHired():
            return f"{event.farmer} hired {_plural(event.guards, 'Guard')}"
        case TheftAttempted():
            who = "The Bandits" if event.thief == BANDITS else event.thief
            stopped = []
            if event.stopped_by_guards:
                stopped.append(f"{event.stopped_by_guards} stopped by Guards")
            if event.stopped_by_yeomen:
                stopped.append(f"{event.stopped_by_yeomen} stopped by Yeomen")
            extra = f" ({', '.join(stopped)})" if stopped else ""
            return f"{who} sent {_plural(event.thieves, 'Thief').replace('Thiefs', 'Thieves')} against {event.victim}{extra}: {_plural(event.pigs_wanted, 'Pig')} at risk"
        case PigsTaken():
            who = "The Bandits" if event.thief == BANDITS else event.thief
            short = f" ({event.short} short: Overkill)" if event.short else ""
            return f"{who} took {_plural(event.taken, 'Pig')} from {event.victim}: {event.lost} lost, {event.stolen} stolen{short}"
        case PigsReturned():
            return f"the Yeomen returned {_plural(event.pigs, 'lost Pig')} to {event.farmer}"
        case TradeCancelled():
            why = "they had Pigs taken" if event.reason == "trader-robbed" else f"{event.receiver} stole from them"
            return f"{event.trader}'s Trade of {event.pork} Pork to {event.receiver} is cancelled because {why}; it counts as Investment"
        case PigTraded():
            return f"{event.trader} traded {event.pork} Pork to {event.receiver}, who gets a Pig"
        case PigsBred():
            return f"{event.farmer} bred {_plural(event.pigs, 'Pig')} from {event.pork} Pork"
        case PunishmentImposed():
            return f"{event.thief} is Punished for stealing from {event.victim}: {event.pork} Pork less next turn"
        case BecameDishonest():
            return f"{event.farmer} is Dishonest (Reputation {event.reputation})"
        case LostPigsCounted():
            return f"{_plural(event.lost, 'Pig')} lost this turn, {event.returned} returned; {event.lost_total} lost in all"
        case BanditJoined():
            arrived = "another Bandit" if event.joined == 1 else f"{event.joined} more Bandits"
            return f"the lost Pigs attract {arrived}: {_plural(event.bandits, 'Bandit')}"
        case FarmerEliminated():
            return f"{event.farmer} has lost all their Pigs and is out of the game"
        case PorkIndustryDestroyed():
            return f"only {_plural(event.pigs_in_play, 'Pig')} for {event.farmers} farmers: M.A.D., everyone loses"
        case PalaceBought():
            return f"{event.farmer} has {event.pigs} Pigs and can afford a Palace!"
        case TurnResolved():
            return f"turn {event.turn} resolved: " + ", ".join(f"{k} {v}" for k, v in event.pigs.items())
    return None


@hookimpl
def referee_describe(event: Event) -> str | None:
    return describe(event)


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
        text = describe(event)
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


@hookimpl
def referee_render_view(view: dict[str, Any], seat: str | None) -> str | None:
    """The farm table as a farmer sees it before writing orders."""
    width = max(len(f["name"]) for f in view["farmers"])
    lines = [
        f"Turn {view['turn']}   Yeomen {view['yeomen']} (Fund {view['yeoman_fund']})   Bandits {view['bandits']}   lost Pigs {view['lost_pigs']}"
    ]
    for f in view["farmers"]:
        if f["out"]:
            status = "out of the game"
        else:
            status = f"{'Honest' if f['honest'] else 'Dishonest'}, Reputation {f['reputation']}"
            status += f", {f['pork']} Pork" + (", orders in" if f["orders_in"] else "")
        marker = "*" if f["name"] == seat else " "
        lines.append(f"{marker} {f['name'].ljust(width)} {f['pigs']:>4} Pigs  ({status})")
    if view.get("my_orders"):
        lines.append("Your orders: " + "; ".join(order_text(Order(**o)) for o in view["my_orders"]))
    return "\n".join(lines)
