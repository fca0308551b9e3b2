"""Events of "Setting up": the decks, shuffling and cutting, the girlfriends, who goes first."""

from __future__ import annotations

from referee import Event
from referee.words import Words, count, listing

from .words import CardFace, sentence, their


class DeckListed(Event, tag="pimp.DeckListed"):
    """Setup: the cards of a pimp's own deck (seen by its owner only)."""

    pimp: str
    deck: str
    cards: list[CardFace]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.pimp, "plays", f'the deck "{self.deck}" ({count(len(self.cards), "card")})')


class SpecialCardsListed(Event, tag="pimp.SpecialCardsListed"):
    """Setup: the special cards decks may hold at this table and what each does, in the words
    of the table's card data (specials.toml, a special card plugin's own entry), so a card
    shows its own rules text wherever it is seen.  Public: it is the table's rules, not
    what any deck holds."""

    names: dict[str, str]
    """The card's name in the decks ("king-of-cool") -> its printed name."""
    texts: dict[str, str]
    """The card's name in the decks -> what it does."""

    def describe(self, words: Words | None = None) -> str:
        return f"Special cards at this table: {listing(list(self.names.values()), empty='no special card')}"


class DeckShuffled(Event, tag="pimp.DeckShuffled"):
    """Setup: the deck's order after shuffling and cutting (seen by nobody until the end)."""

    pimp: str
    order: list[str]

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.pimp, "shuffles", f"{their(w, self.pimp)} deck and {w.verb(self.pimp, 'lets')} the others cut it")


class GirlfriendDrawn(Event, tag="pimp.GirlfriendDrawn"):
    """Setup: the top card of a deck, face up: a bitch becomes a girlfriend in the pad."""

    pimp: str
    card: CardFace
    round: int

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        again = " again, to break the tie" if self.round > 1 else ""
        if self.card.bitch:
            return w.says(self.pimp, "turns up", f"{self.card.shown} (cost {self.card.cost}){again}: {their(w, self.pimp)} girlfriend")
        return w.says(self.pimp, "turns up", f"{self.card.shown}{again}, a special card: no girlfriend")


class FirstPimpChosen(Event, tag="pimp.FirstPimpChosen"):
    pimp: str
    cost: int

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence(f"{w.says(self.pimp, 'has', 'the best girlfriend')} and {w.verb(self.pimp, 'goes')} first")
