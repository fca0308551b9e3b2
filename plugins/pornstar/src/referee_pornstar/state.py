"""The state of a PornStar table, and the only code that changes it (``evolve``).

Every card is in exactly one place: the deck, a studio's hand, a stable, a studio's
produced Films, a lot waiting for auction (or the one under the hammer), a Play card
lying on the table (``lasting``), the face-up discard pile, or the face-down pile of a
conceded studio's hand (``retired``).  Money moves only between studios and the bank;
``bank`` is what the bank has taken in less what it has paid out, so the studios' cash
plus ``bank`` is always the money they started with.
"""

from __future__ import annotations

import msgspec

from referee import ActionTaken, Event, TurnBegan

from .data import STANDARD, Tables
from .events import (
    AuctionOpened,
    BidMade,
    BidPassed,
    CardsDrawn,
    CardsListed,
    CardTaken,
    DealMade,
    DealProposed,
    DealRefused,
    DeckShuffled,
    FilmProduced,
    FinalRoundBegan,
    HandCardsPassed,
    LoanAsked,
    LoanDeclined,
    LoanMade,
    LoanOffered,
    MaintenancePaid,
    MulliganTaken,
    PlayCardDiscarded,
    PlayCardPlayed,
    ProductionChosen,
    ResidualsRolled,
    ScoresCounted,
    StarAuctioned,
    StarLost,
    StarRecruited,
    StarsPlaced,
    StarUnsold,
    StudioConceded,
    StudiosOpened,
)
from .events_replies import FilmPutUp, FilmReturned


class Studio(msgspec.Struct):
    name: str
    money: int = 0
    hand: list[str] = []
    stable: list[str] = []
    out: bool = False


class Produced(msgspec.Struct):
    """A Film on the table: who owns it (who rolls its Residuals), its cost and markers."""

    owner: str
    producer: str
    cost: int
    marker: int = 0
    wanked: int = 0
    award: bool = False


class Lasting(msgspec.Struct):
    kind: str
    seat: str
    target: str
    lasts: str


class Lot(msgspec.Struct):
    star: str
    from_seat: str
    reason: str


class Auction(msgspec.Struct):
    star: str
    from_seat: str
    opening: int
    bidders: list[str]
    high: int = 0
    leader: str = ""
    passed: list[str] = []
    last: str = ""
    """The last seat asked (the next asked is the one after it, in order)."""


class Deal(msgspec.Struct):
    deal: int
    proposer: str
    party: str
    give_money: int
    get_money: int
    give: list[str]
    get: list[str]
    rent: list[str]
    ask_cards: int
    terms: str


class Loan(msgspec.Struct):
    borrower: str
    lender: str
    dollars: int
    note: str = ""
    offered: bool = False
    demand: list[str] = []
    terms: str = ""


class PutUp(msgspec.Struct):
    """A Film put up on the table, waiting for the other studios' replies before its roll."""

    seat: str
    film: str
    stars: list[str]
    advertising: int
    replied: list[str] = []
    """The studios asked for their reply so far."""


class Chosen(msgspec.Struct):
    """What the studio in production chose to do next (``make-film``, ``play-card``,
    ``offer-deal``) and its subject (the Film, the Play card, the other studio)."""

    seat: str
    doing: str
    subject: str


