"""2. The Unbreakable: dies only at the fourth hit.  Revealed on taking the third hit."""

from __future__ import annotations

from referee import Decision, Extension, TableState, hookimpl

from . import extension, game_of, holds, reveal

NAME = "the-unbreakable"
LIMIT = 4


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "Dies only at the fourth wound. Revealed on taking the third.")]


@hookimpl
def cashnguns_wound_limit(state: TableState, gangster: str) -> int | None:
    return LIMIT if game_of(state).gangsters[gangster].power == NAME else None


@hookimpl
def cashnguns_wounded(decision: Decision, gangster: str) -> None:
    if holds(decision, gangster, NAME) and game_of(decision).gangsters[gangster].wounds >= 3:
        reveal(decision, gangster, NAME)
