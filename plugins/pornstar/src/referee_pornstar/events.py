"""Everything that can happen at a PornStar table, as events (tags ``pornstar.*``).

Hidden things stay hidden by the visibility they are emitted with: a card taken into a
hand (``CardTaken``) is seen by its owner only, the deck's order (``DeckShuffled``) by
nobody, a deal's offer (``DealProposed``, ``HandCardsPassed``) by its parties only.
"""

from __future__ import annotations

from referee import Event

from .data import Tables


class StudiosOpened(Event, tag="pornstar.StudiosOpened"):
    money: int
    order: tuple[str, ...]
    deck: int


class CardsListed(Event, tag="pornstar.CardsListed"):
    """The card list and roll tables this table plays with (public, as printed cards are)."""

    tables: Tables


class DeckShuffled(Event, tag="pornstar.DeckShuffled"):
    """The deck, top card first, after a shuffle (seen by nobody until the game ends)."""

    order: tuple[str, ...]
    reason: str


class CardsDrawn(Event, tag="pornstar.CardsDrawn"):
    """``seat`` drew ``count`` cards, paying ``paid`` for the extra ones; ``left`` in the deck."""

    seat: str
    count: int
    paid: int
    left: int


class CardTaken(Event, tag="pornstar.CardTaken"):
    """Which card ``seat`` took from the top of the deck (seen by ``seat`` only)."""

    seat: str
    card: str


class MulliganTaken(Event, tag="pornstar.MulliganTaken"):
    """``seat``'s opening hand (no Star in it) went back into the deck."""

    seat: str
    returned: int


class StarsPlaced(Event, tag="pornstar.StarsPlaced"):
    seat: str
    stars: tuple[str, ...]
    opening: bool = False


class ResidualsRolled(Event, tag="pornstar.ResidualsRolled"):
    seat: str
    film: str
    die: int
    modifier: int
    total: int
    paid: int
    wanked: int
    """0: in favour; 1: Wanked (turned sideways); 2: Wanked Out (turned over)."""


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


class StarRecruited(Event, tag="pornstar.StarRecruited"):
    seat: str
    star: str
    from_seat: str


class StarLost(Event, tag="pornstar.StarLost"):
    """``star`` leaves ``seat``'s stable and goes up for auction."""

    seat: str
    star: str
    reason: str


class MaintenancePaid(Event, tag="pornstar.MaintenancePaid"):
    seat: str
    stars: tuple[str, ...]
    paid: int
    unpaid: tuple[str, ...]


class AuctionOpened(Event, tag="pornstar.AuctionOpened"):
    star: str
    from_seat: str
    opening: int
    bidders: tuple[str, ...]


class BidMade(Event, tag="pornstar.BidMade"):
    seat: str
    star: str
    dollars: int


class BidPassed(Event, tag="pornstar.BidPassed"):
    seat: str
    star: str


class StarAuctioned(Event, tag="pornstar.StarAuctioned"):
    star: str
    seat: str
    price: int


class StarUnsold(Event, tag="pornstar.StarUnsold"):
    """Nobody bid: ``star`` goes back into the deck (a ``DeckShuffled`` follows)."""

    star: str


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


class DealRefused(Event, tag="pornstar.DealRefused"):
    deal: int
    proposer: str
    party: str


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


class HandCardsPassed(Event, tag="pornstar.HandCardsPassed"):
    from_seat: str
    to_seat: str
    cards: tuple[str, ...]


class LoanAsked(Event, tag="pornstar.LoanAsked"):
    borrower: str
    lender: str
    dollars: int
    note: str


class LoanOffered(Event, tag="pornstar.LoanOffered"):
    borrower: str
    lender: str
    dollars: int
    demand: tuple[str, ...]
    terms: str


class LoanDeclined(Event, tag="pornstar.LoanDeclined"):
    borrower: str
    lender: str
    by: str


class LoanMade(Event, tag="pornstar.LoanMade"):
    borrower: str
    lender: str
    dollars: int
    demand: tuple[str, ...]
    terms: str


class StudioConceded(Event, tag="pornstar.StudioConceded"):
    seat: str


class PlayCardPlayed(Event, tag="pornstar.PlayCardPlayed"):
    seat: str
    card: str
    kind: str
    title: str
    target: str
    lasts: str
    """"": discarded at once; "turn": until the end of this turn; "game": while its target stays."""


class PlayCardDiscarded(Event, tag="pornstar.PlayCardDiscarded"):
    card: str
    reason: str


class FinalRoundBegan(Event, tag="pornstar.FinalRoundBegan"):
    order: tuple[str, ...]


class ScoresCounted(Event, tag="pornstar.ScoresCounted"):
    cash: dict[str, int]
    films: dict[str, int]
    awards: dict[str, int]
    total: dict[str, int]


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
    PlayCardPlayed,
    PlayCardDiscarded,
    FinalRoundBegan,
    ScoresCounted,
)
