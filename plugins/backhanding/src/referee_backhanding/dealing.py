"""Where the setup's shuffles deal their cards (``Game.deals``): a scenario file that
deals named cards (``deal = { Ann = ["snitch"] }``) puts them there, so a worked example
changes only when its own cards do, not when a plugin's card joins a deck."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import referee

from .setup import DRAWS_DEALT, HOS_PER_ROUND, PIMPS_DEALT

PLACES = {"the Pimp deck": "pimp-deck", "the Ho deck": "ho-deck", "the Draw deck": "draw-deck"}
"""What a deal calls each deck's cards left after the setup dealt (top first)."""
STREET = "street"
"""What a deal calls the street: the first hos of the Ho deck, filled at the setup."""


def positions(state: referee.TableState, purpose: str, size: int) -> Mapping[str, Sequence[int]] | None:
    """Each player's places in the Pimp and Draw decks as the setup deals them (in seat
    order, five each), the street's in the Ho deck, and what is left of each deck; None
    for a later shuffle (the discard pile into a new Draw deck)."""
    if purpose not in PLACES:
        return None
    if purpose == "the Ho deck":
        dealt: dict[str, range] = {STREET: range(HOS_PER_ROUND)}
    else:
        each = PIMPS_DEALT if purpose == "the Pimp deck" else DRAWS_DEALT
        dealt = {seat: range(at * each, (at + 1) * each) for at, seat in enumerate(state.seats)}
    left = max(r.stop for r in dealt.values())
    return {**dealt, PLACES[purpose]: range(left, size)}
