"""Short Hands: a house rule for Pimp, and every hook it implements.

House rule 1 (README.md): every pimp's maximum hand size is one card smaller: 4 instead
of 5, and 6 instead of 7 with Bitch Magnet.  One wrapper around Pimp's
``pimp_hand_limit`` hook: it takes whatever limit the game and the special cards give
(Bitch Magnet's 7, or none: the rulebook's 5) and lowers it.
"""

from __future__ import annotations

import sys
from collections.abc import Generator
from typing import Any

from referee import Extension, TableState, hookimpl
from referee_pimp.common import HAND_LIMIT

NAME = "short-hands"
FEWER = 1
"""How many cards smaller every maximum hand size is (rule 1)."""


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        Extension(
            name=NAME,
            game="pimp",
            title="Short Hands",
            plugin=sys.modules[__name__],
            kind="house rule",
            summary="Every maximum hand size is one card smaller: 4, or 6 with Bitch Magnet.",
        )
    ]


@hookimpl(wrapper=True)
def pimp_hand_limit(state: TableState, pimp: str) -> Generator[Any, Any, int]:
    limit = yield
    return (HAND_LIMIT if limit is None else int(limit)) - FEWER
