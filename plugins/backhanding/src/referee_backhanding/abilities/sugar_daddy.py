"""Sugar Daddy: the ho he protects is worth 1 more at the final count.

With ``protector = "defender"`` (ruling R3) no pimp protects a ho for good: the ho he
recruited counts, while he is still in her holder's clan."""

from __future__ import annotations

from referee import Extension, TableState, hookimpl

from ..common import game_of
from ..declarations import Ability
from . import has

NAME = "sugar-daddy"
BONUS = 1


@hookimpl
def referee_extensions() -> list[Extension]:
    return [Ability(name=NAME, title="Sugar Daddy", default=True, summary=f"The ho he protects is worth {BONUS} more at the final count.")]


@hookimpl
def backhanding_ho_value(state: TableState, seat: str, ho: str) -> int | None:
    game = game_of(state)
    protector = game.hos[seat].get(ho)
    if not protector:
        recruiter = game.recruiters.get(ho, "")
        protector = recruiter if recruiter in game.clans[seat] else ""
    return BONUS if protector and has(state, protector, NAME) else None
