"""The ``referee`` command run in-process on a store of the test's own: the fixtures every
group of command-line tests shares (``tests/cli``, ``tests/disputes``, ...), imported into
each group's conftest."""

from __future__ import annotations

import json
import re
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
