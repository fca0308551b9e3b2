"""Crafted input and misbehaving plugins meet a clear refusal, never a crash (issue 8).

Each test names the limit or rule it holds the kernel to; the limits themselves are
stated once, in ``referee.limits`` and ``referee.randomness``.
"""

from __future__ import annotations

import json

import highroll
import pytest
from throwaway import extension

import referee
from referee import MEMORY, BadLog, Game, PluginMismatch, Referee, RefereeError, Registry, TableStore, hookimpl
from referee.audit import describe, replay
from referee.events import PluginRecord
from referee.limits import MAX_NESTING, MAX_TABLE_ID, TABLE_ID_RULE, check_nesting, check_table_id, nesting, shown
from referee.log import load_jsonl
from referee.randomness import MAX_DIE_SIDES, MAX_ITEMS, RandomnessMismatch, ScriptedSource, check_outcome, roll

# -- random draws: stated limits, refused before any work (DESIGN 5) ------------------------------


@pytest.mark.parametrize(
    ("kind", "spec", "problem"),
    [
        ("die", {"sides": 0}, "sides from 1 to"),
        ("die", {"sides": -6}, "sides from 1 to"),
        ("die", {"sides": MAX_DIE_SIDES + 1}, "sides from 1 to"),
        ("die", {"sides": 10**4300}, "a number of about 4301 digits"),
        ("die", {"sides": True}, "not True"),
        ("die", {"sides": "6"}, "not '6'"),
        ("die", {}, "needs its 'sides'"),
        ("shuffle", {"n": 10**9}, f"n from 1 to {MAX_ITEMS}"),
        ("shuffle", {"n": 0}, "n from 1 to"),
        ("pick", {"n": 0}, "n from 1 to"),
        ("pick", {}, "needs its 'n'"),
        ("coin", {"n": 2}, "unknown kind of random draw 'coin'"),
    ],
    ids=lambda value: shown(value, 30),
)
def test_draws_outside_the_stated_limits_are_refused(kind, spec, problem) -> None:
    with pytest.raises(RandomnessMismatch, match=problem):
        roll("seed", 0, kind, spec)
    with pytest.raises(RandomnessMismatch, match=problem):
        check_outcome(kind, spec, 1)


def test_the_largest_draws_allowed_are_quick() -> None:
    assert sorted(roll("seed", 1, "shuffle", {"n": MAX_ITEMS})) == list(range(MAX_ITEMS))
    assert 1 <= roll("seed", 1, "die", {"sides": MAX_DIE_SIDES}) <= MAX_DIE_SIDES


@pytest.mark.parametrize("outcome", [True, 1.0, "1", [0], 10**5000, None], ids=lambda value: shown(value, 30))
def test_a_scripted_outcome_of_the_wrong_type_is_refused(outcome) -> None:
    with pytest.raises(RandomnessMismatch, match="cannot show"):
        ScriptedSource([outcome]).outcome(0, "die", {"sides": 6}, "test")


@pytest.mark.parametrize("sides", [-1, 10**9])
def test_a_house_rule_asking_for_an_impossible_die_is_refused_and_appends_nothing(memory_referee, sides) -> None:
    class Odd:
        @hookimpl
        def highroll_die_sides(self):
            return sides

    app = memory_referee(highroll, extension("highroll", Odd(), "odd"))
    table = app.open("highroll", ["Ann", "Bob"], seed="odd", extensions=["odd"])
    app.act(table, "Ann", "bid", {"chips": 1})
    before = len(app.entries(table))
    with pytest.raises(RefereeError, match=f"a die draw needs sides from 1 to {MAX_DIE_SIDES:d}, not {sides}"):
        app.act(table, "Bob", "bid", {"chips": 1})
    assert len(app.entries(table)) == before


# -- table ids: one validator, its rule in every refusal -------------------------------------------


@pytest.mark.parametrize(
    "table_id",
    [
        "/etc/passwd",
        "../up",
        "latest",
        "LATEST",
        "",
        " ",
        "a b",
        "\x1b[2Jgone",
        "x" * 3000,
        "x" * (MAX_TABLE_ID + 1),
        "café",
        "-dash",
        "a.b",
    ],
    ids=lambda value: shown(value, 20),
)
def test_table_ids_that_are_not_plain_are_refused_with_the_rule(table_id) -> None:
    with pytest.raises(RefereeError) as caught:
        check_table_id(table_id)
    message = caught.value.message
    assert TABLE_ID_RULE in message
    assert "\x1b" not in message and "\n" not in message
    assert len(message) < len(TABLE_ID_RULE) + 120


def test_plain_ids_pass_and_case_only_variants_of_a_stored_one_do_not() -> None:
    assert check_table_id("pigsty-0a1b2c3d") == "pigsty-0a1b2c3d"
    assert check_table_id("x" * MAX_TABLE_ID) == "x" * MAX_TABLE_ID
    with pytest.raises(RefereeError, match="only by case"):
        check_table_id("Ted-Table", ["other", "ted-table"])
    assert check_table_id("ted-table", ["ted-table"]) == "ted-table"  # the same id is the caller's to refuse


