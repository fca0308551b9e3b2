"""7. The Cunning: chooses a bullet card only after everyone has chosen whom to shoot.

Revealed in some round before targets are chosen; lasts to the end of the game.
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from . import extension, game_of, holds

NAME = "the-cunning"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        extension(
            NAME,
            "Chooses a bullet card only after everyone has chosen whom to shoot. Revealed in some round before targets are chosen; lasts to the end of the game.",
        )
    ]


@hookimpl
def cashnguns_reveal_options(state: TableState, gangster: str) -> list[tuple[str, str, bool]] | None:
    g = game_of(state).gangsters[gangster]
    if holds(state, gangster, NAME) and not g.revealed:
        return [(NAME, "Reveal The Cunning: choose your bullet card after the targets are known", False)]
    return None


@hookimpl
def cashnguns_chooses_bullet_late(state: TableState, gangster: str) -> bool | None:
    g = game_of(state).gangsters[gangster]
    return True if g.power == NAME and g.revealed else None
