"""Everything that can happen at a PornStar table, as events (tags ``pornstar.*``).

Hidden things stay hidden by the visibility they are emitted with: a card taken into a
hand (``CardTaken``) is seen by its owner only, the deck's order (``DeckShuffled``) by
nobody, a deal's offer (``DealProposed``, ``HandCardsPassed``) by its parties only,
what a studio chose to do next in production (``ProductionChosen``) by that studio only.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import msgspec

from referee import Event
from referee.words import Words, count, listing, money

from .data import STANDARD, Tables

WANKED = ("in favour", "Wanked", "Wanked Out")
"""A Film's ``wanked`` marker in words."""

_ANYONE = Words()


@functools.cache
def _standard_names() -> dict[str, str]:
    from .play import TITLES  # the Play cards' module reads the table's state, which folds these events

    names = {s.id: s.name for s in STANDARD.stars} | {f.id: f.title for f in STANDARD.films}
    return names | {p.id: TITLES[p.kind][0] for p in STANDARD.plays if p.kind in TITLES}


def called(names: dict[str, str], card: str) -> str:
    """A card's name as an event carries it; an event of an older log carries none, and
    names the game's own cards as its card list does."""
    return names.get(card) or _standard_names().get(card) or "a card"


def called_all(names: dict[str, str], cards: Iterable[str]) -> str:
    return listing([called(names, c) for c in cards])


def clause(words: Words, seat: str, verb: str, rest: str) -> str:
    """A clause inside a sentence: "you pay $20", "Ann pays $20" (never "You" mid-sentence)."""
    return f"{words.name(seat)} {words.verb(seat, verb)} {rest}"


def _goes(items: Iterable[str]) -> str:
    return "goes" if len(list(items)) == 1 else "go"


class StudiosOpened(Event, tag="pornstar.StudiosOpened"):
    money: int
    order: tuple[str, ...]
    deck: int

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        order = words.names(self.order)
        return f"The studios open with {money(self.money)} each; {order} play in that order; the deck holds {count(self.deck, 'card')}"


class CardsListed(Event, tag="pornstar.CardsListed"):
    """The card list and roll tables this table plays with (public, as printed cards are)."""

    tables: Tables

    def describe(self, words: Words | None = None) -> str:
        t = self.tables
        return f"The table plays {count(len(t.stars), 'Star')}, {count(len(t.films), 'Film')} and {count(len(t.plays), 'Play card')}"


class DeckShuffled(Event, tag="pornstar.DeckShuffled"):
    """The deck, top card first, after a shuffle (seen by nobody until the game ends)."""

    order: tuple[str, ...]
    reason: str

    def describe(self, words: Words | None = None) -> str:
        return "The deck is shuffled" + self.reason.removeprefix("the deck")


class CardsDrawn(Event, tag="pornstar.CardsDrawn"):
    """``seat`` drew ``count`` cards, paying ``paid`` for the extra ones; ``left`` in the deck."""

    seat: str
    count: int
    paid: int
    left: int

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        paid = f", paying {money(self.paid)}" if self.paid else ""
        return words.says(self.seat, "draws", f"{count(self.count, 'card')}{paid}; {count(self.left, 'card')} left in the deck")


class CardTaken(Event, tag="pornstar.CardTaken"):
    """Which card ``seat`` took from the top of the deck (seen by ``seat`` only)."""

    seat: str
    card: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> its name, for every card named here (so the log names cards)."""

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "takes", called(self.names, self.card))


class MulliganTaken(Event, tag="pornstar.MulliganTaken"):
    """``seat``'s opening hand (no Star in it) went back into the deck."""

    seat: str
    returned: int

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "throws back", f"{words.possessive(self.seat)} opening hand, which has no Star")


class StarsPlaced(Event, tag="pornstar.StarsPlaced"):
    seat: str
    stars: tuple[str, ...]
    opening: bool = False
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        free = " (free, from the opening hand)" if self.opening else ""
        return words.says(self.seat, "puts", f"{called_all(self.names, self.stars)} into play{free}")


