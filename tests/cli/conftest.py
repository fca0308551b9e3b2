"""Fixtures for the ``referee`` command-line tests: run ``main`` in-process, one store per test."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_runner import TABLE_ID, Run, _exit_code, _no_ambient_store, cli, db  # noqa: F401  (fixtures of every command-line test)

from referee_cli.main import main


@pytest.fixture
def entries_of(cli: Callable[..., Run]) -> Callable[..., list[dict[str, Any]]]:  # noqa: F811  (the fixture)
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
