"""Hype Machine (Event, this turn): +2 to the Production roll of every Film you produce this turn."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, lying

NAME = "hype-machine"
BONUS = 2
RULES = PlayRules(target="none", lasts="turn", text="+2 to the Production roll of every Film you produce this turn.")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [PlayCard(name=NAME, title="Hype Machine", card_type="Event", default=True, rules=RULES)]


@hookimpl
def pornstar_production_bonus(state: TableState, seat: str, film: str, stars: list[str]) -> int | None:
    return BONUS * sum(1 for _, owner, _ in lying(state, NAME) if owner == seat) or None
