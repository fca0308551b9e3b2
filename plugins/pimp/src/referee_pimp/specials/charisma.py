"""Charisma: every time you put a bitch into play, her cost is reduced by 1 (per Charisma card)."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from . import extension, in_play

NAME = "charisma"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "Bitches cost 1 less influence to put into play.")]


@hookimpl
def pimp_cost_reduction(state: TableState, pimp: str, card: str) -> int | None:
    return in_play(state, pimp, NAME) or None
