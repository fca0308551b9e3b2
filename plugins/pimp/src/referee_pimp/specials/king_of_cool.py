"""King of Cool: +2 influence in each Pay Dues phase, on top of the usual +2.  Cumulative."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from . import extension, in_play

NAME = "king-of-cool"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "+2 influence in every Pay Dues phase; several add up.")]


@hookimpl
def pimp_dues(state: TableState, pimp: str) -> int | None:
    return 2 * in_play(state, pimp, NAME) or None
