"""Talent Scout (Special): draw two cards from the deck, free.

It may be played in the final round too, when there is no draw (the card wins); with
no card left in the deck it cannot be played.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, draw, game_of, rule

NAME = "talent-scout"
CARDS = 2
RULES = PlayRules(target="none", lasts="", text=f"Draw {CARDS} cards, free.")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [PlayCard(name=NAME, title="Talent Scout", card_type="Special", default=True, rules=RULES, refused=refused, effect=effect)]


def refused(state: TableState, seat: str, target: str) -> str | None:
    if not game_of(state).deck:
        return "the deck is empty: there is nobody left to scout"
    return None


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    # The cards drawn are seen by the drawer alone: draw emits them so, and nothing is left to return.
    draw(decision, seat, CARDS, rule=rule(NAME, decision))
    return []
