"""Pig Farmers for bot seats: a heuristic farmer and a random one, chosen per seat.

Both read only their own seat's view, so they play by the same information as a
person, and both write orders as a forum player would (``T 5 Danny``), through the
same parser.  The table option ``bots`` says which farmer plays which seat
(``bots_by_seat``); a seat played by a person is never asked.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import referee
from referee import IllegalAction, hookimpl

__all__ = ["BOTS", "DEFAULT_BOT", "bots_by_seat", "heuristic_orders", "random_orders", "referee_bot_action"]

BOTS: tuple[str, ...] = ("heuristic", "random")
"""The bots a table may choose (option ``bots``)."""

DEFAULT_BOT = "heuristic"

# The rulebook's numbers.  A bot cannot see a table's house-rule numbers (they are not
# in a seat's view), so it plans with these; the orders it writes stay legal whatever
# they are, only less well judged.
_PORK_PER_PIG = 5
_FUND_TARGET = 10
_PALACE = 100


def bots_by_seat(spec: str | Mapping[str, str], seats: Sequence[str]) -> dict[str, str]:
    """Each seat's bot from the option ``bots``: one kind for all, a comma-separated
    kind per seat in seat order, or a seat-to-kind mapping (missing seats: heuristic).
    A list of the wrong length or a mapping naming no seat is refused."""
    if isinstance(spec, Mapping):
        strangers = sorted(set(spec) - set(seats))
        if strangers:
            raise IllegalAction(
                f"option bots names {', '.join(strangers)}, not seated at this table (seats: {', '.join(seats)})", "options"
            )
        return {seat: str(spec.get(seat, DEFAULT_BOT)).strip() for seat in seats}
    kinds = [kind.strip() for kind in spec.split(",")]
    if len(kinds) == 1:
        return dict.fromkeys(seats, kinds[0])
    if len(kinds) != len(seats):
        raise IllegalAction(f"option bots lists {len(kinds)} bots for {len(seats)} seats; give one, or one per seat", "options")
    return dict(zip(seats, kinds, strict=True))


def _line(kind: str, amount: int, target: str | None = None) -> str:
    return f"{kind} {amount} {target}" if target else f"{kind} {amount}"


def random_orders(view: Mapping[str, Any], seat: str, rng: random.Random) -> str:
    """Uniformly random orders within this grammar: one amount for each of P, I, G and
    Y and for S and T against each other farmer in the game, every amount at least 0
    and their sum at most the farmer's Pork.  Every such list of amounts is equally
    likely (stars and bars over the Pork plus one unspent share); amounts of 0 are
    left unwritten, since an order for 0 Pork does nothing (RULES.md).  The lines come
    in a random order, which never matters because nothing is overspent (10.2)."""
    table = view["view"]
    me = next(f for f in table["farmers"] if f["name"] == seat)
    others = [f["name"] for f in table["farmers"] if not f["out"] and f["name"] != seat]
    slots: list[tuple[str, str | None]] = [("P", None), ("I", None), ("G", None), ("Y", None)]
    slots += [(kind, name) for name in others for kind in ("S", "T")]
    pork = me["pork"]
    # n bars among pork + n places split the Pork into n + 1 shares (the last unspent).
    bars = sorted(rng.sample(range(pork + len(slots)), len(slots)))
    shares = [bar - before - 1 for before, bar in zip([-1, *bars], bars, strict=False)]
    lines = [_line(kind, amount, target) for (kind, target), amount in zip(slots, shares, strict=True) if amount]
    rng.shuffle(lines)
    return "; ".join(lines)


def heuristic_orders(view: Mapping[str, Any], seat: str, rng: random.Random) -> str:
    """Orders a sensible farmer would write; never overspends.

    Honesty when it is cheap (Yeomen guard, return and punish for the Honest), enough
    Guards that the Bandits get at most one Thief through, Punishment when known
    thieves are about, Stealing from the leader (hardest when he nears his Palace),
    never from a farmer it trades with, Trade to the poorer farmers, the rest invested
    in whole Pigs and the odd Pork into the Yeoman Fund or Guards.
    """
    table = view["view"]
    me = next(f for f in table["farmers"] if f["name"] == seat)
    others = [f for f in table["farmers"] if not f["out"] and f["name"] != seat]
    left = me["pork"]
    yeomen, bandits = table["yeomen"], table["bandits"]
    orders: list[str] = []

    def spend(kind: str, amount: int, target: str | None = None) -> int:
        nonlocal left
        amount = min(amount, left)
        if amount > 0:
            orders.append(_line(kind, amount, target))
            left -= amount
        return amount

    # Honesty first: it makes every Yeoman a Guard and a returner of lost Pigs (4.6).
    honest = me["honest"]
    if not honest and 1 <= max(me["reputation"], 1) <= left // 4:
        honest = spend("Y", max(me["reputation"], 1)) > 0
    elif honest and (table["yeoman_fund"] >= _FUND_TARGET - 3 or rng.random() < 0.2):
        spend("Y", rng.randint(1, 2))
    # One Thief getting through takes nothing (4.4.4), so let the Bandits keep one.
    shield = yeomen if honest else 0
    thieves_about = any(f["reputation"] > 0 or not f["honest"] for f in others)
    guards = max(0, bandits - shield - 1)
    if thieves_about and me["pigs"] >= 15 and rng.random() < 0.5:
        guards += rng.randint(1, 3)
    spend("G", guards)
    if (any(f["reputation"] > 0 for f in others) and rng.random() < 0.5) or rng.random() < 0.1:
        spend("P", rng.randint(1, 2))

    victim = None
    if others and left >= 8:
        leader = max(others, key=lambda f: (f["pigs"], f["name"]))
        near_palace = leader["pigs"] >= 0.7 * _PALACE
        tempting = not leader["honest"] and leader["pigs"] > me["pigs"]
        if near_palace or (tempting and rng.random() < 0.4) or rng.random() < 0.1:
            # Expect the victim to guard against the Bandits, and his Yeomen if Honest.
            expected = bandits + (yeomen if leader["honest"] else 0)
            # A bite worth the Punishment and the Dishonesty: a share of his Pigs.
            share = rng.uniform(0.1, 0.2) if near_palace else rng.uniform(0.05, 0.12)
            thieves = expected + 2 * max(2, int(leader["pigs"] * share))
            if thieves <= left // 2 or near_palace:
                spend("S", thieves, leader["name"])
                victim = leader["name"]

    partners = sorted(
        (f for f in others if f["name"] != victim and f["pigs"] < 0.8 * _PALACE),
        key=lambda f: (not f["honest"], f["pigs"], rng.random()),
    )
    for partner in partners[: rng.randint(0, 2)]:
        if left >= _PORK_PER_PIG and rng.random() < 0.6:
            spend("T", _PORK_PER_PIG, partner["name"])
    spend("I", left - left % _PORK_PER_PIG)
    spend("Y" if honest else "G", left)
    return "; ".join(orders)


_WRITERS = {"heuristic": heuristic_orders, "random": random_orders}


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if request.action != "orders":
        return None
    kind = view["view"].get("bots", {}).get(seat, DEFAULT_BOT)
    return {"text": _WRITERS[kind](view, seat, rng)}
