"""0.2's ``Referee`` methods moved into groups (``app.audit``, ``app.bots``, ``app.gamesmaster``,
``app.plugins``, ``app.admin``): each old name still works, gives what the new one gives, and
warns with a ``DeprecationWarning`` naming its new place (CHANGELOG, "Deprecations")."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest

import referee
from referee import MEMORY, Referee, RefereeError, TableStore

SEATS = ["Ann", "Bob"]


@pytest.fixture(scope="module")
def finished() -> tuple[Referee, str]:
    """A game of Nim its bots played to the end."""
    app = Referee(store=TableStore(MEMORY))
    table = app.open("nim", SEATS, seed="moved names")
    app.bots.automate(table, SEATS)
    app.bots.play(table, SEATS)
    assert app.over(table)
    return app, table


def old_gives_new(old: str, new: str, call: Callable[[Any], Any], app: Any) -> None:
    """``call`` on the old name warns naming the new one and gives what the new name gives."""
    with pytest.warns(DeprecationWarning, match=rf"^Referee\.{old} is deprecated: use Referee\.{new}$"):
        through_old = call(getattr(app, old))
    target = app
    for part in new.split("."):
        target = getattr(target, part)
    assert through_old == call(target)


def outcome(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except RefereeError as exc:
        return ("refused", exc.message)


def test_the_audit_names_moved_to_app_audit(finished: tuple[Referee, str]) -> None:
    app, table = finished
    text = app.export(table)
    entries = app.entries(table)
    old_gives_new("verify_table", "audit.verify_table", lambda f: f(table), app)
    old_gives_new("verify", "audit.verify", lambda f: f(entries), app)
    old_gives_new("explain", "audit.explain", lambda f: f(entries, 2).description, app)
    old_gives_new("replay", "audit.replay", lambda f: f(entries, 3)[1].flow.phase, app)
    old_gives_new("replay_view", "audit.replay_view", lambda f: f(entries, 5, "Ann").view, app)
    old_gives_new("load_log", "audit.load_log", lambda f: f(text), app)
    old_gives_new("is_over", "audit.is_over", lambda f: f(entries), app)
    old_gives_new("seat_view_of_log", "audit.seat_view", lambda f: f(entries, "Bob"), app)
    old_gives_new("log_rules", "audit.rules_of", lambda f: f(entries).game.name, app)
    old_gives_new("describe", "audit.describe", lambda f: f(app.rules(table), entries[0]), app)
    old_gives_new("decoded", "audit.decoded", lambda f: f(table, "Ann"), app)
    with pytest.warns(DeprecationWarning, match=r"Referee\.describe is deprecated: use Referee\.audit\.describe"):
        assert Referee.describe(app.rules(table), entries[0]) == Referee.audit.describe(app.rules(table), entries[0])
    elsewhere = Referee(store=TableStore(MEMORY))
    with pytest.warns(DeprecationWarning, match=r"Referee\.import_log is deprecated: use Referee\.audit\.import_log"):
        assert elsewhere.import_log(text) == table
    assert elsewhere.entries(table) == entries


def test_the_bot_names_moved_to_app_bots() -> None:
    app = Referee(store=TableStore(MEMORY))
    table = app.open("nim", SEATS, seed="bots")
    with pytest.warns(DeprecationWarning, match=r"^Referee\.automate is deprecated: use Referee\.bots\.automate$"):
        app.automate(table, ["Ann"])
    # ``app.bots`` was a method taking a table id: called so, it still answers, and warns.
    with pytest.warns(DeprecationWarning, match=r"^Referee\.bots\(table_id\) is deprecated: use Referee\.bots\.seats\(table_id\)$"):
        assert app.bots(table) == app.bots.seats(table) == ("Ann",)
    request = app.requests(table)[0]
    old_gives_new("bot_answer", "bots.answer", lambda f: f(table, request), app)
    with pytest.warns(DeprecationWarning, match=r"^Referee\.play_bots is deprecated: use Referee\.bots\.play$"):
        app.play_bots(table, SEATS)
    assert app.over(table)


def test_the_gamesmaster_names_moved_to_app_gamesmaster(finished: tuple[Referee, str]) -> None:
    app, table = finished
    old_gives_new("report", "gamesmaster.report", lambda f: outcome(lambda: f(table)), app)
    old_gives_new("overdue", "gamesmaster.overdue", lambda f: f(table), app)
    old_gives_new("expire_overdue", "gamesmaster.expire_overdue", lambda f: f(table), app)


def test_the_plugin_names_moved_to_app_plugins(finished: tuple[Referee, str]) -> None:
    app, _table = finished
    old_gives_new("games", "plugins.games", lambda f: f(), app)
    old_gives_new("hooks", "plugins.hooks", lambda f: f("nim"), app)
    old_gives_new("check_files", "plugins.check_files", lambda f: outcome(lambda: f("nim", ["deck.toml"])), app)
    old_gives_new("run_scenarios", "plugins.run_scenarios", lambda f: [r.summary() for r in f([], game="nim")], app)


def test_the_admin_names_moved_to_app_admin(tmp_path) -> None:
    app = Referee(tmp_path / "none.sqlite")
    old_gives_new("store_exists", "admin.store_exists", lambda f: f(), app)
    old_gives_new("default_location", "admin.default_location", lambda f: f(), app)
    old_gives_new("migrate", "admin.migrate", lambda f: f(), app)
    with pytest.warns(DeprecationWarning, match=r"^Referee\.configure_logging is deprecated: use Referee\.admin\.configure_logging$"):
        Referee.configure_logging("error")
    app.close()


def test_the_warnings_point_at_the_caller() -> None:
    """Each warning names the line that used the old name, not the kernel's own code."""
    app = Referee(store=TableStore(MEMORY))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.games  # noqa: B018 (reading the old name is what warns)
    assert [w.filename for w in caught] == [__file__]


def test_the_replay_view_type_is_still_exported() -> None:
    assert referee.ReplayView is referee.groups.audit.ReplayView


def test_the_store_s_0_1_readers_moved_to_referee_upcasting(tmp_path) -> None:
    with TableStore(str(tmp_path / "new.sqlite")) as store:
        with pytest.warns(DeprecationWarning, match=r"^TableStore\.legacy_tables\(\) is deprecated: use referee\.upcasting\.legacy_tables"):
            assert store.legacy_tables() == []
        with (
            pytest.warns(
                DeprecationWarning, match=r"^TableStore\.migrate\(table_id\) is deprecated: use referee\.upcasting\.migrate_table"
            ),
            pytest.raises(referee.UnknownTable, match=r"no table 'old' in the 0\.1 layout"),
        ):
            store.migrate("old")
