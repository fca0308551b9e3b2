"""The six special cards of Pimp, one plugin module each.

Each declares itself with ``referee_extensions`` (kind ``"card"``, on by default: the
cards are in the decks) and implements the Pimp hooks its card needs.
"""

from __future__ import annotations

from referee import Extension, TableState

SPECIALS: dict[str, str] = {
    "king-of-cool": "King of Cool",
    "tame-shrink": "Tame Shrink",
    "word-on-the-streets": "Word on the Streets",
    "posse": "Posse",
    "bitch-magnet": "Bitch Magnet",
    "charisma": "Charisma",
}


def extension(special: str, summary: str) -> Extension:
    """The card's declaration: its plugin is the module whose ``referee_extensions`` offers it."""
    return Extension(name=special, game="pimp", title=SPECIALS[special], kind="card", default=True, summary=summary)


def in_play(state: TableState, pimp: str, special: str) -> int:
    """How many of ``special`` ``pimp`` has played (face up beside their retirement pile)."""
    game = state.game
    return sum(1 for card in game.pimps[pimp].specials if game.cards[card].special == special)
