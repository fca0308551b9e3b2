"""Fixtures for the dispute tests: the ``referee`` command run in-process on a store of the test's own."""

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
        found = TABLE_ID.search(self.out + self.err)
        assert found, f"no table id in output:\n{self.out}\n{self.err}"
        return found.group(1)

    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("REFEREE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-unused"))
    return tmp_path / "tables.sqlite"


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], db: Path) -> Callable[..., Run]:
    """``cli("act", table, "Bill", "orders", "S 8 Ted")`` on this test's store."""

    def run(*argv: object) -> Run:
        capsys.readouterr()
        with pytest.raises(SystemExit) as caught:
            main([*(str(a) for a in argv), "--db", str(db)])
        out, err = capsys.readouterr()
        code = caught.value.code
        return Run(code if isinstance(code, int) else 0, out, err)

    return run
