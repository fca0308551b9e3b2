"""The ``search`` bot: a gangster who thinks ahead (``referee.lookahead``).

At each choice that offers more than one answer it builds possible tables from what its
seat sees (``possible_table``): the powers face down dealt again from those not seen, the
other guns' cards drawn from the bullet deck, the loot still to come shuffled from the
notes nobody holds, and the choices others have already made this step made again by the
heuristic bot.  In each it tries the heuristic's answers and the others the request
offers, the game is played to its end by heuristic gangsters, and it keeps the answer
that won most often (a shared win counts its share; a dead gangster wins nothing).
"""

from __future__ import annotations

import random
from typing import Any

import referee
from referee import Pick, RefereeError, lookahead
from referee.flow import advance
from referee.table import Action, Decision, decide, open_table

from .components import STANDARD, Components
from .loot import STAY_DOWN
from .nerve import BACK_DOWN, STAY_IN
from .state import CashNGuns, Round

ROLLOUTS = 48
"""Playouts per choice: each candidate answer is played out in ``ROLLOUTS // candidates``
possible tables (at least one)."""

CANDIDATES = 6
"""The most answers tried at one choice: the heuristic's own first."""

_PHASES = ("bullets", "aim", "late-aim", "late-bullet", "nerve", "showdown", "reload", "claim", "guns")
"""The steps of a round, in order (``game.FLOW``): a possible table is laid out as it was
when the step under way began."""


def _sample(rng: random.Random, deck: list[str], size: int) -> list[str]:
    """``size`` cards drawn from a gun's deck (more than the deck holds: the deck again)."""
    drawn: list[str] = []
    while len(drawn) < size:
        drawn += rng.sample(deck, min(len(deck), size - len(drawn)))
    return sorted(drawn)


def _loot(parts: Components, table: dict[str, Any], rng: random.Random) -> list[int]:
    """The notes still face down: those nobody holds and the pot does not show, shuffled."""
    left = parts.notes()
    for note in [n for g in table["gangsters"] for n in g["notes"]] + list(table["pot"]):
        if note in left:
            left.remove(note)
    rng.shuffle(left)
    return left[: table["loot_left"]]


def possible_table(rules: referee.Rules, view: dict[str, Any], seat: str, request_id: str, rng: random.Random) -> lookahead.World | None:
    """A whole table agreeing with everything ``view`` (``seat``'s) shows, with request
    ``request_id`` open for ``seat``; what the view hides drawn from ``rng``.  None when
    the rules open no such request in it (the view shows a step no possible table reaches)."""
    from .bot import heuristic_answer

    table = view["view"]
    phase = view.get("phase") or table.get("phase")
    if phase not in _PHASES or phase == "showdown":
        return None
    source = lookahead.world_source(rng)
    state, _ = open_table(rules, table_id="possible", seats=view["seats"], options={}, source=source, seed_commitment="")
    game: CashNGuns = state.game
    parts: Components = rules.hook.cashnguns_components(components=STANDARD) or STANDARD
    deck = parts.deck()
    # Powers: the seat's own and those face up as shown; the rest dealt again from the unseen.
    shown = {g["power"] for g in table["gangsters"] if g["power"]}
    unseen = [e.name for e in rules.extensions if e.kind == "power" and e.name not in shown]
    rng.shuffle(unseen)
    game.powers = {}
    for g in table["gangsters"]:
        gangster = game.gangsters[g["name"]]
        gangster.alive, gangster.wounds, gangster.shame = g["alive"], g["wounds"], g["shame"]
        gangster.notes, gangster.revealed = list(g["notes"]), g["power_revealed"]
        gangster.power = g["power"] or (unseen.pop() if g["power_dealt"] and unseen else None)
        if g["power"] and g.get("power_used"):
            game.powers[g["power"]] = {"used": True}
    game.rounds, game.pot, game.loot = table["rounds"], list(table["pot"]), _loot(parts, table, rng)
    # Guns: the seat's own as shown; another's cards drawn from the deck, as many as it holds.
    holders = table.get("holders", {})
    for gun in game.guns.values():
        gun.owner = holders.get(gun.id, gun.id)
    at = _PHASES.index(phase)
    waiting = set(view.get("waiting_for", []))
    r = Round(number=table["round"], step="bullets")
    r.sat_out = [g["name"] for g in table["gangsters"] if g["sat_out"]]
    r.cowards = list(table["cowards"])
    r.shown = dict(table["targets"])
    r.targets = {**r.shown, **({} if phase in ("aim", "late-aim") else table["my_targets"])}
    r.fired = dict(table["fired"])
    r.hits = {g["name"]: 1 for g in table["gangsters"] if g["hit"]}
    r.wounded_hits = dict(r.hits)
    r.wounds = {g["name"]: g["wounded_now"] for g in table["gangsters"] if g["wounded_now"]}
    r.dead = [g["name"] for g in table["gangsters"] if not g["alive"] and g["wounded_now"]]
    if at > _PHASES.index("nerve"):
        r.nerve = {n: n not in r.cowards for n in game.living() if n not in r.sat_out}
    if at > _PHASES.index("showdown"):
        r.discarded = _discarded(game, r, table, seat, view.get("requests", []), deck, rng)
    game.round = r
    by_name = {g["name"]: g for g in table["gangsters"]}
    for name, gangster in game.gangsters.items():
        guns = game.guns_of(name)
        # A gangster's bullet step: the first, or the late one (The Cunning revealed).
        step = _PHASES.index("late-bullet" if any(rules.hook.cashnguns_chooses_bullet_late(state=state, gangster=name)) else "bullets")
        if name == seat:
            for gun in guns:
                gun.bullets = list(table["my_guns"].get(gun.id, []))
                chosen = table["my_bullets"].get(gun.id)
                if chosen and at == step:
                    gun.bullets.append(chosen)  # chosen in this step: chosen again below
                elif chosen:
                    r.bullets[gun.id] = chosen
            continue
        # Chosen in this step already (not waiting): its card is back in hand, chosen again.
        held = by_name[name]["bullets_left"] + (len(guns) if at == step and name not in waiting and gangster.alive else 0)
        for number, gun in enumerate(guns):
            share = held // len(guns) + (1 if number < held % len(guns) else 0)
            gun.bullets = _sample(rng, deck, share) if share else []
        # Between its bullet step and the showdown, each of its guns holds a card face down.
        if step < at <= _PHASES.index("nerve") and gangster.alive and name not in r.sat_out:
            for gun in guns:
                if gun.id not in r.fired:
                    r.bullets[gun.id] = rng.choice(deck)
    flow = state.flow
    flow.round, flow.requests, flow.phase, flow.seat = table["round"], {}, None, None
    flow.ended = _PHASES[at - 1] if at else None
    decision = Decision(rules, state, source)
    assert rules.game.flow is not None, "Cash'n'Guns declares its rounds"
    advance(decision, rules.game.flow)
    if request_id not in flow.requests or state.over:
        return None
    # What was answered in this step already is answered again: the seat's own as it was,
    # everyone else's by the heuristic bot.
    own = {r["id"] for r in view.get("requests", [])}
    for _ in range(64):
        done = next(
            (q for q in flow.requests.values() if (q.seat == seat and q.id not in own) or (q.seat != seat and q.seat not in waiting)), None
        )
        if done is None:
            break
        args = (_own_answer(table, done) if done.seat == seat else None) or heuristic_answer(
            lookahead.seat_view(rules, state, done.seat), done.seat, done, rng
        )
        if not by_name[done.seat]["power_revealed"]:
            args = _revealing_nothing(args, done, rng)
        try:
            decide(rules, state, Action(done.seat, done.action, args, done.id), source)
        except RefereeError:
            return None
    if request_id not in flow.requests or state.over:
        return None
    return state, source


