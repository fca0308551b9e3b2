"""docs/writing-plugins.md and the house rule's README name only APIs and commands that exist."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import shlex
from pathlib import Path

import pytest

import referee
import referee.hookspecs
import referee_pigsty.hookspecs
from referee import Decision, Extension, Game
from referee_cli.main import parser

ROOT = Path(__file__).parents[2]
GUIDE = (ROOT / "docs" / "writing-plugins.md").read_text(encoding="utf-8")
README = (ROOT / "plugins" / "pigsty-harvest" / "README.md").read_text(encoding="utf-8")
PACKAGES = {
    "referee_pigsty",
    "referee_pigsty_harvest",
    "referee_cashnguns",
    "referee_pimp",
    "referee_backhanding",
    "referee_pornstar",
    "referee_example_nim",
    "referee_app",
}
"""Names in the guide that are not hooks: packages (each game's section names its own) and a fixture."""


def test_decision_methods_named_in_the_guide_exist():
    named = set(re.findall(r"\bdecision\.([a-z_]+)", GUIDE))
    assert {"emit", "request", "roll"} <= named
    attributes = set(re.findall(r"self\.([a-z_]+) =", inspect.getsource(Decision.__init__)))
    assert [n for n in named if not hasattr(Decision, n) and n not in attributes] == []


def test_referee_names_in_the_guide_exist():
    named = set(re.findall(r"\breferee\.([A-Za-z_]+)", GUIDE))
    missing = []
    for name in named:
        if not hasattr(referee, name):
            try:
                importlib.import_module(f"referee.{name}")
            except ImportError:
                missing.append(name)
    assert missing == []


def test_hooks_named_in_the_guide_and_readme_exist():
    specs = {n for n in dir(referee.hookspecs) if n.startswith("referee_")} | {
        n for n in dir(referee_pigsty.hookspecs) if n.startswith("pigsty_")
    }
    named = set(re.findall(r"\b((?:referee|pigsty)_[a-z_]+)\b", GUIDE + README)) - PACKAGES
    assert {"referee_extensions", "pigsty_turn_resolved"} <= named
    assert sorted(named - specs) == []


@pytest.mark.parametrize("cls", [Game, Extension])
def test_fields_the_guide_lists_are_the_real_ones(cls):
    section = GUIDE.split("## 2.")[1].split("## 3.")[0]
    entry = section.split(f"`referee_{'games' if cls is Game else 'extensions'}`** returns")[1].split("\n- **")[0]
    named = set(re.findall(r"`([a-z_]+)`", entry))
    fields = {f.name for f in dataclasses.fields(cls)}
    assert named - {"referee_games", "referee_extensions"} <= fields
    assert fields <= named, f"the guide does not mention {fields - named}"


def commands(text: str) -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    lines = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("referee ")]


@pytest.mark.parametrize("command", commands(GUIDE) + commands(README))
def test_commands_in_the_docs_parse(command):
    parser().parse_args(shlex.split(command)[1:])
