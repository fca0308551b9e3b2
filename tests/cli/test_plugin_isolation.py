"""A deliberately broken distribution installed beside the real games (issue 8, "Misbehaving plugins").

The distribution is built in a temporary folder as a third party would ship it: modules
plus a ``.dist-info`` with entry points in the ``referee`` group.  Each ``referee`` run
is a fresh process with that folder on its path, so discovery goes through
``importlib.metadata`` exactly as for an installed package.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

DIST = "referee-broken-fixture"

MODULES = {
    "broken_on_import.py": """
        raise RuntimeError("this plugin cannot even be imported")
    """,
    "games_raise.py": """
        from referee import hookimpl

        @hookimpl
        def referee_games():
            raise RuntimeError("discovery blew up")
    """,
    "wrong_types.py": """
        from referee import hookimpl

        @hookimpl
        def referee_games():
            return "pigsty"

        @hookimpl
        def referee_extensions():
            return [42]
    """,
    "sneaky.py": """
        import sys

        from referee import Extension, hookimpl

        @hookimpl
        def referee_extensions():
            me = sys.modules[__name__]
            return [
                Extension(name="sneaky", game="pigsty", title="Sneaky", plugin=me, default=True),
                Extension(name="loud", game="pigsty", title="Loud", plugin=Loud()),
            ]

        class Loud:
            '''Fails at everything that only shows a table.'''

            @hookimpl
            def referee_describe(self, event):
                raise RuntimeError("cannot describe")

            @hookimpl
            def referee_view(self, state, seat):
                raise RuntimeError("cannot show")

            @hookimpl
            def referee_report(self, state, entries, round):
                raise KeyError("no report")
    """,
}

ENTRY_POINTS = {
    "broken-on-import": "broken_on_import",
    "games-raise": "games_raise",
    "wrong-types": "wrong_types",
    "sneaky": "sneaky",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the broken distribution, importable and visible to importlib.metadata."""
    folder = tmp_path_factory.mktemp("broken-site")
    for name, source in MODULES.items():
        (folder / name).write_text(textwrap.dedent(source), encoding="utf-8")
    info = folder / f"{DIST.replace('-', '_')}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {DIST}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[referee]\n" + "".join(f"{name} = {module}\n" for name, module in ENTRY_POINTS.items()), encoding="utf-8"
    )
    (info / "top_level.txt").write_text("".join(f"{module}\n" for module in ENTRY_POINTS.values()), encoding="utf-8")
    (info / "RECORD").write_text("", encoding="utf-8")
    return folder


@pytest.fixture
def referee_cmd(site: Path, tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    store = tmp_path / "tables.sqlite"

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", "from referee_cli.main import main; main()", *argv, "--db", str(store)],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    return run


def test_games_lists_every_real_game_and_names_each_broken_plugin(referee_cmd) -> None:
    result = referee_cmd("games", "--json")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    listing = json.loads(result.stdout)
    assert {"pigsty", "cashnguns", "pimp"} <= {g["name"] for g in listing["games"]}
    broken = listing["broken"]
    assert any("broken-on-import" in name and "cannot even be imported" in reason for name, reason in broken.items()), broken
    assert any("games-raise" in name and "referee_games raised RuntimeError" in reason for name, reason in broken.items()), broken
    wrong = next(reason for name, reason in broken.items() if "wrong-types" in name)
    assert "referee_games returned str" in wrong and "referee_extensions offered a int" in wrong
    assert all(reason.startswith(f"{DIST} 0.1: ") for reason in broken.values()), broken
    (warning,) = listing["warnings"]
    assert "pigsty.sneaky" in warning and DIST in warning and "stays off" in warning
    pigsty = next(g for g in listing["games"] if g["name"] == "pigsty")
    assert {e["name"]: e["default"] for e in pigsty["extensions"]}["sneaky"] is False

    text = referee_cmd("games")
    assert text.returncode == 0
    assert "skipped plugin games-raise" in text.stdout and "note: house rule pigsty.sneaky" in text.stdout


def _errors(result: subprocess.CompletedProcess[str]) -> list[str]:
    """The command's own error lines (the log's warnings about the broken plugins aside);
    with --json an error is a JSON object on a line of its own, read back as the same line."""
    errors = []
    for line in result.stderr.splitlines():
        if line.startswith('{"error": '):
            errors.append(f"referee: {json.loads(line)['error']}")
        elif line.startswith("referee:"):
            errors.append(line)
    return errors


def _table(result: subprocess.CompletedProcess[str]) -> str:
    return json.loads(result.stdout)["table"]


def test_a_pigsty_game_plays_and_verifies_without_the_default_on_stranger(referee_cmd) -> None:
    """Only the game's own distribution decides defaults: sneaky stays off unless named."""
    played = referee_cmd("play", "pigsty", "--bots", "3", "--seed", "isolation", "--quiet", "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["finished"] is True
    table = _table(played)
    opened = json.loads(referee_cmd("export", table).stdout.splitlines()[0])
    assert [p["name"] for p in opened["event"]["plugins"]] == ["pigsty"]
    assert referee_cmd("verify", table).returncode == 0

    named = referee_cmd("new", "pigsty", "--seats", "Bill,Ted,Zed", "--extensions", "sneaky", "--json")
    assert named.returncode == 0, named.stderr
    opened = json.loads(referee_cmd("export", _table(named)).stdout.splitlines()[0])
    assert [p["name"] for p in opened["event"]["plugins"]] == ["pigsty", "pigsty.sneaky"]
    assert opened["event"]["plugins"][1]["distribution"] == DIST


def test_failing_view_report_and_describe_hooks_are_named_not_thrown(referee_cmd) -> None:
    played = referee_cmd("play", "pigsty", "--bots", "3", "--seed", "loud", "--quiet", "--extensions", "loud", "--json")
    # The bots read their views, and the view hook fails: the table stays as it was, named.
    assert played.returncode == 2
    assert "Traceback" not in played.stderr
    err = _errors(played)
    assert len(err) == 1 and "plugin pigsty.loud failed in referee_view (RuntimeError, logged)" in err[0]

    opened = referee_cmd("new", "pigsty", "--seats", "Bill,Ted,Zed", "--extensions", "loud", "--json")
    table = _table(opened)
    for seat in ("Bill", "Ted", "Zed"):
        assert referee_cmd("act", table, seat, "orders", "I 1").returncode == 0

    view = referee_cmd("view", table)
    assert view.returncode == 2
    assert [e for e in _errors(view) if "plugin pigsty.loud failed in referee_view" in e] == _errors(view) != []

    report = referee_cmd("report", table)
    assert report.returncode == 2
    assert [e for e in _errors(report) if "plugin pigsty.loud failed in referee_report (KeyError" in e] == _errors(report) != []

    # Descriptions fall back on the game's own words, with a warning naming the plugin.
    replayed = referee_cmd("replay", table, "--to", "1")
    assert replayed.returncode == 2  # replay shows the state too, and the view hook fails
    assert len(_errors(replayed)) == 1 and "failed in referee_view" in replayed.stderr
    entries = referee_cmd("explain", table, "1")
    assert entries.returncode == 0, entries.stderr
    assert "table " in entries.stdout and " opened: pigsty for Bill, Ted, Zed" in entries.stdout
    assert "a plugin failed to describe an event" in entries.stderr and "pigsty.loud" in entries.stderr
    assert "Traceback" not in entries.stderr + replayed.stderr + view.stderr + report.stderr
