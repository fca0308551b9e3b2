"""Shared test setup: quiet logs, throwaway plugins, in-memory tables."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import referee.logging

sys.path.insert(0, str(Path(__file__).parent / "kernel"))
sys.path.insert(0, str(Path(__file__).parent))

import budgets  # noqa: F401  (the hypothesis profile, loaded before any test module)

referee.logging.configure("error")


def pytest_configure(config: pytest.Config) -> None:
    # The throwaway plugins of these tests declare events and mutators through the hooks, as
    # plugins written against 0.2 do: that path is what many of them exercise, and its
    # warning is tested once (tests/kernel/test_declaring_by_hand.py).  A shipped plugin
    # (a ``referee*`` module) declaring by hand still fails, by pyproject's filter.
    config.addinivalue_line("filterwarnings", r"ignore:the referee_\w+ hook \(implemented by plugin:DeprecationWarning:(?!referee)")


NO_SKIPS = bool(os.environ.get("REFEREE_NO_SKIPS"))
"""Set by ``.ci/run``: what a machine with only Python skips (PostgreSQL, Chromium, a package
index for the examples' fresh venv) CI provides, so there a skip is a failure."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if NO_SKIPS and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        report.outcome = "failed"
        report.longrepr = f"skipped, and REFEREE_NO_SKIPS allows no skip: {reason}"


@pytest.fixture
def memory_referee():
    """A factory: ``memory_referee(*plugins, entry_points=False)`` -> a Referee on an in-memory store."""
    from referee import MEMORY, Referee, Registry, TableStore

    made = []

    def make(*plugins: object, entry_points: bool = False) -> Referee:
        app = Referee(registry=Registry(plugins, entry_points=entry_points), store=TableStore(MEMORY))
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()
