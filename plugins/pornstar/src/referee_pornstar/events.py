"""Everything that can happen at a PornStar table, as events (tags ``pornstar.*``).

Hidden things stay hidden by the visibility they are emitted with: a card taken into a
hand (``CardTaken``) is seen by its owner only, the deck's order (``DeckShuffled``) by
nobody, a deal's offer (``DealProposed``, ``HandCardsPassed``) by its parties only,
what a studio chose to do next in production (``ProductionChosen``) by that studio only.
"""

from __future__ import annotations

from referee import Event

from .data import Tables

WANKED = ("in favour", "Wanked", "Wanked Out")
"""A Film's ``wanked`` marker in words."""


class StudiosOpened(Event, tag="pornstar.StudiosOpened"):
    money: int
    order: tuple[str, ...]
    deck: int

    def describe(self) -> str:
        return f"studios open with ${self.money} each; {', '.join(self.order)} in that order; {self.deck} cards"


class CardsListed(Event, tag="pornstar.CardsListed"):
    """The card list and roll tables this table plays with (public, as printed cards are)."""

    tables: Tables

    def describe(self) -> str:
        t = self.tables
        return f"the table plays {len(t.stars)} Stars, {len(t.films)} Films and {len(t.plays)} Play cards"


class DeckShuffled(Event, tag="pornstar.DeckShuffled"):
    """The deck, top card first, after a shuffle (seen by nobody until the game ends)."""

    order: tuple[str, ...]
    reason: str

    def describe(self) -> str:
        return f"{self.reason}: shuffled"


class CardsDrawn(Event, tag="pornstar.CardsDrawn"):
    """``seat`` drew ``count`` cards, paying ``paid`` for the extra ones; ``left`` in the deck."""

    seat: str
    count: int
    paid: int
    left: int

    def describe(self) -> str:
        paid = f" (paying ${self.paid})" if self.paid else ""
        return f"{self.seat} draws {self.count}{paid}; {self.left} left in the deck"


class CardTaken(Event, tag="pornstar.CardTaken"):
    """Which card ``seat`` took from the top of the deck (seen by ``seat`` only)."""

    seat: str
    card: str

    def describe(self) -> str:
        return f"{self.seat} takes {self.card}"


class MulliganTaken(Event, tag="pornstar.MulliganTaken"):
    """``seat``'s opening hand (no Star in it) went back into the deck."""

    seat: str
    returned: int

    def describe(self) -> str:
        return f"{self.seat} has no Star and throws back the opening hand"


class StarsPlaced(Event, tag="pornstar.StarsPlaced"):
    seat: str
    stars: tuple[str, ...]
    opening: bool = False

    def describe(self) -> str:
        return f"{self.seat} puts {', '.join(self.stars)} into play" + (" (free, from the opening hand)" if self.opening else "")


class ResidualsRolled(Event, tag="pornstar.ResidualsRolled"):
    seat: str
    film: str
    die: int
    modifier: int
    total: int
    paid: int
    wanked: int
    """0: in favour; 1: Wanked (turned sideways); 2: Wanked Out (turned over)."""

    def describe(self) -> str:
        return f"{self.seat}'s {self.film}: residuals roll {self.die}{self.modifier:+d} = {self.total}: ${self.paid}" + (
            f", {WANKED[self.wanked]}" if self.wanked else ""
        )


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

    def describe(self) -> str:
        money = (
            f"recovers ${self.recovered}"
            if self.recovered
            else f"loses ${self.lost} more" + (f" (${self.written_off} it does not have is written off)" if self.written_off else "")
        )
        return (
            f"{self.seat} produces {self.film} with {', '.join(self.stars)} for ${self.production_cost} + ${self.filming_cost}"
            f" (advertising ${self.advertising}): {self.dice[0]}+{self.dice[1]}+{self.total - sum(self.dice)} = {self.total},"
            f" {self.result}: {money}"
        )


class StarRecruited(Event, tag="pornstar.StarRecruited"):
    seat: str
    star: str
    from_seat: str

    def describe(self) -> str:
        return f"{self.seat} recruits {self.star} from {self.from_seat}"


class StarLost(Event, tag="pornstar.StarLost"):
    """``star`` leaves ``seat``'s stable and goes up for auction."""

    seat: str
    star: str
    reason: str

    def describe(self) -> str:
        return f"{self.seat} loses {self.star} ({self.reason}): it goes up for auction"


class MaintenancePaid(Event, tag="pornstar.MaintenancePaid"):
    seat: str
    stars: tuple[str, ...]
    paid: int
    unpaid: tuple[str, ...]

    def describe(self) -> str:
        unpaid = f"; {', '.join(self.unpaid)} go(es) up for auction" if self.unpaid else ""
        return f"{self.seat} pays ${self.paid} Maintenance" + unpaid


