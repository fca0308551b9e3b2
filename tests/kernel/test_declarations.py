"""What a Game or Extension declares directly (events, first state, mutator, a state slot),
through the public API: ``Registry``, ``Referee``, ``TableState.slot`` and ``Decision.slot``."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

import referee.store
from referee import Event, Extension, Game, Referee, RefereeError, Registry, hookimpl

# --- a tiny game declared without a single state hook --------------------------------------


class Ticked(Event, tag="ticker.Ticked"):
    seat: str
    by: int


class Counter(msgspec.Struct):
    total: int = 0
    seats: tuple[str, ...] = ()


FOLDED: list[Ticked] = []
"""Every Ticked folded, so a test can tell a load from a snapshot from a full replay."""


def ticker_evolve(state, event):
    if isinstance(event, Ticked):
        FOLDED.append(event)
        state.game.total += event.by


class Ticker:
    """Each seat in turn ticks the counter by 1 or 2; the game never ends by itself."""

    @hookimpl
    def referee_games(self):
        # No plugin=: the table calls the hooks of the object that offered the game.
        return [
            Game(
                name="ticker",
                title="Ticker",
                events=[Ticked],
                initial_state=lambda opened: Counter(seats=opened.seats),
                evolve=ticker_evolve,
            )
        ]

    @hookimpl
    def referee_setup(self, decision):
        decision.request(decision.seats[0], "tick", "Tick", answer={"by": referee.Amount(min=1, max=2)})
        return True

    @hookimpl
    def referee_decide(self, decision, action):
        decision.emit(Ticked(seat=action.seat, by=action.args["by"]), rule="1")
        seats = decision.seats
        following = seats[(seats.index(action.seat) + 1) % len(seats)]
        decision.request(following, "tick", "Tick", answer={"by": referee.Amount(min=1, max=2)}, id=f"tick-{decision.game.total}")
        return True

    @hookimpl
    def referee_view(self, state, seat):
        view = {"total": state.game.total}
        if "big-ticks" in state.slots:
            view["big_ticks"] = state.slot("big-ticks").count
        return view


# --- a house rule keeping state of its own in a slot ---------------------------------------


class BigTicks(msgspec.Struct):
    count: int = 0
    last: str = ""


class BigTickNoted(Event, tag="big-ticks.BigTickNoted"):
    seat: str


def big_ticks_evolve(state, event):
    if isinstance(event, BigTickNoted):
        slot = state.slot("big-ticks")
        slot.count += 1
        slot.last = event.seat


class BigTicksReader:
    """Reads its slot through the decision while the table is laid out."""

    def __init__(self):
        self.seen: list[BigTicks] = []

    @hookimpl
    def referee_extensions(self):
        return [Extension(name="big-ticks", game="ticker", title="Big ticks", state=BigTicks)]

    @hookimpl(wrapper=True)
    def referee_setup(self, decision):
        result = yield
        self.seen.append(decision.slot("big-ticks"))
        return result


class BigTicksNoter:
    """Wraps the game's decide to note big ticks after it (a house rule's usual shape)."""

    @hookimpl
    def referee_extensions(self):
        return [
            Extension(name="big-ticks", game="ticker", title="Big ticks", state=BigTicks, events=[BigTickNoted], evolve=big_ticks_evolve)
        ]

    @hookimpl(wrapper=True)
    def referee_decide(self, decision, action):
        handled = yield
        if action.args.get("by") == 2:
            before = decision.slot("big-ticks").count
            decision.emit(BigTickNoted(seat=action.seat), rule="1")
            assert decision.slot("big-ticks").count == before + 1
        return handled


def _play(app: Referee, table: str, ticks: list[int]) -> None:
    for by in ticks:
        request = next(iter(app.state(table).flow.requests.values()))
        app.act(table, request.seat, "tick", {"by": by})


def test_a_game_declared_with_events_state_and_evolve_plays_and_replays():
    app = Referee(":memory:", registry=Registry([Ticker()], entry_points=False))
    table = app.open("ticker", ["ann", "bob"])
    _play(app, table, [1, 2, 2, 1])
    assert app.state(table).game.total == 6
    entries = app.entries(table)
    ticked = [e for e in entries if e.type == "ticker.Ticked"]
    # The declaring game is recorded as the one that decided its events.
    assert [e.plugin for e in ticked] == ["ticker"] * 4
    assert app.audit.replay(entries)[1].game == app.state(table).game


def test_a_slot_is_made_at_opening_changed_by_its_evolve_and_read_by_decisions_and_views():
    app = Referee(":memory:", registry=Registry([Ticker(), BigTicksNoter()], entry_points=False))
    table = app.open("ticker", ["ann", "bob"], extensions=["big-ticks"])
    assert app.state(table).slot("big-ticks") == BigTicks()
    _play(app, table, [2, 1, 2])
    state = app.state(table)
    assert state.slot("big-ticks") == BigTicks(count=2, last="ann")
    assert app.view(table, "bob")["view"]["big_ticks"] == 2
    noted = [e for e in app.entries(table) if e.type == "big-ticks.BigTickNoted"]
    assert [e.plugin for e in noted] == ["ticker.big-ticks", "ticker.big-ticks"]


def test_a_slot_read_in_setup_through_the_decision():
    rule = BigTicksReader()
    app = Referee(":memory:", registry=Registry([Ticker(), rule], entry_points=False))
    app.open("ticker", ["ann", "bob"], extensions=["big-ticks"])
    assert rule.seen == [BigTicks()]


def test_a_copy_of_the_state_does_not_share_the_slot():
    app = Referee(":memory:", registry=Registry([Ticker(), BigTicksNoter()], entry_points=False))
    table = app.open("ticker", ["ann", "bob"], extensions=["big-ticks"])
    app.state(table).slot("big-ticks").count = 99
    assert app.state(table).slot("big-ticks").count == 0


def test_a_slot_survives_a_snapshot(tmp_path, monkeypatch):
    monkeypatch.setattr(referee.store, "SNAPSHOT_EVERY", 8)
    db = tmp_path / "tables.sqlite"
    with Referee(db, registry=Registry([Ticker(), BigTicksNoter()], entry_points=False)) as app:
        table = app.open("ticker", ["ann", "bob"], extensions=["big-ticks"])
        _play(app, table, [2, 2, 1, 2, 1, 2])
        live = app.state(table)
        assert app.store.snapshot(table) is not None
    FOLDED.clear()
    with Referee(db, registry=Registry([Ticker(), BigTicksNoter()], entry_points=False)) as cold:
        loaded = cold.state(table)
        assert len(FOLDED) < 6, "the table was replayed from its first entry, not loaded from its snapshot"
        # A Struct again (not the dict msgpack alone would give back), and the same one.
        assert loaded.slot("big-ticks") == live.slot("big-ticks") == BigTicks(count=4, last="bob")
        assert loaded.game == live.game
        _play(cold, table, [2])
        assert cold.state(table).slot("big-ticks").count == 5


def test_asking_for_a_slot_nobody_keeps_names_the_ones_kept():
    app = Referee(":memory:", registry=Registry([Ticker(), BigTicksNoter()], entry_points=False))
    table = app.open("ticker", ["ann", "bob"], extensions=["big-ticks"])
    with pytest.raises(
        RefereeError, match=r"no extension named 'big-tick' keeps state at this table \(extensions keeping state: big-ticks\)"
    ):
        app.state(table).slot("big-tick")


def test_a_slot_that_cannot_be_changed_in_place_is_refused_naming_its_extension():
    class Numbered:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="numbered", game="ticker", title="Numbered", state=lambda: 0)]

    app = Referee(":memory:", registry=Registry([Ticker(), Numbered()], entry_points=False))
    with pytest.raises(
        RefereeError, match=r"extension ticker\.numbered's state= made a int; it must make a msgspec Struct, a dict or a list"
    ):
        app.open("ticker", ["ann", "bob"], extensions=["numbered"])


def test_declaring_and_implementing_the_same_hook_is_reported_naming_the_plugin():
    class Both(Ticker):
        @hookimpl
        def referee_evolve(self, state, event):
            pass

    registry = Registry([Both()], entry_points=False)
    assert "ticker" not in registry.games
    [(name, reason)] = registry.broken.items()
    assert name.endswith("Both")
    assert "game 'ticker' declares evolve= and its plugin implements referee_evolve too; keep one of them" in reason


def test_a_declaration_that_is_not_a_function_is_reported():
    class Wrong:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="wrong", game="ticker", title="Wrong", evolve="fold")]  # type: ignore[arg-type]

    registry = Registry([Ticker(), Wrong()], entry_points=False)
    assert "ticker.wrong" not in registry.extensions
    assert any("extension 'wrong' whose evolve is str, not a function" in r for r in registry.broken.values())


def test_declared_and_hooked_mutators_run_in_registration_order_last_first():
    calls: list[str] = []

    class Loud(Ticker):
        @hookimpl
        def referee_games(self):
            [game] = super().referee_games()
            return [dataclasses.replace(game, evolve=lambda s, e: calls.append("game"))]

    class Declared:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="declared", game="ticker", title="d", evolve=lambda s, e: calls.append("declared"))]

    class Hooked:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="hooked", game="ticker", title="h", plugin=HookedPlugin())]

    class HookedPlugin:
        @hookimpl
        def referee_evolve(self, state, event):
            calls.append("hooked")

    app = Referee(":memory:", registry=Registry([Loud(), Declared(), Hooked()], entry_points=False))
    app.open("ticker", ["ann", "bob"], extensions=["declared", "hooked"])
    # As pluggy calls hooks: the last registered (the last extension named) first, the game last.
    assert calls[:3] == ["hooked", "declared", "game"]
    calls.clear()
    app.open("ticker", ["ann", "bob"], extensions=["hooked", "declared"])
    assert calls[:3] == ["declared", "hooked", "game"]


def test_a_house_rules_initial_state_hook_still_replaces_the_declared_one():
    class Richer:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="richer", game="ticker", title="Richer", plugin=RicherPlugin())]

    class RicherPlugin:
        @hookimpl
        def referee_initial_state(self, opened):
            return Counter(total=100, seats=opened.seats)

    app = Referee(":memory:", registry=Registry([Ticker(), Richer()], entry_points=False))
    assert app.state(app.open("ticker", ["ann", "bob"], extensions=["richer"])).game.total == 100
    assert app.state(app.open("ticker", ["ann", "bob"])).game.total == 0
