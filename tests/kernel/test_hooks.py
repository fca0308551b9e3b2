"""Every kernel hook, exercised by throwaway plugins registered for one test (datasette style)."""

from __future__ import annotations

from datetime import UTC
from typing import Any, ClassVar

import highroll
import pytest
from throwaway import extension

import referee
from referee import Choice, Event, Game, IllegalAction, RefereeError, Registry, hookimpl
from referee.audit import describe

# --- a tiny turn-based game: each seat in turn says a word; three turns end it ------------


class WordSaid(Event, tag="relay.WordSaid"):
    seat: str
    word: str


class LifecycleSeen(Event, tag="relay_spy.LifecycleSeen"):
    point: str


class Relay:
    @hookimpl
    def referee_games(self):
        return [Game(name="relay", title="Relay", plugin=self, min_seats=2, max_seats=3)]

    @hookimpl
    def referee_event_types(self):
        return [WordSaid]

    @hookimpl
    def referee_initial_state(self, opened):
        return {"words": []}

    @hookimpl
    def referee_evolve(self, state, event):
        if isinstance(event, WordSaid):
            state.game["words"].append(event.word)

    @hookimpl
    def referee_setup(self, decision):
        decision.begin_round()
        self._next(decision)
        return True

    def _next(self, decision):
        seat = decision.seats[decision.flow.turn % len(decision.seats)]
        decision.begin_turn(seat)
        decision.begin_phase("speak")
        decision.request(seat, "say", "Say a word", choices=[Choice("pig", {"word": "pig"}), Choice("palace", {"word": "palace"})])

    @hookimpl
    def referee_decide(self, decision, action):
        decision.emit(WordSaid(seat=action.seat, word=action.args["word"]), rule="1")
        decision.end_phase()
        decision.end_turn()
        if decision.flow.turn >= 3:
            decision.end_round()
            decision.end_game([action.seat], "three words said", rule="2")
        else:
            self._next(decision)
        return True

    @hookimpl
    def referee_idle_reason(self, state, seat):
        return f"it is {state.flow.seat}'s turn to speak (relay 1)"

    @hookimpl
    def referee_view(self, state, seat):
        return {"words": list(state.game["words"])}

    @hookimpl
    def referee_render_view(self, view, seat):
        return "words so far: " + " ".join(view["words"])

    @hookimpl
    def referee_report(self, state, entries, round):
        return f"round {round}: " + " ".join(e.word for _, e in entries if isinstance(e, WordSaid))


class LifecycleSpy:
    """An extension acting at every lifecycle point, as a card acting 'in your Pay Dues phase' would."""

    @hookimpl
    def referee_event_types(self):
        return [LifecycleSeen]

    def _seen(self, decision, point):
        decision.emit(LifecycleSeen(point=point), rule="spy")

    @hookimpl
    def referee_round_began(self, decision, round):
        self._seen(decision, f"round {round} began")

    @hookimpl
    def referee_round_ended(self, decision, round):
        self._seen(decision, f"round {round} ended")

    @hookimpl
    def referee_turn_began(self, decision, turn, seat):
        self._seen(decision, f"turn {turn} of {seat} began")

    @hookimpl
    def referee_turn_ended(self, decision, turn, seat):
        self._seen(decision, f"turn {turn} of {seat} ended")

    @hookimpl
    def referee_phase_began(self, decision, phase):
        self._seen(decision, f"{phase} began")

    @hookimpl
    def referee_phase_ended(self, decision, phase):
        self._seen(decision, f"{phase} ended")

    @hookimpl
    def referee_describe(self, event):
        return f"spy saw {event.point}" if isinstance(event, LifecycleSeen) else None


@pytest.fixture
def relay(memory_referee):
    app = memory_referee(Relay(), extension("relay", LifecycleSpy(), "spy", default=True, kind="card"))
    table = app.open("relay", ["Ann", "Bob"], seed="r")
    return app, table


def spied(app, table):
    return [e.event["point"] for e in app.entries(table) if e.type == "relay_spy.LifecycleSeen"]


def test_lifecycle_hooks_fire_at_every_point(relay):
    """referee_round_began/ended, referee_turn_began/ended, referee_phase_began/ended."""
    app, table = relay
    assert spied(app, table) == ["round 1 began", "turn 1 of Ann began", "speak began"]
    app.act(table, "Ann", "say", {"word": "pig"})
    app.act(table, "Bob", "say", {"word": "palace"})
    app.act(table, "Ann", "say", {"word": "pig"})
    assert spied(app, table) == [
        "round 1 began", "turn 1 of Ann began", "speak began",
        "speak ended", "turn 1 of Ann ended", "turn 2 of Bob began", "speak began",
        "speak ended", "turn 2 of Bob ended", "turn 3 of Ann began", "speak began",
        "speak ended", "turn 3 of Ann ended", "round 1 ended",
    ]  # fmt: skip


