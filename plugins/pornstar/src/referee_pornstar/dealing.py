"""Where the Setup's shuffle deals its cards (``Game.deals``): a scenario file that deals
named cards (``deal = { Ann = ["F20", "S05"] }``) puts them in that studio's opening hand,
so a worked example changes only when its own cards do, not when a card joins the deck."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import referee

from .rulebook import HAND

DECK = "deck"
"""What a deal calls the deck left after the opening hands (top first)."""


def positions(state: referee.TableState, purpose: str, size: int) -> Mapping[str, Sequence[int]] | None:
    """Each studio's five cards from the top of the first shuffle, the one who goes first
    first (The Setup), then the deck; None for a later shuffle (a mulligan, a Star
    shuffled back)."""
    if purpose != "the deck":
        return None
    order = state.game.order
    hands: dict[str, Sequence[int]] = {seat: range(at * HAND, (at + 1) * HAND) for at, seat in enumerate(order)}
    return {**hands, DECK: range(len(order) * HAND, size)}
