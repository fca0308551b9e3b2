"""Double Shift (Special, this turn): a Star of yours may appear in two Films this turn.

This contradicts the basic rule ("the same Stars cannot work on more than one Film on
any given turn"), and the card wins, as the rulebook says Play cards do.
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, lying, refused_on_own_star

NAME = "double-shift"
RULES = PlayRules(target="own-star", lasts="turn", text="A Star of yours may appear in two Films this turn.")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [PlayCard(name=NAME, title="Double Shift", card_type="Special", default=True, rules=RULES, refused=refused)]


def refused(state: TableState, seat: str, target: str) -> str | None:
    return refused_on_own_star(state, seat, NAME, target, "that Star is on a double shift already")


@hookimpl
def pornstar_star_uses(state: TableState, seat: str, star: str) -> int | None:
    return 2 if any(owner == seat and target == star for _, owner, target in lying(state, NAME)) else None
