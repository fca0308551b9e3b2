"""Sugar Daddy: the ho he protects is worth 1 more at the final count."""

from __future__ import annotations

from referee import TableState, hookimpl

from ..common import card_hooks, game_of
from . import has

NAME = "sugar-daddy"
BONUS = 1


referee_extensions, backhanding_effects = card_hooks(
    NAME, "Sugar Daddy", "ability", f"The ho he protects is worth {BONUS} more at the final count."
)


@hookimpl
def backhanding_ho_value(state: TableState, seat: str, ho: str) -> int | None:
    protector = game_of(state).hos[seat].get(ho)
    return BONUS if protector and has(state, protector, NAME) else None