def test_open_refuses_a_crafted_table_id(memory_referee) -> None:
    app = memory_referee(highroll)
    app.open("highroll", ["Ann", "Bob"], seed="s", table_id="ted-table")
    for bad in ("/etc/passwd", "latest", "Ted-Table"):
        with pytest.raises(RefereeError, match="table id"):
            app.open("highroll", ["Ann", "Bob"], seed="s", table_id=bad)
    assert [info.table_id for info in app.tables()] == ["ted-table"]


def _export_with_id(app: Referee, table_id: str) -> str:
    """A real export with its table id rewritten in the opening entry (the id check runs first)."""
    lines = app.export(app.open("highroll", ["Ann", "Bob"], seed="s")).splitlines()
    first = json.loads(lines[0])
    first["event"]["table_id"] = table_id
    return "\n".join([json.dumps(first), *lines[1:]]) + "\n"


@pytest.mark.parametrize("table_id", ["/etc/passwd", "latest", "", "\x1b]0;owned\x07", "y" * 3000], ids=lambda value: shown(value, 20))
def test_import_refuses_table_ids_that_are_not_plain(memory_referee, table_id) -> None:
    source, target = memory_referee(highroll), memory_referee(highroll)
    with pytest.raises(RefereeError) as caught:
        target.audit.import_log(_export_with_id(source, table_id))
    assert TABLE_ID_RULE in caught.value.message
    assert target.tables() == []


def test_import_refuses_a_case_only_variant_of_a_stored_table(memory_referee) -> None:
    source, target = memory_referee(highroll), memory_referee(highroll)
    log = source.export(source.open("highroll", ["Ann", "Bob"], seed="s", table_id="Ted-Table"))
    target.open("highroll", ["Ann", "Bob"], seed="t", table_id="ted-table")
    with pytest.raises(RefereeError, match="differs from the stored table 'ted-table' only by case"):
        target.audit.import_log(log)
    fresh = memory_referee(highroll)
    assert fresh.audit.import_log(log) == "Ted-Table"


# -- logs: malformed openings, nesting, plugin names ------------------------------------------------


def test_a_malformed_table_opening_is_a_bad_log_not_a_validation_error(memory_referee) -> None:
    app = memory_referee(highroll)
    entries = load_jsonl(app.export(app.open("highroll", ["Ann", "Bob"], seed="s")).splitlines())
    for broken in ({"seats": 3}, {"table_id": None}, {"plugins": "highroll"}):
        body = {**entries[0].event, **broken}
        crafted = [referee.Entry(**{**{f: getattr(entries[0], f) for f in entries[0].__struct_fields__}, "event": body}), *entries[1:]]
        with pytest.raises(BadLog, match=r"entry 1 \(referee.TableOpened\) cannot be read"):
            replay(app.registry, crafted)


@pytest.mark.parametrize("recorded", [["highroll", "d8"], ["d8"], ["highroll", "pigsty.d8"], []])
def test_plugin_names_without_the_game_prefix_are_refused_by_name(recorded) -> None:
    registry = Registry([highroll, extension("highroll", object(), "d8")], entry_points=False)
    records = [PluginRecord(name=name, distribution="x", version="1") for name in recorded]
    with pytest.raises(PluginMismatch, match="plugin list is malformed"):
        registry.rules_for("highroll", records)


def test_nesting_is_measured_without_recursing() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert nesting({"a": [[1]]}) == 3
    assert nesting(deep) == MAX_NESTING + 1  # stops counting past the limit
    with pytest.raises(RefereeError, match=f"nests lists or tables deeper than {MAX_NESTING} levels"):
        check_nesting(deep, "the answer")


# -- misbehaving plugins ---------------------------------------------------------------------------


class Raising:
    @hookimpl
    def referee_games(self):
        raise RuntimeError("boom")


class WrongType:
    @hookimpl
    def referee_games(self):
        return {"name": "impostor"}

    @hookimpl
    def referee_extensions(self):
        return [highroll, "d8"]


class BadNames:
    @hookimpl
    def referee_games(self):
        return [Game(name="has.dot", title="x", plugin=self), Game(name="ok-game", title="x", plugin=self)]


def test_a_discovery_hook_that_raises_or_returns_the_wrong_type_is_skipped_alone() -> None:
    registry = Registry([Raising(), highroll, WrongType(), BadNames()], entry_points=False)
    assert sorted(registry.games) == ["highroll", "ok-game"]
    assert registry.broken["Raising"].endswith("referee_games raised RuntimeError: 'boom'")
    assert "referee_games returned dict, not a list of Game" in registry.broken["WrongType"]
    assert "referee_extensions offered a module, not a Extension" in registry.broken["WrongType"]
    assert "whose name 'has.dot' is not 1 to 64 letters" in registry.broken["BadNames"]
    app = Referee(registry=registry, store=TableStore(MEMORY))
    table = app.open("highroll", ["Ann", "Bob"], seed="s")
    assert app.state(table).game_name == "highroll"


