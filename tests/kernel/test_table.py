"""Tables, actions, requests and sealed answers, through the public API (DESIGN: kernel primitives 1-4)."""

from __future__ import annotations

import highroll
import msgspec
import pytest

from referee import GAMESMASTER, IllegalAction, RefereeError, UnknownGame


def test_first_event_records_game_plugins_options_seats_and_seed_commitment(memory_referee):
    """DESIGN 1: the first event records game, every plugin with distribution and version, options, seats, seed commitment."""
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="s3cret", options={"max_bid": 2})
    first = app.entries(table)[0]
    assert first.type == "referee.TableOpened"
    assert first.event["game"] == "highroll"
    assert first.event["seats"] == ["Ann", "Bob"]
    assert first.event["options"] == {"max_bid": 2}
    assert [p["name"] for p in first.event["plugins"]] == ["highroll"]
    assert set(first.event["plugins"][0]) == {"name", "distribution", "version", "code"}
    assert first.event["seed_commitment"] and first.event["seed_hash"] == ""
    assert "s3cret" not in "".join(app.export(table).splitlines()[:-1])


def test_sealed_answers_stay_hidden_until_revealed(memory_referee):
    """DESIGN 4: sealed answers stay hidden from other seats until all are in."""
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob", "Cy"], seed="x")
    app.act(table, "Ann", "bid", {"chips": 3})
    assert app.view(table, "Ann")["view"]["bids"] == {"Ann": 3}
    assert app.view(table, "Bob")["view"]["bids"] == {}
    assert app.view(table, None)["view"]["bids"] == {}
    from referee import load_jsonl

    bob_export = load_jsonl(app.export(table, "Bob").splitlines())
    anns = [e for e in bob_export if e.seat == "Ann"]
    assert [e.type for e in anns] == ["referee.ActionTaken", "highroll.BidMade"]
    assert all(e.event is None for e in anns)
    app.act(table, "Bob", "bid", {"chips": 1})
    app.act(table, "Cy", "bid", {"chips": 0})
    assert app.view(table, "Bob")["view"]["bids"] == {"Ann": 3, "Bob": 1, "Cy": 0}


def test_requests_are_seen_only_by_their_seat(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="x")
    assert [r["seat"] for r in app.view(table, "Ann")["requests"]] == ["Ann"]
    assert app.view(table, "Ann")["waiting_for"] == ["Ann", "Bob"]
    opened = [e for e in app.entries(table) if e.type == "referee.RequestOpened"]
    assert [e.visible_to for e in opened] == [["Ann"], ["Bob"]]


@pytest.mark.parametrize(
    ("seat", "action", "args", "message"),
    [
        ("Zed", "bid", {"chips": 1}, "no seat"),
        ("Ann", "dance", {}, "asked for 'bid', not 'dance'"),
        ("Ann", "bid", {"chips": 9}, "not one of the choices"),
        ("Ann", "bid", {"chips": "many"}, "not one of the choices"),
        (GAMESMASTER, "bid", {"chips": 1}, "no rule of highroll handles"),
    ],
)
def test_illegal_actions_name_the_problem_and_append_nothing(memory_referee, seat, action, args, message):
    """DESIGN 3: an illegal action is refused with an error naming the rule, and appends nothing."""
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="x")
    before = app.export(table)
    with pytest.raises(IllegalAction, match=message):
        app.act(table, seat, action, args)
    assert app.export(table) == before


def test_answering_twice_is_refused(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="x")
    app.act(table, "Ann", "bid", {"chips": 1})
    with pytest.raises(IllegalAction, match="waiting for Bob"):
        app.act(table, "Ann", "bid", {"chips": 2})


def test_no_action_after_the_game_ends(memory_referee):
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="x")
    app.act(table, "Ann", "bid", {"chips": 1})
    app.act(table, "Bob", "bid", {"chips": 1})
    assert app.state(table).over
    with pytest.raises(IllegalAction, match="game is over"):
        app.act(table, "Ann", "bid", {"chips": 1})


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        (["Ann"], None, "for 2-6 players"),
        (["Ann", "ann"], None, "distinct"),
        (["Ann", " Bob"], None, "distinct and non-blank"),
        (["Ann", GAMESMASTER], None, "reserved"),
        (["Ann", "Bob"], {"max_bid": "lots"}, "bad highroll option"),
        (["Ann", "Bob"], {"colour": "red"}, "no option colour"),
    ],
)
def test_bad_tables_are_refused_with_a_clear_message(memory_referee, seats, options, message):
    app = memory_referee(highroll)
    with pytest.raises(RefereeError, match=message):
        app.open("highroll", seats, options=options)
    assert app.tables() == []


def test_unknown_game_lists_the_installed_ones(memory_referee):
    app = memory_referee(highroll)
    with pytest.raises(UnknownGame, match="installed games: highroll"):
        app.open("chess", ["A", "B"])


def test_bots_answer_from_their_own_view(memory_referee):
    seen = []

    class Spy:
        @referee_hookimpl(tryfirst=True)
        def referee_bot_action(self, view, seat, request, rng):
            seen.append((seat, view["view"]["bids"]))

    app = memory_referee(highroll, extension("highroll", Spy(), "spy"))
    table = app.open("highroll", ["Ann", "Bob"], seed="x", extensions=["spy"])
    app.bots.play(table, ["Ann", "Bob"])
    assert app.state(table).over
    assert seen == [("Ann", {}), ("Bob", {})]  # Bob's bot never saw Ann's sealed bid


def test_state_is_a_copy_per_decision(memory_referee):
    """A refused decision leaves the live state untouched (all events of one action or none)."""
    app = memory_referee(highroll)
    table = app.open("highroll", ["Ann", "Bob"], seed="x")
    before = msgspec.to_builtins(app.state(table).game)
    with pytest.raises(IllegalAction):
        app.act(table, "Ann", "bid", {"chips": -1})
    assert msgspec.to_builtins(app.state(table).game) == before


from throwaway import extension  # noqa: E402

from referee import hookimpl as referee_hookimpl  # noqa: E402
