"""A declared flow (``referee.Rounds``, ``Turns``, ``Phase``) run by the kernel: the events it
records, where it stops and goes on, whoever answers, through ``referee.Referee``."""

from __future__ import annotations

import msgspec
import pytest

from referee import GAMESMASTER, Event, Extension, Flag, Game, Phase, Referee, RefereeError, Registry, Rounds, Turns, hookimpl


class Played(Event, tag="cards.Played"):
    seat: str
    points: int


class Drew(Event, tag="cards.Drew"):
    seat: str


class Tallied(Event, tag="cards.Tallied"):
    round: int


class Score(msgspec.Struct):
    points: dict[str, int] = {}


def _evolve(state, event):
    if isinstance(event, Played):
        state.game.points[event.seat] = state.game.points.get(event.seat, 0) + event.points


def _ready(d):
    for seat in d.seats:
        d.request(seat, "ready", "Ready?", answer={"ready": Flag()}, id=f"r{d.flow.round}.ready.{seat}")


def _ask_play(d):
    d.request(d.flow.seat, "play", "Play 1 or 2 points", answer={"points": referee_amount()}, deadline=30.0, id=f"t{d.flow.turn}.play")


def referee_amount():
    from referee import Amount

    return Amount(min=1, max=2)


def _following(d, seat):
    seats = d.seats
    index = seats.index(seat) + 1
    return seats[index] if index < len(seats) else None


def _end_after_turn(d):
    leader = max(d.game.points.items(), key=lambda kv: kv[1], default=(None, 0))
    if leader[1] >= TARGET:
        d.end_game([leader[0]], f"{leader[0]} reached {TARGET}")


def _end_after_rounds(d):
    if d.flow.round >= 2:
        d.end_game([], "two rounds played")


TARGET = 4

FLOW = Rounds(
    begin=_ready,
    turns=Turns(
        first=lambda d: d.seats[0],
        following=_following,
        phases=(Phase("draw", begin=lambda d: d.emit(Drew(seat=d.flow.seat), rule="1")), Phase("play", begin=_ask_play)),
        ends=_end_after_turn,
    ),
    end=lambda d: d.emit(Tallied(round=d.flow.round), rule="2"),
    ends=_end_after_rounds,
)


class Cards:
    """No referee_setup: the declared flow lays the table out."""

    @hookimpl
    def referee_games(self):
        return [
            Game(name="cards", title="Cards", events=[Played, Drew, Tallied], initial_state=lambda o: Score(), evolve=_evolve, flow=FLOW)
        ]

    @hookimpl
    def referee_decide(self, decision, action):
        if action.seat == GAMESMASTER:
            return None
        if action.action == "play":
            decision.emit(Played(seat=action.seat, points=action.args["points"]), rule="3")
        return True


def _flow_events(app, table, since=0):
    shown = []
    for entry in app.entries(table)[since:]:
        body = entry.event or {}
        if entry.type in ("referee.RoundBegan", "referee.RoundEnded"):
            shown.append(f"{entry.type.split('.')[1]} {body['round']}")
        elif entry.type in ("referee.TurnBegan", "referee.TurnEnded"):
            shown.append(f"{entry.type.split('.')[1]} {body['seat']}")
        elif entry.type in ("referee.PhaseBegan", "referee.PhaseEnded"):
            shown.append(f"{entry.type.split('.')[1]} {body['phase']}")
        elif entry.type in ("referee.RequestOpened", "referee.RequestWithdrawn", "referee.ActionTaken", "referee.GameEnded"):
            continue
        elif entry.type.startswith("cards."):
            shown.append(entry.type.split(".")[1])
    return shown


@pytest.fixture
def app():
    return Referee(":memory:", registry=Registry([Cards()], entry_points=False))


def test_the_flow_starts_after_setup_and_stops_where_a_request_is_open(app):
    table = app.open("cards", ["ann", "bob"])
    assert _flow_events(app, table) == ["RoundBegan 1"]
    assert sorted(r.action for r in app.requests(table)) == ["ready", "ready"]


