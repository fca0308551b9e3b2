"""A simple legal pimp for bot seats, reading only its own view: it brings bitches into play,
works the street, banks the money, buys influence when low, and fights now and then."""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import hookimpl


def _score(choice: referee.Choice, me: dict[str, Any], rng: random.Random) -> float:
    what = choice.args.get("do")
    low = me["influence"] < 8
    carrying = {b["id"] for b in me["street"] if b["money"]}
    if what == "to-pad" and choice.args.get("card") in carrying:
        return 8.0 + rng.random()  # bank her takings before someone mugs her
    return {
        "collect": 9.0,
        "buy": 8.5 if low and choice.args.get("amount") == me["money"] else 0.5,
        "bring": 7.0,
        "special": 6.5,
        "solicit": 6.0,
        "to-street": 5.0 if len(me["street"]) < 2 else 1.0,
        "to-pad": 0.2,
        "edge": 2.0,
        "look-top": 1.5,
        "attack-street": 2.5 if rng.random() < 0.3 else 0.1,
        "attack-pad": 2.0 if rng.random() < 0.3 else 0.1,
        "trash": 3.0 if rng.random() < 0.5 else 0.1,
        "end": 0.3,
    }.get(str(what), 0.0) + rng.random()


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if not request.choices:
        return None
    choices = list(request.choices)
    me = next(p for p in view["view"]["pimps"] if p["name"] == seat)
    if request.action == "do":
        hand = {c["id"]: c for c in me["hand"]} if isinstance(me["hand"], list) else {}

        def affordable(choice: referee.Choice) -> bool:
            # Keep a few red tokens: ending a turn on zero influence puts a pimp out.
            card = hand.get(str(choice.args.get("card")))
            return choice.args.get("do") != "bring" or card is None or me["influence"] - card["cost"] >= 4

        return dict(max((c for c in choices if affordable(c)), key=lambda c: _score(c, me, rng)).args)
    if request.action == "draw":
        edges = [c for c in choices if c.args.get("from") == "edge"]
        if edges and rng.random() < 0.6:
            return dict(edges[-1].args)
        deck = [c for c in choices if c.args.get("from") == "deck"]
        return dict((deck or choices)[0].args)
    if request.action == "bid":
        return dict(choices[min(len(choices) - 1, rng.randint(0, 4))].args)
    if request.action in ("defend", "send"):
        return dict(choices[-1].args)
    return dict(rng.choice(choices).args)
