"""Word on the Streets: an action to look at the top three cards of your deck and put them
back in any order."""

from __future__ import annotations

from typing import Any

from referee import Decision, Extension, Option, TableState, hookimpl

from . import extension, in_play

NAME = "word-on-the-streets"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "An action: look at the top three cards of your deck and reorder them.")]


@hookimpl
def pimp_extra_actions(state: TableState, pimp: str) -> list[Option] | None:
    if in_play(state, pimp, NAME) and len(state.game.pimps[pimp].deck) > 1:
        return [Option("look-top", "word on the streets: look at the top three cards of your deck and reorder them")]
    return None


@hookimpl
def pimp_extra_action(decision: Decision, pimp: str, args: dict[str, Any]) -> bool | None:
    # The look itself is the game's "look-top" activity, begun with the action.
    return True if args.get("do") == "look-top" and in_play(decision.state, pimp, NAME) else None
