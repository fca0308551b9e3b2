"""What a finished game of Pigsty to Palace tells a balance measure (``referee_balance_facts``).

A farmer holds no cards or powers: everyone spends Pork the same six ways (rule 4).  So
only uses are said: each order line a farmer writes with some Pork on it, once the orders
are revealed (rule 9), as an ``"order"`` by its rulebook name ("Stealing"), whatever
becomes of it later (cut by an overspend, cancelled).
"""

from __future__ import annotations

from referee import Event, Held, TableState, Used, hookimpl

from .events import OrdersRevealed
from .order_cards import ORDER_NAMES

ORDER = "order"


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    if isinstance(event, OrdersRevealed):
        return [Used(event.farmer, ORDER, ORDER_NAMES[order.kind]) for order in event.orders if order.amount > 0]
    return None
