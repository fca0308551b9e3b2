"""A declared flow's opening phase (``Rounds.opening``) and a phase's own steps (``Phase.steps``):
the events the kernel records for them and where it stops and goes on, through ``referee.Referee``."""

from __future__ import annotations

import msgspec
import pytest

from referee import GAMESMASTER, Amount, Event, Extension, Flag, Game, Phase, Referee, Registry, Rounds, Turns, hookimpl


class Kept(Event, tag="bids.Kept"):
    seat: str


class Bid(Event, tag="bids.Bid"):
    seat: str
    amount: int


class Passed(Event, tag="bids.Passed"):
    seat: str


class Revealed(Event, tag="bids.Revealed"):
    amounts: dict[str, int]


class Cleared(Event, tag="bids.Cleared"):
    phase: str


class Table(msgspec.Struct):
    passed: list[str] = []
    bids: dict[str, int] = {}


def _evolve(state, event):
    match event:
        case Passed():
            state.game.passed.append(event.seat)
        case Bid():
            state.game.bids[event.seat] = event.amount
        case Cleared():
            state.game.passed, state.game.bids = [], {}


def _ask_keep(d):
    for seat in d.seats:
        d.request(seat, "keep", "Keep your hand?", answer={"keep": Flag()}, id=f"setup.keep.{seat}")


def _next_bidder(d, seat):
    seats = d.seats
    at = seats.index(seat)
    return next((s for i in range(1, len(seats) + 1) if (s := seats[(at + i) % len(seats)]) not in d.game.passed), None)


def _ask_bid(d):
    d.request(d.flow.seat, "raise", "Raise or pass", answer={"raise": Flag()}, id=f"t{d.flow.turn}.raise")


def _ask_sealed(d):
    for seat in d.seats:
        d.request(seat, "bid", "Your sealed bid", answer={"amount": Amount(min=0, max=9)}, sealed=True, id=f"r{d.flow.round}.bid.{seat}")


def _reveal(d):
    d.emit(Revealed(amounts=dict(d.game.bids)), rule="3")


def _end_after_two(d):
    if d.flow.round >= 2:
        d.end_game([], "two rounds played")


FLOW = Rounds(
    opening=(Phase("mulligan", begin=_ask_keep),),
    phases=(
        Phase(
            "auction",
            turns=Turns(first=lambda d: d.seats[0], following=_next_bidder, begin=_ask_bid),
            steps=(Phase("sealed bids", begin=_ask_sealed, end=_reveal),),
            end=lambda d: d.emit(Cleared(phase=d.flow.phase or "none"), rule="4"),
        ),
    ),
    ends=_end_after_two,
)


class Bids:
    @hookimpl
    def referee_games(self):
        return [
            Game(
                name="bids",
                title="Bids",
                events=[Kept, Bid, Passed, Revealed, Cleared],
                initial_state=lambda o: Table(),
                evolve=_evolve,
                flow=FLOW,
            )
        ]

    @hookimpl
    def referee_decide(self, decision, action):
        if action.seat == GAMESMASTER:
            return None
        if action.action == "keep":
            decision.emit(Kept(seat=action.seat), rule="1")
        elif action.action == "raise" and not action.args["raise"]:
            decision.emit(Passed(seat=action.seat), rule="2")
        elif action.action == "bid":
            decision.emit(Bid(seat=action.seat, amount=action.args["amount"]), rule="3")
        return True


def _flow_events(app, table, since=0):
    shown = []
    for entry in app.entries(table)[since:]:
        body = entry.event or {}
        kind = entry.type.split(".")[1]
        if entry.type in ("referee.RoundBegan", "referee.RoundEnded"):
            shown.append(f"{kind} {body['round']}")
        elif entry.type in ("referee.TurnBegan", "referee.TurnEnded"):
            shown.append(f"{kind} {body['seat']}")
        elif entry.type in ("referee.PhaseBegan", "referee.PhaseEnded"):
            shown.append(f"{kind} {body['phase']}")
        elif entry.type.startswith("bids."):
            shown.append(f"{kind} {body.get('seat') or body.get('phase') or ''}".strip())
    return shown


