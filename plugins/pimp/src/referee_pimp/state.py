"""The state of a Pimp table and its mutator (the only code that changes it)."""

from __future__ import annotations

from typing import Any

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
    DrawsPlanned,
    EdgeSlotLooked,
    FightTested,
    FirstPimpChosen,
    GirlfriendDrawn,
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
    on_bitch: dict[str, int] = {}
    """Money tokens on each bitch in play."""
    shagged: list[str] = []
    first: str | None = None
    actions: int = 0
    """Actions taken in this Doing Shit phase."""
    done_once: list[str] = []
    """The once-per-turn actions taken this turn."""
    activity: dict[str, Any] = {}
    """The contest or multi-step action under way (see ``game``), or empty."""
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
            if event.action in ("attack-street", "attack-pad", "trash"):
                game.done_once.append(event.action)
        case SpecialPlayed():
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
        case ActionBegan(action=("trash" | "edge" | "look-top") as kind):
            game.activity = {"kind": kind, **event.args}
        case AttackDeclared():
            game.activity = {
                "kind": "combat",
                "attacker": event.pimp,
                "defender": event.victim,
                "where": event.where,
                "target": event.target,
                "attackers": list(event.attackers),
                "defenders": [event.target],
                "attacks": {},
                "tests": {"attack": {}, "counter": {}},
                "powers": {},
                "plan": [],
            }
        case DefendersJoined():
            a["defenders"] = [a["target"], *event.bitches]
            a["joined"] = True
        case AttacksAnnounced():
            a["attacks"][event.side] = dict(event.attacks)
        case DrawsPlanned():
            a["plan"] = [msgspec.to_builtins(d) for d in event.draws]
            a["purpose"] = event.purpose
        case PowerCardDrawn() if a:
            a.setdefault("powers", {})[event.purpose] = event.power
        case FightTested() if "tests" in a:
            a["tests"][event.stage][event.card] = event.total
        case InfluenceTestBegan():
            game.activity = {
                "kind": "influence",
                "challenger": event.challenger,
                "holder": event.holder,
                "card": event.card.id,
                "held": event.held,
                "powers": {},
                "plan": [],
            }
        case BidsRevealed():
            a["bids"] = dict(event.bids)
            for name in event.bids:
                game.pimps[name].bid = None
        case SolicitationRolled():
            game.activity = {"kind": "solicit", "pimp": event.pimp, "card": event.card, "result": event.result, "powers": {}, "plan": []}
            if event.result == "zero-tolerance":
                game.zero_tolerance = True
        case PuntersRolled():
            a.update(service=event.service, punters=event.punters, price=event.price, stamina=event.stamina)
        case OfferPutToTheStreet():
            a["sent"] = {k: list(v) for k, v in event.sent.items()}
        case LooksTestStarted():
            a.update(order=list(event.order), looks={}, stage="looks")
        case LooksTested():
            a["looks"][event.card] = event.total
        case BusinessStarted():
            a.update(
                stage="business",
                worker=event.card,
                punter=0,
                service=event.service,
                punters=event.punters,
                price=event.price,
                stamina=event.stamina,
            )
        case StaminaTested():
            a["punter"] = event.punter
            if not event.passed:
                a["failed"] = event.punter
        case BitchesSent():
            a.setdefault("sending", {})[event.pimp] = list(event.bitches)
        case CrackdownBegan():
            a["stage"] = "crackdown"

        case PsychoPunterRolled():
            a.update(stage="psycho", fight=event.fight, controller=event.controller)
        case CombatEnded() | ActivityEnded() | PadTrashed() | EdgeSlotLooked() | CardsReordered():
            game.activity = {}
        case InfluenceTestDecided():
            game.activity = {}
