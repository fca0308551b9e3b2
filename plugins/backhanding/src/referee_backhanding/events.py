"""What can happen at a table of Pimp: The Backhanding, as events (tags ``backhanding.*``).

Hidden things are emitted visible to their owner only: the Draw cards dealt to a player
(``DrawCardsDealt``), the plays chosen in a sealed step (``PlaysChosen``) and a stolen
card (``CardStolen``: the thief and the victim).  The order of the shuffled decks is
visible to nobody until the game ends (``DecksShuffled``, ``DiscardsShuffled``).
"""

from __future__ import annotations

import msgspec

from referee import Event

from .cards import Card


class CardsLaid(Event, tag="backhanding.CardsLaid"):
    """The card set this table plays with (the shipped set, a table's own, plugins' additions)."""

    cards: tuple[Card, ...]
    source: str


class DecksShuffled(Event, tag="backhanding.DecksShuffled"):
    """The three decks, top card first (hidden from everyone until the game ends)."""

    pimps: tuple[str, ...]
    hos: tuple[str, ...]
    draws: tuple[str, ...]


class PimpsDealt(Event, tag="backhanding.PimpsDealt"):
    seat: str
    pimps: tuple[str, ...]


class StreetFilled(Event, tag="backhanding.StreetFilled"):
    """Hos turned face up from the Ho deck onto the street (fewer when the deck runs out)."""

    hos: tuple[str, ...]
    street: tuple[str, ...]


class DrawCardsDealt(Event, tag="backhanding.DrawCardsDealt"):
    """Draw cards dealt to ``seat`` (visible to ``seat`` only)."""

    seat: str
    cards: tuple[str, ...]
    reason: str


class DrawCountDealt(Event, tag="backhanding.DrawCountDealt"):
    """How many Draw cards ``seat`` was dealt (public: everyone sees a hand grow)."""

    seat: str
    count: int
    reason: str


class DrawPimpsJoined(Event, tag="backhanding.DrawPimpsJoined"):
    """Pimps among the Draw cards just dealt, placed face up in ``seat``'s clan."""

    seat: str
    pimps: tuple[str, ...]


class PimpsDiscarded(Event, tag="backhanding.PimpsDiscarded"):
    """Pimps discarded from a clan over the limit of 7 (the owner's choice)."""

    seat: str
    pimps: tuple[str, ...]


class DiscardsShuffled(Event, tag="backhanding.DiscardsShuffled"):
    """The Draw deck ran out: the discard pile's Draw cards, shuffled, are the new Draw deck
    (the order is hidden from everyone until the game ends)."""

    cards: tuple[str, ...]


class FirstPlayerChosen(Event, tag="backhanding.FirstPlayerChosen"):
    seat: str
    order: tuple[str, ...]
    how: str


class PimpPlaced(Event, tag="backhanding.PimpPlaced"):
    """``seat`` placed ``pimp`` beside ``ho``: to recruit her (macking) or to eliminate her (backhanding)."""

    seat: str
    pimp: str
    ho: str
    phase: str


class PlacementPassed(Event, tag="backhanding.PlacementPassed"):
    """``seat`` passed (``forced``: had no pimp they could place) and places nothing more this phase."""

    seat: str
    phase: str
    forced: bool


class PlaysOffered(Event, tag="backhanding.PlaysOffered"):
    """The Draw cards ``seat`` may play in this sealed step and the targets each may go on (visible to ``seat``)."""

    seat: str
    targets: dict[str, tuple[str, ...]]


class PlaysChosen(Event, tag="backhanding.PlaysChosen"):
    """The Draw cards ``seat`` chose to play in this sealed step, card -> target (visible to ``seat``)."""

    seat: str
    plays: dict[str, str]


class PlaysRevealed(Event, tag="backhanding.PlaysRevealed"):
    """Every sealed play of ``step`` turned face up at once, seat -> card -> target."""

    step: str
    plays: dict[str, dict[str, str]]


class Roll(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One side's roll in a contest."""

    pimp: str
    value: int
    """The pimp's macking or backhanding value."""
    cards: int
    """Modifiers played on this side."""
    ho: int
    """The ho's backhanding value (her protector only)."""
    ability: int
    dice: tuple[int, ...]
    die: int
    """The die kept (the highest or lowest of ``dice``)."""
    total: int


class ContestRolled(Event, tag="backhanding.ContestRolled"):
    """One roll of a contest for ``ho``; ``tied`` lists the seats that must roll again."""

    ho: str
    phase: str
    attempt: int
    rolls: dict[str, Roll]
    tied: tuple[str, ...]
    tie_broken_by: str = ""
    """The seat whose pimp won a tie without a re-roll (Smooth Operator)."""


class HoRecruited(Event, tag="backhanding.HoRecruited"):
    """``seat``'s ``pimp`` recruited ``ho``: she is in front of ``seat`` and he protects her."""

    seat: str
    pimp: str
    ho: str
    contested: bool


class HoDefended(Event, tag="backhanding.HoDefended"):
    ho: str
    owner: str
    protector: str
    attacker: str
    pimp: str


class HoEliminated(Event, tag="backhanding.HoEliminated"):
    """``ho`` is out of the game; her protector goes to ``protector_to`` (``temporary``: the
    temporary discard pile, or ``clan``) and the bonus cards played for her to the temporary
    discard pile."""

    ho: str
    owner: str
    protector: str
    attacker: str
    pimp: str
    protector_to: str
    cards: tuple[str, ...]


class CardsDiscarded(Event, tag="backhanding.CardsDiscarded"):
    """Played cards put on the discard pile once their step is over."""

    cards: tuple[str, ...]
    step: str


class PhaseCleared(Event, tag="backhanding.PhaseCleared"):
    """The placements of ``phase`` are over; hos nobody recruited stay on the street."""

    phase: str
    unrecruited: tuple[str, ...]


class HoValued(Event, tag="backhanding.HoValued"):
    seat: str
    ho: str
    money: int
    modifiers: int
    bonus: int
    value: int


class MoneyCounted(Event, tag="backhanding.MoneyCounted"):
    totals: dict[str, int]
    hos: dict[str, int]


EVENT_TYPES: tuple[type[Event], ...] = (
    CardsLaid,
    DecksShuffled,
    PimpsDealt,
    StreetFilled,
    DrawCardsDealt,
    DrawCountDealt,
    DrawPimpsJoined,
    PimpsDiscarded,
    DiscardsShuffled,
    FirstPlayerChosen,
    PimpPlaced,
    PlacementPassed,
    PlaysOffered,
    PlaysChosen,
    PlaysRevealed,
    ContestRolled,
    HoRecruited,
    HoDefended,
    HoEliminated,
    CardsDiscarded,
    PhaseCleared,
    HoValued,
    MoneyCounted,
)
