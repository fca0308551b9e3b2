"""PornStar as a Referee game: its declaration, its flow, and what each answer means.

The flow is declared (``FLOW``) and the kernel runs it.  Before the first round, The
Setup's two phases: ``mulligan``, ``placing``.  Each round is a pass around the table;
each turn's phases are

    residuals -> draw -> stars -> dealing (a menu) -> production (a menu) -> maintenance

and what the rules settle as soon as it arises (``settle``: the auction under way, the
next lot, a studio out of money, the game's end when one studio is left) is asked before
the flow goes on, after which the turn resumes where it was.  The rules themselves live
in one module per part of the rulebook: ``opening`` (The Setup), ``turn`` (the order of
play, Residuals, the draw, Stars into play), ``production`` (Producing a Film, Play
Cards), ``deals`` (Wheelin' and Dealin'), ``maintenance`` (Maintaining Your Stars, the
Auction), ``cashflow`` (Cashflow Problems), ``victory`` (Victory!).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import msgspec

import referee
from referee import Decision, Event, Game, Menu, Phase, Rounds, Turns, hookimpl
from referee._deprecation import moved_names
from referee.bots import bots_by_seat as by_seat
from referee.bots import check_kinds, check_seats

from . import cashflow, dealing, deals, hookspecs, maintenance, opening, production, rulebook, turn, victory
from .bot import BOT_KINDS, DEFAULT_BOT
from .events import EVENT_TYPES
from .events_replies import EVENT_TYPES as REPLY_EVENT_TYPES
from .rulebook import START_MONEY
from .state import PornStar, evolve
from .table import game_of

_HERE = Path(__file__).parent


class Options(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    first: str = ""
    """The seat that goes first: the youngest player ("" : the first seat listed)."""

    round_limit: int = 30
    """After this many rounds the last round begins even if the deck is not empty (0: no
    limit).  Unsold Stars go back into the deck, so a table where nobody keeps or buys
    Stars could otherwise draw for ever."""

    bots: str | list[str] | dict[str, str] = DEFAULT_BOT
    """Which bot plays a seat the table lets bots play: one kind for every seat
    ("heuristic", "random"), kinds in seat order (a list, or a comma-separated string
    such as "heuristic,random"), or a mapping of seat to kind (seats left out get
    "heuristic").  It chooses nothing for a seat a person plays."""

    def __post_init__(self) -> None:
        if self.round_limit < 0:
            raise ValueError("round_limit cannot be negative (0: no limit)")
        check_kinds(self.bots, BOT_KINDS)


def bots_by_seat(options: dict[str, Any], seats: Iterable[str]) -> dict[str, str]:
    """Each seat's bot kind, from the table option ``bots`` (checked at setup)."""
    return by_seat(options.get("bots", DEFAULT_BOT), seats, DEFAULT_BOT)


def _check_options(options: dict[str, Any], seats: list[str]) -> None:
    check_seats(options.get("bots", DEFAULT_BOT), seats)
    first = options.get("first", "")
    if first and first not in seats:
        raise referee.RefereeError(f"option first names {first!r}, who has no seat (seats: {', '.join(seats)})")


SUMMARY = (
    "Studios of smut: put Stars under contract, produce Films on 2d6, collect Residuals, "
    "auction the Stars you cannot keep, deal and borrow; the richest studio when the deck runs out wins. "
    "The card list, the Residual Rolls table and the Production Rolls table are lost: "
    "those played here are the project's own design (DATA.md), as are the ten Play cards."
)


def settle(decision: Decision) -> None:
    """What cannot wait, in this order: the game's end with one studio left in business,
    the Film put up (the next studio's reply; once all have replied, its roll, or back to
    the hand),
    the auction under way, the next lot, a studio out of money."""
    while not decision.flow.requests and not decision.state.over:
        game = game_of(decision)
        if victory.end_if_alone(decision):
            return
        if game.put_up is not None:
            production.settle_put_up(decision)
        elif game.auction is not None:
            maintenance.next_bid(decision)
        elif game.lots:
            maintenance.open_auction(decision)
        elif broke := cashflow.broke_studio(decision):
            cashflow.ask_cashflow(decision, broke)
        else:
            return