class BrokenView:
    @hookimpl
    def referee_view(self, state, seat):
        raise ValueError("no view")


class Broken:
    """An extension whose bot and descriptions fail."""

    @hookimpl
    def referee_bot_action(self, view, seat, request, rng):
        raise ValueError("no bot")

    @hookimpl
    def referee_describe(self, event):
        raise ValueError("no words")


@pytest.fixture
def broken_table(memory_referee):
    app = memory_referee(highroll, extension("highroll", Broken(), "broken"), extension("highroll", BrokenView(), "blind"))
    return app, app.open("highroll", ["Ann", "Bob"], seed="b", extensions=["broken"])


def test_a_failing_view_or_bot_hook_is_a_refereeerror_naming_the_plugin(broken_table) -> None:
    app, table = broken_table
    request = app.requests(table)[0]
    with pytest.raises(RefereeError, match=r"plugin highroll.broken failed in referee_bot_action \(ValueError, logged\)"):
        app.bots.answer(table, request)
    blind = app.open("highroll", ["Ann", "Bob"], seed="b", extensions=["blind"])
    before = app.entries(blind)
    with pytest.raises(RefereeError, match=r"plugin highroll.blind failed in referee_view \(ValueError, logged\); nothing was changed"):
        app.view(blind, "Ann")
    assert app.entries(blind) == before
    # (referee_report fails the same way: see tests/cli/test_plugin_isolation.py, on a Pigsty round.)


def test_a_failing_describe_hook_falls_back_on_the_next_description(broken_table) -> None:
    app, table = broken_table
    rules = app.rules(table)
    assert describe(rules, referee.RoundBegan(round=2)) == "round 2 begins"
    assert describe(rules, highroll.BidMade(seat="Ann", chips=2)) == "BidMade(seat='Ann', chips=2)"


def test_a_third_party_default_is_honoured_only_when_the_embedder_passes_the_plugin(memory_referee) -> None:
    """Passed in code, the host chose it; found by entry point, it would stay off (test_plugin_isolation)."""
    app = memory_referee(highroll, extension("highroll", object(), "chosen", default=True))
    assert [e.name for e in app.registry.extensions_of("highroll") if e.default] == ["chosen"]
    assert app.registry.warnings == []


def test_the_readme_states_the_limits_the_code_enforces() -> None:
    from pathlib import Path

    from referee.limits import MAX_FILE_BYTES
    from referee_pigsty.orders import MAX_AMOUNT, MAX_ENTRIES, MAX_TEXT

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Limits on what Referee reads") :][:3000]
    assert MAX_FILE_BYTES == 1024 * 1024 and "1 MiB" in section
    for stated in (
        f"1-{MAX_TABLE_ID} ASCII",
        f"{MAX_NESTING} levels",
        f"1 to {MAX_DIE_SIDES:,} sides",
        f"1 to {MAX_ITEMS:,} items",
        f"0 to {MAX_AMOUNT:,} Pork",
        f"{MAX_ENTRIES} entries, {MAX_TEXT:,} characters",
    ):
        assert stated in section, stated


@pytest.mark.parametrize("seat", ["\x1b[2J", "a\nb", "x" * 65, 7], ids=lambda value: shown(value, 20))
def test_seat_names_are_short_printable_text(memory_referee, seat) -> None:
    app = memory_referee(highroll)
    with pytest.raises(RefereeError, match="seat names are printable text of at most 64 characters"):
        app.open("highroll", ["Ann", seat], seed="s")
    assert app.tables() == []


def test_a_plugin_failing_while_a_table_is_laid_out_is_refused_and_nothing_is_stored(memory_referee) -> None:
    class Faulty:
        @hookimpl
        def referee_round_began(self, decision, round):
            raise ZeroDivisionError("division by zero")

    app = memory_referee(highroll, extension("highroll", Faulty(), "faulty"))
    with pytest.raises(RefereeError, match=r"the rules of highroll failed while laying out the table \(ZeroDivisionError"):
        app.open("highroll", ["Ann", "Bob"], seed="s", extensions=["faulty"])
    assert app.tables() == []


def test_a_plugin_failing_while_a_stored_table_is_replayed_is_named_and_the_log_kept(tmp_path) -> None:
    class Quiet:
        @hookimpl
        def referee_evolve(self, state, event):
            return None

    class Failing:
        @hookimpl
        def referee_evolve(self, state, event):
            raise KeyError("lost")

    store = tmp_path / "tables.sqlite"
    with Referee(store, registry=Registry([highroll, extension("highroll", Quiet(), "fold")], entry_points=False)) as app:
        table = app.open("highroll", ["Ann", "Bob"], seed="s", extensions=["fold"])
        app.act(table, "Ann", "bid", {"chips": 1})
        stored = app.entries(table)
    with Referee(store, registry=Registry([highroll, extension("highroll", Failing(), "fold")], entry_points=False)) as app:
        with pytest.raises(RefereeError, match=rf"table {table} cannot be loaded: the installed rules failed replaying it \(KeyError"):
            app.view(table, "Ann")
        assert app.entries(table) == stored
