"""4. Dragon Skin: never takes more than one wound in a round.  Revealed on taking several hits.

Ruling: a hit that Dragon Skin turns into no wound (a second volley's) is still a hit:
the gangster is down for the split, and a ``WoundTaken`` with 0 wounds records it.
"""

from __future__ import annotations

from referee import Decision, Extension, hookimpl

from . import extension, game_of, holds, reveal

NAME = "dragon-skin"


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "Never takes more than one wound in a round. Revealed on taking several hits in the same round.")]


@hookimpl
def cashnguns_wounds_from_hits(decision: Decision, gangster: str, hits: int) -> int | None:
    # Bang! Bang! Bang! wounds come before the other cards', so a round's hits may
    # arrive in two volleys: the card counts the wounds of the whole round.
    already = game_of(decision).round.wounds.get(gangster, 0)
    if already + hits > 1 and holds(decision, gangster, NAME):
        reveal(decision, gangster, NAME)
        return max(0, 1 - already)
    return None
