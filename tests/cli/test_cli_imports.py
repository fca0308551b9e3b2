"""A command about one table imports that table's plugins and no other game's; listing
tables imports none (each command runs in a fresh process, where ``sys.modules`` tells)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee import Referee

GAME_PACKAGES = (
    "referee_pigsty",
    "referee_pigsty_harvest",
    "referee_example_pigsty_palace_tithe",
    "referee_pimp",
    "referee_example_pimp",
    "referee_backhanding",
    "referee_cashnguns",
    "referee_example_cashnguns",
    "referee_pornstar",
    "referee_example_nim",
)

# Runs the command and reports which game packages it imported, on a line of its own
# after the command's output.
RUN = f"""
import json, sys
from referee_cli.main import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    status = exc.code
packages = sorted({{name.split(".")[0] for name in sys.modules if name.startswith({GAME_PACKAGES!r})}})
print("\\nIMPORTED " + json.dumps({{"status": status, "packages": packages}}))
"""


def imported(db: Path, *argv: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", RUN, *argv, "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = json.loads(result.stdout.rsplit("IMPORTED ", 1)[1])
    assert report["status"] == 0, result.stderr
    return report["packages"]


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A store with a Pigsty table and a Pigsty table under the Harvest Festival house rule."""
    db = tmp_path_factory.mktemp("imports") / "tables.sqlite"
    with Referee(db) as app:
        plain = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="plain", table_id="plain")
        harvest = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="harvest", extensions=["harvest-festival"], table_id="harvest")
    return db, plain, harvest


@pytest.mark.parametrize(
    "command",
    [("view", "{table}", "--seat", "Bill"), ("act", "{table}", "Bill", "orders", "G 1")],
    ids=["view", "act"],
)
def test_view_and_act_import_only_the_tables_own_game(store, command) -> None:
    db, plain, harvest = store
    assert imported(db, *(part.format(table=plain) for part in command)) == ["referee_pigsty"]
    # A house rule from another distribution (whose entry point is not named after it)
    # is found through the distribution the table recorded.
    assert imported(db, *(part.format(table=harvest) for part in command)) == ["referee_pigsty", "referee_pigsty_harvest"]


def test_listing_tables_imports_no_game(store) -> None:
    db, _, _ = store
    assert imported(db, "tables") == []


def test_listing_games_still_imports_every_game(store) -> None:
    db, _, _ = store
    packages = imported(db, "games")
    assert {"referee_pigsty", "referee_pimp", "referee_pornstar", "referee_cashnguns", "referee_backhanding"} <= set(packages)
