"""Little Blue Pill (Enhancement, lasting): played on a Male Star of yours.

While the card lies on him, every Film he appears in gets +1 on its Production roll.
"""

from __future__ import annotations

from referee import Extension, TableState, hookimpl
from referee_pornstar.api import PlayCard, PlayRules, game_of, lies_on, lying

NAME = "little-blue-pill"
RULES = PlayRules(target="own-star", lasts="game", text="A Male Star of yours adds +1 to the Production roll of every Film he is in.")


@hookimpl
def referee_extensions() -> list[Extension]:
    return [PlayCard(name=NAME, title="Little Blue Pill", card_type="Enhancement", default=True, rules=RULES, refused=refused)]


def refused(state: TableState, seat: str, target: str) -> str | None:
    game = game_of(state)
    star = next((s for s in game.tables.stars if s.id == target), None)
    if target not in game.studios[seat].stable or star is None or star.gender != "M":
        return "the Little Blue Pill is played on a Male Star in your own stable"
    return "he has taken one already" if lies_on(state, NAME, target) else None


@hookimpl
def pornstar_production_bonus(state: TableState, seat: str, film: str, stars: list[str]) -> int | None:
    return sum(1 for _, _, target in lying(state, NAME) if target in stars) or None