def test_extension_events_are_attributed_to_the_extension(relay):
    """referee_event_types: the plugin registering a type is recorded as deciding its events."""
    app, table = relay
    spy = [e for e in app.entries(table) if e.type == "relay_spy.LifecycleSeen"]
    assert {e.plugin for e in spy} == {"relay.spy"}
    assert spy[0].rule == "relay.spy spy"
    assert [p["name"] for p in app.entries(table)[0].event["plugins"]] == ["relay", "relay.spy"]


def test_idle_reason_words_the_refusal(relay):
    app, table = relay
    with pytest.raises(IllegalAction, match="Ann's turn to speak"):
        app.act(table, "Bob", "say", {"word": "pig"})


def test_flow_tracks_turn_seat_and_phase(relay):
    app, table = relay
    view = app.view(table, "Ann")
    assert (view["round"], view["turn"], view["active"], view["phase"]) == (1, 1, "Ann", "speak")
    app.act(table, "Ann", "say", {"word": "pig"})
    view = app.view(table, "Bob")
    assert (view["turn"], view["active"], view["phase"]) == (2, "Bob", "speak")


def test_view_render_report_and_describe_hooks(relay):
    app, table = relay
    for seat in ("Ann", "Bob", "Ann"):
        app.act(table, seat, "say", {"word": "pig"})
    rules = app.rules(table)
    view = app.view(table, "Bob")
    assert view["view"] == {"words": ["pig", "pig", "pig"]}
    assert rules.hook.referee_render_view(view=view["view"], seat="Bob") == "words so far: pig pig pig"
    assert app.gamesmaster.report(table, 1) == "round 1: pig pig pig"
    assert describe(rules, LifecycleSeen(point="x")) == "spy saw x"
    assert describe(rules, WordSaid(seat="Ann", word="pig")) == "WordSaid(seat='Ann', word='pig')"
    assert describe(rules, referee.RoundBegan(round=2)) == "round 2 begins"


def test_discovery_hooks_and_duplicate_names():
    """referee_games and referee_extensions are collected; a clash names the game.

    Neither of two plugins offering one game name wins (load order is nobody's choice);
    both are reported and every other game still works."""
    registry = Registry([highroll, extension("highroll", object(), "d8")], entry_points=False)
    assert list(registry.games) == ["highroll"]
    assert [e.name for e in registry.extensions_of("highroll")] == ["d8"]

    class Clone:
        @hookimpl
        def referee_games(self):
            return [Game(name="highroll", title="Clone", plugin=self)]

    clashing = Registry([highroll, Clone(), Relay()], entry_points=False)
    with pytest.raises(RefereeError, match="two plugins offer a game named 'highroll'"):
        clashing.game("highroll")
    assert list(clashing.games) == ["relay"]
    assert len([reason for reason in clashing.broken.values() if "a game named 'highroll'" in reason]) == 2


def test_game_hookspecs_let_a_house_rule_change_the_die(memory_referee):
    """A game's own hookspec (highroll_die_sides) implemented by a third party's house rule."""

    class D8:
        @hookimpl
        def highroll_die_sides(self):
            return 8

    app = memory_referee(highroll, extension("highroll", D8(), "d8"))
    plain = app.open("highroll", ["Ann", "Bob"], seed="h")
    ruled = app.open("highroll", ["Ann", "Bob"], seed="h", extensions=["d8"])
    for table in (plain, ruled):
        app.act(table, "Ann", "bid", {"chips": 0})
        app.act(table, "Bob", "bid", {"chips": 0})
    sides = lambda t: {e.event["spec"]["sides"] for e in app.entries(t) if e.type == "referee.RandomDrawn" and e.event["kind"] == "die"}  # noqa: E731
    assert sides(plain) == {6} and sides(ruled) == {8}
    with pytest.raises(RefereeError, match="no extension named d12"):
        app.open("highroll", ["Ann", "Bob"], extensions=["d12"])


def test_a_house_rule_can_replace_a_firstresult_hook(memory_referee):
    """Extensions register after their game, so their firstresult implementation wins."""

    class Stingy:
        @hookimpl
        def referee_view(self, state, seat):
            return {"nothing": "to see"}

    app = memory_referee(highroll, extension("highroll", Stingy(), "stingy"))
    table = app.open("highroll", ["Ann", "Bob"], extensions=["stingy"])
    assert app.view(table, "Ann")["view"] == {"nothing": "to see"}


def test_unregistered_event_types_cannot_be_emitted(memory_referee):
    class Rogue(Event, tag="rogue.Happened"):
        pass

    class Emitter:
        @hookimpl
        def referee_round_began(self, decision, round):
            decision.emit(Rogue())

    app = memory_referee(highroll, extension("highroll", Emitter(), "rogue"))
    with pytest.raises(RefereeError, match="no plugin of this table registers it"):
        app.open("highroll", ["Ann", "Bob"], extensions=["rogue"])
    assert app.tables() == []


