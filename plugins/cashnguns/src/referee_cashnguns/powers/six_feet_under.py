"""1. Six Feet Under: at the end, $10,000 for each dead gangster.  Revealed at the end."""

from __future__ import annotations

from referee import Decision, Extension, hookimpl

from . import extension, game_of, holder, reveal

NAME = "six-feet-under"
PER_DEAD = 10_000


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "At the end, $10,000 for each dead gangster. Revealed at the end.")]


@hookimpl
def cashnguns_game_ending(decision: Decision) -> None:
    owner = holder(decision, NAME)
    if owner is not None:
        reveal(decision, owner, NAME)


@hookimpl
def cashnguns_bonus(decision: Decision, gangster: str) -> int | None:
    game = game_of(decision)
    if game.gangsters[gangster].power != NAME:
        return None
    return PER_DEAD * sum(1 for g in game.gangsters.values() if not g.alive and g.name != gangster)
