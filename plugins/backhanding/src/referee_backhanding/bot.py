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
"""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import Pick, Subset, answers, hookimpl

from .game import bots_by_seat
from .rounds import PASS

RESERVE = 2
"""Pimps the heuristic bot keeps out of macking for backhanding, while opponents hold hos."""


def _cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every card the view shows, by id."""
    found: dict[str, dict[str, Any]] = {c["id"]: c for c in view["street"]}
    for p in view["players"]:
        for c in p["clan"] + p.get("hand", []):
            found[c["id"]] = c
        for h in p["hos"]:
            found[h["id"]] = h
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
        return {"plays": {card: rng.choice(targets) for card, targets in offered.items() if targets and rng.random() < 0.5}}
    return answers.sample(dict(request.answer or {}), rng)


# --- the heuristic bot ------------------------------------------------------------------------


def _place(view: dict[str, Any], seat: str, request: referee.Request, phase: str) -> dict[str, Any]:
    cards = _cards(view)
    pimps = [p for p in _values(request, "pimp") if p != PASS]
    hos = _values(request, "ho")
    if phase == "macking":
        fighters = sorted(pimps, key=lambda p: -cards[p]["backhanding"])
        keep = set(fighters[: min(RESERVE, len(pimps) - 1)])
        free = sorted((p for p in pimps if p not in keep), key=lambda p: -cards[p]["macking"])
        if not free:
            return {"pimp": PASS}
        pimp = free[0]
        rivals = {c["ho"]: c for c in view["contests"] if c["phase"] == "macking"}
        best = None
        for ho in sorted(hos, key=lambda h: -cards[h]["money"]):
            strongest = max((cards[p]["macking"] for s, p in rivals.get(ho, {}).get("pimps", {}).items() if s != seat), default=-9)
            if cards[pimp]["macking"] + 2 >= strongest:
                best = ho
                break
        return {"pimp": pimp, "ho": best} if best else {"pimp": PASS}
    # Backhanding: the best fighter against the richest ho he has a fair chance against.
    pimp = max(pimps, key=lambda p: cards[p]["backhanding"])
    protectors = {h["id"]: h for p in view["players"] for h in p["hos"]}
    for ho in sorted(hos, key=lambda h: -cards[h]["money"]):
        defence = protectors[ho]["protector"]["backhanding"] + protectors[ho]["backhanding"]
        if cards[pimp]["backhanding"] + 1 >= defence:
            return {"pimp": pimp, "ho": ho}
    return {"pimp": PASS}


def _play(view: dict[str, Any], seat: str) -> dict[str, Any]:
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
    leader = max((p for p in view["players"] if p["name"] != seat), key=lambda p: p["money"], default=None)
    for card, targets in offered.items():
        c = hand.get(card)
        if c is None or not targets:
            continue
        kind, effect = c["kind"], c.get("effect", "")
        if kind in ("macking", "backhanding"):
            contested = [t for t in targets if fought(t)]
            if contested:
                plays[card] = max(contested, key=money)
        elif kind == "value":
            mine = [t for t in targets if any(h["id"] == t for h in me["hos"])]
            theirs = [t for t in targets if leader is not None and any(h["id"] == t for h in leader["hos"])]
            if mine:
                plays[card] = max(mine, key=money)
            elif theirs:
                plays[card] = max(theirs, key=money)
        elif effect == "pickpocket":
            plays[card] = max(targets, key=lambda s: players[s]["hand_size"] if s in players else 0)
        elif effect in ("snitch", "frame-up"):
            stat = "macking" if view["contests"] and view["contests"][0]["phase"] == "macking" and effect == "snitch" else "backhanding"
            plays[card] = max(targets, key=lambda p: cards.get(p, {}).get(stat, 0))
        elif effect in ("crooked-cop", "loaded-dice"):
            # Rig a fight of one's own first: the richest one.
            mine = [t for t in targets if t in contests and (seat in contests[t]["pimps"] or contests[t]["owner"] == seat)]
            plays[card] = max(mine or targets, key=money)
        else:
            plays[card] = targets[0]
    return {"plays": plays}


def heuristic_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    game = view["view"]
    if request.action == "place":
        return _place(game, seat, request, view["phase"])
    if request.action == "play":
        return _play(game, seat)
    shape = (request.answer or {}).get("pimps")
    if request.action == "discard" and isinstance(shape, Subset):
        cards = _cards(game)
        weakest = sorted((o.value for o in shape.options), key=lambda p: cards[p]["macking"] + cards[p]["backhanding"])
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
    return heuristic_answer(view, seat, request, rng)
