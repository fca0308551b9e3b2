"""The Setup: $300 and five cards to each studio, the youngest first; a mulligan for a
hand without a Star; the free placing of the opening hand's Stars (the two phases the
flow plays before the first round)."""

from __future__ import annotations

import referee
from referee import Decision, Flag, Subset

from .data import STANDARD, Tables
from .events import CardsListed, MulliganTaken, StarsPlaced, StudiosOpened
from .playcard import dealt
from .rulebook import HAND, R_MULLIGAN, R_ORDER, R_PLACING, R_SETUP, START_MONEY, asked
from .table import cards, draw, game_of, named, options_of, shuffle_deck


def set_up(decision: Decision) -> None:
    """Open the studios in seat order from the one who goes first, list the cards, shuffle
    them and deal each studio its hand."""
    seats = list(decision.seats)
    first = decision.options.get("first") or seats[0]
    at = seats.index(first)
    order = tuple(seats[at:] + seats[:at])
    listed: Tables = dealt(decision, decision.rules.hook.pornstar_tables(tables=STANDARD) or STANDARD)
    ids = listed.card_ids()
    decision.emit(StudiosOpened(money=START_MONEY, order=order, deck=len(ids)), rule=R_ORDER)
    decision.emit(CardsListed(tables=listed), rule=R_SETUP)
    shuffle_deck(decision, "the deck", ids)
    for seat in order:
        draw(decision, seat, HAND, rule=R_SETUP)


def offer_mulligans(decision: Decision) -> None:
    game = game_of(decision)
    known = cards(decision)
    for seat in game.order:
        if not any(c in known.stars for c in game.studios[seat].hand):
            decision.request(
                seat,
                "mulligan",
                f"{seat}: no Star in your opening hand. Discard it and draw five new cards?",
                answer={"mulligan": Flag()},
                rule=asked(R_MULLIGAN),
            )


def answer_mulligan(decision: Decision, action: referee.Action) -> None:
    if action.args.get("mulligan"):
        game = game_of(decision)
        decision.emit(MulliganTaken(seat=action.seat, returned=len(game.studios[action.seat].hand)), rule=R_MULLIGAN)
        shuffle_deck(decision, f"the deck, after {action.seat}'s mulligan")
        draw(decision, action.seat, HAND, rule=R_MULLIGAN)


def offer_placing(decision: Decision) -> None:
    game = game_of(decision)
    known = cards(decision)
    for seat in game.order:
        stars = [c for c in game.studios[seat].hand if c in known.stars]
        if stars:
            decision.request(
                seat,
                "place",
                f"{seat}: put any Stars of your opening hand face up, free (you refill your hand to five after).",
                answer={"stars": Subset(options_of(decision, stars, seat), label="Stars to put into play")},
                rule=asked(R_PLACING),
            )


def answer_placing(decision: Decision, action: referee.Action) -> None:
    stars = tuple(action.args.get("stars", ()))
    if stars:
        decision.emit(StarsPlaced(seat=action.seat, stars=stars, opening=True, names=named(decision, stars)), rule=R_PLACING)
        draw(decision, action.seat, HAND - len(game_of(decision).studios[action.seat].hand), rule=R_PLACING)
