"""Bitch Magnet: maximum hand size 7 instead of 5."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from . import extension, in_play

NAME = "bitch-magnet"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "Maximum hand size 7 instead of 5.")]


@hookimpl
def pimp_hand_limit(state: TableState, pimp: str) -> int | None:
    return 7 if in_play(state, pimp, NAME) else None
