"""8. Super Coward: at the end, $5,000 for each shame token.  Revealed at the end.

As published, the holder's shame tokens are worth +$5,000 each instead of -$5,000, so
the bonus is $10,000 per token on top of the usual count.
"""

from __future__ import annotations

from referee import Decision, Extension, hookimpl

from . import extension, game_of, holder, reveal

NAME = "super-coward"
PER_TOKEN = 5_000


@hookimpl
def referee_extensions() -> list[Extension]:
    return [extension(NAME, "At the end, each shame token is worth +$5,000 instead of costing $5,000. Revealed at the end.")]


@hookimpl
def cashnguns_game_ending(decision: Decision) -> None:
    owner = holder(decision, NAME)
    if owner is not None:
        reveal(decision, owner, NAME)


@hookimpl
def cashnguns_bonus(decision: Decision, gangster: str) -> int | None:
    g = game_of(decision).gangsters[gangster]
    if g.power != NAME:
        return None
    from ..game import components  # the game module imports this package, not the reverse

    # Cancel the usual penalty and pay PER_TOKEN instead.
    return (components(decision).shame_penalty + PER_TOKEN) * g.shame
