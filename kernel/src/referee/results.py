"""Words and ranks every game's ending needs: standings with shared places, lists of names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .events import Standing

__all__ = ["join_names", "rank"]


def rank(rows: Iterable[tuple[str, int, bool, str]]) -> list[Standing]:
    """Standings from ``(seat, score, still_in, note)``: seats still in first, higher scores
    first; equal scores share a place (1, 2, 2, 4)."""
    ordered = sorted(rows, key=lambda row: (not row[2], -row[1]))
    standings: list[Standing] = []
    place, last = 0, None
    for position, (seat, score, still_in, note) in enumerate(ordered, start=1):
        if (still_in, score) != last:
            place, last = position, (still_in, score)
        standings.append(Standing(seat=seat, place=place, score=score, note=note))
    return standings


def join_names(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
