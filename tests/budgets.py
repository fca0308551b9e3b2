"""How hard the property tests try: hypothesis profiles, chosen by ``HYPOTHESIS_PROFILE``.

* ``dev`` (the default): each test's budget scaled to 40%, inputs new on every run, so
  repeated local runs keep exploring while the README's test command stays quick.
* ``ci`` (``.ci/run``, or wherever ``CI`` is set): each test's whole budget, and the same
  inputs on every run, so a submission fails for its own change, not for a new draw.
* ``thorough``: five times each budget, inputs new on every run: a long hunt on purpose.

A test states its budget as ``settings(max_examples=examples(300), ...)``.
"""

from __future__ import annotations

import os

from hypothesis import settings

FACTORS = {"dev": 0.4, "ci": 1.0, "thorough": 5.0}

# A test that states no budget gets hypothesis's own (100 examples) scaled the same way.
settings.register_profile("dev", max_examples=40, deadline=None, print_blob=True)
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True, derandomize=True)
settings.register_profile("thorough", max_examples=500, deadline=None, print_blob=True)

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
if PROFILE not in FACTORS:
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r} is no profile of these tests (profiles: {', '.join(FACTORS)})")
settings.load_profile(PROFILE)


def examples(budget: int) -> int:
    """``budget`` examples scaled for the profile in use (at least 3)."""
    return max(3, round(budget * FACTORS[PROFILE]))
