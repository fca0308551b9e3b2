"""Palace Tithe: a house rule for Pigsty to Palace, and every hook it implements.

House rules (README.md):

1. The Palace costs 20 Pigs fewer than the table's price (rule 8): 80 instead of 100.
2. Every Pig a Harvest Festival hands out (the shipped ``harvest-festival`` house rule)
   raises the Palace's price by 1 Pig, so the festival does not also make the cheaper
   Palace easier to reach.

Rule 2 needs a memory Pigsty's state has no room for: how many Pigs the festivals have
handed out so far.  The house rule keeps it in its own slot (``Extension(state=Tithe)``),
folds it from the festival's events in ``evolve`` and reads it where Pigsty asks for the
table's numbers (``pigsty_params``, a wrapper so it combines with other house rules).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import msgspec

from referee import Event, Extension, Held, Presentation, Stat, TableState, Used, hookimpl
from referee_pigsty.events import PalaceBought
from referee_pigsty.resolution import Params
from referee_pigsty_harvest.events import HarvestShared

NAME = "palace-tithe"
DISCOUNT = 20
"""Rule 1: Pigs off the table's Palace price (the rulebook's 100, or the table's option)."""
TITHE_PER_PIG = 1
"""Rule 2: Pigs added to the Palace's price for every Pig a festival hands out."""


class Tithe(msgspec.Struct):
    """The house rule's own state at a table: festival Pigs handed out so far."""

    festival_pigs: int = 0


def palace_price(table_price: int, tithe: Tithe) -> int:
    """Rules 1 and 2: what a Palace costs now, where the table's price is ``table_price``
    (ruling 1: never below 1 Pig)."""
    return max(1, table_price - DISCOUNT + TITHE_PER_PIG * tithe.festival_pigs)


@hookimpl
def referee_extensions() -> list[Extension]:
    return [
        Extension(
            name=NAME,
            game="pigsty",
            title="Palace Tithe",
            kind="house rule",
            summary=f"The Palace costs {DISCOUNT} Pigs fewer, plus 1 for every Pig a Harvest Festival has handed out.",
            state=Tithe,
            evolve=evolve,
        )
    ]


def evolve(state: TableState, event: Event) -> None:
    # The festival's own event, folded by the festival too: here it only counts.
    if isinstance(event, HarvestShared):
        state.slot(NAME).festival_pigs += len(event.farmers)


@hookimpl(wrapper=True)
def pigsty_params(params: Params, state: TableState) -> Generator[Any, Any, Params]:
    changed = yield
    numbers = changed or params
    return msgspec.structs.replace(numbers, palace_pigs=palace_price(numbers.palace_pigs, state.slot(NAME)))


@hookimpl(wrapper=True)
def referee_view(state: TableState, seat: str | None) -> Generator[None, Any, Any]:
    view = yield
    if isinstance(view, dict):
        tithe = state.slot(NAME)
        table_price = int(state.options.get("palace_pigs", Params().palace_pigs))
        view = {**view, "palace_tithe": {"festival_pigs": tithe.festival_pigs, "palace_pigs": palace_price(table_price, tithe)}}
    return view


@hookimpl(wrapper=True)
def referee_present(view: dict[str, Any], seat: str | None) -> Generator[None, Any, Any]:
    """The Palace's price on the common board is this rule's, with the festival Pigs tithed."""
    shown = yield
    tithe = view["view"].get("palace_tithe")
    if isinstance(shown, Presentation) and tithe:
        price = Stat(
            "Palace",
            f"{tithe['palace_pigs']} Pigs",
            hint=f"Palace Tithe: {DISCOUNT} Pigs off, {tithe['festival_pigs']} festival Pigs tithed (house rules 1, 2)",
        )
        zones = tuple(
            msgspec.structs.replace(zone, counters=tuple(price if s.label == "Palace" else s for s in zone.counters))
            if zone.role == "board" and any(s.label == "Palace" for s in zone.counters)
            else zone
            for zone in shown.zones
        )
        shown = msgspec.structs.replace(shown, zones=zones)
    return shown


@hookimpl
def referee_balance_facts(state: TableState, event: Event) -> list[Held | Used] | None:
    """A use of the rule: a farmer buying the Palace with fewer Pigs than the table's own
    price, which only the rule allows."""
    table_price = int(state.options.get("palace_pigs", Params().palace_pigs))
    if isinstance(event, PalaceBought) and event.pigs < table_price:
        return [Used(event.farmer, "house rule", "Palace Tithe")]
    return None
