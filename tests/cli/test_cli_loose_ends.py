"""Loose ends a new user met (issue 24): `--version` names the adapters and the installed
games with their versions; `referee serve` without the web server says how the README
installs it; a store in a folder that does not exist is refused, naming the folder."""

from __future__ import annotations

import sys
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_version_names_the_kernel_the_adapters_and_every_installed_game(cli) -> None:
    result = cli("--version", db=None)
    assert result.code == 0
    assert f"web server {version('referee-web')}" in result.out
    for distribution in ("referee-pigsty", "referee-cashnguns", "referee-pimp", "referee-backhanding", "referee-pornstar"):
        assert f"{distribution} {version(distribution)}" in result.out


def test_serve_without_the_web_server_says_how_the_readme_installs_it(cli, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "referee_web.serve", None)
    result = cli("serve", db=":memory:")
    assert result.code == 2
    assert "pip install ./adapters/web" in result.err and "pip install referee-web" in result.err
    assert "./adapters/web" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", [["play", "pigsty", "--bots", "3", "--quiet"], ["new", "pigsty", "--seats", "Amy,Bill,Ted"]])
def test_a_store_in_a_folder_that_does_not_exist_is_refused_naming_it(cli, tmp_path, command) -> None:
    store = tmp_path / "no" / "such" / "x.sqlite"
    result = cli(*command, db=store)
    assert result.code == 2
    assert f"the folder {store.parent} does not exist" in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert not (tmp_path / "no").exists()


def test_the_default_store_folder_is_still_made(cli, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = cli("new", "pigsty", "--seats", "Amy,Bill,Ted", db=None)
    assert result.code == 0, result.err
    assert (tmp_path / "data" / "referee" / "referee.sqlite").is_file()


def test_the_readme_shows_no_extensions_all_for_powers_that_are_on_by_default() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "--extensions all   # Cash'n'Guns with all ten powers" not in readme
    assert "its ten powers are on by default" in readme
