"""4. Dragon Skin: never takes more than one wound in a round.  Revealed on taking several hits."""

from __future__ import annotations

import sys

from referee import Decision, Extension, hookimpl

from . import extension, holds, reveal

NAME = "dragon-skin"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, sys.modules[__name__], "Never more than one wound in a round.")]


@hookimpl
def cashnguns_wounds_from_hits(decision: Decision, gangster: str, hits: int) -> int | None:
    if hits > 1 and holds(decision, gangster, NAME):
        reveal(decision, gangster, NAME)
        return 1
    return None