class AuctionOpened(Event, tag="pornstar.AuctionOpened"):
    star: str
    from_seat: str
    opening: int
    bidders: tuple[str, ...]

    def describe(self) -> str:
        return f"auction of {self.star} (from {self.from_seat}): opening bid ${self.opening}"


class BidMade(Event, tag="pornstar.BidMade"):
    seat: str
    star: str
    dollars: int

    def describe(self) -> str:
        return f"{self.seat} bids ${self.dollars} for {self.star}"


class BidPassed(Event, tag="pornstar.BidPassed"):
    seat: str
    star: str

    def describe(self) -> str:
        return f"{self.seat} passes on {self.star}"


class StarAuctioned(Event, tag="pornstar.StarAuctioned"):
    star: str
    seat: str
    price: int

    def describe(self) -> str:
        return f"{self.seat} buys {self.star} for ${self.price} (to the bank)"


class StarUnsold(Event, tag="pornstar.StarUnsold"):
    """Nobody bid: ``star`` goes back into the deck (a ``DeckShuffled`` follows)."""

    star: str

    def describe(self) -> str:
        return f"nobody bids for {self.star}: it is shuffled back into the deck"


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

    def describe(self) -> str:
        return f"{self.proposer} proposes deal {self.deal} to {self.party}"


class DealRefused(Event, tag="pornstar.DealRefused"):
    deal: int
    proposer: str
    party: str

    def describe(self) -> str:
        return f"{self.party} refuses deal {self.deal}"


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

    def describe(self) -> str:
        return f"deal {self.deal} between {self.proposer} and {self.party} is made" + (f"; terms: {self.terms}" if self.terms else "")


class HandCardsPassed(Event, tag="pornstar.HandCardsPassed"):
    from_seat: str
    to_seat: str
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.from_seat} hands {', '.join(self.cards)} to {self.to_seat}"


class LoanAsked(Event, tag="pornstar.LoanAsked"):
    borrower: str
    lender: str
    dollars: int
    note: str

    def describe(self) -> str:
        return f"{self.borrower} is broke and begs {self.lender} for ${self.dollars}"


class LoanOffered(Event, tag="pornstar.LoanOffered"):
    borrower: str
    lender: str
    dollars: int
    demand: tuple[str, ...]
    terms: str

    def describe(self) -> str:
        return f"{self.lender} offers {self.borrower} ${self.dollars}" + (f" on terms: {self.terms}" if self.terms else "")


class LoanDeclined(Event, tag="pornstar.LoanDeclined"):
    borrower: str
    lender: str
    by: str

    def describe(self) -> str:
        return f"the loan from {self.lender} to {self.borrower} is declined by {self.by}"


class LoanMade(Event, tag="pornstar.LoanMade"):
    borrower: str
    lender: str
    dollars: int
    demand: tuple[str, ...]
    terms: str

    def describe(self) -> str:
        return f"{self.lender} lends {self.borrower} ${self.dollars}" + (f"; terms: {self.terms}" if self.terms else "")


class StudioConceded(Event, tag="pornstar.StudioConceded"):
    seat: str

    def describe(self) -> str:
        return f"{self.seat} gives up: the studio is out of business"


class ProductionChosen(Event, tag="pornstar.ProductionChosen"):
    """What the studio in production chose to do next, and with what: the Film it casts,
    the Play card it aims, the studio it proposes a deal to.  Its next request is about
    this; seen by that studio only."""

    seat: str
    doing: str
    subject: str

    def describe(self) -> str:
        return f"{self.seat} chooses to {self.doing.replace('-', ' ')}: {self.subject}"


class PlayCardPlayed(Event, tag="pornstar.PlayCardPlayed"):
    seat: str
    card: str
    kind: str
    title: str
    target: str
    lasts: str
    """"": discarded at once; "turn": until the end of this turn; "game": while its target stays."""

    def describe(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"{self.seat} plays {self.title}, card {self.card}{on}"


class PlayCardDiscarded(Event, tag="pornstar.PlayCardDiscarded"):
    card: str
    reason: str

    def describe(self) -> str:
        return f"{self.card} is discarded: {self.reason}"


class FinalRoundBegan(Event, tag="pornstar.FinalRoundBegan"):
    order: tuple[str, ...]

    def describe(self) -> str:
        return f"the deck is empty: once more around the table ({', '.join(self.order)}), without Maintenance"


class ScoresCounted(Event, tag="pornstar.ScoresCounted"):
    cash: dict[str, int]
    films: dict[str, int]
    awards: dict[str, int]
    total: dict[str, int]

    def describe(self) -> str:
        return "final scores: " + ", ".join(f"{s} {n}" for s, n in self.total.items())


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
