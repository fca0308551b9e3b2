"""``referee new-plugin`` (issues 12 and 24): every kind generates a distribution that,
once installed, passes its own tests as generated, with ``referee.testing`` and names
the ``referee`` package (or the game's own top-level package) exports; a Cash'n'Guns power
is the game's own ``Power``; a title keeps its apostrophes; bad input is refused in one
line and writes nothing.

The generated distributions are installed (built by pip, as an author's ``pip install``
would) into a folder of their own, put on the path of a child ``pytest`` only, so
nothing is installed into this environment."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import subprocess
import sys
from pathlib import Path

import pytest

KINDS = [
    pytest.param(["my-rule", "--kind", "house-rule", "--game", "pigsty"], "referee_pigsty_my_rule", id="house-rule-pigsty"),
    # Not "the-medic": the example distribution of that name may be installed beside.
    pytest.param(["the-nurse", "--kind", "power", "--game", "cashnguns"], "referee_cashnguns_the_nurse", id="power-cashnguns"),
    pytest.param(["lucky-charm", "--kind", "card", "--game", "pimp"], "referee_pimp_lucky_charm", id="card-pimp"),
    pytest.param(["casting-couch", "--kind", "card", "--game", "pornstar"], "referee_pornstar_casting_couch", id="card-pornstar"),
    pytest.param(["low-blow", "--kind", "card", "--game", "backhanding"], "referee_backhanding_low_blow", id="card-backhanding"),
    pytest.param(["race", "--kind", "game"], "referee_race", id="game"),
]


def _own_tests(folder: Path, site: Path | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REFEREE_DB")}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )


def _building() -> list[str]:
    """Build with the setuptools already here when it builds wheels by itself (70.1 on): an
    isolated build environment per distribution costs seconds each."""
    try:
        major, minor = (int(part) for part in importlib.metadata.version("setuptools").split(".")[:2])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return []
    return ["--no-build-isolation"] if (major, minor) >= (70, 1) else []


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Path], Path]:
    """Every kind generated and installed from its folder (pip builds it) into one site
    folder: ``({package: folder}, site)``."""
    tmp_path = tmp_path_factory.mktemp("new-plugin")
    folders = {}
    for param in KINDS:
        argv, package = param.values
        folder = tmp_path / package
        made = subprocess.run(
            [
                sys.executable,
                "-c",
                "from referee_cli.main import main; main()",
                "new-plugin",
                *argv,
                "--dir",
                str(folder),
                "--db",
                str(tmp_path / "unused.sqlite"),
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert made.returncode == 0, made.stderr
        folders[package] = folder
    site = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", *_building(), "--target", str(site), *map(str, folders.values())],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if built.returncode != 0 and "setuptools" in built.stderr and "satisfies the requirement" in built.stderr:
        pytest.skip(f"no index offers setuptools to build the generated distributions with: {built.stderr[-300:]}")
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-3000:]
    return folders, site


@pytest.mark.parametrize(("argv", "package"), KINDS)
def test_each_kind_installed_passes_its_own_tests_as_generated(generated, argv, package) -> None:
    folders, site = generated
    folder = folders[package]
    assert (folder / "pyproject.toml").is_file() and (folder / "README.md").is_file()
    assert (folder / "src" / package / "plugin.py").is_file()
    assert f'= "{package}.plugin"' in (folder / "pyproject.toml").read_text(encoding="utf-8")
    ran = _own_tests(folder, site)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert " passed" in ran.stdout and "failed" not in ran.stdout and "skipped" not in ran.stdout
    if package != "referee_race":
        tests = (folder / "tests" / "test_plugin.py").read_text(encoding="utf-8")
        assert "from referee.testing import" in tests and "check_bot_games" in tests


def test_the_generated_tests_say_to_install_first(generated) -> None:
    """They play the installed distribution: run from the source folder alone, they stop
    at once, naming the distribution and the command that installs it."""
    folders, _ = generated
    ran = _own_tests(folders["referee_pigsty_my_rule"], None)
    assert ran.returncode != 0
    assert "referee-pigsty-my-rule is not installed: run `pip install -e .`" in ran.stdout + ran.stderr


def test_a_cashnguns_power_is_the_games_own_power(generated) -> None:
    folders, _ = generated
    plugin = (folders["referee_cashnguns_the_nurse"] / "src" / "referee_cashnguns_the_nurse" / "plugin.py").read_text(encoding="utf-8")
    assert "from referee_cashnguns import Power" in plugin and "Power(" in plugin and 'rule=f"cashnguns.{NAME} 1"' in plugin


def test_a_pornstar_card_is_a_play_card_and_a_backhanding_card_a_dirty_trick(generated) -> None:
    """Issue 24, the kit: a card of either game is declared as the game's own cards are, so
    the game deals it, names it by its title and offers it."""
    folders, _ = generated
    card = (folders["referee_pornstar_casting_couch"] / "src" / "referee_pornstar_casting_couch" / "plugin.py").read_text(encoding="utf-8")
    assert "from referee_pornstar import PlayCard" in card and "PlayCard(" in card and 'copies=("CASTINGCOU1",)' in card
    trick = (folders["referee_backhanding_low_blow"] / "src" / "referee_backhanding_low_blow" / "plugin.py").read_text(encoding="utf-8")
    assert "from referee_backhanding import DirtyTrick" in trick and "DirtyTrick(" in trick and "copies=1" in trick


def test_a_title_keeps_its_apostrophes(cli, tmp_path) -> None:
    folder = tmp_path / "hand"
    made = cli("new-plugin", "dead-mans-hand", "--kind", "power", "--game", "cashnguns", "--title", "Dead Man's Hand", "--dir", folder)
    assert made.code == 0, made.err
    plugin = (folder / "src" / "referee_cashnguns_dead_mans_hand" / "plugin.py").read_text(encoding="utf-8")
    assert 'TITLE = "Dead Man\'s Hand"' in plugin
    ast.parse(plugin)
    assert (folder / "README.md").read_text(encoding="utf-8").startswith("# Dead Man's Hand\n")
    assert "Dead Man's Hand, a power for Cash'n'Guns." in (folder / "pyproject.toml").read_text(encoding="utf-8")
    refused = cli("new-plugin", "quoted", "--kind", "game", "--title", 'The "Best" Game', "--dir", tmp_path / "quoted")
    assert refused.code == 2 and "without double quotes" in refused.err and not (tmp_path / "quoted").exists()


def _public_of(module: str) -> set[str]:
    import importlib

    return set(getattr(importlib.import_module(module), "__all__", ()))


@pytest.mark.parametrize(("argv", "package"), KINDS)
def test_generated_code_imports_only_public_names(cli, tmp_path, argv, package) -> None:
    """A template teaches by example: it may use names ``referee`` and the game's own
    top-level package export only, and those of a game's documented author API
    (``referee_pornstar.api``, ``referee_backhanding.api``: their ``__all__``)."""
    folder = tmp_path / "generated"
    assert cli("new-plugin", *argv, "--dir", folder).code == 0
    offending = []
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                offending += [a.name for a in node.names if a.name.startswith("referee")]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and node.module.startswith("referee"):
                top = node.module.split(".")[0]
                if node.module in ("referee", "referee.testing") or (node.module in (top, f"{top}.api") and top != package):
                    offending += [f"{node.module}.{a.name}" for a in node.names if a.name not in _public_of(node.module)]
                elif top != package:
                    offending.append(node.module)
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                offending.append(ast.unparse(node))
    assert not offending, offending


def test_a_game_gets_rules_scenarios_and_its_own_hookspecs(cli, tmp_path) -> None:
    folder = tmp_path / "race"
    assert cli("new-plugin", "race", "--kind", "game", "--dir", folder).code == 0
    package = folder / "src" / "referee_race"
    assert "1. **Setup.**" in (package / "RULES.md").read_text(encoding="utf-8")
    assert list((package / "scenarios").glob("*.toml"))
    assert "def race_most_per_turn(" in (package / "hookspecs.py").read_text(encoding="utf-8")
    pyproject = (folder / "pyproject.toml").read_text(encoding="utf-8")
    assert '"RULES.md", "scenarios/*.toml"' in pyproject
    assert f'dependencies = ["referee>=0.{referee_minor()},<0.{referee_minor() + 1}"]' in pyproject


def referee_minor() -> int:
    from importlib.metadata import version

    return int(version("referee").split(".")[1])


def test_an_extensions_readme_lists_its_games_own_hooks(cli, tmp_path) -> None:
    folder = tmp_path / "rule"
    assert cli("new-plugin", "cheap-palace", "--kind", "house-rule", "--game", "pigsty", "--dir", folder).code == 0
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "`pigsty_params(params: Params, state: TableState) -> Params | None`" in readme and "(first result wins)" in readme
    assert "`pigsty_turn_resolved(decision: Decision) -> None`" in readme
    pyproject = (folder / "pyproject.toml").read_text(encoding="utf-8")
    assert 'name = "referee-pigsty-cheap-palace"' in pyproject
    assert '"referee-pigsty>=0.' in pyproject
    plugin = (folder / "src" / "referee_pigsty_cheap_palace" / "plugin.py").read_text(encoding="utf-8")
    assert 'kind="house rule"' in plugin and 'GAME = "pigsty"' in plugin


def test_the_default_folder_is_named_after_the_distribution(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("new-plugin", "my-rule", "--kind", "power", "--game", "cashnguns", "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["folder"] == "referee-cashnguns-my-rule"
    assert (tmp_path / "referee-cashnguns-my-rule" / "tests" / "test_plugin.py").is_file()
    assert sorted(Path(f).name for f in data["files"]) == [
        "README.md",
        "__init__.py",
        "conftest.py",
        "plugin.py",
        "py.typed",
        "pyproject.toml",
        "test_plugin.py",
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["My Rule", "--kind", "house-rule", "--game", "pigsty"], "a plugin name is", id="spaces"),
        pytest.param(["9lives", "--kind", "game"], "a plugin name is", id="digit-first"),
        pytest.param(["x" * 41, "--kind", "game"], "a plugin name is 1 to 40", id="long"),
        pytest.param(["rule-", "--kind", "house-rule", "--game", "pigsty"], "a plugin name is", id="trailing-dash"),
        pytest.param(["ok", "--kind", "house-rule"], "name it with --game", id="no-game"),
        pytest.param(["ok", "--kind", "card", "--game", "chess"], "no game named 'chess' is installed", id="unknown-game"),
        pytest.param(["ok", "--kind", "game", "--game", "pigsty"], "--game does not apply to --kind game", id="game-with-game"),
        pytest.param(["pigsty", "--kind", "game"], "a game named pigsty is installed already", id="game-clash"),
        pytest.param(["harvest-festival", "--kind", "house-rule", "--game", "pigsty"], "pigsty has an extension named", id="clash"),
        pytest.param(["ok", "--kind", "rule"], "invalid choice", id="bad-kind"),
    ],
)
def test_bad_input_is_refused_in_one_line_and_writes_nothing(cli, tmp_path, argv, message) -> None:
    folder = tmp_path / "out"
    result = cli("new-plugin", *argv, "--dir", folder)
    assert result.code == 2
    assert message in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert not folder.exists()


def test_a_folder_with_files_in_it_is_refused(cli, tmp_path) -> None:
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    result = cli("new-plugin", "ok", "--kind", "game", "--dir", folder)
    assert result.code == 2 and "exists and is not an empty folder" in result.err
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli("new-plugin", "ok", "--kind", "game", "--dir", empty).code == 0


def test_a_folder_that_cannot_be_made_is_one_line(cli, tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    for folder in (blocker / "inside", tmp_path / ("x" * 300), f"{tmp_path}/nul\0name"):
        result = cli("new-plugin", "ok", "--kind", "game", "--dir", folder)
        assert result.code == 2, result.err
        assert len(result.err.strip().splitlines()) == 1 and "internal error" not in result.err
