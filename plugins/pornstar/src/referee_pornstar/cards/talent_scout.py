"""Talent Scout (Special): draw two cards from the deck, free.

It may be played in the final round too, when there is no draw (the card wins); with
no card left in the deck it cannot be played.
"""

from __future__ import annotations

from referee import Decision, TableState, hookimpl
from referee_pornstar.api import PlayRules, card_hooks, draw, game_of, rule

NAME = "talent-scout"
CARDS = 2
RULES = PlayRules(target="none", lasts="", text=f"Draw {CARDS} cards, free.")


referee_extensions, pornstar_play_rules = card_hooks(NAME, RULES)


@hookimpl
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    if kind == NAME and not game_of(state).deck:
        return "the deck is empty: there is nobody left to scout"
    return None


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    if kind == NAME:
        draw(decision, seat, CARDS, rule=rule(NAME))
