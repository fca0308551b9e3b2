"""``Registry(lazy=True)`` imports only the plugins a table needs, and answers every
question, errors included, as ``Registry()`` does (DESIGN: plugins, discovery).

Which modules it imports is checked in a fresh process (tests/cli/test_cli_imports.py);
here every answer is compared with an eager registry's.
"""

from __future__ import annotations

import highroll
import pytest

from referee import PluginMismatch, Referee, RefereeError, Registry, UnknownGame
from referee.events import PluginRecord
from referee.registry import LazyRegistry


@pytest.fixture(scope="module")
def eager() -> Registry:
    return Registry()


def released(records: tuple[PluginRecord, ...]) -> list[tuple[str, str, str]]:
    return [(r.name, r.distribution, r.version) for r in records]


def test_lazy_is_asked_for_by_a_keyword_and_plugins_passed_in_still_count() -> None:
    lazy = Registry([highroll], lazy=True)
    assert isinstance(lazy, LazyRegistry) and not isinstance(Registry(), LazyRegistry)
    assert "highroll" in lazy.games and "pigsty" in lazy.games
    alone = Registry([highroll], entry_points=False, lazy=True)
    assert list(alone.games) == ["highroll"]
    assert released(alone.rules("highroll").records) == released(Registry([highroll], entry_points=False).rules("highroll").records)


def test_questions_about_every_plugin_get_the_eager_answers(eager) -> None:
    assert Referee(registry=Registry(lazy=True)).plugins.games() == Referee(registry=eager).plugins.games()
    assert Referee(registry=Registry(lazy=True)).plugins.hooks("pigsty") == Referee(registry=eager).plugins.hooks("pigsty")
    lazy = Registry(lazy=True)
    lazy.rules("pigsty")  # a table's plugins first, then everything when asked about everything
    assert sorted(lazy.extensions) == sorted(eager.extensions)
    assert [e.name for e in lazy.extensions_of("pimp")] == [e.name for e in eager.extensions_of("pimp")]
    assert (lazy.broken, lazy.warnings) == (eager.broken, eager.warnings)


def test_new_tables_get_the_eager_rules(eager) -> None:
    for game in sorted(eager.games):
        names = [e.name for e in eager.extensions_of(game)]
        for extensions in (None, [], ["all"], *([name] for name in names)):
            expected = eager.rules(game, extensions)
            got = Registry(lazy=True).rules(game, extensions)
            assert released(got.records) == released(expected.records), (game, extensions)
            assert [e.name for e in got.extensions] == [e.name for e in expected.extensions]


def test_stored_tables_are_read_under_the_plugins_they_recorded(eager) -> None:
    for game, extensions in (("pigsty", ["harvest-festival"]), ("pimp", None), ("cashnguns", ["all"]), ("pornstar", [])):
        recorded = eager.rules(game, extensions).records
        got = Registry(lazy=True).rules_for(game, recorded)
        assert released(got.records) == released(recorded)


def _same_refusal(eager: Registry, ask) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RefereeError) as expected:
        ask(eager)
    with pytest.raises(type(expected.value)) as got:
        ask(Registry(lazy=True))
    assert got.value.message == expected.value.message
    return got.value.message


def test_refusals_are_word_for_word_the_eager_ones(eager) -> None:
    pigsty = eager.rules("pigsty").records[0]
    stranger = PluginRecord(name="pigsty.no-such-rule", distribution="referee-no-such-rule", version="1.0")
    message = _same_refusal(eager, lambda r: r.rules_for("pigsty", [pigsty, stranger]))
    assert "pip install 'referee-no-such-rule'=='1.0'" in message
    missing = PluginRecord(name="nosuch", distribution="referee-nosuch", version="2.0")
    message = _same_refusal(eager, lambda r: r.rules_for("nosuch", [missing]))
    assert "installed games: " in message and "pigsty" in message
    older = PluginRecord(name="pigsty", distribution=pigsty.distribution, version="0.0.1")
    assert "installed is" in _same_refusal(eager, lambda r: r.rules_for("pigsty", [older]))
    assert "available: " in _same_refusal(eager, lambda r: r.rules("pigsty", ["no-such-rule"]))
    assert "installed games: " in _same_refusal(eager, lambda r: r.rules("nosuch"))


def test_a_lazy_registry_refuses_as_the_eager_one_by_type(eager) -> None:
    missing = PluginRecord(name="nosuch", distribution="referee-nosuch", version="2.0")
    with pytest.raises(UnknownGame):
        Registry(lazy=True).rules_for("nosuch", [missing])
    pigsty = eager.rules("pigsty").records[0]
    with pytest.raises(PluginMismatch):
        Registry(lazy=True).rules_for("pigsty", [pigsty, PluginRecord(name="pigsty.x", distribution="referee-x", version="1")])