@pytest.fixture
def app():
    return Referee(":memory:", registry=Registry([Bids()], entry_points=False))


def _keep_both(app, table):
    for seat in ("ann", "bob"):
        app.act(table, seat, "keep", {"keep": True})


def test_the_setup_phase_is_answered_before_the_first_round_begins(app):
    table = app.open("bids", ["ann", "bob"])
    assert _flow_events(app, table) == ["PhaseBegan mulligan"]
    assert app.view(table, None)["phase"] == "mulligan"
    app.act(table, "ann", "keep", {"keep": True})
    assert _flow_events(app, table)[-1] == "Kept ann", "the setup phase waits for every answer"
    app.act(table, "bob", "keep", {"keep": True})
    assert _flow_events(app, table) == [
        "PhaseBegan mulligan",
        "Kept ann",
        "Kept bob",
        "PhaseEnded mulligan",
        "RoundBegan 1",
        "PhaseBegan auction",
        "TurnBegan ann",
    ]


def test_a_phase_plays_its_turns_then_its_steps_then_its_end(app):
    table = app.open("bids", ["ann", "bob"])
    _keep_both(app, table)
    start = len(app.entries(table))
    app.act(table, "ann", "raise", {"raise": True})
    app.act(table, "bob", "raise", {"raise": False})
    app.act(table, "ann", "raise", {"raise": False})
    assert _flow_events(app, table, start) == [
        "TurnEnded ann",
        "TurnBegan bob",
        "Passed bob",
        "TurnEnded bob",
        "TurnBegan ann",
        "Passed ann",
        "TurnEnded ann",
        "PhaseBegan sealed bids",
    ]
    view = app.view(table, None)
    assert (view["phase"], view["active"], view["waiting_for"]) == ("sealed bids", None, ["ann", "bob"])

    start = len(app.entries(table))
    app.act(table, "bob", "bid", {"amount": 3})
    # One sealed bid of two: the step waits; the turns, over, are not played again.
    assert _flow_events(app, table, start) == ["Bid bob"]
    app.act(table, "ann", "bid", {"amount": 5})
    # The step's end, then the phase's end (after its last step, under its own name), then the round's.
    assert _flow_events(app, table, start)[1:] == [
        "Bid ann",
        "Revealed",
        "PhaseEnded sealed bids",
        "Cleared none",
        "PhaseEnded auction",
        "RoundEnded 1",
        "RoundBegan 2",
        "PhaseBegan auction",
        "TurnBegan ann",
    ]


def test_a_game_with_steps_and_setup_replays_and_verifies(app):
    table = app.open("bids", ["ann", "bob"], seed="steps")
    app.bots.play(table, ["ann", "bob"])
    assert app.over(table)
    assert app.state(table).result.reason == "two rounds played"
    assert app.audit.verify_table(table).ok


def test_the_phase_hooks_fire_for_the_setup_phase_and_each_step():
    seen = []

    class Watcher:
        @hookimpl
        def referee_phase_began(self, decision, phase):
            seen.append(f"began {phase}")

        @hookimpl
        def referee_phase_ended(self, decision, phase):
            seen.append(f"ended {phase}")

    class Offer:
        @hookimpl
        def referee_extensions(self):
            return [Extension(name="watcher", game="bids", title="Watcher", plugin=Watcher())]

    app = Referee(":memory:", registry=Registry([Bids(), Offer()], entry_points=False))
    table = app.open("bids", ["ann", "bob"], extensions=["watcher"])
    _keep_both(app, table)
    for seat in ("ann", "bob"):
        app.act(table, seat, "raise", {"raise": False})
    for seat in ("ann", "bob"):
        app.act(table, seat, "bid", {"amount": 1})
    assert seen == [
        "began mulligan",
        "ended mulligan",
        "began auction",
        "began sealed bids",
        "ended sealed bids",
        "ended auction",
        "began auction",
    ]
