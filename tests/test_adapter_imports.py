"""Issue 9 (one service API), for every adapter: an adapter imports names from ``referee``
and nothing below it, and reads no kernel object's private state, so the next adapter
copies no kernel internals (DESIGN, "Adapters": ``referee.Referee`` is the whole surface)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import referee_cli
import referee_web

KERNEL_INTERNALS = {"audit", "log", "store", "table", "scenario", "registry", "events", "limits", "logging", "service", "flow"}
KERNEL_OBJECTS = {"registry", "store", "app"}
"""Attribute names under which adapters hold kernel objects."""


def _modules() -> list[Path]:
    return sorted(p for package in (referee_cli, referee_web) for p in Path(package.__file__).parent.glob("*.py"))


@pytest.mark.parametrize("module", _modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_adapter_imports_only_the_top_level_referee_package(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"), filename=str(module))
    offending = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            offending += [a.name for a in node.names if a.name.startswith("referee.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("referee."):
                offending.append(node.module)
            elif node.module == "referee":
                offending += [f"referee.{a.name}" for a in node.names if a.name in KERNEL_INTERNALS]
        elif (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and isinstance(node.value, ast.Attribute)
            and node.value.attr in KERNEL_OBJECTS
        ):
            offending.append(ast.unparse(node))  # registry._dist and the like
    assert not offending, f"{module.parent.name}/{module.name} reaches into the kernel: {offending}"


def test_the_check_finds_a_kernel_import(tmp_path: Path) -> None:
    """The check above can fail: a module importing ``referee.audit`` is caught."""
    module = tmp_path / "bad.py"
    module.write_text("from referee.audit import verify\nimport referee.log\nfrom referee import store\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"reaches into the kernel: \['referee.audit', 'referee.log', 'referee.store'\]"):
        test_adapter_imports_only_the_top_level_referee_package(module)
