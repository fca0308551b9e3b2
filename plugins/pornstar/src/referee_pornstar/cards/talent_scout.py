"""Talent Scout (Special): draw two cards from the deck, free.

It may be played in the final round too, when there is no draw (the card wins); with
no card left in the deck it cannot be played.
"""

from __future__ import annotations

import sys

from referee import Decision, Extension, TableState, hookimpl

from ..play import PlayRules, extension, game_of, rule

NAME = "talent-scout"
CARDS = 2
RULES = PlayRules(target="none", lasts="", text=f"Draw {CARDS} cards, free.")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, sys.modules[__name__], RULES.text)]


@hookimpl
def pornstar_play_rules(kind: str) -> PlayRules | None:
    return RULES if kind == NAME else None


@hookimpl
def pornstar_play_refused(state: TableState, seat: str, card: str, kind: str, target: str) -> str | None:
    if kind == NAME and not game_of(state).deck:
        return "the deck is empty: there is nobody left to scout"
    return None


@hookimpl
def pornstar_play_card(decision: Decision, seat: str, card: str, kind: str, target: str) -> None:
    if kind == NAME:
        from ..game import draw

        draw(decision, seat, CARDS, rule=rule(NAME))