class ResidualsRolled(Event, tag="pornstar.ResidualsRolled"):
    seat: str
    film: str
    die: int
    modifier: int
    total: int
    paid: int
    wanked: int
    """0: in favour; 1: Wanked (turned sideways); 2: Wanked Out (turned over)."""
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        roll = f"{self.die}{self.modifier:+d} = {self.total}" if self.modifier else str(self.die)
        said = f"{called(self.names, self.film)} earns {words.name(self.seat)} {money(self.paid)} in Residuals (rolled {roll})"
        return said + ("" if not self.wanked else ": it has Wanked" if self.wanked == 1 else ": it has Wanked Out")


class FilmProduced(Event, tag="pornstar.FilmProduced"):
    seat: str
    film: str
    stars: tuple[str, ...]
    rented: tuple[str, ...]
    production_cost: int
    filming_cost: int
    advertising: int
    dice: tuple[int, int]
    specialty_bonus: int
    card_bonus: int
    total: int
    result: str
    recovered: int
    lost: int
    written_off: int
    marker: int
    award: bool
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        if self.recovered:
            outcome = f"{money(self.recovered)} back from the bank"
        else:
            outcome = f"{money(self.lost)} more lost" + (
                f" ({money(self.written_off)} beyond the cash is written off)" if self.written_off else ""
            )
        bonuses = [
            (self.specialty_bonus, "for the Specialty"),
            (self.advertising // 10, "for Advertising"),
            (self.card_bonus, "from Play cards"),
        ]
        added = "".join(f" {'-' if n < 0 else '+'} {abs(n)} {what}" for n, what in bonuses if n)
        roll = f"{self.dice[0]}+{self.dice[1]}{added} = {self.total}"
        spent = f"{money(self.production_cost)} + {money(self.filming_cost)} Filming" + (
            f" + {money(self.advertising)} Advertising" if self.advertising else ""
        )
        cast = called_all(self.names, self.stars)
        made = words.says(self.seat, "produces", f"{called(self.names, self.film)} with {cast} for {spent}")
        return f"{made}: {roll}, {self.result}: {outcome}"


class StarRecruited(Event, tag="pornstar.StarRecruited"):
    seat: str
    star: str
    from_seat: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "recruits", f"{called(self.names, self.star)} from {words.name(self.from_seat)}")


class StarLost(Event, tag="pornstar.StarLost"):
    """``star`` leaves ``seat``'s stable and goes up for auction."""

    seat: str
    star: str
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "loses", f"{called(self.names, self.star)} ({self.reason}), who goes up for auction")


class MaintenancePaid(Event, tag="pornstar.MaintenancePaid"):
    seat: str
    stars: tuple[str, ...]
    paid: int
    unpaid: tuple[str, ...]
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        kept = f" for {called_all(self.names, self.stars)}" if self.stars else ""
        unpaid = f"; {called_all(self.names, self.unpaid)} {_goes(self.unpaid)} up for auction" if self.unpaid else ""
        return words.says(self.seat, "pays", f"{money(self.paid)} Maintenance{kept}{unpaid}")


class AuctionOpened(Event, tag="pornstar.AuctionOpened"):
    star: str
    from_seat: str
    opening: int
    bidders: tuple[str, ...]
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        star = called(self.names, self.star)
        return f"{star}, once {words.possessive(self.from_seat)}, is up for auction: the opening bid is {money(self.opening)}"


class BidMade(Event, tag="pornstar.BidMade"):
    seat: str
    star: str
    dollars: int
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "bids", f"{money(self.dollars)} for {called(self.names, self.star)}")


class BidPassed(Event, tag="pornstar.BidPassed"):
    seat: str
    star: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "passes", f"on {called(self.names, self.star)}")


class StarAuctioned(Event, tag="pornstar.StarAuctioned"):
    star: str
    seat: str
    price: int
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "buys", f"{called(self.names, self.star)} for {money(self.price)}, paid to the bank")


class StarUnsold(Event, tag="pornstar.StarUnsold"):
    """Nobody bid: ``star`` goes back into the deck (a ``DeckShuffled`` follows)."""

    star: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        return f"Nobody bids for {called(self.names, self.star)}, who is shuffled back into the deck"


