"""Fixtures for the ``referee`` command-line tests: run ``main`` in-process, one store per test."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee_cli.main import main

TABLE_ID = re.compile(r"\btable ([a-z][a-z0-9_-]*-[0-9a-f]{8})\b")


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def table(self) -> str:
        """The first table id the command printed."""
        found = TABLE_ID.search(self.out + self.err)
        assert found, f"no table id in output:\n{self.out}\n{self.err}"
        return found.group(1)

    def json(self) -> Any:
        return json.loads(self.out)


def _exit_code(exc: SystemExit) -> int:
    code = exc.code
    if code is None:
        return 0
    assert isinstance(code, int), f"exit code is not a number: {code!r}"
    return code


@pytest.fixture(autouse=True)
def _no_ambient_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test may fall back on the user's real store by accident."""
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-unused"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite"


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], db: Path) -> Callable[..., Run]:
    """``cli("act", table, "Bill", "orders", "I 5")``: run ``referee`` on this test's store.

    ``db=None`` leaves ``--db`` off (to test the environment variable and the default);
    ``db=path`` uses another store.
    """

    default_store = db

    def run(*argv: object, db: Path | str | bool | None = True) -> Run:
        args = [str(a) for a in argv]
        if db is True:
            args += ["--db", str(default_store)]
        elif db not in (None, False):
            args += ["--db", str(db)]
        capsys.readouterr()
        with pytest.raises(SystemExit) as caught:
            main(args)
        out, err = capsys.readouterr()
        return Run(_exit_code(caught.value), out, err)

    return run


@pytest.fixture
def entries_of(cli: Callable[..., Run]) -> Callable[..., list[dict[str, Any]]]:
    """The table's full log, via ``referee export``, as a list of JSON objects."""

    def read(table: str, **kwargs: Any) -> list[dict[str, Any]]:
        result = cli("export", table, **kwargs)
        assert result.code == 0, result.err
        return [json.loads(line) for line in result.out.splitlines() if line.strip()]

    return read


def run_quietly(argv: list[str]) -> tuple[int, str, str]:
    """``main`` outside a test's capsys (for session fixtures)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
        except SystemExit as exc:
            return _exit_code(exc), out.getvalue(), err.getvalue()
    raise AssertionError("main() returned instead of exiting")


@pytest.fixture(scope="session")
def finished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A full export of one finished four-bot Pigsty game (read-only: copy before editing)."""
    folder = tmp_path_factory.mktemp("finished")
    store = folder / "bots.sqlite"
    code, out, err = run_quietly(["play", "pigsty", "--bots", "4", "--seed", "cli-finished", "--quiet", "--db", str(store)])
    assert code == 0, err
    table = TABLE_ID.search(out)
    assert table, out
    path = folder / "finished.jsonl"
    code, out, err = run_quietly(["export", table.group(1), "-o", str(path), "--db", str(store)])
    assert code == 0, err
    return path


@pytest.fixture
def finished_copy(finished_game: Path, tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    shutil.copyfile(finished_game, path)
    return path
