"""Union Holiday (Special, this turn): you pay no Maintenance at the end of this turn.

This contradicts the basic rule (Stars not used in a Film must be maintained), and the
card wins.
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, game_of, lying

NAME = "union-holiday"
RULES = PlayRules(target="none", lasts="turn", text="You pay no Maintenance at the end of this turn.")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [PlayCard(name=NAME, title="Union Holiday", card_type="Special", default=True, rules=RULES, refused=refused)]


def refused(state: TableState, seat: str, target: str) -> str | None:
    if game_of(state).final or not game_of(state).studios[seat].stable:
        return "Union Holiday saves Maintenance: there is none to save"
    return None


@hookimpl
def pornstar_maintenance(state: TableState, seat: str, star: str, cost: int) -> int | None:
    return 0 if any(owner == seat for _, owner, _ in lying(state, NAME)) else None
