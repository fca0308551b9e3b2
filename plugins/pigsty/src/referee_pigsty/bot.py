"""A simple legal Pig Farmer for bot seats: mostly breeds, sometimes guards, trades or steals.

It reads only its own seat's view, so it plays by the same information as a person.
"""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import hookimpl


def write_orders(view: dict[str, Any], seat: str, rng: random.Random) -> str:
    """Orders for ``seat`` that never overspend, as a farmer would write them."""
    table = view["view"]
    me = next(f for f in table["farmers"] if f["name"] == seat)
    left = me["pork"]
    others = [f for f in table["farmers"] if not f["out"] and f["name"] != seat]
    orders: list[str] = []

    def spend(letter: str, amount: int, target: str = "") -> None:
        nonlocal left
        amount = min(amount, left)
        if amount > 0:
            orders.append(f"{letter} {amount}{' ' + target if target else ''}")
            left -= amount

    # Guards stop every stealer in full, so as many Guards as Bandits keeps them all out.
    bandits = table["bandits"]
    if bandits >= 2 or rng.random() < 0.3:
        spend("G", max(bandits, rng.randint(1, 3)))
    if rng.random() < 0.3 and me["reputation"] < left // 3:
        spend("Y", max(me["reputation"], 1))
    if others and rng.random() < 0.2 and left >= 8:
        victim = max(others, key=lambda f: f["pigs"])
        spend("S", 2 * rng.randint(2, max(2, left // 6)), victim["name"])
        spend("P", 1)
    if others and rng.random() < 0.3 and left >= 5:
        spend("T", 5, rng.choice(others)["name"])
    spend("I", left - left % 5)
    spend("G", left)
    return "; ".join(orders)


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if request.action != "orders":
        return None
    return {"text": write_orders(view, seat, rng)}
