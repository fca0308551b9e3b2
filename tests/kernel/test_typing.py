"""An author's plugin written as docs/writing-plugins.md shows type-checks under mypy --strict."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

AUTHOR = '''
from __future__ import annotations

import msgspec

from referee import Decision, Event, Extension, Game, TableOpened, TableState, hookimpl


class Counted(Event, tag="counting.Counted"):
    """A plain event: no frozen=True in the class statement, as the guide writes it."""

    seat: str
    by: int = 1


class Recounted(Counted, tag="counting.Recounted"):
    reason: str


class Tally(msgspec.Struct):
    total: int = 0


def initial(opened: TableOpened) -> Tally:
    return Tally()


def evolve(state: TableState, event: Event) -> None:
    if isinstance(event, Counted):
        tally: Tally = state.game
        tally.total += event.by
        state.slot("double").total += 2 * event.by


@hookimpl
def referee_games() -> list[Game]:
    return [Game(name="counting", title="Counting", events=[Counted, Recounted], initial_state=initial, evolve=evolve)]


@hookimpl
def referee_extensions() -> list[Extension]:
    return [Extension(name="double", game="counting", title="Double", state=Tally)]


@hookimpl
def referee_setup(decision: Decision) -> bool:
    decision.emit(Counted(seat=decision.seats[0]), rule="1")
    decision.emit(Recounted(seat=decision.seats[0], by=2, reason="again"), rule="1")
    total: int = decision.slot("double").total
    return total >= 0
'''


def _mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    module = tmp_path / "counting.py"
    module.write_text(textwrap.dedent(source), encoding="utf-8")
    # Run outside the repository so its own mypy settings (which silence some error codes)
    # do not apply: an author's project checks with mypy's defaults.
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", "", "--cache-dir", str(tmp_path / "cache"), str(module)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )


def test_events_games_extensions_and_hooks_as_documented_pass_mypy_strict(tmp_path):
    result = _mypy(tmp_path, AUTHOR)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_still_sees_an_event_as_frozen_and_keyword_only(tmp_path):
    result = _mypy(tmp_path, AUTHOR + "\n\ne = Counted(seat='a')\ne.by = 3\nCounted('a', 1)\n")
    assert result.returncode == 1
    assert 'Property "by" defined in "Counted" is read-only' in result.stdout
    assert 'Too many positional arguments for "Counted"' in result.stdout
