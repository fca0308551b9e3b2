"""The ``bots`` table option: which kind of bot plays each seat that bots play.

Every game with more than one bot takes the option in the same form: one kind for every
seat (``"heuristic"``), kinds in seat order (``"heuristic,random"`` or a list), or a
mapping of seat to kind.  A game names its kinds and checks them when its options are read
(``check_kinds``), checks the option against the seats when the table is laid out
(``check_seats``), and reads each seat's kind with ``bots_by_seat``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .errors import RefereeError

__all__ = ["BotsOption", "bot_kinds", "bots_by_seat", "check_kinds", "check_seats"]

BotsOption = str | list[str] | dict[str, str]


def bot_kinds(option: BotsOption) -> list[str]:
    """The kinds ``option`` names, in order (one per seat where it lists them)."""
    if isinstance(option, dict):
        return [str(kind).strip() for kind in option.values()]
    if isinstance(option, str):
        return [kind.strip() for kind in option.split(",")]
    return [str(kind).strip() for kind in option]


def check_kinds(option: BotsOption, known: Sequence[str]) -> None:
    """Refuse a kind the game has no bot of (a ``ValueError``, for an options Struct's
    ``__post_init__``), naming the kinds there are."""
    wrong = sorted({kind for kind in bot_kinds(option) if kind not in known})
    if wrong:
        raise ValueError(f"no bot named {', '.join(repr(k) for k in wrong)}; the bots are {', '.join(known)}")


def check_seats(option: BotsOption, seats: Sequence[str]) -> None:
    """Refuse a mapping that names someone with no seat, or a list that is neither one kind
    for all nor one for every seat."""
    if isinstance(option, dict):
        strangers = [s for s in option if s not in seats]
        if strangers:
            raise RefereeError(f"option bots names {', '.join(repr(s) for s in strangers)}, who has no seat (seats: {', '.join(seats)})")
        return
    kinds = bot_kinds(option)
    if len(kinds) not in (1, len(seats)):
        raise RefereeError(f"option bots gives {len(kinds)} bots for {len(seats)} seats: give one for every seat, or one for all")


def bots_by_seat(option: Any, seats: Iterable[str], default: str) -> dict[str, str]:
    """Each seat's kind: one kind is every seat's; a list gives them in seat order (seats
    past its end, or left out of a mapping, get ``default``); anything else is ``default``."""
    seats = list(seats)
    if isinstance(option, dict):
        return {seat: str(option.get(seat, default)).strip() for seat in seats}
    kinds = bot_kinds(option) if isinstance(option, str | list) else [default]
    if len(kinds) == 1:
        return dict.fromkeys(seats, kinds[0])
    return {seat: kinds[i] if i < len(kinds) else default for i, seat in enumerate(seats)}
