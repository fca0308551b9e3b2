"""The ``search`` bot: a pimp who thinks ahead (``referee.lookahead``).

At a placement or a step of sealed plays it builds possible tables from what its seat
sees (``possible_table``): every card it sees where it sees it, the cards it does not see
shuffled into the other hands (as many as each holds) and the decks (as many as each
holds, each card to its own deck), and the plays others have already chosen this step
chosen again by the heuristic bot.  In each it tries the heuristic's answers and others
the request offers, the game is played to its end by heuristic pimps, and it keeps the
answer that won most often (a shared win counts its share).  Its discards (setup, the
limit of 7) are the heuristic's.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

import referee
from referee import Pick, RefereeError, lookahead
from referee.table import Action, Decision, decide, open_table

from .common import STEPS
from .rounds import PASS, open_plays
from .state import Backhanding, Contest

ROLLOUTS = 32
"""Playouts per choice: each candidate answer is played out in ``ROLLOUTS // candidates``
possible tables (at least one)."""

CANDIDATES = 6
"""The most answers tried at one choice: the heuristic's own first."""


def _seen(table: dict[str, Any], seat: str) -> set[str]:
    """Every card the view shows where it is."""
    seen = {c["id"] for c in table["street"]} | set(table["discard"]) | set(table["temporary"]) | set(table["eliminated"])
    seen |= {card for _, card, _ in table["played"]}
    for p in table["players"]:
        seen |= {c["id"] for c in p["clan"]} | {c["id"] for c in p.get("hand", [])}
        for h in p["hos"]:
            seen.add(h["id"])
            if h["protector"]:
                seen.add(h["protector"]["id"])
    return seen


def possible_table(
    rules: referee.Rules, view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random
) -> lookahead.World | None:
    """A whole table agreeing with everything ``view`` (``seat``'s) shows, with ``request``
    open for ``seat``; what the view hides drawn from ``rng``.  None where the view shows
    what no possible table of these cards holds."""
    from .bot import heuristic_answer

    table = view["view"]
    phase = view.get("phase")
    source = lookahead.world_source(rng)
    state, _ = open_table(
        rules, table_id="possible", seats=view["seats"], options=dict(table.get("options", {})), source=source, seed_commitment=""
    )
    game: Backhanding = state.game
    by_deck: dict[str, list[str]] = {"pimp": [], "ho": [], "draw": []}
    seen = _seen(table, seat)
    for card in sorted(game.cards):
        if card not in seen:
            by_deck[game.cards[card].deck].append(card)
    for cards in by_deck.values():
        rng.shuffle(cards)
    # Draw pimps join a clan when dealt: a hand holds the other Draw cards only.
    handable = [c for c in by_deck["draw"] if not game.cards[c].is_pimp]
    undealt = [c for c in by_deck["draw"] if game.cards[c].is_pimp]
    players = {p["name"]: p for p in table["players"]}
    game.seats = list(view["seats"])
    game.hands = {}
    for name in game.seats:
        p = players[name]
        if "hand" in p:
            game.hands[name] = [c["id"] for c in p["hand"]]
        else:
            if len(handable) < p["hand_size"]:
                return None
            game.hands[name], handable = handable[: p["hand_size"]], handable[p["hand_size"] :]
    draws = handable + undealt
    rng.shuffle(draws)
    decks = table["decks"]
    if (len(by_deck["pimp"]), len(by_deck["ho"]), len(draws)) != (decks["pimps"], decks["hos"], decks["draws"]):
        return None
    game.pimp_deck, game.ho_deck, game.draw_deck = by_deck["pimp"], by_deck["ho"], draws
    game.street = [c["id"] for c in table["street"]]
    game.clans = {name: [c["id"] for c in players[name]["clan"]] for name in game.seats}
    game.hos = {name: {h["id"]: (h["protector"] or {}).get("id", "") for h in players[name]["hos"]} for name in game.seats}
    game.spent = [c["id"] for p in table["players"] for c in p["clan"] if c["spent"]]
    game.discard, game.temporary, game.eliminated = list(table["discard"]), list(table["temporary"]), list(table["eliminated"])
    game.temporary_owner = {c["id"]: c["owner"] for c in table["piles"]["temporary"] if c["owner"]}
    game.first, game.order = table["first"], list(table["order"])
    game.passed = [p["name"] for p in table["players"] if p["passed"]]
    game.played = [(s, c, t) for s, c, t in table["played"]]
    game.contests = {
        c["ho"]: Contest(ho=c["ho"], phase=c["phase"], pimps=dict(c["pimps"]), owner=c["owner"], effects=[(s, e) for s, e in c["effects"]])
        for c in table["contests"]
    }
    game.offered, game.chosen, game.defending, game.recruiters = {}, {}, {}, {}
    flow = state.flow
    flow.round, flow.turn, flow.seat, flow.phase, flow.ended = view["round"], view["turn"], view["active"], phase, None
    flow.requests = {}
    if request.action == "place":
        # A placement is one seat's turn: the request is the one the view shows, nobody else's is open.
        flow.requests[request.id] = msgspec.convert(msgspec.to_builtins(request), referee.Request)
        return state, source
    if request.action != "play" or phase not in STEPS:
        return None
    open_plays(Decision(rules, state, source))
    if request.id not in flow.requests:
        return None
    # The plays others chose this step already are chosen again, by the heuristic.
    for done in [q for q in flow.requests.values() if q.seat != seat and players[q.seat]["chose"]]:
        args = heuristic_answer(lookahead.seat_view(rules, state, done.seat), done.seat, done, rng)
        try:
            decide(rules, state, Action(done.seat, done.action, args, done.id), source)
        except RefereeError:
            return None
    return (state, source) if request.id in flow.requests else None


def _placements(request: referee.Request, rng: random.Random) -> list[dict[str, Any]]:
    """Placements the rules take (a pimp beside a ho, or a pass naming none), in an order
    drawn from ``rng``."""
    fields = request.answer or {}
    pimp, ho = fields["pimp"], fields.get("ho")
    assert isinstance(pimp, Pick) and (ho is None or isinstance(ho, Pick)), "a placement picks a pimp and a ho"
    pimps = [o.value for o in pimp.options if o.value != PASS]
    hos = [o.value for o in ho.options] if ho is not None else []
    found = [{"pimp": pimp, "ho": ho} for pimp in pimps for ho in hos]
    rng.shuffle(found)
    return [*found[: 2 * CANDIDATES], {"pimp": PASS}]


def search_answer(view: dict[str, Any], seat: str, request: referee.Request, rng: random.Random) -> dict[str, Any]:
    from .bot import heuristic_answer

    if request.action not in ("place", "play"):
        # Only where pimps go and which cards are played is searched; the rest is the heuristic's.
        return heuristic_answer(view, seat, request, lookahead.spawn(rng))
    return lookahead.search(
        view,
        seat,
        request,
        rng,
        heuristic=heuristic_answer,
        make_world=lambda rules, world_rng: possible_table(rules, view, seat, request, world_rng),
        rollouts=ROLLOUTS,
        most=CANDIDATES,
        more=lambda: _placements(request, rng) if request.action == "place" else [],
    )
