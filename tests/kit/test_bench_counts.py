"""The benchmark's counting helpers (tests/bench), run on Nim so they cannot rot unseen.

No timing is checked here: ``nox -s bench`` reports speed.  What is checked is that every
count the bench prints is still a number taken from the kernel as it is now, that a name
the kernel no longer has is reported as missing (n/a) rather than failing the run, and that
the kernel's names are all put back afterwards.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from bench import counting
from bench.common import GameSpec, record_game
from bench.counting import KINDS, Counting
from bench.counts import play_counts, verify_counts, web_counts
from bench.verifying import Floor

import referee.log
import referee.store
import referee.table
from referee import MEMORY, Referee, Registry, TableStore

NIM = GameSpec("nim", 2, None)


@pytest.fixture(scope="module")
def registry() -> Registry:
    import referee_example_nim.plugin

    return Registry([referee_example_nim.plugin], entry_points=False)


def _numbers(found: dict[str, object]) -> None:
    totals = found["totals"]
    assert isinstance(totals, dict)
    assert set(totals) == set(KINDS)
    assert all(total is None or (isinstance(total, int) and total >= 0) for total in totals.values()), totals


def test_a_read_made_inside_is_counted_once_and_every_name_is_put_back(registry: Registry) -> None:
    names = (referee.store.TableStore.entries, referee.table.copy_state, referee.log._encoder, referee.table.msgspec)
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table_id = app.open("nim", ["Ann", "Bob"], seed="count")
        with Counting() as counted:
            app.store.entries(table_id)
            with counted.paused():
                app.store.entries(table_id)
    assert counted.counts["reads"]["TableStore.entries"] == 1
    assert counted.counts["queries"]["select_events"] == 1
    assert (referee.store.TableStore.entries, referee.table.copy_state, referee.log._encoder, referee.table.msgspec) == names
    assert referee.table.msgspec is msgspec


def test_bot_play_counts_are_numbers_per_action_and_event(registry: Registry) -> None:
    found = play_counts(registry, NIM)
    _numbers(found)
    assert found["actions"] > 0 and found["appended"] >= found["actions"]
    assert isinstance(found["totals"]["reads"], int)
    assert isinstance(found["totals"]["encodes"], int) and found["totals"]["encodes"] > 0


def test_web_counts_are_numbers(registry: Registry, tmp_path: Path) -> None:
    found = web_counts(registry, NIM, tmp_path / "web.sqlite", max_actions=3)
    _numbers(found)
    assert found["actions"] == 3
    assert isinstance(found["totals"]["reads"], int)


def test_a_verify_counts_its_plugin_managers(registry: Registry) -> None:
    game = record_game(registry, NIM)
    found = verify_counts(registry, game.entries)
    _numbers(found)
    assert isinstance(found["totals"]["rules"], int)


def test_a_name_the_kernel_no_longer_has_counts_as_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counting, "COPIERS", (("referee.table", "no_longer_here"),))
    monkeypatch.setattr(counting, "RULES", ("referee.registry", "NoLongerHere"))
    with Counting() as counted:
        pass
    assert counted.total("copies") is None and counted.missing["copies"] == ["referee.table.no_longer_here"]
    assert counted.total("rules") is None and counted.missing["rules"] == ["Rules.__init__"]


def test_the_floor_of_verify_decides_every_recorded_action_bare(registry: Registry) -> None:
    floor = Floor(registry, record_game(registry, NIM))
    assert floor.run() > 0
    assert all(len(seconds) == 1 for seconds in floor.parts.values())
