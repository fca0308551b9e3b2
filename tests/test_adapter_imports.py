"""Issue 9 (one service API), for every adapter: an adapter imports names from ``referee``
and nothing below it, and reads no kernel object's private state, so the next adapter
copies no kernel internals (DESIGN, "Adapters": ``referee.Referee`` is the whole surface)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import referee_balance
import referee_cli
import referee_web
from referee import Referee
from referee._deprecation import Moved

KERNEL_INTERNALS = {
    "audit",
    "log",
    "store",
    "table",
    "scenario",
    "registry",
    "events",
    "limits",
    "logging",
    "service",
    "flow",
    "groups",
    "upcasting",
    "session",
    "seating",
    "_deprecation",
}
KERNEL_OBJECTS = {"registry", "store", "app"}
"""Attribute names under which adapters hold kernel objects."""
REFEREES = {"app", "_w_app", "Referee", "open_referee"}
"""Names under which adapters hold a referee (or make one, or name its class)."""
MOVED = sorted(name for name, value in vars(Referee).items() if isinstance(value, Moved))
"""0.2's names of methods that moved into ``Referee``'s groups (each warns when used)."""


def _names_a_referee(node: ast.expr) -> bool:
    if isinstance(node, ast.Call):
        node = node.func
    return (isinstance(node, ast.Name) and node.id in REFEREES) or (isinstance(node, ast.Attribute) and node.attr in REFEREES)


def _modules() -> list[Path]:
    return sorted(p for package in (referee_cli, referee_web, referee_balance) for p in Path(package.__file__).parent.glob("*.py"))


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
        elif isinstance(node, ast.Attribute) and node.attr in MOVED and _names_a_referee(node.value):
            offending.append(ast.unparse(node))  # app.verify: the facade's groups say app.audit.verify
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "bots"
            and _names_a_referee(node.func.value)
        ):
            offending.append(ast.unparse(node))  # app.bots(table_id): app.bots.seats(table_id)
    assert not offending, f"{module.parent.name}/{module.name} reaches into the kernel: {offending}"


def test_the_check_finds_a_kernel_import(tmp_path: Path) -> None:
    """The check above can fail: a module importing ``referee.audit`` is caught."""
    module = tmp_path / "bad.py"
    module.write_text("from referee.audit import verify\nimport referee.log\nfrom referee import store\n", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"reaches into the kernel: \['referee.audit', 'referee.log', 'referee.store'\]"):
        test_adapter_imports_only_the_top_level_referee_package(module)


def test_the_check_finds_a_moved_method(tmp_path: Path) -> None:
    """An adapter calling a method by its 0.2 name (``app.verify``) is caught: it uses the groups."""
    module = tmp_path / "old.py"
    module.write_text(
        "app.verify(entries)\nself._w_app.play_bots(t, s)\nReferee.describe(r, e)\napp.audit.verify(entries)\napp.bots(t)\n",
        encoding="utf-8",
    )
    with pytest.raises(
        AssertionError, match=r"reaches into the kernel: \['app.bots\(t\)', 'app.verify', 'self._w_app.play_bots', 'Referee.describe'\]"
    ):
        test_adapter_imports_only_the_top_level_referee_package(module)
