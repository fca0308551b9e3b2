"""What every phase's events share: a card's face, and the words events name cards and money in.

A card's face is recorded the first time it is seen: a seat sees its own deck list and
hand; everyone sees a card once it is played, drawn as a power card or retired.  Events
name a card as their ``names`` do ("Ann's Vicky"), spoken to the reader ("your Vicky"),
with the copy's number where a deck holds several ("Streetwalker U #2"); a log recorded
before names reads the name out of the card's id.
"""

from __future__ import annotations

from typing import Any

import msgspec

from referee.words import Words, count, listing, money


def copy_number(card: str) -> int | None:
    """The copy a card id names ("Ann/streetwalker-u#2" -> 2); None for a card with no copies
    (an escort's id carries none)."""
    _, mark, number = card.rpartition("#")
    return int(number) if mark and number.isdigit() else None


def with_copy(name: str, card: str) -> str:
    """``name`` told apart from the other copies of its card: the first copy keeps the printed
    name, the second reads "Streetwalker U #2", and so on; the number never changes in a game."""
    number = copy_number(card)
    suffix = f" #{number}" if number and number > 1 else ""
    return name if not suffix or name.endswith(suffix) else name + suffix


def owner_of(card: str) -> str | None:
    """The pimp a card id belongs to (ids are ``<pimp>/<card id in the deck>``); None for what
    is no card (the psycho punter)."""
    owner, slash, _ = card.rpartition("/")
    return owner if slash else None


def _from_id(card: str) -> str:
    """A card's name read out of its id, for logs recorded before events named their cards."""
    _, _, own = card.rpartition("/")
    words = own.partition("#")[0].replace("-", " ").split()
    return with_copy(" ".join(w[:1].upper() + w[1:] for w in words) or "a card", card)


def bare(event: Any, card: str) -> str:
    """A card's own name, without its pimp's ("Vicky", "Streetwalker U #2")."""
    names: dict[str, str] = getattr(event, "names", {})
    owner = owner_of(card)
    if owner is None:
        return names.get(card, card)
    named = names.get(card)
    if named is None:
        return _from_id(card)
    prefix = f"{owner}'s "
    return with_copy(named[len(prefix) :] if named.startswith(prefix) else named, card)


def card(words: Words, event: Any, card: str) -> str:
    """A card as a reader reads it: "your Vicky", "Ann's Streetwalker U #2"; the psycho punter
    (no card) as "the psycho punter"."""
    owner = owner_of(card)
    if owner is None:
        name = bare(event, card)
        return name if name[:1].isupper() else f"the {name}"
    return f"{words.possessive(owner)} {bare(event, card)}"


def cards(words: Words, event: Any, ids: list[str]) -> str:
    return listing([card(words, event, c) for c in ids])


def bares(event: Any, ids: list[str]) -> str:
    """Cards of the pimp a line is about, by their own names ("Ann sends Vicky and Candy")."""
    return listing([bare(event, c) for c in ids])


def their(words: Words, seat: str) -> str:
    """ "your" for the reader, else "their" (a pimp is "they")."""
    return "your" if words.is_reader(seat) else "their"


def sentence(text: str) -> str:
    """A log line opens with a capital letter."""
    return text[:1].upper() + text[1:]


def _n(event: Any, card_id: str) -> str:
    """A card as the event names it, for no reader in particular ("Ann's Vicky")."""
    return card(Words(None), event, card_id)


def _all(event: Any, ids: list[str]) -> str:
    return cards(Words(None), event, ids)


def _money(amount: int) -> str:
    return money(amount)


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return count(n, word, plural)


class CardFace(msgspec.Struct, frozen=True, omit_defaults=True):
    """What is printed on a card."""

    id: str
    """Unique at the table: ``<pimp>/<card id in the deck>``."""
    owner: str
    kind: str
    """``escort`` (named, unique in play), ``streetwalker`` (nameless) or ``special``."""
    name: str
    cost: int = 0
    looks: int = 0
    fight: int = 0
    stamina: int = 0
    services: dict[str, int] = {}
    special: str | None = None

    @property
    def bitch(self) -> bool:
        return self.kind != "special"

    @property
    def power(self) -> int:
        """ "If the card you draw is a bitch card, the power rating is equal to the cost.  If it
        is a special card, the power rating is zero."""
        return self.cost if self.bitch else 0

    @property
    def shown(self) -> str:
        """The name a player reads and types: the printed name, with the copy's number from
        the second copy on ("Streetwalker U #2")."""
        return with_copy(self.name, self.id)
