"""Everything that can happen at a Pimp table, in the rulebook's words.

A card's face is recorded the first time it is seen: a seat sees its own deck list and
hand; everyone sees a card once it is played, drawn as a power card or retired.  Tags
are stable: ``pimp.<Name>``.  Each event says what happened in one line (``describe``),
naming cards as the event's ``names`` do.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee import Event
from referee.results import join_names


def _n(event: Any, card: str) -> str:
    """A card as the event names it ("Ann's Vicky"); its id in logs recorded before names."""
    names: dict[str, str] = getattr(event, "names", {})
    return names.get(card, card)


def _all(event: Any, cards: list[str]) -> str:
    return join_names([_n(event, c) for c in cards]) or "nobody"


def _money(amount: int) -> str:
    return f"${amount:,}"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


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

    def describe(self) -> str:
        return f"{self.pimp} plays the deck {self.deck!r} ({len(self.cards)} cards)"


class DeckShuffled(Event, tag="pimp.DeckShuffled"):
    """Setup: the deck's order after shuffling and cutting (seen by nobody until the end)."""

    pimp: str
    order: list[str]

    def describe(self) -> str:
        return f"{self.pimp} shuffles their deck and lets the others cut it"


class CardDrawn(Event, tag="pimp.CardDrawn"):
    """A card from the top of a pimp's deck into their hand (seen by them alone)."""

    pimp: str
    card: str
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} draws a card ({self.reason})"


class GirlfriendDrawn(Event, tag="pimp.GirlfriendDrawn"):
    """Setup: the top card of a deck, face up: a bitch becomes a girlfriend in the pad."""

    pimp: str
    card: CardFace
    round: int

    def describe(self) -> str:
        what = (
            f"girlfriend {self.card.name} (cost {self.card.cost})"
            if self.card.bitch
            else f"{self.card.name}, a special card: no girlfriend"
        )
        return f"{self.pimp} turns up {what}"


class FirstPimpChosen(Event, tag="pimp.FirstPimpChosen"):
    pimp: str
    cost: int

    def describe(self) -> str:
        return f"{self.pimp} has the best girlfriend and goes first"


class InfluenceChanged(Event, tag="pimp.InfluenceChanged"):
    """Red tokens gained or lost (never below zero)."""

    pimp: str
    change: int
    influence: int
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} {'gains' if self.change > 0 else 'loses'} {abs(self.change)} influence ({self.reason}): {self.influence}"


class MoneyChanged(Event, tag="pimp.MoneyChanged"):
    """Green tokens in a pimp's money pile gained or lost (never below zero)."""

    pimp: str
    change: int
    money: int
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} {'gains' if self.change > 0 else 'pays'} {_money(abs(self.change))} ({self.reason}): {_money(self.money)}"


class ShaggedOutCleared(Event, tag="pimp.ShaggedOutCleared"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"the shagged out counters come off {_all(self, self.bitches)}"


class ActionBegan(Event, tag="pimp.ActionBegan"):
    """One of the four actions of the Doing Shit phase."""

    pimp: str
    number: int
    action: str
    label: str
    args: dict[str, Any] = msgspec.field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.pimp}'s action {self.number}: {self.label}"


class SpecialPlayed(Event, tag="pimp.SpecialPlayed"):
    pimp: str
    card: CardFace

    def describe(self) -> str:
        return f"{self.pimp} plays {self.card.name}"


class BitchBroughtIntoPlay(Event, tag="pimp.BitchBroughtIntoPlay"):
    pimp: str
    card: CardFace
    cost: int

    def describe(self) -> str:
        return f"{self.pimp} brings {self.card.name} into play for {self.cost} influence"


