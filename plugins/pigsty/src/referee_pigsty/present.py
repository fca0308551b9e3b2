"""The farms as a Pig Farmer sees them before writing orders: the countryside (Yeomen, the
Yeoman Fund, Bandits, lost Pigs, the Palace's price), each farmer's Pigs, Pork, Honesty,
Reputation and Punishment due, and your orders: the six ways to spend Pork with their rules
text while you write, the orders you wrote once they are in.

Built from the seat's view alone (``referee_present``): another farmer's orders are never
in it until the Gamesmaster reveals them, only whether they are in.
"""

from __future__ import annotations

from typing import Any

from referee import Card, Place, Presentation, Stat, Words, Zone, hookimpl
from referee.words import count

from .order_cards import ORDER_LETTERS, ORDER_NAMES, ORDER_TEXT
from .orders import KINDS, Order, order_text

TITLE = "Pigsty to Palace"


def _status(view: dict[str, Any], w: Words) -> str:
    result = view.get("result")
    if result:
        return f"Game over: {result['reason']}"
    turn = view["view"]["turn"]
    waiting = view.get("waiting_for") or []
    if not waiting:
        return f"Turn {turn}: the Gamesmaster resolves the orders"
    return f"Turn {turn}: write your orders; waiting for {w.names(waiting)}"


def _countryside(game: dict[str, Any]) -> Zone:
    numbers = game.get("numbers", {})
    target = numbers.get("yeoman_fund_target", 10)
    per_bandit = numbers.get("pigs_lost_per_bandit", 10)
    palace = numbers.get("palace_pigs", 100)
    return Zone(
        title="The countryside",
        role="board",
        counters=(
            Stat("Yeomen", str(game["yeomen"]), hint="each a free Guard for every Honest farmer, and they return lost Pigs (4.6)"),
            Stat("Yeoman Fund", f"{game['yeoman_fund']:,} of {target:,} Pork", hint="at the target another Yeoman enters play (4.6)"),
            Stat("Bandits", str(game["bandits"]), hint="they Steal from everyone every turn (11.3)"),
            Stat("Lost Pigs", str(game["lost_pigs"]), hint=f"every {per_bandit} lost and not returned attract another Bandit (11.2)"),
            Stat("Palace", count(palace, "Pig"), hint="whoever has this many at the end of a turn wins (8)"),
        ),
    )


def _farmer(f: dict[str, Any], seat: str | None, view: dict[str, Any]) -> Zone:
    own = f["name"] == seat
    waiting = view.get("waiting_for") or []
    notes: list[str] = []
    if f["out"]:
        notes.append("out of the game: all Pigs lost (7)")
    elif f["name"] in view["view"].get("winners", []):
        notes.append("can afford a Palace!")
    elif f["orders_in"] and not view.get("result"):
        notes.append("orders in, sealed")
    elif f["name"] in waiting:
        notes.append("writing orders")
    counters = [Stat("Pigs", f"{f['pigs']:,}")]
    over = bool(view.get("result"))
    if not f["out"]:
        if not over:
            counters.append(Stat("Pork", f"{f['pork']:,}", hint="one a Pig, less last turn's Punishment; spend it or lose it (4, 5)"))
        counters.append(Stat("Honesty", "Honest" if f["honest"] else "Dishonest", hint="only the Honest are helped by the Yeomen (4.6)"))
        counters.append(Stat("Reputation", str(f["reputation"]), hint="bad Reputation: Yeomen spending must match it to turn Honest (12)"))
        if f["punishment_due"] and not over:
            counters.append(Stat("Punishment due", f"{f['punishment_due']:,} Pork", hint="off the next allowance (4.1)"))
    return Zone(
        title="You" if own else f["name"],
        role="mine" if own else "opponent",
        owner=f["name"],
        active=f["name"] in waiting,
        counters=tuple(counters),
        notes=tuple(notes),
    )


def _orders(view: dict[str, Any], seat: str, w: Words) -> Zone | None:
    game = view["view"]
    written = game.get("my_orders")
    if view.get("result"):
        return None
    if written:
        cards = []
        for body in written:
            order = Order(**body)
            stats = [Stat("Pork", f"{order.amount:,}")]
            if order.target:
                stats.append(Stat("Farmer", w.name(order.target)))
            cards.append(
                Card(name=ORDER_NAMES[order.kind], kind=f"order, line {order.line}", stats=tuple(stats), text=ORDER_TEXT[order.kind])
            )
        as_written = "; ".join(order_text(Order(**body)) for body in written)
        notes = (f"as you wrote them: {as_written}", "sealed until every farmer's are in")
        return Zone(title="Your orders", role="hand", owner=seat, cards=tuple(cards), notes=notes)
    if not any(r.get("action") == "orders" for r in view.get("requests") or []):
        return None
    cards = [Card(name=ORDER_NAMES[kind], kind=f"order, written {ORDER_LETTERS[kind]}", text=ORDER_TEXT[kind]) for kind in KINDS]
    how = "one line per order: the letter, the Pork, and for Stealing and Trading the farmer (10.1)"
    return Zone(title="Your orders", role="hand", owner=seat, cards=tuple(cards), notes=(how,))


def _standings(view: dict[str, Any]) -> tuple[Place, ...]:
    result = view.get("result")
    if not result:
        return ()
    farmers = {f["name"]: f for f in view["view"]["farmers"]}
    places = []
    for standing in result.get("standings", ()):
        pigs = farmers.get(standing["seat"], {}).get("pigs", standing.get("score") or 0)
        places.append(
            Place(place=standing["place"], seat=standing["seat"], total=count(pigs, "Pig"), breakdown=(Stat("Pigs", f"{pigs:,}"),))
        )
    return tuple(places)


@hookimpl
def referee_present(view: dict[str, Any], seat: str | None) -> Presentation:
    game = view["view"]
    w = Words(seat)
    zones = [_countryside(game)]
    me = next((f for f in game["farmers"] if f["name"] == seat), None)
    if me is not None and seat is not None:
        orders = _orders(view, seat, w)
        if orders is not None:
            zones.append(orders)
        zones.append(_farmer(me, seat, view))
    zones += [_farmer(f, seat, view) for f in game["farmers"] if f["name"] != seat]
    return Presentation(title=TITLE, status=_status(view, w), zones=tuple(zones), standings=_standings(view))
