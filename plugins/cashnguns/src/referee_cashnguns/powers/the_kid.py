"""6. The Kid: chooses whom to shoot after the others (before The Cunning chooses a bullet).

Revealed in some round before targets are chosen; lasts to the end of the game.
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from . import extension, game_of, holds

NAME = "the-kid"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        extension(
            NAME,
            "Chooses whom to shoot after seeing whom the others aim at. Revealed in some round before targets are chosen; lasts to the end of the game.",
        )
    ]


@hookimpl
def cashnguns_reveal_options(state: TableState, gangster: str) -> list[tuple[str, str, bool]] | None:
    g = game_of(state).gangsters[gangster]
    if holds(state, gangster, NAME) and not g.revealed:
        return [(NAME, "Reveal The Kid: from now on you aim after seeing the others' targets", True)]
    return None


@hookimpl
def cashnguns_aims_late(state: TableState, gangster: str) -> bool | None:
    g = game_of(state).gangsters[gangster]
    return True if g.power == NAME and g.revealed else None
