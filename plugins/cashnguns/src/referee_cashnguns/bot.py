"""Bots for Cash'n'Guns seats, reading only their own seat's view.

Three kinds, chosen per seat by the table option ``bots`` (see ``game.Options``):

``random``
    Any legal answer, uniformly: every bullet card kind, target, nerve and power use the
    request allows is as likely as any other (``referee.answers.sample``, and for the
    bullet request the pairs of card and power the rules accept).
``heuristic``
    A gangster with a plan.  It spreads its strong cards over the rounds left (Bang! Bang!
    Bang! for a rich pot or when time runs out, Click! as a bluff), aims at whoever is
    worth it, the rich more often but not always, the nearly dead when it holds a real
    bullet, at a revealed Insane with a live grenade like at anyone else when the blast pays
    (it survives it, and the Insane leads or it does), backs down when the guns on it could
    kill it or outnumber its courage, and uses every power: reveals The Kid, The Cunning and
    The Insane, takes Bang! Bang! Bang! back, joins the split when the pot is worth it and
    takes a dead gangster's gun.
``search``
    Looks ahead (``search``): tries the heuristic's answers and the others offered in
    possible tables built from what its seat sees, plays each to the end with heuristic
    gangsters, and keeps the one that wins most often.

Where options are worth the same, each kind chooses among them with its own keyed
generator, never by the order they are listed in.
"""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import Pick, answers, hookimpl

from .nerve import BACK_DOWN, STAY_IN

BOT_KINDS = ("heuristic", "random", "search")
"""The bots this game ships; ``heuristic`` plays a seat unless the table says otherwise."""
DEFAULT_BOT = "heuristic"


def _offered(request: referee.Request, field: str) -> list[str]:
    shape = (request.answer or {}).get(field)
    return [o.value for o in shape.options] if isinstance(shape, Pick) else []


def _gun(request: referee.Request, seat: str) -> str:
    """The gun a bullet or aim request is about: its id ends "r<round>.<step>.<gun>"."""
    parts = (request.id or "").split(".", 2)
    return parts[2] if len(parts) == 3 else seat


# --- random ----------------------------------------------------------------------------


def _random_bullet(request: referee.Request, rng: random.Random) -> dict[str, Any]:
    assert request.answer is not None
    cards = _offered(request, "card")
    reveals = _offered(request, "reveal")
    # A gangster holds one power: when the card may be left out, the power offered is one
    # revealed instead of the card (The Cunning); otherwise it goes with a card.
    instead = request.answer["card"].optional
    legal: list[dict[str, Any]] = [{"card": c} for c in cards]
    for power in reveals:
        legal += [{"reveal": power}] if instead else [{"card": c, "reveal": power} for c in cards]
    return dict(rng.choice(legal))


def random_answer(request: referee.Request, rng: random.Random) -> dict[str, Any]:
    assert request.answer is not None
    if request.action == "bullet":
        return _random_bullet(request, rng)
    return answers.sample(request.answer, rng)


# --- heuristic -------------------------------------------------------------------------


