"""The balance lab's tests: its throwaway plugins are found beside this file
(``lab_rules``), by worker processes too, and ``referee`` runs in-process."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def referee(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """``referee("balance", "pigsty", ...)`` -> (exit status, stdout, stderr)."""
    from referee_cli.main import main

    def run(*argv: object) -> tuple[int, str, str]:
        capsys.readouterr()
        with pytest.raises(SystemExit) as caught:
            main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return int(caught.value.code or 0), out, err

    return run
