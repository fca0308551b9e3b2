"""Sugar Daddy: the ho he protects is worth 1 more at the final count."""

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
    protector = game_of(state).hos[seat].get(ho)
    return BONUS if protector and has(state, protector, NAME) else None
