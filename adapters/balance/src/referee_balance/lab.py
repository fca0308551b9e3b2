"""A balance measure: one set of games, or two on the same seeds and keys, played on an
engine and summed up (``measure``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from .engine import Engine, batches
from .runs import GameRecord, Setup, check_setup, play_batch
from .stats import Difference, Summary, compare, summarize

__all__ = ["Measured", "Set", "measure"]


class Set(msgspec.Struct, frozen=True):
    """One set of games: its setup, what the reader calls it, each game, and their figures."""

    label: str
    setup: Setup
    records: list[GameRecord]
    summary: Summary


class Measured(msgspec.Struct, frozen=True):
    base: Set
    against: Set | None = None
    differences: list[Difference] = []


def measure(
    base: tuple[str, Setup],
    games: int,
    *,
    against: tuple[str, Setup] | None = None,
    engine: Engine | None = None,
    plugins: Sequence[object] = (),
    on_games: Callable[[int], None] | None = None,
) -> Measured:
    """Play ``games`` games of ``base`` (and, given ``against``, the same games of that
    setup: same seeds, same table keys) and sum them up.  Each setup is checked first by
    opening one table, so a bad option or extension is refused before anything runs.
    ``plugins``: throwaway plugins beside the installed ones (they must pickle by reference
    to reach another process).  ``on_games`` hears how many more games finished."""
    engine = engine or Engine(1)
    sets = [base] if against is None else [base, against]
    for _, setup in sets:
        check_setup(setup, plugins)
    # Both sets' batches interleaved, so a comparison's two halves progress together.
    tasks = [(setup, batch, tuple(plugins)) for batch in batches(range(games), engine.workers) for _, setup in sets]
    done = engine.run(play_batch, tasks, (lambda records: on_games(len(records))) if on_games else None)
    played = [
        [record for number, records in enumerate(done) if number % len(sets) == which for record in records] for which in range(len(sets))
    ]
    made = [Set(label, setup, records, summarize(records)) for (label, setup), records in zip(sets, played, strict=True)]
    if against is None:
        return Measured(made[0])
    return Measured(made[0], made[1], compare(made[0].records, made[1].records))
