"""Shared test setup: quiet logs, throwaway plugins, in-memory tables."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import referee.logging

sys.path.insert(0, str(Path(__file__).parent / "kernel"))
sys.path.insert(0, str(Path(__file__).parent))

referee.logging.configure("error")


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
