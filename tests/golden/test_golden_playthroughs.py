"""Conformance by golden playthroughs: recorded whole games verify, replay, and play out identically."""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec
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


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_golden_receipts_fit_the_golden_log(name, registry):
    """Each golden game carries the host's receipt for every action (beside it, as a seat keeps
    its receipts beside its copy): each is signed by the key the log's first entry publishes
    and names the head the log has at its position; one changed receipt is refused."""
    from referee.disputes import Copy, dispute
    from referee.receipts import ForgedReceipt, check, host_key_of, load_receipts

    entries = load_jsonl(golden.path_of(name).read_text(encoding="utf-8").splitlines(), source=name)
    receipts = load_receipts(golden.receipts_of(name).read_text(encoding="utf-8"), source=name)
    host = host_key_of(entries)
    assert host and len(receipts) == sum(e.type == "referee.ActionTaken" for e in entries)
    for receipt in receipts:
        check(receipt, host)
        assert entries[receipt.position - 1].hash == receipt.head and entries[receipt.action - 1].seat == receipt.seat
    settled = dispute(registry, [Copy("the golden log", entries, receipts)])
    assert settled.one_history and settled.standings[0].backed == receipts[-1].position, settled.message
    moved = msgspec.structs.replace(receipts[0], position=receipts[0].position + 1)
    with pytest.raises(ForgedReceipt):
        check(moved, host)
