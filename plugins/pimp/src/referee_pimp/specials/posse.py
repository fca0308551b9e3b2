"""Posse: two extra edge slots, five in all."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from . import extension, in_play

NAME = "posse"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "Two extra edge slots: five in all.")]


@hookimpl
def pimp_edge_slots(state: TableState, pimp: str) -> int | None:
    return 5 if in_play(state, pimp, NAME) else None
