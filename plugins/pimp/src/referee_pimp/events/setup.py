"""Events of "Setting up": the decks, shuffling and cutting, the girlfriends, who goes first."""

from __future__ import annotations

import msgspec

from referee import Event
from referee.words import Words, count

from .words import CardFace, sentence, their


class DeckListed(Event, tag="pimp.DeckListed"):
    """Setup: the cards of a pimp's own deck (seen by its owner only)."""

    pimp: str
    deck: str
    cards: list[CardFace]
    texts: dict[str, str] = msgspec.field(default_factory=dict)
    """What each special card in the deck does, by its name in the decks ("king-of-cool"), in
    the words of the table's card data (specials.toml, a special card plugin's own entry)."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.pimp, "plays", f'the deck "{self.deck}" ({count(len(self.cards), "card")})')


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


class GirlfriendClashed(Event, tag="pimp.GirlfriendClashed"):
    """Setup: a girlfriend turned up whose name is already in play, or turned up by another pimp
    in the same draw ("There can be only one bitch of a particular name in play at any one
    time"): she leaves the pad for her pimp's hand and counts for nothing in choosing who goes
    first."""

    pimp: str
    card: CardFace
    others: list[str]
    """The pimps who have (or turned up in the same draw) an escort of that name."""

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence(
            f"{w.possessive(self.pimp)} {self.card.shown} shares her name with an escort of {w.names(self.others)}: "
            f"only one bitch of a name is in play, so she goes into {their(w, self.pimp)} hand instead of the pad"
        )


class FirstPimpChosen(Event, tag="pimp.FirstPimpChosen"):
    pimp: str
    cost: int

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return sentence(f"{w.says(self.pimp, 'has', 'the best girlfriend')} and {w.verb(self.pimp, 'goes')} first")
