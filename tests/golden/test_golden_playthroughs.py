"""Conformance by golden playthroughs: recorded whole games verify, replay, and play out identically."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee import Registry, load_jsonl, replay, verify

sys.path.insert(0, str(Path(__file__).parent))
import golden

COMPARED = ("seq", "type", "v", "event", "plugin", "rule", "seat", "cause", "visible_to")


def without_builds(value):
    """A TableOpened body without the plugins' code digests (they change with every edit of
    a plugin's files) nor the host key (drawn for each table): a golden game pins what the
    rules decide, not which build ran nor which key signed its receipts."""
    if isinstance(value, dict) and "plugins" in value and "seats" in value:
        value = {k: v for k, v in value.items() if k != "host_key"}
        return {**value, "plugins": [{k: v for k, v in p.items() if k != "code"} for p in value["plugins"]]}
    return value


@pytest.fixture(scope="module")
def registry():
    return Registry()


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_golden_log_verifies(name, registry):
    entries = load_jsonl(golden.path_of(name).read_text(encoding="utf-8").splitlines(), source=name)
    verdict = verify(registry, entries)
    assert verdict.ok, verdict.message
    _rules, state = replay(registry, entries)
    assert state.over


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_playing_again_gives_the_same_game(name, registry):
    recorded = load_jsonl(golden.path_of(name).read_text(encoding="utf-8").splitlines(), source=name)
    revealed = recorded[-1].event or {}
    app = golden.play(name, registry, key=revealed.get("key"))
    fresh = app.entries(name)
    for old, new in zip(recorded, fresh):
        for field in COMPARED:
            assert without_builds(getattr(old, field)) == without_builds(getattr(new, field)), (
                f"{name}: entry {old.seq} differs in {field}; if the change is intended, run python tests/golden/golden.py"
            )
    assert len(fresh) == len(recorded)