def deal_terms(
    words: Words,
    proposer: str,
    party: str,
    give_money: int,
    get_money: int,
    give: Iterable[str],
    get: Iterable[str],
    rent: Iterable[str],
    cards: str,
    terms: str,
    names: dict[str, str],
) -> str:
    """What a deal gives each side, in words for ``words``' reader ("Ann pays $20; Bob
    gives Rod Steele"); ``cards`` says what cards from hand change hands."""
    parts = [clause(words, proposer, "pays", money(give_money))] if give_money else []
    parts += [clause(words, party, "pays", money(get_money))] if get_money else []
    parts += [clause(words, proposer, "gives", called_all(names, give))] if list(give) else []
    parts += [clause(words, party, "gives", called_all(names, get))] if list(get) else []
    parts += [clause(words, party, "rents out", f"{called_all(names, rent)} for one Film")] if list(rent) else []
    parts += [cards] if cards else []
    parts += [f"terms: {terms}"] if terms else []
    return "; ".join(parts) or "nothing"


class DealProposed(Event, tag="pornstar.DealProposed"):
    deal: int
    proposer: str
    party: str
    give_money: int
    get_money: int
    give: tuple[str, ...]
    get: tuple[str, ...]
    rent: tuple[str, ...]
    ask_cards: int
    terms: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        asked = clause(words, self.party, "gives", f"{count(self.ask_cards, 'card')} from hand") if self.ask_cards else ""
        terms = deal_terms(
            words, self.proposer, self.party, self.give_money, self.get_money, self.give, self.get, self.rent, asked, self.terms, self.names
        )
        return words.says(self.proposer, "proposes", f"deal {self.deal} to {words.name(self.party)}: {terms}")


class DealRefused(Event, tag="pornstar.DealRefused"):
    deal: int
    proposer: str
    party: str

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.party, "refuses", f"deal {self.deal} from {words.name(self.proposer)}")


class DealMade(Event, tag="pornstar.DealMade"):
    """A deal every party accepted; hand cards are counted here and named in ``HandCardsPassed``."""

    deal: int
    proposer: str
    party: str
    give_money: int
    get_money: int
    give: tuple[str, ...]
    get: tuple[str, ...]
    rent: tuple[str, ...]
    cards_given: int
    cards_asked: int
    terms: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        passed = [clause(words, self.proposer, "hands over", f"{count(self.cards_given, 'card')} from hand")] if self.cards_given else []
        passed += [clause(words, self.party, "hands over", f"{count(self.cards_asked, 'card')} from hand")] if self.cards_asked else []
        terms = deal_terms(
            words,
            self.proposer,
            self.party,
            self.give_money,
            self.get_money,
            self.give,
            self.get,
            self.rent,
            "; ".join(passed),
            self.terms,
            self.names,
        )
        return f"Deal {self.deal} between {words.names([self.proposer, self.party])} is made: {terms}"


class HandCardsPassed(Event, tag="pornstar.HandCardsPassed"):
    from_seat: str
    to_seat: str
    cards: tuple[str, ...]
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.from_seat, "hands", f"{called_all(self.names, self.cards)} to {words.name(self.to_seat)}")


class LoanAsked(Event, tag="pornstar.LoanAsked"):
    borrower: str
    lender: str
    dollars: int
    note: str

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        note = f", offering: {self.note}" if self.note else ""
        broke = words.says(self.borrower, "is", "out of money")
        return f"{broke} and {words.verb(self.borrower, 'begs')} {words.name(self.lender)} for {money(self.dollars)}{note}"


def _handed(words: Words, borrower: str, demand: Iterable[str], names: dict[str, str]) -> str:
    return f", {words.name(borrower)} handing over {called_all(names, demand)}" if list(demand) else ""


class LoanOffered(Event, tag="pornstar.LoanOffered"):
    borrower: str
    lender: str
    dollars: int
    demand: tuple[str, ...]
    terms: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        terms = f"; terms: {self.terms}" if self.terms else ""
        handed = _handed(words, self.borrower, self.demand, self.names)
        return words.says(self.lender, "offers", f"{words.name(self.borrower)} {money(self.dollars)}{handed}{terms}")


