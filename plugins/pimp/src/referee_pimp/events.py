"""Everything that can happen at a Pimp table, in the rulebook's words.

A card's face is recorded the first time it is seen: a seat sees its own deck list and
hand; everyone sees a card once it is played, drawn as a power card or retired.  Tags
are stable: ``pimp.<Name>``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Event


class CardFace(msgspec.Struct, frozen=True, omit_defaults=True):
    """What is printed on a card."""

    id: str
    """Unique at the table: ``<pimp>/<card id in the deck>``."""
    owner: str
    kind: str
    """``escort`` (named, unique in play), ``streetwalker`` (nameless) or ``special``."""
    name: str
    cost: int = 0
    looks: int = 0
    fight: int = 0
    stamina: int = 0
    services: dict[str, int] = {}
    special: str | None = None

    @property
    def bitch(self) -> bool:
        return self.kind != "special"

    @property
    def power(self) -> int:
        """ "If the card you draw is a bitch card, the power rating is equal to the cost.  If it
        is a special card, the power rating is zero."""
        return self.cost if self.bitch else 0


class DeckListed(Event, tag="pimp.DeckListed"):
    """Setup: the cards of a pimp's own deck (seen by its owner only)."""

    pimp: str
    deck: str
    cards: list[CardFace]


class DeckShuffled(Event, tag="pimp.DeckShuffled"):
    """Setup: the deck's order after shuffling and cutting (seen by nobody until the end)."""

    pimp: str
    order: list[str]


class CardDrawn(Event, tag="pimp.CardDrawn"):
    """A card from the top of a pimp's deck into their hand (seen by them alone)."""

    pimp: str
    card: str
    reason: str


class GirlfriendDrawn(Event, tag="pimp.GirlfriendDrawn"):
    """Setup: the top card of a deck, face up: a bitch becomes a girlfriend in the pad."""

    pimp: str
    card: CardFace
    round: int


class FirstPimpChosen(Event, tag="pimp.FirstPimpChosen"):
    pimp: str
    cost: int


class InfluenceChanged(Event, tag="pimp.InfluenceChanged"):
    """Red tokens gained or lost (never below zero)."""

    pimp: str
    change: int
    influence: int
    reason: str


class MoneyChanged(Event, tag="pimp.MoneyChanged"):
    """Green tokens in a pimp's money pile gained or lost (never below zero)."""

    pimp: str
    change: int
    money: int
    reason: str


