"""Nim's own tests, run against the installed distribution with ``referee.testing`` only.

Install the game (``pip install .``) and run ``python -m pytest tests``: the kernel's
pytest plugin supplies the fixtures (``referee_app``, ``referee_cli``) and the checks.
Section numbers are RULES.md's.
"""

from __future__ import annotations

import itertools

import pytest

from referee import GAMESMASTER, IllegalAction, RefereeError
from referee.testing import (
    check_bot_games,
    check_export_round_trip,
    check_noninterference,
    check_refused_without,
    check_scenarios,
    check_views_leak_nothing,
)
from referee_example_nim.plugin import best_take

SEATS = {2: ["Ann", "Bob"], 3: ["Ann", "Bob", "Cy"], 4: ["Ann", "Bob", "Cy", "Dee"]}


def test_discovery_finds_nim_under_its_distribution(referee_app):
    """The entry point offers the game for 2 to 4 players, recorded under this distribution."""
    games = {g["name"]: g for g in referee_app().plugins.games()["games"]}
    assert games["nim"]["distribution"] == "referee-example-nim"
    assert games["nim"]["seats"] == "2-4"


@pytest.mark.parametrize("players", sorted(SEATS))
def test_bot_games_end_verify_and_replay(players):
    """Rules 1-4 end every game: bots play it out, and each log verifies and replays."""
    logs = check_bot_games("nim", SEATS[players], games=2)
    assert all('"nim.StonesTaken"' in log for log in logs)


def test_bot_games_with_other_options():
    """Rules 1 and 3 with options: one heap, at most 5 stones a turn."""
    check_bot_games("nim", SEATS[3], options={"heaps": 1, "max_take": 5}, games=2)


def test_exports_round_trip():
    check_export_round_trip("nim", SEATS[3])


def test_a_nim_log_is_refused_where_nim_is_not_installed():
    message = check_refused_without("nim", "nim", SEATS[2])
    assert "nim" in message


def test_no_seat_sees_another_seats_call_before_all_are_in():
    """Rule 2: calls are sealed; the check must have found sealed calls to test."""
    assert check_views_leak_nothing("nim", SEATS[4], games=3) > 0


def test_nothing_tells_a_call_before_the_calls_are_shown():
    """Rule 2: two tables differing only in one seat's call look the same to every other
    seat until the calls are shown (``CallsShown``, the one reveal Nim declares)."""
    found = check_noninterference("nim", SEATS[3])
    assert found.points > 0 and set(found.told_apart) <= {"nim.CallsShown", "referee.GameEnded"}


def test_the_scenario_suite_passes():
    check_scenarios("nim")


def test_rule_2_the_call_is_shown_to_its_caller_only_until_all_are_in(referee_app):
    app = referee_app()
    table = app.open("nim", SEATS[3], seed="calls")
    app.act(table, "Ann", "call", {"call": "odd"})
    assert app.view(table, "Ann")["view"]["calls"] == {"Ann": "odd"}
    assert app.view(table, "Bob")["view"]["calls"] == {}
    assert app.view(table, "Bob")["view"]["called"] == ["Ann"]
    app.act(table, "Bob", "call", {"call": "even"})
    app.act(table, "Cy", "call", {"call": "even"})
    assert app.view(table, None)["view"]["calls"] == {"Ann": "odd", "Bob": "even", "Cy": "even"}


def test_rule_3_a_take_larger_than_the_heap_is_refused_and_appends_nothing(referee_app):
    app = referee_app()
    # Heaps 2+1 and 2+6, die 2 (even): Bob alone called right and starts.
    table = app.open("nim", SEATS[2], options={"heaps": 2}, script=[1, 6, 2])
    app.act(table, "Ann", "call", {"call": "odd"})
    app.act(table, "Bob", "call", {"call": "even"})
    assert app.view(table, None)["active"] == "Bob"
    app.act(table, "Bob", "take", {"heap": "A", "stones": 2})
    before = len(app.entries(table))
    with pytest.raises(IllegalAction, match=r"heap A holds only 1 stone \(nim 3\)") as refused:
        app.act(table, "Ann", "take", {"heap": "A", "stones": 2})
    assert refused.value.rule == "nim 3"
    with pytest.raises(RefereeError):
        app.act(table, GAMESMASTER, "take", {"heap": "B", "stones": 1})
    assert len(app.entries(table)) == before


def test_rule_3_a_take_from_an_empty_heap_is_refused(referee_app):
    app = referee_app()
    table = app.open("nim", SEATS[2], options={"heaps": 2}, script=[1, 6, 2])
    app.act(table, "Ann", "call", {"call": "odd"})
    app.act(table, "Bob", "call", {"call": "even"})
    app.act(table, "Bob", "take", {"heap": "A", "stones": 3})
    with pytest.raises(RefereeError, match="A"):
        app.act(table, "Ann", "take", {"heap": "A", "stones": 1})


