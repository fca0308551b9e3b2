"""A log naming a game that is not installed says what to install (issue 12), as a log
naming a missing extension already does: the distribution and version its first entry
recorded."""

from __future__ import annotations

import importlib.metadata

import msgspec
import pytest

from referee import MEMORY, Referee, Registry, TableStore, UnknownGame


@pytest.fixture(scope="module")
def pigsty_log():
    with Referee(registry=Registry(), store=TableStore(MEMORY)) as app:
        table = app.open("pigsty", ["Amy", "Bill", "Ted"], seed="hint")
        app.act(table, "Amy", "orders", {"text": "I 5"})
        return app.audit.load_log(app.export(table))


def test_a_log_of_a_game_not_installed_names_the_distribution_to_install(pigsty_log):
    version = importlib.metadata.version("referee-pigsty")
    without = Referee(registry=Registry([], entry_points=False), store=TableStore(MEMORY))
    verdict = without.audit.verify(pigsty_log)
    assert not verdict.ok
    assert "no game named 'pigsty' is installed" in verdict.message
    assert f"pip install referee-pigsty=={version}" in verdict.message
    with pytest.raises(UnknownGame, match=rf"pip install referee-pigsty=={version}"):
        without.audit.replay(pigsty_log)


def test_opening_a_table_of_an_unknown_game_gives_no_hint():
    """No log, no record: nothing to say what to install."""
    with pytest.raises(UnknownGame) as caught:
        Referee(registry=Registry([], entry_points=False), store=TableStore(MEMORY)).open("pigsty", ["A", "B", "C"])
    assert "pip install" not in caught.value.message


@pytest.mark.parametrize("distribution", ["referee-pigsty; curl evil", "x (not installed)", "-e ."])
def test_a_recorded_name_pip_cannot_install_gets_no_command(pigsty_log, distribution):
    """A log is input: a recorded name that is no distribution name is not made a command."""
    opened = msgspec.json.decode(msgspec.json.encode(pigsty_log[0].event))
    opened["plugins"][0]["distribution"] = distribution
    forged = [msgspec.structs.replace(pigsty_log[0], event=opened), *pigsty_log[1:]]
    without = Referee(registry=Registry([], entry_points=False), store=TableStore(MEMORY))
    with pytest.raises(UnknownGame) as caught:
        without.audit.replay(forged)
    assert "pip install" not in caught.value.message
    assert "which pip cannot install" in caught.value.message


def test_a_log_of_another_build_gets_one_note_a_distribution_naming_its_plugins():
    """A game and its cards ship in one distribution: a log recorded by another build of it
    (or by one that did not record its build) gets one note saying so, not one a card."""
    rules = Registry().rules("pimp", None)
    assert len({r.distribution for r in rules.records}) == 1 and len(rules.records) > 1
    other = [msgspec.structs.replace(r, code="0" * 64) for r in rules.records]
    (note,) = rules.installation_notes(other)
    assert note.startswith(f"pimp and {len(rules.records) - 1} other plugins (")
    assert "is not the code that recorded this table" in note
    (note,) = rules.installation_notes([msgspec.structs.replace(r, code="") for r in rules.records])
    assert "does not record which build of referee-pimp" in note
    assert rules.installation_notes(rules.records) == []
