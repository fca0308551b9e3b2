"""Paparazzi: a Play card for PornStar that is not one of the game's ten.

The whole card is one declaration, a ``referee_pornstar.PlayCard``: its title and type as
printed, its rules (played on a Star of another studio, discarded at once, and the text
players read), when it may not be played (``refused``) and what it does (``effect``,
returning its one event).  ``copies`` deals two of it at every table it is at.

Rules 1 to 3 are in the README, with their rulings.
"""

from __future__ import annotations

from referee import Decision, Event, Extension, TableState, Words, hookimpl
from referee_pornstar import PlayCard
from referee_pornstar.api import PlayRules, called, game_of, money, named, names_field

NAME = "paparazzi"
TITLE = "Paparazzi"
PRICE = 10
"""What the Star's studio pays for the negatives (rule 2)."""
COPIES = ("PZ1", "PZ2")
"""The two copies' card ids in the card list (rule 1)."""
RULES = PlayRules(
    target="other-star",
    lasts="",
    text=f"A Star of another studio is caught on camera: her studio pays you {money(PRICE)} for the negatives (all it has, if less).",
)


class NegativesBought(Event, tag="pornstar.paparazzi.NegativesBought"):
    """Rule 2: ``seat`` paid ``paid`` to ``to`` for the photos of ``star``."""

    seat: str
    to: str
    star: str
    paid: int
    names: dict[str, str] = names_field()

    def describe(self, words: Words | None = None) -> str:
        w = words or Words()
        return w.says(self.seat, "pays", f"{w.name(self.to)} {money(self.paid)} for the photos of {called(self.names, self.star)}")


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, NegativesBought):
        studios = game_of(state).studios
        studios[event.seat].money -= event.paid
        studios[event.to].money += event.paid


def refused(state: TableState, seat: str, target: str) -> str | None:
    """Rule 3: a studio without money has nothing to buy the negatives with."""
    owner = game_of(state).owner_of_star(target)
    if owner is None or owner == seat:
        return f"{TITLE} is played on a Star of another studio"
    if game_of(state).studios[owner].money <= 0:
        return f"{owner} has no money to buy the negatives with"
    return None


def effect(decision: Decision, seat: str, target: str) -> list[Event]:
    """Rule 2: the Star's studio pays the player, at most what it has."""
    owner = game_of(decision).owner_of_star(target) or ""
    paid = min(PRICE, game_of(decision).studios[owner].money)
    return [NegativesBought(seat=owner, to=seat, star=target, paid=paid, names=named(decision, target))]


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        PlayCard(
            name=NAME,
            title=TITLE,
            card_type="Event",
            rules=RULES,
            refused=refused,
            effect=effect,
            rule="pornstar.paparazzi 2",
            copies=COPIES,
            events=[NegativesBought],
            evolve=evolve,
        )
    ]
