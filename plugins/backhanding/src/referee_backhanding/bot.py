"""Bots for Pimp: The Backhanding, reading only their seat's view and the request's shape.

- ``random``: a uniform choice of what the shape offers: a pimp (or pass) and a ho; each
  playable card played or kept at even odds, on a target its own list allows; any pimps
  to discard.
- ``heuristic``: keeps its best fighters back for backhanding, macks for the richest hos
  it can win, attacks the richest opposing ho it has a chance against, spends modifiers
  on the contests it is in (the richest first), plays every Dirty Trick where it hurts
  most (Snitch on the strongest rival, Pickpocket on the fullest hand, Frame-Up on the
  best idle fighter, Crooked Cop and Loaded Dice on its richest contest, Bail Out as soon
  as it can), and at the count raises its own hos or lowers the leader's.
- ``search``: looks ahead (``search``): tries the heuristic's placements and plays and
  others offered in possible tables built from what its seat sees, plays each to the end
  with heuristic pimps, and keeps the one that wins most often.

Where the heuristic's choice is not forced it draws from the seat's keyed generator: it
takes, at random, one of the options worth nearly as much as the best (a pimp within
``STAT_MARGIN`` of the strongest, a ho within ``MONEY_MARGIN`` of the richest), so that a
seat running this code on what it sees cannot tell which one it will take.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import referee
from referee import Assign, Pick, Subset, answers, hookimpl

from .game import bots_by_seat
from .rounds import PASS

RESERVE = 2
"""Pimps the heuristic bot keeps out of macking for backhanding, while opponents hold hos."""

STAT_MARGIN = 1
"""Macking or backhanding points by which a pimp may fall short of the best and still be chosen."""

MONEY_MARGIN = 3
"""Dollars by which a ho may be poorer than the richest and still be chosen."""


def near_best(options: list[str], value: Callable[[str], float], margin: float, rng: random.Random) -> str:
    """One of ``options`` worth at least the best value less ``margin``, at random."""
    best = max(value(o) for o in options)
    return rng.choice([o for o in options if value(o) >= best - margin])


def _cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every card the view shows, by id."""
    found: dict[str, dict[str, Any]] = {c["id"]: c for c in view["street"]}
    for p in view["players"]:
        for c in p["clan"] + p.get("hand", []):
            found[c["id"]] = c
        for h in p["hos"]:
            found[h["id"]] = h
            if h["protector"]:
                found[h["protector"]["id"]] = h["protector"]
    return found


def _me(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["name"] == seat)


def _values(request: referee.Request, name: str) -> list[str]:
    shape = (request.answer or {}).get(name)
    return [o.value for o in shape.options] if isinstance(shape, Pick) else []


def random_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    if request.action == "place":
        pimp = rng.choice(_values(request, "pimp"))
        return {"pimp": pimp} if pimp == PASS else {"pimp": pimp, "ho": rng.choice(_values(request, "ho"))}
    if request.action == "play":
        offered = _me(view, seat).get("may_play", {})
        answer: dict[str, Any] = {
            "plays": {card: rng.choice(targets) for card, targets in offered.items() if targets and rng.random() < 0.5}
        }
        return {**answer, **_defend(request, rng, lambda p: rng.random())}
    return answers.sample(dict(request.answer or {}), rng)


def _defend(request: referee.Request, rng: random.Random, strength: Callable[[str], float]) -> dict[str, Any]:
    """A defender for each attacked ho (``protector = "defender"``), the strongest pimps first,
    one pimp to a ho."""
    shape = (request.answer or {}).get("defend")
    if not isinstance(shape, Assign):
        return {}
    free = sorted((o.value for o in shape.targets), key=strength, reverse=True)
    return {"defend": {o.value: pimp for o, pimp in zip(shape.items, free)}}


# --- the heuristic bot ------------------------------------------------------------------------


