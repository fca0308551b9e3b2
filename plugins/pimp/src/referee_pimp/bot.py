"""Bots for Pimp seats, reading only their own view and the request's answer shapes.

Two bots, chosen per seat with the table option ``bots`` (the view carries the choice):

- ``random``: uniform over the legal answers.  For the action request it picks a kind of
  action uniformly from those offered, then each field that kind takes uniformly from
  what the shape offers; where the shape cannot say which card suits which kind (one
  ``card`` field serves every kind) or that a slot goes with an edge-slot draw, it
  samples again until the answer fits what the view shows the rules allow.
- ``heuristic``: plays sensibly and uses every kind of action: brings bitches in and plays
  special cards, works the street and banks the takings, pays police bribes from the
  bitches' money, buys influence when low, fills edge slots and spends them on the draws
  that matter, looks at the top of the deck (Word on the Streets), mugs bitches carrying
  cash, raids a neighbour's pad when the street is empty and trashes it when it can.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

import referee
from referee import Amount, Pick, Subset, answers, hookimpl

from .menu import FIELDS

BOTS = ("heuristic", "random")
"""The bots a seat may have (the table option ``bots``)."""

RESERVE = 4
"""Red tokens the heuristic bot keeps when bringing a bitch in: ending a turn on zero influence puts a pimp out."""

TRIES = 200
"""Samples the random bot draws before giving a kind of action up (each is cheap)."""

NEEDS = FIELDS
"""The fields each kind of action takes besides ``do`` (the others take none)."""


def bots_of(option: dict[str, str] | str, seats: Sequence[str]) -> dict[str, str]:
    """Seat -> bot, from the table option ``bots``."""
    if isinstance(option, dict):
        return {seat: option.get(seat, "heuristic") for seat in seats}
    named = [b.strip() for b in option.split(",")]
    if len(named) == 1:
        return dict.fromkeys(seats, named[0])
    return {seat: named[i] if i < len(named) else "heuristic" for i, seat in enumerate(seats)}


def _values(fields: dict[str, Any], name: str) -> list[str]:
    shape = fields.get(name)
    return [o.value for o in shape.options] if isinstance(shape, Pick | Subset) else []


def _me(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in view["view"]["pimps"] if p["name"] == seat)


# --- what the view shows the rules allow (the random bot's check) ------------------------------


def _fits(view: dict[str, Any], seat: str, args: dict[str, Any]) -> bool:
    """Whether an action answer that fits the shape is one the rules take now, judged from the
    seat's view as ``menu._check`` judges it from the table."""
    me = _me(view, seat)
    kind = args["do"]
    if set(args) - {"do"} != set(NEEDS.get(kind, ())):
        return False
    hand = {c["id"]: c for c in me["hand"]} if isinstance(me["hand"], list) else {}
    pad = {b["id"]: b for b in me["pad"]}
    fresh_street = {b["id"] for b in me["street"] if not b["shagged_out"]}
    card = args.get("card")
    if kind == "special":
        return card in hand and hand[card]["kind"] == "special"
    if kind == "bring":
        return card in hand and hand[card]["kind"] != "special"
    if kind == "to-street":
        return card in pad
    if kind == "collect":
        return card in pad and pad[card]["money"] > 0
    if kind in ("to-pad", "solicit"):
        return card in fresh_street
    if kind == "trash":
        return card in fresh_street or (card in pad and not pad[card]["shagged_out"])
    if kind in ("attack-street", "attack-pad"):
        zone = "street" if kind == "attack-street" else "pad"
        return any(args["target"] in {b["id"] for b in p[zone]} for p in view["view"]["pimps"] if p["name"] != seat)
    return True


def _fits_draw(view: dict[str, Any], seat: str, args: dict[str, Any]) -> bool:
    edges = _me(view, seat)["edges"]
    if args["from"] != "edge":
        return "slot" not in args
    slot = args.get("slot")
    return isinstance(slot, int) and slot <= len(edges) and edges[slot - 1] is not None


