"""A simple legal pimp for bot seats, reading only its own view and the request's answer
shapes: it brings bitches into play, works the street, banks the money, buys influence
when low, mugs bitches carrying cash when it has the numbers, and fights now and then."""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import Amount, Pick, Subset, hookimpl

RESERVE = 4
"""Red tokens a bot keeps when bringing a bitch in: ending a turn on zero influence puts a pimp out."""


def _values(fields: dict[str, Any], name: str) -> list[str]:
    shape = fields.get(name)
    return [o.value for o in shape.options] if isinstance(shape, Pick | Subset) else []


def _candidates(view: dict[str, Any], me: dict[str, Any], fields: dict[str, Any], rng: random.Random) -> list[tuple[float, dict[str, Any]]]:
    """Every action the bot considers, each with a score (higher is better)."""
    kinds = set(_values(fields, "do"))
    cards = _values(fields, "card")  # a list: the bot's choices must not depend on set order
    hand = {c["id"]: c for c in me["hand"]} if isinstance(me["hand"], list) else {}
    pad = {b["id"]: b for b in me["pad"]}
    fresh = [b for b in me["street"] if not b["shagged_out"]]
    low = me["influence"] < 8
    found: list[tuple[float, dict[str, Any]]] = []

    def add(score: float, **args: Any) -> None:
        if args["do"] in kinds:
            found.append((score + rng.random(), args))

    for card in (c for c in cards if c in hand):
        if hand[card]["kind"] == "special":
            add(6.5, do="special", card=card)
        elif me["influence"] - hand[card]["cost"] >= RESERVE:
            add(7.0, do="bring", card=card)
    for card in (c for c in cards if c in pad):
        add(5.0 if len(me["street"]) < 2 else 1.0, do="to-street", card=card)
        if pad[card]["money"]:
            add(9.0, do="collect", card=card)
    for bitch in fresh:
        # Bank her takings before someone mugs her.
        add(8.0 if bitch["money"] else 0.2, do="to-pad", card=bitch["id"])
        add(6.0, do="solicit", card=bitch["id"])
    amount = fields.get("amount")
    if isinstance(amount, Amount) and amount.max:
        add(8.5 if low else 0.5, do="buy", amount=amount.max if low else amount.min)
    add(2.0, do="edge")
    add(1.5, do="look-top")
    add(0.3, do="end")
    _attacks(view, me, fields, kinds, rng, add)
    victims = _values(fields, "victim")
    trashers = [c for c in cards if c in pad or c in {b["id"] for b in fresh}]
    if victims and trashers:
        strongest = max(trashers, key=lambda c: (pad.get(c) or next(b for b in fresh if b["id"] == c))["fight"])
        add(3.0 if rng.random() < 0.5 else 0.1, do="trash", card=strongest, victim=rng.choice(victims))
    return found


def _attacks(view: dict[str, Any], me: dict[str, Any], fields: dict[str, Any], kinds: set[str], rng: random.Random, add: Any) -> None:
    """Attack with every fresh street bitch: a fight is "one or more against one", so the
    numbers help; a target carrying money is worth a mugging when we outnumber her side."""
    attackers = _values(fields, "attackers")
    targets = set(_values(fields, "target"))
    if not attackers or not targets:
        return
    others = [p for p in view["view"]["pimps"] if p["name"] != me["name"]]
    for where, zone in (("attack-street", "street"), ("attack-pad", "pad")):
        if where not in kinds:
            continue
        for other in others:
            theirs = [b for b in other[zone] if b["id"] in targets]
            helpers = len([b for b in other[zone] if not b["shagged_out"]])
            for target in theirs:
                outnumber = len(attackers) > helpers
                score = 7.5 if target["money"] and outnumber else (2.5 if rng.random() < 0.3 else 0.1)
                add(score, do=where, attackers=list(attackers), target=target["id"])


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    fields = request.answer
    if fields is None:
        return None
    me = next(p for p in view["view"]["pimps"] if p["name"] == seat)
    if request.action == "do":
        return max(_candidates(view, me, dict(fields), rng), key=lambda c: c[0])[1]
    if request.action == "draw":
        sources = _values(fields, "from")
        # A bitch's power rating is her cost; a special card's is zero.
        edges = [(0 if e["kind"] == "special" else e["cost"], slot) for slot, e in enumerate(me["edges"], start=1) if e]
        if "edge" in sources and edges and rng.random() < 0.6:
            return {"from": "edge", "slot": max(edges)[1]}
        return {"from": "deck" if "deck" in sources else "none"}
    if request.action == "bid":
        tokens = fields["tokens"]
        assert isinstance(tokens, Amount)
        return {"tokens": rng.randint(tokens.min, min(tokens.max if tokens.max is not None else 4, 4))}
    if request.action in ("defend", "send"):
        shape = fields["bitches"]
        assert isinstance(shape, Subset)
        return {"bitches": [o.value for o in shape.options][: shape.max]}
    if request.action == "assign":
        shape = fields["attacks"]
        targets = [o.value for o in shape.targets]  # type: ignore[union-attr]
        return {"attacks": {o.value: targets[i % len(targets)] for i, o in enumerate(shape.items)}}  # type: ignore[union-attr]
    return None