def _place(view: dict[str, Any], seat: str, request: referee.Request, phase: str, rng: random.Random) -> dict[str, Any]:
    cards = _cards(view)
    pimps = [p for p in _values(request, "pimp") if p != PASS]
    hos = _values(request, "ho")
    if not pimps:
        return {"pimp": PASS}
    if phase == "macking":
        fighters = sorted(pimps, key=lambda p: (-cards[p]["backhanding"], rng.random()))
        keep = set(fighters[: min(RESERVE, len(pimps) - 1)])
        free = [p for p in pimps if p not in keep]
        if not free:
            return {"pimp": PASS}
        pimp = near_best(free, lambda p: cards[p]["macking"], STAT_MARGIN, rng)
        rivals = {c["ho"]: c for c in view["contests"] if c["phase"] == "macking"}

        def winnable(ho: str) -> bool:
            strongest = max((cards[p]["macking"] for s, p in rivals.get(ho, {}).get("pimps", {}).items() if s != seat), default=-9)
            return bool(cards[pimp]["macking"] + 2 >= strongest)

        fair = [h for h in hos if winnable(h)]
        return {"pimp": pimp, "ho": near_best(fair, lambda h: cards[h]["money"], MONEY_MARGIN, rng)} if fair else {"pimp": PASS}
    # Backhanding: a good fighter against a rich ho he has a fair chance against.  Where hos
    # have no protector of their own (protector = "defender"), keep a pimp back for each.
    guarded = [h for h in _me(view, seat)["hos"] if h["protector"] is None]
    if len(pimps) <= len(guarded):
        return {"pimp": PASS}
    pimp = near_best(pimps, lambda p: cards[p]["backhanding"], STAT_MARGIN, rng)
    protectors = {h["id"]: h for p in view["players"] for h in p["hos"]}
    # A ho without a protector of her own (protector = "defender") is guarded by a pimp her
    # holder picks later: reckon with an average one.
    fair = [
        h
        for h in hos
        if cards[pimp]["backhanding"] + 1 >= ((protectors[h]["protector"] or {}).get("backhanding", 3)) + protectors[h]["backhanding"]
    ]
    return {"pimp": pimp, "ho": near_best(fair, lambda h: cards[h]["money"], MONEY_MARGIN, rng)} if fair else {"pimp": PASS}


def _play(view: dict[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
    cards = _cards(view)
    me = _me(view, seat)
    hand = {c["id"]: c for c in me.get("hand", [])}
    offered: dict[str, list[str]] = me.get("may_play", {})
    players = {p["name"]: p for p in view["players"]}
    contests = {c["ho"]: c for c in view["contests"]}

    def money(target: str) -> int:
        return int(cards.get(target, {}).get("money", 0))

    def fought(ho: str) -> bool:
        c = contests.get(ho)
        return c is not None and (len(c["pimps"]) > 1 or bool(c["owner"]))

    plays: dict[str, str] = {}
    rivals = {p["name"]: p for p in view["players"] if p["name"] != seat}
    # Rivals level on money are equally the leader: which one is drawn, not the first seated.
    leader = rivals[near_best(list(rivals), lambda s: rivals[s]["money"], 0, rng)] if rivals else None
    for card, targets in offered.items():
        c = hand.get(card)
        if c is None or not targets:
            continue
        kind, effect = c["kind"], c.get("effect", "")
        if kind in ("macking", "backhanding"):
            contested = [t for t in targets if fought(t)]
            if contested:
                plays[card] = near_best(contested, money, MONEY_MARGIN, rng)
        elif kind == "value":
            mine = [t for t in targets if any(h["id"] == t for h in me["hos"])]
            theirs = [t for t in targets if leader is not None and any(h["id"] == t for h in leader["hos"])]
            if mine or theirs:
                plays[card] = near_best(mine or theirs, money, MONEY_MARGIN, rng)
        elif effect == "pickpocket":
            plays[card] = near_best(targets, lambda s: players[s]["hand_size"] if s in players else 0, 1, rng)
        elif effect in ("snitch", "frame-up"):
            stat = "macking" if view["contests"] and view["contests"][0]["phase"] == "macking" and effect == "snitch" else "backhanding"
            plays[card] = near_best(targets, lambda p, stat=stat: cards.get(p, {}).get(stat, 0), STAT_MARGIN, rng)
        elif effect in ("crooked-cop", "loaded-dice"):
            # Rig a fight of one's own first: the richest one.
            mine = [t for t in targets if t in contests and (seat in contests[t]["pimps"] or contests[t]["owner"] == seat)]
            plays[card] = near_best(mine or targets, money, MONEY_MARGIN, rng)
        else:
            plays[card] = rng.choice(targets)
    return {"plays": plays}


def heuristic_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    game = view["view"]
    if request.action == "place":
        return _place(game, seat, request, view["phase"], rng)
    if request.action == "play":
        cards = _cards(game)
        return {**_play(game, seat, rng), **_defend(request, rng, lambda p: cards[p]["backhanding"] + rng.random() / 2)}
    shape = (request.answer or {}).get("pimps")
    if request.action == "discard" and isinstance(shape, Subset):
        cards = _cards(game)
        # Equally weak pimps are let go in a random order: a tie is no tell.
        weakest = sorted((o.value for o in shape.options), key=lambda p: (cards[p]["macking"] + cards[p]["backhanding"], rng.random()))
        return {"pimps": weakest[: shape.min]}
    return answers.sample(dict(request.answer or {}), rng)


@hookimpl
def referee_bot_action(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any] | None:
    game = view.get("view") or {}
    if "players" not in game:
        return None
    kind = bots_by_seat(game.get("bots"), [seat])[seat]
    if kind == "random":
        return random_answer(game, seat, request, rng)
    if kind == "search":
        from .search import search_answer

        return search_answer(view, seat, request, rng)
    return heuristic_answer(view, seat, request, rng)
