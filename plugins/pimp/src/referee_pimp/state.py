"""The state of a Pimp table and its mutator (the only code that changes it)."""

from __future__ import annotations

import msgspec

from referee import Event, TurnBegan

from .events import (
    ActionBegan,
    ActivityEnded,
    AttackDeclared,
    AttacksAnnounced,
    BidsRevealed,
    BitchBroughtIntoPlay,
    BitchesSent,
    BitchMoved,
    BitchRetired,
    BribeDemanded,
    BribePaid,
    BusinessStarted,
    CardDiscarded,
    CardDrawn,
    CardFace,
    CardsReordered,
    CombatEnded,
    CrackdownBegan,
    DeckListed,
    DeckShuffled,
    DefendersJoined,
    Draw,
    DrawsPlanned,
    EdgeSlotLooked,
    FightTested,
    FirstPimpChosen,
    GirlfriendClashed,
    GirlfriendDrawn,
    HitScored,
    InfluenceBid,
    InfluenceBought,
    InfluenceChanged,
    InfluenceTestBegan,
    InfluenceTestDecided,
    LooksTested,
    LooksTestStarted,
    MoneyChanged,
    MoneyOnBitch,
    MoneyTransferred,
    OfferPutToTheStreet,
    PadTrashed,
    PimpOut,
    PowerCardDrawn,
    PsychoPunterRolled,
    PuntersRolled,
    ShaggedOut,
    ShaggedOutCleared,
    SolicitationRolled,
    SpecialPlayed,
    StaminaTested,
)

ENCOUNTERS = ("psycho-punter", "police-bust", "moral-crackdown", "runaway", "zero-tolerance")
"""The rulebook's special encounters (``solicitation.ENCOUNTER_IDS``)."""


class Step(msgspec.Struct, tag_field="kind", kw_only=True):
    """What every activity shares: the power cards planned for its current step
    (``purpose``, in drawing order) and the power of each one drawn, by its key."""

    purpose: str = ""
    plan: list[Draw] = []
    powers: dict[str, int] = {}

    def pending_draw(self) -> Draw | None:
        """The next planned power card nobody has drawn yet."""
        return next((draw for draw in self.plan if draw.key not in self.powers), None)

    def power(self, key: str) -> int:
        return self.powers.get(key, 0)


class Combat(Step, tag="combat"):
    """Bitches attacking a bitch in the street or in a pad, and the defenders striking back."""

    attacker: str
    defender: str
    where: str
    target: str
    attackers: list[str]
    defenders: list[str]
    joined: bool = False
    """The defender has brought in (or not) others to even the numbers."""
    attack: dict[str, str] | None = None
    """Attacking bitch -> the defender she attacks, once announced."""
    counter: dict[str, str] | None = None
    """Defending bitch -> the attacker she strikes back at, once announced."""
    attack_tests: dict[str, int] = {}
    counter_tests: dict[str, int] = {}
    scored: bool = False
    """The hits have been scored (dropped money and retirement follow)."""

    def announced(self, side: str) -> dict[str, str] | None:
        return self.attack if side == "attack" else self.counter

    def tests(self, side: str) -> dict[str, int]:
        return self.attack_tests if side == "attack" else self.counter_tests


class InfluenceTest(Step, tag="influence"):
    """A challenger bringing in an escort whose name another pimp's escort has."""

    challenger: str
    holder: str
    card: str
    held: str
    bids: dict[str, int] | None = None


class Soliciting(Step, tag="solicit"):
    """A roll on the solicitation table that brought punters wanting ``service``."""

    pimp: str
    card: str
    service: str = ""
    punters: int = 0
    price: int = 0
    stamina: int = 0
    sending: dict[str, list[str]] = {}
    """What each pimp asked has sent to the punters' car (sealed until all have answered)."""
    sent: dict[str, list[str]] | None = None
    """The bitches that went to the car, once the offer has been put to the street."""


class LooksTests(Step, tag="looks"):
    """Bitches sent to the punters' car making looks tests, lowest looks first."""

    service: str
    punters: int
    price: int
    stamina: int
    order: list[str]
    looks: dict[str, int] = {}


class Business(Step, tag="business"):
    """A bitch servicing punters, one stamina test each."""

    worker: str
    service: str
    punters: int
    price: int
    stamina: int
    punter: int = 0
    """Punters serviced so far."""
    failed: int = 0
    """The punter whose stamina test she failed (0: none failed)."""


class PsychoPunter(Step, tag="psycho-punter"):
    pimp: str
    card: str
    fight: int = 0
    controller: str = ""
    """The pimp to the soliciting pimp's left, who draws for the punter; empty until rolled."""


class Crackdown(Step, tag="moral-crackdown"):
    pimp: str
    card: str
    began: bool = False


class Encounter(Step, tag="encounter"):
    """A special encounter settled at once: a police bust, a runaway, zero tolerance."""

    pimp: str
    card: str
    result: str


class Trash(Step, tag="trash"):
    card: str
    victim: str


class Edge(Step, tag="edge"):
    pass


class LookTop(Step, tag="look-top"):
    count: int = 3


