"""Heavy Shame: a house rule for Cash'n'Guns, and every hook it implements.

House rule 1 (README.md): at the end of the game each shame token costs $10,000 instead
of the rulebook's $5,000.  The rule turns one of the game's published numbers, so it is
one wrapper around the ``cashnguns_components`` hook: a wrapper, so it composes with any
other house rule that changes the components.
"""

from __future__ import annotations

import sys
from collections.abc import Generator
from typing import Any

import msgspec

from referee import Event, Extension, Held, TableState, Used, hookimpl
from referee_cashnguns.components import Components
from referee_cashnguns.events import MoneyCounted
from referee_cashnguns.powers import game_of

NAME = "heavy-shame"
PENALTY = 10_000
"""What a shame token costs at the end of the game under this house rule (rule 1)."""


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        Extension(
            name=NAME,
            game="cashnguns",
            title="Heavy Shame",
            plugin=sys.modules[__name__],
            kind="house rule",
            summary="Each shame token costs $10,000 at the end of the game instead of $5,000.",
        )
    ]


@hookimpl(wrapper=True)
def cashnguns_components(components: Components) -> Generator[Any, Any, Components]:
    changed = yield
    return msgspec.structs.replace(changed or components, shame_penalty=PENALTY)


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    """A use of the rule: a gangster paying for shame at the end (Super Coward's shame
    pays instead, whatever a token costs, so the rule changes nothing for its holder)."""
    if isinstance(event, MoneyCounted) and event.shame and game_of(state).gangsters[event.gangster].power != "super-coward":
        return [Used(event.gangster, "house rule", "Heavy Shame")]
    return None
