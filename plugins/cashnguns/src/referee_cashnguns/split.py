"""Splitting the pot: every standing gangster gets the same amount, and no change is made.

"It must be split evenly, and no change may be made from the bank or between players.
Whatever cannot be shared (or the whole pot) waits for the next round."  The largest
share that can be paid to each of k gangsters with the notes in the pot is found by an
exact search (not a greedy guess): a share S is possible when the notes can be made into
k disjoint bundles worth exactly S each.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache


def _bundles(values: tuple[int, ...], counts: tuple[int, ...], share: int) -> list[tuple[int, ...]]:
    """Every way to pay ``share`` with at most ``counts`` of each note value."""
    ways: list[tuple[int, ...]] = []

    def walk(i: int, left: int, taken: tuple[int, ...]) -> None:
        if left == 0:
            ways.append(taken + (0,) * (len(values) - i))
            return
        if i == len(values):
            return
        for n in range(min(counts[i], left // values[i]), -1, -1):
            walk(i + 1, left - n * values[i], (*taken, n))

    walk(0, share, ())
    return ways


def split(pot: Sequence[int], gangsters: int) -> tuple[int, list[list[int]], list[int]]:
    """``(share, bundles, left)``: the largest equal share, one bundle of notes per gangster, the rest."""
    if gangsters < 1 or not pot:
        return 0, [[] for _ in range(max(gangsters, 0))], sorted(pot, reverse=True)
    tally = Counter(pot)
    values = tuple(sorted(tally, reverse=True))
    counts = tuple(tally[v] for v in values)

    @cache
    def payable(counts: tuple[int, ...], k: int, share: int) -> tuple[tuple[int, ...], ...] | None:
        if k == 0:
            return ()
        for way in _bundles(values, counts, share):
            rest = tuple(c - w for c, w in zip(counts, way))
            found = payable(rest, k - 1, share)
            if found is not None:
                return (way, *found)
        return None

    step = math.gcd(*values)
    for share in range(sum(pot) // gangsters // step * step, 0, -step):
        ways = payable(counts, gangsters, share)
        if ways is not None:
            bundles = [[v for v, n in zip(values, way) for _ in range(n)] for way in ways]
            left = Counter(pot)
            for bundle in bundles:
                left.subtract(bundle)
            return share, bundles, sorted(left.elements(), reverse=True)
    return 0, [[] for _ in range(gangsters)], sorted(pot, reverse=True)
