"""The Fixer: his player draws a Draw card when he recruits a ho.

Ruling: a pimp drawn this way joins the clan face up like any Draw pimp; if the clan
already holds 7, the drawn pimp is discarded at once (no choice is asked in the middle
of the contests).
"""

from __future__ import annotations

from referee import Decision, Extension, hookimpl

from ..cards import PIMP_LIMIT
from ..common import card_rule, game_of
from ..declarations import Ability
from ..events import PimpsDiscarded
from ..setup import deal_draws

NAME = "the-fixer"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [Ability(name=NAME, title="The Fixer", default=True, summary="Draw a Draw card when he recruits a ho.")]


@hookimpl
def backhanding_ho_recruited(decision: Decision, seat: str, pimp: str, ho: str) -> None:
    game = game_of(decision)
    if game.cards[pimp].effect != NAME:
        return
    drawn = deal_draws(decision, seat, 1, "The Fixer", card_rule(NAME))
    over = len(game.clans[seat]) - PIMP_LIMIT
    if over > 0:
        extra = tuple(c for c in drawn if game.cards[c].is_pimp)[:over]
        decision.emit(PimpsDiscarded(seat=seat, pimps=extra), rule=card_rule(NAME))