Activity = Combat | InfluenceTest | Soliciting | LooksTests | Business | PsychoPunter | Crackdown | Encounter | Trash | Edge | LookTop


class Pimp(msgspec.Struct):
    name: str
    influence: int = 20
    money: int = 0
    deck: list[str] = []
    """Top first."""
    hand: list[str] = []
    pad: list[str] = []
    street: list[str] = []
    retired: list[str] = []
    specials: list[str] = []
    edges: list[str | None] = []
    out: bool = False
    bribe: int = 0
    """A police bribe still to pay by the end of this Doing Shit phase."""
    bid: int | None = None


class PimpGame(msgspec.Struct):
    pimps: dict[str, Pimp]
    cards: dict[str, CardFace] = {}
    texts: dict[str, str] = {}
    """What each special card in a deck at the table does, by its name in the decks (the
    table's card data, from the deck lists and the cards played)."""
    on_bitch: dict[str, int] = {}
    """Money tokens on each bitch in play."""
    shagged: list[str] = []
    first: str | None = None
    actions: int = 0
    """Actions taken in this Doing Shit phase."""
    done_once: list[str] = []
    """The once-per-turn actions taken this turn."""
    ended: bool = False
    """The active pimp has said "no more shit this turn"."""
    activity: Activity | None = None
    """The contest or multi-step action under way (see ``game``), or None."""
    zero_tolerance: bool = False

    def owner(self, card: str) -> str:
        return self.cards[card].owner

    def in_play(self, pimp: str) -> list[str]:
        p = self.pimps[pimp]
        return [*p.pad, *p.street]

    def fresh(self, cards: list[str]) -> list[str]:
        """Those not shagged out."""
        return [c for c in cards if c not in self.shagged]

    def living(self) -> list[str]:
        return [p.name for p in self.pimps.values() if not p.out]

    def named_in_play(self, name: str) -> str | None:
        """The escort of that exact name in play for a pimp still in the game, if any."""
        for pimp in self.pimps.values():
            if pimp.out:
                continue
            for card in (*pimp.pad, *pimp.street):
                face = self.cards[card]
                if face.kind == "escort" and face.name == name:
                    return card
        return None


def _take(pimp: Pimp, card: str) -> None:
    for zone in (pimp.deck, pimp.hand, pimp.pad, pimp.street, pimp.retired, pimp.specials):
        if card in zone:
            zone.remove(card)
            return
    if card in pimp.edges:
        pimp.edges[pimp.edges.index(card)] = None


def evolve(game: PimpGame, event: Event) -> None:
    _evolve_activity(game, event)
    match event:
        case DeckListed():
            for face in event.cards:
                game.cards[face.id] = face
            game.texts.update(event.texts)
        case DeckShuffled():
            game.pimps[event.pimp].deck = list(event.order)
            game.pimps[event.pimp].edges = [None, None, None]
        case CardDrawn():
            p = game.pimps[event.pimp]
            _take(p, event.card)
            p.hand.append(event.card)
        case GirlfriendDrawn():
            p = game.pimps[event.pimp]
            game.cards[event.card.id] = event.card
            _take(p, event.card.id)
            (p.pad if event.card.bitch else p.retired).append(event.card.id)
        case GirlfriendClashed():
            p = game.pimps[event.pimp]
            _take(p, event.card.id)
            p.hand.append(event.card.id)
        case FirstPimpChosen():
            game.first = event.pimp
        case InfluenceChanged():
            game.pimps[event.pimp].influence = event.influence
        case MoneyChanged():
            game.pimps[event.pimp].money = event.money
        case ShaggedOutCleared():
            game.shagged = [c for c in game.shagged if c not in event.bitches]
        case ActionBegan():
            game.actions = event.number
            game.ended = event.action == "end"
            if event.action in ("attack-street", "attack-pad", "trash"):
                game.done_once.append(event.action)
        case SpecialPlayed():
            if event.card.special and event.text:
                game.texts[event.card.special] = event.text
            p = game.pimps[event.pimp]
            game.cards[event.card.id] = event.card
            _take(p, event.card.id)
            p.specials.append(event.card.id)
        case BitchBroughtIntoPlay():
            p = game.pimps[event.pimp]
            game.cards[event.card.id] = event.card
            _take(p, event.card.id)
            p.pad.append(event.card.id)
            game.on_bitch.setdefault(event.card.id, 0)
        case BitchMoved():
            p = game.pimps[event.pimp]
            _take(p, event.card)
            (p.pad if event.to == "pad" else p.street).append(event.card)
        case MoneyTransferred():
            game.on_bitch[event.card] -= event.amount
        case InfluenceBought():
            pass
        case EdgeSlotLooked():
            p = game.pimps[event.pimp]
            _take(p, event.card)
            if event.slot is None:
                p.deck.append(event.card)
            else:
                if event.replaced:
                    p.edges[event.slot - 1] = None
                    p.deck.append(event.replaced)
                while len(p.edges) < event.slot:
                    p.edges.append(None)
                p.edges[event.slot - 1] = event.card
        case PowerCardDrawn(card=CardFace() as face):
            p = game.pimps[event.pimp]
            game.cards[face.id] = face
            _take(p, face.id)
            p.deck.append(face.id)
        case InfluenceBid():
            game.pimps[event.pimp].bid = event.tokens
        case BitchRetired():
            p = game.pimps[event.pimp]
            game.cards[event.card.id] = event.card
            _take(p, event.card.id)
            (p.hand if event.to == "hand" else p.retired).append(event.card.id)
            game.on_bitch.pop(event.card.id, None)
            if event.card.id in game.shagged:
                game.shagged.remove(event.card.id)
        case MoneyOnBitch():
            game.on_bitch[event.card] = event.money
        case ShaggedOut():
            game.shagged.append(event.card)
        case BribeDemanded():
            game.pimps[event.pimp].bribe += event.amount
        case BribePaid():
            game.pimps[event.pimp].bribe = 0
        case PimpOut():
            game.pimps[event.pimp].out = True
        case CardsReordered():
            p = game.pimps[event.pimp]
            rest = [c for c in p.deck if c not in event.cards]
            p.deck = [*event.cards, *rest]
        case CardDiscarded():
            p = game.pimps[event.pimp]
            game.cards[event.card.id] = event.card
            _take(p, event.card.id)
            p.retired.append(event.card.id)


