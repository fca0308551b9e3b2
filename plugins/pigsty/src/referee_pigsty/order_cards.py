"""The six ways to spend Pork (rule 4) as a farmer reads them: each one's name, the letter
it is written with (10.1), its rules text, and an order put in words for the log.

The texts are the rulebook's sections 4.1-4.6 in short, so the table can show what an
order does beside the form that writes it.
"""

from __future__ import annotations

from referee import Words
from referee.words import count

from .orders import Order

ORDER_NAMES = {
    "punishment": "Punishment",
    "investment": "Investment",
    "guards": "Guards",
    "stealing": "Stealing",
    "trading": "Trading",
    "yeomen": "Yeomen",
}
"""Each kind of order by its rulebook name (rule 4)."""

ORDER_LETTERS = {"punishment": "P", "investment": "I", "guards": "G", "stealing": "S", "trading": "T", "yeomen": "Y"}
"""The initial an order may be written with (10.1)."""

ORDER_TEXT = {
    "punishment": "Everyone who Steals from you this turn loses this much Pork from their allowance next turn. "
    "You still lose your stolen Pigs. (4.1)",
    "investment": "Every 5 Pork you spend on buying Pigs earns you one new one. (4.2)",
    "guards": "One Pork hires one Guard to protect you from Stealing this turn. (4.3)",
    "stealing": "Name a farmer. One Pork hires one Thief; each of the victim's Guards, and each Yeoman if the victim "
    "is Honest, stops one. Every two Thieves left take one Pig: the first is lost, the next is yours, and so on. (4.4)",
    "trading": "Name a farmer. 5 Pork breeds you Pigs as if Invested, and the farmer also gets a Pig (one from each "
    "farmer a turn). Cancelled if you have Pigs taken, or if the farmer Steals from you. (4.5)",
    "yeomen": "Pork goes into the Yeoman Fund; at 10 another Yeoman enters play. Spending as much as your Reputation "
    "in one turn makes you Honest. (4.6, 12.2)",
}
"""Each order's rules text (the rulebook's numbers; a table's options may change them)."""


def order_words(order: Order, w: Words) -> str:
    """One order in words: "Trade 5 Pork to Danny", "send 4 Thieves to Steal from you"."""
    pork = f"{order.amount:,} Pork"
    target = w.name(order.target) if order.target else ""
    match order.kind:
        case "punishment":
            return f"Punishment of {pork}"
        case "investment":
            return f"invest {pork}"
        case "guards":
            return f"hire {count(order.amount, 'Guard')}"
        case "stealing":
            return f"send {count(order.amount, 'Thief', 'Thieves')} to Steal from {target}"
        case "trading":
            return f"Trade {pork} to {target}"
        case _:
            return f"pay {pork} to the Yeomen"


def orders_words(orders: tuple[Order, ...], w: Words) -> str:
    """A farmer's orders in words, in the order written (the order they are paid in, 10.2)."""
    return "; ".join(order_words(order, w) for order in orders) if orders else "no orders"
