"""Events of "Setting up": the decks, shuffling and cutting, the girlfriends, who goes first."""

from __future__ import annotations

from referee import Event

from .words import CardFace


class DeckListed(Event, tag="pimp.DeckListed"):
    """Setup: the cards of a pimp's own deck (seen by its owner only)."""

    pimp: str
    deck: str
    cards: list[CardFace]

    def describe(self) -> str:
        return f"{self.pimp} plays the deck {self.deck!r} ({len(self.cards)} cards)"


class DeckShuffled(Event, tag="pimp.DeckShuffled"):
    """Setup: the deck's order after shuffling and cutting (seen by nobody until the end)."""

    pimp: str
    order: list[str]

    def describe(self) -> str:
        return f"{self.pimp} shuffles their deck and lets the others cut it"


class GirlfriendDrawn(Event, tag="pimp.GirlfriendDrawn"):
    """Setup: the top card of a deck, face up: a bitch becomes a girlfriend in the pad."""

    pimp: str
    card: CardFace
    round: int

    def describe(self) -> str:
        what = (
            f"girlfriend {self.card.name} (cost {self.card.cost})"
            if self.card.bitch
            else f"{self.card.name}, a special card: no girlfriend"
        )
        return f"{self.pimp} turns up {what}"


class FirstPimpChosen(Event, tag="pimp.FirstPimpChosen"):
    pimp: str
    cost: int

    def describe(self) -> str:
        return f"{self.pimp} has the best girlfriend and goes first"
