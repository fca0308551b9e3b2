"""Maintaining Your Stars, and the Auction.

Maintenance: the studio pays for the Stars it keeps among those not filmed and not
brought into play this turn (none in the final round); the rest become lots.  The Auction:
every lot (a Star not maintained, one lost by a Production roll or a Play card, those of a
studio that gave up) is auctioned around the table as soon as it arises, before play goes
on; an unsold Star is shuffled back into the deck.
"""

from __future__ import annotations

import referee
from referee import Amount, Decision, IllegalAction, Option, Subset
from referee.words import Words, money

from .events import AuctionOpened, BidMade, BidPassed, MaintenancePaid, PlayCardDiscarded, StarAuctioned, StarUnsold
from .faces import copy_words, remark
from .rulebook import R_AUCTION, R_MAINTENANCE, asked
from .state import PornStar
from .table import cards, game_of, label, named, rotation, shuffle_deck
from .turn import in_business


def maintenance_due(decision: Decision, seat: str) -> dict[str, int]:
    """Stars of ``seat`` not used in a Film and not brought into play this turn, with their cost."""
    game = game_of(decision)
    known = cards(decision)
    due = {}
    for star in game.studios[seat].stable:
        if game.used.get(star, 0) or star in game.brought:
            continue
        cost = known.stars[star].maintenance
        found = decision.rules.hook.pornstar_maintenance(state=decision.state, seat=seat, star=star, cost=cost)
        due[star] = cost if found is None else int(found)
    return due


def offer_maintenance(decision: Decision) -> None:
    game = game_of(decision)
    seat = in_business(decision)
    if seat is None or game.final:
        return
    due = maintenance_due(decision, seat)
    if not due:
        return
    if not any(due.values()):
        decision.emit(MaintenancePaid(seat=seat, stars=tuple(due), paid=0, unpaid=(), names=named(decision, due)), rule=R_MAINTENANCE)
        return
    known = cards(decision)
    options = tuple(Option(s, known.name(s) + remark(copy_words(known.copy(s)), money(cost))) for s, cost in due.items())
    decision.request(
        seat,
        "maintenance",
        f"{seat}: pay Maintenance for the Stars you keep ({money(game.studios[seat].money)} in hand); the rest go up for auction.",
        answer={"keep": Subset(options, label="the Stars to keep")},
        rule=asked(R_MAINTENANCE),
    )


def answer_maintenance(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    due = maintenance_due(decision, seat)
    keep = [s for s in due if s in action.args.get("keep", ())]
    amount = sum(due[s] for s in keep)
    cash = game_of(decision).studios[seat].money
    if amount > cash:
        raise IllegalAction(f"keeping them costs {money(amount)}; {seat} has {money(cash)}", asked(R_MAINTENANCE))
    unpaid = tuple(s for s in due if s not in keep)
    decision.emit(MaintenancePaid(seat=seat, stars=tuple(keep), paid=amount, unpaid=unpaid, names=named(decision, due)), rule=R_MAINTENANCE)


# --- the Auction ---------------------------------------------------------------------------


def open_auction(decision: Decision) -> None:
    game = game_of(decision)
    lot = game.lots[0]
    opening = cards(decision).stars[lot.star].maintenance
    bidders = tuple(s for s in rotation(game, lot.from_seat) if s != lot.from_seat)
    decision.emit(
        AuctionOpened(star=lot.star, from_seat=lot.from_seat, opening=opening, bidders=bidders, names=named(decision, lot.star)),
        rule=R_AUCTION,
    )


def minimum_bid(game: PornStar) -> int:
    auction = game.auction
    assert auction is not None
    return auction.high + 1 if auction.leader else auction.opening


def next_bid(decision: Decision) -> None:
    game = game_of(decision)
    auction = game.auction
    assert auction is not None
    least = minimum_bid(game)
    bidders = auction.bidders
    start = bidders.index(auction.last) + 1 if auction.last in bidders else 0
    for seat in bidders[start:] + bidders[:start]:
        if seat in auction.passed or seat == auction.leader or game.studios[seat].out or game.studios[seat].money < max(least, 1):
            continue
        decision.request(
            seat,
            "bid-for-star",
            f"{seat}: {label(decision, auction.star, seat)} is up for auction; "
            + (
                f"{Words(seat).says(auction.leader, 'bids', money(auction.high))}."
                if auction.leader
                else f"the opening bid is {money(auction.opening)}."
            )
            + " Bid (money to the bank) or leave it out to pass for good.",
            answer={"bid": Amount(min=least, max=game.studios[seat].money, optional=True, label="your bid")},
            rule=asked(R_AUCTION),
        )
        return
    if auction.leader:
        decision.emit(
            StarAuctioned(star=auction.star, seat=auction.leader, price=auction.high, names=named(decision, auction.star)), rule=R_AUCTION
        )
        return
    for card, lasting in list(game.lasting.items()):
        if lasting.target == auction.star:
            decision.emit(
                PlayCardDiscarded(card=card, reason="its Star went back into the deck", names=named(decision, card)), rule=R_AUCTION
            )
    decision.emit(StarUnsold(star=auction.star, names=named(decision, auction.star)), rule=R_AUCTION)
    shuffle_deck(decision, "the deck, with an unsold Star shuffled back")


def answer_bid(decision: Decision, action: referee.Action) -> None:
    game = game_of(decision)
    assert game.auction is not None
    if "bid" in action.args:
        star = game.auction.star
        decision.emit(BidMade(seat=action.seat, star=star, dollars=int(action.args["bid"]), names=named(decision, star)), rule=R_AUCTION)
    else:
        decision.emit(BidPassed(seat=action.seat, star=game.auction.star, names=named(decision, game.auction.star)), rule=R_AUCTION)
