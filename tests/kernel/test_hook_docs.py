"""Every hook is documented in docs/hooks.md and exercised by at least one test (datasette style)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
sys.path.insert(0, str(ROOT / "docs"))
import hooks_doc  # noqa: E402

ALL_HOOKS = [name for _title, module in hooks_doc.SECTIONS for name, _fn in hooks_doc.specs(module)]


def test_hooks_page_is_up_to_date():
    assert hooks_doc.main(["--check"]) == 0, "run: python docs/hooks_doc.py"


SHIPPED_PLUGINS = [p for p in (ROOT / "plugins").rglob("*.py") if "hookspecs" not in p.name]


@pytest.mark.parametrize("hook", ALL_HOOKS)
def test_every_hook_is_used_by_some_test(hook):
    """A hook counts as tested when a test implements or calls it, or a shipped plugin whose
    scenarios the tests run implements it (a game's hooks for its cards and powers)."""
    tests = [p for p in (ROOT / "tests").rglob("*.py") if p.name != Path(__file__).name]
    sources = tests if hook.startswith("referee_") else tests + SHIPPED_PLUGINS
    assert any(f"def {hook}(" in p.read_text(encoding="utf-8") or f".{hook}(" in p.read_text(encoding="utf-8") for p in sources), (
        f"no test implements or calls {hook}"
    )
    assert hook in (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
