"""Tame Shrink: a bitch retired after combat (with a bitch or a psycho punter) goes back to the
hand instead of the retirement pile.  It cannot help in a moral crackdown or a runaway."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from . import extension, in_play

NAME = "tame-shrink"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "Bitches retired after combat go back to the hand.")]


@hookimpl
def pimp_retire_to(state: TableState, pimp: str, card: str, reason: str) -> str | None:
    return "hand" if in_play(state, pimp, NAME) else None
