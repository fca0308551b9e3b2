"""Pigsty to Palace played through the kernel's public API: sealed orders, the gamesmaster, reports, bots."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee_pigsty
from referee import GAMESMASTER, MEMORY, IllegalAction, Referee, RefereeError, Registry, TableStore, load_jsonl, replay
from referee.scenario import load_scenario, run_scenario

SCENARIOS = sorted((Path(referee_pigsty.__file__).parent / "scenarios").glob("*.toml"))


@pytest.fixture(scope="module")
def registry():
    return Registry()


@pytest.fixture
def app(registry):
    with Referee(registry=registry, store=TableStore(MEMORY)) as referee:
        yield referee


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rulebook_scenarios(path, registry):
    """Every worked example of the rulebook, with its own numbers, as a scenario file."""
    result = run_scenario(load_scenario(path), registry)
    assert result.ok, result.summary()


def test_the_scenario_suite_covers_every_worked_example():
    names = {p.stem for p in SCENARIOS}
    assert {
        "rule-4.4-example-bill-steals-from-ted",
        "rule-4.4-example-without-the-guard",
        "rule-4.1-example-punishment",
        "rule-10.1-example-charlies-orders",
        "rule-7.1-example-mad",
    } <= names


def test_orders_are_sealed_until_every_farmer_has_written(app):
    """Rule 9 (gamesmaster mode): each farmer's orders are hidden until all are in."""
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="s")
    app.act(table, "Bill", "orders", {"text": "S 8 Ted; P 2"})
    for seat in ("Ted", "Zed", None):
        view = app.view(table, seat)
        assert view["view"]["my_orders"] is None
        assert "S 8" not in str(view) and "stealing" not in str(view)
    assert app.view(table, "Bill")["view"]["my_orders"][0]["kind"] == "stealing"
    assert [f["orders_in"] for f in app.view(table, "Ted")["view"]["farmers"]] == [True, False, False]
    ted_export = app.export(table, "Ted")
    assert "stealing" not in ted_export and "S 8 Ted" not in ted_export
    app.act(table, "Ted", "orders", {"text": "G 1"})
    app.act(table, "Zed", "orders", {"text": ""})
    revealed = [e for _, e in app.audit.decoded(table, "Ted") if type(e).__name__ == "OrdersRevealed"]
    assert [o.kind for o in revealed[0].orders] == ["stealing", "punishment"]


def test_bad_orders_append_nothing(app):
    """Done-when: unknown letter, unknown farmer, bad amounts, stealing from yourself: clear message, nothing appended."""
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="s")
    before = app.export(table)
    for text, words in [
        ("Q 5", "unknown order"),
        ("S 5 Nobody", "no Pig Farmer called"),
        ("I -1", "negative"),
        ("I five", "five"),
        ("S 4 Bill", "yourself"),
        ("T 5 bill", "yourself"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            app.act(table, "Bill", "orders", {"text": text})
    with pytest.raises(IllegalAction, match=r"^text: 5 is not text$"):
        app.act(table, "Bill", "orders", {"text": 5})
    assert app.export(table) == before


def test_10_1_leaving_out_the_text_of_orders_is_refused_not_taken_as_no_orders(app):
    """Rule 10.1 (orders are written): no text is a mistake, empty text is orders that spend nothing."""
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="s")
    before = app.export(table)
    with pytest.raises(IllegalAction, match=r"^text: missing; your orders, one per line"):
        app.act(table, "Bill", "orders", {})
    with pytest.raises(IllegalAction, match=r"^orders: no such field in this answer \(it takes text\)$"):
        app.act(table, "Bill", "orders", {"orders": "I 5"})
    assert app.export(table) == before
    app.act(table, "Bill", "orders", {"text": ""})
    [written] = [e for _, e in app.audit.decoded(table, "Bill") if type(e).__name__ == "OrdersWritten"]
    assert written.orders == ()


def test_an_eliminated_farmer_can_write_no_orders_and_cannot_be_named(app):
    """Rule 7: a farmer who has lost all his Pigs is out of the game."""
    table = app.open("pigsty", ["Bill", "Ted", "Zed", "Amy"], seed="s")
    # Two gangs of ten Thieves take five Pigs each: all ten of Ted's.
    app.act(table, "Bill", "orders", {"text": "S 10 Ted"})
    app.act(table, "Ted", "orders", {"text": ""})
    app.act(table, "Amy", "orders", {"text": ""})
    app.act(table, "Zed", "orders", {"text": "S 10 Ted"})
    state = app.state(table)
    assert not state.over
    assert state.game.board.farmers["Ted"].eliminated and state.game.board.farmers["Ted"].pigs == 0
    assert "Ted" not in {r.seat for r in app.requests(table)}
    before = app.export(table)
    with pytest.raises(IllegalAction, match="out of the game"):
        app.act(table, "Ted", "orders", {"text": ""})
    with pytest.raises(IllegalAction, match="out of the game"):
        app.act(table, "Bill", "orders", {"text": "S 2 Ted"})
    assert app.export(table) == before


def test_gamesmaster_close_needs_an_open_turn_and_orders_are_for_farmers(app):
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="s")
    with pytest.raises(IllegalAction, match="writes none"):
        app.act(table, GAMESMASTER, "orders", {"text": "I 5"})
    app.act(table, GAMESMASTER, "close")
    assert app.state(table).flow.round == 2


