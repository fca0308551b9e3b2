"""A simple legal gangster for bot seats, reading only its own view.

It loads its best cards when the pot is rich, aims at the richest gangster who is not
yet down, backs down when several guns point at it and it is badly wounded, and uses
its powers when offered.
"""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import hookimpl


def _pick(request: referee.Request, rng: random.Random, prefer: Any = None) -> dict[str, Any]:
    assert request.choices is not None
    choices = list(request.choices)
    if prefer is not None:
        ranked = sorted(choices, key=prefer)
        return dict(ranked[0].args)
    return dict(rng.choice(choices).args)


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if request.choices is None or not request.choices:
        return None
    table = view["view"]
    me = next(g for g in table["gangsters"] if g["name"] == seat)
    rich = sum(table["pot"]) >= 40_000
    if request.action == "bullet":
        strength = {"bbb": 0, "bang": 1, "click": 2}

        def bullet_key(choice: referee.Choice) -> tuple[int, float]:
            card = str(choice.args.get("card"))
            revealing = 0 if "reveal" in choice.args and rng.random() < 0.5 else 1
            wanted = strength.get(card, 1) if rich else -strength.get(card, 1) + rng.random() * 2
            return revealing, wanted + rng.random()

        return _pick(request, rng, bullet_key)
    if request.action == "aim":
        money = {g["name"]: g["money"] for g in table["gangsters"]}
        return _pick(request, rng, lambda c: (-money.get(c.args["target"], 0) + rng.randint(0, 15_000),))
    if request.action == "nerve":
        aimed = sum(1 for target in table["targets"].values() if target == seat)
        scared = aimed >= 2 or (aimed >= 1 and me["wounds"] >= 2)
        brave = not scared or rng.random() < 0.3
        return {"brave": brave}
    if request.action in ("claim", "take-gun"):
        return dict(request.choices[-1].args)
    return None
