"""The example distributions, as an author receives them (issue 12, "Done when").

* Every example with tests of its own (``EXAMPLES``: the minimal game, an eleventh
  Cash'n'Guns power, a new Pimp special card, a new PornStar Play card, a new Backhanding
  Dirty Trick, a house rule per game) is built as a wheel,
  with the kernel, the CLI and the games they need built the same way from this
  checkout, and all are installed non-editable into one fresh virtual environment.  Each
  example's own ``tests/`` folder then runs there with ``python -m pytest``, using
  nothing but ``referee.testing`` and public names.
* No example imports a private (``_``-prefixed) name of the kernel or of a game.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import tomllib
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [
    ROOT / "plugins" / name
    for name in (
        "example-nim",
        "example-cashnguns-medic",
        "example-cashnguns-heavy-shame",
        "example-pimp-street-cred",
        "example-pimp-deep-pockets",
        "example-pigsty-palace-tithe",
        "example-pornstar-paparazzi",
        "example-backhanding-sucker-punch",
    )
]
"""The examples that carry their own tests."""
TEMPLATES = [ROOT / "plugins" / "pigsty-harvest"]
"""Examples kept to copy that are tested in this repository (tests/harvest), not by themselves."""
NEEDED = [
    "kernel",
    "adapters/cli",
    "plugins/pigsty",
    "plugins/pigsty-harvest",
    "plugins/cashnguns",
    "plugins/pimp",
    "plugins/pornstar",
    "plugins/backhanding",
]
"""What the examples depend on, built from this checkout too."""
THIRD_PARTY = [
    *tomllib.loads((ROOT / "kernel" / "pyproject.toml").read_text())["project"]["dependencies"],
    "pytest>=8",
    "hypothesis>=6.100",
]
"""The kernel's dependencies (read from its pyproject, so they cannot drift) and the
examples' test tools (their ``test`` extra)."""
BUILD_BACKEND = "setuptools>=70.1"
"""What builds every distribution's wheel (70.1 is the first that builds wheels by itself)."""


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=1200)