class ShaggedOutCleared(Event, tag="pimp.ShaggedOutCleared"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class ActionBegan(Event, tag="pimp.ActionBegan"):
    """One of the four actions of the Doing Shit phase."""

    pimp: str
    number: int
    action: str
    label: str
    args: dict[str, Any] = msgspec.field(default_factory=dict)


class SpecialPlayed(Event, tag="pimp.SpecialPlayed"):
    pimp: str
    card: CardFace


class BitchBroughtIntoPlay(Event, tag="pimp.BitchBroughtIntoPlay"):
    pimp: str
    card: CardFace
    cost: int


class BitchMoved(Event, tag="pimp.BitchMoved"):
    pimp: str
    card: str
    to: str
    """``pad`` or ``street``."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class MoneyTransferred(Event, tag="pimp.MoneyTransferred"):
    """From a bitch in the pad to the money pile."""

    pimp: str
    card: str
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class InfluenceBought(Event, tag="pimp.InfluenceBought"):
    pimp: str
    amount: int


class EdgeSlotLooked(Event, tag="pimp.EdgeSlotLooked"):
    """The top card drawn and looked at, then put in an edge slot or at the bottom (seen by its pimp only)."""

    pimp: str
    card: str
    slot: int | None
    """1-based slot, or None for the bottom of the deck."""
    replaced: str | None


class PowerCardDrawn(Event, tag="pimp.PowerCardDrawn"):
    """A power card drawn face up, then put at the bottom of the deck."""

    pimp: str
    source: str
    """``deck``, ``edge N`` or ``none`` (not drawing is a power of zero)."""
    card: CardFace | None
    power: int
    purpose: str


class InfluenceBid(Event, tag="pimp.InfluenceBid"):
    """An influence test: tokens secretly selected (seen by the bidder until both are in)."""

    pimp: str
    tokens: int


class InfluenceTestDecided(Event, tag="pimp.InfluenceTestDecided"):
    challenger: str
    holder: str
    name: str
    bids: dict[str, int]
    totals: dict[str, int]
    winner: str


class BitchRetired(Event, tag="pimp.BitchRetired"):
    """A card onto its pimp's retirement pile (or back to the hand, as Tame Shrink says)."""

    pimp: str
    card: CardFace
    to: str
    """``retired`` or ``hand``."""
    reason: str


class MoneyOnBitch(Event, tag="pimp.MoneyOnBitch"):
    """Green tokens put on, taken from or moved between bitches."""

    card: str
    change: int
    money: int
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class CombatStarted(Event, tag="pimp.CombatStarted"):
    attacker: str
    defender: str
    where: str
    attackers: list[str]
    defenders: list[str]


class AttacksAnnounced(Event, tag="pimp.AttacksAnnounced"):
    side: str
    attacks: dict[str, str]
    """attacking bitch -> the bitch she attacks."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class FightTested(Event, tag="pimp.FightTested"):
    stage: str
    """``attack`` (the attacker's bitches strike) or ``counter`` (the defenders strike back)."""
    card: str
    fight: int
    power: int
    bonus: int
    total: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class HitScored(Event, tag="pimp.HitScored"):
    card: str
    by: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class PadTrashed(Event, tag="pimp.PadTrashed"):
    pimp: str
    victim: str
    card: str
    fight: int
    power: int
    damage: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class SolicitationRolled(Event, tag="pimp.SolicitationRolled"):
    pimp: str
    card: str
    tens: int
    units: int
    roll: int
    result: str
    """A service, or one of the special encounters."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class PuntersRolled(Event, tag="pimp.PuntersRolled"):
    die: int
    punters: int
    service: str
    price: int
    stamina: int


class OfferPutToTheStreet(Event, tag="pimp.OfferPutToTheStreet"):
    service: str
    sent: dict[str, list[str]]
    """pimp -> bitches sent to the punters' car."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class LooksTested(Event, tag="pimp.LooksTested"):
    card: str
    looks: int
    powers: list[int]
    total: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class PuntersChose(Event, tag="pimp.PuntersChose"):
    card: str
    pimp: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class PuntersDroveAway(Event, tag="pimp.PuntersDroveAway"):
    service: str
    reason: str


class StaminaTested(Event, tag="pimp.StaminaTested"):
    card: str
    punter: int
    stamina: int
    power: int
    total: int
    target: int
    passed: bool
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class ShaggedOut(Event, tag="pimp.ShaggedOut"):
    card: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class PuntersPaid(Event, tag="pimp.PuntersPaid"):
    card: str
    punters: int
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class PsychoPunterRolled(Event, tag="pimp.PsychoPunterRolled"):
    card: str
    fight: int
    controller: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class BribeDemanded(Event, tag="pimp.BribeDemanded"):
    pimp: str
    amount: int


class BribePaid(Event, tag="pimp.BribePaid"):
    pimp: str
    amount: int


class PimpOut(Event, tag="pimp.PimpOut"):
    """A pimp is out of the game."""

    pimp: str
    reason: str


class CardsReordered(Event, tag="pimp.CardsReordered"):
    """Word on the Streets: the top three cards looked at and put back in a chosen order (seen by the pimp)."""

    pimp: str
    cards: list[str]


class CardDiscarded(Event, tag="pimp.CardDiscarded"):
    """Retirement: a card from the hand onto the retirement pile (face up)."""

    pimp: str
    card: CardFace


class MoneyCounted(Event, tag="pimp.MoneyCounted"):
    pimp: str
    money: int
    out: bool


class Draw(msgspec.Struct, frozen=True):
    """One power card a pimp is to draw, for ``key`` (a bitch's test, a bid, ...)."""

    pimp: str
    key: str
    about: str = ""
    """What the card is drawn for, as a person reads it ("Ann's Vicky's attack")."""


class DrawsPlanned(Event, tag="pimp.DrawsPlanned"):
    """Who draws which power cards next, in order ("the person on the lowest total draws first")."""

    purpose: str
    draws: list[Draw]


class AttackDeclared(Event, tag="pimp.AttackDeclared"):
    pimp: str
    victim: str
    where: str
    """``street`` or ``pad``."""
    target: str
    attackers: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class DefendersJoined(Event, tag="pimp.DefendersJoined"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class CombatEnded(Event, tag="pimp.CombatEnded"):
    retired: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class BidsRevealed(Event, tag="pimp.BidsRevealed"):
    bids: dict[str, int]


class LooksTestStarted(Event, tag="pimp.LooksTestStarted"):
    service: str
    punters: int
    price: int
    stamina: int
    order: list[str]
    """Bitches in the order they test: lowest looks first."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class BusinessStarted(Event, tag="pimp.BusinessStarted"):
    card: str
    service: str
    punters: int
    price: int
    stamina: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class ActivityEnded(Event, tag="pimp.ActivityEnded"):
    kind: str


class InfluenceTestBegan(Event, tag="pimp.InfluenceTestBegan"):
    """A pimp brings an escort whose name is in play for another pimp: they test influence."""

    challenger: str
    holder: str
    name: str
    card: CardFace
    held: str


class BitchesSent(Event, tag="pimp.BitchesSent"):
    """A pimp's secret choice of bitches sent to the punters' car."""

    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""


class CrackdownBegan(Event, tag="pimp.CrackdownBegan"):
    """Moral crackdown: every pimp sacrifices their costliest bitch in play."""


EVENT_TYPES: tuple[type[Event], ...] = tuple(
    value for value in list(globals().values()) if isinstance(value, type) and issubclass(value, Event) and value is not Event
)
