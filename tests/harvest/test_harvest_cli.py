"""The house rule from the ``referee`` command line, as its README tells users to run it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import structlog

from referee_cli.main import main


@pytest.fixture
def referee(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """``referee("games")`` -> (exit code, stdout, stderr), on a store of this test's own."""
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-unused"))
    db = tmp_path / "tables.sqlite"

    def run(*argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        with pytest.raises(SystemExit) as caught:
            main([*argv, "--db", str(db)])
        out, err = capsys.readouterr()
        return int(caught.value.code or 0), out, err

    # ``main`` configures logging onto this test's captured stderr, which closes after the
    # test: put back the logging the session had, so later tests' warnings have somewhere to go.
    saved = structlog.get_config()
    yield run
    structlog.configure(**saved)


def test_games_lists_the_house_rule_with_its_distribution(referee):
    code, out, err = referee("games")
    assert code == 0, err
    assert re.search(r"house rule harvest-festival: Harvest Festival — referee-pigsty-harvest \d+\.\d+", out), out


def test_the_game_scenario_suite_runs_under_the_house_rule(referee):
    code, out, err = referee("scenario", "run", "--game", "pigsty", "--extensions", "harvest-festival")
    assert code == 0, out + err
    assert re.search(r"\b(\d+) passed, 0 failed", out), out


def test_the_house_rules_own_scenario_file_runs(referee):
    import referee_pigsty_harvest

    files = sorted(str(p) for p in (Path(referee_pigsty_harvest.__file__).parent / "scenarios").glob("*.toml"))
    code, out, err = referee("scenario", "run", *files)
    assert code == 0, out + err
    assert f"{len(files)} passed, 0 failed" in out


def test_play_with_the_house_rule_records_it(referee):
    code, out, err = referee("play", "pigsty", "--bots", "4", "--seed", "harvest-cli", "--quiet", "--extensions", "harvest-festival")
    assert code == 0, err
    table = re.search(r"\btable (pigsty-[0-9a-f]+)", out).group(1)
    code, out, err = referee("export", table)
    assert code == 0, err
    opened = json.loads(out.splitlines()[0])
    assert [p["distribution"] for p in opened["event"]["plugins"]] == ["referee-pigsty", "referee-pigsty-harvest"]
    code, out, err = referee("verify", table)
    assert code == 0, out + err
