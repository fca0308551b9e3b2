"""What can happen at a table of Pimp: The Backhanding, as events (tags ``backhanding.*``).

Hidden things are emitted visible to their owner only: the Draw cards dealt to a player
(``DrawCardsDealt``), the plays chosen in a sealed step (``PlaysChosen``) and a stolen
card (``CardStolen``: the thief and the victim).  The order of the shuffled decks is
visible to nobody until the game ends (``DecksShuffled``, ``DiscardsShuffled``).
"""

from __future__ import annotations

import msgspec

from referee import Event
from referee.results import join_names

from .cards import Card


def _plays(plays: dict[str, str]) -> str:
    return ", ".join(f"{card} on {target}" for card, target in plays.items()) or "nothing"


class CardsLaid(Event, tag="backhanding.CardsLaid"):
    """The card set this table plays with (the shipped set, a table's own, plugins' additions)."""

    cards: tuple[Card, ...]
    source: str

    def describe(self) -> str:
        return f"{len(self.cards)} cards in play: {self.source}"


class DecksShuffled(Event, tag="backhanding.DecksShuffled"):
    """The three decks, top card first (hidden from everyone until the game ends)."""

    pimps: tuple[str, ...]
    hos: tuple[str, ...]
    draws: tuple[str, ...]

    def describe(self) -> str:
        return f"the decks were shuffled ({len(self.pimps)} pimps, {len(self.hos)} hos, {len(self.draws)} Draw cards)"


class PimpsDealt(Event, tag="backhanding.PimpsDealt"):
    seat: str
    pimps: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.seat} was dealt the pimps {join_names(list(self.pimps))}"


class StreetFilled(Event, tag="backhanding.StreetFilled"):
    """Hos turned face up from the Ho deck onto the street (fewer when the deck runs out)."""

    hos: tuple[str, ...]
    street: tuple[str, ...]

    def describe(self) -> str:
        return f"{join_names(list(self.hos))} came out on the street" if self.hos else "the Ho deck is empty: no new hos"


class DrawCardsDealt(Event, tag="backhanding.DrawCardsDealt"):
    """Draw cards dealt to ``seat`` (visible to ``seat`` only)."""

    seat: str
    cards: tuple[str, ...]
    reason: str

    def describe(self) -> str:
        return f"{self.seat} drew {join_names(list(self.cards))} ({self.reason})"


class DrawCountDealt(Event, tag="backhanding.DrawCountDealt"):
    """How many Draw cards ``seat`` was dealt (public: everyone sees a hand grow)."""

    seat: str
    count: int
    reason: str

    def describe(self) -> str:
        return f"{self.seat} drew {self.count} Draw card{'' if self.count == 1 else 's'} ({self.reason})"


class DrawPimpsJoined(Event, tag="backhanding.DrawPimpsJoined"):
    """Pimps among the Draw cards just dealt, placed face up in ``seat``'s clan."""

    seat: str
    pimps: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.seat} put the Draw pimp{'' if len(self.pimps) == 1 else 's'} {join_names(list(self.pimps))} face up in the clan"


class PimpsDiscarded(Event, tag="backhanding.PimpsDiscarded"):
    """Pimps discarded from a clan over the limit of 7 (the owner's choice)."""

    seat: str
    pimps: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.seat} discarded {join_names(list(self.pimps))} (over the limit of 7 pimps)"


class DiscardsShuffled(Event, tag="backhanding.DiscardsShuffled"):
    """The Draw deck ran out: the discard pile's Draw cards, shuffled, are the new Draw deck
    (the order is hidden from everyone until the game ends)."""

    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"the discard pile's {len(self.cards)} Draw cards were shuffled into a new Draw deck"


class FirstPlayerChosen(Event, tag="backhanding.FirstPlayerChosen"):
    seat: str
    order: tuple[str, ...]
    how: str

    def describe(self) -> str:
        return f"{self.seat} is the first player ({self.how}); order {', '.join(self.order)}"


class PimpPlaced(Event, tag="backhanding.PimpPlaced"):
    """``seat`` placed ``pimp`` beside ``ho``: to recruit her (macking) or to eliminate her (backhanding)."""

    seat: str
    pimp: str
    ho: str
    phase: str

    def describe(self) -> str:
        verb = "to recruit" if self.phase == "macking" else "to eliminate"
        return f"{self.seat} placed {self.pimp} beside {self.ho} {verb} her"