class PornStar(msgspec.Struct):
    tables: Tables = STANDARD
    studios: dict[str, Studio] = {}
    order: list[str] = []
    deck: list[str] = []
    discard: list[str] = []
    retired: list[str] = []
    films: dict[str, Produced] = {}
    lasting: dict[str, Lasting] = {}
    lots: list[Lot] = []
    bank: int = 0
    """What the bank has taken in, less what it has paid out."""
    auction: Auction | None = None
    deal: Deal | None = None
    deals: int = 0
    """Deals made or refused: each gets the next number."""
    proposed: int = 0
    """Deals the studio whose turn it is has proposed this turn."""
    loan: Loan | None = None
    asked: list[str] = []
    """Lenders already asked by the studio now out of money (this time)."""
    used: dict[str, int] = {}
    """Star -> the Films it has appeared in this turn."""
    brought: list[str] = []
    """Stars brought into play from the hand this turn (no Maintenance for them); a Star
    that changes stable (recruited, bought at auction, traded, handed over for a loan) is
    not among them."""
    rented: dict[str, str] = {}
    """Star -> the studio renting it for one Film this turn."""
    chosen: Chosen | None = None
    """What the studio in production chose to do next: its open request is about this."""
    put_up: PutUp | None = None
    """The Film put up for all to see, rolled once every other studio has replied."""
    dealt: list[str] = []
    """The studios asked this turn whether they propose a deal (Wheelin' and Dealin')."""
    final: bool = False
    final_order: list[str] = []
    """The studios of the final round, in their order."""
    final_left: list[str] = []
    """Those of them yet to begin their last turn."""
    emptied: bool = False
    """Whether the final round began with the deck empty (and not at the round limit): a
    Star returned to the deck during it does not change why the game ends."""
    scores: dict[str, int] = {}

    def in_play(self) -> list[str]:
        return [s for s in self.order if not self.studios[s].out]

    def owner_of_star(self, star: str) -> str | None:
        return next((s.name for s in self.studios.values() if star in s.stable), None)

    def films_of(self, seat: str) -> list[str]:
        return [f for f, p in self.films.items() if p.owner == seat]

    def places(self) -> dict[str, list[str]]:
        """Where every card is (a card in two places, or in none, is a bug)."""
        found: dict[str, list[str]] = {}

        def put(card: str, where: str) -> None:
            found.setdefault(card, []).append(where)

        for card in self.deck:
            put(card, "deck")
        for s in self.studios.values():
            for card in s.hand:
                put(card, f"hand:{s.name}")
            for card in s.stable:
                put(card, f"stable:{s.name}")
        for card in self.films:
            put(card, "films")
        for card in self.discard:
            put(card, "discard")
        for card in self.retired:
            put(card, "retired")
        for card in self.lasting:
            put(card, "lasting")
        for lot in self.lots:
            put(lot.star, "lots")
        if self.auction is not None:
            put(self.auction.star, "auction")
        return found


def _pay(game: PornStar, seat: str, amount: int) -> None:
    """``seat`` pays ``amount`` to the bank (a negative amount: the bank pays)."""
    game.studios[seat].money -= amount
    game.bank += amount


def _take_star(game: PornStar, star: str) -> None:
    for s in game.studios.values():
        if star in s.stable:
            s.stable.remove(star)


def _transfer(game: PornStar, item: str, to: str) -> None:
    """A Star or a produced Film changes hands (its Play cards go with it)."""
    if item in game.films:
        game.films[item].owner = to
    else:
        _take_star(game, item)
        game.studios[to].stable.append(item)