def random_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    fields = dict(request.answer or {})
    if request.action == "draw":
        for _ in range(TRIES):
            args = answers.sample(fields, rng)
            if _fits_draw(view, seat, args):
                return args
        return {"from": "none"}
    if request.action != "do":
        return answers.sample(fields, rng)
    kinds = _values(fields, "do")
    rng.shuffle(kinds)
    for kind in kinds:
        needed = {name: fields[name] for name in NEEDS.get(kind, ()) if name in fields}
        for _ in range(TRIES):
            args = {"do": kind, **answers.sample({n: _required(s) for n, s in needed.items()}, rng)}
            if _fits(view, seat, args):
                return args
    return {"do": "end"}


def _required(shape: Any) -> Any:
    return msgspec.structs.replace(shape, optional=False)


# --- the heuristic bot --------------------------------------------------------------------------


def _power(card: dict[str, Any] | None) -> int:
    """A card's power rating: a bitch's cost, a special card's zero."""
    if not card:
        return 0
    return 0 if card["kind"] == "special" else int(card["cost"])


def _candidates(view: dict[str, Any], me: dict[str, Any], fields: dict[str, Any], rng: random.Random) -> list[tuple[float, dict[str, Any]]]:
    """Every action the bot considers, each with a score (higher is better)."""
    kinds = set(_values(fields, "do"))
    cards = _values(fields, "card")  # a list: the bot's choices must not depend on set order
    hand = {c["id"]: c for c in me["hand"]} if isinstance(me["hand"], list) else {}
    pad = {b["id"]: b for b in me["pad"]}
    fresh = [b for b in me["street"] if not b["shagged_out"]]
    bribe = int(me.get("bribe") or 0)
    short = bribe > me["money"]
    low = me["influence"] <= 4
    in_play = len(me["pad"]) + len(me["street"])
    found: list[tuple[float, dict[str, Any]]] = []

    def add(score: float, **args: Any) -> None:
        if args["do"] in kinds:
            found.append((score + rng.random(), args))

    for card in (c for c in cards if c in hand):
        if hand[card]["kind"] == "special":
            add(6.5, do="special", card=card)
        elif me["influence"] - hand[card]["cost"] >= RESERVE:
            # Six bitches are enough to work the street and hold the pad; past that, save influence.
            add((7.0 if in_play < 6 else 2.5) + hand[card]["cost"] / 10, do="bring", card=card)
    for card in (c for c in cards if c in pad):
        add(6.2 if len(fresh) < 4 else 1.0, do="to-street", card=card)
        if pad[card]["money"]:
            add(12.0 if short else 9.0, do="collect", card=card)
    for bitch in fresh:
        # Bank her takings before someone mugs her (and pay the police with them).
        add((11.0 if short else 8.0) if bitch["money"] else 0.2, do="to-pad", card=bitch["id"])
        add(6.0, do="solicit", card=bitch["id"])
    amount = fields.get("amount")
    if isinstance(amount, Amount) and amount.max:
        spare = amount.max - bribe
        if spare >= amount.min:
            # Money is what wins: it buys influence only to stay in the game.
            want = min(spare, max(amount.min, 8 - me["influence"])) if low else min(spare, 3)
            add(8.5 if low else 0.4, do="buy", amount=max(amount.min, want))
    empty = [e for e in me["edges"] if not e] if isinstance(me["edges"], list) else []
    # Now and then an action goes on the edge slots and the top of the deck, which pay off
    # in later power draws rather than now.
    add(6.3 if empty and rng.random() < 0.35 else 1.2, do="edge")
    add(5.0 if rng.random() < 0.3 else 1.0, do="look-top")
    add(0.3, do="end")
    _attacks(view, me, fields, kinds, rng, add)
    victims = _values(fields, "victim")
    trashers = [c for c in cards if c in pad or c in {b["id"] for b in fresh}]
    if victims and trashers:
        fighters = {b["id"]: b for b in [*me["pad"], *fresh]}
        strongest = max(trashers, key=lambda c: fighters[c]["fight"])
        add(7.8, do="trash", card=strongest, victim=rng.choice(victims))
    return found


