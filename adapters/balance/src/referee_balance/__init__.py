"""The balance lab behind ``referee balance``: many bot games of one game and its house
rules, played deterministically (``runs``) on this machine or a Dask cluster (``engine``),
summed up with 95% confidence intervals and compared pair by pair (``stats``), and told as
a terminal summary, JSON and an HTML page (``report``, ``page``).

    from referee_balance import Engine, Setup, measure
    measured = measure(("without", Setup("cashnguns", seats)), 200,
                       against=("with", Setup("cashnguns", seats, extensions=("+the-medic",))),
                       engine=Engine(workers=2))
"""

from __future__ import annotations

from .engine import Engine
from .lab import Measured, Set, measure
from .runs import GameRecord, Setup, play_batch
from .stats import Difference, Estimate, Summary, compare, mean_interval, summarize, wilson

__all__ = [
    "Difference",
    "Engine",
    "Estimate",
    "GameRecord",
    "Measured",
    "Set",
    "Setup",
    "Summary",
    "compare",
    "mean_interval",
    "measure",
    "play_batch",
    "summarize",
    "wilson",
]
