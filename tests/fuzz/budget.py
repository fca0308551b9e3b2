"""The fuzz tests' fixed budget (issue 8): how many inputs each test tries, and how.

200 examples a test (scaled by the hypothesis profile, ``tests/budgets.py``: the same
inputs on every CI run, new ones on every local run), no per-example deadline (a slow
example is not a failure; a hang is caught by the test's own wall-clock bound).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from budgets import examples
from hypothesis import HealthCheck, settings

EXAMPLES = 200
SLOWEST = 5.0
"""Seconds one input may take before it counts as a hang."""

FUZZ = settings(
    max_examples=examples(EXAMPLES),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@contextmanager
def no_hang(what: object) -> Iterator[None]:
    """Fail the example if it takes longer than ``SLOWEST`` seconds."""
    start = time.monotonic()
    yield
    took = time.monotonic() - start
    assert took < SLOWEST, f"{what!r:.200} took {took:.1f} s"
