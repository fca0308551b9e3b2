"""``.ci/run`` provides what a machine with only Python lacks (PostgreSQL, Chromium, a package
index) and sets ``REFEREE_NO_SKIPS``: there a skipped test is a failure, so CI never passes
with a group of tests quietly left out; without it the same test skips, saying why."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def _run(folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "REFEREE_NO_SKIPS"} | {"COLUMNS": "300"} | env
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", str(folder)],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_skip_fails_where_ci_allows_none(tmp_path: Path) -> None:
    shutil.copy(Path(__file__).with_name("conftest.py"), tmp_path / "conftest.py")
    shutil.copy(Path(__file__).with_name("budgets.py"), tmp_path / "budgets.py")
    (tmp_path / "test_needs_a_database.py").write_text(
        'import pytest\n\ndef test_it():\n    pytest.skip("needs a PostgreSQL database")\n\n'
        '@pytest.mark.xfail(reason="known", strict=True)\ndef test_known():\n    assert False\n',
        encoding="utf-8",
    )
    alone = _run(tmp_path)
    assert alone.returncode == 0, alone.stdout
    assert "1 skipped, 1 xfailed" in alone.stdout
    strict = _run(tmp_path, REFEREE_NO_SKIPS="1")
    assert strict.returncode == 1, strict.stdout
    assert "REFEREE_NO_SKIPS allows no skip: needs a PostgreSQL database" in strict.stdout
    assert "1 failed, 1 xfailed" in strict.stdout