TURN = Turns(
    first=turn.first_studio,
    following=turn.following_studio,
    phases=(
        Phase("residuals", begin=turn.roll_residuals),
        Phase("draw", begin=turn.offer_draw),
        Phase("stars", begin=turn.offer_stars),
        Menu("dealing", begin=deals.offer_window),
        Menu("production", begin=production.offer_production),
        Phase("maintenance", begin=maintenance.offer_maintenance),
    ),
    end=turn.end_turn,
    ends=victory.end_if_over,
)
OPENING = (Phase("mulligan", begin=opening.offer_mulligans), Phase("placing", begin=opening.offer_placing))
FLOW = Rounds(opening=OPENING, turns=TURN, ends=victory.end_if_over, settle=settle)
TURN_PHASES = tuple(phase.name for phase in TURN.phases)
OPENING_PHASES = tuple(phase.name for phase in OPENING)


@hookimpl
def referee_games() -> list[Game]:
    return [
        Game(
            name="pornstar",
            title="PornStar",
            min_seats=2,
            max_seats=6,
            summary=SUMMARY,
            options=Options,
            hookspecs=[hookspecs],
            rules_document=str(_HERE / "RULES.md"),
            scenarios=str(_HERE / "scenarios"),
            events=(*EVENT_TYPES, *REPLY_EVENT_TYPES),
            initial_state=lambda opened: PornStar(),
            evolve=_evolve,
            flow=FLOW,
            deals=dealing.positions,
            reveals=rulebook.REVEALS,
        )
    ]


def _evolve(state: referee.TableState, event: Event) -> None:
    evolve(state.game, event)


@hookimpl
def referee_setup(decision: Decision) -> bool:
    _check_options(decision.options, list(decision.seats))
    opening.set_up(decision)
    return True


ANSWERS: dict[str, Callable[[Decision, referee.Action], None]] = {
    "mulligan": opening.answer_mulligan,
    "place": opening.answer_placing,
    "draw": turn.answer_draw,
    "hire": turn.answer_stars,
    "production": production.answer_production,
    "shoot": production.answer_shoot,
    "reply": production.answer_reply,
    "recruit": production.answer_recruit,
    "aim": production.answer_aim,
    "maintenance": maintenance.answer_maintenance,
    "bid-for-star": maintenance.answer_bid,
    "offer-deal": deals.answer_offer,
    "deal": deals.answer_window,
    "answer-deal": deals.answer_deal,
    "cashflow": cashflow.answer_cashflow,
    "lend-money": cashflow.answer_lend,
    "loan-terms": cashflow.answer_loan_terms,
}
"""What each request's answer means, by the request's action (the words on the wire)."""


@hookimpl
def referee_decide(decision: Decision, action: referee.Action) -> bool | None:
    answer = ANSWERS.get(action.action)
    if answer is None:
        return None
    answer(decision, action)
    return True


_MOVED = {
    "tables": "table",
    "Cards": "table",
    "cards": "table",
    "specialties": "table",
    "star_uses": "table",
    "usable_stars": "table",
    "producible": "table",
    "legal_targets": "table",
    "playable": "table",
    "shuffle_deck": "table",
    "draw": "table",
    "play_card": "production",
    "describe_deal": "deals",
    "lenders": "cashflow",
    "concede": "cashflow",
    "maintenance_due": "maintenance",
    "minimum_bid": "maintenance",
    "scores": "victory",
    "end_game": "victory",
    **dict.fromkeys(["HAND", "EXTRA_CARD", "MOST_EXTRA", "AD_STEP", "MOST_AD", "DEALS_A_TURN"], "rulebook"),
    **dict.fromkeys((name for name in vars(rulebook) if name.startswith("R_")), "rulebook"),
}


__getattr__ = moved_names(
    __name__,
    {name: f"{__package__}.{module}.{name}" for name, module in _MOVED.items()},
    notes={name: " (or referee_pornstar.api, for cards)" for name, module in _MOVED.items() if module == "table"},
)


__all__ = [
    "ANSWERS",
    "FLOW",
    "OPENING",
    "OPENING_PHASES",
    "START_MONEY",
    "TURN",
    "TURN_PHASES",
    "Options",
    "bots_by_seat",
    "referee_decide",
    "referee_games",
    "referee_setup",
    "settle",
]