class LoanDeclined(Event, tag="pornstar.LoanDeclined"):
    borrower: str
    lender: str
    by: str

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        if self.by == self.lender:
            return words.says(self.lender, "refuses", f"to lend to {words.name(self.borrower)}")
        return words.says(self.borrower, "turns down", f"the loan from {words.name(self.lender)}")


class LoanMade(Event, tag="pornstar.LoanMade"):
    borrower: str
    lender: str
    dollars: int
    demand: tuple[str, ...]
    terms: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        terms = f"; terms: {self.terms}" if self.terms else ""
        handed = _handed(words, self.borrower, self.demand, self.names)
        return words.says(self.lender, "lends", f"{words.name(self.borrower)} {money(self.dollars)}{handed}{terms}")


class StudioConceded(Event, tag="pornstar.StudioConceded"):
    seat: str

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return words.says(self.seat, "gives up:", f"{words.possessive(self.seat)} studio is out of business")


_DOING = {"make-film": "to produce", "play-card": "to play", "offer-deal": "to propose a deal to"}


class ProductionChosen(Event, tag="pornstar.ProductionChosen"):
    """What the studio in production chose to do next, and with what: the Film it casts,
    the Play card it aims, the studio it proposes a deal to.  Its next request is about
    this; seen by that studio only."""

    seat: str
    doing: str
    subject: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        subject = called(self.names, self.subject) if self.doing != "offer-deal" else words.name(self.subject)
        return words.says(self.seat, "chooses", f"{_DOING.get(self.doing, 'to ' + self.doing.replace('-', ' '))} {subject}")


class PlayCardPlayed(Event, tag="pornstar.PlayCardPlayed"):
    seat: str
    card: str
    kind: str
    title: str
    target: str
    lasts: str
    """"": discarded at once; "turn": until the end of this turn; "game": while its target stays."""
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        if not self.target:
            on = ""
        elif self.target in self.names or self.target in _standard_names():
            on = f" on {called(self.names, self.target)}"
        else:
            on = f" on {words.name(self.target)}"
        return words.says(self.seat, "plays", f"{self.title}{on}")


class PlayCardDiscarded(Event, tag="pornstar.PlayCardDiscarded"):
    card: str
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)

    def describe(self, words: Words | None = None) -> str:
        return f"{called(self.names, self.card)} is discarded: {self.reason}"


class FinalRoundBegan(Event, tag="pornstar.FinalRoundBegan"):
    order: tuple[str, ...]

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE
        return f"The last round: once more around the table ({words.names(self.order)}), with no draws and no Maintenance"


class ScoresCounted(Event, tag="pornstar.ScoresCounted"):
    cash: dict[str, int]
    films: dict[str, int]
    awards: dict[str, int]
    total: dict[str, int]

    def describe(self, words: Words | None = None) -> str:
        words = words or _ANYONE

        def one(seat: str, total: int) -> str:
            parts = [f"cash {money(self.cash.get(seat, 0))}", f"Films {money(self.films.get(seat, 0))}"]
            parts += [f"Adult Film of the Year {money(self.awards[seat])}"] if self.awards.get(seat) else []
            return f"{words.subject(seat)} {money(total)} ({', '.join(parts)})"

        ranked = sorted(self.total.items(), key=lambda item: -item[1])
        return "Final scores: " + "; ".join(one(seat, total) for seat, total in ranked)


EVENT_TYPES: tuple[type[Event], ...] = (
    StudiosOpened,
    CardsListed,
    DeckShuffled,
    CardsDrawn,
    CardTaken,
    MulliganTaken,
    StarsPlaced,
    ResidualsRolled,
    FilmProduced,
    StarRecruited,
    StarLost,
    MaintenancePaid,
    AuctionOpened,
    BidMade,
    BidPassed,
    StarAuctioned,
    StarUnsold,
    DealProposed,
    DealRefused,
    DealMade,
    HandCardsPassed,
    LoanAsked,
    LoanOffered,
    LoanDeclined,
    LoanMade,
    StudioConceded,
    ProductionChosen,
    PlayCardPlayed,
    PlayCardDiscarded,
    FinalRoundBegan,
    ScoresCounted,
)