def test_events_need_a_stable_tag():
    from referee.events import event_tag

    class Untagged(Event):
        pass

    with pytest.raises(TypeError, match="needs a stable tag"):
        event_tag(Untagged)


def test_old_events_are_upcast_when_read():
    """Versioned upcasting: a body stored at v1 passes through upcast_v1_v2 before decoding."""
    from referee.events import decode_event

    class Scored(Event, tag="demo.Scored"):
        version: ClassVar[int] = 2
        seat: str
        points: int

        @staticmethod
        def upcast_v1_v2(body: dict[str, Any]) -> dict[str, Any]:
            body["points"] = body.pop("score")
            return body

    assert decode_event(Scored, {"seat": "Ann", "score": 3}, 1) == Scored(seat="Ann", points=3)
    assert decode_event(Scored, {"seat": "Ann", "points": 4}, 2) == Scored(seat="Ann", points=4)

    class Broken(Event, tag="demo.Broken"):
        version: ClassVar[int] = 3

    with pytest.raises(TypeError, match="no upcast_v1_v2"):
        decode_event(Broken, {}, 1)


def test_a_plugin_that_fails_to_load_spoils_no_other_game(monkeypatch):
    """Discovery by entry points: a broken third-party plugin is reported, the rest still load."""
    import importlib.metadata

    broken = importlib.metadata.EntryPoint(name="brokenrule", value="no_such_module_for_referee:plugin", group="referee")
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [broken] if group == "referee" else [])
    registry = Registry([highroll])
    assert "brokenrule" in registry.broken and "No module named" in registry.broken["brokenrule"]
    assert list(registry.games) == ["highroll"]


def test_a_misspelled_hook_is_refused_when_the_table_is_assembled(memory_referee):
    class Typo:
        @hookimpl
        def highroll_die_side(self):  # the spec is highroll_die_sides
            return 8

    app = memory_referee(highroll, extension("highroll", Typo(), "typo"))
    with pytest.raises(RefereeError, match="implements a hook nobody declares"):
        app.open("highroll", ["Ann", "Bob"], extensions=["typo"])


def test_timed_requests_expire_through_the_gamesmaster(memory_referee):
    """referee_request_expired: a seat that does not answer in time is dealt with by the rules."""
    from datetime import datetime, timedelta

    class Timed:
        @hookimpl
        def referee_setup(self, decision):
            decision.begin_round()
            for seat in decision.seats:
                decision.request(seat, "bid", "Bid", choices=[Choice("bid 1", {"chips": 1})], sealed=True, deadline=30)
            return True

        @hookimpl
        def referee_request_expired(self, decision, request):
            decision.withdraw(request.id, f"{request.seat} was too slow")
            decision.emit(highroll.BidMade(seat=request.seat, chips=0), rule="slow")
            if not decision.flow.requests:
                decision.end_game([], "everyone was slow")
            return True

    app = memory_referee(highroll, extension("highroll", Timed(), "timed"))
    table = app.open("highroll", ["Ann", "Bob"], seed="t", extensions=["timed"])
    assert app.gamesmaster.overdue(table) == []
    app.act(table, "Ann", "bid", {"chips": 1})
    later = datetime.now(UTC) + timedelta(seconds=31)
    assert [r.seat for r in app.gamesmaster.overdue(table, later)] == ["Bob"]
    with pytest.raises(IllegalAction, match="no timed request"):
        app.act(table, referee.GAMESMASTER, "expire", {"request": "nope"})
    appended = app.gamesmaster.expire_overdue(table, later)
    assert [e.type for e in appended][:3] == ["referee.ActionTaken", "referee.RequestWithdrawn", "highroll.BidMade"]
    assert app.state(table).game.bids == {"Ann": 1, "Bob": 0}
    assert app.audit.verify_table(table).ok


def test_a_seat_with_two_requests_for_one_action_names_the_one_it_answers(memory_referee):
    class TwoGuns:
        @hookimpl
        def referee_setup(self, decision):
            decision.begin_round()
            for gun in ("left", "right"):
                decision.request("Ann", "bid", f"Bid with the {gun} hand", choices=[Choice("1", {"chips": 1})], id=f"bid.{gun}")
            return True

        @hookimpl
        def referee_decide(self, decision, action):
            decision.emit(highroll.BidMade(seat=action.seat, chips=1), rule="x")
            return True

    app = memory_referee(highroll, extension("highroll", TwoGuns(), "two"))
    table = app.open("highroll", ["Ann", "Bob"], extensions=["two"])
    with pytest.raises(IllegalAction, match=r"say which: bid\.left, bid\.right"):
        app.act(table, "Ann", "bid", {"chips": 1})
    app.act(table, "Ann", "bid", {"chips": 1}, request="bid.right")
    assert [r.id for r in app.requests(table)] == ["bid.left"]