def test_9_a_close_names_its_turn_and_a_repeated_or_stale_close_closes_nothing(app):
    """Rule 9 (the gamesmaster closes a turn): issue 21, 30 identical closes closed 30 turns."""
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="s")
    app.act(table, GAMESMASTER, "close", {"turn": 1})
    assert app.state(table).flow.round == 2
    before = app.export(table)
    with pytest.raises(IllegalAction, match="turn 1 is already closed; turn 2 is open now"):
        app.act(table, GAMESMASTER, "close", {"turn": 1})
    with pytest.raises(IllegalAction, match="turn 3 has not begun"):
        app.act(table, GAMESMASTER, "close", {"turn": 3})
    with pytest.raises(IllegalAction, match="the number of the turn"):
        app.act(table, GAMESMASTER, "close", {"turn": "2"})
    assert app.export(table) == before
    app.act(table, GAMESMASTER, "close")  # as in the logs of 0.2: the turn in play
    assert app.state(table).flow.round == 3


def test_turn_report_is_a_forum_post_with_every_order_and_result(app):
    """Rule 9: everyone finds out what orders were submitted and what the results were."""
    table = app.open("pigsty", ["Bill", "Ted", "Charlie"], seed="s")
    app.act(table, "Bill", "orders", {"text": "S 8 Ted"})
    app.act(table, "Ted", "orders", {"text": "G 1"})
    with pytest.raises(RefereeError, match="has not finished a round"):
        app.gamesmaster.report(table)
    app.act(table, "Charlie", "orders", {"text": "I 10\n------\n10"})
    report = app.gamesmaster.report(table)
    assert "turn 1" in report
    assert "Bill:\nS 8 Ted\n------\n8" in report
    assert "Ted:\nG 1" in report
    assert "Bill took 3 Pigs from Ted: 2 lost, 1 stolen" in report
    assert "Charlie bred 2 Pigs from 10 Pork" in report
    assert "PIGS AFTER THE TURN" in report
    with pytest.raises(RefereeError, match="round 3"):
        app.gamesmaster.report(table, 3)


def test_turn_limit_option_ends_the_game_without_a_palace(app):
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="s", options={"turn_limit": 2})
    for _ in range(2):
        app.act(table, GAMESMASTER, "close")
    result = app.state(table).result
    assert result is not None and result.winners == () and "turn limit" in result.reason
    assert [s.seat for s in result.standings] == ["Bill", "Ted", "Zed"]


def test_options_are_validated(app):
    with pytest.raises(RefereeError, match="no option palace"):
        app.open("pigsty", ["A", "B", "C"], options={"palace": 50})
    with pytest.raises(RefereeError, match=r"for 3\+ players, not 2"):
        app.open("pigsty", ["A", "B"])


def test_a_house_rule_can_change_the_numbers(registry):
    """pigsty_params: a third-party house rule making a Palace cost 12 Pigs."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "kernel"))
    from throwaway import extension

    from referee import hookimpl

    class CheapPalace:
        @hookimpl
        def pigsty_params(self, params):
            return msgspec.structs.replace(params, palace_pigs=12)

    app = Referee(registry=Registry([extension("pigsty", CheapPalace(), "cheap-palace")]), store=TableStore(MEMORY))
    table = app.open("pigsty", ["Bill", "Ted", "Zed"], seed="s", extensions=["cheap-palace"])
    app.act(table, "Bill", "orders", {"text": "I 10"})
    app.act(table, "Ted", "orders", {"text": ""})
    app.act(table, "Zed", "orders", {"text": ""})
    result = app.state(table).result
    assert result is not None and result.winners == ("Bill",)
    names = [p["name"] for p in app.entries(table)[0].event["plugins"]]
    assert names == ["pigsty", "pigsty.cheap-palace"]
    assert app.audit.verify_table(table).ok


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.text(alphabet="abcdef0123456789", min_size=1, max_size=8), farmers=st.integers(3, 6))
def test_bot_games_end_verify_and_replay_equals_live_play(registry, seed, farmers):
    """Invariants: Pigs never negative; replay equals live play; verify passes; no seat sees sealed orders early."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:farmers]
    with Referee(registry=registry, store=TableStore(MEMORY)) as app:
        table = app.open("pigsty", names, seed=seed)
        turns = 0
        while not app.state(table).over:
            turns += 1
            assert turns < 200, "a bot game did not end"
            for request in app.requests(table):
                answer = app.bots.answer(table, request)
                app.act(table, request.seat, request.action, answer)
                board = app.state(table).game.board
                assert all(f.pigs >= 0 for f in board.farmers.values())
                # Sealed orders of others never show in a seat's view while the turn is open.
                for other in names:
                    if other != request.seat and not app.state(table).over:
                        mine = app.view(table, other)["view"]["my_orders"]
                        assert mine is None or other in app.state(table).game.written
        verdict = app.audit.verify_table(table)
        assert verdict.ok, verdict.message
        _rules, replayed = replay(app.registry, load_jsonl(app.export(table).splitlines()))
        assert msgspec.to_builtins(replayed.game) == msgspec.to_builtins(app.state(table).game)
        assert replayed.result == app.state(table).result