def test_rule_4_the_last_stone_wins(referee_app):
    app = referee_app()
    table = app.open("nim", SEATS[2], options={"heaps": 1, "max_take": 3}, script=[1, 2])
    app.act(table, "Ann", "call", {"call": "even"})
    app.act(table, "Bob", "call", {"call": "even"})
    # Both right: the starter is drawn by lot (scripted fallback seed decides it).
    first = app.view(table, None)["active"]
    app.act(table, first, "take", {"heap": "A", "stones": 3})
    result = app.view(table, None)["result"]
    assert list(result["winners"]) == [first]
    assert [s["place"] for s in result["standings"]] == [1, 2]


def test_rule_2_a_call_is_a_back_to_the_others_and_its_log_line_says_only_who_called(referee_app):
    """Rule 2 as a player sees it: a call made is drawn face down for the others, the log
    tells them who called (never what), and the caller reads it as "You called odd"."""
    import referee.audit

    app = referee_app()
    table = app.open("nim", SEATS[2], seed="present")
    app.act(table, "Ann", "call", {"call": "odd"})
    ann_to_bob = next(z for z in app.present(table, "Bob").zones if z.owner == "Ann")
    assert [(b.label, b.count) for b in ann_to_bob.backs] == [("call, face down", 1)] and ann_to_bob.notes == ()
    assert next(z for z in app.present(table, "Ann").zones if z.owner == "Ann").notes == ("called odd",)
    rules = app.rules(table)
    (call,) = [e for e in app.visible_entries(table, "Bob") if e.type == "nim.StartCalled"]
    assert call.redacted
    assert referee.audit.describe_hidden(rules, call, "Bob") == "Ann called odd or even, sealed until every call is in"
    (own,) = [e for e in app.visible_entries(table, "Ann") if e.type == "nim.StartCalled"]
    assert referee.audit.describe(rules, rules.decode(own), "Ann") == "You called odd"


def test_rule_3_the_heaps_keep_their_letters_once_one_empties(referee_app):
    """Rule 3 as a player sees it: each heap with its stones, named by its letter as the
    prompt names it; the empty one is not offered, and no heap takes a number that would
    shift when one empties (Heap B is not "1" because Heap A is gone)."""
    app = referee_app()
    table = app.open("nim", SEATS[2], options={"heaps": 2}, script=[1, 6, 2])
    app.act(table, "Ann", "call", {"call": "odd"})
    app.act(table, "Bob", "call", {"call": "even"})
    app.act(table, "Bob", "take", {"heap": "A", "stones": 3})
    shown = app.present(table, "Ann")
    assert shown.status == "Your turn: take stones from one heap"
    heaps = [(c.name, c.stats[0].value, c.number, c.notes) for c in shown.zones[0].cards]
    assert heaps == [("Heap A", "0", None, ("empty",)), ("Heap B", "8", None, ())]
    (request,) = app.requests(table)
    assert [o.label for o in request.answer["heap"].options] == ["Heap B (8 stones)"]


def test_rule_4_the_standings_say_who_took_the_last_stone_and_how_many_each_took(referee_app):
    app = referee_app()
    table = app.open("nim", SEATS[2], options={"heaps": 1, "max_take": 3}, script=[1, 2])
    app.act(table, "Ann", "call", {"call": "even"})
    app.act(table, "Bob", "call", {"call": "even"})
    first = app.view(table, None)["active"]
    app.act(table, first, "take", {"heap": "A", "stones": 3})
    shown = app.present(table, None)
    assert shown.status == f"{first} took the last stone"
    assert (shown.standings[0].place, shown.standings[0].seat, shown.standings[0].total) == (1, first, "3 stones")


def test_the_bot_makes_the_winning_take_whenever_there_is_one():
    """The bot's strategy (RULES.md, The bot): after its take the heaps' worth XORs to 0."""
    for max_take in (1, 2, 3, 5):
        for sizes in itertools.product(range(7), repeat=3):
            heaps = {name: n for name, n in zip("ABC", sizes, strict=True) if n > 0}
            if not heaps:
                continue
            worth = 0
            for n in heaps.values():
                worth ^= n % (max_take + 1)
            heap, stones = best_take(heaps, max_take)
            assert 1 <= stones <= min(max_take, heaps[heap])
            if worth:
                after = dict(heaps, **{heap: heaps[heap] - stones})
                left = 0
                for n in after.values():
                    left ^= n % (max_take + 1)
                assert left == 0, (heaps, max_take, heap, stones)


def test_the_command_line_plays_nim_with_bots(referee_cli):
    result = referee_cli("play", "nim", "--bots", "3", "--seed", "cli", "--quiet")
    assert result.code == 0, result.err
    assert "took the last stone" in result.out
    listed = referee_cli("games", "--json")
    assert "nim" in {g["name"] for g in listed.json()}
