"""What a finished game of The Backhanding tells a balance measure (``referee_balance_facts``).

Held, by the names printed on the cards: every pimp and Draw card a player gets (dealt,
drawn, taken with Pickpocket) as a ``"card"``, a Dirty Trick as a ``"dirty trick"``, the
ability of every pimp a player gets as an ``"ability"``, and every ho he recruits as a
``"ho"``: a ho is the prize the game is scored in, not a card dealt to play, so her holder's
win share says what she is worth, not whether the set is fair (DATA.md, "Balance").
Used: a pimp placed and a modifier played (``"card"``), a ho still held at the final
count (``"ho"``), a Dirty Trick played (``"dirty trick"``: played is used, even where an
earlier trick made it moot), and each time an
ability works (``"ability"``): a bonus in a roll (Sweet Talker, Enforcer, Hitman), a tie
won (Smooth Operator), a card drawn on recruiting (The Fixer), a pimp back to the clan
(Slippery), a ho worth more at the count (Sugar Daddy).  An ability from another
distribution that works through ``backhanding_bonus`` or ``backhanding_wins_ties`` is
counted here too, by the title its effect's name makes; one working otherwise says its own uses.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee import Event, Held, TableState, Used, hookimpl

from .abilities import sugar_daddy, the_fixer
from .cards import ability_title
from .common import game_of
from .events import (
    ContestRolled,
    DrawCardsDealt,
    DrawCountDealt,
    HoEliminated,
    HoRecruited,
    HoValued,
    PimpPlaced,
    PimpsDealt,
    PlaysRevealed,
)
from .tricks.pickpocket import CardStolen

CARD = "card"
TRICK = "dirty trick"
ABILITY = "ability"
HO = "ho"
FIXER = ability_title(the_fixer.NAME)
SUGAR_DADDY = ability_title(sugar_daddy.NAME)


def _got(state: TableState, seat: str, cards: Iterable[str]) -> list[Held | Used]:
    game = game_of(state)
    facts: list[Held | Used] = []
    for card in cards:
        c = game.cards[card]
        facts.append(Held(seat, TRICK if c.kind == "trick" else HO if c.kind == "ho" else CARD, c.name))
        if c.is_pimp and c.effect:
            facts.append(Held(seat, ABILITY, ability_title(c.effect)))
    return facts


def _ability(state: TableState, seat: str, pimp: str) -> list[Held | Used]:
    card = game_of(state).cards.get(pimp)
    return [Used(seat, ABILITY, ability_title(card.effect))] if card is not None and card.effect else []


def _rolled(state: TableState, event: ContestRolled) -> list[Held | Used]:
    facts = [f for seat, roll in event.rolls.items() if roll.ability for f in _ability(state, seat, roll.pimp)]
    if event.tie_broken_by:
        facts += _ability(state, event.tie_broken_by, event.rolls[event.tie_broken_by].pimp)
    return facts


def _played(state: TableState, event: PlaysRevealed) -> list[Held | Used]:
    cards = game_of(state).cards
    return [Used(seat, TRICK if cards[c].kind == "trick" else CARD, cards[c].name) for seat, plays in event.plays.items() for c in plays]


def _valued(state: TableState, event: HoValued) -> list[Held | Used]:
    kept: list[Held | Used] = [Used(event.seat, HO, game_of(state).cards[event.ho].name)]
    if not event.bonus:
        return kept
    return kept + ([Used(event.seat, ABILITY, SUGAR_DADDY)] if sugar_daddy.backhanding_ho_value(state, event.seat, event.ho) else [])


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    match event:
        case PimpsDealt() | DrawCardsDealt():
            return _got(state, event.seat, event.pimps if isinstance(event, PimpsDealt) else event.cards)
        case HoRecruited():
            return _got(state, event.seat, [event.ho])
        case CardStolen():
            return _got(state, event.thief, [event.card])
        case PimpPlaced():
            return [Used(event.seat, CARD, game_of(state).cards[event.pimp].name)]
        case PlaysRevealed():
            return _played(state, event)
        case ContestRolled():
            return _rolled(state, event)
        case DrawCountDealt() if event.reason == FIXER:
            return [Used(event.seat, ABILITY, FIXER)]
        case HoEliminated() if event.protector_to == "clan":
            return _ability(state, event.owner, event.protector)
        case HoValued():
            return _valued(state, event)
    return None