def evolve(game: PornStar, event: Event) -> None:
    match event:
        case StudiosOpened():
            game.order = list(event.order)
            for seat in event.order:
                game.studios[seat] = Studio(name=seat, money=event.money)
        case CardsListed():
            game.tables = event.tables
        case DeckShuffled():
            game.deck = list(event.order)
        case CardsDrawn():
            _pay(game, event.seat, event.paid)
        case CardTaken():
            game.deck.remove(event.card)
            game.studios[event.seat].hand.append(event.card)
        case MulliganTaken():
            studio = game.studios[event.seat]
            game.deck.extend(studio.hand)
            studio.hand = []
        case StarsPlaced():
            studio = game.studios[event.seat]
            for star in event.stars:
                studio.hand.remove(star)
                studio.stable.append(star)
            if not event.opening:
                game.brought.extend(event.stars)
        case ResidualsRolled():
            game.films[event.film].wanked = event.wanked
            _pay(game, event.seat, -event.paid)
        case FilmPutUp():
            game.put_up = PutUp(seat=event.seat, film=event.film, stars=list(event.stars), advertising=event.advertising)
        case FilmReturned():
            game.put_up = None
        case ActionTaken(action="deal") if event.seat in game.studios:
            game.dealt.append(event.seat)
        case ActionTaken(action="reply") if game.put_up is not None:
            game.put_up.replied.append(event.seat)
        case FilmProduced():
            game.put_up = None
            studio = game.studios[event.seat]
            studio.hand.remove(event.film)
            _pay(game, event.seat, event.production_cost + event.filming_cost + event.advertising + event.lost - event.recovered)
            game.films[event.film] = Produced(
                owner=event.seat, producer=event.seat, cost=event.production_cost, marker=event.marker, award=event.award
            )
            for star in event.stars:
                game.used[star] = game.used.get(star, 0) + 1
                if star in event.rented:
                    game.rented.pop(star, None)
        case StarRecruited():
            _transfer(game, event.star, event.seat)
        case StarLost():
            _take_star(game, event.star)
            game.lots.append(Lot(star=event.star, from_seat=event.seat, reason=event.reason))
        case MaintenancePaid():
            _pay(game, event.seat, event.paid)
            for star in event.unpaid:
                _take_star(game, star)
                game.lots.append(Lot(star=star, from_seat=event.seat, reason="Maintenance not paid"))
        case AuctionOpened():
            game.lots = [lot for lot in game.lots if lot.star != event.star]
            game.auction = Auction(star=event.star, from_seat=event.from_seat, opening=event.opening, bidders=list(event.bidders))
        case BidMade():
            assert game.auction is not None
            game.auction.high, game.auction.leader, game.auction.last = event.dollars, event.seat, event.seat
        case BidPassed():
            assert game.auction is not None
            game.auction.passed.append(event.seat)
            game.auction.last = event.seat
        case StarAuctioned():
            game.auction = None
            _pay(game, event.seat, event.price)
            # Bought, not brought into play from the hand: it owes Maintenance like any
            # Star that changes stable (RULES.md, Maintaining Your Stars: one rule).
            game.studios[event.seat].stable.append(event.star)
        case StarUnsold():
            game.auction = None
            game.deck.append(event.star)
        case DealProposed():
            if event.proposer not in game.dealt:  # the studio in turn, from its production menu
                game.proposed += 1
            game.deal = Deal(
                deal=event.deal,
                proposer=event.proposer,
                party=event.party,
                give_money=event.give_money,
                get_money=event.get_money,
                give=list(event.give),
                get=list(event.get),
                rent=list(event.rent),
                ask_cards=event.ask_cards,
                terms=event.terms,
            )
        case DealRefused():
            game.deal = None
            game.deals += 1
        case DealMade():
            game.deal = None
            game.deals += 1
            _pay(game, event.proposer, event.give_money - event.get_money)
            _pay(game, event.party, event.get_money - event.give_money)
            for item in event.give:
                _transfer(game, item, event.party)
            for item in event.get:
                _transfer(game, item, event.proposer)
            for star in event.rent:
                game.rented[star] = event.proposer
        case HandCardsPassed():
            for card in event.cards:
                game.studios[event.from_seat].hand.remove(card)
                game.studios[event.to_seat].hand.append(card)
        case LoanAsked():
            game.asked.append(event.lender)
            game.loan = Loan(borrower=event.borrower, lender=event.lender, dollars=event.dollars, note=event.note)
        case LoanOffered():
            assert game.loan is not None
            game.loan.offered, game.loan.dollars = True, event.dollars
            game.loan.demand, game.loan.terms = list(event.demand), event.terms
        case LoanDeclined():
            game.loan = None
        case LoanMade():
            game.loan = None
            game.asked = []
            _pay(game, event.lender, event.dollars)
            _pay(game, event.borrower, -event.dollars)
            for item in event.demand:
                _transfer(game, item, event.lender)
        case StudioConceded():
            studio = game.studios[event.seat]
            studio.out = True
            game.asked = []
            game.retired.extend(studio.hand)
            studio.hand = []
            for film in game.films_of(event.seat):
                del game.films[film]
                game.discard.append(film)
            for star in studio.stable:
                game.lots.append(Lot(star=star, from_seat=event.seat, reason=f"{event.seat} conceded"))
            studio.stable = []
        case PlayCardPlayed():
            game.studios[event.seat].hand.remove(event.card)
            if event.lasts:
                game.lasting[event.card] = Lasting(kind=event.kind, seat=event.seat, target=event.target, lasts=event.lasts)
            else:
                game.discard.append(event.card)
        case PlayCardDiscarded():
            game.lasting.pop(event.card, None)
            game.discard.append(event.card)
        case FinalRoundBegan():
            game.final, game.final_order, game.final_left = True, list(event.order), list(event.order)
            game.emptied = not game.deck
        case ProductionChosen():
            game.chosen = Chosen(seat=event.seat, doing=event.doing, subject=event.subject)
        case ScoresCounted():
            game.scores = dict(event.total)
        case TurnBegan():
            game.used, game.brought, game.rented, game.proposed, game.chosen = {}, [], {}, 0, None
            game.dealt = []
            if game.final and event.seat in game.final_left:
                game.final_left.remove(event.seat)