def _clean_env(venv_dir: Path) -> dict[str, str]:
    """An environment that sees only the fresh venv: no PYTHONPATH, no store of ours."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REFEREE_DB", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PATH"] = f"{venv_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv_dir)
    return env


def _package_of(example: Path) -> str:
    return next(p.name for p in (example / "src").iterdir() if p.is_dir() and not p.name.endswith(".egg-info"))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, str], Path]:
    """One fresh venv holding every example and what it needs, each from its wheel:
    ``(python, environment, scratch folder)``."""
    tmp_path = tmp_path_factory.mktemp("examples")
    wheels = tmp_path / "wheels"
    sources = []
    for folder in [*NEEDED, *(str(e.relative_to(ROOT)) for e in EXAMPLES)]:
        # The build happens in a copy: building in place would leave build/ and
        # egg-info folders in the checkout.
        source = tmp_path / "src" / folder
        shutil.copytree(ROOT / folder, source, ignore=shutil.ignore_patterns("*.egg-info", "build", "__pycache__", "tests"))
        sources.append(str(source))
    env_dir = tmp_path / "venv"
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    except Exception as exc:  # no ensurepip on this Python: nothing to install into
        pytest.skip(f"a fresh virtual environment with pip cannot be made here: {type(exc).__name__}: {exc}")
    python = str(env_dir / "bin" / "python")
    env = _clean_env(env_dir)
    # Third-party dependencies come from pip's configured indexes, with the build backend:
    # the wheels are built in this venv, once, not in an isolated one per distribution.
    deps = _run([python, "-m", "pip", "install", "-q", *THIRD_PARTY, BUILD_BACKEND], tmp_path, env)
    if deps.returncode != 0:
        pytest.skip(f"the kernel's dependencies cannot be installed into a fresh venv here (no index reachable): {deps.stderr[-500:]}")
    built = _run([python, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(wheels), *sources], tmp_path, env)
    assert built.returncode == 0, f"building the wheels failed:\n{built.stdout[-3000:]}\n{built.stderr[-3000:]}"
    names = sorted(p.name.split("-")[0] for p in wheels.glob("*.whl"))
    assert names == sorted(
        ["referee", "referee_cli", "referee_pigsty", "referee_pigsty_harvest", "referee_cashnguns", "referee_pimp"]
        + ["referee_pornstar", "referee_backhanding"]
        + [_package_of(e) for e in EXAMPLES]
    ), names
    # Referee's own distributions come only from the wheels just built (--no-index), never from an index.
    ours = _run(
        [python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--find-links", str(wheels), *map(str, wheels.glob("*.whl"))],
        tmp_path,
        env,
    )
    assert ours.returncode == 0, ours.stderr
    packages = ["referee", "referee_cli", *(_package_of(e) for e in EXAMPLES)]
    probe = "import importlib, sys\nfor name in sys.argv[1:]:\n    print(importlib.import_module(name).__file__)"
    where = _run([python, "-c", probe, *packages], tmp_path, env)
    assert where.returncode == 0, where.stderr
    assert all(line.startswith(str(env_dir)) for line in where.stdout.splitlines()), f"not installed into the venv:\n{where.stdout}"
    return python, env, tmp_path


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_an_example_installed_from_its_wheel_passes_its_own_tests(installed, example):
    python, env, tmp_path = installed
    # The tests run from a copy, outside this repository, so neither its pyproject.toml
    # nor its conftest.py can help them: only what the installed distributions provide.
    tests = tmp_path / "authors" / example.name / "tests"
    shutil.copytree(example / "tests", tests, ignore=shutil.ignore_patterns("__pycache__"))
    ran = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)], tests.parent, env)
    assert ran.returncode == 0, f"{example.name}'s own tests failed in the fresh venv:\n{ran.stdout[-4000:]}\n{ran.stderr[-2000:]}"
    assert " passed" in ran.stdout and "skipped" not in ran.stdout, ran.stdout[-2000:]


# --- private names ----------------------------------------------------------------------

PROTECTED = (
    "referee",
    "referee_pigsty",
    "referee_pigsty_harvest",
    "referee_cashnguns",
    "referee_pimp",
    "referee_pornstar",
    "referee_backhanding",
    "referee_example_nim",
    "referee_cli",
)
"""Top-level packages of the kernel and the games: an example may use their public names only."""


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(source: str, own: str) -> Iterator[str]:
    """Private names ``source`` takes from the kernel or a game (not from ``own``, its own package)."""
    tree = ast.parse(source)
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            parts = node.module.split(".")
            if parts[0] not in PROTECTED or parts[0] == own:
                continue
            if any(_private(p) for p in parts):
                yield f"line {node.lineno}: from {node.module} import ..."
            for alias in node.names:
                if _private(alias.name):
                    yield f"line {node.lineno}: from {node.module} import {alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] not in PROTECTED or parts[0] == own:
                    continue
                if any(_private(p) for p in parts):
                    yield f"line {node.lineno}: import {alias.name}"
                modules.add(alias.asname or parts[0])
    for node in ast.walk(tree):
        # referee.testing._leaves, or referee._WHERE, reached through an imported module.
        if isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in modules:
                yield f"line {node.lineno}: {ast.unparse(node)}"


@pytest.mark.parametrize("example", [*EXAMPLES, *TEMPLATES], ids=lambda p: p.name)
def test_no_example_imports_a_private_name_of_the_kernel_or_a_game(example):
    own = _package_of(example)
    files = sorted(p for p in example.rglob("*.py") if "__pycache__" not in p.parts)
    assert files, f"no Python files under {example}"
    found = [f"{path.relative_to(ROOT)} {hit}" for path in files for hit in private_imports(path.read_text(), own)]
    assert found == []


@pytest.mark.parametrize(
    ("source", "hit"),
    [
        ("from referee.testing import _leaves", "from referee.testing import _leaves"),
        ("from referee._private import thing", "from referee._private import ..."),
        ("import referee_pigsty._impl", "import referee_pigsty._impl"),
        ("import referee.testing\nreferee.testing._mentions('a', 'b')", "referee.testing._mentions"),
        ("import referee_cashnguns as cg\ncg.game._advance(None)", "cg.game._advance"),
    ],
)
def test_the_private_import_scan_finds_each_way_of_reaching_a_private_name(source, hit):
    assert [h.split(": ", 1)[1] for h in private_imports(source, "referee_example_nim")] == [hit]


def test_the_private_import_scan_allows_public_names_dunders_and_the_examples_own_package():
    source = (
        "from referee import Event, __version__\n"
        "from referee_example_nim.plugin import _call\n"
        "from ._own import helper\n"
        "import referee\nreferee.__name__\n"
        "from pathlib import _ignored\n"
    )
    assert list(private_imports(source, "referee_example_nim")) == []