def _discarded(
    game: CashNGuns, r: Round, table: dict[str, Any], seat: str, requests: list[dict[str, Any]], deck: list[str], rng: random.Random
) -> dict[str, str]:
    """The cards discarded face down this round (gun -> card): which guns is public (every
    gun that had a card and did not fire it), the cards are drawn, but for the seat's own
    guns a reload offer tells: one offering a card to give up follows a Bang! Bang! Bang!."""
    offers = {str(q["id"]).split(".", 2)[-1]: q for q in requests if q["action"] == "reload"}
    found = {}
    for gun in game.guns.values():
        owner = game.gangsters[gun.owner]
        if gun.id in r.fired or owner.name in r.sat_out or not (owner.alive or owner.name in r.dead):
            continue
        offered = ((offers.get(gun.id) or {}).get("answer") or {}).get("discard") or {}
        if owner.name == seat and offered.get("options"):
            found[gun.id] = "bbb"
        elif owner.name == seat and owner.power == "the-specialist":
            found[gun.id] = rng.choice([card for card in deck if card != "bbb"] or deck)
        else:
            found[gun.id] = rng.choice(deck)
    return found


def _revealing_nothing(args: dict[str, Any], request: referee.Request, rng: random.Random) -> dict[str, Any]:
    """``args`` without using a power: a power used is shown to all, and the view shows
    this gangster's face down, so in this step it was not used."""
    if request.action == "reload" or request.action == "take-gun":
        return {}
    if request.action == "claim":
        return {"claim": STAY_DOWN}
    args = {name: value for name, value in args.items() if name != "reveal"}
    if request.action == "bullet" and "card" not in args:
        card = (request.answer or {})["card"]
        assert isinstance(card, Pick), "a bullet is picked"
        args["card"] = rng.choice([o.value for o in card.options])
    return args


def _own_answer(table: dict[str, Any], request: referee.Request) -> dict[str, Any] | None:
    gun = (request.id or "").split(".", 2)[-1]
    if request.action == "bullet" and gun in table["my_bullets"]:
        return {"card": table["my_bullets"][gun]}
    if request.action == "aim" and gun in table["my_targets"]:
        return {"target": table["my_targets"][gun]}
    if request.action == "nerve" and table.get("my_nerve") is not None:
        return {"nerve": STAY_IN if table["my_nerve"] else BACK_DOWN}
    return None


def search_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    from .bot import heuristic_answer

    return lookahead.search(
        view,
        seat,
        request,
        rng,
        heuristic=heuristic_answer,
        make_world=lambda rules, world_rng: possible_table(rules, view, seat, request.id or "", world_rng),
        rollouts=ROLLOUTS,
        most=CANDIDATES,
    )
