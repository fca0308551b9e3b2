"""Cashflow Problems: a studio that runs completely out of money begs a loan, on the
lender's terms, or gives up; a studio that gives up is out of business, its Stars go to
auction."""

from __future__ import annotations

import referee
from referee import Amount, Decision, Flag, IllegalAction, Option, Pick, Subset, Text
from referee.words import Words, money

from .events import LoanAsked, LoanDeclined, LoanMade, LoanOffered, PlayCardDiscarded, StudioConceded, called_all
from .rulebook import R_CASH, asked
from .state import PornStar
from .table import game_of, named, options_of, rotation


def broke_studio(decision: Decision) -> str | None:
    game = game_of(decision)
    if not decision.flow.round:
        return None
    first = decision.flow.seat if decision.flow.seat in game.order else game.order[0]
    return next((s for s in rotation(game, first) if game.studios[s].money <= 0), None)


def lenders(game: PornStar, seat: str) -> list[str]:
    return [s for s in game.in_play() if s != seat and game.studios[s].money > 0 and s not in game.asked]


def ask_cashflow(decision: Decision, seat: str) -> None:
    game = game_of(decision)
    others = lenders(game, seat)
    doing = ([Option("ask-loan", "beg a studio for a loan")] if others else []) + [Option("give-up", "concede: you have lost the game")]
    answer: dict[str, referee.Shape] = {"do": Pick(tuple(doing), label="what to do")}
    if others:
        answer["lender"] = Pick(
            tuple(Option(s, f"{s} ({money(game.studios[s].money)})") for s in others), optional=True, label="the lender"
        )
        answer["amount"] = Amount(min=1, optional=True, label="the loan asked for")
        answer["note"] = Text(optional=True, hint="what you offer in return", max_length=500)
    decision.request(
        seat,
        "cashflow",
        f"{seat}: you have run completely out of money. Beg for a loan, or concede.",
        answer=answer,
        rule=asked(R_CASH),
    )


def answer_cashflow(decision: Decision, action: referee.Action) -> None:
    seat = action.seat
    if action.args["do"] == "give-up":
        concede(decision, seat)
        return
    lender, amount = action.args.get("lender"), action.args.get("amount")
    if not lender or not amount:
        raise IllegalAction("name the lender and the amount", asked(R_CASH))
    game = game_of(decision)
    decision.emit(LoanAsked(borrower=seat, lender=lender, dollars=int(amount), note=str(action.args.get("note", ""))), rule=R_CASH)
    collateral = [*game.studios[seat].stable, *game.films_of(seat)]
    answer: dict[str, referee.Shape] = {
        "lend": Flag(label="lend the money"),
        "amount": Amount(min=1, max=game.studios[lender].money, optional=True, label="how much (default: what was asked, if you have it)"),
        "terms": Text(optional=True, hint="your conditions, e.g. repay $60 within three turns", max_length=500),
    }
    if collateral:
        answer["demand"] = Subset(options_of(decision, collateral, lender), optional=True, label="Stars and Films they must hand over")
    decision.request(
        lender,
        "lend-money",
        f"{lender}: {Words(lender).says(seat, 'is', 'out of money')} and begs you for {money(int(amount))}. Lend, on your terms?",
        answer=answer,
        rule=asked(R_CASH),
    )


def answer_lend(decision: Decision, action: referee.Action) -> None:
    game = game_of(decision)
    loan = game.loan
    assert loan is not None
    if not action.args.get("lend"):
        decision.emit(LoanDeclined(borrower=loan.borrower, lender=loan.lender, by=loan.lender), rule=R_CASH)
        return
    amount = int(action.args.get("amount") or min(loan.dollars, game.studios[loan.lender].money))
    demand = tuple(action.args.get("demand", ()))
    terms = str(action.args.get("terms", ""))
    decision.emit(
        LoanOffered(borrower=loan.borrower, lender=loan.lender, dollars=amount, demand=demand, terms=terms, names=named(decision, demand)),
        rule=R_CASH,
    )
    handed = f", you handing over {called_all(named(decision, demand), demand)}" if demand else ""
    decision.request(
        loan.borrower,
        "loan-terms",
        f"{loan.borrower}: {Words(loan.borrower).says(loan.lender, 'lends', money(amount))}{handed}"
        + (f"; terms: {terms}" if terms else "")
        + ". Accept?",
        answer={"accept": Flag(label="accept the loan")},
        rule=asked(R_CASH),
    )


def answer_loan_terms(decision: Decision, action: referee.Action) -> None:
    loan = game_of(decision).loan
    assert loan is not None
    if action.args.get("accept"):
        decision.emit(
            LoanMade(
                borrower=loan.borrower,
                lender=loan.lender,
                dollars=loan.dollars,
                demand=tuple(loan.demand),
                terms=loan.terms,
                names=named(decision, loan.demand),
            ),
            rule=R_CASH,
        )
    else:
        decision.emit(LoanDeclined(borrower=loan.borrower, lender=loan.lender, by=loan.borrower), rule=R_CASH)


def concede(decision: Decision, seat: str) -> None:
    game = game_of(decision)
    films = set(game.films_of(seat))
    for card, lasting in list(game.lasting.items()):
        if lasting.target in films:
            decision.emit(PlayCardDiscarded(card=card, reason=f"{seat} gave up", names=named(decision, card)), rule=R_CASH)
    for rid, request in list(decision.flow.requests.items()):
        if request.seat == seat:
            decision.withdraw(rid, f"{seat} conceded", rule=asked(R_CASH))
    decision.emit(StudioConceded(seat=seat), rule=R_CASH)