def _me(table: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(g for g in table["gangsters"] if g["name"] == seat)


def _rounds_left(table: dict[str, Any]) -> int:
    return max(1, table["rounds"] - table["round"] + 1)


def _heuristic_bullet(table: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    assert request.answer is not None
    cards = _offered(request, "card")
    reveals = _offered(request, "reveal")
    pot = sum(table["pot"])
    left = _rounds_left(table)
    gun = _gun(request, seat)
    hand = table["my_guns"].get(gun, [])
    strong = [c for c in hand if c != "click"]
    # A strong card kept to the end is wasted: spread them over the rounds left, more
    # readily the richer the pot (a round turns up about $53,000 on average), and keep
    # Bang! Bang! Bang! for a rich pot or the last rounds.
    must = len(strong) >= left
    want = must or rng.random() < min(0.9, len(strong) / left * pot / 50_000)
    card = "click"
    if want:
        if "bbb" in cards and (pot >= 75_000 or left <= 2 or rng.random() < 0.15):
            card = "bbb"
        elif "bang" in cards:
            card = "bang"
        elif "bbb" in cards:
            card = "bbb"
    if card not in cards:
        card = rng.choice(cards)
    # The Insane's grenade deters best once guns are seen pointing at him: he mostly waits
    # for the nerve decision (_heuristic_nerve) and shows it up front only now and then.
    insane = reveals[:1] == ["the-insane"]
    if reveals and (rng.random() < (0.15 if insane else 0.45) or left <= (1 if insane else 2)):
        power = reveals[0]
        return {"reveal": power} if request.answer["card"].optional else {"card": card, "reveal": power}
    return {"card": card}


def _grenade_armed(g: dict[str, Any]) -> bool:
    return g["power"] == "the-insane" and g["power_revealed"] and not g.get("power_used")


def _wound_limit(g: dict[str, Any]) -> int:
    return 4 if g["power"] == "the-unbreakable" else 3


def _blast_pays(table: dict[str, Any], seat: str, target: dict[str, Any], leader: int) -> bool:
    """Whether wounding an armed Insane pays: the grenade wounds everyone standing (the
    shooter too) and the pot waits, so it pays when the shooter survives the blast and the
    Insane is the richest target, or the shooter leads and a round without a split keeps
    its lead."""
    me = _me(table, seat)
    if me["wounds"] + 1 >= _wound_limit(me):
        return False
    richest_other = max((g["money"] for g in table["gangsters"] if g["alive"] and g["name"] != seat), default=0)
    return target["money"] >= leader or me["money"] > richest_other


def _heuristic_target(table: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    offered = _offered(request, "target")
    gangsters = {g["name"]: g for g in table["gangsters"]}
    gun = _gun(request, seat)
    card = table["my_bullets"].get(gun)
    leader = max((gangsters[t]["money"] for t in offered), default=0)
    aiming_at_me = {table.get("holders", {}).get(gun_id, gun_id) for gun_id, target in table["targets"].items() if target == seat}
    weights = []
    for name in offered:
        g = gangsters[name]
        weight = 1.0 + 2.0 * g["money"] / max(leader, 1)
        if card in ("bang", "bbb") and g["wounds"] >= 2:
            weight += 2.0  # a real bullet may finish him
        if name in aiming_at_me:
            weight += 1.5  # The Kid sees who aims at him: make them think twice
        if _grenade_armed(g) and card != "click" and not _blast_pays(table, seat, g, leader):
            weight = 0.0  # the grenade would cost the shooter more than it gains
        weights.append(weight)
    if not any(weights):
        return {"target": rng.choice(offered)}
    return {"target": rng.choices(offered, weights=weights)[0]}


def _nerve(request: referee.Request, brave: bool) -> dict[str, Any]:
    """The answer staying in (or backing down), as the request asks it: the named choice,
    or the yes-or-no flag of a table stored before the choice was named."""
    if "nerve" in (request.answer or {}):
        return {"nerve": STAY_IN if brave else BACK_DOWN}
    return {"brave": brave}


def _heuristic_nerve(table: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    answer = _heuristic_courage(table, seat, request, rng)
    reveals = _offered(request, "reveal")
    aimed = any(target == seat for target in table["targets"].values())
    # A grenade shown before the count makes whoever aims at him think twice.
    if reveals and ((aimed and rng.random() < 0.8) or _rounds_left(table) <= 1):
        answer["reveal"] = reveals[0]
    return answer


def _heuristic_courage(table: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    me = _me(table, seat)
    aimed = sum(1 for target in table["targets"].values() if target == seat)
    if not aimed:
        return _nerve(request, True)
    limit = _wound_limit(me)
    if me["power"] == "dragon-skin":
        aimed = min(aimed, 1)
    lethal = me["wounds"] + aimed >= limit
    pot = sum(table["pot"])
    loaded_strong = any(card != "click" for card in table["my_bullets"].values())
    # Most guns hold Click!: one gun is worth the risk, several much less so.
    courage = {1: 0.85, 2: 0.5}.get(aimed, 0.3)
    courage += 0.1 if pot >= 60_000 else -0.1 if pot < 30_000 else 0
    courage += 0.1 if loaded_strong else 0
    if lethal:
        courage *= 0.4
    if me["power"] == "super-coward":
        courage -= 0.25  # each shame token pays him instead of costing him
    return _nerve(request, rng.random() < courage)


def heuristic_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    table = view["view"]
    if request.action == "bullet":
        return _heuristic_bullet(table, seat, request, rng)
    if request.action == "aim":
        return _heuristic_target(table, seat, request, rng)
    if request.action == "nerve":
        return _heuristic_nerve(table, seat, request, rng)
    if request.action == "reload":
        discard = _offered(request, "discard")
        # Bang! Bang! Bang! is the strongest card: give up a Click! for it, a Bang! usually.
        if "click" in discard:
            return {"discard": "click"}
        if "bang" in discard and rng.random() < 0.7:
            return {"discard": "bang"}
        return {}
    if request.action == "claim":
        claims = _offered(request, "claim")
        worth = sum(table["pot"]) >= 30_000 or _rounds_left(table) <= 2
        # The first option is staying down; the others use a power.
        return {"claim": claims[-1] if worth and len(claims) > 1 else claims[0]}
    if request.action == "take-gun":
        guns = _offered(request, "take")
        return {"take": rng.choice(guns)} if guns else {}
    assert request.answer is not None
    return answers.sample(request.answer, rng)


def bot_kind(view: dict[str, Any], seat: str) -> str:
    """The kind of bot the table gives ``seat`` (the view carries the table's choice)."""
    kinds: dict[str, str] = view.get("view", {}).get("bots", {})
    return kinds.get(seat, DEFAULT_BOT)


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if request.answer is None:
        return None
    kind = bot_kind(view, seat)
    if kind == "random":
        return random_answer(request, rng)
    if kind == "search":
        from .search import search_answer

        return search_answer(view, seat, request, rng)
    return heuristic_answer(view, seat, request, rng)
