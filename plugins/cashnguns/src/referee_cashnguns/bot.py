"""A simple legal gangster for bot seats, reading only its own view.

It loads its best cards when the pot is rich, aims at the richest gangster who is not
yet down, backs down when several guns point at it and it is badly wounded, and uses
its powers when offered.  It answers through each request's answer shape.
"""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import Pick, hookimpl

STRENGTH = {"bbb": 0, "bang": 1, "click": 2}


def _offered(request: referee.Request, field: str) -> list[str]:
    shape = (request.answer or {}).get(field)
    return [o.value for o in shape.options] if isinstance(shape, Pick) else []


def _bullet(request: referee.Request, rng: random.Random, rich: bool) -> dict[str, Any]:
    assert request.answer is not None
    cards = _offered(request, "card")
    card = min(cards, key=lambda c: (STRENGTH.get(c, 1) if rich else -STRENGTH.get(c, 1) + rng.random() * 2) + rng.random())
    reveals = _offered(request, "reveal")
    if reveals and rng.random() < 0.5:
        power = reveals[0]
        # A card that may be left out goes with a power revealed instead of it (The Cunning).
        return {"reveal": power} if request.answer["card"].optional else {"card": card, "reveal": power}
    return {"card": card}


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if request.answer is None:
        return None
    table = view["view"]
    me = next(g for g in table["gangsters"] if g["name"] == seat)
    rich = sum(table["pot"]) >= 40_000
    if request.action == "bullet":
        return _bullet(request, rng, rich)
    if request.action == "aim":
        money = {g["name"]: g["money"] for g in table["gangsters"]}
        return {"target": min(_offered(request, "target"), key=lambda t: -money.get(t, 0) + rng.randint(0, 15_000))}
    if request.action == "nerve":
        aimed = sum(1 for target in table["targets"].values() if target == seat)
        scared = aimed >= 2 or (aimed >= 1 and me["wounds"] >= 2)
        brave = not scared or rng.random() < 0.3
        return {"brave": brave}
    if request.action == "claim":
        # Using the power is always worth it: the last option offered is the power's.
        return {"claim": _offered(request, "claim")[-1]}
    if request.action == "take-gun":
        guns = _offered(request, "take")
        return {"take": guns[-1]} if guns else {}
    return None