class BitchMoved(Event, tag="pimp.BitchMoved"):
    pimp: str
    card: str
    to: str
    """``pad`` or ``street``."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        where = "the street" if self.to == "street" else f"{self.pimp}'s pad"
        return f"{_n(self, self.card)} moves to {where}"


class MoneyTransferred(Event, tag="pimp.MoneyTransferred"):
    """From a bitch in the pad to the money pile."""

    pimp: str
    card: str
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{self.pimp} takes {_money(self.amount)} off {_n(self, self.card)} in their pad"


class InfluenceBought(Event, tag="pimp.InfluenceBought"):
    pimp: str
    amount: int

    def describe(self) -> str:
        return f"{self.pimp} buys {self.amount} influence for {_money(self.amount)}"


class EdgeSlotLooked(Event, tag="pimp.EdgeSlotLooked"):
    """The top card drawn and looked at, then put in an edge slot or at the bottom (seen by its pimp only)."""

    pimp: str
    card: str
    slot: int | None
    """1-based slot, or None for the bottom of the deck."""
    replaced: str | None

    def describe(self) -> str:
        return (
            f"{self.pimp} puts the card in edge slot {self.slot}" if self.slot else f"{self.pimp} puts the card at the bottom of their deck"
        )


class PowerCardDrawn(Event, tag="pimp.PowerCardDrawn"):
    """A power card drawn face up, then put at the bottom of the deck."""

    pimp: str
    source: str
    """``deck``, ``edge N`` or ``none`` (not drawing is a power of zero)."""
    card: CardFace | None
    power: int
    purpose: str

    def describe(self) -> str:
        card = f"{self.card.name}, power {self.power}" if self.card else "no card, power 0"
        return f"{self.pimp} draws a power card from {self.source}: {card}"


class InfluenceBid(Event, tag="pimp.InfluenceBid"):
    """An influence test: tokens secretly selected (seen by the bidder until both are in)."""

    pimp: str
    tokens: int

    def describe(self) -> str:
        return f"{self.pimp} selects {self.tokens} influence tokens"


class InfluenceTestDecided(Event, tag="pimp.InfluenceTestDecided"):
    challenger: str
    holder: str
    name: str
    bids: dict[str, int]
    totals: dict[str, int]
    winner: str

    def describe(self) -> str:
        totals = ", ".join(f"{p} {n}" for p, n in self.totals.items())
        return f"influence test for {self.name}: {totals}; {self.winner} wins"


class BitchRetired(Event, tag="pimp.BitchRetired"):
    """A card onto its pimp's retirement pile (or back to the hand, as Tame Shrink says)."""

    pimp: str
    card: CardFace
    to: str
    """``retired`` or ``hand``."""
    reason: str

    def describe(self) -> str:
        where = "goes back to the hand" if self.to == "hand" else "is retired"
        return f"{self.pimp}'s {self.card.name} {where}: {self.reason}"


class MoneyOnBitch(Event, tag="pimp.MoneyOnBitch"):
    """Green tokens put on, taken from or moved between bitches."""

    card: str
    change: int
    money: int
    reason: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_money(abs(self.change))} {'onto' if self.change > 0 else 'off'} {_n(self, self.card)} ({self.reason}): {_money(self.money)} on her"


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

    def describe(self) -> str:
        side = "the attackers" if self.side == "attack" else "the defenders"
        return f"{side} announce their attacks: " + "; ".join(f"{_n(self, s)} attacks {_n(self, t)}" for s, t in self.attacks.items())


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

    def describe(self) -> str:
        bonus = f" +{self.bonus}" if self.bonus else ""
        return f"{_n(self, self.card)}'s fight test: {self.fight} + power {self.power}{bonus} = {self.total}"


class HitScored(Event, tag="pimp.HitScored"):
    card: str
    by: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)} takes a hit from {_all(self, self.by)}"


class PadTrashed(Event, tag="pimp.PadTrashed"):
    pimp: str
    victim: str
    card: str
    fight: int
    power: int
    damage: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)} trashes {self.victim}'s pad: ({self.fight} + {self.power}) / 5, rounded up = {self.damage} influence"


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

    def describe(self) -> str:
        return f"{_n(self, self.card)} solicits: {self.roll} on the solicitation table, {self.result}"


class PuntersRolled(Event, tag="pimp.PuntersRolled"):
    die: int
    punters: int
    service: str
    price: int
    stamina: int

    def describe(self) -> str:
        return f"{_plural(self.punters, 'punter')} (d10 {self.die}) wanting {self.service}"