def test_answers_move_the_flow_through_turns_and_their_phases(app):
    table = app.open("cards", ["ann", "bob"])
    app.act(table, "ann", "ready", {"ready": True})
    # One answer of two: the round's beginning still waits.
    assert _flow_events(app, table) == ["RoundBegan 1"]
    app.act(table, "bob", "ready", {"ready": True})
    assert _flow_events(app, table) == ["RoundBegan 1", "TurnBegan ann", "PhaseBegan draw", "Drew", "PhaseEnded draw", "PhaseBegan play"]
    start = len(app.entries(table))
    app.act(table, "ann", "play", {"points": 2})
    assert _flow_events(app, table, start) == [
        "Played",
        "PhaseEnded play",
        "TurnEnded ann",
        "TurnBegan bob",
        "PhaseBegan draw",
        "Drew",
        "PhaseEnded draw",
        "PhaseBegan play",
    ]
    start = len(app.entries(table))
    app.act(table, "bob", "play", {"points": 1})
    # Last turn of the round: the round's end, the check before the next round, its beginning.
    assert _flow_events(app, table, start) == ["Played", "PhaseEnded play", "TurnEnded bob", "Tallied", "RoundEnded 1", "RoundBegan 2"]
    view = app.view(table, None)
    assert (view["round"], view["phase"], view["active"]) == (2, None, None)


def test_an_expired_request_lets_the_flow_go_on(app):
    table = app.open("cards", ["ann", "bob"])
    for seat in ("ann", "bob"):
        app.act(table, seat, "ready", {"ready": True})
    start = len(app.entries(table))
    [request] = app.requests(table)
    app.act(table, GAMESMASTER, "expire", {"request": request.id})
    assert _flow_events(app, table, start) == [
        "PhaseEnded play",
        "TurnEnded ann",
        "TurnBegan bob",
        "PhaseBegan draw",
        "Drew",
        "PhaseEnded draw",
        "PhaseBegan play",
    ]


def test_the_end_checks_after_a_turn_and_before_a_round(app):
    table = app.open("cards", ["ann", "bob"])
    for points in ([2, 1], [1, 1]):
        for seat in ("ann", "bob"):
            app.act(table, seat, "ready", {"ready": True})
        for seat, n in zip(("ann", "bob"), points, strict=True):
            app.act(table, seat, "play", {"points": n})
    # Two rounds: ended before a third began, after the second round's end.
    assert app.over(table)
    assert app.state(table).result.reason == "two rounds played"
    assert _flow_events(app, table)[-2:] == ["Tallied", "RoundEnded 2"]

    table = app.open("cards", ["ann", "bob"])
    for points in ([2, 1], [2]):
        for seat in ("ann", "bob"):
            app.act(table, seat, "ready", {"ready": True})
        for seat, n in zip(("ann", "bob"), points, strict=False):
            app.act(table, seat, "play", {"points": n})
    # ann has 4 after her turn in round 2: the game ends there, before bob's turn.
    assert app.over(table)
    assert app.state(table).result.winners == ("ann",)
    assert _flow_events(app, table)[-1] == "TurnEnded ann"


def test_a_card_answering_its_own_request_resumes_the_flow(app):
    class Bonus:
        """An extension that asks the seat in turn an extra question in the play phase."""

        @hookimpl
        def referee_extensions(self):
            return [Extension(name="bonus", game="cards", title="Bonus", plugin=BonusRules())]

    class BonusRules:
        @hookimpl
        def referee_phase_began(self, decision, phase):
            if phase == "play":
                decision.request(decision.flow.seat, "bonus", "Bonus?", answer={"take": Flag()}, id=f"t{decision.flow.turn}.bonus")

        @hookimpl
        def referee_decide(self, decision, action):
            return True if action.action == "bonus" else None

    app = Referee(":memory:", registry=Registry([Cards(), Bonus()], entry_points=False))
    table = app.open("cards", ["ann", "bob"], extensions=["bonus"])
    for seat in ("ann", "bob"):
        app.act(table, seat, "ready", {"ready": True})
    app.act(table, "ann", "play", {"points": 1})
    assert app.view(table, None)["active"] == "ann", "the play phase waits for the card's own request"
    app.act(table, "ann", "bonus", {"take": True})
    assert app.view(table, None)["active"] == "bob"


def test_a_live_game_and_its_replay_agree(app):
    table = app.open("cards", ["ann", "bob"], seed="agree")
    app.bots.play(table, ["ann", "bob"])
    assert app.over(table)
    assert app.audit.verify_table(table).ok


def test_a_flow_that_is_not_rounds_is_reported():
    class Wrong(Cards):
        @hookimpl
        def referee_games(self):
            return [Game(name="cards", title="Cards", flow=[Phase("x")])]  # type: ignore[arg-type]

    registry = Registry([Wrong()], entry_points=False)
    assert "cards" not in registry.games
    assert any("game 'cards' whose flow is list, not referee.Rounds" in r for r in registry.broken.values())


def test_a_game_without_flow_or_setup_is_still_refused():
    class Bare:
        @hookimpl
        def referee_games(self):
            return [Game(name="bare", title="Bare")]

    with pytest.raises(RefereeError, match="bare does not implement referee_setup"):
        Referee(":memory:", registry=Registry([Bare()], entry_points=False)).open("bare", ["ann", "bob"])
