"""Pickpocket: take a random card from an opponent's hand.

Rulings: the card is drawn at random when the trick is carried out (after every sealed
play of the step is revealed, so cards just played are no longer in the hand); only the
thief and the victim see which card it is; an empty hand gives nothing.  It is offered in
the macking and backhanding plays, never at the final count: the count's plays are the
last of the game, so a card taken then could never be played, and the trick would do
nothing.
"""

from __future__ import annotations

from referee import Decision, Entry, Event, TableState, Words, hookimpl

from ..cards import card_name
from ..common import card_hooks, card_rule, game_of, opponents
from . import is_mine

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


referee_extensions, backhanding_effects = card_hooks(
    NAME,
    "Pickpocket",
    "dirty trick",
    "Take a random card from an opponent's hand.",
    events=[PocketPicked, CardStolen],
    evolve=evolve,
)


@hookimpl
def backhanding_trick_targets(state: TableState, seat: str, card: str, step: str) -> list[str] | None:
    if not is_mine(state, card, NAME):
        return None
    if step == "count":
        return []
    game = game_of(state)
    return [s for s in opponents(game, seat) if game.hands[s]]


@hookimpl
def backhanding_trick_played(decision: Decision, seat: str, card: str, target: str) -> bool | None:
    if not is_mine(decision.state, card, NAME):
        return None
    hand = game_of(decision).hands[target]
    if not hand:
        decision.emit(PocketPicked(thief=seat, victim=target, took=False), rule=card_rule(NAME))
        return True
    taken = decision.pick(list(hand), purpose=f"{seat}'s Pickpocket on {target}", visible_to=(seat, target))
    decision.emit(CardStolen(thief=seat, victim=target, card=taken), rule=card_rule(NAME), visible_to=(seat, target))
    decision.emit(PocketPicked(thief=seat, victim=target, took=True), rule=card_rule(NAME))
    return True


@hookimpl
def referee_describe_hidden(entry: Entry, words: Words) -> str | None:
    """The stolen card is the thief's and the victim's secret: the others know only that one changed hands."""
    if entry.type != "backhanding.CardStolen":
        return None
    return f"A card changed hands between {words.names(entry.visible_to or [])}, face down to you"
