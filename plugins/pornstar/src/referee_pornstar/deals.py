"""Wheelin' and Dealin': "a player may make deals or trades with other players at any time".

Deals are proposed to one other studio at a time (money, Stars, Films, cards, Stars
rented for one Film, free-text terms) and take effect only when that studio accepts.
The studio in turn proposes from its production menu (up to ``DEALS_A_TURN``); every
other studio is asked once a turn, before production, whether it proposes one to anyone
(``offer_window``): the table never waits on a sealed answer of either party then."""

from __future__ import annotations

from typing import Any

import referee
from referee import Amount, Decision, Flag, IllegalAction, Option, Pick, Subset, Text
from referee.words import Words, count, listing, money

from .events import DealMade, DealProposed, DealRefused, HandCardsPassed, clause, deal_terms
from .rulebook import R_DEALS, R_PRODUCTION, asked
from .table import chosen, game_of, label, named, options_of, rotation
from .turn import in_business


def offer_deal(decision: Decision, seat: str, party: str) -> None:
    """Ask ``seat`` what it proposes to ``party`` (sealed: seen by it alone, and opened under
    the production menu's rule, as a cast or a target is: see ``production``)."""
    game = game_of(decision)
    mine, theirs = game.studios[seat], game.studios[party]
    offer = [*mine.stable, *game.films_of(seat), *mine.hand]
    ask = [*theirs.stable, *game.films_of(party)]
    rentable = [s for s in theirs.stable if not game.used.get(s, 0)]
    answer: dict[str, referee.Shape] = {
        "give_money": Amount(min=0, max=mine.money, optional=True, label="money you give"),
        "get_money": Amount(min=0, max=theirs.money, optional=True, label="money you get"),
        "give": Subset(options_of(decision, offer, seat), optional=True, label="Stars, Films and cards in hand you give"),
        "get": Subset(options_of(decision, ask, seat), optional=True, label="Stars and Films you get"),
        "rent": Subset(options_of(decision, rentable, seat), optional=True, label="their Stars you rent for one Film this turn"),
        "ask_cards": Amount(min=0, max=min(3, len(theirs.hand)), optional=True, label="cards from their hand (they choose)"),
        "terms": Text(optional=True, hint="promises the rules do not enforce, e.g. a 50-50 split of the Film's residuals", max_length=500),
    }
    decision.request(
        seat,
        "offer-deal",
        f"{seat}: propose a deal to {Words(seat).name(party)} (it takes effect only if {Words(seat).subject(party)} accepts);"
        " propose nothing to call it off.",
        answer=answer,
        sealed=True,
        rule=asked(R_PRODUCTION),
    )


def offer_window(decision: Decision) -> None:
    """Each studio but the one in turn, in seat order after it, is asked once a turn
    (sealed) whether it proposes a deal to any other studio: the ``dealing`` menu, before
    production.  It ends when every studio has been asked."""
    seat = in_business(decision)
    if seat is None:
        return
    game = game_of(decision)
    waiting = [s for s in rotation(game, seat)[1:] if s not in game.dealt]
    if not waiting:
        return
    proposer = waiting[0]
    mine = game.studios[proposer]
    partners = [s for s in game.in_play() if s != proposer]
    theirs = [item for s in partners for item in (*game.studios[s].stable, *game.films_of(s))]
    answer: dict[str, referee.Shape] = {
        "with": Pick(tuple(Option(s, s) for s in partners), optional=True, label="the studio you propose to (none: no deal)"),
        "give_money": Amount(min=0, max=mine.money, optional=True, label="money you give"),
        "get_money": Amount(min=0, max=max(game.studios[s].money for s in partners), optional=True, label="money you get"),
        "give": Subset(
            options_of(decision, [*mine.stable, *game.films_of(proposer), *mine.hand], proposer),
            optional=True,
            label="Stars, Films and cards in hand you give",
        ),
        "get": Subset(options_of(decision, theirs, proposer), optional=True, label="their Stars and Films you get"),
        "ask_cards": Amount(min=0, max=3, optional=True, label="cards from their hand (they choose)"),
        "terms": Text(optional=True, hint="promises the rules do not enforce, e.g. a share of a Film's residuals", max_length=500),
    }
    decision.request(
        proposer,
        "deal",
        f"{proposer}: before {Words(proposer).name(seat)} produces, propose a deal to any studio (it takes effect only if"
        " that studio accepts), or none.",
        answer=answer,
        sealed=True,
        rule=asked(R_DEALS),
    )


def answer_window(decision: Decision, action: referee.Action) -> None:
    """The deal a studio proposes out of turn, put to the studio it names; none: it passes."""
    party = str(action.args.get("with") or "")
    offered = _offered(action.args)
    if not any(offered[:6]):
        return  # no deal this turn
    if not party:
        raise IllegalAction("name the studio you propose the deal to", asked(R_DEALS))
    game = game_of(decision)
    theirs = game.studios[party]
    owned = {*theirs.stable, *game.films_of(party)}
    stray = [item for item in offered[3] if item not in owned]
    if stray:
        raise IllegalAction(f"{listing([label(decision, i, action.seat) for i in stray])}: not {party}'s to give", asked(R_DEALS))
    if offered[1] > theirs.money:
        raise IllegalAction(f"{party} has {money(theirs.money)}, not {money(offered[1])}", asked(R_DEALS))
    if offered[5] > len(theirs.hand):
        raise IllegalAction(f"{party} holds {count(len(theirs.hand), 'card')}", asked(R_DEALS))
    propose(decision, action.seat, party, *offered)


