"""The influence test: bringing in an escort whose name another pimp's escort already has."""

from __future__ import annotations

import referee
from referee import Amount, Decision

from .common import activity_as, cost, game_of, influence, named
from .draws import plan, power
from .events import BidsRevealed, BitchBroughtIntoPlay, BitchRetired, InfluenceBid, InfluenceTestDecided, MoneyOnBitch
from .state import InfluenceTest


def _test(d: Decision) -> InfluenceTest:
    a = activity_as(d, InfluenceTest)
    return a


def influence_step(d: Decision) -> None:
    game = game_of(d)
    a = _test(d)
    challenger, holder = a.challenger, a.holder
    if a.bids is None:
        price = cost(d, challenger, a.card)
        for pimp, most in ((challenger, game.pimps[challenger].influence - price), (holder, game.pimps[holder].influence)):
            asked = any(r.seat == pimp and r.action == "bid" for r in d.flow.requests.values())
            if game.pimps[pimp].bid is None and not asked:
                d.request(
                    pimp,
                    "bid",
                    f"{pimp}, influence test for {game.cards[a.card].shown}: how many influence tokens do you secretly select?",
                    answer={"tokens": Amount(min=0, max=max(most, 0), label="influence tokens selected")},
                    sealed=True,
                    id=f"t{d.flow.turn}.bid.{pimp}",
                    rule="escorts: the influence test",
                )
        if d.flow.requests:
            return
        d.emit(
            BidsRevealed(bids={challenger: game.pimps[challenger].bid or 0, holder: game.pimps[holder].bid or 0}),
            rule="escorts: the influence test",
        )
    bids = a.bids
    assert bids is not None
    if a.purpose != "influence":
        order = sorted((challenger, holder), key=lambda p: (bids[p], p != challenger))
        plan(d, "influence", [(p, f"influence:{p}", f"the influence test for {game.cards[a.card].shown}") for p in order])
        return
    totals = {p: bids[p] + power(d, f"influence:{p}") for p in (challenger, holder)}
    if totals[challenger] != totals[holder]:
        winner = max(totals, key=lambda p: totals[p])
    elif bids[challenger] != bids[holder]:
        winner = max(bids, key=lambda p: bids[p])
    else:
        winner = holder
    card, held = a.card, a.held
    d.emit(
        InfluenceTestDecided(challenger=challenger, holder=holder, name=game.cards[card].shown, bids=bids, totals=totals, winner=winner),
        rule="escorts: the influence test",
    )
    for pimp in (challenger, holder):
        influence(d, pimp, -bids[pimp], "influence test tokens", "escorts: the influence test")
    if winner == challenger:
        carried = game.on_bitch.get(held, 0)
        if carried:
            d.emit(named(d, MoneyOnBitch(card=held, change=-carried, money=0, reason="defected")), rule="escorts: if you win")
        d.emit(BitchRetired(pimp=holder, card=game.cards[held], to="retired", reason="lost an influence test"), rule="escorts: if you win")
        price = cost(d, challenger, card)
        d.emit(BitchBroughtIntoPlay(pimp=challenger, card=game.cards[card], cost=price), rule="escorts: if you win")
        influence(d, challenger, -price, f"brought {game.cards[card].shown} into play", "escorts: if you win")
        if carried:
            d.emit(
                named(d, MoneyOnBitch(card=card, change=carried, money=carried, reason="defected with her cash")),
                rule="escorts: if you win",
            )
    else:
        d.emit(
            BitchRetired(pimp=challenger, card=game.cards[card], to="retired", reason="lost an influence test"), rule="escorts: if you lose"
        )


def answer_bid(d: Decision, action: referee.Action) -> None:
    d.emit(InfluenceBid(pimp=action.seat, tokens=int(action.args["tokens"])), rule="escorts: the influence test", visible_to=[action.seat])
