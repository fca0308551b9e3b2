"""The order of play and a studio's turn up to production.

Playing the Game: the turn order ("the youngest player goes first and play proceeds to
the left"), Residuals; Your Turn: the draw, Stars into play; and what ends a turn: Play
cards lasting the turn are discarded, and with the deck empty (or the round limit
reached) Victory!'s final round, "once more around the table", begins.

A studio that conceded during its own turn does nothing more in it: each step finds
nothing to do for it.
"""

from __future__ import annotations

import referee
from referee import Amount, Decision, Subset
from referee.words import money

from .events import FinalRoundBegan, PlayCardDiscarded, ResidualsRolled, StarsPlaced
from .rulebook import EXTRA_CARD, MOST_EXTRA, R_DRAW, R_FINAL, R_PLAY, R_RESIDUALS, R_STARS, asked
from .table import after, cards, draw, game_of, named, options_of, rotation, tables


def in_business(decision: Decision) -> str | None:
    """The studio whose turn it is, unless it has conceded."""
    seat = decision.flow.seat
    return seat if seat is not None and not game_of(decision).studios[seat].out else None


# --- the order of play -----------------------------------------------------------------------


def first_studio(decision: Decision) -> str | None:
    """Whose turn begins a round: the first studio in business in seat order, or in the
    final round the first still to have its last turn."""
    game = game_of(decision)
    if game.final:
        left = [s for s in game.final_left if not game.studios[s].out]
        return left[0] if left else None
    in_play = game.in_play()
    return in_play[0] if in_play else None


def following_studio(decision: Decision, seat: str) -> str | None:
    """Whose turn follows ``seat``'s in this round (None: the round is over)."""
    game = game_of(decision)
    if game.final:
        if len(game.final_left) == len(game.final_order):
            return None  # the final round has just been called: it is a round of its own
        left = [s for s in game.final_left if not game.studios[s].out]
        return left[0] if left else None
    following = after(game, seat)
    return None if game.order.index(following) <= game.order.index(seat) else following


def end_turn(decision: Decision) -> None:
    """Discard the Play cards lasting the turn; call the final round when the deck is
    empty, or when a round ends past the round limit."""
    game = game_of(decision)
    seat = decision.flow.seat or ""
    for card, lasting in list(game.lasting.items()):
        if lasting.lasts == "turn":
            decision.emit(
                PlayCardDiscarded(card=card, reason="the turn it was played in is over", names=named(decision, card)), rule=R_PLAY
            )
    in_play = game.in_play()
    if game.final or not in_play:
        return
    following = after(game, seat)
    new_round = game.order.index(following) <= game.order.index(seat)
    limit = int(decision.options.get("round_limit", 0))
    if not game.deck or (limit and new_round and decision.flow.round >= limit):
        order = [*rotation(game, seat)[1:], seat] if seat in in_play else rotation(game, following)
        decision.emit(FinalRoundBegan(order=tuple(order)), rule=R_FINAL)


# --- the turn ------------------------------------------------------------------------------


def roll_residuals(decision: Decision) -> None:
    seat = in_business(decision)
    if seat is None:
        return
    game = game_of(decision)
    t = tables(decision)
    known = cards(decision)
    for film in game.films_of(seat):
        produced = game.films[film]
        if produced.wanked >= 2:
            continue
        die = decision.roll(6, purpose=f"residuals of {known.name(film)}")
        bonus = sum(b or 0 for b in decision.rules.hook.pornstar_residual_bonus(state=decision.state, seat=seat, film=film))
        modifier = produced.marker + bonus
        amount = t.residual_amount(die + modifier)
        wanked = 0 if amount > 0 else min(2, produced.wanked + 1)
        decision.emit(
            ResidualsRolled(
                seat=seat,
                film=film,
                die=die,
                modifier=modifier,
                total=die + modifier,
                paid=amount,
                wanked=wanked,
                names=named(decision, film),
            ),
            rule=R_RESIDUALS,
        )


def offer_draw(decision: Decision) -> None:
    seat = in_business(decision)
    game = game_of(decision)
    if seat is None or game.final or not game.deck:
        return
    most = min(MOST_EXTRA, game.studios[seat].money // EXTRA_CARD, len(game.deck) - 1)
    if most <= 0:
        draw(decision, seat, 1)
        return
    decision.request(
        seat,
        "draw",
        f"{seat}: draw one card; up to {most} more at {money(EXTRA_CARD)} each?",
        answer={"extra": Amount(min=0, max=most, label="extra cards")},
        rule=asked(R_DRAW),
    )


def answer_draw(decision: Decision, action: referee.Action) -> None:
    extra = int(action.args.get("extra", 0))
    draw(decision, action.seat, 1 + extra, paid=EXTRA_CARD * extra)


def offer_stars(decision: Decision) -> None:
    seat = in_business(decision)
    if seat is None:
        return
    stars = [c for c in game_of(decision).studios[seat].hand if c in cards(decision).stars]
    if stars:
        decision.request(
            seat,
            "hire",
            f"{seat}: put Stars into play (at least one: you must if you can).",
            answer={"stars": Subset(options_of(decision, stars, seat), min=1, label="Stars to put into play")},
            rule=asked(R_STARS),
        )


def answer_stars(decision: Decision, action: referee.Action) -> None:
    stars = tuple(action.args["stars"])
    decision.emit(StarsPlaced(seat=action.seat, stars=stars, names=named(decision, stars)), rule=R_STARS)