def _offered(args: dict[str, Any]) -> tuple[int, int, tuple[str, ...], tuple[str, ...], tuple[str, ...], int, str]:
    """A proposal's fields: money given, money asked, items given, items asked, Stars rented,
    cards asked from the other's hand, terms."""
    return (
        int(args.get("give_money", 0)),
        int(args.get("get_money", 0)),
        tuple(args.get("give", ())),
        tuple(args.get("get", ())),
        tuple(args.get("rent", ())),
        int(args.get("ask_cards", 0)),
        str(args.get("terms", "")).strip(),
    )


def answer_offer(decision: Decision, action: referee.Action) -> None:
    """The proposal of the studio in production, put to the other party; proposing nothing
    calls the deal off."""
    offered = _offered(action.args)
    if not any(offered[:6]):
        return  # called off before it was made
    propose(decision, action.seat, chosen(decision, "offer-deal"), *offered)


def propose(
    decision: Decision,
    seat: str,
    party: str,
    give_money: int,
    get_money: int,
    give: tuple[str, ...],
    get: tuple[str, ...],
    rent: tuple[str, ...],
    ask_cards: int,
    terms: str,
) -> None:
    """Put ``seat``'s proposal to ``party`` (seen by the two of them) and ask ``party`` to answer."""
    if set(get) & set(rent):
        raise IllegalAction("a Star is either bought or rented, not both", asked(R_DEALS))
    game = game_of(decision)
    number = game.deals + 1
    decision.emit(
        DealProposed(
            deal=number,
            proposer=seat,
            party=party,
            give_money=give_money,
            get_money=get_money,
            give=give,
            get=get,
            rent=rent,
            ask_cards=ask_cards,
            terms=terms,
            names=named(decision, give, get, rent),
        ),
        rule=R_DEALS,
        visible_to=[seat, party],
    )
    answer: dict[str, referee.Shape] = {"accept": Flag(label="accept the deal")}
    if ask_cards:
        answer["cards"] = Subset(
            options_of(decision, game.studios[party].hand, party), min=ask_cards, max=ask_cards, optional=True, label="the cards you give"
        )
    decision.request(
        party,
        "answer-deal",
        f"{party}: {Words(party).says(seat, 'proposes', f'deal {number}')}: {describe_deal(decision, game.deal, Words(party))}. Accept?",
        answer=answer,
        sealed=True,
        rule=asked(R_DEALS),
    )


def describe_deal(decision: Decision, deal: Any, words: Words | None = None) -> str:
    """What ``deal`` gives each side, in words for ``words``' reader (a spectator's by default)."""
    words = words or Words()
    asked = clause(words, deal.party, "gives", count(deal.ask_cards, "card") + " from hand") if deal.ask_cards else ""
    names = named(decision, deal.give, deal.get, deal.rent)
    return deal_terms(
        words, deal.proposer, deal.party, deal.give_money, deal.get_money, deal.give, deal.get, deal.rent, asked, deal.terms, names
    )


def answer_deal(decision: Decision, action: referee.Action) -> None:
    game = game_of(decision)
    deal = game.deal
    if deal is None:
        raise IllegalAction("no deal is waiting for an answer", asked(R_DEALS))
    given_back = tuple(action.args.get("cards", ()))
    if not action.args.get("accept"):
        decision.emit(
            DealRefused(deal=deal.deal, proposer=deal.proposer, party=deal.party), rule=R_DEALS, visible_to=[deal.proposer, deal.party]
        )
        return
    if len(given_back) != deal.ask_cards:
        raise IllegalAction(f"accepting gives {count(deal.ask_cards, 'card')} from your hand: choose them", asked(R_DEALS))
    mine, theirs = game.studios[deal.proposer], game.studios[deal.party]
    if deal.give_money > mine.money or deal.get_money > theirs.money:
        raise IllegalAction("the money of the deal is no longer there", asked(R_DEALS))
    hand = tuple(c for c in deal.give if c in mine.hand)
    public_give = tuple(c for c in deal.give if c not in hand)
    decision.emit(
        DealMade(
            deal=deal.deal,
            proposer=deal.proposer,
            party=deal.party,
            give_money=deal.give_money,
            get_money=deal.get_money,
            give=public_give,
            get=tuple(deal.get),
            rent=tuple(deal.rent),
            cards_given=len(hand),
            cards_asked=len(given_back),
            terms=deal.terms,
            names=named(decision, public_give, deal.get, deal.rent),
        ),
        rule=R_DEALS,
    )
    if hand:
        decision.emit(
            HandCardsPassed(from_seat=deal.proposer, to_seat=deal.party, cards=hand, names=named(decision, hand)),
            rule=R_DEALS,
            visible_to=[deal.proposer, deal.party],
        )
    if given_back:
        decision.emit(
            HandCardsPassed(from_seat=deal.party, to_seat=deal.proposer, cards=given_back, names=named(decision, given_back)),
            rule=R_DEALS,
            visible_to=[deal.proposer, deal.party],
        )
