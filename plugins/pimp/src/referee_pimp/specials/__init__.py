"""The six special cards of Pimp, one plugin module each, and how any special card is declared.

Each declares itself with ``referee_extensions`` (a :class:`SpecialCard`, kind
``"card"``, on by default: the cards are in the decks) and implements the Pimp hooks its
card needs.  A new special card is written the same way from another distribution: its
declaration carries its specials.toml entry (``title`` is the printed name, ``text``
what it does), and decks may name it (``special = "<its name>"``) at the tables its
plugin is at.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee import Extension, Rules, TableState

from .. import cards
from ..cards import SpecialInfo, Specials

SPECIALS: dict[str, str] = {
    "king-of-cool": "King of Cool",
    "tame-shrink": "Tame Shrink",
    "word-on-the-streets": "Word on the Streets",
    "posse": "Posse",
    "bitch-magnet": "Bitch Magnet",
    "charisma": "Charisma",
}
"""The six: id -> printed name."""


@dataclass(frozen=True, kw_only=True)
class SpecialCard(Extension):
    """A special card's declaration: an ``Extension`` of Pimp, kind ``"card"``, with its data entry.

    ``SpecialCard(name="street-cred", title="Street Cred", plugin=module, text="...")``:
    ``name`` is the id decks name it by, ``title`` and ``text`` are the two fields of a
    specials.toml entry (the printed name, what the card does).  Like the six, it costs
    nothing to play and has a power rating of 0.
    """

    game: str = "pimp"
    kind: str = "card"
    text: str = ""
    """What the card does, in the words a player reads (specials.toml's ``text``)."""

    def entry(self) -> SpecialInfo:
        return SpecialInfo(name=self.title, text=self.text)


def specials_of(extensions: Rules | Iterable[Extension]) -> Specials:
    """The special cards decks may hold among ``extensions`` (a table's ``Rules``, or any
    extensions): the shipped six, and every :class:`SpecialCard` declared among them.

    Raises ``referee_pimp.cards.DataError`` for a declaration that is not a valid entry.
    """
    found = extensions.extensions if isinstance(extensions, Rules) else extensions
    declared = {e.name: e.entry() for e in found if isinstance(e, SpecialCard) and e.name not in cards.SPECIALS.specials}
    if not declared:
        return cards.SPECIALS
    # Specials checks each entry as it would a line of specials.toml.
    return Specials(specials={**cards.SPECIALS.specials, **declared})


def extension(special: str, summary: str) -> SpecialCard:
    """One of the six's declarations: its entry in the shipped specials.toml, on by default;
    its plugin is the module whose ``referee_extensions`` offers it."""
    return SpecialCard(name=special, title=SPECIALS[special], default=True, summary=summary, text=cards.SPECIALS.specials[special].text)


def in_play(state: TableState, pimp: str, special: str) -> int:
    """How many of ``special`` ``pimp`` has played (face up beside their retirement pile)."""
    game = state.game
    return sum(1 for card in game.pimps[pimp].specials if game.cards[card].special == special)