class OfferPutToTheStreet(Event, tag="pimp.OfferPutToTheStreet"):
    service: str
    sent: dict[str, list[str]]
    """pimp -> bitches sent to the punters' car."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"the offer ({self.service}) goes to the street: " + (
            "; ".join(f"{p} sends {_all(self, b)}" for p, b in self.sent.items()) or "nobody comes forward"
        )


class LooksTested(Event, tag="pimp.LooksTested"):
    card: str
    looks: int
    powers: list[int]
    total: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)}'s looks test: {self.looks} + {' + '.join(map(str, self.powers))} = {self.total}"


class PuntersChose(Event, tag="pimp.PuntersChose"):
    card: str
    pimp: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"the punters choose {_n(self, self.card)}"


class PuntersDroveAway(Event, tag="pimp.PuntersDroveAway"):
    service: str
    reason: str

    def describe(self) -> str:
        return f"the punters drive away ({self.reason})"


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

    def describe(self) -> str:
        return (
            f"{_n(self, self.card)}'s stamina test for punter {self.punter}: {self.stamina} + {self.power} = {self.total} "
            f"against {self.target}: {'passed' if self.passed else 'failed'}"
        )


class ShaggedOut(Event, tag="pimp.ShaggedOut"):
    card: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_n(self, self.card)} is shagged out"


class PuntersPaid(Event, tag="pimp.PuntersPaid"):
    card: str
    punters: int
    amount: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{_plural(self.punters, 'punter')} pay {_n(self, self.card)} {_money(self.amount)}"


class PsychoPunterRolled(Event, tag="pimp.PsychoPunterRolled"):
    card: str
    fight: int
    controller: str
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"a psycho punter with fight {self.fight} picks {_n(self, self.card)}; {self.controller} draws for the punter"


class BribeDemanded(Event, tag="pimp.BribeDemanded"):
    pimp: str
    amount: int

    def describe(self) -> str:
        return f"police bust: {self.pimp} must pay a {_money(self.amount)} bribe by the end of Doing Shit"


class BribePaid(Event, tag="pimp.BribePaid"):
    pimp: str
    amount: int

    def describe(self) -> str:
        return f"{self.pimp} pays the police {_money(self.amount)}"


class PimpOut(Event, tag="pimp.PimpOut"):
    """A pimp is out of the game."""

    pimp: str
    reason: str

    def describe(self) -> str:
        return f"{self.pimp} is out of the game: {self.reason}"


class CardsReordered(Event, tag="pimp.CardsReordered"):
    """Word on the Streets: the top three cards looked at and put back in a chosen order (seen by the pimp)."""

    pimp: str
    cards: list[str]

    def describe(self) -> str:
        return f"{self.pimp} puts the top {len(self.cards)} cards back in a new order"


class CardDiscarded(Event, tag="pimp.CardDiscarded"):
    """Retirement: a card from the hand onto the retirement pile (face up)."""

    pimp: str
    card: CardFace

    def describe(self) -> str:
        return f"{self.pimp} retires {self.card.name} from their hand"


class MoneyCounted(Event, tag="pimp.MoneyCounted"):
    pimp: str
    money: int
    out: bool

    def describe(self) -> str:
        return f"{self.pimp}: {_money(self.money)} in the money pile" + (" (out)" if self.out else "")


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

    def describe(self) -> str:
        return "power cards to draw: " + "; ".join(f"{draw.pimp} for {draw.about}" if draw.about else draw.pimp for draw in self.draws)


class AttackDeclared(Event, tag="pimp.AttackDeclared"):
    pimp: str
    victim: str
    where: str
    """``street`` or ``pad``."""
    target: str
    attackers: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        where = "the street" if self.where == "street" else f"{self.victim}'s pad"
        verb = "attacks" if len(self.attackers) == 1 else "attack"
        return f"{_all(self, self.attackers)} {verb} {_n(self, self.target)} in {where}"


class DefendersJoined(Event, tag="pimp.DefendersJoined"):
    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{self.pimp} sends {_all(self, self.bitches)} to even the numbers"


class CombatEnded(Event, tag="pimp.CombatEnded"):
    retired: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return "the police turn up; " + (f"{_all(self, self.retired)} retire hurt" if self.retired else "nobody retires hurt")


class BidsRevealed(Event, tag="pimp.BidsRevealed"):
    bids: dict[str, int]

    def describe(self) -> str:
        return "influence bids revealed: " + ", ".join(f"{p} {n}" for p, n in self.bids.items())


class LooksTestStarted(Event, tag="pimp.LooksTestStarted"):
    service: str
    punters: int
    price: int
    stamina: int
    order: list[str]
    """Bitches in the order they test: lowest looks first."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"looks tests for {_plural(self.punters, 'punter')} wanting {self.service}, lowest looks first: {_all(self, self.order)}"


class BusinessStarted(Event, tag="pimp.BusinessStarted"):
    card: str
    service: str
    punters: int
    price: int
    stamina: int
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return (
            f"{_n(self, self.card)} does the business: {_plural(self.punters, 'punter')}, {self.service}, "
            f"{_money(self.price)} each, stamina target {self.stamina}"
        )


class ActivityEnded(Event, tag="pimp.ActivityEnded"):
    kind: str

    def describe(self) -> str:
        return "that action is over"


class InfluenceTestBegan(Event, tag="pimp.InfluenceTestBegan"):
    """A pimp brings an escort whose name is in play for another pimp: they test influence."""

    challenger: str
    holder: str
    name: str
    card: CardFace
    held: str

    def describe(self) -> str:
        return f"{self.challenger} wants {self.name}, who works for {self.holder}: an influence test"


class BitchesSent(Event, tag="pimp.BitchesSent"):
    """A pimp's secret choice of bitches sent to the punters' car."""

    pimp: str
    bitches: list[str]
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Card id -> how a person names the card ("Ann's Vicky"), for every card named here."""

    def describe(self) -> str:
        return f"{self.pimp} sends {_all(self, self.bitches)} to the punters' car"


class CrackdownBegan(Event, tag="pimp.CrackdownBegan"):
    """Moral crackdown: every pimp sacrifices their costliest bitch in play."""

    def describe(self) -> str:
        return "moral crackdown: every pimp sacrifices their costliest bitch"


EVENT_TYPES: tuple[type[Event], ...] = tuple(
    value for value in list(globals().values()) if isinstance(value, type) and issubclass(value, Event) and value is not Event
)
