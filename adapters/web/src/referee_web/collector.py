"""Python's cycle collector in a server process of its own (``referee serve``).

A full collection walks every object the collector tracks, with the whole process
standing still: the HTTP parser, the pages and the tables' worker alike.  A server holding
a club night's tables tracks a few hundred thousand objects (their folded state, the
pages' connections), and with Python's default thresholds it ran a full collection every
few seconds, each 60 to 130 ms on the 2-core machine of the project's benchmark: the
slowest answers of every people-paced load were the ones waiting behind it.

So once the server has started (every game's plugin loaded), what it loaded is frozen, out of the collector's reach for good (modules, classes,
functions: they live as long as the process), and young objects are collected in larger
batches (``THRESHOLDS``), which makes full collections about fourteen times rarer.
Garbage is still collected, in cycles or not; cycles that outlive two young collections
wait longer for theirs.  Only the command does this: an application that embeds the
server (``create_app``) keeps its own collector settings.
"""

from __future__ import annotations

import gc

THRESHOLDS = (10_000, 10, 10)
"""``gc.set_threshold`` of a server process: allocations between young collections (700
by default), then Python's own ratios between the generations."""


def settle() -> None:
    """Freeze what the started server holds, and collect from now on at ``THRESHOLDS``."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
