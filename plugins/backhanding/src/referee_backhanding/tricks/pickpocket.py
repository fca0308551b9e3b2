"""Pickpocket: take a random card from an opponent's hand.

Rulings: the card is drawn at random when the trick is carried out (after every sealed
play of the step is revealed, so cards just played are no longer in the hand); only the
thief and the victim see which card it is; an empty hand gives nothing.  It is offered in
the macking and backhanding plays, never at the final count: the count's plays are the
last of the game, so a card taken then could never be played, and the trick would do
nothing.
"""

from __future__ import annotations

from referee import Decision, Entry, Event, Extension, TableState, Words, hookimpl

from ..cards import card_name
from ..common import card_rule, game_of, opponents
from ..declarations import DirtyTrick

NAME = "pickpocket"


class PocketPicked(Event, tag="backhanding.PocketPicked"):
    """``thief`` picked ``victim``'s pocket (which card: ``CardStolen``, for the two of them)."""

    thief: str
    victim: str
    took: bool

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.thief, "picked", f"{w.possessive(self.victim)} pocket") + ("" if self.took else ", which was empty")


class CardStolen(Event, tag="backhanding.CardStolen"):
    """The card ``thief`` took from ``victim`` (visible to the two of them)."""

    thief: str
    victim: str
    card: str

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.thief, "took", f"{card_name(self.card)} from {w.name(self.victim)}")


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, CardStolen):
        game = game_of(state)
        game.hands[event.victim].remove(event.card)
        game.hands[event.thief].append(event.card)


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        DirtyTrick(
            name=NAME,
            title="Pickpocket",
            default=True,
            summary="Take a random card from an opponent's hand.",
            steps=("macking", "backhanding"),
            targets=targets,
            effect=effect,
            events=[PocketPicked, CardStolen],
            evolve=evolve,
        )
    ]


def targets(state: TableState, seat: str, step: str) -> list[str]:
    game = game_of(state)
    return [s for s in opponents(game, seat) if game.hands[s]]


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    hand = game_of(decision).hands[target]
    if not hand:
        return [PocketPicked(thief=seat, victim=target, took=False)]
    # Which card changes hands is the two players' secret: emitted here, seen by them alone.
    taken = decision.pick(list(hand), purpose=f"{seat}'s Pickpocket on {target}", visible_to=(seat, target))
    decision.emit(CardStolen(thief=seat, victim=target, card=taken), rule=card_rule(NAME), visible_to=(seat, target))
    return [PocketPicked(thief=seat, victim=target, took=True)]


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    """The stolen card is the thief's and the victim's secret: the others know only that one changed hands."""
    if entry.type != "backhanding.CardStolen":
        return None
    return f"A card changed hands between {words.names(entry.visible_to or [])}, face down to you"