class PlacementPassed(Event, tag="backhanding.PlacementPassed"):
    """``seat`` passed (``forced``: had no pimp they could place) and places nothing more this phase."""

    seat: str
    phase: str
    forced: bool

    def describe(self) -> str:
        return f"{self.seat} passed ({self.phase})" + (": no pimp could be placed" if self.forced else "")


class PlaysOffered(Event, tag="backhanding.PlaysOffered"):
    """The Draw cards ``seat`` may play in this sealed step and the targets each may go on (visible to ``seat``)."""

    seat: str
    targets: dict[str, tuple[str, ...]]

    def describe(self) -> str:
        return f"{self.seat} may play {len(self.targets)} card{'' if len(self.targets) == 1 else 's'}"


class PlaysChosen(Event, tag="backhanding.PlaysChosen"):
    """The Draw cards ``seat`` chose to play in this sealed step, card -> target (visible to ``seat``)."""

    seat: str
    plays: dict[str, str]

    def describe(self) -> str:
        return f"{self.seat} chose, sealed: {_plays(self.plays)}"


class PlaysRevealed(Event, tag="backhanding.PlaysRevealed"):
    """Every sealed play of ``step`` turned face up at once, seat -> card -> target."""

    step: str
    plays: dict[str, dict[str, str]]

    def describe(self) -> str:
        return "plays revealed: " + ("; ".join(f"{seat}: {_plays(p)}" for seat, p in self.plays.items()) or "none")


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

    def describe(self) -> str:
        rolls = ", ".join(f"{s} {r.total} ({r.pimp}: die {r.die})" for s, r in self.rolls.items())
        tail = ""
        if self.tie_broken_by:
            tail = f"; {self.tie_broken_by} wins the tie without a re-roll"
        elif self.tied:
            tail = f"; {join_names(list(self.tied))} tie and roll again"
        return f"{self.phase} for {self.ho}, roll {self.attempt}: {rolls}{tail}"


class HoRecruited(Event, tag="backhanding.HoRecruited"):
    """``seat``'s ``pimp`` recruited ``ho``: she is in front of ``seat`` and he protects her."""

    seat: str
    pimp: str
    ho: str
    contested: bool

    def describe(self) -> str:
        how = "after a contest" if self.contested else "uncontested"
        return f"{self.seat}'s {self.pimp} recruited {self.ho} ({how})"


class HoDefended(Event, tag="backhanding.HoDefended"):
    ho: str
    owner: str
    protector: str
    attacker: str
    pimp: str

    def describe(self) -> str:
        return f"{self.owner}'s {self.protector} kept {self.ho} against {self.attacker}'s {self.pimp}"


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

    def describe(self) -> str:
        where = "the temporary discard pile" if self.protector_to == "temporary" else "his clan"
        return f"{self.attacker}'s {self.pimp} eliminated {self.owner}'s {self.ho}; {self.protector} goes to {where}"


class CardsDiscarded(Event, tag="backhanding.CardsDiscarded"):
    """Played cards put on the discard pile once their step is over."""

    cards: tuple[str, ...]
    step: str

    def describe(self) -> str:
        return f"{len(self.cards)} played card{'' if len(self.cards) == 1 else 's'} discarded ({self.step})"


class PhaseCleared(Event, tag="backhanding.PhaseCleared"):
    """The placements of ``phase`` are over; hos nobody recruited stay on the street."""

    phase: str
    unrecruited: tuple[str, ...]

    def describe(self) -> str:
        left = f"; {join_names(list(self.unrecruited))} stay on the street" if self.unrecruited and self.phase == "macking" else ""
        return f"{self.phase} is over{left}"


class HoValued(Event, tag="backhanding.HoValued"):
    seat: str
    ho: str
    money: int
    modifiers: int
    bonus: int
    value: int

    def describe(self) -> str:
        return f"{self.seat}'s {self.ho}: ${self.money} {self.modifiers:+d} modifiers {self.bonus:+d} abilities = ${self.value}"


class MoneyCounted(Event, tag="backhanding.MoneyCounted"):
    totals: dict[str, int]
    hos: dict[str, int]

    def describe(self) -> str:
        return "money counted: " + ", ".join(f"{s} ${t} ({self.hos[s]} hos)" for s, t in self.totals.items())


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