def _attacks(
    view: dict[str, Any], me: dict[str, Any], fields: dict[str, Any], kinds: set[str], rng: random.Random, add: Callable[..., None]
) -> None:
    """A fight is "one or more against one", so the bot sends every fresh street bitch; a
    target carrying money is worth a mugging, a weak one is worth knocking out."""
    attackers = _values(fields, "attackers")
    targets = set(_values(fields, "target"))
    if not attackers or not targets:
        return
    ours = {b["id"]: b for b in me["street"]}
    strength = sum(ours[c]["fight"] for c in attackers if c in ours) / max(1, len(attackers))
    others = [p for p in view["view"]["pimps"] if p["name"] != me["name"]]
    for where, zone in (("attack-street", "street"), ("attack-pad", "pad")):
        if where not in kinds:
            continue
        for other in others:
            helpers = len([b for b in other[zone] if not b["shagged_out"]])
            for target in (b for b in other[zone] if b["id"] in targets):
                outnumber = len(attackers) > helpers
                score = 2.0 + (strength - target["fight"]) / 2
                if target["money"]:
                    score += 3.0 + min(target["money"], 30) / 10
                if outnumber:
                    score += 1.0
                if target["shagged_out"]:
                    score += 1.0
                if where == "attack-pad":
                    score += 1.0
                add(score, do=where, attackers=list(attackers), target=target["id"])


_COST = re.compile(r"you draw .*?\(cost (\d+)")
_CONTESTS = ("attack:", "defend:", "counter", "looks:", "stamina:", "influence:", "trash:", "psycho:")


def heuristic_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    fields = dict(request.answer or {})
    me = _me(view, seat)
    if request.action == "do":
        return max(_candidates(view, me, fields, rng), key=lambda c: c[0])[1]
    if request.action == "draw":
        sources = _values(fields, "from")
        key = request.id.split(".draw.", 1)[-1]
        if key == "psycho:punter":
            # "If you are controlling a Psycho Punter you might not want to waste your power cards on him."
            return {"from": "deck" if "deck" in sources else "none"}
        edges = [(_power(e), slot) for slot, e in enumerate(me["edges"], start=1) if e]
        best = max(edges) if edges else (0, 0)
        if "edge" in sources and best[0] >= 5 and key.startswith(_CONTESTS):
            return {"from": "edge", "slot": best[1]}
        return {"from": "deck" if "deck" in sources else "none"}
    if request.action == "slot":
        shape = fields["slot"]
        assert isinstance(shape, Amount)
        found = _COST.search(request.prompt)
        drawn = int(found.group(1)) if found else 0
        slots = list(me["edges"])[: shape.max] + [None] * max(0, (shape.max or 0) - len(me["edges"]))
        empty = [i for i, e in enumerate(slots, start=1) if e is None]
        if drawn >= 4 and empty:
            return {"slot": empty[0]}
        weakest = min(((_power(e), i) for i, e in enumerate(slots, start=1) if e), default=None)
        if weakest is not None and drawn > weakest[0]:
            return {"slot": weakest[1]}
        return {}
    if request.action == "bid":
        tokens = fields["tokens"]
        assert isinstance(tokens, Amount)
        top = tokens.max if tokens.max is not None else 4
        return {"tokens": min(top, max(tokens.min, me["influence"] // 4 + rng.randint(0, 2)))}
    if request.action in ("defend", "send"):
        shape = fields["bitches"]
        assert isinstance(shape, Subset)
        return {"bitches": [o.value for o in shape.options][: shape.max]}
    if request.action == "assign":
        shape = fields["attacks"]
        targets = [o.value for o in shape.targets]  # type: ignore[union-attr]
        return {"attacks": {o.value: targets[i % len(targets)] for i, o in enumerate(shape.items)}}  # type: ignore[union-attr]
    if request.action == "pickup":
        return {"card": _values(fields, "card")[0]}
    return None


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    if request.answer is None:
        return None
    bot = view["view"].get("bots", {}).get(seat, "heuristic")
    if bot == "random":
        return random_answer(view, seat, request, rng)
    return heuristic_answer(view, seat, request, rng)