def _evolve_activity(game: PimpGame, event: Event) -> None:
    """The contest or multi-step action under way, rebuilt from its events."""
    a = game.activity
    match event:
        case TurnBegan():
            game.done_once = []
            game.actions = 0
            game.ended = False
        case ActionBegan(action="trash"):
            game.activity = Trash(card=str(event.args["card"]), victim=str(event.args["victim"]))
        case ActionBegan(action="edge"):
            game.activity = Edge()
        case ActionBegan(action="look-top"):
            game.activity = LookTop(count=int(event.args.get("count", 3)))
        case AttackDeclared():
            game.activity = Combat(
                attacker=event.pimp,
                defender=event.victim,
                where=event.where,
                target=event.target,
                attackers=list(event.attackers),
                defenders=[event.target],
            )
        case DrawsPlanned() if a is not None:
            a.plan = list(event.draws)
            a.purpose = event.purpose
        case PowerCardDrawn() if a is not None:
            a.powers[event.purpose] = event.power
        case InfluenceTestBegan():
            game.activity = InfluenceTest(challenger=event.challenger, holder=event.holder, card=event.card.id, held=event.held)
        case SolicitationRolled():
            game.activity = _solicitation(event)
            if event.result == "zero-tolerance":
                game.zero_tolerance = True
        case CombatEnded() | ActivityEnded() | PadTrashed() | EdgeSlotLooked() | CardsReordered() | InfluenceTestDecided():
            game.activity = None
        case _:
            _evolve_step(game, a, event)


def _solicitation(event: SolicitationRolled) -> Activity:
    if event.result == "psycho-punter":
        return PsychoPunter(pimp=event.pimp, card=event.card)
    if event.result == "moral-crackdown":
        return Crackdown(pimp=event.pimp, card=event.card)
    if event.result in ENCOUNTERS:
        return Encounter(pimp=event.pimp, card=event.card, result=event.result)
    return Soliciting(pimp=event.pimp, card=event.card)


def _evolve_step(game: PimpGame, a: Activity | None, event: Event) -> None:
    """A step within the activity under way."""
    match a, event:
        case Combat(), DefendersJoined():
            a.defenders = [a.target, *event.bitches]
            a.joined = True
        case Combat(), AttacksAnnounced():
            if event.side == "attack":
                a.attack = dict(event.attacks)
            else:
                a.counter = dict(event.attacks)
        case Combat(), FightTested():
            a.tests(event.stage)[event.card] = event.total
        case Combat(), HitScored():
            a.scored = True
        case InfluenceTest(), BidsRevealed():
            a.bids = dict(event.bids)
            for name in event.bids:
                game.pimps[name].bid = None
        case Soliciting(), PuntersRolled():
            a.service, a.punters, a.price, a.stamina = event.service, event.punters, event.price, event.stamina
        case Soliciting(), BitchesSent():
            a.sending[event.pimp] = list(event.bitches)
        case Soliciting(), OfferPutToTheStreet():
            a.sent = {k: list(v) for k, v in event.sent.items()}
        case Soliciting(), LooksTestStarted():
            game.activity = LooksTests(
                service=event.service, punters=event.punters, price=event.price, stamina=event.stamina, order=list(event.order)
            )
        case LooksTests(), LooksTested():
            a.looks[event.card] = event.total
        case Soliciting() | LooksTests(), BusinessStarted():
            game.activity = Business(
                worker=event.card, service=event.service, punters=event.punters, price=event.price, stamina=event.stamina
            )
        case Business(), StaminaTested():
            a.punter = event.punter
            if not event.passed:
                a.failed = event.punter
        case Crackdown(), CrackdownBegan():
            a.began = True
        case PsychoPunter(), PsychoPunterRolled():
            a.fight, a.controller = event.fight, event.controller
