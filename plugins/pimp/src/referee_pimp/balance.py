"""What a finished Pimp game tells a balance measure (``referee_balance_facts``).

Held: each pimp's deck, by its name ("Madame Zora's House"), and each special card drawn
into a pimp's hand, by its printed name (copies count as the one card).  Used: each
special card played.  A special card only turned up (a power card, a girlfriend) was
never in the hand, so it is neither.
"""

from __future__ import annotations

from referee import Event, Held, TableState, Used, hookimpl

from .common import game_of
from .events import CardDrawn, DeckListed, SpecialPlayed

DECK = "deck"
SPECIAL = "special card"


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    if isinstance(event, DeckListed):
        return [Held(event.pimp, DECK, event.deck)]
    if isinstance(event, CardDrawn):
        face = game_of(state).cards.get(event.card)
        return [Held(event.pimp, SPECIAL, face.name)] if face is not None and not face.bitch else None
    if isinstance(event, SpecialPlayed):
        return [Used(event.pimp, SPECIAL, event.card.name)]
    return None
