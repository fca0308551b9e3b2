"""What every part of the Pimp rules uses: the numbers the rulebook sets, the hooks that
change them, tokens that never go below zero, seating, retiring a bitch."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import msgspec

import referee
from referee import Decision, Event, Option, words

from .events import BitchRetired, CardDrawn, CardFace, InfluenceChanged, MoneyChanged, MoneyOnBitch
from .events.doing_shit import ACTIONS_PER_TURN as ACTIONS_PER_TURN
from .state import Activity, PimpGame

HAND_LIMIT = 5
EDGE_SLOTS = 3
DUES = 2
STARTING_INFLUENCE = 20
STARTING_HAND = 5
ONCE_PER_TURN = ("attack-street", "attack-pad", "trash")
PHASES = ("pay dues", "recruitment", "doing shit", "retirement")

A = TypeVar("A")


def game_of(d: Decision | referee.TableState) -> PimpGame:
    game: PimpGame = d.game
    return game


def activity(d: Decision) -> Activity:
    """The activity under way; only called where one is."""
    a = game_of(d).activity
    assert a is not None, "no activity is under way"
    return a


def activity_as(d: Decision, kind: type[A]) -> A:
    """The activity under way, which the caller knows to be a ``kind``."""
    a = activity(d)
    assert isinstance(a, kind), f"the activity under way is {type(a).__name__}, not {kind.__name__}"
    return a


def face(d: Decision, card: str) -> CardFace:
    return game_of(d).cards[card]


def total(results: list[Any]) -> int:
    return sum(int(r) for r in results if r)


def first(result: Any, default: Any) -> Any:
    return default if result is None else result


def cost(d: Decision, pimp: str, card: str) -> int:
    reduction = total(d.rules.hook.pimp_cost_reduction(state=d.state, pimp=pimp, card=card))
    return max(0, face(d, card).cost - reduction)


def hand_limit(d: Decision, pimp: str) -> int:
    return int(first(d.rules.hook.pimp_hand_limit(state=d.state, pimp=pimp), HAND_LIMIT))


def edge_slots(d: Decision, pimp: str) -> int:
    return int(first(d.rules.hook.pimp_edge_slots(state=d.state, pimp=pimp), EDGE_SLOTS))


def influence(d: Decision, pimp: str, change: int, reason: str, rule: str) -> None:
    """Change red tokens; "influence and money can never go below zero"."""
    p = game_of(d).pimps[pimp]
    new = max(0, p.influence + change)
    if new != p.influence:
        d.emit(InfluenceChanged(pimp=pimp, change=new - p.influence, influence=new, reason=reason), rule=rule)


def money(d: Decision, pimp: str, change: int, reason: str, rule: str) -> None:
    p = game_of(d).pimps[pimp]
    new = max(0, p.money + change)
    if new != p.money:
        d.emit(MoneyChanged(pimp=pimp, change=new - p.money, money=new, reason=reason), rule=rule)


def neighbours(d: Decision, pimp: str) -> list[str]:
    """The opponents to the immediate left and right (seat order is clockwise)."""
    living = [s for s in d.seats if not game_of(d).pimps[s].out]
    if len(living) < 2:
        return []
    i = living.index(pimp)
    return sorted({living[(i + 1) % len(living)], living[(i - 1) % len(living)]} - {pimp})


def left_of(d: Decision, pimp: str) -> str:
    living = [s for s in d.seats if not game_of(d).pimps[s].out or s == pimp]
    return living[(living.index(pimp) + 1) % len(living)]


def offers(card: CardFace, service: str) -> int:
    """Levels of ``service`` a bitch offers; "standard ... all bitches can do"."""
    if service == "standard":
        return max(1, card.services.get("standard", 1))
    return card.services.get(service, 0)


def dollars(amount: int) -> str:
    """Money as money: $100,000."""
    return words.money(amount)


_CARD_FIELDS = ("card", "target", "attackers", "bitches", "retired", "order", "by", "attacks", "sent", "replaced", "cards")
"""The fields of Pimp events that name cards in play by id."""

E = TypeVar("E", bound=Event)


def card_name(game: PimpGame, card: str) -> str:
    """How the log names a card: its pimp's and its own name ("Ann's Vicky", "Ann's Streetwalker U #2")."""
    face = game.cards.get(card)
    return f"{face.owner}'s {face.shown}" if face is not None else card


def named(d: Decision, event: E) -> E:
    """``event`` with the name of every card it mentions, so each line of the log can say
    which card it is about without the table's state at hand."""
    game = game_of(d)
    cards: list[str] = []
    for field in _CARD_FIELDS:
        value = getattr(event, field, None)
        if isinstance(value, str):
            cards.append(value)
        elif isinstance(value, list):
            cards.extend(v for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            for key, item in value.items():
                cards.append(key)
                cards.extend([item] if isinstance(item, str) else item)
    names = {card: card_name(game, card) for card in cards if card in game.cards}
    return msgspec.structs.replace(event, names=names)


def options(pairs: Iterable[tuple[str, str]]) -> tuple[Option, ...]:
    """Options from (value, label) pairs, every label told apart: copies of one card read
    "Streetwalker U (your hand)", "Streetwalker U #2 (your hand)", so a person can name
    each by its label, with or without the remark in brackets."""
    seen: dict[str, int] = {}
    made = []
    for value, label in pairs:
        count = seen[label.casefold()] = seen.get(label.casefold(), 0) + 1
        if count > 1:
            name, bracket, remark = label.partition(" (")
            label = f"{name} #{count}{bracket}{remark}"
        made.append(Option(value, label))
    return tuple(made)


def card_label(card: CardFace) -> str:
    if not card.bitch:
        return f"{card.shown} (special)"
    services = ", ".join(f"{s} {n}" for s, n in sorted(card.services.items()) if s != "standard")
    return f"{card.shown} (cost {card.cost}, looks {card.looks}, fight {card.fight}, stamina {card.stamina}{', ' + services if services else ''})"


def draw_to_hand(d: Decision, pimp: str, reason: str) -> bool:
    deck = game_of(d).pimps[pimp].deck
    if not deck:
        return False
    d.emit(named(d, CardDrawn(pimp=pimp, card=deck[0], reason=reason)), rule="recruitment", visible_to=[pimp])
    return True


def retire(d: Decision, card: str, reason: str, *, combat: bool) -> None:
    game = game_of(d)
    pimp = game.owner(card)
    to = "retired"
    if combat:
        to = str(first(d.rules.hook.pimp_retire_to(state=d.state, pimp=pimp, card=card, reason=reason), "retired"))
    carried = game.on_bitch.get(card, 0)
    if carried:
        d.emit(named(d, MoneyOnBitch(card=card, change=-carried, money=0, reason="lost with her")), rule="retirement")
    d.emit(BitchRetired(pimp=pimp, card=game.cards[card], to=to, reason=reason), rule="retirement")
